package sliding

import (
	"bytes"
	"context"
	"testing"
)

func BenchmarkTableBuild(b *testing.B) {
	goal := Standard(3, 3)
	for b.Loop() {
		NewTable(goal)
	}
}

// BenchmarkTableDistance is one query: rank a board and load its distance.
func BenchmarkTableDistance(b *testing.B) {
	t := TableFor(Standard(3, 3))
	boards := batchBOJ11112(1024, 2)
	i := 0
	for b.Loop() {
		t.Distance(boards[i&1023])
		i++
	}
}

// BenchmarkTablePath is a query plus the walk down the table to the goal.
func BenchmarkTablePath(b *testing.B) {
	t := TableFor(Standard(3, 3))
	boards := batchBOJ11112(1024, 2)
	i := 0
	for b.Loop() {
		t.Path(boards[i&1022]) // even: solvable
		i += 2
	}
}

// BenchmarkBatch100k parses the 100,000-board BOJ 11112 batch and finds
// every length (the table is built once, before the timer).
func BenchmarkBatch100k(b *testing.B) {
	var in bytes.Buffer
	Write(&in, BOJ11112, batchBOJ11112(100000, 1))
	data := in.Bytes()
	t := TableFor(Standard(3, 3))
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		cases, err := ParseAll(bytes.NewReader(data), BOJ11112, 0, 0)
		if err != nil {
			b.Fatal(err)
		}
		for _, c := range cases {
			t.Distance(c.Board)
		}
	}
}

// BenchmarkIDAStar4x4 solves the 10 easiest of Korf's 100 15-puzzle
// instances (41 to 45 moves) with the tuned IDA* and each heuristic.
// Misplaced tiles cannot finish those in reasonable time; it runs on the
// 10 scrambles of BenchmarkIDAStar4x4Short instead.
func BenchmarkIDAStar4x4(b *testing.B) {
	boards, _ := korf(b, 45)
	goal := korfGoal()
	for _, name := range []string{"manhattan", "linear"} {
		h := heuristicNamed(name, goal)
		b.Run(name, func(b *testing.B) {
			benchIDA(b, boards, goal, h)
		})
	}
}

// BenchmarkIDAStar4x4Short solves 10 fixed 4x4 boards of 20 to 30 moves
// (seeded 40-move random walks whose linear-conflict estimate is 14 to 18)
// with the tuned IDA* and each heuristic.
func BenchmarkIDAStar4x4Short(b *testing.B) {
	goal := Standard(4, 4)
	boards := shortBoards(goal)
	for _, name := range heuristicNames {
		h := heuristicNamed(name, goal)
		b.Run(name, func(b *testing.B) {
			benchIDA(b, boards, goal, h)
		})
	}
}

func shortBoards(goal Board) []Board {
	r := newRand(44)
	var boards []Board
	for len(boards) < 10 {
		bd := Scramble(r, goal, 40)
		if d := LinearConflict(goal).Estimate(bd); d >= 14 && d <= 18 {
			boards = append(boards, bd)
		}
	}
	return boards
}

func benchIDA(b *testing.B, boards []Board, goal Board, h Heuristic) {
	var nodes int64
	for b.Loop() {
		nodes = 0
		for _, bd := range boards {
			sol, err := Search(context.Background(), bd, goal, Options{Algorithm: IDAStar, Tuned: true, Heuristic: h})
			if err != nil {
				b.Fatal(err)
			}
			nodes += sol.Stats.Expanded
		}
	}
	b.ReportMetric(float64(nodes), "expanded/op")
}

// BenchmarkDistancesBOJ11112 answers the 50,000-board BOJ 11112 batch of
// docs/benchmarks.md (seed 1, half unsolvable) in one pass over the input
// (Table.Distances), the table already built.
func BenchmarkDistancesBOJ11112(b *testing.B) {
	var in bytes.Buffer
	if err := Write(&in, BOJ11112, batchBOJ11112(50000, 1)); err != nil {
		b.Fatal(err)
	}
	t := TableFor(Standard(3, 3))
	dst := make([]int8, 0, 50000)
	b.SetBytes(int64(in.Len()))
	for b.Loop() {
		if _, err := t.Distances(dst[:0], in.Bytes(), BOJ11112); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkTableUnmarshal reads a 3x3 table back from its binary form, as
// a Solver does from its file.
func BenchmarkTableUnmarshal(b *testing.B) {
	data, _ := TableFor(Standard(3, 3)).MarshalBinary()
	for b.Loop() {
		var t Table
		if err := t.UnmarshalBinary(data); err != nil {
			b.Fatal(err)
		}
	}
}
