package search_test

import (
	"context"
	"errors"
	"fmt"
	"iter"
	"math"
	"os"
	"runtime/debug"
	"slices"
	"strconv"
	"testing"

	"github.com/searchlab/searchlab/search"
)

// reliabilityLong reports whether the long reliability tests run
// (SEARCHLAB_RELIABILITY=long).
func reliabilityLong() bool { return os.Getenv("SEARCHLAB_RELIABILITY") == "long" }

// chain returns the successors of the finite chain 0 -> 1 -> ... -> n-1,
// each step also offering the way back (a state on the path, which the
// depth-first searches skip).
func chain(n int) search.Successors[int, int] {
	return func(s int) iter.Seq2[int, int] {
		return func(yield func(int, int) bool) {
			if s+1 < n && !yield(s+1, 1) {
				return
			}
			if s > 0 {
				yield(s-1, 1)
			}
		}
	}
}

// deepRuns are the searches that go as deep as the chain, each returning
// the length of the path it found and its error. Each goes to the end of
// a chain of n states.
func deepRuns(n int) map[string]func() (int, error) {
	ctx := context.Background()
	next := chain(n)
	last := func(s int) bool { return s == n-1 }
	exact := func(s int) int { return n - 1 - s }
	return map[string]func() (int, error){
		"DFS": func() (int, error) {
			res, err := search.DFS(ctx, 0, next, last, -1, search.Limits{})
			return len(res.Path), err
		},
		"IDAStar": func() (int, error) {
			res, err := search.IDAStar(ctx, 0, next, exact, last, search.Limits{})
			return len(res.Path), err
		},
		"BranchAndBound": func() (int, error) {
			p := search.Maximize[int]{
				Children: func(s int) iter.Seq[int] {
					return func(yield func(int) bool) {
						if s+1 < n {
							yield(s + 1)
						}
					}
				},
				Value: func(s int) int { return s },
				Bound: func(int) int { return n - 1 },
			}
			res, err := search.BranchAndBound(ctx, func(yield func(int) bool) { yield(0) }, p, search.Limits{})
			return res.Value + 1, err
		},
		"AllOptimal.Count": func() (int, error) {
			o, err := search.AllOptimal(ctx, 0, next, exact, last, search.Limits{})
			if err != nil {
				return 0, err
			}
			if c := o.Count(); c.Int64() != 1 {
				return 0, errors.New("count " + c.String())
			}
			return o.Cost + 1, nil
		},
		"AllOptimal.Paths": func() (int, error) {
			o, err := search.AllOptimal(ctx, 0, next, exact, last, search.Limits{})
			if err != nil {
				return 0, err
			}
			length := 0
			for p := range o.Paths() {
				length = len(p)
			}
			return length, nil
		},
	}
}

// TestDepthFirstOwnStack runs every depth-first walk to the end of a chain
// of 200,000 states with the goroutine stack capped at 4 MB: a walk that
// recursed once a step would need tens of megabytes and crash the test
// binary (a stack overflow is fatal, not a panic).
func TestDepthFirstOwnStack(t *testing.T) {
	const n = 100_000
	old := debug.SetMaxStack(2 << 20)
	defer debug.SetMaxStack(old)
	for name, run := range deepRuns(n) {
		length, err := run()
		if err != nil || length != n {
			t.Errorf("%s: path of %d states (%v), want %d", name, length, err, n)
		}
	}
}

// TestDepthFirstLongChain is TestDepthFirstOwnStack on a chain of 3,000,000
// states with the default stack (1 GB), which recursive DFS used to
// overflow, for the depth-first searches.
func TestDepthFirstLongChain(t *testing.T) {
	if !reliabilityLong() {
		t.Skip("a long reliability test; set SEARCHLAB_RELIABILITY=long to run it")
	}
	const n = 3_000_000
	for name, run := range deepRuns(n) {
		if name != "DFS" && name != "IDAStar" && name != "BranchAndBound" {
			continue // AllOptimal's walks are checked at 100,000 states
		}
		length, err := run()
		if err != nil || length != n {
			t.Errorf("%s: path of %d states (%v), want %d", name, length, err, n)
		}
	}
}

