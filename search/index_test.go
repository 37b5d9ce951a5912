package search_test

import (
	"context"
	"errors"
	"iter"
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

// packedState is a state whose bytes are its value: the best-first searches
// number such states in their own hashed table, not a Go map.
type packedState struct {
	Row, Col int32
}

// packedOf and unpacked relabel the random graphs' states "a", "b", ...
// as packedState states, a few apart on a grid.
func packedOf(s string) packedState { return packedState{int32(s[0]-'a') / 3, 5 * int32(s[0]-'a') % 7} }

func unpacked(p packedState) string {
	for i := range 26 {
		if packedOf(name(i)) == p {
			return name(i)
		}
	}
	panic("not a state")
}

// TestHashedStatesGiveTheSameAnswers checks that the best-first searches
// give the same path, cost and work on the random graphs whether their
// states are strings (a Go map) or structs of integers (the hashed table).
func TestHashedStatesGiveTheSameAnswers(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	_, insts := randomInstances(53, 54, 0)
	for trial, in := range insts {
		next := func(p packedState) iter.Seq2[packedState, int] {
			return func(yield func(packedState, int) bool) {
				for s, c := range in.g.next(unpacked(p)) {
					if !yield(packedOf(s), c) {
						return
					}
				}
			}
		}
		h := func(p packedState) int { return in.hTo(unpacked(p)) }
		goal := func(p packedState) bool { return unpacked(p) == name(in.dst) }
		src := name(in.src)
		for _, alg := range []string{"AStar", "Dijkstra", "WeightedAStar"} {
			var want search.Result[string, int]
			var got search.Result[packedState, int]
			var werr, gerr error
			switch alg {
			case "AStar":
				want, werr = search.AStar(ctx, src, in.g.next, in.hTo, is(name(in.dst)), search.Limits{})
				got, gerr = search.AStar(ctx, packedOf(src), next, h, goal, search.Limits{})
			case "Dijkstra":
				want, werr = search.Dijkstra(ctx, src, in.g.next, is(name(in.dst)), search.Limits{})
				got, gerr = search.Dijkstra(ctx, packedOf(src), next, goal, search.Limits{})
			default:
				want, werr = search.WeightedAStar(ctx, src, in.g.next, in.hTo, 1.5, is(name(in.dst)), search.Limits{})
				got, gerr = search.WeightedAStar(ctx, packedOf(src), next, h, 1.5, goal, search.Limits{})
			}
			path := make([]string, len(got.Path))
			for i, p := range got.Path {
				path[i] = unpacked(p)
			}
			want.Stats.Elapsed, got.Stats.Elapsed = 0, 0
			if !errors.Is(gerr, werr) || !slices.Equal(path, want.Path) || got.Cost != want.Cost || got.Stats != want.Stats {
				t.Fatalf("trial %d %s: with packedState states %v %d %+v %v, with strings %v %d %+v %v",
					trial, alg, path, got.Cost, got.Stats, gerr, want.Path, want.Cost, want.Stats, werr)
			}
		}
	}
}
