package sudoku

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strconv"
	"testing"
	"time"
)

// The benchmarks solve every puzzle of a data file in turn, looking for
// up to 2 solutions (the uniqueness check), single-threaded. One op is one
// puzzle; the puzzles/s metric is 1e9/ns/op. The Backtrack rows run the
// textbook backtracker on the first puzzles of the same files (a sample:
// it is slow). The cpu-puzzles/s metric divides by the benchmark thread's
// CPU time instead of the wall clock, which a loaded machine disturbs less.

var benchFiles = []struct{ name, file string }{
	{"17clue", "tdoku_17_clue.txt"},
	{"magictour", "magictour_top1465.txt"},
	{"hardest11plus", "forum_hardest_1905_11plus.txt"},
	{"hardest1106", "forum_hardest_1106.txt"},
	{"serg", "serg_benchmark.txt"},
	{"top50000", "sudokuvault_top50000.txt"},
	{"top95", "norvig_top95.txt"},
}

func loadPuzzles9(b *testing.B, file string, max int) [][81]uint8 {
	lines := readLines(b, file, max)
	out := make([][81]uint8, len(lines))
	for i, l := range lines {
		g := mustLine(b, l)
		copy(out[i][:], g.Cells)
	}
	return out
}

// reportRates reports puzzles per second by the wall clock and by the
// benchmark thread's CPU time (which a loaded machine disturbs less).
func reportRates(b *testing.B, cpu time.Duration) {
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "puzzles/s")
	if cpu > 0 {
		b.ReportMetric(float64(b.N)/cpu.Seconds(), "cpu-puzzles/s")
	}
}

// BenchmarkSolve runs the default 9x9 core (defaultCore9: the fastest
// the processor runs, or the one CoreEnv names).
func BenchmarkSolve(b *testing.B) { benchSolve9(b, defaultCore9) }

// BenchmarkSolveBands is BenchmarkSolve with coreBands.
func BenchmarkSolveBands(b *testing.B) { benchSolve9(b, coreBands) }

// BenchmarkSolveVector is BenchmarkSolve with coreVector's passes in Go.
func BenchmarkSolveVector(b *testing.B) { benchSolve9(b, coreVector) }

// BenchmarkSolveAVX2 is BenchmarkSolve with coreVectorAVX2.
func BenchmarkSolveAVX2(b *testing.B) { benchSolve9(b, coreVectorAVX2) }

// BenchmarkSolveAVX512 is BenchmarkSolve with coreVectorAVX512.
func BenchmarkSolveAVX512(b *testing.B) { benchSolve9(b, coreVectorAVX512) }

func benchSolve9(b *testing.B, core core9) {
	if !core.supported() {
		b.Skipf("%v: not on this processor", core)
	}
	for _, bf := range benchFiles {
		b.Run(bf.name, func(b *testing.B) {
			ps := loadPuzzles9(b, bf.file, -1)
			var sv solver9
			sv.core = core
			var guesses, points int64
			b.ResetTimer()
			cpu := threadCPU()
			for i := 0; i < b.N; i++ {
				if sv.solve9(&ps[i%len(ps)], 2) == 0 {
					b.Fatal("no solution")
				}
				guesses += sv.guesses
				points += sv.points
			}
			reportRates(b, cpu())
			b.ReportMetric(float64(guesses)/float64(b.N), "guesses/puzzle")
			b.ReportMetric(float64(points)/float64(b.N), "branchpoints/puzzle")
		})
	}
}

// benchGrids runs solve over the puzzles of file (the first max, or all
// when max is negative) in turn, looking for up to 2 solutions each.
func benchGrids(b *testing.B, file string, max int, solve func(context.Context, Grid, Options) (Result, error)) {
	lines := readLines(b, file, max)
	gs := make([]Grid, len(lines))
	for i, l := range lines {
		gs[i] = mustLine(b, l)
	}
	ctx := context.Background()
	b.ResetTimer()
	cpu := threadCPU()
	for i := 0; i < b.N; i++ {
		if _, err := solve(ctx, gs[i%len(gs)], Options{Limit: 2}); err != nil {
			b.Fatal(err)
		}
	}
	reportRates(b, cpu())
}

// BenchmarkSolveAPI measures the public Solve (with its checks and
// allocations) on the 17-clue file.
func BenchmarkSolveAPI(b *testing.B) {
	benchGrids(b, "tdoku_17_clue.txt", -1, Solve)
}

func BenchmarkBacktrack(b *testing.B) {
	for _, bf := range benchFiles {
		b.Run(bf.name, func(b *testing.B) {
			// The textbook method needs seconds for a 17-clue puzzle,
			// tens of milliseconds for a hard one: a small sample.
			sample := 20
			if bf.name == "17clue" {
				sample = 3
			}
			benchGrids(b, bf.file, sample, Backtrack)
		})
	}
}

