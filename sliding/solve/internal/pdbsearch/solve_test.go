package pdbsearch

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/searchlab/searchlab/internal/racetest"
	"github.com/searchlab/searchlab/search"
	"github.com/searchlab/searchlab/sliding"
	"github.com/searchlab/searchlab/sliding/pdb"
)

// checkRandomSolves solves n boards drawn from keys (tiles as strings) with
// a generator seeded with seed1 and seed2, and checks that each path is as
// long as dist says, marked optimal, and reaches goal.
func checkRandomSolves(t *testing.T, s *Searcher, goal sliding.Board, keys []string, dist map[string]int, seed1, seed2 uint64, n int) {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed1, seed2))
	for range n {
		k := keys[rng.IntN(len(keys))]
		b := sliding.Board{W: goal.W, H: goal.H, Tiles: []uint8(k)}
		sol, err := s.Solve(context.Background(), b, goal, search.Limits{}, RunOptions{})
		if err != nil {
			t.Fatalf("board %v: %v", b.Tiles, err)
		}
		if len(sol.Moves) != dist[k] || !sol.Optimal {
			t.Fatalf("board %v: %d moves (optimal %v), want %d", b.Tiles, len(sol.Moves), sol.Optimal, dist[k])
		}
		end, err := b.Apply(sol.Moves...)
		if err != nil || !end.Equal(goal) {
			t.Fatalf("board %v: moves %v do not reach the goal (%v)", b.Tiles, sol.Moves, err)
		}
	}
}