// TestMaxBytesDepthFirst checks that the depth-first searches hold no more
// states than Limits.MaxBytes allows: on the endless line and on a chain
// whose goal lies beyond the budget they stop with ErrMemory, never with
// a path longer than the budget; a goal within the budget is found.
func TestMaxBytesDepthFirst(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	const budget = 64 << 10
	most := int(budget / search.StateBytes(0))
	zeroH := func(int) int { return 0 }
	type run func(next search.Successors[int, int], goal func(int) bool, h func(int) int, lim search.Limits) (search.Result[int, int], error)
	runs := map[string]run{
		"DFS": func(next search.Successors[int, int], goal func(int) bool, _ func(int) int, lim search.Limits) (search.Result[int, int], error) {
			return search.DFS(ctx, 0, next, goal, -1, lim)
		},
		"IDDFS": func(next search.Successors[int, int], goal func(int) bool, _ func(int) int, lim search.Limits) (search.Result[int, int], error) {
			return search.IDDFS(ctx, 0, next, goal, -1, lim)
		},
		"IDAStar": func(next search.Successors[int, int], goal func(int) bool, h func(int) int, lim search.Limits) (search.Result[int, int], error) {
			return search.IDAStar(ctx, 0, next, h, goal, lim)
		},
	}
	for name, r := range runs {
		for _, traced := range []bool{false, true} {
			lim := search.Limits{MaxBytes: budget}
			if traced {
				lim.Observe = func(search.Event) {}
			}
			// The endless line, no goal: IDDFS and IDA* (h = 0) deepen by
			// one a round until the path passes the budget.
			res, err := r(line, never, zeroH, lim)
			if !errors.Is(err, search.ErrMemory) || !errors.Is(err, search.ErrLimit) {
				t.Errorf("%s traced=%v: endless line: %v, want ErrMemory", name, traced, err)
			}
			if res.Stats.PeakStored > most {
				t.Errorf("%s traced=%v: held %d states, the budget allows %d", name, traced, res.Stats.PeakStored, most)
			}
			// A goal beyond the budget (IDA* with the exact estimate goes
			// straight there).
			n := 2 * most
			exact := func(s int) int { return n - 1 - s }
			res, err = r(chain(n), func(s int) bool { return s == n-1 }, exact, lim)
			if !errors.Is(err, search.ErrMemory) || len(res.Path) > most || res.Stats.PeakStored > most {
				t.Errorf("%s traced=%v: goal %d steps away: path of %d states, %d held, %v; want ErrMemory within %d", name, traced, n-1, len(res.Path), res.Stats.PeakStored, err, most)
			}
			// A goal well within it.
			n = most / 4
			res, err = r(chain(n), func(s int) bool { return s == n-1 }, exact, lim)
			if err != nil || len(res.Path) != n {
				t.Errorf("%s traced=%v: goal %d steps away: path of %d states, %v", name, traced, n-1, len(res.Path), err)
			}
		}
	}
}

// TestMaxBytesBranchAndBound checks that branch and bound stops with
// ErrMemory and an open bound when the path it would hold passes the
// budget.
func TestMaxBytesBranchAndBound(t *testing.T) {
	t.Parallel()
	const budget = 64 << 10
	most := int(budget / search.StateBytes(0))
	p := search.Maximize[int]{
		Children: func(s int) iter.Seq[int] { return func(yield func(int) bool) { yield(s + 1) } },
		Value:    func(s int) int { return s },
		Bound:    func(int) int { return 1 << 30 },
	}
	res, err := search.BranchAndBound(context.Background(), func(yield func(int) bool) { yield(0) }, p, search.Limits{MaxBytes: budget})
	if !errors.Is(err, search.ErrMemory) || res.Optimal || res.Bound != 1<<30 || res.Stats.PeakStored > most {
		t.Errorf("endless chain: %v, optimal %v, bound %d, held %d (budget %d)", err, res.Optimal, res.Bound, res.Stats.PeakStored, most)
	}
}

