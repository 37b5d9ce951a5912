package pdb

import (
	"context"
	"testing"
)

// benchBuild times builder on the pattern of tiles of a w x h board, the
// blank at cell 0.
func benchBuild(b *testing.B, builder func(context.Context, *pattern, int, func(int64)) ([]uint32, error), w, h int, tiles []int) {
	g, _ := newGeom(w, h)
	p, _ := newPattern(g, tiles)
	for range b.N {
		if _, err := builder(context.Background(), p, 0, nil); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkBuild6 builds one 6-tile pattern of the 15-puzzle (5,765,760
// placements).
func BenchmarkBuild6(b *testing.B) {
	benchBuild(b, build, 4, 4, []int{1, 2, 3, 4, 5, 6})
}

// BenchmarkBuild7 builds the 7-tile pattern of 7-8 (57,657,600 placements).
func BenchmarkBuild7(b *testing.B) {
	benchBuild(b, build, 4, 4, []int{1, 2, 3, 4, 5, 6, 7})
}

// BenchmarkBuild8 builds the 8-tile pattern of 7-8 (518,918,400
// placements), the larger part of the 7-8 build.
func BenchmarkBuild8(b *testing.B) {
	benchBuild(b, build, 4, 4, []int{8, 9, 10, 11, 12, 13, 14, 15})
}

// BenchmarkBuild7Placements builds the 7-tile pattern of 7-8 with the
// placement builder, the reference the block builder is tested against:
// run it beside BenchmarkBuild7 for the ratio.
func BenchmarkBuild7Placements(b *testing.B) {
	benchBuild(b, buildPlacements, 4, 4, []int{1, 2, 3, 4, 5, 6, 7})
}

// BenchmarkBuild6Of24 builds one 6-tile pattern of the 24-puzzle's 6-6-6-6
// (127,512,000 placements).
func BenchmarkBuild6Of24(b *testing.B) {
	benchBuild(b, build, 5, 5, []int{1, 2, 5, 6, 7, 12})
}
