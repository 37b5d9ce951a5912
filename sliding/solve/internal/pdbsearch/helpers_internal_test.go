package pdbsearch

import (
	"context"
	"testing"

	"github.com/searchlab/searchlab/sliding"
	"github.com/searchlab/searchlab/sliding/pdb"
)

func mustBoard(t testing.TB, w, h int, tiles ...int) sliding.Board {
	t.Helper()
	b, err := sliding.New(w, h, tiles)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// build builds the set of partition for w x h boards whose blank's goal is
// on cell blank, and returns a Searcher with it.
func build(t testing.TB, w, h, blank int, partition string) *Searcher {
	t.Helper()
	s, err := pdb.Build(context.Background(), w, h, blank, partition, nil)
	if err != nil {
		t.Fatal(err)
	}
	return New(s)
}

// eightSet returns a Searcher with the 4-4 set of the 3x3 board, and the
// standard goal.
func eightSet(t *testing.T) (*Searcher, sliding.Board) {
	t.Helper()
	return build(t, 3, 3, 8, "4-4"), sliding.Standard(3, 3)
}
