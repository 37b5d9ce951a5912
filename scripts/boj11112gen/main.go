// Command boj11112gen writes a Baekjoon 11112 input of random 8-puzzle
// boards to stdout, for benchmarks: a deterministic seed, and every second
// board unsolvable (as in the peer's measurement).
//
//	go run ./scripts/boj11112gen -n 100000 -seed 1 > /tmp/batch.txt
package main

import (
	"flag"
	"fmt"
	"math/rand/v2"
	"os"

	"github.com/searchlab/searchlab/sliding"
)

func main() {
	n := flag.Int("n", 100000, "number of boards")
	seed := flag.Uint64("seed", 1, "random seed")
	flag.Parse()
	boards := sliding.RandomBatch(rand.New(rand.NewPCG(*seed, 11112)), sliding.Standard(3, 3), *n)
	if err := sliding.Write(os.Stdout, sliding.BOJ11112, boards); err != nil {
		fmt.Fprintln(os.Stderr, "boj11112gen:", err)
		os.Exit(1)
	}
}
