package search_test

import (
	"context"
	"fmt"
	"iter"

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
	res, err := search.IDDFS(context.Background(), start, neighbours, atExit, 30, search.Limits{})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("steps:", res.Cost)
	// Output:
	// steps: 15
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
