package main

import (
	"bufio"
	"bytes"
	"context"
	"io"
	"math/rand/v2"
	"os"
	"strings"
	"testing"

	"github.com/searchlab/searchlab/sliding"
	"github.com/searchlab/searchlab/sliding/solve"
)

// The benchmarks here drive the command's own code path (run, as main
// does, with a fresh solve.Solver each time, as a new process has): what they
// leave out of a whole run of the command is only the process start.

// BenchmarkSlidingBatch100k runs "searchlab sliding --format boj11112" in
// process on a 100,000-board batch (seed 1, half unsolvable):
// parse, solve, verify and print.
func BenchmarkSlidingBatch100k(b *testing.B) {
	benchBOJ11112(b, 100000)
}

// BenchmarkSlidingBOJ11112 runs "searchlab sliding --format boj11112" in
// process on the 50,000-board batch (seed 1, half unsolvable), the
// one scripts/bench-boj11112.sh times against the C++ peer.
func BenchmarkSlidingBOJ11112(b *testing.B) {
	benchBOJ11112(b, 50000)
}

func benchBOJ11112(b *testing.B, n int) {
	var in bytes.Buffer
	if err := sliding.Write(&in, sliding.BOJ11112, bojBatch(n, 1)); err != nil {
		b.Fatal(err)
	}
	data := in.Bytes()
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		e := &env{stdin: bytes.NewReader(data), stdout: io.Discard, stderr: io.Discard}
		if code := run(context.Background(), e, []string{"sliding", "--format", "boj11112"}); code != 0 {
			b.Fatalf("exit %d", code)
		}
	}
}

// BenchmarkSlidingKorf100 runs "searchlab sliding --format line --goal
// '0 1 ... 15'" in process on Korf's 100 15-puzzle boards
// (sliding/testdata/korf100.txt) and checks every length. It needs the 7-8
// databases in the user cache ("searchlab pdb build --size 4x4"), and skips
// without them rather than build them.
func BenchmarkSlidingKorf100(b *testing.B) {
	solver := solve.New(solve.Options{})
	defer solver.Close()
	set, err := solver.Set(context.Background(), 4, 4, 0, "")
	if err != nil || set.Partition() != "7-8" {
		b.Skip("the 7-8 databases are not cached; run: searchlab pdb build --size 4x4")
	}
	f, err := os.Open("../../sliding/testdata/korf100.txt")
	if err != nil {
		b.Fatal(err)
	}
	defer f.Close()
	var in, want strings.Builder
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fields := strings.Fields(sc.Text())
		if len(fields) < 17 || strings.HasPrefix(fields[0], "#") {
			continue
		}
		in.WriteString(strings.Join(fields[:16], " ") + "\n")
		want.WriteString(fields[16] + "\n")
	}
	for b.Loop() {
		var out strings.Builder
		e := &env{stdin: strings.NewReader(in.String()), stdout: &out, stderr: io.Discard}
		if code := run(context.Background(), e, []string{"sliding", "--format", "line", "--goal", "0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15"}); code != 0 {
			b.Fatalf("exit %d", code)
		}
		if out.String() != want.String() {
			b.Fatalf("lengths differ from korf100.txt:\n%s", out.String())
		}
	}
}

// bojBatch is the batch of scripts/boj11112gen: n 3x3 boards for the
// standard goal drawn from seed, every second one unsolvable.
func bojBatch(n int, seed uint64) []sliding.Board {
	return sliding.RandomBatch(rand.New(rand.NewPCG(seed, 11112)), sliding.Standard(3, 3), n)
}
