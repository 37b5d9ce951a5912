package syntaxerr_test

import (
	"fmt"

	"github.com/searchlab/searchlab/internal/syntaxerr"
)

func ExampleMessage() {
	fmt.Println(syntaxerr.Message("sliding", 0, "want 9 tiles, got 8"))
	fmt.Println(syntaxerr.Message("sudoku", 1, "81 cells wanted"))
	fmt.Println(syntaxerr.Message("stroke", 12, "board has no player O"))
	// Output:
	// sliding: want 9 tiles, got 8
	// sudoku: line 1: 81 cells wanted
	// stroke: line 12: board has no player O
}
