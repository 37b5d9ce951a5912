package pdbsearch

import (
	"context"
	"errors"
	"math/rand/v2"
	"slices"
	"strconv"
	"testing"

	"github.com/searchlab/searchlab/internal/racetest"
	"github.com/searchlab/searchlab/search"
	"github.com/searchlab/searchlab/sliding"
)

// scratchCount returns the nodes that one IDA* iteration with the given
// bound expands from the board cells (tile names by cell), computing every
// node's heuristic from scratch (init): the root, and every child, of an
// expanded node, that the move-pruning machine allows and whose moves so
// far plus heuristic are within the bound.
func scratchCount(s *Searcher, cells []uint8, bound int) int64 {
	e := s.engine()
	w, blank := s.set.W(), s.set.BlankGoal()
	var walk func(cells []uint8, g int, st int32) int64
	walk = func(cells []uint8, g int, st int32) int64 {
		count := int64(1)
		b := slices.Index(cells, uint8(blank))
		for _, c := range []int{b - w, b - 1, b + 1, b + w} {
			if c < 0 || c >= len(cells) || c/w != b/w && c%w != b%w {
				continue
			}
			cst := e.Follow(st, b, c)
			if cst < 0 {
				continue
			}
			kid := slices.Clone(cells)
			kid[b], kid[c] = kid[c], kid[b]
			if g+1+e.H(kid) <= bound {
				count += walk(kid, g+1, cst)
			}
		}
		return count
	}
	b := slices.Index(cells, uint8(blank))
	return walk(cells, 0, e.Start(b))
}

// TestZeroAwareSearchAgainstScratch checks the search's move-by-move
// zero-aware lookups (the placement's rank, and the overflow part only
// where the tiles' cells have more than one free region) against the
// heuristic computed from scratch: an IDA* iteration that finds no
// solution expands exactly the nodes within its bound, in whatever order,
// so its count must equal scratchCount's.
func TestZeroAwareSearchAgainstScratch(t *testing.T) {
	tests := []struct {
		w, h      int
		partition string
		walk      int
	}{
		{3, 3, "zero:2-2-2-2", 61},
		{3, 3, "zero:3-3-2", 61},
		{4, 4, "zero:5-5-5", 71},
		{4, 4, "zero:3-4-4-4", 71},
		{5, 5, "zero:4-4-4-4-4-4", 71},
		{5, 5, "zero:3-3-3-3-3-3-3-3", 71},
	}
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(11, 12))
	for _, tc := range tests {
		t.Run(tc.partition+"/"+strconv.Itoa(tc.w), func(t *testing.T) {
			goal := sliding.Standard(tc.w, tc.h)
			set := build(t, tc.w, tc.h, goal.Blank(), tc.partition)
			checked := 0
			walks := 8
			if racetest.Enabled && tc.w*tc.h > 16 {
				walks = 3 // each 5x5 walk takes seconds under the race detector
			}
			for range walks {
				b := goal
				for range tc.walk {
					moves := []sliding.Move{sliding.Up, sliding.Down, sliding.Left, sliding.Right}
					for {
						if b2, err := b.Apply(moves[rng.IntN(4)]); err == nil {
							b = b2
							break
						}
					}
				}
				var reps []IterationReport
				sol, err := set.Solve(ctx, b, goal, search.Limits{MaxNodes: 300_000}, RunOptions{Threads: 1, Iteration: func(r IterationReport) { reps = append(reps, r) }})
				if err != nil && !errors.Is(err, search.ErrLimit) {
					t.Fatal(err)
				}
				if err == nil {
					if k := len(reps) - 1; k >= 0 && reps[k].Bound >= len(sol.Moves) {
						reps = reps[:k] // it stopped at a solution
					}
					if h, err := set.Set().Heuristic(b, goal); err != nil || len(sol.Moves) < h {
						t.Fatalf("board %v: %d moves, below the heuristic", b.Tiles, len(sol.Moves))
					}
				}
				cells := set.Set().Cells(b, goal)
				for _, r := range reps {
					if want := scratchCount(set, cells, r.Bound); r.Expanded != want {
						t.Fatalf("board %v, bound %d: the search expanded %d nodes, %d from scratch", b.Tiles, r.Bound, r.Expanded, want)
					}
					checked++
				}
			}
			if checked == 0 {
				t.Fatalf("no iteration to check")
			}
			t.Logf("%d iterations checked", checked)
		})
	}
}