// TestCancelledCostsNothing checks that a search whose context is done
// before the call stops with an error matching ErrLimit and
// context.Canceled, having expanded nothing.
func TestCancelledCostsNothing(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	h := func(int) int { return 0 }
	runs := map[string]func() (search.Result[int, int], error){
		"BFS":   func() (search.Result[int, int], error) { return search.BFS(ctx, 0, line, never, search.Limits{}) },
		"DFS":   func() (search.Result[int, int], error) { return search.DFS(ctx, 0, line, never, -1, search.Limits{}) },
		"IDDFS": func() (search.Result[int, int], error) { return search.IDDFS(ctx, 0, line, never, -1, search.Limits{}) },
		"AStar": func() (search.Result[int, int], error) { return search.AStar(ctx, 0, line, h, never, search.Limits{}) },
		"IDAStar": func() (search.Result[int, int], error) {
			return search.IDAStar(ctx, 0, line, h, never, search.Limits{})
		},
	}
	addNewAlgorithms(runs, ctx, search.Limits{})
	runs["Yen"] = func() (search.Result[int, int], error) {
		_, st, err := search.Yen(ctx, 0, line, never, 3, search.Limits{})
		return search.Result[int, int]{Stats: st}, err
	}
	runs["BFSReach"] = func() (search.Result[int, int], error) {
		r := search.BFSReach(ctx, 0, line, search.Limits{})
		for range r.All() {
			t.Error("BFSReach yielded a state")
		}
		return search.Result[int, int]{Stats: r.Stats()}, r.Err()
	}
	runs["BranchAndBound"] = func() (search.Result[int, int], error) {
		p := search.Maximize[int]{
			Children: func(s int) iter.Seq[int] { return func(yield func(int) bool) { yield(s + 1) } },
			Value:    func(s int) int { return s },
			Bound:    func(int) int { return 1 << 30 },
		}
		res, err := search.BranchAndBound(ctx, func(yield func(int) bool) { yield(0) }, p, search.Limits{})
		if res.Optimal || res.Bound != 1<<30 {
			t.Errorf("BranchAndBound: optimal %v, bound %d", res.Optimal, res.Bound)
		}
		return search.Result[int, int]{Stats: res.Stats}, err
	}
	for name, run := range runs {
		res, err := run()
		if !errors.Is(err, search.ErrLimit) || !errors.Is(err, context.Canceled) {
			t.Errorf("%s: error %v, want ErrLimit and context.Canceled", name, err)
		}
		if res.Stats.Expanded != 0 {
			t.Errorf("%s: expanded %d states with a cancelled context", name, res.Stats.Expanded)
		}
	}
}

// weightedRuns runs every search that orders states by cost from start
// towards goal on g, with h as the estimate (and as both estimates of
// NBS), returning the cost found and the error.
func weightedRuns(g graph, start, goal string, h func(string) int, lim search.Limits) map[string]func() (int, error) {
	ctx := context.Background()
	at := is(goal)
	res := func(r search.Result[string, int], err error) (int, error) { return r.Cost, err }
	return map[string]func() (int, error){
		"Dijkstra": func() (int, error) { return res(search.Dijkstra(ctx, start, g.next, at, lim)) },
		"DijkstraFrom": func() (int, error) {
			return res(search.DijkstraFrom(ctx, slices.Values([]string{start}), g.next, at, lim))
		},
		"AStar": func() (int, error) { return res(search.AStar(ctx, start, g.next, h, at, lim)) },
		"AStarFrom": func() (int, error) {
			return res(search.AStarFrom(ctx, slices.Values([]string{start}), g.next, h, at, lim))
		},
		"WeightedAStar": func() (int, error) { return res(search.WeightedAStar(ctx, start, g.next, h, 2, at, lim)) },
		"IDAStar":       func() (int, error) { return res(search.IDAStar(ctx, start, g.next, h, at, lim)) },
		"FringeSearch":  func() (int, error) { return res(search.FringeSearch(ctx, start, g.next, h, at, lim)) },
		"NBS":           func() (int, error) { return res(search.NBS(ctx, start, goal, g.next, g.prev, h, h, lim)) },
		"AnytimeAStar": func() (int, error) {
			r, err := search.AnytimeAStar(ctx, start, g.next, h, 2, at, lim)
			return r.Cost, err
		},
		"AllOptimal": func() (int, error) {
			o, err := search.AllOptimal(ctx, start, g.next, h, at, lim)
			return o.Cost, err
		},
		"Yen": func() (int, error) {
			paths, _, err := search.Yen(ctx, start, g.next, at, 3, lim)
			if len(paths) == 0 {
				return 0, err
			}
			return paths[0].Cost, err
		},
		"DijkstraReach": func() (int, error) {
			r := search.DijkstraReach(ctx, start, g.next, lim)
			for s, d := range r.All() {
				if s == goal {
					return d, nil
				}
			}
			if r.Err() != nil {
				return 0, r.Err()
			}
			return 0, search.ErrNotFound
		},
	}
}

