package pdbsearch_test

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/searchlab/searchlab/search"
	"github.com/searchlab/searchlab/sliding"
	"github.com/searchlab/searchlab/sliding/pdb"
	"github.com/searchlab/searchlab/sliding/solve/internal/pdbsearch"
)

// The long runs: go test ./sliding/solve/internal/pdbsearch -run Korf -pdb.korf (and -pdb.partition,
// -pdb.dir). They use, and if need be build, the databases in the cache.
var (
	korfFlag  = flag.Bool("pdb.korf", false, "solve Korf's 100 15-puzzle instances (needs or builds the databases)")
	korf24    = flag.String("pdb.korf24", "", "solve these 24-puzzle instances of korf24_50.txt (1-based, comma-separated)")
	partFlag  = flag.String("pdb.partition", "7-8", "partition for -pdb.korf")
	partsFlag = flag.String("pdb.partitions", "7-8,6-6-3,5-5-5", "partitions for BenchmarkKorf100, comma-separated; a -nomirror suffix turns the mirror lookup off")
	dirFlag   = flag.String("pdb.dir", "", "database directory for the long runs (default: the user cache)")
	inMemory  = flag.Bool("pdb.inmemory", false, "read the long runs' databases into memory (Options.InMemory) instead of mapping them")
	korfFirst = flag.Int("pdb.first", 100, "solve only the first N instances with -pdb.korf")
)

var korf24Set = flag.String("pdb.korf24set", "6-6-6-6", "the database set of -pdb.korf24 and -bench Easy24: 6-6-6-6, catalogue, or either prefixed with zero: (zero-aware)")

// dataDir holds korf100.txt and korf24_50.txt: $SEARCHLAB_DATA when it is
// set, else the copies in sliding/testdata.
var dataDir = flag.String("pdb.data", defaultDataDir(), "directory of korf100.txt and korf24_50.txt (default $SEARCHLAB_DATA, else sliding/testdata)")

func defaultDataDir() string {
	if d := os.Getenv("SEARCHLAB_DATA"); d != "" {
		return d
	}
	return filepath.Join("..", "..", "..", "testdata") // sliding/testdata
}

type instance struct {
	board sliding.Board
	want  int
}

// readInstances reads a file of instances: w*h numbers and the optimal
// length a line, '#' lines are comments.
func readInstances(tb testing.TB, name string, w int) []instance {
	tb.Helper()
	f, err := os.Open(filepath.Join(*dataDir, name))
	if err != nil {
		tb.Fatalf("data set: %v", err)
	}
	defer f.Close()
	var out []instance
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || line[0] == '#' {
			continue
		}
		var nums []int
		for _, fld := range strings.Fields(line) {
			x, err := strconv.Atoi(fld)
			if err != nil {
				tb.Fatalf("%s: %q: %v", name, line, err)
			}
			nums = append(nums, x)
		}
		b, err := sliding.New(w, w, nums[:w*w])
		if err != nil {
			tb.Fatalf("%s: %v", name, err)
		}
		out = append(out, instance{b, nums[w*w]})
	}
	return out
}

func canonicalGoal(w int) sliding.Board {
	tiles := make([]int, w*w)
	for i := range tiles {
		tiles[i] = i
	}
	b, _ := sliding.New(w, w, tiles)
	return b
}

func openLong(tb testing.TB, w int, partition string) *pdbsearch.Searcher {
	tb.Helper()
	start := time.Now()
	s, err := pdb.Open(context.Background(), w, w, 0, partition, pdb.Options{Dir: *dirFlag, Log: os.Stderr, InMemory: *inMemory})
	if err != nil {
		tb.Fatal(err)
	}
	tb.Logf("opened %dx%d %s in %v (%d MB)", w, w, partition, time.Since(start).Round(time.Millisecond), s.Bytes()>>20)
	return pdbsearch.New(s)
}

