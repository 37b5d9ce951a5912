package api_test

import (
	"context"
	"errors"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/searchlab/searchlab/api"
	"github.com/searchlab/searchlab/search"
	"github.com/searchlab/searchlab/sliding"
	"github.com/searchlab/searchlab/sliding/pdb"
)

// TestSolveSliding checks every algorithm and heuristic against the
// distance table on random 3x3 boards and two goals, and the errors of bad
// options.
func TestSolveSliding(t *testing.T) {
	t.Parallel()
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

// TestSolveSlidingPDB checks that Auto answers through opt.PDB: the table
// for 3x3, pattern databases for 3x4 (with Background, IDA* with linear
// conflicts until the set is ready), and that heuristic pdb on a board no
// database fits is an input error.
func TestSolveSlidingPDB(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	solver := pdb.NewSolver(pdb.Options{Dir: t.TempDir(), Background: true})
	small := sliding.Scramble(rand.New(rand.NewPCG(3, 4)), sliding.Standard(3, 3), 10)
	if sol, err := api.SolveSliding(ctx, small, sliding.Standard(3, 3), api.SlidingOptions{PDB: solver}); err != nil || sol.Method != "table" {
		t.Errorf("3x3: %v, method %q", err, sol.Method)
	}
	goal := sliding.Standard(4, 3)
	big := sliding.Scramble(rand.New(rand.NewPCG(5, 6)), goal, 30)
	ref, err := sliding.IDAStarSolve(ctx, big, goal, sliding.LinearConflict(goal), search.Limits{})
	if err != nil {
		t.Fatal(err)
	}
	methods := map[string]bool{}
	for range 1000 {
		sol, err := api.SolveSliding(ctx, big, goal, api.SlidingOptions{PDB: solver})
		if err != nil || !sol.Optimal || sol.Len() != ref.Len() || sliding.Verify(big, goal, sol.Moves) != nil {
			t.Fatalf("4x3: %v, %+v; want %d moves", err, sol, ref.Len())
		}
		methods[sol.Method] = true
		if sol.Method == "pdb 6-5" {
			break
		}
		time.Sleep(10 * time.Millisecond)
	}
	if !methods["pdb 6-5"] {
		t.Errorf("4x3 answered by %v, never by the pattern databases", methods)
	}
	huge := sliding.Standard(6, 6)
	if _, err := api.SolveSliding(ctx, huge, huge, api.SlidingOptions{Heuristic: "pdb", PDB: solver}); !errors.Is(err, api.ErrInput) {
		t.Errorf("pdb on 6x6: %v", err)
	}
	if _, err := api.SolveSliding(ctx, big, goal, api.SlidingOptions{Heuristic: "pdb"}); !errors.Is(err, api.ErrInput) {
		t.Errorf("pdb with no solver: %v", err)
	}
}
