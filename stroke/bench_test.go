package stroke

import (
	"context"
	"math/rand/v2"
	"slices"
	"testing"
	"time"
)

// benchBoards returns n seeded random boards; seed 1 is what the README's
// figures use.
func benchBoards(n, rows, cols, ncol int, holes float64) []*Board {
	rng := rand.New(rand.NewPCG(1, uint64(rows*1000+cols*10+ncol)))
	bs := make([]*Board, n)
	for i := range bs {
		bs[i] = randomBoard(rng, rows, cols, ncol, holes)
	}
	return bs
}

// benchSet solves every board of a set once per iteration and reports the
// median and worst time per board and the mean nodes per board.
func benchSet(b *testing.B, boards []*Board, solve func(*Board) (Result, error)) {
	times := make([]time.Duration, 0, len(boards)*b.N)
	var nodes int64
	b.ResetTimer()
	for range b.N {
		for _, bd := range boards {
			t0 := time.Now()
			r, err := solve(bd)
			times = append(times, time.Since(t0))
			if err != nil || !r.Optimal {
				b.Fatalf("%s: %v %v", boardText(bd), r, err)
			}
			nodes += r.Nodes
		}
	}
	b.StopTimer()
	slices.Sort(times)
	b.ReportMetric(float64(times[len(times)/2].Nanoseconds())/1e3, "median-us/board")
	b.ReportMetric(float64(times[len(times)-1].Nanoseconds())/1e3, "worst-us/board")
	b.ReportMetric(float64(nodes)/float64(len(times)), "nodes/board")
	b.ReportMetric(0, "ns/op")
	var total time.Duration
	for _, t := range times {
		total += t
	}
	b.ReportMetric(total.Seconds()/float64(b.N), "s/set")
}

var benchCases = []struct {
	name             string
	n                int
	rows, cols, ncol int
	holes            float64
}{
	{"9x9-4colours", 1000, 9, 9, 4, 0},
	{"9x9-2colours", 100, 9, 9, 2, 0},
	{"12x12-2colours", 100, 12, 12, 2, 0},
	{"9x9-1colour-70pct", 100, 9, 9, 1, 0.3},
	{"12x12-1colour-70pct", 20, 12, 12, 1, 0.3},
}

// BenchmarkSolve times the solver, one set of seeded boards per iteration.
func BenchmarkSolve(b *testing.B) {
	for _, c := range benchCases {
		boards := benchBoards(c.n, c.rows, c.cols, c.ncol, c.holes)
		b.Run(c.name, func(b *testing.B) {
			s := NewSolver()
			benchSet(b, boards, func(bd *Board) (Result, error) { return s.Solve(context.Background(), bd, Options{}) })
		})
	}
}
