package pdbsearch

import (
	"context"
	"errors"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/searchlab/searchlab/search"
	"github.com/searchlab/searchlab/sliding"
	"github.com/searchlab/searchlab/sliding/prune"
)

// roundFunc searches every unit of a split to a bound.
type roundFunc func(ctx context.Context, bound int) ([]UnitResult, error)

// driveUnits runs IDA* over the units of sp with run, a bound at a time,
// merging each bound's results, until a bound holds a solution (the loop
// that package sliding/units drives across processes).
func driveUnits(ctx context.Context, sp Split, run roundFunc) (sliding.Solution, []Round, error) {
	sol := sliding.Solution{Stats: search.Stats{Expanded: sp.Expanded}}
	var rounds []Round
	for bound := sp.H; ; {
		results, err := run(ctx, bound)
		if err != nil {
			return sol, rounds, err
		}
		r, err := MergeRound(bound, len(sp.Units), results)
		if err != nil {
			return sol, rounds, err
		}
		rounds = append(rounds, r)
		sol.Stats.Iterations++
		if r.Solved {
			if err := sliding.Verify(sp.Board, sp.Goal, r.Moves); err != nil {
				return sol, rounds, err
			}
			sol.Moves, sol.Optimal = r.Moves, true
			return sol, rounds, nil
		}
		bound = r.Next
	}
}

// runUnits returns a roundFunc that searches every unit of sp in this
// process, handing the results back in a shuffled order.
func runUnits(s *Searcher, sp Split, rng *rand.Rand) roundFunc {
	return func(ctx context.Context, bound int) ([]UnitResult, error) {
		out := make([]UnitResult, 0, len(sp.Units))
		for _, u := range sp.Units {
			r, err := s.SearchUnit(ctx, sp.Goal, u, bound, search.Limits{})
			if err != nil {
				return nil, err
			}
			out = append(out, r)
		}
		rng.Shuffle(len(out), func(i, j int) { out[i], out[j] = out[j], out[i] })
		return out, nil
	}
}

// checkSplit checks the units of sp: prefixes of sp.Depth moves that never
// undo the last one, replay to their states, and reach distinct states in
// depth-first order.
func checkSplit(t *testing.T, sp Split) {
	t.Helper()
	if sp.Depth > sp.H {
		t.Fatalf("depth %d over the heuristic %d", sp.Depth, sp.H)
	}
	seen := map[string]int{}
	for i, u := range sp.Units {
		if u.Index != i {
			t.Fatalf("unit %d has index %d", i, u.Index)
		}
		if len(u.Prefix) != sp.Depth {
			t.Fatalf("unit %d: prefix of %d moves, want %d", i, len(u.Prefix), sp.Depth)
		}
		for k := 1; k < len(u.Prefix); k++ {
			if u.Prefix[k] == u.Prefix[k-1].Opposite() {
				t.Fatalf("unit %d: prefix %v undoes move %d", i, u.Prefix, k)
			}
		}
		st, err := sp.Board.Apply(u.Prefix...)
		if err != nil || !st.Equal(u.State) {
			t.Fatalf("unit %d: prefix %v does not lead to its state (%v)", i, u.Prefix, err)
		}
		if j, dup := seen[string(u.State.Tiles)]; dup {
			t.Fatalf("units %d and %d hold the same state", j, i)
		}
		seen[string(u.State.Tiles)] = i
	}
	if int64(len(sp.Units)) > sp.Paths {
		t.Fatalf("%d units from %d paths", len(sp.Units), sp.Paths)
	}
}

// TestUnitsMatchSolve checks, on boards of several sizes and goals and at
// every split depth up to 8, that driving the units finds the path that
// single-process IDA* finds: the same optimal length and the same moves.
func TestUnitsMatchSolve(t *testing.T) {
	ctx := context.Background()
	tests := []struct {
		name      string
		goal      sliding.Board
		partition string
		scramble  int // random moves from the goal
		boards    int
	}{
		{"3x3 standard 4-4", sliding.Standard(3, 3), "4-4", 60, 12},
		{"3x3 korf 3-3-2", mustBoard(t, 3, 3, 0, 1, 2, 3, 4, 5, 6, 7, 8), "3-3-2", 60, 8},
		{"2x4 4-3", sliding.Standard(2, 4), "4-3", 40, 6},
		{"4x4 standard 6-6-3", sliding.Standard(4, 4), "6-6-3", 80, 6},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := build(t, tc.goal.W, tc.goal.H, tc.goal.Blank(), tc.partition)
			rng := rand.New(rand.NewPCG(13, uint64(len(tc.name))))
			for k := range tc.boards {
				b := sliding.Scramble(rng, tc.goal, tc.scramble)
				want, err := s.Solve(ctx, b, tc.goal, search.Limits{}, RunOptions{})
				if err != nil {
					t.Fatal(err)
				}
				for depth := range 9 {
					sp, err := s.Split(ctx, b, tc.goal, depth, search.Limits{})
					if err != nil {
						t.Fatal(err)
					}
					if sp.Depth != min(depth, sp.H) {
						t.Fatalf("depth %d with heuristic %d: split at %d", depth, sp.H, sp.Depth)
					}
					checkSplit(t, sp)
					got, rounds, err := driveUnits(ctx, sp, runUnits(s, sp, rng))
					if err != nil {
						t.Fatalf("board %d %v depth %d: %v", k, b.Tiles, depth, err)
					}
					if !slices.Equal(got.Moves, want.Moves) || !got.Optimal {
						t.Fatalf("board %d %v depth %d: units found %v (%d), IDA* %v (%d)", k, b.Tiles, depth, got.Moves, got.Len(), want.Moves, want.Len())
					}
					if got.Stats.Iterations != want.Stats.Iterations || len(rounds) != want.Stats.Iterations {
						t.Errorf("board %d depth %d: %d rounds (%d iterations), IDA* %d iterations", k, depth, len(rounds), got.Stats.Iterations, want.Stats.Iterations)
					}
				}
			}
		})
	}
}