// TestKorf100 solves Korf's 100 instances and checks every length against
// the file. It runs only with -pdb.korf.
func TestKorf100(t *testing.T) {
	if !*korfFlag {
		t.Skip("the Korf 100 run needs -pdb.korf")
	}
	insts := readInstances(t, "korf100.txt", 4)
	name, plain := strings.CutSuffix(*partFlag, "-nomirror")
	s := openLong(t, 4, name)
	if plain {
		s = pdbsearch.New(s.Set().WithoutMirror())
	}
	goal := canonicalGoal(4)
	var nodes, gen int64
	var total time.Duration
	var worst time.Duration
	cpu0 := cpuTime()
	for i, in := range insts[:min(*korfFirst, len(insts))] {
		start := time.Now()
		sol, err := s.Solve(context.Background(), in.board, goal, search.Limits{}, pdbsearch.RunOptions{})
		el := time.Since(start)
		if err != nil {
			t.Fatalf("#%d: %v", i+1, err)
		}
		if len(sol.Moves) != in.want {
			t.Errorf("#%d: %d moves, want %d", i+1, len(sol.Moves), in.want)
		}
		if end, err := in.board.Apply(sol.Moves...); err != nil || !end.Equal(goal) {
			t.Errorf("#%d: the moves do not reach the goal", i+1)
		}
		nodes += sol.Stats.Expanded
		gen += sol.Stats.Generated
		total += el
		worst = max(worst, el)
		if testing.Verbose() {
			fmt.Printf("#%d len %d expanded %d generated %d %v\n", i+1, len(sol.Moves), sol.Stats.Expanded, sol.Stats.Generated, el.Round(time.Microsecond))
		}
	}
	n := int64(min(*korfFirst, len(insts)))
	cpu := cpuTime() - cpu0
	t.Logf("%s: %d instances, %d expanded, %d generated per instance; %v in all, %v per instance, worst %v; processor time %v in all",
		s.Set().Method(), n, nodes/n, gen/n, total.Round(time.Millisecond), (total / time.Duration(n)).Round(time.Microsecond), worst.Round(time.Millisecond), cpu.Round(time.Millisecond))
}

// korf24Picks skips the test with skip when list is empty; otherwise it
// reads korf24_50.txt, opens the -pdb.korf24set databases and returns them
// with the goal, the instances and the 1-based instance numbers in list
// (comma-separated). A number that names no instance fails the test,
// naming the flag flagName.
func korf24Picks(t *testing.T, flagName, list, skip string) (*pdbsearch.Searcher, sliding.Board, []instance, []int) {
	t.Helper()
	if list == "" {
		t.Skip(skip)
	}
	insts := readInstances(t, "korf24_50.txt", 5)
	s := openLong(t, 5, *korf24Set)
	var ks []int
	for _, f := range strings.Split(list, ",") {
		k, err := strconv.Atoi(f)
		if err != nil || k < 1 || k > len(insts) {
			t.Fatalf("-%s: %q is not an instance number", flagName, f)
		}
		ks = append(ks, k)
	}
	return s, canonicalGoal(5), insts, ks
}

// TestKorf24 solves the 24-puzzle instances named by -pdb.korf24.
func TestKorf24(t *testing.T) {
	s, goal, insts, ks := korf24Picks(t, "pdb.korf24", *korf24, "the 24-puzzle run needs -pdb.korf24=38,40,...")
	for _, k := range ks {
		in := insts[k-1]
		start := time.Now()
		cpu0 := cpuTime()
		sol, err := s.Solve(context.Background(), in.board, goal, search.Limits{}, pdbsearch.RunOptions{})
		if err != nil {
			t.Fatalf("#%d: %v", k, err)
		}
		if len(sol.Moves) != in.want {
			t.Errorf("#%d: %d moves, want %d", k, len(sol.Moves), in.want)
		}
		t.Logf("#%d: %d moves (want %d), %d expanded, %d generated, %v (processor time %v)", k, len(sol.Moves), in.want, sol.Stats.Expanded, sol.Stats.Generated, time.Since(start).Round(time.Millisecond), (cpuTime() - cpu0).Round(time.Millisecond))
	}
}

