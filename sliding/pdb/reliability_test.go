package pdb_test

import (
	"context"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/searchlab/searchlab/sliding"
	"github.com/searchlab/searchlab/sliding/pdb"
)

// TestNotRegularFiles puts a named pipe where a table should be: it is
// refused with an error that says so, at once, not a hang (package
// sliding/solve/internal/pdbsearch does the same for a checkpoint).
func TestNotRegularFiles(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	if _, err := pdb.Open(ctx, 3, 3, 8, "4-4", pdb.Options{Dir: dir}); err != nil {
		t.Fatal(err)
	}
	infos, err := pdb.List(dir)
	if err != nil || len(infos) == 0 {
		t.Fatalf("List: %v, %v", infos, err)
	}
	table := filepath.Join(dir, infos[0].Name)
	if err := os.Remove(table); err != nil {
		t.Fatal(err)
	}
	if err := mkfifo(table); err != nil {
		t.Skip("no named pipes here: ", err)
	}
	start := time.Now()
	_, err = pdb.Open(ctx, 3, 3, 8, "4-4", pdb.Options{Dir: dir})
	if err == nil || !strings.Contains(err.Error(), "not a regular file (a named pipe)") || time.Since(start) > 5*time.Second {
		t.Errorf("a pipe for a table: %v after %v; want a refusal at once", err, time.Since(start))
	}
}

// TestDefaultPartitionOver20Cells builds the default set of a 3x7 board,
// as "searchlab pdb build --size 3x7" does, and checks its solutions of
// boards scrambled from the goal against IDA* with linear conflicts.
// (Boards of 21 cells and more other than 5x5 once got a single pattern of
// every tile, which no build could make.) About 10 s: a long test.
func TestDefaultPartitionOver20Cells(t *testing.T) {
	if os.Getenv("SEARCHLAB_RELIABILITY") != "long" {
		t.Skip("a long reliability test; set SEARCHLAB_RELIABILITY=long to run it")
	}
	ctx := context.Background()
	const w, h = 3, 7
	spec, ok := pdb.DefaultPartition(w, h)
	if !ok {
		t.Fatalf("no default partition for %dx%d", w, h)
	}
	s, err := pdb.Open(ctx, w, h, 0, spec, pdb.Options{Dir: t.TempDir(), MustSave: true})
	if err != nil {
		t.Fatalf("opening the default %dx%d set %q: %v", w, h, spec, err)
	}
	goal := blankFirstGoal(t, w, h)
	hp, err := s.For(goal)
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(21, 7))
	for range 5 {
		b := sliding.Scramble(r, goal, 60)
		got, err := sliding.Search(ctx, b, goal, sliding.Options{Algorithm: sliding.IDAStar, Tuned: true, Heuristic: hp})
		if err != nil {
			t.Fatalf("%v with %s: %v", b.OneLine(), spec, err)
		}
		want, err := sliding.Search(ctx, b, goal, sliding.Options{Algorithm: sliding.IDAStar, Tuned: true})
		if err != nil {
			t.Fatalf("%v with linear conflicts: %v", b.OneLine(), err)
		}
		if len(got.Moves) != len(want.Moves) || !got.Optimal {
			t.Errorf("%v: %d moves (optimal %v) with %s, %d with linear conflicts", b.OneLine(), len(got.Moves), got.Optimal, spec, len(want.Moves))
		}
	}
}

// blankFirstGoal is Korf's goal layout on a w x h board: the blank
// top-left, tiles in reading order.
func blankFirstGoal(t testing.TB, w, h int) sliding.Board {
	t.Helper()
	tiles := make([]int, w*h)
	for i := range tiles {
		tiles[i] = i
	}
	b, err := sliding.New(w, h, tiles)
	if err != nil {
		t.Fatal(err)
	}
	return b
}
