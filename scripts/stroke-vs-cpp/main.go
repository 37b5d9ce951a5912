// Command stroke-vs-cpp measures the stroke solver against the C++ branch
// and bound of the write-up (shared/peers/onestroke_bb.cpp) on the same
// seeded random boards, in one run, and checks that both give the same
// length (and the same colour where only one colour reaches it; the C++
// program breaks ties its own way).
//
// Usage:
//
//	go run ./scripts/stroke-vs-cpp -peer /path/to/onestroke_bb -n 1000 -size 9 -colours 4
//	go run ./scripts/stroke-vs-cpp -print -n 100 -size 12 -colours 2 > boards.txt
//	go run ./scripts/stroke-vs-cpp -peer-src ../shared/peers/onestroke_bb.cpp -n 1000 -size 9 -colours 4
//
// With -peer-src the peer's search is timed alone, in one process: the
// script writes a C++ driver that includes the peer's source with its main
// renamed (nothing of the peer is kept), compiles it with g++ -O2, and times
// each call of the peer's main with a steady clock, the board's 1.inp
// written before the clock starts. -rounds times it runs the driver and then
// stroke.Solve over all boards, each board -repeat times a round, and keeps
// each board's least time on both sides. See inproc.go.
//
// The peer reads 1.inp and writes 1.out in its working directory, so each
// board costs it a process start. The machine is shared, so every time is the
// least of several runs: the peer's wall and CPU (user and system) time per
// board over -repeat runs, its start-up over 100 runs on a 2x2 board, ours
// over three runs. The ratio is given on wall time with start-up (the program
// as it is used) and on CPU time less start-up (its search alone). Boards
// the peer does not finish within -peer-timeout count at the timeout and are
// reported.
package main

import (
	"context"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/searchlab/searchlab/stroke"
)