// BenchmarkGeneral runs the general solver on 9x9 puzzles, for comparison
// with the band solver.
func BenchmarkGeneral(b *testing.B) {
	benchGrids(b, "magictour_top1465.txt", -1, solveGeneral)
}

// BenchmarkInitV measures coreVector's set-up alone on serg_benchmark
// (easy puzzles, where it is a larger share of the time).
func BenchmarkInitV(b *testing.B) {
	ps := loadPuzzles9(b, "serg_benchmark.txt", -1)
	var s stateV
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if !s.initV(&ps[i%len(ps)], defaultCore9) {
			b.Fatal("rejected")
		}
	}
}

// BenchmarkSolveLines runs SolveLines over each whole data file as the
// command does: "first" stops at one solution and formats it into a
// reused buffer, "count" counts up to 2 solutions. One op is one puzzle.
func BenchmarkSolveLines(b *testing.B) {
	for _, bf := range benchFiles {
		data, err := os.ReadFile(filepath.Join(dataDir, bf.file))
		if err != nil {
			b.Fatalf("data set: %v", err)
		}
		n := bytes.Count(data, []byte{'\n'})
		for _, mode := range []string{"first", "count"} {
			b.Run(bf.name+"/"+mode, func(b *testing.B) {
				opt := LineOptions{Options: Options{Limit: 1}}
				if mode == "count" {
					opt.Options = Options{Limit: 2, NoSolution: true}
				}
				var sv Solver
				out := make([]byte, 0, 64<<10)
				var guesses int64
				b.ResetTimer()
				cpu := threadCPU()
				for done := 0; done < b.N; done += n {
					err := sv.SolveLines(context.Background(), bytes.NewReader(data), opt, func(a *LineAnswer) error {
						guesses += a.Result.Guesses
						if mode == "count" {
							out = strconv.AppendInt(out, int64(a.Result.Count), 10)
							out = append(out, '\n')
						} else {
							out = AppendFormat(out, FormatLine, a.Result.Solution)
						}
						if len(out) > cap(out)-1024 {
							out = out[:0]
						}
						return nil
					})
					if err != nil {
						b.Fatal(err)
					}
				}
				b.StopTimer()
				// b.N rounded up to whole files.
				el := cpu()
				total := (b.N + n - 1) / n * n
				b.ReportMetric(float64(total)/b.Elapsed().Seconds(), "puzzles/s")
				if el > 0 {
					b.ReportMetric(float64(total)/el.Seconds(), "cpu-puzzles/s")
				}
				b.ReportMetric(float64(guesses)/float64(total), "guesses/puzzle")
			})
		}
	}
}

// BenchmarkRate rates the puzzles of the Sudoku Explainer reference files
// (testdata/se-ratings-*.txt) band by band of SE's ER, below 11; one op
// rates every puzzle of the band once, and cpu-ms/puzzle is the process's
// CPU time per puzzle. Each rating is checked against SE's.
func BenchmarkRate(b *testing.B) {
	bands := map[int][]Grid{}
	want := map[int][]Rating{}
	for _, name := range seRatingFiles {
		data, err := os.ReadFile(filepath.Join("testdata", name))
		if err != nil {
			b.Skip(err)
		}
		for _, line := range bytes.Split(data, []byte("\n")) {
			f := bytes.Fields(line)
			if len(f) < 4 || line[0] == '#' {
				continue
			}
			var r [3]float64
			for k := range r {
				r[k], _ = strconv.ParseFloat(string(f[1+k]), 64)
			}
			if r[0] >= 11 {
				continue
			}
			band := int(r[0])
			bands[band] = append(bands[band], mustLine(b, string(f[0])))
			want[band] = append(want[band], Rating{r[0], r[1], r[2]})
		}
	}
	for band := 1; band <= 10; band++ {
		ps := bands[band]
		if len(ps) == 0 {
			continue
		}
		b.Run(strconv.Itoa(band)+".x", func(b *testing.B) {
			ctx := context.Background()
			cpu := threadCPU()
			for i := 0; i < b.N; i++ {
				for k, p := range ps {
					r, _, err := Rate(ctx, p)
					if err != nil || r != want[band][k] {
						b.Fatalf("%v: rated %v (%v), SE %v", p, r, err, want[band][k])
					}
				}
			}
			b.ReportMetric(float64(cpu().Microseconds())/1000/float64(b.N*len(ps)), "cpu-ms/puzzle")
		})
	}
}
