package search_test

import (
	"context"
	"fmt"
	"iter"
	"slices"
	"strings"

	"github.com/searchlab/searchlab/search"
)

// point is a cell of a small maze.
type point struct{ r, c int }

// maze is a grid where '#' is a wall.
var maze = []string{
	"S..#....",
	".#.#.##.",
	".#...#..",
	".####.#.",
	"......#G",
}

// neighbours yields the open cells next to p, each one step away.
func neighbours(p point) iter.Seq2[point, int] {
	return func(yield func(point, int) bool) {
		for _, d := range []point{{-1, 0}, {1, 0}, {0, -1}, {0, 1}} {
			q := point{p.r + d.r, p.c + d.c}
			if q.r < 0 || q.r >= len(maze) || q.c < 0 || q.c >= len(maze[0]) || maze[q.r][q.c] == '#' {
				continue
			}
			if !yield(q, 1) {
				return
			}
		}
	}
}

var start, exit = point{0, 0}, point{4, 7}

func atExit(p point) bool { return p == exit }

// manhattan is an admissible estimate of the steps left to the exit.
func manhattan(p point) int {
	return max(exit.r-p.r, p.r-exit.r) + max(exit.c-p.c, p.c-exit.c)
}

// field yields the cells next to p on an open 41 x 41 field.
func field(p point) iter.Seq2[point, int] {
	return func(yield func(point, int) bool) {
		for _, d := range []point{{-1, 0}, {1, 0}, {0, -1}, {0, 1}} {
			q := point{p.r + d.r, p.c + d.c}
			if q.r >= 0 && q.r < 41 && q.c >= 0 && q.c < 41 && !yield(q, 1) {
				return
			}
		}
	}
}

// uphill yields the cells next to p on the open field: a step to the right
// costs 1 on the top row and more on each row below.
func uphill(p point) iter.Seq2[point, int] {
	return func(yield func(point, int) bool) {
		for q, c := range field(p) {
			if q.c > p.c {
				c += p.r
			}
			if !yield(q, c) {
				return
			}
		}
	}
}

func ExampleBFS() {
	res, err := search.BFS(context.Background(), start, neighbours, atExit, search.Limits{})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("steps:", res.Cost)
	fmt.Println("from", res.Path[0], "to", res.Path[len(res.Path)-1])
	// Output:
	// steps: 15
	// from {0 0} to {4 7}
}

func ExampleAStar() {
	res, err := search.AStar(context.Background(), start, neighbours, manhattan, atExit, search.Limits{})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("steps:", res.Cost, "path length:", len(res.Path))
	// Output:
	// steps: 15 path length: 16
}

func ExampleIDAStar() {
	res, err := search.IDAStar(context.Background(), start, neighbours, manhattan, atExit, search.Limits{})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("steps:", res.Cost)
	// Output:
	// steps: 15
}

func ExampleIDDFS() {
	// IDDFS deepens one step at a time up to its bound: 10 steps are too
	// few for the exit 15 steps away; under a bound of 30 it stops at the
	// first depth that reaches the exit, so the path is a shortest one.
	_, err := search.IDDFS(context.Background(), start, neighbours, atExit, 10, search.Limits{})
	fmt.Println(err)
	res, err := search.IDDFS(context.Background(), start, neighbours, atExit, 30, search.Limits{})
	fmt.Println("steps:", res.Cost, "iterations:", res.Stats.Iterations, err)
	// Output:
	// search: no path to a goal
	// steps: 15 iterations: 16 <nil>
}

func ExampleDFS() {
	// DFS finds a path, not necessarily the shortest; 10 steps are too few.
	_, err := search.DFS(context.Background(), start, neighbours, atExit, 10, search.Limits{})
	fmt.Println(err)
	res, err := search.DFS(context.Background(), start, neighbours, atExit, 40, search.Limits{})
	fmt.Println(err == nil, res.Path[len(res.Path)-1] == exit, res.Cost >= 15)
	// Output:
	// search: no path to a goal
	// true true true
}

func ExampleLimits() {
	// A node cap stops a search with an error that matches ErrLimit.
	_, err := search.BFS(context.Background(), start, neighbours, atExit, search.Limits{MaxNodes: 5})
	fmt.Println(err)
	// Output:
	// search: limit reached: node cap of 5 expansions
}

