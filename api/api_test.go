package api_test

import (
	"context"
	"errors"
	"math/rand/v2"
	"testing"

	"github.com/searchlab/searchlab/api"
	"github.com/searchlab/searchlab/search"
	"github.com/searchlab/searchlab/sliding"
)

// TestSolveSliding checks every algorithm and heuristic against the
// distance table on random 3x3 boards and two goals, and the errors of bad
// options.
func TestSolveSliding(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	spiral, _ := sliding.ParseGoal("1 2 3 8 0 4 7 6 5", 3, 3)
	for _, goal := range []sliding.Board{sliding.Standard(3, 3), spiral} {
		table := sliding.TableFor(goal)
		for range 20 {
			b := sliding.Scramble(rng, goal, 14)
			want := table.Distance(b)
			for _, opt := range []api.SlidingOptions{
				{}, {Algorithm: sliding.BFS}, {Algorithm: sliding.IDDFS}, {Algorithm: sliding.AStar, Heuristic: "misplaced"},
				{Algorithm: sliding.IDAStar, Heuristic: "manhattan"}, {Algorithm: sliding.AStar, Heuristic: "linear"},
			} {
				sol, err := api.SolveSliding(context.Background(), b, goal, opt)
				if err != nil || sol.Len() != want || !sol.Optimal || sliding.Verify(b, goal, sol.Moves) != nil {
					t.Fatalf("%v %+v: %d moves (optimal %v, %v), want %d", b, opt, sol.Len(), sol.Optimal, err, want)
				}
			}
		}
	}
	b := sliding.Standard(3, 3)
	for _, opt := range []api.SlidingOptions{
		{Algorithm: sliding.AStar, Heuristic: "nosuch"},
		{Heuristic: "pdb"},
		{Algorithm: sliding.BFS, Heuristic: "pdb"},
	} {
		if _, err := api.SolveSliding(context.Background(), b, b, opt); !errors.Is(err, api.ErrInput) {
			t.Errorf("%+v: error %v does not match ErrInput", opt, err)
		}
	}
}

// TestSolveSlidingPDB checks that Auto uses the PDB solver only for boards
// over 9 cells, and that a solver with no set falls back to IDA*.
func TestSolveSlidingPDB(t *testing.T) {
	calls := 0
	none := func(ctx context.Context, b, goal sliding.Board, partition string, auto bool, lim search.Limits) (sliding.Solution, bool, error) {
		calls++
		return sliding.Solution{}, false, nil
	}
	small := sliding.Scramble(rand.New(rand.NewPCG(3, 4)), sliding.Standard(3, 3), 10)
	if _, err := api.SolveSliding(context.Background(), small, sliding.Standard(3, 3), api.SlidingOptions{PDB: none}); err != nil || calls != 0 {
		t.Errorf("3x3: %v, %d PDB calls", err, calls)
	}
	goal := sliding.Standard(4, 4)
	big := sliding.Scramble(rand.New(rand.NewPCG(5, 6)), goal, 20)
	sol, err := api.SolveSliding(context.Background(), big, goal, api.SlidingOptions{PDB: none})
	if err != nil || calls != 1 || !sol.Optimal || sliding.Verify(big, goal, sol.Moves) != nil {
		t.Errorf("4x4: %v, %d PDB calls, %+v", err, calls, sol)
	}
	if _, err := api.SolveSliding(context.Background(), big, goal, api.SlidingOptions{Heuristic: "pdb", PDB: none}); !errors.Is(err, api.ErrInput) {
		t.Errorf("pdb with no set: %v", err)
	}
}
