package pdbsearch_test

import (
	"fmt"
	"time"

	"github.com/searchlab/searchlab/sliding"
	"github.com/searchlab/searchlab/sliding/solve/internal/pdbsearch"
)

// A round describes itself on one line, as "searchlab sliding drive
// --stats" reports each bound.
func ExampleRound_String() {
	fmt.Println(pdbsearch.Round{Bound: 50, Next: 52, Expanded: 1200, Generated: 2500})
	fmt.Println(pdbsearch.Round{Bound: 52, Solved: true, Unit: 3, Moves: make([]sliding.Move, 52), Expanded: 900, Generated: 1800})
	// Output:
	// bound 50: next bound 52; expanded 1200, generated 2500
	// bound 52: solved by unit 3: 52 moves; expanded 900, generated 1800
}

// A long solve's reports, as RunOptions.Progress and Iteration receive
// them, written a line each.
func ExampleProgress_String() {
	fmt.Println(pdbsearch.Progress{Bound: 82, Expanded: 1234567890, IterationExpanded: 4567, Rate: 2.5e6, Elapsed: time.Minute, Subtrees: 12})
	fmt.Println(pdbsearch.IterationReport{Bound: 82, Expanded: 99, Subtrees: 7, Elapsed: 3 * time.Second,
		Workers: []pdbsearch.WorkerReport{{Busy: 2900 * time.Millisecond}, {Busy: 3 * time.Second}}})
	// Output:
	// bound 82 | 1.23G expanded, 4.6k this iteration | 2.50M/s | iteration 0s, all 1m0s | 12 subtrees done
	// bound 82 done: 99 expanded, 7 subtrees, 3s; workers busy 2.9s 3s
}
