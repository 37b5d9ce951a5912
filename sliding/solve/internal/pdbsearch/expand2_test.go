package pdbsearch_test

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/searchlab/searchlab/internal/racetest"
	"github.com/searchlab/searchlab/search"
	"github.com/searchlab/searchlab/sliding"
	"github.com/searchlab/searchlab/sliding/solve/internal/pdbsearch"
)

// TestExpand2 checks that the two-sum search (sets of one partition and its
// reflection) is the general search, node for node: on one thread the same
// path and the same nodes expanded and generated with it as without it.
func TestExpand2(t *testing.T) {
	tests := []struct {
		w         int
		partition string
		scramble  int
	}{
		{4, "5-5-5", 200},
		{4, "6-6-3", 200},
		{5, "4-4-4-4-4-4", 60},
	}
	r := rand.New(rand.NewPCG(11, 2))
	for _, tc := range tests {
		t.Run(tc.partition, func(t *testing.T) {
			s := smallSet(t, tc.w, tc.partition)
			goal := korfGoal(t, tc.w)
			boards := 6
			if racetest.Enabled {
				boards = 2
			}
			for i := range boards {
				b := sliding.Scramble(r, goal, tc.scramble)
				var got [2]sliding.Solution
				for j, on := range []bool{false, true} {
					sol, err := pdbsearch.General(pdbsearch.New(s), !on).Solve(context.Background(), b, goal, search.Limits{}, pdbsearch.RunOptions{Threads: 1})
					if err != nil {
						t.Fatalf("board %d (two-sum search %v): %v", i, on, err)
					}
					got[j] = sol
				}
				a, e := got[0], got[1]
				if string(a.Moves) != string(e.Moves) || a.Stats.Expanded != e.Stats.Expanded || a.Stats.Generated != e.Stats.Generated {
					t.Errorf("board %d: general search %d moves, %d expanded, %d generated; two-sum search %d moves, %d expanded, %d generated",
						i, len(a.Moves), a.Stats.Expanded, a.Stats.Generated, len(e.Moves), e.Stats.Expanded, e.Stats.Generated)
				}
				if err := sliding.Verify(b, goal, e.Moves); err != nil {
					t.Errorf("board %d: %v", i, err)
				}
			}
		})
	}
}
