package pdbsearch_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/searchlab/searchlab/internal/racetest"
	"github.com/searchlab/searchlab/search"
	"github.com/searchlab/searchlab/sliding"
	"github.com/searchlab/searchlab/sliding/pdb"
	"github.com/searchlab/searchlab/sliding/prune"
	"github.com/searchlab/searchlab/sliding/solve/internal/pdbsearch"
)

// korfGoal is Korf's goal layout: the blank top-left, tiles in reading order.
func korfGoal(t testing.TB, w int) sliding.Board {
	t.Helper()
	return blankFirstGoal(t, w, w)
}

// blankFirstGoal is Korf's goal layout on a w x h board.
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

func board(t testing.TB, w int, tiles ...int) sliding.Board {
	t.Helper()
	b, err := sliding.New(w, w, tiles)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// Korf's 15-puzzle instance 1 (57 moves) and a 5x5 board 50 moves from the
// goal (Korf's layout), made by a random walk of 80 moves.
var (
	korf1 = []int{14, 13, 15, 7, 11, 12, 9, 5, 6, 0, 2, 1, 4, 8, 10, 3}
	easy5 = []int{2, 1, 3, 9, 14, 11, 6, 7, 8, 4, 22, 5, 15, 21, 19, 10, 17, 12, 13, 18, 0, 20, 16, 23, 24}
	// smallCatalogue5 is a 5x5 catalogue of two partitions into 4-tile
	// patterns (rows, then 2x2 blocks), small enough to build in a test.
	smallCatalogue5 = "1,2,3,4/5,6,7,8/9,10,11,12/13,14,15,16/17,18,19,20/21,22,23,24|" +
		"1,2,6,7/3,4,8,9/5,10,15,20/11,12,16,17/13,14,18,19/21,22,23,24"
)

// sets caches the small sets the tests build.
var sets struct {
	sync.Mutex
	m map[string]*pdb.Set
}

func smallSet(t testing.TB, w int, partition string) *pdb.Set {
	t.Helper()
	sets.Lock()
	defer sets.Unlock()
	key := partition + string(rune('0'+w))
	if s := sets.m[key]; s != nil {
		return s
	}
	s, err := pdb.Build(context.Background(), w, w, 0, partition, nil)
	if err != nil {
		t.Fatal(err)
	}
	if sets.m == nil {
		sets.m = map[string]*pdb.Set{}
	}
	sets.m[key] = s
	return s
}

// TestResumeAfterNodeCap stops a one-thread solve at several points with a
// node cap, resumes it from its checkpoint, and checks that the resumed
// solve finds the same path with the same node counts as an uninterrupted
// one, without repeating a finished iteration.
func TestResumeAfterNodeCap(t *testing.T) {
	tests := []struct {
		name      string
		w         int
		partition string
		tiles     []int
		want      int
	}{
		{"4x4 Korf 1", 4, "5-5-5", korf1, 57},
		{"5x5 50 moves", 5, "4-4-4-4-4-4", easy5, 50},
		{"5x5 50 moves, a catalogue", 5, smallCatalogue5, easy5, 50},
		{"4x4 Korf 1, zero-aware", 4, pdb.ZeroPrefix + "5-5-5", korf1, 57},
		{"5x5 50 moves, zero-aware", 5, pdb.ZeroPrefix + "4-4-4-4-4-4", easy5, 50},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			ctx := context.Background()
			s := smallSet(t, tc.w, tc.partition)
			goal := korfGoal(t, tc.w)
			b := board(t, tc.w, tc.tiles...)
			one := pdbsearch.RunOptions{Threads: 1}
			full, err := pdbsearch.New(s).Solve(ctx, b, goal, search.Limits{}, one)
			if err != nil {
				t.Fatal(err)
			}
			if tc.want > 0 && len(full.Moves) != tc.want {
				t.Fatalf("%d moves, want %d", len(full.Moves), tc.want)
			}
			if err := sliding.Verify(b, goal, full.Moves); err != nil {
				t.Fatal(err)
			}
			t.Logf("%d moves, %d expanded, %d iterations", len(full.Moves), full.Stats.Expanded, full.Stats.Iterations)
			fracs := []int64{2, 30, 60, 95}
			if racetest.Enabled {
				fracs = []int64{60} // each cut costs about a whole solve
			}
			for _, frac := range fracs {
				path := filepath.Join(t.TempDir(), "ck")
				opt := one
				opt.Checkpoint = path
				cut := full.Stats.Expanded * frac / 100
				_, err := pdbsearch.New(s).Solve(ctx, b, goal, search.Limits{MaxNodes: cut}, opt)
				if !errors.Is(err, search.ErrLimit) || !strings.Contains(err.Error(), path) {
					t.Fatalf("cut at %d nodes: error %v, want a node limit naming the checkpoint", cut, err)
				}
				info, err := pdbsearch.ReadCheckpoint(path)
				if err != nil {
					t.Fatal(err)
				}
				if info.Solved || !info.Board.Equal(b) || info.Expanded > full.Stats.Expanded {
					t.Fatalf("checkpoint after %d nodes: %+v", cut, info)
				}
				var bounds []int
				var resumedWork int64
				opt.Iteration = func(r pdbsearch.IterationReport) {
					bounds = append(bounds, r.Bound)
					for _, w := range r.Workers {
						resumedWork += w.Expanded
					}
				}
				sol, err := pdbsearch.New(s).Solve(ctx, b, goal, search.Limits{}, opt)
				if err != nil {
					t.Fatal(err)
				}
				if !slices.Equal(sol.Moves, full.Moves) {
					t.Fatalf("cut at %d: resumed path %v, uninterrupted %v", cut, sol.Moves, full.Moves)
				}
				if sol.Stats.Expanded != full.Stats.Expanded || sol.Stats.Generated != full.Stats.Generated || sol.Stats.Iterations != full.Stats.Iterations {
					t.Errorf("cut at %d: resumed stats %+v, uninterrupted %+v", cut, sol.Stats, full.Stats)
				}
				if len(bounds) == 0 || bounds[0] != info.Bound {
					t.Errorf("cut at %d: resumed iterations with bounds %v, checkpoint at bound %d", cut, bounds, info.Bound)
				}
				if resumedWork >= full.Stats.Expanded {
					t.Errorf("cut at %d: the resumed run expanded %d nodes, the whole solve %d", cut, resumedWork, full.Stats.Expanded)
				}
				// Solved: the checkpoint answers at once.
				opt.Iteration = func(pdbsearch.IterationReport) { t.Error("a solved checkpoint searched again") }
				again, err := pdbsearch.New(s).Solve(ctx, b, goal, search.Limits{}, opt)
				if err != nil || !slices.Equal(again.Moves, full.Moves) || again.Stats.Expanded != full.Stats.Expanded {
					t.Errorf("solved checkpoint: %v, %v", again.Moves, err)
				}
			}
		})
	}
}

