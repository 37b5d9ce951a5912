package pdb

import (
	"context"
	"testing"
)

// BenchmarkBuild6 builds one 6-tile pattern of the 15-puzzle (5,765,760
// placements).
func BenchmarkBuild6(b *testing.B) {
	g, _ := newGeom(4, 4)
	p, _ := newPattern(g, []int{1, 2, 3, 4, 5, 6})
	for range b.N {
		if _, err := build(context.Background(), p, 0, nil); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkBuild7 builds the 7-tile pattern of 7-8 (57,657,600 placements).
func BenchmarkBuild7(b *testing.B) {
	g, _ := newGeom(4, 4)
	p, _ := newPattern(g, []int{1, 2, 3, 4, 5, 6, 7})
	for range b.N {
		if _, err := build(context.Background(), p, 0, nil); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkBuild8 builds the 8-tile pattern of 7-8 (518,918,400
// placements), the larger part of the 7-8 build.
func BenchmarkBuild8(b *testing.B) {
	g, _ := newGeom(4, 4)
	p, _ := newPattern(g, []int{8, 9, 10, 11, 12, 13, 14, 15})
	for range b.N {
		if _, err := build(context.Background(), p, 0, nil); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkBuild7Placements builds the 7-tile pattern of 7-8 with the
// placement builder, the reference the block builder is tested against:
// run it beside BenchmarkBuild7 for the ratio.
func BenchmarkBuild7Placements(b *testing.B) {
	g, _ := newGeom(4, 4)
	p, _ := newPattern(g, []int{1, 2, 3, 4, 5, 6, 7})
	for range b.N {
		if _, err := buildPlacements(context.Background(), p, 0, nil); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkBuild6Of24 builds one 6-tile pattern of the 24-puzzle's 6-6-6-6
// (127,512,000 placements).
func BenchmarkBuild6Of24(b *testing.B) {
	g, _ := newGeom(5, 5)
	p, _ := newPattern(g, []int{1, 2, 5, 6, 7, 12})
	for range b.N {
		if _, err := build(context.Background(), p, 0, nil); err != nil {
			b.Fatal(err)
		}
	}
}
