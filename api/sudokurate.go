package api

import (
	"errors"
	"time"

	"github.com/searchlab/searchlab/sudoku"
)

// SudokuRating is a puzzle's rating on Sudoku Explainer's scale: one line
// of "searchlab sudoku rate --json" (and of explain --json, which always
// has the steps), and the body of POST /api/sudoku/rate.
type SudokuRating struct {
	// Line is the input line the puzzle starts on (1 for the HTTP API).
	Line int `json:"line"`
	// Puzzle is the puzzle in the line format.
	Puzzle string `json:"puzzle"`
	// Unique reports that the puzzle has exactly one solution; a puzzle
	// without is not rated, and Solutions says which it is: 0, or 2 for
	// at least two.
	Unique    bool `json:"unique"`
	Solutions int  `json:"solutions"`
	// ER, EP and ED are the rating (0 when not rated). An ER of 20 says
	// that the techniques could not finish the puzzle.
	ER float64 `json:"er"`
	EP float64 `json:"ep"`
	ED float64 `json:"ed"`
	// Steps are the steps of the solving path, in order, when asked.
	Steps []sudoku.Step `json:"steps,omitempty"`
	// ElapsedNS is the rating time in nanoseconds.
	ElapsedNS int64 `json:"elapsed_ns"`
}

// NewSudokuRating returns the rating of puzzle, read on line, from what
// sudoku.Rate returned: a *sudoku.NotUniqueError becomes a rating with
// Unique false; any other error is returned as it is.
func NewSudokuRating(line int, puzzle sudoku.Grid, r sudoku.Rating, steps []sudoku.Step, err error, elapsed time.Duration) (SudokuRating, error) {
	a := SudokuRating{Line: line, Puzzle: sudokuLine(puzzle), ElapsedNS: elapsed.Nanoseconds()}
	var nu *sudoku.NotUniqueError
	switch {
	case errors.As(err, &nu):
		a.Solutions = nu.Solutions
		return a, nil
	case err != nil:
		return SudokuRating{}, err
	}
	a.Unique, a.Solutions = true, 1
	a.ER, a.EP, a.ED = r.ER, r.EP, r.ED
	a.Steps = steps
	return a, nil
}

// SudokuHint is the next step of a puzzle: one line of "searchlab sudoku
// hint --json", and the body of POST /api/sudoku/hint.
type SudokuHint struct {
	// Line is the input line the puzzle starts on (1 for the HTTP API).
	Line int `json:"line"`
	// Puzzle is the position in the line format.
	Puzzle string `json:"puzzle"`
	// Unique and Solutions are as in SudokuRating; a position without
	// exactly one solution gets no hint.
	Unique    bool `json:"unique"`
	Solutions int  `json:"solutions"`
	// Solved reports a position with no empty cell: there is no next step.
	Solved bool `json:"solved"`
	// Step is the step Sudoku Explainer would take next; nil when solved,
	// not unique, or when no technique finds one.
	Step *sudoku.Step `json:"step"`
}

// NewSudokuHint returns the hint for the position p, read on line, from
// what sudoku.Hint returned; errors are as in NewSudokuRating.
func NewSudokuHint(line int, p sudoku.Grid, step sudoku.Step, ok bool, err error) (SudokuHint, error) {
	h := SudokuHint{Line: line, Puzzle: sudokuLine(p)}
	var nu *sudoku.NotUniqueError
	switch {
	case errors.As(err, &nu):
		h.Solutions = nu.Solutions
		return h, nil
	case err != nil:
		return SudokuHint{}, err
	}
	h.Unique, h.Solutions = true, 1
	if ok {
		h.Step = &step
	} else {
		h.Solved = p.Givens() == len(p.Cells)
	}
	return h, nil
}
