package pdb_test

import (
	"context"
	"fmt"
	"os"

	"github.com/searchlab/searchlab/search"
	"github.com/searchlab/searchlab/sliding"
	"github.com/searchlab/searchlab/sliding/pdb"
)

// Build a set in memory and solve one board with it.
func ExampleBuild() {
	goal := sliding.Standard(3, 3)
	s, err := pdb.Build(context.Background(), 3, 3, goal.Blank(), "4-4", nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	b, _ := sliding.New(3, 3, []int{8, 6, 7, 2, 5, 4, 3, 0, 1})
	h, _ := s.Heuristic(b, goal)
	sol, err := s.Solve(context.Background(), b, goal, search.Limits{})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(s.Groups())
	fmt.Println("heuristic", h, "moves", len(sol.Moves), "optimal", sol.Optimal, "by", sol.Method)
	// Output:
	// [[0 1 2 3] [4 5 6 7]]
	// heuristic 29 moves 31 optimal true by pdb 4-4+mirror
}

// Solve opens (building on first use) the cached databases of the default
// partition and solves a board; here the cache is a temporary directory.
func ExampleSolve() {
	dir, _ := os.MkdirTemp("", "pdb-example")
	defer os.RemoveAll(dir)
	goal, _ := sliding.New(2, 4, []int{0, 1, 2, 3, 4, 5, 6, 7})
	b, _ := sliding.New(2, 4, []int{7, 6, 5, 4, 3, 2, 1, 0})
	sol, err := pdb.Solve(context.Background(), b, goal, "", pdb.Options{Dir: dir}, search.Limits{})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(len(sol.Moves), sol.Method)
	infos, _ := pdb.List(dir)
	for _, in := range infos {
		fmt.Println(in.Name, in.Entries, in.Err)
	}
	// Output:
	// 28 pdb 7
	// 2x4-b0-1.2.3.4.5.6.7.pdb 40320 <nil>
}

func ExampleParsePartition() {
	groups, _ := pdb.ParsePartition(4, 4, 0, "6-6-3")
	fmt.Println(groups)
	_, err := pdb.ParsePartition(4, 4, 0, "6-6")
	fmt.Println(err)
	// Output:
	// [[1 2 3 4 5 6] [7 8 9 10 11 12] [13 14 15]]
	// pdb: partition "6-6" covers 12 tiles, a 4x4 board has 15
}

func ExampleDefaultPartition() {
	for _, sz := range [][2]int{{4, 4}, {5, 5}, {3, 4}, {6, 6}} {
		p, ok := pdb.DefaultPartition(sz[0], sz[1])
		fmt.Printf("%dx%d %q %v\n", sz[0], sz[1], p, ok)
	}
	// Output:
	// 4x4 "7-8" true
	// 5x5 "6-6-6-6" true
	// 3x4 "6-5" true
	// 6x6 "" false
}
