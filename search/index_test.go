package search_test

import (
	"context"
	"errors"
	"slices"
	"testing"

	"github.com/searchlab/searchlab/internal/gridbench"
	"github.com/searchlab/searchlab/search"
)

// letter is the dense index of the random graphs' states "a", "b", ...
func letter(s string) int { return int(s[0] - 'a') }

// TestIndexGivesTheSameAnswers checks that the best-first searches give the
// same path, cost and work with a dense index of the states as without, on
// random graphs (zero-cost steps and inconsistent estimates included).
func TestIndexGivesTheSameAnswers(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	_, insts := randomInstances(51, 52, 0)
	for trial, in := range insts {
		src, goal := name(in.src), is(name(in.dst))
		starts := []string{src, name((in.src + 1) % in.n)}
		for _, alg := range []string{"AStar", "AStarFrom", "Dijkstra", "DijkstraFrom", "WeightedAStar"} {
			run := func(lim search.Limits) (search.Result[string, int], error) {
				switch alg {
				case "AStar":
					return search.AStar(ctx, src, in.g.next, in.hTo, goal, lim)
				case "AStarFrom":
					return search.AStarFrom(ctx, slices.Values(starts), in.g.next, in.hTo, goal, lim)
				case "Dijkstra":
					return search.Dijkstra(ctx, src, in.g.next, goal, lim)
				case "DijkstraFrom":
					return search.DijkstraFrom(ctx, slices.Values(starts), in.g.next, goal, lim)
				}
				return search.WeightedAStar(ctx, src, in.g.next, in.hTo, 1.5, goal, lim)
			}
			want, werr := run(search.Limits{})
			got, gerr := run(search.Limits{Index: letter})
			want.Stats.Elapsed, got.Stats.Elapsed = 0, 0
			if !errors.Is(gerr, werr) || !slices.Equal(got.Path, want.Path) || got.Cost != want.Cost || got.Stats != want.Stats {
				t.Fatalf("trial %d %s: with the index %v %d %+v %v, without %v %d %+v %v",
					trial, alg, got.Path, got.Cost, got.Stats, gerr, want.Path, want.Cost, want.Stats, werr)
			}
		}
	}
}

func TestIndexOnTheBenchmarkGrid(t *testing.T) {
	t.Parallel()
	g := gridbench.New(200, 200, 3, 20)
	ctx := context.Background()
	want, err := search.AStar(ctx, g.Start(), g.Next, g.Manhattan, g.IsGoal, search.Limits{})
	if err != nil {
		t.Fatal(err)
	}
	got, err := search.AStar(ctx, g.Start(), g.Next, g.Manhattan, g.IsGoal, search.Limits{Index: g.Index})
	if err != nil || !slices.Equal(got.Path, want.Path) || got.Stats.Expanded != want.Stats.Expanded {
		t.Fatalf("with the index: %d steps, %d expanded, %v; without: %d steps, %d expanded", len(got.Path), got.Stats.Expanded, err, len(want.Path), want.Stats.Expanded)
	}
}

// TestIndexFaults checks that an index of the wrong type and a negative
// index are errors, not a panic or a wrong answer.
func TestIndexFaults(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	_, err := search.Dijkstra(ctx, "S", diamond.next, is("G"), search.Limits{Index: func(int) int { return 0 }})
	if err == nil || errors.Is(err, search.ErrNotFound) {
		t.Errorf("an index of the wrong type: %v, want an error", err)
	}
	_, err = search.Dijkstra(ctx, "S", diamond.next, is("G"), search.Limits{Index: func(s string) int { return -1 }})
	if err == nil || errors.Is(err, search.ErrNotFound) {
		t.Errorf("a negative index: %v, want an error", err)
	}
}
