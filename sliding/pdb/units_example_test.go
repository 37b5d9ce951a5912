package pdb_test

import (
	"fmt"

	"github.com/searchlab/searchlab/sliding"
	"github.com/searchlab/searchlab/sliding/pdb"
)

// A round describes itself on one line, as "searchlab sliding drive
// --stats" reports each bound.
func ExampleRound_String() {
	fmt.Println(pdb.Round{Bound: 50, Next: 52, Expanded: 1200, Generated: 2500})
	fmt.Println(pdb.Round{Bound: 52, Solved: true, Unit: 3, Moves: make([]sliding.Move, 52), Expanded: 900, Generated: 1800})
	// Output:
	// bound 50: next bound 52; expanded 1200, generated 2500
	// bound 52: solved by unit 3: 52 moves; expanded 900, generated 1800
}