// TestNegativeStep checks that every search by cost refuses a negative
// step that it meets, on a step out of the start and on a cycle of
// negative cost (which once ran until a limit), with float costs too.
func TestNegativeStep(t *testing.T) {
	t.Parallel()
	graphs := map[string]graph{
		// s -> a costs -1; g lies beyond a.
		"first step": {"s": {{"a", -1}, {"b", 5}}, "a": {{"g", 1}}, "b": {{"g", 1}}},
		// s -> a -> b -> a ... costs -1 a lap, so that no path to g is
		// the cheapest.
		"negative cycle": {"s": {{"a", 1}}, "a": {{"b", -2}}, "b": {{"a", 1}, {"g", 5}}},
	}
	for gname, g := range graphs {
		for name, run := range weightedRuns(g, "s", "g", zero, search.Limits{MaxNodes: 100_000}) {
			if cost, err := run(); !errors.Is(err, search.ErrNegativeCost) {
				t.Errorf("%s, %s: cost %d, error %v; want ErrNegativeCost", gname, name, cost, err)
			}
		}
	}
	// A NaN step is refused as a negative one.
	nan := func(s int) iter.Seq2[int, float64] {
		return func(yield func(int, float64) bool) { yield(s+1, math.NaN()) }
	}
	if _, err := search.Dijkstra(context.Background(), 0, nan, func(s int) bool { return s == 3 }, search.Limits{}); !errors.Is(err, search.ErrNegativeCost) {
		t.Errorf("Dijkstra with a NaN step: %v, want ErrNegativeCost", err)
	}
	// BFS counts steps: a negative cost is only added up.
	if res, err := search.BFS(context.Background(), "s", graphs["first step"].next, is("g"), search.Limits{}); err != nil || res.Cost != 0 {
		t.Errorf("BFS over a step of -1: cost %d, %v; want 0 (-1 + 1)", res.Cost, err)
	}
}

// TestNilHeuristic checks that every informed search takes a nil estimate
// as 0: the same answer and work as with an estimate of 0, on random
// graphs, and no panic.
func TestNilHeuristic(t *testing.T) {
	t.Parallel()
	_, insts := randomInstances(35, 36, 0)
	for trial, in := range insts {
		if trial >= 300 {
			break
		}
		src, dst := name(in.src), name(in.dst)
		zeroRuns := weightedRuns(in.g, src, dst, zero, search.Limits{})
		for name, run := range weightedRuns(in.g, src, dst, nil, search.Limits{}) {
			cost, err := run()
			wantCost, wantErr := zeroRuns[name]()
			if cost != wantCost || !errors.Is(err, wantErr) && err != wantErr {
				t.Fatalf("trial %d, %s: nil h gives %d, %v; h = 0 gives %d, %v", trial, name, cost, err, wantCost, wantErr)
			}
			if want := in.cost[in.src][in.dst]; err == nil && cost != want {
				t.Fatalf("trial %d, %s: nil h gives %d, optimum %d", trial, name, cost, want)
			}
		}
	}
}