// TestSolveDeterministic checks that repeated runs give the same path.
func TestSolveDeterministic(t *testing.T) {
	ctx := context.Background()
	s, goal := eightSet(t)
	b := mustBoard(t, 3, 3, 8, 6, 7, 2, 5, 4, 3, 0, 1) // 31 moves, the farthest
	first, err := s.Solve(ctx, b, goal, search.Limits{}, RunOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if len(first.Moves) != 31 {
		t.Fatalf("%d moves, want 31", len(first.Moves))
	}
	for range 20 {
		sol, err := s.Solve(ctx, b, goal, search.Limits{}, RunOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(sol.Moves, first.Moves) {
			t.Fatalf("path %v, earlier %v", sol.Moves, first.Moves)
		}
	}
}

func TestSolveErrors(t *testing.T) {
	ctx := context.Background()
	s, goal := eightSet(t)
	unsolvable := mustBoard(t, 3, 3, 2, 1, 3, 4, 5, 6, 7, 8, 0)
	if _, err := s.Solve(ctx, unsolvable, goal, search.Limits{}, RunOptions{}); !errors.Is(err, sliding.ErrUnsolvable) {
		t.Errorf("unsolvable board: err = %v, want ErrUnsolvable", err)
	}
	hard := mustBoard(t, 3, 3, 8, 6, 7, 2, 5, 4, 3, 0, 1)
	if _, err := s.Solve(ctx, hard, goal, search.Limits{MaxNodes: 10}, RunOptions{}); !errors.Is(err, search.ErrLimit) {
		t.Errorf("node cap: err = %v, want ErrLimit", err)
	}
	// A cap that stops a later iteration: the error names the cap, not
	// what was left of it for that iteration.
	md := build(t, 4, 4, 0, "1-1-1-1-1-1-1-1-1-1-1-1-1-1-1")
	far := mustBoard(t, 4, 4, 0, 12, 9, 13, 15, 11, 10, 14, 3, 7, 2, 5, 4, 8, 6, 1)
	const late = 50_000 // within a later iteration of the taxicab search
	_, err := md.Solve(ctx, far, sliding.Standard(4, 4), search.Limits{MaxNodes: late}, RunOptions{Threads: 1})
	if want := fmt.Sprintf("more than %d nodes", late); !errors.Is(err, search.ErrLimit) || !strings.Contains(fmt.Sprint(err), want) {
		t.Errorf("node cap %d: err = %v, want ErrLimit saying %q", late, err, want)
	}
	cctx, cancel := context.WithCancel(ctx)
	cancel()
	if _, err := s.Solve(cctx, hard, goal, search.Limits{}, RunOptions{}); !errors.Is(err, search.ErrLimit) || !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: err = %v, want ErrLimit and Canceled", err)
	}
	if _, err := s.Solve(ctx, sliding.Standard(4, 4), sliding.Standard(4, 4), search.Limits{}, RunOptions{}); err == nil {
		t.Error("4x4 board with a 3x3 set: no error")
	}
	other := mustBoard(t, 3, 3, 1, 0, 2, 3, 4, 5, 6, 7, 8)
	if _, err := s.Solve(ctx, other, other, search.Limits{}, RunOptions{}); err == nil {
		t.Error("goal blank on an edge cell, set for a corner: no error")
	}
	sol, err := s.Solve(ctx, goal, goal, search.Limits{}, RunOptions{})
	if err != nil || len(sol.Moves) != 0 || !sol.Optimal {
		t.Errorf("goal itself: %v, %v", sol, err)
	}
}

// solveOnce solves b for goal with the given partition ("" for
// DefaultPartition), opening (and if need be building) its databases with
// opts for the canonical cell of the goal's blank: the steps of a
// Solver's first board of a size, in one call.
func solveOnce(ctx context.Context, b, goal sliding.Board, partition string, opts pdb.Options, lim search.Limits) (sliding.Solution, error) {
	if b.W != goal.W || b.H != goal.H {
		return sliding.Solution{}, fmt.Errorf("pdb: board %dx%d, goal %dx%d", b.W, b.H, goal.W, goal.H)
	}
	partition, err := pdb.PartitionFor(b.W, b.H, partition)
	if err != nil {
		return sliding.Solution{}, fmt.Errorf("pdb: %w", err)
	}
	if !sliding.Solvable(b, goal) {
		return sliding.Solution{}, sliding.ErrUnsolvable
	}
	blank, partition, err := pdb.Canonical(b.W, b.H, goal.Blank(), partition)
	if err != nil {
		return sliding.Solution{}, err
	}
	s, err := pdb.Open(ctx, b.W, b.H, blank, partition, opts)
	if err != nil {
		return sliding.Solution{}, err
	}
	return New(s).Solve(ctx, b, goal, lim, RunOptions{})
}

// TestSolveOnce checks opening a set by the cache for an odd goal and
// solving with it.
func TestSolveOnce(t *testing.T) {
	ctx := context.Background()
	goal := mustBoard(t, 2, 4, 7, 6, 5, 4, 3, 2, 1, 0)
	b := mustBoard(t, 2, 4, 0, 1, 2, 3, 4, 5, 6, 7)
	dist := allDistances(goal)
	sol, err := solveOnce(ctx, b, goal, "", pdb.Options{Dir: t.TempDir()}, search.Limits{})
	if err != nil {
		t.Fatal(err)
	}
	if want := dist[string(b.Tiles)]; len(sol.Moves) != want || sol.Method != "pdb 7" {
		t.Errorf("Solve: %d moves by %q, want %d by \"pdb 7\"", len(sol.Moves), sol.Method, want)
	}
	if _, err := solveOnce(ctx, mustBoard(t, 2, 4, 0, 2, 1, 3, 4, 5, 6, 7), goal, "", pdb.Options{Dir: t.TempDir()}, search.Limits{}); !errors.Is(err, sliding.ErrUnsolvable) {
		t.Errorf("unsolvable: %v", err)
	}
}

var distCache = map[string]map[string]int{}

// allDistances returns the exact distance of every board of goal's size to
// goal, by breadth-first search from it (once per goal).
func allDistances(goal sliding.Board) map[string]int {
	key := fmt.Sprint(goal.W, goal.H, goal.Tiles)
	if d, ok := distCache[key]; ok {
		return d
	}
	dist := map[string]int{string(goal.Tiles): 0}
	queue := []sliding.Board{goal}
	for len(queue) > 0 {
		b := queue[0]
		queue = queue[1:]
		d := dist[string(b.Tiles)]
		for _, m := range sliding.Moves() {
			nb, err := b.Apply(m)
			if err != nil {
				continue
			}
			if _, ok := dist[string(nb.Tiles)]; !ok {
				dist[string(nb.Tiles)] = d + 1
				queue = append(queue, nb)
			}
		}
	}
	distCache[key] = dist
	return dist
}

// TestSmallBoardsAgainstBFS checks, on boards of small sizes and for
// several goals and sets (package pdb checks their heuristics on every
// board), that Solve finds a path of exactly the true distance that leads
// to the goal.
func TestSmallBoardsAgainstBFS(t *testing.T) {
	tests := []struct {
		name      string
		goal      sliding.Board
		partition string
		setBlank  int // the set's blank cell, -1 for the goal's
	}{
		{"3x3 standard 4-4", sliding.Standard(3, 3), "4-4", -1},
		{"3x3 korf 4-4", mustBoard(t, 3, 3, 0, 1, 2, 3, 4, 5, 6, 7, 8), "4-4", -1},
		{"3x3 korf 3-3-2", mustBoard(t, 3, 3, 0, 1, 2, 3, 4, 5, 6, 7, 8), "3-3-2", -1},
		{"3x3 spiral 4-4", mustBoard(t, 3, 3, 1, 2, 3, 8, 0, 4, 7, 6, 5), "4-4", -1},
		{"3x3 standard 8", sliding.Standard(3, 3), "8", -1},
		{"2x4 standard 4-3", sliding.Standard(2, 4), "4-3", -1},
		{"4x2 odd goal 3-4", mustBoard(t, 4, 2, 7, 6, 0, 5, 4, 3, 2, 1), "3-4", -1},
		{"2x3 standard 5", sliding.Standard(2, 3), "5", -1},
		{"3x3 standard, set for corner 0", sliding.Standard(3, 3), "4-4", 0},
		{"3x3 korf, set for corner 8", mustBoard(t, 3, 3, 0, 1, 2, 3, 4, 5, 6, 7, 8), "3-5", 8},
		{"2x4 standard, set for corner 0", sliding.Standard(2, 4), "4-3", 0},
		{"4x2 odd goal, set for cell 1", mustBoard(t, 4, 2, 7, 6, 0, 5, 4, 3, 2, 1), "4-3", 1},
		{"3x3 standard zero:4-4", sliding.Standard(3, 3), pdb.ZeroPrefix + "4-4", -1},
		{"3x3 spiral zero:3-3-2", mustBoard(t, 3, 3, 1, 2, 3, 8, 0, 4, 7, 6, 5), pdb.ZeroPrefix + "3-3-2", -1},
		{"3x3 korf zero-aware catalogue", mustBoard(t, 3, 3, 0, 1, 2, 3, 4, 5, 6, 7, 8), pdb.ZeroPrefix + "1,2,3,4/5,6,7,8|1,3,5,7/2,4,6,8", -1},
		{"2x4 standard zero:4-3", sliding.Standard(2, 4), pdb.ZeroPrefix + "4-3", -1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			blank := tc.goal.Blank()
			if tc.setBlank >= 0 {
				blank = tc.setBlank
			}
			s := build(t, tc.goal.W, tc.goal.H, blank, tc.partition)
			dist := allDistances(tc.goal)
			keys := slices.Sorted(maps.Keys(dist))
			solves := 150
			if racetest.Enabled {
				solves = 20
			}
			checkRandomSolves(t, s, tc.goal, keys, dist, 3, 4, solves)
		})
	}
}

