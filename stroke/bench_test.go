package stroke

import (
	"context"
	"errors"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"github.com/searchlab/searchlab/search"
)

// benchBoards returns n seeded random boards; seed 1 is what the figures
// of docs/benchmarks.md use.
func benchBoards(n, rows, cols, ncol int, holes float64) []*Board {
	rng := rand.New(rand.NewPCG(1, uint64(rows*1000+cols*10+ncol)))
	bs := make([]*Board, n)
	for i := range bs {
		bs[i] = Random(rng, rows, cols, ncol, holes)
	}
	return bs
}

// benchSet solves every board of a set once per iteration. It reports the
// median and worst time per board, taking for each board the least of its
// times over the iterations (the machine is shared, so the least is the
// board's own cost), the sum of those least times (least-s/set), the mean
// nodes per board, and the mean wall time per set (s/set).
//
// A board not proven within the set's node cap counts with the time it took
// to reach the cap, and the number of such boards is reported as unproven.
func benchSet(b *testing.B, boards []*Board, solve func(*Board) (Result, error)) {
	least := make([]time.Duration, len(boards))
	var nodes int64
	unproven := 0
	b.ResetTimer()
	for it := range b.N {
		for i, bd := range boards {
			t0 := time.Now()
			r, err := solve(bd)
			d := time.Since(t0)
			if err != nil && !errors.Is(err, search.ErrLimit) {
				b.Fatalf("%s: %v %v", boardText(bd), r, err)
			}
			if !r.Optimal && it == 0 {
				unproven++
			}
			if it == 0 || d < least[i] {
				least[i] = d
			}
			nodes += r.Nodes
		}
	}
	b.StopTimer()
	slices.Sort(least)
	b.ReportMetric(float64(least[len(least)/2].Nanoseconds())/1e3, "median-us/board")
	b.ReportMetric(float64(least[len(least)-1].Nanoseconds())/1e3, "worst-us/board")
	b.ReportMetric(float64(nodes)/float64(len(boards)*b.N), "nodes/board")
	b.ReportMetric(b.Elapsed().Seconds()/float64(b.N), "s/set")
	var sum time.Duration
	for _, d := range least {
		sum += d
	}
	b.ReportMetric(sum.Seconds(), "least-s/set")
	b.ReportMetric(float64(unproven), "unproven")
	b.ReportMetric(0, "ns/op")
}

// benchCases are the benchmark sets: random boards of a size and number of
// colours (one colour: 30% holes), and a node cap per board (0: none).
var benchCases = []struct {
	name             string
	n                int
	rows, cols, ncol int
	holes            float64
	maxNodes         int64
}{
	{"9x9-4colours", 1000, 9, 9, 4, 0, 0},
	{"9x9-2colours", 100, 9, 9, 2, 0, 0},
	{"12x12-2colours", 100, 12, 12, 2, 0, 0},
	{"9x9-1colour-70pct", 100, 9, 9, 1, 0.3, 0},
	{"12x12-1colour-70pct", 100, 12, 12, 1, 0.3, 200_000},
}

// BenchmarkSolve times the solver, one set of seeded boards per iteration.
func BenchmarkSolve(b *testing.B) {
	first20 := benchBoards(100, 12, 12, 2, 0)[:20]
	b.Run("12x12-2colours-first20", func(b *testing.B) {
		s := NewSolver()
		benchSet(b, first20, func(bd *Board) (Result, error) { return s.Solve(context.Background(), bd, Options{}) })
	})
	for _, c := range benchCases {
		boards := benchBoards(c.n, c.rows, c.cols, c.ncol, c.holes)
		b.Run(c.name, func(b *testing.B) {
			s := NewSolver()
			benchSet(b, boards, func(bd *Board) (Result, error) {
				return s.Solve(context.Background(), bd, Options{Limits: search.Limits{MaxNodes: c.maxNodes}})
			})
		})
	}
}

// BenchmarkSolveGeneric times the same search through the generic
// search.BranchAndBound (no memoisation) on the 9x9 sets and the first 20
// boards of the 12x12 two-colour set (the whole set takes it minutes);
// BenchmarkSolve/12x12-2colours-first20 is the specialised loop on those.
func BenchmarkSolveGeneric(b *testing.B) {
	for _, c := range benchCases[:3] {
		boards := benchBoards(c.n, c.rows, c.cols, c.ncol, c.holes)
		if c.rows == 12 {
			boards, c.name = boards[:20], c.name+"-first20"
		}
		b.Run(c.name, func(b *testing.B) {
			s := NewSolver()
			benchSet(b, boards, func(bd *Board) (Result, error) { return s.SolveGeneric(context.Background(), bd, Options{}) })
		})
	}
}
