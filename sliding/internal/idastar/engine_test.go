package idastar

import (
	"context"
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"slices"
	"testing"

	"github.com/searchlab/searchlab/search"
	"github.com/searchlab/searchlab/sliding"
	"github.com/searchlab/searchlab/sliding/prune"
)

// TestChildRank checks childRank (moveRank) and tableRank against
// the rank computed from scratch once the move is made, for every sum and
// every move on the boards of random walks.
func TestChildRank(t *testing.T) {
	tests := []struct {
		w, h  int
		sizes []int
	}{
		{3, 3, []int{2, 2, 2, 2}},
		{4, 3, []int{4, 4, 3}},
		{4, 4, []int{5, 5, 5}},
		{5, 5, []int{4, 4, 4, 4, 4, 4}},
		{6, 4, []int{4, 4, 4, 4, 4, 3}},
	}
	rng := rand.New(rand.NewPCG(3, 4))
	for _, tc := range tests {
		t.Run(fmt.Sprint(tc.w, "x", tc.h, tc.sizes), func(t *testing.T) {
			v := testEngine(t, tc.w, tc.h, tc.sizes)
			wantFast := tc.w <= 5 && tc.h <= 5
			if v.fastRank != wantFast {
				t.Fatalf("fastRank %v on %dx%d, want %v", v.fastRank, tc.w, tc.h, wantFast)
			}
			cells := make([]uint8, tc.w*tc.h)
			for c := range cells {
				cells[c] = uint8(c)
			}
			blank := v.blank
			checked := 0
			for range 300 {
				var n node
				v.init(&n, cells)
				b := n.blank
				for q, c8 := range v.neighbours[b] {
					if c8 < 0 {
						continue
					}
					c := int(c8)
					tile := n.cell[c]
					moved := append([]uint8(nil), cells...)
					moved[b], moved[c] = tile, uint8(blank)
					var m node
					v.init(&m, moved)
					for k := range v.nsums {
						want := m.ranks[v.termOf[k][tile]]
						got, li := v.childRank(&n, k, tile, c, b)
						if got != want || int8(li) != v.termOf[k][tile] {
							t.Fatalf("childRank, sum %d, tile %d from cell %d to %d: rank %d of term %d, want %d of term %d", k, tile, c, b, got, li, want, v.termOf[k][tile])
						}
						checked++
						if wantFast {
							ref := &v.refs[k][tile]
							got := v.tableRank(&n, ref, &v.passOver[k][tile], moveIndex(ref.frame, moveCode(b, int(v.neighbourDir[b][q]))))
							if got != want || int8(ref.term) != v.termOf[k][tile] {
								t.Fatalf("tableRank, sum %d, tile %d from cell %d to %d: rank %d of term %d, want %d of term %d", k, tile, c, b, got, ref.term, want, v.termOf[k][tile])
							}
							checked++
						}
					}
				}
				// A random move on.
				for {
					c := v.neighbours[b][rng.IntN(4)]
					if c >= 0 {
						cells[b], cells[c] = cells[c], uint8(blank)
						break
					}
				}
			}
			if checked == 0 {
				t.Fatal("nothing checked")
			}
		})
	}
}

// testEngine returns an engine for the w x h board with the blank's goal
// in the last cell, whose sums are the patterns of the given sizes (the
// tiles' goal cells in reading order) and, on a square board, their
// reflections: the sums of package pdb's sets, with tables of zeros, for
// tests of what does not depend on the entries.
func testEngine(t testing.TB, w, h int, sizes []int) *Engine {
	t.Helper()
	n := w * h
	m, err := prune.New(context.Background(), w, h, 2)
	if err != nil {
		t.Fatal(err)
	}
	var plain, refl []Term
	tile := 0
	for _, k := range sizes {
		tiles := make([]int, k)
		places := int64(1)
		for j := range k {
			tiles[j] = tile
			tile++
			places *= int64(n - j)
		}
		table := make([]uint32, (places+7)/8)
		plain = append(plain, Term{Tiles: tiles, Table: table})
		refl = append(refl, Term{Tiles: tiles, Mirror: true, Table: table})
	}
	if tile != n-1 {
		t.Fatalf("patterns of %v tiles on a %dx%d board", sizes, w, h)
	}
	sums := [][]Term{plain}
	if w == h {
		sums = append(sums, refl)
	}
	return New(Config{W: w, H: h, Blank: n - 1, Sums: sums, Pruning: m})
}