func ExampleBranchAndBound() {
	// The longest path through the maze from the start that never visits a
	// cell twice. A state is the path so far; a bound is its length plus the
	// open cells not on it.
	open := 0
	for _, row := range maze {
		for _, ch := range row {
			if ch != '#' {
				open++
			}
		}
	}
	p := search.Maximize[[]point]{
		Children: func(path []point) iter.Seq[[]point] {
			return func(yield func([]point) bool) {
				head := path[len(path)-1]
			next:
				for q := range neighbours(head) {
					for _, v := range path {
						if v == q {
							continue next
						}
					}
					if !yield(append(path[:len(path):len(path)], q)) {
						return
					}
				}
			}
		},
		Value: func(path []point) int { return len(path) - 1 },
		Bound: func(path []point) int { return open - 1 },
	}
	starts := func(yield func([]point) bool) { yield([]point{start}) }
	res, err := search.BranchAndBound(context.Background(), starts, p, search.Limits{})
	fmt.Println(res.Value, res.Optimal, err)
	// Output:
	// 15 true <nil>
}

// A Trace kept as Limits.Observe records what the search did, step by
// step, up to its cap.
func ExampleTrace() {
	tr := &search.Trace{Max: 1000}
	res, err := search.AStar(context.Background(), start, neighbours, manhattan, atExit, search.Limits{Observe: tr.Observe})
	if err != nil {
		fmt.Println(err)
		return
	}
	kinds := map[search.EventKind]int{}
	for _, e := range tr.Events {
		kinds[e.Kind]++
	}
	fmt.Println("expanded:", res.Stats.Expanded, "expand events:", kinds[search.Expand])
	first := tr.Events[0]
	fmt.Printf("first: %v %v g=%d h=%d f=%d\n", first.Kind, first.State, first.G, first.H, first.F)
	last := tr.Events[len(tr.Events)-1]
	fmt.Printf("last: %v %v g=%d\n", last.Kind, last.State, last.G)
	fmt.Println("truncated:", tr.Truncated)
	// Output:
	// expanded: 25 expand events: 25
	// first: expand {0 0} g=0 h=11 f=11
	// last: goal {4 7} g=15
	// truncated: false
}

func ExampleDijkstra() {
	// Stepping down a row costs 3, every other step 1.
	costly := func(p point) iter.Seq2[point, int] {
		return func(yield func(point, int) bool) {
			for q := range neighbours(p) {
				c := 1
				if q.r > p.r {
					c = 3
				}
				if !yield(q, c) {
					return
				}
			}
		}
	}
	res, err := search.Dijkstra(context.Background(), start, costly, atExit, search.Limits{})
	fmt.Println("cost:", res.Cost, "steps:", len(res.Path)-1, err)
	// Output:
	// cost: 27 steps: 15 <nil>
}

func ExampleBFSFrom() {
	// The exit nearest to any of three entrances.
	entrances := []point{{0, 0}, {4, 0}, {0, 4}}
	res, err := search.BFSFrom(context.Background(), slices.Values(entrances), neighbours, atExit, search.Limits{})
	fmt.Println("from", res.Path[0], "steps:", res.Cost, err)
	// Output:
	// from {0 4} steps: 7 <nil>
}

func ExampleBFSReach() {
	// The cells within four steps of the start, nearest first.
	reach := search.BFSReach(context.Background(), start, neighbours, search.Limits{})
	var near []string
	for p, steps := range reach.All() {
		if steps > 4 {
			break
		}
		near = append(near, fmt.Sprint(p, steps))
	}
	fmt.Println(strings.Join(near, ", "))
	fmt.Println("path to {2 2}:", reach.Path(point{2, 2}), reach.Err())
	// Output:
	// {0 0} 0, {1 0} 1, {0 1} 1, {2 0} 2, {0 2} 2, {3 0} 3, {1 2} 3, {4 0} 4, {2 2} 4
	// path to {2 2}: [{0 0} {0 1} {0 2} {1 2} {2 2}] <nil>
}

func ExampleDijkstraReach() {
	// Every open cell and its distance: the farthest cell from the start.
	reach := search.DijkstraReach(context.Background(), start, neighbours, search.Limits{})
	var far point
	dist := 0
	for p, d := range reach.All() {
		far, dist = p, d
	}
	fmt.Println(far, dist, reach.Stats().Expanded, reach.Err())
	// Output:
	// {4 7} 15 27 <nil>
}

func ExampleBidirectionalBFS() {
	// Across an open field: moves are reversible, so nil stands for the
	// predecessor function. Each side reaches half the distance.
	from, to := point{20, 0}, point{20, 40}
	res, err := search.BidirectionalBFS(context.Background(), from, to, field, nil, search.Limits{})
	fmt.Println("steps:", res.Cost, "expanded:", res.Stats.Expanded, err)
	bfs, _ := search.BFS(context.Background(), from, field, func(p point) bool { return p == to }, search.Limits{})
	fmt.Println("BFS steps:", bfs.Cost, "expanded:", bfs.Stats.Expanded)
	// Output:
	// steps: 40 expanded: 800 <nil>
	// BFS steps: 40 expanded: 1220
}

