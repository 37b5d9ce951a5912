package pdbsearch_test

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/searchlab/searchlab/internal/racetest"
	"github.com/searchlab/searchlab/search"
	"github.com/searchlab/searchlab/sliding"
	"github.com/searchlab/searchlab/sliding/pdb"
	"github.com/searchlab/searchlab/sliding/prune"
	"github.com/searchlab/searchlab/sliding/solve/internal/pdbsearch"
)

// TestPruningKeepsLengths solves random boards with the default move
// pruning and with undo pruning only: the lengths must agree (both are
// optimal) and the default must expand fewer nodes over all.
func TestPruningKeepsLengths(t *testing.T) {
	ctx := context.Background()
	for _, sz := range []struct {
		w, h      int
		partition string
		boards    int
	}{{3, 3, "4-4", 60}, {4, 3, "5-6", 40}, {4, 4, "6-6-3", 8}} {
		s, err := pdb.Build(ctx, sz.w, sz.h, 0, sz.partition, nil)
		if err != nil {
			t.Fatal(err)
		}
		if got := s.Pruning().MaxLen(); got != pdb.PruneLength(sz.w, sz.h) {
			t.Errorf("%dx%d: Build's machine has length %d, want PruneLength %d", sz.w, sz.h, got, pdb.PruneLength(sz.w, sz.h))
		}
		undoOnly, err := prune.New(ctx, sz.w, sz.h, 2)
		if err != nil {
			t.Fatal(err)
		}
		plain, err := s.WithPruning(undoOnly)
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(uint64(sz.w), uint64(sz.h)))
		goal := sliding.Standard(sz.w, sz.h)
		boards := sz.boards
		if racetest.Enabled {
			boards = max(boards/8, 1)
		}
		// One thread: the nodes expanded are then the search's own, not
		// what several workers did before one found the solution.
		one := pdbsearch.RunOptions{Threads: 1}
		var pruned, unpruned int64
		for range boards {
			b := sliding.RandomSolvable(rng, goal, true)
			a, err := pdbsearch.New(s).Solve(ctx, b, goal, search.Limits{}, one)
			if err != nil {
				t.Fatal(err)
			}
			p, err := pdbsearch.New(plain).Solve(ctx, b, goal, search.Limits{}, one)
			if err != nil {
				t.Fatal(err)
			}
			if a.Len() != p.Len() {
				t.Fatalf("%v: %d moves with pruning, %d without", b, a.Len(), p.Len())
			}
			if end, err := b.Apply(a.Moves...); err != nil || !end.Equal(goal) {
				t.Fatalf("%v: the pruned solution does not reach the goal (%v)", b, err)
			}
			pruned += a.Stats.Expanded
			unpruned += p.Stats.Expanded
		}
		t.Logf("%dx%d: %d nodes expanded with pruning to %d moves, %d with undo pruning only", sz.w, sz.h, pruned, s.Pruning().MaxLen(), unpruned)
		if pruned >= unpruned {
			t.Errorf("%dx%d: %d nodes expanded with pruning, no fewer than %d without", sz.w, sz.h, pruned, unpruned)
		}
	}
}
