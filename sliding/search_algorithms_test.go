package sliding_test

import (
	"context"
	"iter"
	"math/rand/v2"
	"testing"

	"github.com/searchlab/searchlab/search"
	"github.com/searchlab/searchlab/sliding"
)

// TestNewAlgorithms checks bidirectional BFS, NBS, weighted A* and anytime
// A* on random 3x3 and 2x4 boards against the table's fewest moves: the
// exact ones find that length, weighted A* at most Weight times it, anytime
// A* under a small cap a bound no greater than it, and every path reaches
// the goal.
func TestNewAlgorithms(t *testing.T) {
	ctx := context.Background()
	r := rand.New(rand.NewPCG(41, 42))
	for _, size := range [][2]int{{3, 3}, {4, 2}} {
		goal := sliding.Standard(size[0], size[1])
		for trial := range 30 {
			b := sliding.RandomSolvable(r, goal, true)
			best, err := sliding.Solve(ctx, b, goal, search.Limits{})
			if err != nil {
				t.Fatal(err)
			}
			opt := best.Len()
			for _, o := range []sliding.Options{
				{Algorithm: sliding.BiBFS},
				{Algorithm: sliding.NBS, Heuristic: sliding.Manhattan(goal)},
				{Algorithm: sliding.NBS},
				{Algorithm: sliding.WAStar, Weight: 2},
				{Algorithm: sliding.Anytime, Weight: 3},
				{Algorithm: sliding.Anytime, Weight: 3, Limits: search.Limits{MaxNodes: 20}},
			} {
				sol, err := sliding.SolveWith(ctx, b, goal, o)
				if o.Limits.MaxNodes > 0 && err != nil {
					continue // no path within the cap: allowed
				}
				if err != nil {
					t.Fatalf("%v trial %d %s: %v", size, trial, o.Algorithm, err)
				}
				if end, err := b.Apply(sol.Moves...); err != nil || !end.Equal(goal) {
					t.Fatalf("%v trial %d %s: moves %v do not reach the goal", size, trial, o.Algorithm, sol.Moves)
				}
				switch {
				case o.Algorithm == sliding.WAStar:
					if float64(sol.Len()) > 2*float64(opt) || sol.Optimal {
						t.Fatalf("%v trial %d wastar: %d moves (optimal %v), fewest %d", size, trial, sol.Len(), sol.Optimal, opt)
					}
				case o.Limits.MaxNodes > 0:
					if sol.Bound > opt || sol.Len() < opt || sol.Optimal != (sol.Bound == sol.Len()) {
						t.Fatalf("%v trial %d capped anytime: bound %d, %d moves, fewest %d", size, trial, sol.Bound, sol.Len(), opt)
					}
				default:
					if sol.Len() != opt || !sol.Optimal || sol.Bound != opt {
						t.Fatalf("%v trial %d %s: %d moves (optimal %v, bound %d), fewest %d", size, trial, o.Algorithm, sol.Len(), sol.Optimal, sol.Bound, opt)
					}
				}
			}
		}
	}
}

// TestCountOptimal counts the fewest-move solutions of random 3x3 boards
// and checks the count against dynamic programming over the distances of
// a breadth-first search from the goal.
func TestCountOptimal(t *testing.T) {
	ctx := context.Background()
	goal := sliding.Standard(3, 3)
	moves := func(s string) iter.Seq2[string, int] {
		b := sliding.Board{W: 3, H: 3, Tiles: []byte(s)}
		return func(yield func(string, int) bool) {
			for _, m := range []sliding.Move{sliding.Up, sliding.Down, sliding.Left, sliding.Right} {
				if n, err := b.Apply(m); err == nil && !yield(string(n.Tiles), 1) {
					return
				}
			}
		}
	}
	dist := map[string]int{}
	reach := search.BFSReach(ctx, string(goal.Tiles), moves, search.Limits{})
	for s, d := range reach.All() {
		dist[s] = d
	}
	ways := map[string]int64{string(goal.Tiles): 1}
	var count func(s string) int64
	count = func(s string) int64 {
		if n, ok := ways[s]; ok {
			return n
		}
		var n int64
		for t := range moves(s) {
			if dist[t] == dist[s]-1 {
				n += count(t)
			}
		}
		ways[s] = n
		return n
	}
	r := rand.New(rand.NewPCG(43, 44))
	for trial := range 20 {
		b := sliding.RandomSolvable(r, goal, true)
		length, n, _, err := sliding.CountOptimal(ctx, b, goal, search.Limits{})
		if err != nil {
			t.Fatal(err)
		}
		if length != dist[string(b.Tiles)] || !n.IsInt64() || n.Int64() != count(string(b.Tiles)) {
			t.Fatalf("trial %d: %d moves, %v solutions; want %d moves, %d solutions", trial, length, n, dist[string(b.Tiles)], count(string(b.Tiles)))
		}
	}
}
