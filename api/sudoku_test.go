package api_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"strings"

	"github.com/searchlab/searchlab/api"
	"github.com/searchlab/searchlab/sudoku"
)

// The JSON lines of a batch: a puzzle with two solutions, one with one,
// and one whose givens conflict, which stops the batch. The batch is not
// Timed here, so that elapsed_ns is 0.
func ExampleSudokuAnswerLines() {
	opt := sudoku.Options{Limit: 2}
	b := sudoku.Batch{Options: opt, Append: api.SudokuAnswerLines(opt)}
	_, err := b.Run(context.Background(), strings.NewReader("1.3.............\n1234341221434321\n11..............\n"), os.Stdout)
	fmt.Println(err, errors.Is(err, sudoku.ErrInvalid))
	// Output:
	// {"line":1,"solutions":2,"unique":false,"solution":"1234341221434321","guesses":6,"elapsed_ns":0}
	// {"line":2,"solutions":1,"unique":true,"solution":"1234341221434321","guesses":0,"elapsed_ns":0}
	// sudoku: line 3: conflicting givens: r1c1 and r1c2 are both 1 true
}
