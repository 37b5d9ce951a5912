package search_test

import (
	"context"
	"fmt"
	"iter"
	"math/rand/v2"
	"sync"
	"testing"

	"github.com/searchlab/searchlab/internal/gridbench"
	"github.com/searchlab/searchlab/search"
)

// The benchmarks search an open n x n grid from one corner to the other:
// they measure the engine's own overhead per node (maps, heap, iterators).
const gridSide = 64

type cell struct{ r, c int16 }

func gridNext(p cell) iter.Seq2[cell, int] {
	return func(yield func(cell, int) bool) {
		if p.r > 0 && !yield(cell{p.r - 1, p.c}, 1) {
			return
		}
		if p.r < gridSide-1 && !yield(cell{p.r + 1, p.c}, 1) {
			return
		}
		if p.c > 0 && !yield(cell{p.r, p.c - 1}, 1) {
			return
		}
		if p.c < gridSide-1 {
			yield(cell{p.r, p.c + 1}, 1)
		}
	}
}

var corner = cell{gridSide - 1, gridSide - 1}

func atCorner(p cell) bool { return p == corner }

func gridH(p cell) int { return int(corner.r-p.r) + int(corner.c-p.c) }

func BenchmarkBFSGrid(b *testing.B) {
	for b.Loop() {
		if _, err := search.BFS(context.Background(), cell{}, gridNext, atCorner, search.Limits{}); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkDijkstraGrid(b *testing.B) {
	for b.Loop() {
		if _, err := search.AStar(context.Background(), cell{}, gridNext, func(cell) int { return 0 }, atCorner, search.Limits{}); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkAStarGrid(b *testing.B) {
	for b.Loop() {
		if _, err := search.AStar(context.Background(), cell{}, gridNext, gridH, atCorner, search.Limits{}); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkIDAStarGrid(b *testing.B) {
	for b.Loop() {
		if _, err := search.IDAStar(context.Background(), cell{}, gridNext, gridH, atCorner, search.Limits{}); err != nil {
			b.Fatal(err)
		}
	}
}

// The grid benchmarks search the 1000 x 1000 grid of internal/gridbench
// (20% walls, seeded) corner to corner, called as a user writes them:
// struct states, an iter.Seq2 of the open neighbours, Manhattan distance.
// scripts/bench-grid.sh compares the same searches with textbook C++.
var benchGrid = sync.OnceValue(gridbench.Benchmark)

func BenchmarkGrid1000AStar(b *testing.B) {
	g := benchGrid()
	for b.Loop() {
		if _, err := search.AStar(context.Background(), g.Start(), g.Next, g.Manhattan, g.IsGoal, search.Limits{}); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkGrid1000Dijkstra(b *testing.B) {
	g := benchGrid()
	for b.Loop() {
		if _, err := search.Dijkstra(context.Background(), g.Start(), g.Next, g.IsGoal, search.Limits{}); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkGrid1000AStarIndex(b *testing.B) {
	g := benchGrid()
	for b.Loop() {
		if _, err := search.AStar(context.Background(), g.Start(), g.Next, g.Manhattan, g.IsGoal, search.Limits{Index: g.Index}); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkGrid1000DijkstraIndex(b *testing.B) {
	g := benchGrid()
	for b.Loop() {
		if _, err := search.Dijkstra(context.Background(), g.Start(), g.Next, g.IsGoal, search.Limits{Index: g.Index}); err != nil {
			b.Fatal(err)
		}
	}
}

// The 8-puzzle benchmarks solve 20 random boards of 20 to 26 moves with
// A* (Manhattan distance) and BFS, the boards packed into one integer
// (hashed by the searches' own table) and as a struct of int8 tiles.
var (
	eightOnce sync.Once
	eightList []packed
)

func eightBoards(tb testing.TB) []packed {
	eightOnce.Do(func() { eightList = boardsAt(tb, rand.New(rand.NewPCG(5, 6)), 20, 20, 26) })
	return eightList
}

func BenchmarkEightPuzzleAStar(b *testing.B) { eightPuzzleAStar(b, 1) }

// eightPuzzleAStar solves the 8-puzzle boards by A* with the Manhattan
// distance weighted by w (1: plain A*).
func eightPuzzleAStar(b *testing.B, w float64) {
	goal := pack(solved(3, 3))
	next, h := movesPacked(3, 3), manhattanPacked(3, 3, goal)
	atGoal := func(p packed) bool { return p == goal }
	boards := eightBoards(b)
	for b.Loop() {
		for _, p := range boards {
			if _, err := search.WeightedAStar(context.Background(), p, next, h, w, atGoal, search.Limits{}); err != nil {
				b.Fatal(err)
			}
		}
	}
}

func BenchmarkEightPuzzleBFS(b *testing.B) {
	goal := pack(solved(3, 3))
	next := movesPacked(3, 3)
	atGoal := func(p packed) bool { return p == goal }
	boards := eightBoards(b)
	for b.Loop() {
		for _, p := range boards[:2] {
			if _, err := search.BFS(context.Background(), p, next, atGoal, search.Limits{}); err != nil {
				b.Fatal(err)
			}
		}
	}
}

func BenchmarkEightPuzzleAStarBoards(b *testing.B) {
	goal := solved(3, 3)
	var boards []board
	for _, p := range eightBoards(b) {
		bd := board{w: 3, h: 3}
		for i := range 9 {
			bd.tiles[i] = int8(p.at(i))
		}
		boards = append(boards, bd)
	}
	hp := manhattanPacked(3, 3, pack(goal))
	h := func(bd board) int { return hp(pack(bd)) }
	atGoal := func(bd board) bool { return bd == goal }
	for b.Loop() {
		for _, bd := range boards {
			if _, err := search.AStar(context.Background(), bd, moves, h, atGoal, search.Limits{}); err != nil {
				b.Fatal(err)
			}
		}
	}
}

// BenchmarkEightPuzzleWeightedAStar solves the boards of the 8-puzzle
// benchmarks by weighted A*, whose pushes often fall below the least f on
// the open list.
func BenchmarkEightPuzzleWeightedAStar(b *testing.B) {
	for _, w := range []float64{2, 5} {
		b.Run(fmt.Sprint("w", w), func(b *testing.B) { eightPuzzleAStar(b, w) })
	}
}
