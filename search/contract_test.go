package search_test

import (
	"context"
	"errors"
	"iter"
	"os"
	"runtime/debug"
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
// before the call expands nothing and says so.
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
