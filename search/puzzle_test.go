package search_test

import (
	"context"
	"iter"
	"math/rand/v2"
	"os"
	"testing"

	"github.com/searchlab/searchlab/search"
)

// The tests in this file measure the algorithms on sliding-tile boards,
// written here in a few lines so that package search needs no puzzle
// package: a board is its tiles in reading order, 0 for the blank.

type board struct {
	w, h  int8
	tiles [25]int8
}

func (b board) blank() int {
	for i, t := range b.tiles[:int(b.w)*int(b.h)] {
		if t == 0 {
			return i
		}
	}
	panic("no blank")
}

// moves yields the boards one move of the blank away; moves are
// reversible, so it serves as its own predecessor function.
func moves(b board) iter.Seq2[board, int] {
	return func(yield func(board, int) bool) {
		w, h := int(b.w), int(b.h)
		bl := b.blank()
		r, c := bl/w, bl%w
		for _, d := range [4][2]int{{-1, 0}, {0, -1}, {0, 1}, {1, 0}} {
			rr, cc := r+d[0], c+d[1]
			if rr < 0 || rr >= h || cc < 0 || cc >= w {
				continue
			}
			t := b
			to := rr*w + cc
			t.tiles[bl], t.tiles[to] = t.tiles[to], 0
			if !yield(t, 1) {
				return
			}
		}
	}
}

// solved returns the goal board: 1, 2, ... in reading order, blank last.
func solved(w, h int) board {
	b := board{w: int8(w), h: int8(h)}
	for i := range w*h - 1 {
		b.tiles[i] = int8(i + 1)
	}
	return b
}

// manhattanTo returns the sum of the tiles' distances to their places in
// goal: admissible and consistent.
func manhattanTo(goal board) func(board) int {
	var at [25]int
	n := int(goal.w) * int(goal.h)
	for i, t := range goal.tiles[:n] {
		at[t] = i
	}
	w := int(goal.w)
	return func(b board) int {
		d := 0
		for i, t := range b.tiles[:n] {
			if t != 0 {
				j := at[t]
				d += abs(i/w-j/w) + abs(i%w-j%w)
			}
		}
		return d
	}
}

func abs(x int) int { return max(x, -x) }

// linearConflictTo returns the Manhattan distance to goal plus two moves for
// each tile that must leave its goal row (or column) to let the others in
// that line pass: admissible.
func linearConflictTo(goal board) func(board) int {
	w, h := int(goal.w), int(goal.h)
	var at [25]int
	for i, t := range goal.tiles[:w*h] {
		at[t] = i
	}
	md := manhattanTo(goal)
	// extra returns 2 * (len(keys) - the longest increasing run in keys).
	extra := func(keys []int) int {
		var tails []int
		for _, k := range keys {
			i := 0
			for i < len(tails) && tails[i] < k {
				i++
			}
			if i == len(tails) {
				tails = append(tails, k)
			} else {
				tails[i] = k
			}
		}
		return 2 * (len(keys) - len(tails))
	}
	return func(b board) int {
		d := md(b)
		var keys []int
		for r := range h {
			keys = keys[:0]
			for c := range w {
				if t := b.tiles[r*w+c]; t != 0 && at[t]/w == r {
					keys = append(keys, at[t]%w)
				}
			}
			d += extra(keys)
		}
		for c := range w {
			keys = keys[:0]
			for r := range h {
				if t := b.tiles[r*w+c]; t != 0 && at[t]%w == c {
					keys = append(keys, at[t]/w)
				}
			}
			d += extra(keys)
		}
		return d
	}
}

// long reports whether the full measurements were asked for
// (SEARCHLAB_LONG=1); without it the tests below run on fewer boards.
func long() bool { return os.Getenv("SEARCHLAB_LONG") == "1" }

// randomBoard returns a random solvable board: a random permutation with
// the parity of the goal's.
func randomBoard(r *rand.Rand, w, h int) board {
	for {
		b := solved(w, h)
		n := w * h
		for i := n - 1; i > 0; i-- {
			j := r.IntN(i + 1)
			b.tiles[i], b.tiles[j] = b.tiles[j], b.tiles[i]
		}
		if solvable(b) {
			return b
		}
	}
}

