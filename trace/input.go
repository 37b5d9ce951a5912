package trace

import (
	"io"

	"github.com/searchlab/searchlab/sliding"
	"github.com/searchlab/searchlab/sliding/solve"
	"github.com/searchlab/searchlab/stroke"
	"github.com/searchlab/searchlab/sudoku"
)

// ReadSliding reads the one board that a trace follows from r, text such
// as a file or a command's stdin, in format f; w and h give the size of a
// board in sliding.Line (0, 0: a square) and check that of one in
// sliding.Grid. Text that holds no board or more than one is refused.
// name names the text in the messages about its faults, as a file name
// does ("" for none). Errors match solve.ErrInput.
func ReadSliding(r io.Reader, name string, f sliding.Format, w, h int) (sliding.Board, error) {
	cases, err := sliding.ParseAll(r, f, w, h)
	c, err := one(cases, err, name, "board")
	return c.Board, err
}

// ReadStroke reads the one one-stroke board of r, as ReadSliding reads a
// sliding board.
func ReadStroke(r io.Reader, name string) (*stroke.Board, error) {
	boards, err := stroke.ParseAll(r)
	return one(boards, err, name, "board")
}

// ReadSudoku reads the one Sudoku puzzle of r in format f, as ReadSliding
// reads a sliding board.
func ReadSudoku(r io.Reader, name string, f sudoku.Format) (sudoku.Grid, error) {
	sc := sudoku.NewScanner(r, f)
	if !sc.Scan() {
		if err := sc.Err(); err != nil {
			return sudoku.Grid{}, inText(name, err)
		}
		return sudoku.Grid{}, solve.InputErrorf("no puzzle in the input")
	}
	g, err := sudoku.Parse(f, sc.Record())
	if err != nil {
		return sudoku.Grid{}, inText(name, err)
	}
	if sc.Scan() {
		return sudoku.Grid{}, solve.InputErrorf("want one puzzle in the input, the input has more")
	}
	return g, nil
}

// one returns the one puzzle of all, read with the error err; what names
// the kind of puzzle.
func one[T any](all []T, err error, name, what string) (T, error) {
	var zero T
	switch {
	case err != nil:
		return zero, inText(name, err)
	case len(all) != 1:
		return zero, solve.InputErrorf("want one %s in the input, got %d", what, len(all))
	}
	return all[0], nil
}

// inText marks err, a fault of the text called name, as bad input, with
// the name before it.
func inText(name string, err error) error {
	if name == "" {
		return solve.InputErrorf("%w", err)
	}
	return solve.InputErrorf("%s: %w", name, err)
}