func ExampleNBS() {
	toStart := func(p point) int { return max(p.r-start.r, start.r-p.r) + max(p.c-start.c, start.c-p.c) }
	res, err := search.NBS(context.Background(), start, exit, neighbours, nil, manhattan, toStart, search.Limits{})
	fmt.Println("steps:", res.Cost, "expanded:", res.Stats.Expanded, err)
	// Output:
	// steps: 15 expanded: 21 <nil>
}

func ExampleWeightedAStar() {
	// Across the field where steps to the right cost more on lower rows,
	// weight 1.5 pays at most 1.5 times the least cost. Here, where the
	// estimate is poor, it also expands more states: weighting pays where
	// the estimate is close, as on sliding boards.
	from, to := point{20, 0}, point{20, 40}
	h := func(p point) int { return max(p.r-to.r, to.r-p.r) + max(p.c-to.c, to.c-p.c) }
	atTo := func(p point) bool { return p == to }
	for _, w := range []float64{1, 1.5} {
		res, err := search.WeightedAStar(context.Background(), from, uphill, h, w, atTo, search.Limits{})
		fmt.Println("weight", w, "cost", res.Cost, "expanded", res.Stats.Expanded, err)
	}
	// Output:
	// weight 1 cost 80 expanded 889 <nil>
	// weight 1.5 cost 82 expanded 1529 <nil>
}

func ExampleAnytimeAStar() {
	// Across the field where steps to the right cost more on lower rows.
	from, to := point{20, 0}, point{20, 40}
	h := func(p point) int { return max(p.r-to.r, to.r-p.r) + max(p.c-to.c, to.c-p.c) }
	atTo := func(p point) bool { return p == to }
	// Under a cap of 1,500 expansions: the best path so far, and how far
	// from optimal it may be.
	res, err := search.AnytimeAStar(context.Background(), from, uphill, h, 1.5, atTo, search.Limits{MaxNodes: 1500})
	fmt.Printf("cost %d, optimum at least %d (within %.2f%%), %v\n", res.Cost, res.Bound, 100*res.Gap(), err)
	// Without a cap it goes on until the path is proven optimal.
	res, err = search.AnytimeAStar(context.Background(), from, uphill, h, 1.5, atTo, search.Limits{})
	fmt.Println("cost", res.Cost, "bound", res.Bound, "optimal", res.Optimal, "paths found", res.Solutions, err)
	// Output:
	// cost 82, optimum at least 80 (within 2.50%), search: limit reached: node cap of 1500 expansions
	// cost 80 bound 80 optimal true paths found 3 <nil>
}

func ExampleAllOptimal() {
	// Every shortest way across three rows and three columns of the field.
	to := point{3, 3}
	h := func(p point) int { return max(p.r-to.r, to.r-p.r) + max(p.c-to.c, to.c-p.c) }
	res, err := search.AllOptimal(context.Background(), point{0, 0}, field, h, func(p point) bool { return p == to }, search.Limits{})
	fmt.Println("steps:", res.Cost, "paths:", res.Count(), err)
	for p := range res.Paths() {
		fmt.Println("first:", p)
		break
	}
	// Output:
	// steps: 6 paths: 20 <nil>
	// first: [{0 0} {1 0} {2 0} {3 0} {3 1} {3 2} {3 3}]
}

func ExampleYen() {
	// The five shortest loopless ways one row down and two columns right
	// on the field: three of 3 steps, then detours of 5.
	to := point{1, 2}
	paths, _, err := search.Yen(context.Background(), point{0, 0}, field, func(p point) bool { return p == to }, 5, search.Limits{})
	for _, p := range paths {
		fmt.Println(p.Cost, p.Path)
	}
	fmt.Println(err)
	// Output:
	// 3 [{0 0} {1 0} {1 1} {1 2}]
	// 3 [{0 0} {0 1} {1 1} {1 2}]
	// 3 [{0 0} {0 1} {0 2} {1 2}]
	// 5 [{0 0} {1 0} {2 0} {2 1} {1 1} {1 2}]
	// 5 [{0 0} {1 0} {1 1} {0 1} {0 2} {1 2}]
	// <nil>
}

// ExampleStats_Add sums the stats of two searches: counts add up, peaks
// keep the larger.
func ExampleStats_Add() {
	var total search.Stats
	total.Add(search.Stats{Expanded: 10, Generated: 25, PeakFrontier: 7, PeakStored: 12, Iterations: 1})
	total.Add(search.Stats{Expanded: 4, Generated: 9, PeakFrontier: 3, PeakStored: 20, Iterations: 3})
	fmt.Printf("expanded %d, generated %d, peak frontier %d, peak stored %d, iterations %d\n",
		total.Expanded, total.Generated, total.PeakFrontier, total.PeakStored, total.Iterations)
	// Output:
	// expanded 14, generated 34, peak frontier 7, peak stored 20, iterations 4
}
