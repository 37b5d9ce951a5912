package pdbsearch_test

import (
	"context"
	"errors"
	"math/rand/v2"
	"path/filepath"
	"testing"
	"time"

	"github.com/searchlab/searchlab/internal/pdbtest"
	"github.com/searchlab/searchlab/search"
	"github.com/searchlab/searchlab/sliding"
	"github.com/searchlab/searchlab/sliding/pdb"
	"github.com/searchlab/searchlab/sliding/solve/internal/pdbsearch"
)

// openTwice builds the 4x4 5-5-5 set in a new directory, then opens it
// again from its files: mapped, on the word of their stamps.
func openTwice(t *testing.T, blank int) (string, *pdb.Set) {
	t.Helper()
	dir := t.TempDir()
	ctx := context.Background()
	if _, err := pdb.Open(ctx, 4, 4, blank, "5-5-5", pdb.Options{Dir: dir}); err != nil {
		t.Fatal(err)
	}
	s, err := pdb.Open(ctx, 4, 4, blank, "5-5-5", pdb.Options{Dir: dir})
	if err != nil {
		t.Fatal(err)
	}
	// Its background checks done (Sound waits for them), so that they do
	// not see the damage the tests make.
	if err := s.Sound(ctx, func(context.Context) error { return nil }); err != nil {
		t.Fatal(err)
	}
	return dir, s
}

// TestTruncatedUnderSolve cuts a mapped table to 4 KB while solves read
// it: the solve must end with pdb.ErrDamaged, not crash the process, and the
// set opened again must answer right.
func TestTruncatedUnderSolve(t *testing.T) {
	dir, s2 := openTwice(t, 0)
	ctx := context.Background()
	goal, err := sliding.New(4, 4, []int{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15})
	if err != nil {
		t.Fatal(err)
	}
	// Solve boards 50 moves from the goal, one after another, until one
	// fails.
	done := make(chan error, 1)
	stop := make(chan struct{})
	defer close(stop)
	go func() {
		r := rand.New(rand.NewPCG(5, 6))
		for {
			select {
			case <-stop:
				done <- nil
				return
			default:
			}
			_, err := pdbsearch.New(s2).Solve(ctx, sliding.Scramble(r, goal, 50), goal, search.Limits{}, pdbsearch.RunOptions{Threads: 2})
			if err != nil {
				done <- err
				return
			}
		}
	}()
	time.Sleep(200 * time.Millisecond)
	pdbtest.Truncate(t, filepath.Join(dir, "4x4-b0-*.pdb"))
	select {
	case err := <-done:
		if !errors.Is(err, pdb.ErrDamaged) {
			t.Fatalf("solve over a truncated table: %v, want pdb.ErrDamaged", err)
		}
	case <-time.After(60 * time.Second):
		t.Fatal("the solve did not stop within a minute of the truncation")
	}
	if !s2.Damaged() {
		t.Error("the set is not marked damaged")
	}
	small := sliding.Scramble(rand.New(rand.NewPCG(3, 4)), goal, 30)
	want, err := sliding.Search(ctx, small, goal, sliding.Options{Algorithm: sliding.IDAStar, Tuned: true})
	if err != nil {
		t.Fatal(err)
	}
	s3, err := pdb.Open(ctx, 4, 4, 0, "5-5-5", pdb.Options{Dir: dir})
	if err != nil {
		t.Fatal(err)
	}
	if got, err := pdbsearch.New(s3).Solve(ctx, small, goal, search.Limits{}, pdbsearch.RunOptions{}); err != nil || got.Len() != want.Len() || !got.Optimal {
		t.Fatalf("reopened: %d moves, %v; want %d", got.Len(), err, want.Len())
	}
}

// TestTruncatedUnderUnits cuts the mapped tables to 4 KB under the
// work-unit searches: Split and SearchUnit must end with pdb.ErrDamaged, not
// crash the process, and the set must be marked damaged.
func TestTruncatedUnderUnits(t *testing.T) {
	ctx := context.Background()
	goal, err := sliding.New(4, 4, []int{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15})
	if err != nil {
		t.Fatal(err)
	}
	b := sliding.Scramble(rand.New(rand.NewPCG(7, 8)), goal, 40)

	dir, set := openTwice(t, 0)
	s := pdbsearch.New(set)
	sp, err := s.Split(ctx, b, goal, 3, search.Limits{})
	if err != nil || len(sp.Units) == 0 {
		t.Fatalf("split before the damage: %d units, %v", len(sp.Units), err)
	}
	pdbtest.Truncate(t, filepath.Join(dir, "4x4-b0-*.pdb"))
	for _, u := range sp.Units {
		if _, err = s.SearchUnit(ctx, goal, u, sp.H+20, search.Limits{}); err != nil {
			break
		}
	}
	if !errors.Is(err, pdb.ErrDamaged) || !set.Damaged() {
		t.Errorf("units searched over truncated tables: %v (set damaged: %v), want pdb.ErrDamaged", err, set.Damaged())
	}

	dir, set = openTwice(t, 0)
	pdbtest.Truncate(t, filepath.Join(dir, "4x4-b0-*.pdb"))
	if _, err := pdbsearch.New(set).Split(ctx, b, goal, 3, search.Limits{}); !errors.Is(err, pdb.ErrDamaged) || !set.Damaged() {
		t.Errorf("split over truncated tables: %v (set damaged: %v), want pdb.ErrDamaged", err, set.Damaged())
	}
}