// TestSolveTaxicab checks the engine on its own: with tables of zeros its
// heuristic is the taxicab distance, so its paths must be as short as A*'s
// with Manhattan distance, reach the goal, and count the same nodes on one
// thread whatever the run (a long solve with a checkpoint included).
func TestSolveTaxicab(t *testing.T) {
	t.Parallel()
	tests := []struct {
		w, h  int
		sizes []int
	}{
		{3, 3, []int{2, 2, 2, 2}}, // two sums: expand[two]
		{4, 3, []int{4, 4, 3}},    // one sum: expand[many]
	}
	r := rand.New(rand.NewPCG(5, 6))
	for _, tc := range tests {
		e := testEngine(t, tc.w, tc.h, tc.sizes)
		goal := sliding.Standard(tc.w, tc.h)
		for i := range 8 {
			b := sliding.Scramble(r, goal, 40)
			want, err := sliding.Search(context.Background(), b, goal, sliding.Options{Algorithm: sliding.AStar, Heuristic: sliding.Manhattan(goal)})
			if err != nil {
				t.Fatal(err)
			}
			cells := Cells(b, goal)
			if h := e.H(cells); h != sliding.Manhattan(goal).Estimate(b) {
				t.Errorf("%dx%d board %d: H %d, want the taxicab distance %d", tc.w, tc.h, i, h, sliding.Manhattan(goal).Estimate(b))
			}
			path, _, err := e.Solve(context.Background(), cells, search.Limits{}, nil)
			if err != nil {
				t.Fatal(err)
			}
			if len(path) != want.Len() {
				t.Errorf("%dx%d board %d: %d moves, want %d", tc.w, tc.h, i, len(path), want.Len())
			}
			// Play the path: each step moves the blank to a cell next to it.
			blank := e.blank
			at := -1
			for c, tl := range cells {
				if int(tl) == blank {
					at = c
				}
			}
			for _, c := range path {
				if d := int(c) - at; d != 1 && d != -1 && d != tc.w && d != -tc.w {
					t.Fatalf("%dx%d board %d: the blank jumps from %d to %d", tc.w, tc.h, i, at, c)
				}
				cells[at], cells[c] = cells[c], cells[at]
				at = int(c)
			}
			for c, tl := range cells {
				if int(tl) != c {
					t.Fatalf("%dx%d board %d: the path ends with tile %d on cell %d", tc.w, tc.h, i, tl, c)
				}
			}
			// A long solve on one thread, then with a checkpoint, then
			// answered from the finished checkpoint: the same moves and
			// nodes each time.
			ck := filepath.Join(t.TempDir(), "ck")
			cells = Cells(b, goal)
			id := Identity{Board: b, Goal: goal, Method: "taxicab"}
			var sols [3]sliding.Solution
			for j, opt := range []RunOptions{{Threads: 1}, {Threads: 1, Checkpoint: ck}, {Threads: 1, Checkpoint: ck}} {
				sols[j], err = e.Long(opt, id, func(rs *Run) (sliding.Solution, error) {
					if j == 2 {
						t.Errorf("%dx%d board %d: a finished checkpoint searched again", tc.w, tc.h, i)
					}
					p, st, err := e.Solve(context.Background(), cells, search.Limits{}, rs)
					return sliding.Solution{Moves: MovesOf(tc.w, at0(cells, blank), p, nil), Optimal: true, Stats: st}, err
				})
				if err != nil {
					t.Fatal(err)
				}
			}
			for j := 1; j < 3; j++ {
				if !slices.Equal(sols[j].Moves, sols[0].Moves) || sols[j].Stats.Expanded != sols[0].Stats.Expanded || len(sols[j].Moves) != want.Len() {
					t.Errorf("%dx%d board %d, run %d: %v, %d expanded; first run %v, %d expanded", tc.w, tc.h, i, j, sols[j].Moves, sols[j].Stats.Expanded, sols[0].Moves, sols[0].Stats.Expanded)
				}
			}
			if err := sliding.Verify(b, goal, sols[2].Moves); err != nil {
				t.Errorf("%dx%d board %d: from the checkpoint: %v", tc.w, tc.h, i, err)
			}
		}
	}
}

// at0 returns the cell of tile t in cells.
func at0(cells []uint8, t int) int {
	return slices.Index(cells, uint8(t))
}
