package sliding_test

import (
	"context"
	"fmt"

	"github.com/searchlab/searchlab/search"
	"github.com/searchlab/searchlab/sliding"
)

// An observer in the limits sees every step of a generic search, here an
// IDA* search raising its bound.
func ExampleSearch_observe() {
	goal := sliding.Standard(3, 3)
	b, _ := sliding.ParseGoal("8 1 3 4 0 2 7 6 5", 3, 3)
	o := sliding.Options{Algorithm: sliding.IDAStar, Heuristic: sliding.Manhattan(goal)}
	o.Limits.Observe = func(e search.Event) {
		if e.Kind == search.Threshold {
			fmt.Println("threshold", e.Bound)
		}
	}
	sol, err := sliding.Search(context.Background(), b, goal, o)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(sol.Len(), "moves,", sol.Stats.Expanded, "expanded")
	// Output:
	// threshold 10
	// threshold 12
	// threshold 14
	// 14 moves, 104 expanded
}