// TestResumeAfterCancel cancels a two-thread solve from its progress
// report, once some subtrees of a later iteration are finished, and
// resumes it.
func TestResumeAfterCancel(t *testing.T) {
	s := smallSet(t, 4, "5-5-5")
	goal := korfGoal(t, 4)
	b := board(t, 4, korf1...)
	want, err := pdbsearch.New(s).Solve(context.Background(), b, goal, search.Limits{}, pdbsearch.RunOptions{})
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "ck")
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	first := 0
	var reports int
	opt := pdbsearch.RunOptions{Threads: 2, Checkpoint: path, ProgressEvery: time.Millisecond, CheckpointEvery: 5 * time.Millisecond,
		Progress: func(p pdbsearch.Progress) {
			reports++
			if first == 0 {
				first = p.Bound
			}
			if p.Bound > first && p.Subtrees > 0 {
				cancel()
			}
		}}
	_, err = pdbsearch.New(s).Solve(ctx, b, goal, search.Limits{}, opt)
	if err == nil {
		t.Skip("the solve ended before it could be cancelled")
	}
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("error %v, want context.Canceled", err)
	}
	info, err := pdbsearch.ReadCheckpoint(path)
	if err != nil {
		t.Fatal(err)
	}
	if info.Bound <= first || info.Iterations == 0 {
		t.Errorf("checkpoint %+v: want a bound above %d", info, first)
	}
	opt.Progress = nil
	low := 0
	opt.Iteration = func(r pdbsearch.IterationReport) {
		if low == 0 {
			low = r.Bound
		}
	}
	sol, err := pdbsearch.New(s).Solve(context.Background(), b, goal, search.Limits{}, opt)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(sol.Moves, want.Moves) {
		t.Errorf("resumed path %v, want %v", sol.Moves, want.Moves)
	}
	if low != info.Bound {
		t.Errorf("resumed at bound %d, checkpoint at %d", low, info.Bound)
	}
}

