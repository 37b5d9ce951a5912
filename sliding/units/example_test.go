package units_test

import (
	"context"
	"fmt"
	"os"

	"github.com/searchlab/searchlab/search"
	"github.com/searchlab/searchlab/sliding"
	"github.com/searchlab/searchlab/sliding/solve"
	"github.com/searchlab/searchlab/sliding/units"
)

// Split a board's search into work units, search each unit to a bound
// (here in this process; any process or machine could, see Commands), and
// let Drive merge the bounds until the first that holds a solution.
func ExampleDrive() {
	ctx := context.Background()
	goal := sliding.Standard(3, 3)
	dir, _ := os.MkdirTemp("", "units-example")
	defer os.RemoveAll(dir)
	solver := solve.New(solve.Options{Dir: dir})
	defer solver.Close()
	s, err := solver.Units(ctx, 3, 3, goal.Blank(), "4-4")
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

	run := func(ctx context.Context, bound int) ([]solve.UnitResult, error) {
		var out []solve.UnitResult
		for _, u := range sp.Units {
			r, err := s.SearchUnit(ctx, goal, u, bound, search.Limits{})
			if err != nil {
				return nil, err
			}
			out = append(out, r)
		}
		return out, nil
	}
	sol, rounds, err := units.Drive(ctx, units.Plan{Split: sp, Method: s.Method()}, run)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, r := range rounds {
		fmt.Println("bound", r.Bound, "solved", r.Solved, "next", r.Next)
	}
	fmt.Println(sol.Len(), "moves, optimal", sol.Optimal, "by", sol.Method)
	// Output:
	// depth 6 units 42 of 42 paths; first bound 29
	// unit 0: [R U L D L U]
	// bound 29 solved false next 31
	// bound 31 solved true next 0
	// 31 moves, optimal true by pdb 4-4+mirror (work units)
}