// TestSplitDropsDuplicates checks that a deep split holds fewer units than
// paths when the search only never undoes its last move (the 3x3 board has
// transpositions within a few moves) and that a board at the goal is one
// unit that finds it at once.
func TestSplitDropsDuplicates(t *testing.T) {
	ctx := context.Background()
	s, goal := eightSet(t)
	undoOnly, err := prune.New(ctx, 3, 3, 2)
	if err != nil {
		t.Fatal(err)
	}
	lessPruned, err := s.Set().WithPruning(undoOnly)
	if err != nil {
		t.Fatal(err)
	}
	s = New(lessPruned)
	b := mustBoard(t, 3, 3, 8, 6, 7, 2, 5, 4, 3, 0, 1) // 31 moves
	sp, err := s.Split(ctx, b, goal, 14, search.Limits{})
	if err != nil {
		t.Fatal(err)
	}
	checkSplit(t, sp)
	if sp.Depth != 14 || int64(len(sp.Units)) >= sp.Paths {
		t.Errorf("depth %d: %d units of %d paths, want fewer units than paths at depth 14", sp.Depth, len(sp.Units), sp.Paths)
	}
	sol, _, err := driveUnits(ctx, sp, runUnits(s, sp, rand.New(rand.NewPCG(1, 2))))
	if err != nil || sol.Len() != 31 {
		t.Fatalf("%d moves, %v; want 31", sol.Len(), err)
	}

	sp, err = s.Split(ctx, goal, goal, 5, search.Limits{})
	if err != nil || sp.Depth != 0 || len(sp.Units) != 1 {
		t.Fatalf("goal board: depth %d, %d units, %v; want depth 0 and one unit", sp.Depth, len(sp.Units), err)
	}
	r, err := s.SearchUnit(ctx, goal, sp.Units[0], 0, search.Limits{})
	if err != nil || !r.Found || len(r.Moves) != 0 {
		t.Fatalf("goal board: %+v, %v", r, err)
	}
}

// TestSearchUnitCutsPrefix checks that a unit whose prefix passes the
// bound is cut off on the prefix, with the f of the first node over it.
func TestSearchUnitCutsPrefix(t *testing.T) {
	ctx := context.Background()
	s, goal := eightSet(t)
	b := mustBoard(t, 3, 3, 1, 2, 3, 4, 5, 6, 7, 0, 8) // one move: R
	u := Unit{Index: 0, Prefix: []sliding.Move{sliding.Left}}
	var err error
	if u.State, err = b.Apply(u.Prefix...); err != nil {
		t.Fatal(err)
	}
	h, _ := s.Set().Heuristic(u.State, goal)
	r, err := s.SearchUnit(ctx, goal, u, 1, search.Limits{})
	if err != nil {
		t.Fatal(err)
	}
	if r.Found || r.Next != 1+h || r.Stats.Expanded != 0 {
		t.Errorf("got %+v, want not found, next %d, no nodes", r, 1+h)
	}
}

