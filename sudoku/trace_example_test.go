package sudoku_test

import (
	"context"
	"fmt"

	"github.com/searchlab/searchlab/sudoku"
)

// Explain says why each digit goes where it goes.
func ExampleExplain() {
	g, err := sudoku.ParseLine("52...6.........7.13...........4..8..6......5...........418.........3..2...87.....")
	if err != nil {
		fmt.Println(err)
		return
	}
	ex, err := sudoku.Explain(context.Background(), g, 0)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, s := range ex.Steps[:3] {
		fmt.Printf("%s: %s\n", s.Kind, s.Reason)
	}
	fmt.Println("steps:", len(ex.Steps), "guesses:", ex.Guesses)
	fmt.Println("solved:", ex.Solution.Solves(g))
	// Output:
	// hidden-single: 1 has one place left in box 1: r3c2
	// hidden-single: 3 has one place left in box 7: r9c2
	// hidden-single: 8 has one place left in row 8: r8c9
	// steps: 73 guesses: 0
	// solved: true
}
