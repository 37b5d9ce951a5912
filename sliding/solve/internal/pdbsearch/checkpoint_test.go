package pdbsearch_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"hash/crc32"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/searchlab/searchlab/search"
	"github.com/searchlab/searchlab/sliding"
	"github.com/searchlab/searchlab/sliding/solve/internal/pdbsearch"
)

// TestCheckpointClaimsTooMuch edits a checkpoint by hand, as the
// reliability audit did: every subtree of its iteration, and far more,
// marked finished, the checksum made to match. The resumed solve must
// refuse it, not skip the iteration and call a longer path optimal.
func TestCheckpointClaimsTooMuch(t *testing.T) {
	ctx := context.Background()
	s := smallSet(t, 4, "5-5-5")
	goal := korfGoal(t, 4)
	b := board(t, 4, korf1...)
	path := filepath.Join(t.TempDir(), "ck")
	if _, err := pdbsearch.New(s).Solve(ctx, b, goal, search.Limits{MaxNodes: 50000}, pdbsearch.RunOptions{Checkpoint: path, Threads: 2}); !errors.Is(err, search.ErrLimit) {
		t.Fatalf("want a node limit, got %v", err)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.SplitAfter(string(data), "\n")
	i := strings.Index(lines[1], `"done":`)
	if i < 0 {
		t.Fatalf("no done field in %q", lines[1])
	}
	j := i + strings.Index(lines[1][i:], "]]") + 2
	lines[1] = lines[1][:i] + `"done":[[0,4611686018427387904]]` + lines[1][j:]
	lines[2] = fmt.Sprintf("crc32c %08x\n", crc32.Checksum([]byte(lines[0]+lines[1]), crc32.MakeTable(crc32.Castagnoli)))
	if err := os.WriteFile(path, []byte(strings.Join(lines, "")), 0o644); err != nil {
		t.Fatal(err)
	}
	sol, err := pdbsearch.New(s).Solve(ctx, b, goal, search.Limits{MaxNodes: 20_000_000}, pdbsearch.RunOptions{Checkpoint: path, Threads: 2})
	if !errors.Is(err, pdbsearch.ErrCheckpoint) || !strings.Contains(err.Error(), "subtrees up to 4611686018427387904") {
		t.Fatalf("edited checkpoint: %d moves, optimal %v, error %v; want ErrCheckpoint", sol.Len(), sol.Optimal, err)
	}
}

// editCheckpoint rewrites the JSON line of the checkpoint at path with
// edit and recomputes its checksum, as a hand edit would.
func editCheckpoint(t *testing.T, path string, edit func(map[string]any)) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.SplitAfter(string(data), "\n")
	var fields map[string]any
	d := json.NewDecoder(strings.NewReader(lines[1]))
	d.UseNumber()
	if err := d.Decode(&fields); err != nil {
		t.Fatal(err)
	}
	edit(fields)
	body, err := json.Marshal(fields)
	if err != nil {
		t.Fatal(err)
	}
	lines[1] = string(body) + "\n"
	lines[2] = fmt.Sprintf("crc32c %08x\n", crc32.Checksum([]byte(lines[0]+lines[1]), crc32.MakeTable(crc32.Castagnoli)))
	if err := os.WriteFile(path, []byte(strings.Join(lines, "")), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestCheckpointEditsRefused edits checkpoints as the reliability audit
// did, the checksum made to match: a finished one's moves made longer by
// a move and its undoing (the blank ends in the top-left corner) (with its bound and iterations to agree, or not),
// and an unfinished one's bound raised past the optimum. Each must be
// refused, not answered with a longer path marked optimal.
func TestCheckpointEditsRefused(t *testing.T) {
	ctx := context.Background()
	s := smallSet(t, 4, "5-5-5")
	goal := korfGoal(t, 4)
	b := board(t, 4, korf1...)
	dir := t.TempDir()
	solved := filepath.Join(dir, "solved")
	want, err := pdbsearch.New(s).Solve(ctx, b, goal, search.Limits{}, pdbsearch.RunOptions{Checkpoint: solved, Threads: 2})
	if err != nil || want.Len() != 57 {
		t.Fatalf("solve: %d moves, %v; want 57", want.Len(), err)
	}
	partial := filepath.Join(dir, "partial")
	if _, err := pdbsearch.New(s).Solve(ctx, b, goal, search.Limits{MaxNodes: 50000}, pdbsearch.RunOptions{Checkpoint: partial, Threads: 2}); !errors.Is(err, search.ErrLimit) {
		t.Fatalf("want a node limit, got %v", err)
	}
	number := func(v any) int {
		n, _ := v.(json.Number).Int64()
		return int(n)
	}
	edits := []struct {
		name string
		from string
		edit func(map[string]any)
	}{
		{"moves DU appended", solved, func(f map[string]any) { f["moves"] = f["moves"].(string) + "DU" }},
		{"moves DU appended, bound and iterations to match", solved, func(f map[string]any) {
			f["moves"] = f["moves"].(string) + "DU"
			f["bound"] = number(f["bound"]) + 2
			f["iterations"] = number(f["iterations"]) + 1
		}},
		{"bound 59", partial, func(f map[string]any) { f["bound"] = 59 }},
	}
	for _, tc := range edits {
		data, err := os.ReadFile(tc.from)
		if err != nil {
			t.Fatal(err)
		}
		path := filepath.Join(dir, "edited")
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		editCheckpoint(t, path, tc.edit)
		sol, err := pdbsearch.New(s).Solve(ctx, b, goal, search.Limits{MaxNodes: 20_000_000}, pdbsearch.RunOptions{Checkpoint: path, Threads: 2})
		if !errors.Is(err, pdbsearch.ErrCheckpoint) {
			t.Errorf("%s: %d moves, optimal %v, error %v; want ErrCheckpoint", tc.name, sol.Len(), sol.Optimal, err)
		}
	}
	// Unedited, both resume to the optimum.
	for _, path := range []string{solved, partial} {
		sol, err := pdbsearch.New(s).Solve(ctx, b, goal, search.Limits{}, pdbsearch.RunOptions{Checkpoint: path, Threads: 2})
		if err != nil || sol.Len() != 57 || !sol.Optimal {
			t.Errorf("%s resumed: %d moves, optimal %v, %v; want 57", filepath.Base(path), sol.Len(), sol.Optimal, err)
		}
	}
}

// TestCheckpointNotRegular puts a named pipe where a checkpoint should be:
// it is refused with an error that says so, at once, not a hang.
func TestCheckpointNotRegular(t *testing.T) {
	ck := filepath.Join(t.TempDir(), "checkpoint")
	if err := mkfifo(ck); err != nil {
		t.Skip("no named pipes here: ", err)
	}
	s := smallSet(t, 4, "5-5-5")
	start := time.Now()
	_, err := pdbsearch.New(s).Solve(context.Background(), board(t, 4, korf1...), korfGoal(t, 4), search.Limits{MaxNodes: 1000}, pdbsearch.RunOptions{Checkpoint: ck})
	if err == nil || !strings.Contains(err.Error(), "not a regular file") || time.Since(start) > 5*time.Second {
		t.Errorf("a pipe for a checkpoint: %v after %v; want a refusal at once", err, time.Since(start))
	}
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
	var reps []pdbsearch.IterationReport
	want, err := pdbsearch.New(s).Solve(ctx, b, goal, search.Limits{}, pdbsearch.RunOptions{Threads: 2,
		Iteration: func(r pdbsearch.IterationReport) { reps = append(reps, r) }})
	if err != nil || want.Len() != 57 || len(reps) < 2 {
		t.Fatalf("solve: %d moves, %d iterations, %v; want 57", want.Len(), len(reps), err)
	}
	first, opt := reps[0].Bound, want.Len()
	partial := filepath.Join(dir, "partial")
	if _, err := pdbsearch.New(s).Solve(ctx, b, goal, search.Limits{MaxNodes: 50000}, pdbsearch.RunOptions{Checkpoint: partial, Threads: 2}); !errors.Is(err, search.ErrLimit) {
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
			info, err := pdbsearch.ReadCheckpoint(path)
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
			sol, err := pdbsearch.New(s).Solve(ctx, b, goal, search.Limits{MaxNodes: 1000}, pdbsearch.RunOptions{Checkpoint: path, Threads: 2})
			if errors.Is(err, search.ErrLimit) {
				if info, err := pdbsearch.ReadCheckpoint(path); err != nil || info.Verified {
					t.Fatalf("after a resumed run stopped in its first iteration: verified %v, %v; want unverified", info.Verified, err)
				}
				sol, err = pdbsearch.New(s).Solve(ctx, b, goal, search.Limits{}, pdbsearch.RunOptions{Checkpoint: path, Threads: 2})
			}
			check("resumed", sol, err)
			t.Logf("resumed: %s", sol.Line(false))
			// Answered again from the finished checkpoint.
			sol2, err := pdbsearch.New(s).Solve(ctx, b, goal, search.Limits{}, pdbsearch.RunOptions{Checkpoint: path, Threads: 2})
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
