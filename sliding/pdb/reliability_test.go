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

// TestCheckpointUnverified resumes checkpoints whose signature does not
// verify: edited with the checksum made to match (every subtree of the
// optimum's iteration claimed finished, so that only a longer path is
// left to find; the iteration moved there with its count to agree), or
// signed with another user's key. Each answer must be the optimum, or a
// path marked as not proven optimal with a true lower bound; a checkpoint
// written after such a resume stays unverified.
func TestCheckpointUnverified(t *testing.T) {
	ctx := context.Background()
	s := smallSet(t, 4, "5-5-5")
	goal := korfGoal(t, 4)
	b := board(t, 4, korf1...)
	dir := t.TempDir()
	// A solve from scratch tells the first bound and the number of subtrees
	// of the last iteration.
	var reps []pdb.IterationReport
	want, err := s.Solve(ctx, b, goal, search.Limits{}, pdb.RunOptions{Threads: 2,
		Iteration: func(r pdb.IterationReport) { reps = append(reps, r) }})
	if err != nil || want.Len() != 57 || len(reps) < 2 {
		t.Fatalf("solve: %d moves, %d iterations, %v; want 57", want.Len(), len(reps), err)
	}
	first, opt := reps[0].Bound, want.Len()
	partial := filepath.Join(dir, "partial")
	if _, err := s.Solve(ctx, b, goal, search.Limits{MaxNodes: 50000}, pdb.RunOptions{Checkpoint: partial, Threads: 2}); !errors.Is(err, search.ErrLimit) {
		t.Fatalf("want a node limit, got %v", err)
	}
	// The subtrees of the optimum's iteration finished before the
	// solution was found: with them claimed, and the rest searched, the
	// resumed search may find the optimum or a longer path.
	subtrees := reps[len(reps)-1].Subtrees
	atOptimum := func(f map[string]any) {
		f["bound"] = opt
		f["iterations"] = (opt - first) / 2
		f["done"] = [][2]int64{{0, subtrees}}
		f["done_next"] = 0
	}
	tests := []struct {
		name string
		edit func(map[string]any)
		key  bool // signed with another key rather than edited
	}{
		{"done: every subtree of the optimum's iteration", atOptimum, false},
		{"done: every subtree of its iteration", func(f map[string]any) {
			for _, r := range reps {
				if json.Number(fmt.Sprint(r.Bound)) == f["bound"] {
					f["done"] = [][2]int64{{0, r.Subtrees}}
					f["done_next"] = 0
				}
			}
		}, false},
		{"another user's key", nil, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			data, err := os.ReadFile(partial)
			if err != nil {
				t.Fatal(err)
			}
			path := filepath.Join(t.TempDir(), "ck")
			if err := os.WriteFile(path, data, 0o644); err != nil {
				t.Fatal(err)
			}
			if tc.edit != nil {
				editCheckpoint(t, path, tc.edit)
			}
			if tc.key {
				t.Setenv("XDG_CONFIG_HOME", t.TempDir())
			}
			info, err := pdb.ReadCheckpoint(path)
			if err != nil || info.Verified {
				t.Fatalf("ReadCheckpoint: verified %v, %v; want unverified", info.Verified, err)
			}
			check := func(run string, sol sliding.Solution, err error) {
				t.Helper()
				if err != nil {
					t.Fatalf("%s: %v", run, err)
				}
				if verr := sliding.Verify(b, goal, sol.Moves); verr != nil {
					t.Fatalf("%s: %v", run, verr)
				}
				switch {
				case sol.Optimal && sol.Len() != opt:
					t.Errorf("%s: %d moves marked optimal; the optimum is %d", run, sol.Len(), opt)
				case !sol.Optimal && (sol.Bound > opt || sol.Bound < first || !strings.Contains(sol.Mark(), "unverified checkpoint")):
					t.Errorf("%s: %d moves, bound %d, mark %q; want a true lower bound and a mark naming the checkpoint", run, sol.Len(), sol.Bound, sol.Mark())
				}
			}
			// Resumed in two runs, the first stopped by a node cap: its
			// checkpoint must not come out verified.
			sol, err := s.Solve(ctx, b, goal, search.Limits{MaxNodes: 1000}, pdb.RunOptions{Checkpoint: path, Threads: 2})
			if errors.Is(err, search.ErrLimit) {
				if info, err := pdb.ReadCheckpoint(path); err != nil || info.Verified {
					t.Fatalf("after a resumed run stopped in its first iteration: verified %v, %v; want unverified", info.Verified, err)
				}
				sol, err = s.Solve(ctx, b, goal, search.Limits{}, pdb.RunOptions{Checkpoint: path, Threads: 2})
			}
			check("resumed", sol, err)
			t.Logf("resumed: %s", sol.Line(false))
			// Answered again from the finished checkpoint.
			sol2, err := s.Solve(ctx, b, goal, search.Limits{}, pdb.RunOptions{Checkpoint: path, Threads: 2})
			check("finished", sol2, err)
			if sol2.Len() != sol.Len() || sol2.Optimal != sol.Optimal {
				t.Errorf("finished: %d moves, optimal %v; resumed said %d, %v", sol2.Len(), sol2.Optimal, sol.Len(), sol.Optimal)
			}
			if tc.name == tests[0].name && sol.Optimal {
				t.Errorf("the optimum's iteration claimed finished, yet %d moves proven optimal", sol.Len())
			}
		})
	}
}