// TestSearchUnitLimits checks the node cap and the context of SearchUnit
// and Split, and bad units.
func TestSearchUnitLimits(t *testing.T) {
	ctx := context.Background()
	goal := sliding.Standard(4, 4)
	s := build(t, 4, 4, 15, "6-6-3")
	// A far board: its one unit at depth 0, searched 20 moves over its
	// heuristic, takes millions of nodes.
	b := mustBoard(t, 4, 4, 0, 12, 9, 13, 15, 11, 10, 14, 3, 7, 2, 5, 4, 8, 6, 1)
	sp, err := s.Split(ctx, b, goal, 0, search.Limits{})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.SearchUnit(ctx, goal, sp.Units[0], sp.H+20, search.Limits{MaxNodes: 10000}); !errors.Is(err, search.ErrLimit) {
		t.Errorf("node cap: %v, want ErrLimit", err)
	}
	cctx, cancel := context.WithCancel(ctx)
	cancel()
	if _, err := s.SearchUnit(cctx, goal, sp.Units[0], sp.H+20, search.Limits{}); !errors.Is(err, search.ErrLimit) {
		t.Errorf("cancelled: %v, want ErrLimit", err)
	}
	if _, err := s.Split(ctx, b, goal, 12, search.Limits{MaxNodes: 100}); !errors.Is(err, search.ErrLimit) {
		t.Errorf("split path cap: %v, want ErrLimit", err)
	}
	bad := sp.Units[0]
	bad.Prefix = []sliding.Move{sliding.Up, sliding.Up, sliding.Up, sliding.Up}
	if _, err := s.SearchUnit(ctx, goal, bad, 60, search.Limits{}); err == nil {
		t.Error("a prefix that leaves the board: no error")
	}
	if _, err := s.SearchUnit(ctx, sliding.Standard(3, 3), sp.Units[0], 60, search.Limits{}); err == nil {
		t.Error("a goal of another size: no error")
	}
	unsolvable := mustBoard(t, 4, 4, 2, 1, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 0)
	if _, err := s.Split(ctx, unsolvable, goal, 3, search.Limits{}); !errors.Is(err, sliding.ErrUnsolvable) {
		t.Errorf("unsolvable: %v", err)
	}
}

// TestMergeRound checks the merge: the lowest unit's solution wins, the
// least next bound is kept, and gaps or disagreements are errors.
func TestMergeRound(t *testing.T) {
	res := func(i, bound int, found bool, next int, moves string) UnitResult {
		ms, _ := sliding.ParseMoves(moves)
		return UnitResult{Index: i, Bound: bound, Found: found, Next: next, Moves: ms, Stats: search.Stats{Expanded: int64(i + 1)}}
	}
	tests := []struct {
		name    string
		units   int
		results []UnitResult
		want    Round
		wantErr error
	}{
		{"next bound", 3, []UnitResult{res(2, 10, false, 14, ""), res(0, 10, false, 12, ""), res(1, 10, false, 0, "")},
			Round{Bound: 10, Next: 12, Unit: -1, Expanded: 6}, nil},
		{"lowest unit wins", 3, []UnitResult{res(2, 10, true, 0, "RD"), res(1, 10, true, 0, "DR"), res(0, 10, false, 12, "")},
			Round{Bound: 10, Solved: true, Unit: 1, Moves: []sliding.Move{sliding.Down, sliding.Right}, Expanded: 6}, nil},
		{"retried unit", 2, []UnitResult{res(0, 10, false, 12, ""), res(1, 10, false, 12, ""), res(1, 10, false, 12, "")},
			Round{Bound: 10, Next: 12, Unit: -1, Expanded: 3}, nil},
		{"missing after the solution", 4, []UnitResult{res(0, 10, false, 12, ""), res(1, 10, true, 0, "R"), res(3, 10, true, 0, "L")},
			Round{Bound: 10, Solved: true, Unit: 1, Moves: []sliding.Move{sliding.Right}, Expanded: 7}, nil},
		{"missing before the solution", 3, []UnitResult{res(0, 10, false, 12, ""), res(2, 10, true, 0, "R")}, Round{}, ErrMissingUnits},
		{"missing", 3, []UnitResult{res(0, 10, false, 12, ""), res(2, 10, false, 12, "")}, Round{}, ErrMissingUnits},
		{"disagree", 2, []UnitResult{res(0, 10, false, 12, ""), res(1, 10, false, 12, ""), res(1, 10, true, 0, "R")}, Round{}, errAny},
		{"other bound", 2, []UnitResult{res(0, 10, false, 12, ""), res(1, 12, false, 14, "")}, Round{}, errAny},
		{"no such unit", 1, []UnitResult{res(0, 10, false, 12, ""), res(1, 10, false, 12, "")}, Round{}, errAny},
		{"dead end", 1, []UnitResult{res(0, 10, false, 0, "")}, Round{}, errAny},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := MergeRound(10, tc.units, tc.results)
			switch {
			case tc.wantErr == errAny && err == nil, tc.wantErr != nil && tc.wantErr != errAny && !errors.Is(err, tc.wantErr):
				t.Fatalf("error %v, want %v", err, tc.wantErr)
			case tc.wantErr == nil && err != nil:
				t.Fatal(err)
			case tc.wantErr != nil:
				return
			}
			if got.Solved != tc.want.Solved || got.Unit != tc.want.Unit || got.Next != tc.want.Next ||
				got.Expanded != tc.want.Expanded || !slices.Equal(got.Moves, tc.want.Moves) {
				t.Errorf("got %+v, want %+v", got, tc.want)
			}
		})
	}
}

var errAny = errors.New("any error")