// TestCheckpointRefused checks that a checkpoint of another board, goal or
// set of databases, or a damaged one, is refused with ErrCheckpoint and a
// message that says why, and that the file is left alone.
func TestCheckpointRefused(t *testing.T) {
	ctx := context.Background()
	s := smallSet(t, 4, "5-5-5")
	goal := korfGoal(t, 4)
	b := board(t, 4, korf1...)
	dir := t.TempDir()
	good := filepath.Join(dir, "good")
	if _, err := pdbsearch.New(s).Solve(ctx, b, goal, search.Limits{MaxNodes: 50000}, pdbsearch.RunOptions{Checkpoint: good}); !errors.Is(err, search.ErrLimit) {
		t.Fatalf("want a node limit, got %v", err)
	}
	data, err := os.ReadFile(good)
	if err != nil {
		t.Fatal(err)
	}
	other := board(t, 4, 13, 5, 4, 10, 9, 12, 8, 14, 2, 3, 7, 1, 0, 15, 11, 6)
	swapped := board(t, 4, 0, 2, 1, 4, 3, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15) // the same parity, the blank on the same cell
	write := func(name string, content []byte) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, content, 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	flipped := append([]byte(nil), data...)
	i := strings.Index(string(flipped), `"bound":`) + len(`"bound":`)
	flipped[i]++
	undoOnly, err := prune.New(ctx, 4, 4, 2)
	if err != nil {
		t.Fatal(err)
	}
	lessPruned, err := s.WithPruning(undoOnly)
	if err != nil {
		t.Fatal(err)
	}
	// version returns the checkpoint with its format version line changed.
	version := func(v int) []byte {
		_, rest, _ := strings.Cut(string(data), "\n")
		return fmt.Appendf(nil, "searchlab-checkpoint %d\n%s", v, rest)
	}
	tests := []struct {
		name string
		set  *pdb.Set
		b, g sliding.Board
		path string
		msg  string
	}{
		{"other pruning", lessPruned, b, goal, good, "other move pruning"},
		{"other board", s, other, goal, good, "another board"},
		{"other goal", s, b, swapped, good, "another goal"},
		{"other databases", smallSet(t, 4, "6-6-3"), b, goal, good, "other pattern databases"},
		{"without mirror", s.WithoutMirror(), b, goal, good, "other pattern databases"},
		{"a byte changed", s, b, goal, write("flipped", flipped), "checksum mismatch"},
		{"cut short", s, b, goal, write("short", data[:len(data)/2]), "damaged"},
		{"empty", s, b, goal, write("empty", nil), "not a searchlab checkpoint"},
		{"another file", s, b, goal, write("other", []byte("hello\n")), "not a searchlab checkpoint"},
		{"newer version", s, b, goal, write("v9", version(9)), "format version 9"},
		// Version 2 numbered the work units in another child order.
		{"older version", s, b, goal, write("v2", version(2)), "format version 2"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			before, _ := os.ReadFile(tc.path)
			_, err := pdbsearch.New(tc.set).Solve(ctx, tc.b, tc.g, search.Limits{}, pdbsearch.RunOptions{Checkpoint: tc.path})
			if !errors.Is(err, pdbsearch.ErrCheckpoint) || !strings.Contains(err.Error(), tc.msg) || !strings.Contains(err.Error(), tc.path) {
				t.Fatalf("error %v, want ErrCheckpoint saying %q and naming the file", err, tc.msg)
			}
			if after, _ := os.ReadFile(tc.path); string(after) != string(before) {
				t.Error("a refused checkpoint was changed")
			}
		})
	}
}

// TestThreadsSameAnswer checks that 1, 2 and 3 workers find the same path
// and, but for the last iteration, expand the same nodes.
func TestThreadsSameAnswer(t *testing.T) {
	s := smallSet(t, 4, "5-5-5")
	goal := korfGoal(t, 4)
	b := board(t, 4, korf1...)
	var first sliding.Solution
	for threads := 1; threads <= 3; threads++ {
		var reps []pdbsearch.IterationReport
		sol, err := pdbsearch.New(s).Solve(context.Background(), b, goal, search.Limits{}, pdbsearch.RunOptions{Threads: threads,
			Iteration: func(r pdbsearch.IterationReport) { reps = append(reps, r) }})
		if err != nil {
			t.Fatal(err)
		}
		if len(reps) != sol.Stats.Iterations || len(reps[0].Workers) != threads {
			t.Fatalf("%d threads: %d reports for %d iterations, %d workers", threads, len(reps), sol.Stats.Iterations, len(reps[0].Workers))
		}
		if threads == 1 {
			first = sol
			continue
		}
		if !slices.Equal(sol.Moves, first.Moves) {
			t.Errorf("%d threads: path %v, one thread %v", threads, sol.Moves, first.Moves)
		}
	}
}
