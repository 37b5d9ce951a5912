package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"runtime"
	"strconv"
	"time"

	"github.com/searchlab/searchlab/api"
	"github.com/searchlab/searchlab/internal/cli"
	"github.com/searchlab/searchlab/internal/input"
	"github.com/searchlab/searchlab/sudoku"
)

const sudokuRateDescription = `
Rates 9x9 Sudoku puzzles on Sudoku Explainer's scale: for each puzzle of
the files named or stdin (any format "searchlab sudoku" reads), one line
"ER EP ED" with one decimal each, in input order. ER is the hardest step
on Sudoku Explainer's solving path (1.2 for a hidden single up to 11 and
more for nested forcing chains; 20.0 when the techniques cannot finish),
EP the hardest up to the first digit placed, ED the first step's. A
puzzle without exactly one solution is not rated: its line says "no
solution" or "more than one solution". Bulk files are rated on all cores
(--jobs).

Examples:
  searchlab sudoku rate examples/sudoku.txt
  searchlab sudoku rate --json examples/sudoku.txt   # with every step
`

const sudokuHintDescription = `
Prints the step Sudoku Explainer would take next in each 9x9 position of
the files named or stdin: its difficulty, the technique, the digits,
houses and cells it uses and what it places or removes, for example
"3.0 Naked Pair 3,7 in row 5 (r5c2, r5c8): removes 3 from r5c4, r5c6".
A solved grid prints "solved"; a position without exactly one solution
"no solution" or "more than one solution"; one no technique can advance
"no step found".

Example:
  searchlab sudoku hint examples/sudoku.txt
`

const sudokuExplainDescription = `
Prints every step of Sudoku Explainer's solving path for each 9x9 puzzle
of the files named or stdin, one a line with its difficulty, then the
line "rating ER EP ED"; puzzles are separated by a blank line. --json
prints one object per puzzle, as "searchlab sudoku rate --json".

Example:
  searchlab sudoku explain examples/sudoku.txt
`

// runSudokuRate is "searchlab sudoku rate", "hint" (hint) and "explain"
// (explain): they read alike and print one answer a puzzle.
func runSudokuRate(ctx context.Context, e *env, name string, args []string) error {
	desc := map[string]string{"rate": sudokuRateDescription, "hint": sudokuHintDescription, "explain": sudokuExplainDescription}[name]
	fs := cli.NewFlagSet(e.stdout, "searchlab sudoku "+name, "[flags] [file ...]", desc)
	format := fs.String("format", "", "input `format`: line, grid, boj2580 or boj2239 (default: detected from the input)")
	jsonHelp := map[string]string{
		"rate":    "print one JSON object per puzzle: line, puzzle, unique, solutions, er, ep, ed, steps, elapsed_ns",
		"hint":    "print one JSON object per position: line, puzzle, unique, solutions, solved, step",
		"explain": "print one JSON object per puzzle, as rate --json does",
	}[name]
	asJSON := fs.Bool("json", false, jsonHelp)
	jobs := fs.Int("jobs", runtime.NumCPU(), "number of puzzles rated at once")
	timeout := fs.Duration("timeout", 0, "give up on a puzzle after this long, an error naming its line (0: no limit)")
	files, err := cli.Parse(fs, args)
	if err != nil {
		return err
	}
	if _, err := sudoku.ParseFormat(*format); *format != "" && err != nil {
		return cli.Inputf("--format: %v", err)
	}
	if *jobs < 1 || *jobs > sudoku.MaxJobs {
		return cli.Inputf("--jobs must be from 1 to %d, not %d", sudoku.MaxJobs, *jobs)
	}
	if *timeout < 0 {
		return cli.Inputf("--timeout must not be negative, not %v", *timeout)
	}
	srcs, err := e.inputs(files)
	if err != nil {
		return err
	}
	defer input.Close(srcs)
	seq := 0
	for _, src := range srcs {
		f, _ := sudoku.FormatOf(*format, src.Peek) // --format is checked above
		opt := sudoku.RateOptions{Format: f, Jobs: *jobs, Steps: *asJSON || name == "explain", Hint: name == "hint", Timeout: *timeout}
		err := sudoku.RateStream(ctx, src.Reader(), opt, func(rd *sudoku.Rated) error {
			out, err := appendRated(nil, name, *asJSON, rd, seq, *timeout)
			seq++
			if err != nil {
				return err
			}
			_, err = e.stdout.Write(out)
			return err
		})
		if errors.Is(err, sudoku.ErrInvalid) {
			return src.InFile(cli.Input(err))
		}
		if err != nil {
			return src.InFile(err)
		}
	}
	return nil
}

// appendRated appends the text of one rated puzzle for command name: rate,
// hint or explain. seq counts the puzzles printed before (explain puts a
// blank line between puzzles).
func appendRated(dst []byte, name string, asJSON bool, rd *sudoku.Rated, seq int, timeout time.Duration) ([]byte, error) {
	switch {
	case errors.Is(rd.Err, context.DeadlineExceeded) && timeout > 0:
		return dst, fmt.Errorf("line %d: gave up after %v (--timeout)", rd.Line, timeout)
	case errors.Is(rd.Err, sudoku.ErrInvalid), errors.Is(rd.Err, sudoku.ErrNotNine):
		return dst, cli.Input(fmt.Errorf("line %d: %w", rd.Line, rd.Err))
	}
	if name == "hint" {
		return appendHint(dst, asJSON, rd)
	}
	a, err := api.NewSudokuRating(rd.Line, rd.Puzzle, rd.Rating, rd.Steps, rd.Err, rd.Elapsed)
	if err != nil {
		return dst, err
	}
	if asJSON {
		data, err := json.Marshal(a)
		return append(append(dst, data...), '\n'), err
	}
	if name == "explain" && seq > 0 {
		dst = append(dst, '\n')
	}
	if !a.Unique {
		return append(append(dst, notUniqueText(a.Solutions)...), '\n'), nil
	}
	if name == "explain" {
		for _, st := range a.Steps {
			dst = append(appendDifficulty(dst, st.Difficulty), ' ')
			dst = append(append(dst, st.String()...), '\n')
		}
		dst = append(dst, "rating "...)
	}
	return append(append(dst, rd.Rating.String()...), '\n'), nil
}

// appendHint appends the hint for rd's position, the first step of its
// rating path.
func appendHint(dst []byte, asJSON bool, rd *sudoku.Rated) ([]byte, error) {
	var step sudoku.Step
	ok := len(rd.Steps) > 0
	if ok {
		step = rd.Steps[0]
	}
	h, err := api.NewSudokuHint(rd.Line, rd.Puzzle, step, ok, rd.Err)
	if err != nil {
		return dst, err
	}
	if asJSON {
		data, err := json.Marshal(h)
		return append(append(dst, data...), '\n'), err
	}
	switch {
	case !h.Unique:
		dst = append(dst, notUniqueText(h.Solutions)...)
	case h.Solved:
		dst = append(dst, "solved"...)
	case h.Step == nil:
		dst = append(dst, "no step found"...)
	default:
		dst = append(appendDifficulty(dst, h.Step.Difficulty), ' ')
		dst = append(dst, h.Step.String()...)
	}
	return append(dst, '\n'), nil
}

// notUniqueText is the line for a puzzle with solutions solutions, 0 or
// 2 (at least two).
func notUniqueText(solutions int) string {
	if solutions == 0 {
		return "no solution"
	}
	return "more than one solution"
}

// appendDifficulty appends d with one decimal.
func appendDifficulty(dst []byte, d float64) []byte {
	return strconv.AppendFloat(dst, d, 'f', 1, 64)
}
