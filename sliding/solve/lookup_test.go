package solve_test

import (
	"context"
	"errors"
	"testing"

	"github.com/searchlab/searchlab/search"
	"github.com/searchlab/searchlab/sliding"
	"github.com/searchlab/searchlab/sliding/solve"
)

// TestLookup checks Method.Lookup against what Run does: every method of
// the registry, on a 3x3 and a 2x5 board, is a look-up exactly when Run
// answers from the distance table.
func TestLookup(t *testing.T) {
	solver := solve.New(solve.Options{NoDatabases: true})
	defer solver.Close()
	boards := []string{"1 2 3 4 0 6 7 5 8", "1 2 3 4 5 6 7 8 0 9"}
	sizes := [][2]int{{3, 3}, {5, 2}}
	methods := []solve.Method{{}, {Algorithm: sliding.Auto, Heuristic: "manhattan"}}
	for _, a := range solve.Algorithms() {
		for _, h := range solve.Heuristics() {
			if !h.Databases {
				methods = append(methods, solve.Method{Algorithm: a.Name, Heuristic: h.Name})
			}
		}
	}
	for i, text := range boards {
		w, h := sizes[i][0], sizes[i][1]
		b, err := sliding.ParseGoal(text, w, h)
		if err != nil {
			t.Fatal(err)
		}
		goal := sliding.Standard(w, h)
		for _, m := range methods {
			sol, err := solver.Solve(context.Background(), b, goal, m, search.Limits{MaxNodes: 1_000_000})
			if err != nil {
				t.Fatalf("%dx%d %+v: %v", w, h, m, err)
			}
			if table := sol.Method == "table"; m.Lookup(w, h) != table {
				t.Errorf("%dx%d %+v: Lookup %v, but Run answers by %q", w, h, m, m.Lookup(w, h), sol.Method)
			}
		}
	}
}

// TestDepthLimited checks the registry's DepthLimited against Run: an
// algorithm that says so finds no path with a limit below the fewest
// moves, and none longer than its limit above.
func TestDepthLimited(t *testing.T) {
	solver := solve.New(solve.Options{NoDatabases: true})
	defer solver.Close()
	b, _ := sliding.ParseGoal("4 1 2 5 0 3 7 8 6", 3, 3)
	goal := sliding.Standard(3, 3)
	fewest := sliding.TableFor(goal).Distance(b)
	limited := 0
	for _, a := range solve.Algorithms() {
		if !a.DepthLimited {
			continue
		}
		limited++
		m := solve.Method{Algorithm: a.Name, MaxDepth: fewest - 1}
		if _, err := solver.Solve(context.Background(), b, goal, m, search.Limits{}); !errors.Is(err, search.ErrNotFound) {
			t.Errorf("%s with max depth %d below the fewest %d: %v, want search.ErrNotFound", a.Name, m.MaxDepth, fewest, err)
		}
		for _, depth := range []int{fewest, fewest + 1, fewest + 6} {
			m.MaxDepth = depth
			sol, err := solver.Solve(context.Background(), b, goal, m, search.Limits{})
			if err != nil || sol.Len() > depth || sol.Len() < fewest {
				t.Errorf("%s with max depth %d: %d moves, %v", a.Name, depth, sol.Len(), err)
			}
		}
	}
	if limited == 0 {
		t.Error("no algorithm of the registry is depth-limited; depth-first search within a limit is")
	}
}