// BenchmarkKorf100 solves all 100 instances an op for each partition of
// -pdb.partitions, reporting nodes and time per instance. The databases
// come from -pdb.dir or the user cache, built there first if missing.
func BenchmarkKorf100(b *testing.B) {
	insts := readInstances(b, "korf100.txt", 4)
	goal := canonicalGoal(4)
	for _, part := range strings.Split(*partsFlag, ",") {
		b.Run(part, func(b *testing.B) {
			name, plain := strings.CutSuffix(part, "-nomirror")
			s := openLong(b, 4, name)
			if plain {
				s = pdbsearch.New(s.Set().WithoutMirror())
			}
			b.ResetTimer()
			cpu0 := cpuTime()
			var nodes, gen int64
			for range b.N {
				nodes, gen = 0, 0
				for i, in := range insts {
					sol, err := s.Solve(context.Background(), in.board, goal, search.Limits{}, pdbsearch.RunOptions{})
					if err != nil || len(sol.Moves) != in.want {
						b.Fatalf("#%d: %d moves, want %d, %v", i+1, len(sol.Moves), in.want, err)
					}
					nodes += sol.Stats.Expanded
					gen += sol.Stats.Generated
				}
			}
			b.ReportMetric(float64(nodes)/float64(len(insts)), "expanded/inst")
			b.ReportMetric(float64(gen)/float64(len(insts)), "generated/inst")
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(insts))/1e6, "ms/inst")
			b.ReportMetric(float64((cpuTime()-cpu0).Nanoseconds())/float64(b.N*len(insts))/1e6, "cpu-ms/inst")
		})
	}
}

// hardest80 are two of the 15-puzzle positions that need 80 moves, the
// most any position needs (Brüngger et al. 1999), for Korf's goal (blank
// top-left).
var hardest80 = []string{
	"15 14 8 12 10 11 9 13 2 6 5 1 3 7 4 0",
	"15 11 13 12 14 10 8 9 7 2 5 1 3 6 4 0",
}

// BenchmarkHardest80 solves the 80-move positions with 7-8 + mirror.
func BenchmarkHardest80(b *testing.B) {
	s := openLong(b, 4, "7-8")
	goal := canonicalGoal(4)
	for i, txt := range hardest80 {
		var tiles []int
		for _, f := range strings.Fields(txt) {
			x, _ := strconv.Atoi(f)
			tiles = append(tiles, x)
		}
		board, err := sliding.New(4, 4, tiles)
		if err != nil {
			b.Fatal(err)
		}
		b.Run(strconv.Itoa(i+1), func(b *testing.B) {
			var sol sliding.Solution
			cpu0 := cpuTime()
			for range b.N {
				if sol, err = s.Solve(context.Background(), board, goal, search.Limits{}, pdbsearch.RunOptions{}); err != nil {
					b.Fatal(err)
				}
			}
			if len(sol.Moves) != 80 {
				b.Fatalf("%d moves, want 80", len(sol.Moves))
			}
			b.ReportMetric(float64(sol.Stats.Expanded), "expanded")
			b.ReportMetric(float64(sol.Stats.Generated), "generated")
			b.ReportMetric(float64((cpuTime()-cpu0).Nanoseconds())/float64(b.N)/1e9, "cpu-s/op")
		})
	}
}

var korf24Resume = flag.String("pdb.korf24resume", "", "interrupt and resume these 24-puzzle instances of korf24_50.txt (1-based, comma-separated), such as 40,25")

