package pdbsearch

import (
	"context"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/searchlab/searchlab/search"
	"github.com/searchlab/searchlab/sliding"
)

// TestCatalogueAgainstBFS solves 3x3 boards with a catalogue of three
// partitions (package pdb checks its heuristic on every board): paths of
// the true distance, and never more nodes than any of its partitions
// alone.
func TestCatalogueAgainstBFS(t *testing.T) {
	ctx := context.Background()
	goal := mustBoard(t, 3, 3, 0, 1, 2, 3, 4, 5, 6, 7, 8)
	parts := []string{"1,2,3,4/5,6,7,8", "1,3,4,6/2,5,7,8", "1,2,5/3,4,6,7,8"}
	cat := build(t, 3, 3, 0, strings.Join(parts, "|"))
	var single []*Searcher
	for _, p := range parts {
		single = append(single, build(t, 3, 3, 0, p))
	}
	dist := allDistances(goal)
	keys := make([]string, 0, len(dist))
	for k := range dist {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	rng := rand.New(rand.NewPCG(5, 6))
	for range 100 {
		k := keys[rng.IntN(len(keys))]
		b := sliding.Board{W: 3, H: 3, Tiles: []uint8(k)}
		one := RunOptions{Threads: 1} // node counts that do not depend on timing
		sol, err := cat.Solve(ctx, b, goal, search.Limits{}, one)
		if err != nil || len(sol.Moves) != dist[k] || !sol.Optimal {
			t.Fatalf("board %v: %d moves (optimal %v), want %d, %v", b.Tiles, len(sol.Moves), sol.Optimal, dist[k], err)
		}
		if end, err := b.Apply(sol.Moves...); err != nil || !end.Equal(goal) {
			t.Fatalf("board %v: moves do not reach the goal", b.Tiles)
		}
		for i, s := range single {
			alone, err := s.Solve(ctx, b, goal, search.Limits{}, one)
			if err != nil {
				t.Fatal(err)
			}
			if sol.Stats.Expanded > alone.Stats.Expanded {
				t.Errorf("board %v: catalogue expanded %d, partition %d alone %d", b.Tiles, sol.Stats.Expanded, i, alone.Stats.Expanded)
			}
		}
	}
}

// TestCatalogue15 solves random 15-puzzles with a catalogue of small
// partitions on one and two threads: the same lengths as a single
// partition, and no more nodes than it.
func TestCatalogue15(t *testing.T) {
	ctx := context.Background()
	first := "1,2,3,4,5/6,7,8,9,10/11,12,13,14,15"
	spec := first + "|1,4,5,8,9/2,3,6,7,10/11,12,13,14,15|1,2,3,5,6/4,7,8,11,12/9,10,13,14,15"
	cat := build(t, 4, 4, 0, spec)
	one := build(t, 4, 4, 0, first)
	goal := mustBoard(t, 4, 4, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15)
	rng := rand.New(rand.NewPCG(7, 8))
	for i := range 8 {
		b := goal.Clone()
		for range 60 {
			ms := sliding.Moves()
			nb, err := b.Apply(ms[rng.IntN(len(ms))])
			if err == nil {
				b = nb
			}
		}
		want, err := one.Solve(ctx, b, goal, search.Limits{}, RunOptions{Threads: 1})
		if err != nil {
			t.Fatal(err)
		}
		for _, threads := range []int{1, 2} {
			sol, err := cat.Solve(ctx, b, goal, search.Limits{}, RunOptions{Threads: threads})
			if err != nil || len(sol.Moves) != len(want.Moves) {
				t.Fatalf("board %d: %d moves, want %d, %v", i, len(sol.Moves), len(want.Moves), err)
			}
			if end, err := b.Apply(sol.Moves...); err != nil || !end.Equal(goal) {
				t.Fatalf("board %d: moves do not reach the goal", i)
			}
			if threads == 1 && sol.Stats.Expanded > want.Stats.Expanded {
				t.Errorf("board %d: catalogue expanded %d, its first partition %d", i, sol.Stats.Expanded, want.Stats.Expanded)
			}
		}
	}
}
