package pdbsearch

import (
	"context"
	"strings"
	"testing"

	"github.com/searchlab/searchlab/search"
	"github.com/searchlab/searchlab/sliding/internal/idastar"
	"github.com/searchlab/searchlab/sliding/pdb"
)

// TestLargestCatalogueFitsEngine checks that package pdb's limits on a set
// are within the engine's: the largest catalogue pdb builds (its
// partitions each looked up plain and reflected) searches, and one
// partition more is refused by pdb, not left to the engine to panic on.
func TestLargestCatalogueFitsEngine(t *testing.T) {
	parts := []string{
		"1,2,3,4/5,6,7,8", "1,3,4,6/2,5,7,8", "1,2,5/3,4,6,7,8", "1,2/3,4,5,6,7,8",
		"1,5/2,3,4,6,7,8", "1,8/2,3,4,5,6,7", "2,4/1,3,5,6,7,8", "3,6/1,2,4,5,7,8",
		"4,7/1,2,3,5,6,8",
	}
	largest := 0
	for n := 1; n <= len(parts); n++ {
		set, err := pdb.Build(context.Background(), 3, 3, 0, strings.Join(parts[:n], "|"), nil)
		if err != nil {
			if largest == 0 {
				t.Fatalf("a catalogue of %d partitions: %v", n, err)
			}
			break
		}
		largest = n
		sums, terms := set.Sums(), 0
		for _, sum := range sums {
			terms += len(sum)
		}
		if len(sums) > idastar.MaxSums || terms > idastar.MaxTerms {
			t.Fatalf("a catalogue of %d partitions: %d sums, %d terms; the engine takes %d and %d", n, len(sums), terms, idastar.MaxSums, idastar.MaxTerms)
		}
		goal := mustBoard(t, 3, 3, 0, 1, 2, 3, 4, 5, 6, 7, 8)
		b := mustBoard(t, 3, 3, 8, 6, 7, 2, 5, 4, 3, 0, 1)
		sol, err := New(set).Solve(context.Background(), b, goal, search.Limits{}, RunOptions{})
		if err != nil || !sol.Optimal {
			t.Fatalf("a catalogue of %d partitions: %v", n, err)
		}
	}
	if largest == len(parts) {
		t.Fatalf("pdb built a catalogue of all %d partitions: the test needs more to pass its limit", largest)
	}
	t.Logf("pdb builds catalogues of up to %d partitions", largest)
}
