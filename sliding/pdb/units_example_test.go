package pdb_test

import (
	"context"
	"fmt"

	"github.com/searchlab/searchlab/search"
	"github.com/searchlab/searchlab/sliding"
	"github.com/searchlab/searchlab/sliding/pdb"
)

// Split a board's search into work units, search each unit to a bound
// (here in this process; any process or machine could), and let Drive
// merge the bounds until the first that holds a solution.
func ExampleSet_Split() {
	ctx := context.Background()
	goal := sliding.Standard(3, 3)
	s, err := pdb.Build(ctx, 3, 3, goal.Blank(), "4-4", nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	b, _ := sliding.New(3, 3, []int{8, 6, 7, 2, 5, 4, 3, 0, 1})
	sp, err := s.Split(ctx, b, goal, 6, search.Limits{})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("depth", sp.Depth, "units", len(sp.Units), "of", sp.Paths, "paths; first bound", sp.H)
	fmt.Println("unit 0:", sp.Units[0].Prefix)

	run := func(ctx context.Context, bound int) ([]pdb.UnitResult, error) {
		var out []pdb.UnitResult
		for _, u := range sp.Units {
			r, err := s.SearchUnit(ctx, goal, u, bound, search.Limits{})
			if err != nil {
				return nil, err
			}
			out = append(out, r)
		}
		return out, nil
	}
	sol, rounds, err := pdb.Drive(ctx, sp, run)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, r := range rounds {
		fmt.Println("bound", r.Bound, "solved", r.Solved, "next", r.Next)
	}
	fmt.Println(sol.Len(), "moves, optimal", sol.Optimal)
	// Output:
	// depth 6 units 42 of 42 paths; first bound 29
	// unit 0: [U U L D R U]
	// bound 29 solved false next 31
	// bound 31 solved true next 0
	// 31 moves, optimal true
}

// A round describes itself on one line, as "searchlab sliding drive
// --stats" reports each bound.
func ExampleRound_String() {
	fmt.Println(pdb.Round{Bound: 50, Next: 52, Expanded: 1200, Generated: 2500})
	fmt.Println(pdb.Round{Bound: 52, Solved: true, Unit: 3, Moves: make([]sliding.Move, 52), Expanded: 900, Generated: 1800})
	// Output:
	// bound 50: next bound 52; expanded 1200, generated 2500
	// bound 52: solved by unit 3: 52 moves; expanded 900, generated 1800
}