// solvable reports whether b can reach the goal of solved.
func solvable(b board) bool {
	n := int(b.w) * int(b.h)
	inv := 0
	for i := range n {
		for j := i + 1; j < n; j++ {
			if b.tiles[i] != 0 && b.tiles[j] != 0 && b.tiles[i] > b.tiles[j] {
				inv++
			}
		}
	}
	if b.w%2 == 1 {
		return inv%2 == 0
	}
	rowFromBottom := int(b.h) - b.blank()/int(b.w)
	return (inv+rowFromBottom)%2 == 1
}

// packed is a board of at most 16 cells packed four bits a cell, for
// searches that hash millions of boards.
type packed uint64

func pack(b board) packed {
	var p packed
	for i := int(b.w)*int(b.h) - 1; i >= 0; i-- {
		p = p<<4 | packed(b.tiles[i])
	}
	return p
}

func (p packed) at(i int) int { return int(p>>(4*i)) & 15 }

// movesPacked is moves on packed w x h boards.
func movesPacked(w, h int) search.Successors[packed, int] {
	return func(p packed) iter.Seq2[packed, int] {
		return func(yield func(packed, int) bool) {
			bl := 0
			for p.at(bl) != 0 {
				bl++
			}
			r, c := bl/w, bl%w
			for _, d := range [4][2]int{{-1, 0}, {0, -1}, {0, 1}, {1, 0}} {
				rr, cc := r+d[0], c+d[1]
				if rr < 0 || rr >= h || cc < 0 || cc >= w {
					continue
				}
				to := rr*w + cc
				t := p | packed(p.at(to))<<(4*bl)
				t &^= 15 << (4 * to)
				if !yield(t, 1) {
					return
				}
			}
		}
	}
}

// manhattanPacked is manhattanTo on packed w x h boards.
func manhattanPacked(w, h int, goal packed) func(packed) int {
	var at [16]int
	for i := range w * h {
		at[goal.at(i)] = i
	}
	return func(p packed) int {
		d := 0
		for i := range w * h {
			if t := p.at(i); t != 0 {
				d += abs(i/w-at[t]/w) + abs(i%w-at[t]%w)
			}
		}
		return d
	}
}

// boardsAt returns count random 3x3 boards whose solutions take lo to hi
// moves, drawn from every such board by the distances of one BFS from the
// goal.
func boardsAt(t testing.TB, r *rand.Rand, count, lo, hi int) []packed {
	goal := pack(solved(3, 3))
	reach := search.BFSReach(context.Background(), goal, movesPacked(3, 3), search.Limits{})
	var pool []packed
	for b, d := range reach.All() {
		if d >= lo && d <= hi {
			pool = append(pool, b)
		}
	}
	if len(pool) == 0 {
		t.Fatal("no boards at that distance")
	}
	out := make([]packed, count)
	for i := range out {
		out[i] = pool[r.IntN(len(pool))]
	}
	return out
}

// TestBidirectionalBFSOnBoards: on random 3x3 boards of 20 to 31 moves
// (1,000 with SEARCHLAB_LONG=1, 10 otherwise), bidirectional BFS finds paths
// of the same length as BFS and expands at most a tenth of BFS's states in
// total.
func TestBidirectionalBFSOnBoards(t *testing.T) {
	n := 10
	if long() {
		n = 1000
	}
	ctx := context.Background()
	boards := boardsAt(t, rand.New(rand.NewPCG(31, 32)), n, 20, 31)
	goal := pack(solved(3, 3))
	next := movesPacked(3, 3)
	atGoal := func(b packed) bool { return b == goal }
	var bfsNodes, biNodes int64
	for i, b := range boards {
		one, err := search.BFS(ctx, b, next, atGoal, search.Limits{})
		if err != nil {
			t.Fatal(err)
		}
		two, err := search.BidirectionalBFS(ctx, b, goal, next, nil, search.Limits{})
		if err != nil {
			t.Fatal(err)
		}
		if one.Cost != two.Cost || len(two.Path) != two.Cost+1 {
			t.Fatalf("board %d: BFS %d moves, bidirectional %d (%d states)", i, one.Cost, two.Cost, len(two.Path))
		}
		bfsNodes += one.Stats.Expanded
		biNodes += two.Stats.Expanded
	}
	ratio := float64(biNodes) / float64(bfsNodes)
	t.Logf("%d boards of 20-31 moves: BFS %d expansions, bidirectional BFS %d (%.4f of BFS)", n, bfsNodes, biNodes, ratio)
	if ratio > 0.1 {
		t.Errorf("bidirectional BFS expanded %.3f of BFS's states, want at most 0.1", ratio)
	}
}

