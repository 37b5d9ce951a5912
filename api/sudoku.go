package api

import (
	"encoding/json"

	"github.com/searchlab/searchlab/sudoku"
)

// SudokuAnswerLines returns a sudoku.Batch.Append for a batch solved with
// opt that writes each answer as one line of JSON, its SudokuAnswer: the
// lines of "searchlab sudoku --json". The batch should be Timed, for the
// answers' elapsed_ns. An answer with an error gets no line, and the batch
// stops with its sudoku.PuzzleError.
func SudokuAnswerLines(opt sudoku.Options) func(dst []byte, a *sudoku.Answer) ([]byte, error) {
	return func(dst []byte, a *sudoku.Answer) ([]byte, error) {
		if a.Err != nil {
			return dst, nil
		}
		data, err := json.Marshal(NewSudokuAnswer(a.Line, opt, a.Result, a.Elapsed))
		if err != nil {
			return dst, err
		}
		return append(append(dst, data...), '\n'), nil
	}
}