// TestAnytimeImproveBound checks that the Bound of every Improve event of
// AnytimeAStar is a lower bound on the optimum, on the graph where it was
// not (0 -> 2 at 10 yielded first, 0 -> 1 -> 2 at 2) and on random graphs
// at several weights and node caps.
func TestAnytimeImproveBound(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	check := func(what string, g graph, src, dst string, h func(string) int, w float64, lim search.Limits, opt int) int {
		events := 0
		lim.Observe = func(e search.Event) {
			if e.Kind != search.Improve {
				return
			}
			events++
			if e.Bound > opt || e.Bound > e.G {
				t.Errorf("%s: improve to %d claims bound %d; the optimum is %d", what, e.G, e.Bound, opt)
			}
		}
		search.AnytimeAStar(ctx, src, g.next, h, w, is(dst), lim)
		return events
	}
	first := graph{"a": {{"c", 10}, {"b", 1}}, "b": {{"c", 1}}}
	if check("0->2 first", first, "a", "c", zero, 1, search.Limits{}, 2) == 0 {
		t.Error("0->2 first: no improve event")
	}
	_, insts := randomInstances(37, 38, 0)
	events := 0
	for trial, in := range insts {
		opt := in.cost[in.src][in.dst]
		if opt == math.MaxInt {
			continue
		}
		for _, w := range []float64{1, 1.5, 3} {
			for _, cap := range []int64{0, 1, 2, 4} {
				what := "trial " + strconv.Itoa(trial)
				events += check(what, in.g, name(in.src), name(in.dst), in.hTo, w, search.Limits{MaxNodes: cap}, opt)
			}
		}
	}
	if events < trials {
		t.Errorf("%d improve events over %d graphs: too few to test", events, trials)
	}
}

// TestYenStopsWithinSpurs checks that Yen, whose spur searches are each
// too short to reach a check of their own, stops soon after its context
// is cancelled: the cancellation comes from the successor function, after
// 20,000 calls, on a 6x6 grid with k = 12,000.
func TestYenStopsWithinSpurs(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	type cell struct{ r, c int }
	calls, after := 0, 0
	next := func(p cell) iter.Seq2[cell, int] {
		calls++
		if calls == 20_000 {
			cancel()
		}
		if calls > 20_000 {
			after++
		}
		return func(yield func(cell, int) bool) {
			for _, d := range [4]cell{{0, 1}, {1, 0}, {0, -1}, {-1, 0}} {
				q := cell{p.r + d.r, p.c + d.c}
				if q.r >= 0 && q.r < 6 && q.c >= 0 && q.c < 6 && !yield(q, 1) {
					return
				}
			}
		}
	}
	paths, _, err := search.Yen(ctx, cell{}, next, func(p cell) bool { return p == cell{5, 5} }, 12_000, search.Limits{})
	if !errors.Is(err, search.ErrLimit) || !errors.Is(err, context.Canceled) {
		t.Fatalf("Yen: %d paths, error %v; want ErrLimit and context.Canceled", len(paths), err)
	}
	if after > 100 {
		t.Errorf("Yen called the successor function %d times after its context was cancelled", after)
	}
}

// TestMaxBytesYen checks that Yen counts the paths it keeps against
// Limits.MaxBytes: asked for many paths on a grid within a small budget,
// it stops with ErrMemory, having held no more than the budget allows.
func TestMaxBytesYen(t *testing.T) {
	t.Parallel()
	const budget = 64 << 10
	most := int(budget / search.StateBytes("0,0"))
	bounded := func(s string) iter.Seq2[string, int] {
		return func(yield func(string, int) bool) {
			for t, c := range grid2(s) {
				var x, y int
				fmt.Sscanf(t, "%d,%d", &x, &y)
				if x >= 0 && x < 8 && y >= 0 && y < 8 && !yield(t, c) {
					return
				}
			}
		}
	}
	_, stats, err := search.Yen(context.Background(), "0,0", bounded, is("7,7"), 10_000, search.Limits{MaxBytes: budget})
	if !errors.Is(err, search.ErrMemory) || stats.PeakStored > most+8 {
		t.Errorf("Yen on an 8x8 grid, k = 10,000, within %d bytes: %v, held %d states (the budget allows %d)", budget, err, stats.PeakStored, most)
	}
}
