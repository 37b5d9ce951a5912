package search_test

import (
	"context"
	"errors"
	"fmt"
	"iter"
	"slices"
	"strings"

	"github.com/searchlab/searchlab/search"
)

func ExampleFringeSearch() {
	res, err := search.FringeSearch(context.Background(), start, neighbours, manhattan, atExit, search.Limits{})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("steps:", res.Cost, "iterations:", res.Stats.Iterations)
	// Output:
	// steps: 15 iterations: 3
}

// tasks is a small build: each task lists the tasks that wait for it.
var tasks = map[string][]string{
	"fetch":   {"compile", "docs"},
	"compile": {"test", "package"},
	"docs":    {"package"},
	"test":    {"package"},
	"package": {},
}

// then yields the tasks that wait for t, each one step away.
func then(t string) iter.Seq2[string, int] {
	return func(yield func(string, int) bool) {
		for _, u := range tasks[t] {
			if !yield(u, 1) {
				return
			}
		}
	}
}

func ExampleTopologicalSort() {
	order, _, err := search.TopologicalSort(context.Background(), slices.Values([]string{"fetch"}), then, search.Limits{})
	fmt.Println(order, err)

	// A step back from "package" to "fetch" makes a cycle.
	tasks["package"] = []string{"fetch"}
	defer func() { tasks["package"] = nil }()
	_, _, err = search.TopologicalSort(context.Background(), slices.Values([]string{"fetch"}), then, search.Limits{})
	var cycle *search.CycleError[string]
	if errors.As(err, &cycle) {
		fmt.Println("cycle:", cycle.Cycle)
	}
	// Output:
	// [fetch docs compile test package] <nil>
	// cycle: [fetch compile test package]
}

func ExampleCountPaths() {
	// The paths on a 4 x 4 lattice from the top-left corner to the
	// bottom-right one, stepping right or down: C(6, 3) = 20.
	rightOrDown := func(p point) iter.Seq2[point, int] {
		return func(yield func(point, int) bool) {
			if p.c < 3 && !yield(point{p.r, p.c + 1}, 1) {
				return
			}
			if p.r < 3 {
				yield(point{p.r + 1, p.c}, 1)
			}
		}
	}
	n, _, err := search.CountPaths(context.Background(), point{0, 0}, rightOrDown, func(p point) bool { return p == point{3, 3} }, search.Limits{})
	fmt.Println(n, err)
	// Output:
	// 20 <nil>
}

func ExampleDFSReach() {
	reach := search.DFSReach(context.Background(), "fetch", then, search.Limits{})
	for task, depth := range reach.All() {
		fmt.Println(depth, task)
	}
	fmt.Println(reach.Path("package"))
	// Output:
	// 0 fetch
	// 1 compile
	// 2 test
	// 3 package
	// 1 docs
	// [fetch compile test package]
}

// square is the map x -> x*x + 1 on 0..999, which Pollard's rho method
// iterates: from 3 it runs 3, 10, 101, 202, 805, 26, 677, 330, 901, 802,
// 205, 26, ...
func square(x int) int { return (x*x + 1) % 1000 }

func ExampleBrent() {
	c, err := search.Brent(context.Background(), 3, square, search.Limits{})
	fmt.Printf("lead %d, cycle of %d from %d, %v\n", c.Lead, c.Length, c.Entry, err)
	// Output:
	// lead 5, cycle of 6 from 26, <nil>
}

func ExampleFloyd() {
	c, err := search.Floyd(context.Background(), 3, square, search.Limits{})
	fmt.Printf("lead %d, cycle of %d from %d, %v\n", c.Lead, c.Length, c.Entry, err)
	// Output:
	// lead 5, cycle of 6 from 26, <nil>
}

// links is a directed graph of eight states.
var links = map[int][]int{1: {2}, 2: {3}, 3: {1, 4}, 4: {5}, 5: {4}, 6: {5}, 7: {8}}

func linked(s int) iter.Seq2[int, int] {
	return func(yield func(int, int) bool) {
		for _, t := range links[s] {
			if !yield(t, 1) {
				return
			}
		}
	}
}

func ExampleStronglyConnectedComponents() {
	comps, _, err := search.StronglyConnectedComponents(context.Background(), slices.Values([]int{1, 6}), linked, search.Limits{})
	fmt.Println(comps, err)
	// Output:
	// [[4 5] [1 2 3] [6]] <nil>
}

func ExampleConnectedComponents() {
	comps, _, err := search.ConnectedComponents(context.Background(), slices.Values([]int{4, 1, 7}), linked, search.Limits{})
	fmt.Println(comps, err)
	// Output:
	// [[4 1 5 2 3] [7 8]] <nil>
}

// room is a small map: '@' cells are walls.
const room = `type octile
height 5
width 7
map
.......
.@@@@..
.....@.
.@@..@.
.......
`

func ExampleGrid() {
	g, err := search.ParseGrid(strings.NewReader(room))
	if err != nil {
		fmt.Println(err)
		return
	}
	from, to := search.Cell{Row: 2, Col: 0}, search.Cell{Row: 2, Col: 6}
	at := func(c search.Cell) bool { return c == to }

	// Eight-way moves with Moving AI's costs (√2 diagonals) and rule (no
	// corner cutting): any weighted search, with the octile distance.
	res, _ := search.AStar(context.Background(), from, g.Neighbours, g.Heuristic(to), at, search.Limits{})
	fmt.Printf("eight-way: cost %.4f in %d steps\n", res.Cost, len(res.Path)-1)

	// Counting moves instead: Steps costs 1 a move.
	steps, _ := search.BFS(context.Background(), from, g.Steps, at, search.Limits{})
	fmt.Println("eight-way:", steps.Cost, "moves")
	g.Moves = search.FourWay
	steps, _ = search.BFS(context.Background(), from, g.Steps, at, search.Limits{})
	fmt.Println("four-way:", steps.Cost, "moves")
	// Output:
	// eight-way: cost 9.4142 in 9 steps
	// eight-way: 9 moves
	// four-way: 10 moves
}

func ExampleJumpPointSearch() {
	g, err := search.ParseGrid(strings.NewReader(room))
	if err != nil {
		fmt.Println(err)
		return
	}
	res, err := search.JumpPointSearch(context.Background(), g, search.Cell{Row: 2, Col: 0}, search.Cell{Row: 2, Col: 6}, search.Limits{})
	fmt.Printf("cost %.4f, %d cells, %d jump points expanded, %v\n", res.Cost, len(res.Path), res.Stats.Expanded, err)
	// Output:
	// cost 9.4142, 10 cells, 8 jump points expanded, <nil>
}

func ExampleOctile() {
	fmt.Printf("%.4f\n", search.Octile(search.Cell{Row: 0, Col: 0}, search.Cell{Row: 2, Col: 5}))
	// Output:
	// 5.8284
}
