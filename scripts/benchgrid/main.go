// Command benchgrid runs package search's A* and Dijkstra on the benchmark
// grid of internal/gridbench, called as a user writes them, and prints
// for each "name expansions cost seconds", seconds being the median over
// reps runs of the process CPU time one search takes: the Go side of
// scripts/bench-grid.sh, whose C++ side (scripts/bench-grid.cpp) prints the
// same.
//
//	go run ./scripts/benchgrid [-reps 5]
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"slices"
	"syscall"
	"time"

	"github.com/searchlab/searchlab/internal/gridbench"
	"github.com/searchlab/searchlab/search"
)

func main() {
	reps := flag.Int("reps", 5, "runs of each search; the median is printed")
	flag.Parse()
	g := gridbench.Benchmark()
	ctx := context.Background()
	runs := []struct {
		name string
		run  func() (search.Result[gridbench.Cell, int], error)
	}{
		{"astar", func() (search.Result[gridbench.Cell, int], error) {
			return search.AStar(ctx, g.Start(), g.Next, g.Manhattan, g.IsGoal, search.Limits{})
		}},
		{"dijkstra", func() (search.Result[gridbench.Cell, int], error) {
			return search.Dijkstra(ctx, g.Start(), g.Next, g.IsGoal, search.Limits{})
		}},
		// The same searches told the grid's dense index of its cells.
		{"astar-index", func() (search.Result[gridbench.Cell, int], error) {
			return search.AStar(ctx, g.Start(), g.Next, g.Manhattan, g.IsGoal, search.Limits{Index: g.Index})
		}},
		{"dijkstra-index", func() (search.Result[gridbench.Cell, int], error) {
			return search.Dijkstra(ctx, g.Start(), g.Next, g.IsGoal, search.Limits{Index: g.Index})
		}},
	}
	for _, r := range runs {
		var times []time.Duration
		var res search.Result[gridbench.Cell, int]
		for range *reps {
			t0 := cpu()
			var err error
			res, err = r.run()
			times = append(times, cpu()-t0)
			if err != nil {
				fmt.Fprintln(os.Stderr, "benchgrid:", r.name, err)
				os.Exit(1)
			}
		}
		slices.Sort(times)
		fmt.Printf("%s %d %d %.6f\n", r.name, res.Stats.Expanded, res.Cost, times[len(times)/2].Seconds())
	}
}

// cpu returns the CPU time the process has used, user and system, the
// garbage collector's included.
func cpu() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		panic(err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
