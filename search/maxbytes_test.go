package search_test

import (
	"context"
	"errors"
	"iter"
	"strconv"
	"testing"

	"github.com/searchlab/searchlab/search"
)

// grid2 is the infinite grid of points "x,y", four neighbours each.
func grid2(s string) iter.Seq2[string, int] {
	return func(yield func(string, int) bool) {
		var x, y int
		for i := range len(s) {
			if s[i] == ',' {
				x, _ = strconv.Atoi(s[:i])
				y, _ = strconv.Atoi(s[i+1:])
			}
		}
		for _, d := range [4][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}} {
			if !yield(strconv.Itoa(x+d[0])+","+strconv.Itoa(y+d[1]), 1) {
				return
			}
		}
	}
}

// TestMaxBytes checks the memory budget of BFS and A*, traced or not: a
// search that would hold more states than the budget allows stops with
// ErrLimit, holding at most one expansion's states more; a goal within
// the budget is found as without it.
func TestMaxBytes(t *testing.T) {
	far, near := is("300,300"), is("3,3")
	h := func(string) int { return 0 }
	type run func(goal func(string) bool, lim search.Limits) (search.Result[string, int], error)
	runs := map[string]run{
		"bfs": func(g func(string) bool, lim search.Limits) (search.Result[string, int], error) {
			return search.BFS(context.Background(), "0,0", grid2, g, lim)
		},
		"astar": func(g func(string) bool, lim search.Limits) (search.Result[string, int], error) {
			return search.AStar(context.Background(), "0,0", grid2, h, g, lim)
		},
	}
	const budget = 1 << 20
	per := search.StateBytes("0,0")
	if per < 100 || per > 1000 {
		t.Fatalf("StateBytes of a short string: %d", per)
	}
	for name, r := range runs {
		for _, traced := range []bool{false, true} {
			lim := search.Limits{MaxBytes: budget}
			if traced {
				lim.Observe = func(search.Event) {}
			}
			res, err := r(far, lim)
			if !errors.Is(err, search.ErrLimit) || !errors.Is(err, search.ErrMemory) {
				t.Errorf("%s traced=%v: far goal within %d bytes: %v, want ErrLimit", name, traced, budget, err)
			}
			if most := int(budget/per) + 8; res.Stats.PeakStored > most {
				t.Errorf("%s traced=%v: held %d states, budget allows %d", name, traced, res.Stats.PeakStored, most)
			}
			res, err = r(near, lim)
			if err != nil || len(res.Path) != 7 {
				t.Errorf("%s traced=%v: near goal: %v, path %v", name, traced, err, res.Path)
			}
		}
	}
}

// TestMaxBytesReach checks that a Reach over a graph larger than its
// memory budget stops with ErrMemory, holding about as many states as the
// budget allows, and that one within the budget reaches every state.
func TestMaxBytesReach(t *testing.T) {
	const budget = 1 << 20
	most := int(budget/search.StateBytes("0,0")) + 8
	reaches := map[string]func(lim search.Limits) *search.Reach[string, int]{
		"bfs": func(lim search.Limits) *search.Reach[string, int] {
			return search.BFSReach(context.Background(), "0,0", grid2, lim)
		},
		"dijkstra": func(lim search.Limits) *search.Reach[string, int] {
			return search.DijkstraReach(context.Background(), "0,0", grid2, lim)
		},
	}
	for name, reach := range reaches {
		r := reach(search.Limits{MaxBytes: budget, MaxNodes: 1e6})
		for range r.All() {
		}
		if err := r.Err(); !errors.Is(err, search.ErrMemory) || !errors.Is(err, search.ErrLimit) {
			t.Errorf("%s: the infinite grid within %d bytes: %v, want ErrMemory", name, budget, err)
		}
		if held := r.Stats().PeakStored; held > most {
			t.Errorf("%s: held %d states, the budget allows %d", name, held, most)
		}
		// Within 10 steps of the start lie 2*10*11+1 = 221 points.
		r = reach(search.Limits{MaxBytes: budget})
		n := 0
		for _, d := range r.All() {
			if d > 10 {
				break
			}
			n++
		}
		if n != 221 || r.Err() != nil {
			t.Errorf("%s: %d points within 10 steps (%v), want 221", name, n, r.Err())
		}
	}
}
