package pdbsearch

import (
	"math/rand/v2"
	"testing"

	"github.com/searchlab/searchlab/sliding"
)

// TestLookupMatchesEngine checks the set's own table look-up
// (pdb.Set.Heuristic) against the search engine's heuristic of the same
// sums (each naming the tiles its own way) on random boards, for plain,
// mirrored, zero-aware and catalogue sets.
func TestLookupMatchesEngine(t *testing.T) {
	cases := []struct {
		w, h, blank int
		partition   string
	}{
		{3, 3, 8, "4-4"},
		{3, 3, 0, "4-4"},
		{3, 3, 8, "zero:4-4"},
		{4, 4, 15, "5-5-5"},
		{4, 4, 0, "5-5-5"},
		{4, 4, 15, "zero:5-5-5"},
		{4, 3, 11, "6-5"},
		{3, 3, 8, "0,1,2,3/4,5,6,7|0,1,3,4/2,5,6,7"},
		{4, 4, 15, "zero:0,1,2,3,4/5,6,7,8,9/10,11,12,13,14|0,4,8,12,1/5,9,13,2,6/10,14,3,7,11"},
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for _, c := range cases {
		s := build(t, c.w, c.h, c.blank, c.partition)
		goal := sliding.Standard(c.w, c.h)
		for i := range 300 {
			b := sliding.Random(rng, c.w, c.h)
			got, err := s.Set().Heuristic(b, goal)
			if err != nil {
				t.Fatalf("%dx%d %s: %v", c.w, c.h, c.partition, err)
			}
			if want := s.engine().H(s.Set().Cells(b, goal)); got != want {
				t.Fatalf("%dx%d %s board %d %v: lookup %d, engine %d", c.w, c.h, c.partition, i, b.Tiles, got, want)
			}
		}
	}
}
