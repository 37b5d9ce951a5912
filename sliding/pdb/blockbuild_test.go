package pdb

import (
	"context"
	"errors"
	"flag"
	"slices"
	"testing"

	"github.com/searchlab/searchlab/internal/racetest"
)

var checkAll = flag.Bool("pdb.checkall", false, "TestBlockBuilderMatchesPlacements: check every pattern of 6-6-3, not only the first")

// TestBlockBuilderMatchesPlacements checks that the block builder gives
// exactly the table of the placement builder, word for word, on patterns
// of several boards, blank cells and sizes (every pattern of 5-5-5 and
// 6-6-3 on 4x4, all of a 3x3 and 2x4 partition, and patterns whose free
// cells split into many regions).
func TestBlockBuilderMatchesPlacements(t *testing.T) {
	var tests []patternCase
	partitions := []struct {
		w, h, blank int
		partition   string
	}{
		{4, 4, 0, "5-5-5"},
		{4, 4, 0, "6-6-3"},
		{4, 4, 5, "1,2,3,4,6/7,8,9,10,11/0,12,13,14,15"},
		{3, 3, 0, "4-4"},
		{3, 3, 4, "0,1,2,3/5,6,7,8"},
		{3, 3, 8, "3-5"},
		{2, 4, 7, "4-3"},
		{4, 2, 0, "7"},
		{3, 4, 0, "6-5"},
		{4, 3, 11, "0,1,2,3,4/5,6,7,8,9,10"},
		{2, 8, 0, "5-5-5"},
	}
	for _, tc := range partitions {
		groups, err := ParsePartition(tc.w, tc.h, tc.blank, tc.partition)
		if err != nil {
			t.Fatalf("%dx%d %s: %v", tc.w, tc.h, tc.partition, err)
		}
		for _, grp := range groups {
			if len(grp) == 6 && tc.w*tc.h == 16 && !*checkAll && len(tests) > 0 && len(tests[len(tests)-1].cells) == 6 {
				continue // one 6-tile pattern of 6-6-3 by default: the old builder takes seconds
			}
			tests = append(tests, patternCase{tc.w, tc.h, tc.blank, grp})
		}
	}
	tests = append(tests,
		patternCase{4, 4, 0, []int{5, 6, 9, 10}},     // the middle: a ring of free cells
		patternCase{4, 4, 15, []int{1, 4, 6, 9, 11}}, // many small regions
		patternCase{3, 6, 0, []int{1, 3, 4, 8}},      // 18 cells: regions by flooding
		patternCase{5, 5, 0, []int{1, 5, 6}},         // 25 cells
		patternCase{5, 4, 19, []int{0, 6, 12, 13}},   // 20 cells
		patternCase{3, 3, 0, []int{4}},               // one tile
		patternCase{4, 4, 0, []int{5, 10}},           // two tiles
		patternCase{8, 2, 15, []int{0, 1, 2, 9, 10}}, // 8 wide: 7 cells between vertical neighbours
	)
	if racetest.Enabled {
		tests = slices.DeleteFunc(tests, func(tc patternCase) bool { return placements(tc.w*tc.h, len(tc.cells)+1) > 2_000_000 })
	}
	forEachPattern(t, tests, func(t *testing.T, tc patternCase, p *pattern) {
		g := p.g
		ref, err := buildPlacements(context.Background(), p, tc.blank, nil)
		if err != nil {
			t.Fatal(err)
		}
		// The table's fill fixes the cells of 1 to 3 tiles a piece of
		// work, by the size of the table: try the most, too.
		for _, piece := range []int64{0, 1} { // the default, and the most tiles a piece
			p.fillPiece = piece
			var last int64
			got, err := buildBlocks(context.Background(), p, tc.blank, func(done int64) { last = done })
			if err != nil {
				t.Fatal(err)
			}
			want := p.size
			if len(tc.cells) == g.n-1 {
				want /= 2
			}
			if last != want {
				t.Errorf("progress ended at %d placements, want %d", last, want)
			}
			if len(got) != len(ref) {
				t.Fatalf("%d words, want %d", len(got), len(ref))
			}
			if !slices.Equal(got, ref) {
				for r := range p.size {
					if a, b := entry(got, r), entry(ref, r); a != b {
						pos := make([]uint8, len(tc.cells))
						unrank(g.n, r, pos)
						t.Fatalf("fill pieces of %d entries: placement %v: entry %d, want %d", piece, pos, a, b)
					}
				}
				t.Fatal("tables differ")
			}
		}
	})
}

// TestBlockBuilderCancelled cancels a build between two levels of its
// search: it stops with the context's error.
func TestBlockBuilderCancelled(t *testing.T) {
	g, _ := newGeom(4, 4)
	p, _ := newPattern(g, []int{1, 2, 3, 4, 5})
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	levels := 0
	_, err := buildBlocks(ctx, p, 0, func(done int64) {
		levels++
		if done > 1000 {
			cancel()
		}
	})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("err = %v, want context.Canceled", err)
	}
	if levels < 2 {
		t.Errorf("cancelled after %d levels; the test wants to cancel mid-search", levels)
	}
}

// TestBuildFallsBack checks that a pattern whose distances pass what the
// block builder stores is built by the placement builder instead.
func TestBuildFallsBack(t *testing.T) {
	g, _ := newGeom(3, 3)
	p, _ := newPattern(g, []int{1, 2, 3, 4})
	ref, err := buildPlacements(context.Background(), p, 0, nil)
	if err != nil {
		t.Fatal(err)
	}
	p.maxDist = 5
	if _, err := buildBlocks(context.Background(), p, 0, nil); !errors.Is(err, errTooDeep) {
		t.Fatalf("buildBlocks: err = %v, want errTooDeep", err)
	}
	got, err := build(context.Background(), p, 0, nil)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(got, ref) {
		t.Error("build's table differs from the placement builder's")
	}
}

// placements returns the number of ways to put k distinct tiles on n cells.
func placements(n, k int) int {
	p := 1
	for i := range k {
		p *= n - i
	}
	return p
}
