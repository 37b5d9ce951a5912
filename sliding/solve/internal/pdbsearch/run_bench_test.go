package pdbsearch_test

import (
	"context"
	"strconv"
	"testing"

	"github.com/searchlab/searchlab/search"
	"github.com/searchlab/searchlab/sliding"
	"github.com/searchlab/searchlab/sliding/pdb"
	"github.com/searchlab/searchlab/sliding/solve/internal/pdbsearch"
)

// BenchmarkNodeRate solves a 50-move 5x5 board (1.3 million nodes) with
// the small 4-4-4-4-4-4 databases on 1 and 2 threads, and reports nodes
// expanded a second: the speed-up of the work split is the ratio of the two.
func BenchmarkNodeRate(b *testing.B) {
	s := smallSet(b, 5, "4-4-4-4-4-4")
	goal := korfGoal(b, 5)
	board := board(b, 5, easy5...)
	for _, threads := range []int{1, 2} {
		b.Run("threads="+strconv.Itoa(threads), func(b *testing.B) {
			benchSolve(b, s, []sliding.Board{board}, goal, threads)
		})
	}
}

// BenchmarkCatalogueNodeRate is BenchmarkNodeRate with a catalogue of two
// 4-tile partitions of the 5x5 board, each with its reflection: four sums
// to keep up to date and look up, against the two of one partition.
func BenchmarkCatalogueNodeRate(b *testing.B) {
	s := smallSet(b, 5, smallCatalogue5)
	goal := korfGoal(b, 5)
	board := board(b, 5, easy5...)
	for _, threads := range []int{1, 2} {
		b.Run("threads="+strconv.Itoa(threads), func(b *testing.B) {
			benchSolve(b, s, []sliding.Board{board}, goal, threads)
		})
	}
}

// benchSolve solves the boards an op and reports nodes per board and per
// second.
func benchSolve(b *testing.B, s *pdb.Set, boards []sliding.Board, goal sliding.Board, threads int) {
	b.Helper()
	var nodes int64
	b.ResetTimer()
	for range b.N {
		for _, bd := range boards {
			sol, err := pdbsearch.New(s).Solve(context.Background(), bd, goal, search.Limits{}, pdbsearch.RunOptions{Threads: threads})
			if err != nil {
				b.Fatal(err)
			}
			nodes += sol.Stats.Expanded
		}
	}
	b.ReportMetric(float64(nodes)/float64(b.N*len(boards)), "expanded/board")
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds()/1e6, "Mexpanded/s")
}
