package sliding_test

import (
	"context"
	"fmt"
	"iter"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
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
			best, err := sliding.Search(ctx, b, goal, sliding.Options{})
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
				sol, err := sliding.Search(ctx, b, goal, o)
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

// TestAnytimeKorf24 runs anytime weighted A* (linear conflicts, weight 5)
// with a budget of 100,000 expansions on Korf and Felner's 24-puzzle
// instances, whose fewest moves are known (found by pattern-database
// searches, this repository's among them): every answer is a path to the
// goal with bound <= fewest <= length. With SEARCHLAB_LONG=1 it takes all
// 50 instances and 100 random 5x5 boards too (bound <= length); otherwise
// the first instance.
func TestAnytimeKorf24(t *testing.T) {
	data, err := os.ReadFile("testdata/korf24_50.txt")
	if err != nil {
		t.Fatal(err)
	}
	goal, _ := sliding.New(5, 5, []int{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24})
	type instance struct {
		b        sliding.Board
		fewest   int
		labelled string
	}
	var all []instance
	for line := range strings.Lines(string(data)) {
		fs := strings.Fields(line)
		if len(fs) != 26 || strings.HasPrefix(fs[0], "#") {
			continue
		}
		nums := make([]int, 26)
		for i, f := range fs {
			if nums[i], err = strconv.Atoi(f); err != nil {
				t.Fatal(err)
			}
		}
		b, err := sliding.New(5, 5, nums[:25])
		if err != nil {
			t.Fatal(err)
		}
		all = append(all, instance{b, nums[25], fmt.Sprintf("Korf #%d", len(all)+1)})
	}
	if len(all) != 50 {
		t.Fatalf("%d instances, want 50", len(all))
	}
	n := 1
	if os.Getenv("SEARCHLAB_LONG") == "1" {
		n = 50
		r := rand.New(rand.NewPCG(45, 46))
		for i := range 100 {
			all = append(all, instance{sliding.RandomSolvable(r, goal, true), -1, fmt.Sprintf("random #%d", i+1)})
		}
		n = len(all)
	}
	ctx := context.Background()
	var gap float64
	o := sliding.Options{Algorithm: sliding.Anytime, Heuristic: sliding.LinearConflict(goal), Limits: search.Limits{MaxNodes: 100_000}}
	for _, in := range all[:n] {
		sol, err := sliding.Search(ctx, in.b, goal, o)
		if err != nil {
			t.Fatalf("%s: %v", in.labelled, err)
		}
		if verr := sliding.Verify(in.b, goal, sol.Moves); verr != nil {
			t.Fatalf("%s: %v", in.labelled, verr)
		}
		if sol.Bound > sol.Len() || (in.fewest >= 0 && (sol.Bound > in.fewest || in.fewest > sol.Len())) {
			t.Fatalf("%s: bound %d, %d moves, fewest %d", in.labelled, sol.Bound, sol.Len(), in.fewest)
		}
		gap += float64(sol.Len()-sol.Bound) / float64(sol.Bound)
	}
	t.Logf("%d 5x5 boards, 100,000 expansions: mean (length - bound) / bound %.3f", n, gap/float64(n))
}