// TestWithoutMirror checks that the set without its mirror look-up still
// solves optimally.
func TestWithoutMirror(t *testing.T) {
	s, goal := eightSet(t)
	b := mustBoard(t, 3, 3, 8, 6, 7, 2, 5, 4, 3, 0, 1)
	sol, err := New(s.Set().WithoutMirror()).Solve(context.Background(), b, goal, search.Limits{}, RunOptions{})
	if err != nil || len(sol.Moves) != 31 || sol.Method != "pdb 4-4" {
		t.Errorf("plain solve: %d moves by %q, %v; want 31 by pdb 4-4", len(sol.Moves), sol.Method, err)
	}
}

// TestSolveCanonical checks that a partition given as cells, opened in
// its canonical form, solves a board for its own goal.
func TestSolveCanonical(t *testing.T) {
	goal := sliding.Standard(3, 3)
	b := mustBoard(t, 3, 3, 8, 6, 7, 2, 5, 4, 3, 0, 1)
	sol, err := solveOnce(context.Background(), b, goal, "0,1,2,3/4,5,6,7", pdb.Options{Dir: t.TempDir()}, search.Limits{})
	if err != nil || len(sol.Moves) != 31 {
		t.Errorf("Solve with cells: %d moves, %v", len(sol.Moves), err)
	}
}

// TestInMemorySolvesSame checks that a set read into memory
// (pdb.Options.InMemory) solves as the mapped one does, node for node.
func TestInMemorySolvesSame(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	mapped, err := pdb.Open(ctx, 4, 4, 0, "6-6-3", pdb.Options{Dir: dir})
	if err != nil {
		t.Fatal(err)
	}
	read, err := pdb.Open(ctx, 4, 4, 0, "6-6-3", pdb.Options{Dir: dir, InMemory: true})
	if err != nil {
		t.Fatal(err)
	}
	b := mustBoard(t, 4, 4, 13, 5, 4, 10, 9, 12, 8, 14, 2, 3, 7, 1, 0, 15, 11, 6) // Korf's #2, 55 moves
	goal := mustBoard(t, 4, 4, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15)
	one := RunOptions{Threads: 1}
	want, err := New(mapped).Solve(ctx, b, goal, search.Limits{}, one)
	if err != nil {
		t.Fatal(err)
	}
	got, err := New(read).Solve(ctx, b, goal, search.Limits{}, one)
	if err != nil || len(got.Moves) != 55 || len(want.Moves) != 55 || got.Stats.Expanded != want.Stats.Expanded {
		t.Errorf("in memory: %d moves, %d expanded, %v; mapped: %d moves, %d expanded", len(got.Moves), got.Stats.Expanded, err, len(want.Moves), want.Stats.Expanded)
	}
}