// TestKorf24Resume solves each instance named by -pdb.korf24resume with
// -pdb.korf24set (6-6-6-6 by default), stops it with a node cap at a third and at two thirds of its
// nodes, resumes it from the checkpoint each time, and checks the length
// against the file and that no finished iteration is searched again.
func TestKorf24Resume(t *testing.T) {
	s, goal, insts, ks := korf24Picks(t, "pdb.korf24resume", *korf24Resume, "needs -pdb.korf24resume=40,25")
	for _, k := range ks {
		in := insts[k-1]
		full, err := s.Solve(context.Background(), in.board, goal, search.Limits{}, pdbsearch.RunOptions{})
		if err != nil || len(full.Moves) != in.want {
			t.Fatalf("#%d: %d moves, want %d (%v)", k, len(full.Moves), in.want, err)
		}
		ck := filepath.Join(t.TempDir(), "ck")
		// Stop at a third, then at two thirds, then finish.
		for _, cap := range []int64{full.Stats.Expanded / 3, full.Stats.Expanded / 3} {
			_, err := s.Solve(context.Background(), in.board, goal, search.Limits{MaxNodes: cap}, pdbsearch.RunOptions{Checkpoint: ck})
			if !errors.Is(err, search.ErrLimit) {
				t.Fatalf("#%d: stopped after %d nodes: %v", k, cap, err)
			}
			info, err := pdbsearch.ReadCheckpoint(ck)
			if err != nil {
				t.Fatal(err)
			}
			t.Logf("#%d: stopped at bound %d, %d iterations finished, %d subtrees, %d expanded", k, info.Bound, info.Iterations, info.Subtrees, info.Expanded)
		}
		info, _ := pdbsearch.ReadCheckpoint(ck)
		low := 0
		sol, err := s.Solve(context.Background(), in.board, goal, search.Limits{}, pdbsearch.RunOptions{Checkpoint: ck,
			Iteration: func(r pdbsearch.IterationReport) {
				if low == 0 {
					low = r.Bound
				}
			}})
		if err != nil || len(sol.Moves) != in.want {
			t.Fatalf("#%d resumed: %d moves, want %d (%v)", k, len(sol.Moves), in.want, err)
		}
		if err := sliding.Verify(in.board, goal, sol.Moves); err != nil {
			t.Fatalf("#%d resumed: %v", k, err)
		}
		if low != info.Bound {
			t.Errorf("#%d: resumed at bound %d, checkpoint at %d", k, low, info.Bound)
		}
		t.Logf("#%d: %d moves; uninterrupted %d expanded, stopped twice and resumed %d expanded", k, len(sol.Moves), full.Stats.Expanded, sol.Stats.Expanded)
	}
}

// easy24 are the four easiest of Korf & Felner's 50 boards by their
// published expansions (#38, #40, #25, #32), a fixed set for
// BenchmarkEasy24.
var easy24 = []int{38, 40, 25, 32}

// BenchmarkEasy24 solves the easy24 boards an op with -pdb.korf24set
// (6-6-6-6 + mirror by default, or catalogue) on
// 1 and 2 threads (minutes an op; run with -benchtime 1x), checking every
// length, and reports nodes per board and per second.
func BenchmarkEasy24(b *testing.B) {
	insts := readInstances(b, "korf24_50.txt", 5)
	s := openLong(b, 5, *korf24Set)
	goal := canonicalGoal(5)
	for _, threads := range []int{1, 2} {
		b.Run("threads="+strconv.Itoa(threads), func(b *testing.B) {
			var nodes int64
			for range b.N {
				for _, k := range easy24 {
					in := insts[k-1]
					sol, err := s.Solve(context.Background(), in.board, goal, search.Limits{}, pdbsearch.RunOptions{Threads: threads})
					if err != nil || len(sol.Moves) != in.want {
						b.Fatalf("#%d: %d moves, want %d (%v)", k, len(sol.Moves), in.want, err)
					}
					nodes += sol.Stats.Expanded
				}
			}
			b.ReportMetric(float64(nodes)/float64(b.N*len(easy24)), "expanded/board")
			b.ReportMetric(float64(nodes)/b.Elapsed().Seconds()/1e6, "Mexpanded/s")
		})
	}
}
