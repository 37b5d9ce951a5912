package pdb_test

import (
	"context"
	"fmt"
	"os"
	"strings"

	"github.com/searchlab/searchlab/sliding"
	"github.com/searchlab/searchlab/sliding/pdb"
)

// Build a set in memory and look up a board's heuristic with it: a lower
// bound on its moves to the goal (31 here).
func ExampleBuild() {
	goal := sliding.Standard(3, 3)
	s, err := pdb.Build(context.Background(), 3, 3, goal.Blank(), "4-4", nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	b, _ := sliding.New(3, 3, []int{8, 6, 7, 2, 5, 4, 3, 0, 1})
	h, _ := s.Heuristic(b, goal)
	fmt.Println(s.Groups())
	fmt.Println("heuristic", h, "by", s.Method())
	// Output:
	// [[0 1 2 3] [4 5 6 7]]
	// heuristic 29 by pdb 4-4+mirror
}

// Open opens (building on first use) the cached databases of the default
// partition for the canonical cell of a goal's blank, and the set bounds a
// board's moves (28 here); the cache is a temporary directory.
func ExampleOpen_cache() {
	dir, _ := os.MkdirTemp("", "pdb-example")
	defer os.RemoveAll(dir)
	ctx := context.Background()
	goal, _ := sliding.New(2, 4, []int{0, 1, 2, 3, 4, 5, 6, 7})
	b, _ := sliding.New(2, 4, []int{7, 6, 5, 4, 3, 2, 1, 0})
	partition, _ := pdb.DefaultPartition(2, 4)
	blank, partition, err := pdb.Canonical(2, 4, goal.Blank(), partition)
	if err != nil {
		fmt.Println(err)
		return
	}
	s, err := pdb.Open(ctx, 2, 4, blank, partition, pdb.Options{Dir: dir})
	if err != nil {
		fmt.Println(err)
		return
	}
	h, err := s.Heuristic(b, goal)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(h, s.Method())
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

func ExamplePartitionFor() {
	for _, asked := range []string{"", "6-6-3"} {
		p, err := pdb.PartitionFor(4, 4, asked)
		fmt.Printf("%q %v\n", p, err)
	}
	_, err := pdb.PartitionFor(6, 6, "")
	fmt.Println(err)
	// Output:
	// "7-8" <nil>
	// "6-6-3" <nil>
	// no pattern databases for 6x6 boards (at most 32 cells)
}

// Open reads a set from the cache directory, building and saving it the
// first time; the tiles are named by their goal cells, so one set serves
// every goal with the blank on the same cell (or a symmetric one).
func ExampleOpen() {
	dir, _ := os.MkdirTemp("", "pdb-example")
	defer os.RemoveAll(dir)
	var log strings.Builder
	ctx := context.Background()
	for range 2 {
		s, err := pdb.Open(ctx, 3, 3, 0, "4-4", pdb.Options{Dir: dir, Log: &log})
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Println(s.Method(), s.Groups())
	}
	fmt.Print(log.String())
	// Output:
	// pdb 4-4+mirror [[1 2 3 4] [5 6 7 8]]
	// pdb 4-4+mirror [[1 2 3 4] [5 6 7 8]]
	// pdb: building 3x3-b0-1.2.3.4.pdb (3024 entries, 0 MB); this is done once
	// pdb: building 3x3-b0-5.6.7.8.pdb (3024 entries, 0 MB); this is done once
}

func ExampleCanonicalBlank() {
	// On 4x4 the corners share a set, and so do the cells next to them.
	fmt.Println(pdb.CanonicalBlank(4, 4, 15), pdb.CanonicalBlank(4, 4, 14), pdb.CanonicalBlank(4, 4, 5))
	// Output: 0 1 5
}

// WithoutMirror compares the heuristic with and without the lookup of the
// board reflected about the main diagonal.
func ExampleSet_WithoutMirror() {
	goal := sliding.Standard(3, 3)
	s, _ := pdb.Build(context.Background(), 3, 3, goal.Blank(), "4-4", nil)
	b, _ := sliding.New(3, 3, []int{1, 5, 2, 8, 4, 6, 0, 7, 3}) // 22 moves from the goal
	withMirror, _ := s.Heuristic(b, goal)
	plain, _ := s.WithoutMirror().Heuristic(b, goal)
	fmt.Println(plain, withMirror)
	// Output: 10 18
}

func ExampleCanonical() {
	// A goal with the blank bottom-right on 4x4 is served by the set built
	// for the blank top-left; a partition written as goal cells is taken
	// through the same symmetry.
	blank, spec, err := pdb.Canonical(4, 4, 15, "7-8")
	fmt.Println(blank, spec, err)
	// Output: 0 7-8 <nil>
}

func ExampleCacheDir() {
	// The cache follows $XDG_CACHE_HOME (or the system's user cache).
	old, had := os.LookupEnv("XDG_CACHE_HOME")
	defer func() {
		if had {
			os.Setenv("XDG_CACHE_HOME", old)
		} else {
			os.Unsetenv("XDG_CACHE_HOME")
		}
	}()
	os.Setenv("XDG_CACHE_HOME", "/tmp/example-cache")
	dir, err := pdb.CacheDir()
	fmt.Println(dir, err)
	// Output: /tmp/example-cache/searchlab/pdb <nil>
}

// A partition prefixed with ZeroPrefix asks for zero-aware tables, which
// also know the blank's region: the same board gets a heuristic at least as
// large, and the same optimal answer (here by A* with the set).
func Example_zeroAware() {
	goal := sliding.Standard(3, 3)
	b, _ := sliding.New(3, 3, []int{3, 1, 2, 4, 5, 6, 7, 8, 0})
	for _, part := range []string{"4-4", pdb.ZeroPrefix + "4-4"} {
		s, err := pdb.Build(context.Background(), 3, 3, goal.Blank(), part, nil)
		if err != nil {
			fmt.Println(err)
			return
		}
		hf, _ := s.For(goal)
		sol, _ := sliding.Search(context.Background(), b, goal, sliding.Options{Algorithm: sliding.AStar, Heuristic: hf})
		fmt.Println(s.Method(), "heuristic", hf.Estimate(b), "moves", len(sol.Moves))
	}
	// Output:
	// pdb 4-4+mirror heuristic 10 moves 16
	// pdb zero-aware 4-4+mirror heuristic 14 moves 16
}

// A set is a sliding.Heuristic toward one goal, for the generic
// algorithms: here A* with the 4-4 set.
func ExampleSet_For() {
	goal := sliding.Standard(3, 3)
	s, _ := pdb.Build(context.Background(), 3, 3, goal.Blank(), "4-4", nil)
	h, err := s.For(goal)
	if err != nil {
		fmt.Println(err)
		return
	}
	b, _ := sliding.New(3, 3, []int{8, 6, 7, 2, 5, 4, 3, 0, 1})
	sol, err := sliding.Search(context.Background(), b, goal, sliding.Options{Algorithm: sliding.AStar, Heuristic: h})
	fmt.Println(h.Name(), h.Estimate(b), len(sol.Moves), sol.Optimal, err)
	// Output: pdb 4-4+mirror 29 31 true <nil>
}