func main() {
	peer := flag.String("peer", "", "the compiled onestroke_bb (g++ -O2)")
	n := flag.Int("n", 1000, "boards")
	size := flag.Int("size", 9, "board side (the peer handles at most 10)")
	colours := flag.Int("colours", 4, "colours, from RGBY")
	seed := flag.Uint64("seed", 1, "random seed")
	peerTimeout := flag.Duration("peer-timeout", 10*time.Second, "time allowed to the peer per board")
	repeat := flag.Int("repeat", 3, "runs of the peer per board; the least time counts")
	printOnly := flag.Bool("print", false, "print the boards in the classic format and stop (any size; no peer needed)")
	peerSrc := flag.String("peer-src", "", "the peer's source (onestroke_bb.cpp): compile it into a driver and time its search in one process, instead of -peer")
	rounds := flag.Int("rounds", 3, "with -peer-src: rounds of (the driver, then stroke.Solve), each running every board -repeat times")
	flag.Parse()
	if *size < 1 || *size > 16 || *colours < 1 || *colours > 4 || *n < 1 {
		flag.Usage()
		os.Exit(2)
	}
	rng := rand.New(rand.NewPCG(*seed, 7))
	boards := make([]*stroke.Board, *n)
	for i := range boards {
		boards[i] = stroke.Random(rng, *size, *size, *colours, 0)
	}
	if *printOnly {
		for _, b := range boards {
			fmt.Print(b)
		}
		return
	}
	if *peerSrc != "" && *size <= 10 && *rounds >= 1 && *repeat >= 1 {
		inProcess(*peerSrc, boards, *rounds, *repeat)
		return
	}
	if *peer == "" || *size > 10 {
		fmt.Fprintln(os.Stderr, "stroke-vs-cpp: -peer is needed, and the peer handles boards of at most 10 rows")
		os.Exit(2)
	}
	abs, err := filepath.Abs(*peer)
	check(err)
	dir, err := os.MkdirTemp("", "stroke-vs-cpp")
	check(err)
	defer os.RemoveAll(dir)

	// Peer start-up: the least of 100 runs on a trivial board.
	up, upCPU := time.Duration(1<<62), time.Duration(1<<62)
	for range 100 {
		_, d, c, _ := runPeer(abs, dir, "2\nOR\nGB\n", *peerTimeout)
		up, upCPU = min(up, d), min(upCPU, c)
	}

	var ours, theirs, theirsCPU []time.Duration
	timeouts, mismatches := 0, 0
	s := stroke.NewSolver()
	for i, b := range boards {
		// The peer's times are the least of -repeat runs.
		out, d, cpu, ok := runPeer(abs, dir, b.String(), *peerTimeout)
		for k := 1; k < *repeat && ok; k++ {
			_, d2, cpu2, _ := runPeer(abs, dir, b.String(), *peerTimeout)
			d, cpu = min(d, d2), min(cpu, cpu2)
		}
		theirs = append(theirs, d)
		theirsCPU = append(theirsCPU, cpu)

		// Our time is the least of three runs: the machine is shared.
		var r stroke.Result
		least := time.Duration(1 << 62)
		for range 3 {
			t0 := time.Now()
			r, err = s.Solve(context.Background(), b, stroke.Options{})
			least = min(least, time.Since(t0))
			check(err)
		}
		ours = append(ours, least)
		if !ok {
			timeouts++
			continue
		}
		f := strings.Fields(out)
		if len(f) != 2 {
			fmt.Printf("board %d: peer printed %q\n", i+1, out)
			mismatches++
			continue
		}
		l, _ := strconv.Atoi(f[1])
		per, err := s.SolveColours(context.Background(), b, stroke.Options{})
		check(err)
		reach := 0
		for _, pr := range per {
			if pr.Length == r.Length {
				reach++
			}
		}
		if l != r.Length || reach == 1 && f[0] != string(r.Colour) {
			fmt.Printf("board %d: peer %q, stroke %v\n%s", i+1, out, r, b)
			mismatches++
		}
	}
	fmt.Printf("%d random %dx%d boards of %d colours, seed %d\n", *n, *size, *size, *colours, *seed)
	tr := report(26, "C++ wall, per process", theirs)
	report(26, "C++ CPU (user+sys)", theirsCPU)
	to := report(26, "stroke.Solve wall", ours)
	var tn time.Duration
	for _, c := range theirsCPU {
		tn += max(0, c-upCPU)
	}
	fmt.Printf("C++ start-up (least of 100 runs on a 2x2 board): wall %v, CPU %v\n", up, upCPU)
	fmt.Printf("C++ CPU less start-up, summed over boards: %v\n", tn)
	fmt.Printf("ratio C++/stroke: wall with start-up %.0fx; CPU less start-up %.0fx\n", float64(tr)/float64(to), float64(tn)/float64(to))
	fmt.Printf("peer timeouts (counted at %v): %d; disagreements: %d\n", *peerTimeout, timeouts, mismatches)
	if mismatches > 0 {
		os.Exit(1)
	}
}

// report prints the total, median and worst of ts after name, padded to
// width, and returns the total.
func report(width int, name string, ts []time.Duration) time.Duration {
	var total time.Duration
	for _, t := range ts {
		total += t
	}
	c := slices.Clone(ts)
	slices.Sort(c)
	fmt.Printf("%-*s total %12v  median %10v  worst %10v\n", width, name, total, c[len(c)/2], c[len(c)-1])
	return total
}

// runPeer runs the peer on one board and returns what it wrote, the wall
// time, the CPU time (user and system), and false if it timed out.
func runPeer(peer, dir, board string, timeout time.Duration) (string, time.Duration, time.Duration, bool) {
	check(os.WriteFile(filepath.Join(dir, "1.inp"), []byte(board), 0o644))
	os.Remove(filepath.Join(dir, "1.out"))
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, peer)
	cmd.Dir = dir
	t0 := time.Now()
	err := cmd.Run()
	d := time.Since(t0)
	if ctx.Err() != nil {
		return "", timeout, timeout, false
	}
	check(err)
	cpu := cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()
	out, err := os.ReadFile(filepath.Join(dir, "1.out"))
	check(err)
	return strings.TrimSpace(string(out)), d, cpu, true
}

func check(err error) {
	if err != nil {
		fmt.Fprintln(os.Stderr, "stroke-vs-cpp:", err)
		os.Exit(1)
	}
}