// TestNBSOnBoards: on 100 random 3x3 boards, and with SEARCHLAB_LONG=1 on
// 100 random 4x3 boards too, NBS with the Manhattan distance both ways finds
// paths as short as A*'s with the Manhattan distance. On the 4x3 boards it
// expands no more states than A* in total; on 3x3 boards, where A* expands
// about a thousand states a board, it expands about 2% more (logged).
func TestNBSOnBoards(t *testing.T) {
	ctx := context.Background()
	sizes := [][2]int{{3, 3}}
	if long() {
		sizes = append(sizes, [2]int{4, 3})
	}
	for _, size := range sizes {
		w, h := size[0], size[1]
		r := rand.New(rand.NewPCG(33, uint64(w)))
		next := movesPacked(w, h)
		goal := pack(solved(w, h))
		hGoal := manhattanPacked(w, h, goal)
		atGoal := func(b packed) bool { return b == goal }
		var aNodes, nNodes int64
		for i := range 100 {
			b := pack(randomBoard(r, w, h))
			a, err := search.AStar(ctx, b, next, hGoal, atGoal, search.Limits{})
			if err != nil {
				t.Fatal(err)
			}
			n, err := search.NBS(ctx, b, goal, next, nil, hGoal, manhattanPacked(w, h, b), search.Limits{})
			if err != nil {
				t.Fatal(err)
			}
			if a.Cost != n.Cost {
				t.Fatalf("%dx%d board %d: A* %d moves, NBS %d", w, h, i, a.Cost, n.Cost)
			}
			aNodes += a.Stats.Expanded
			nNodes += n.Stats.Expanded
		}
		t.Logf("100 random %dx%d boards: A* %d expansions, NBS %d (%.3f of A*)", w, h, aNodes, nNodes, float64(nNodes)/float64(aNodes))
		if w == 4 && nNodes > aNodes {
			t.Errorf("%dx%d: NBS expanded %d states, A* %d", w, h, nNodes, aNodes)
		}
	}
}

// TestAnytimeOnBoards: on random 5x5 boards (100 with SEARCHLAB_LONG=1, 1
// otherwise) with a budget of 100,000 expansions, anytime weighted A*
// (weight 5, linear conflicts) returns a real solution and a bound with
// Manhattan <= bound <= length. That the optimum lies between bound and
// length is checked against the pattern-database solver where the puzzle
// packages use this search.
func TestAnytimeOnBoards(t *testing.T) {
	n := 1
	if long() {
		n = 100
	}
	ctx := context.Background()
	r := rand.New(rand.NewPCG(35, 36))
	goal := solved(5, 5)
	h, md := linearConflictTo(goal), manhattanTo(goal)
	atGoal := func(b board) bool { return b == goal }
	var gap float64
	for i := range n {
		b := randomBoard(r, 5, 5)
		res, err := search.AnytimeAStar(ctx, b, moves, h, 5, atGoal, search.Limits{MaxNodes: 100_000})
		if res.Path == nil {
			t.Fatalf("board %d: no path within 100,000 expansions: %v", i, err)
		}
		if res.Path[0] != b || res.Path[len(res.Path)-1] != goal || res.Cost != len(res.Path)-1 {
			t.Fatalf("board %d: path of %d states for cost %d", i, len(res.Path), res.Cost)
		}
		for j := 1; j < len(res.Path); j++ {
			ok := false
			for c := range moves(res.Path[j-1]) {
				ok = ok || c == res.Path[j]
			}
			if !ok {
				t.Fatalf("board %d: step %d is not a move", i, j)
			}
		}
		if res.Bound > res.Cost || res.Bound < md(b) {
			t.Fatalf("board %d: bound %d, cost %d, Manhattan %d", i, res.Bound, res.Cost, md(b))
		}
		gap += res.Gap()
	}
	t.Logf("%d random 5x5 boards, 100,000 expansions, weight 5: mean gap %.3f", n, gap/float64(n))
}
