// Package api holds the wire types that searchlab's command line and its
// HTTP API share: the JSON shapes of their answers (the objects that --json
// prints are the bodies that the HTTP API returns) and of trace records,
// with their constructors from the library's results, which only convert
// and never search. Solving and tracing are the library's: package
// sliding/solve for sliding-tile boards, sudoku and stroke for the others,
// and package trace for traces.
package api

import (
	"strings"
	"time"

	"github.com/searchlab/searchlab/search"
	"github.com/searchlab/searchlab/sliding"
	"github.com/searchlab/searchlab/stroke"
	"github.com/searchlab/searchlab/sudoku"
)

// Stats is the JSON form of search.Stats: the work one search did.
type Stats struct {
	Expanded     int64 `json:"expanded"`
	Generated    int64 `json:"generated"`
	PeakFrontier int   `json:"peak_frontier"`
	PeakStored   int   `json:"peak_stored"`
	Iterations   int   `json:"iterations"`
	ElapsedNS    int64 `json:"elapsed_ns"`
}

// NewStats converts search statistics to their JSON form.
func NewStats(s search.Stats) Stats {
	return Stats{s.Expanded, s.Generated, s.PeakFrontier, s.PeakStored, s.Iterations, s.Elapsed.Nanoseconds()}
}

// SlidingAnswer is the answer for one sliding-tile board: one line of
// "searchlab sliding --json", and the body of POST /api/sliding/solve.
type SlidingAnswer struct {
	// Line is the input line the board starts on (1 for the HTTP API).
	Line int `json:"line"`
	// Solvable reports whether the board can reach the goal at all.
	Solvable bool `json:"solvable"`
	// Length is the number of moves, -1 when the board is unsolvable.
	Length int `json:"length"`
	// Moves are the directions the blank moves, as letters U, D, L, R.
	Moves string `json:"moves"`
	// Optimal reports that Length is proven the fewest.
	Optimal bool `json:"optimal"`
	// Bound is a proven lower bound on the fewest moves: Length when
	// Optimal, 0 when nothing is proven (as for dfs and wastar).
	Bound int `json:"bound"`
	// Note is the mark of a length not proven the fewest, as the line
	// formats print it (sliding.Solution.Mark); omitted when Optimal.
	Note string `json:"note,omitempty"`
	// Method names the solver, such as "table" or "pdb 7-8+mirror".
	Method string `json:"method"`
	// Stats is the work the search did.
	Stats Stats `json:"stats"`
}

// NewSlidingAnswer returns the answer for a board read on line: sol is its
// solution when solvable, and its Method and Stats otherwise.
func NewSlidingAnswer(line int, solvable bool, sol sliding.Solution) SlidingAnswer {
	a := SlidingAnswer{Line: line, Solvable: solvable, Length: -1, Optimal: sol.Optimal, Method: sol.Method, Stats: NewStats(sol.Stats)}
	if solvable {
		a.Length = sol.Len()
		a.Moves = sliding.MovesString(sol.Moves)
		a.Bound = sol.Bound
		if sol.Optimal {
			a.Bound = a.Length
		}
		a.Note = sol.Mark()
	}
	return a
}

// SudokuAnswer is the answer for one Sudoku puzzle: one line of
// "searchlab sudoku --json", and the body of POST /api/sudoku/solve.
type SudokuAnswer struct {
	// Line is the input line the puzzle starts on (1 for the HTTP API).
	Line int `json:"line"`
	// Solutions is the number of solutions found, at most the limit asked.
	Solutions int `json:"solutions"`
	// Unique reports that the puzzle has exactly one solution; it is
	// false when the count stopped at a limit of 1.
	Unique bool `json:"unique"`
	// Solution is the first solution found (the lexicographically
	// smallest when asked) in the line format, "" when there is none.
	Solution string `json:"solution"`
	// Guesses is the number of branches the solver tried.
	Guesses int64 `json:"guesses"`
	// ElapsedNS is the solving time in nanoseconds.
	ElapsedNS int64 `json:"elapsed_ns"`
}

// NewSudokuAnswer returns the answer for a puzzle read on line, solved
// with opt into res in elapsed time.
func NewSudokuAnswer(line int, opt sudoku.Options, res sudoku.Result, elapsed time.Duration) SudokuAnswer {
	a := SudokuAnswer{Line: line, Solutions: res.Count, Unique: res.Count == 1 && opt.Limit >= 2, Guesses: res.Guesses, ElapsedNS: elapsed.Nanoseconds()}
	if res.Count > 0 {
		a.Solution = sudokuLine(res.Solution)
	}
	return a
}

// sudokuLine writes g in the line format, without the line end.
func sudokuLine(g sudoku.Grid) string {
	return strings.TrimSuffix(string(sudoku.AppendFormat(nil, sudoku.FormatLine, g)), "\n")
}

// SudokuPuzzle is a generated puzzle: the body of POST /api/sudoku/generate.
type SudokuPuzzle struct {
	// Puzzle and Solution are in the line format.
	Puzzle   string `json:"puzzle"`
	Solution string `json:"solution"`
	// Clues is the number of givens.
	Clues int `json:"clues"`
	// Seed reproduces the puzzle with the same box size and clues.
	Seed uint64 `json:"seed"`
	// ER, EP and ED are the puzzle's rating on Sudoku Explainer's scale,
	// when it was generated to a level or a rating.
	ER float64 `json:"er,omitempty"`
	EP float64 `json:"ep,omitempty"`
	ED float64 `json:"ed,omitempty"`
}

// NewSudokuPuzzle returns the answer for a puzzle generated from seed,
// with its solution.
func NewSudokuPuzzle(puzzle, solution sudoku.Grid, seed uint64) SudokuPuzzle {
	return SudokuPuzzle{Puzzle: sudokuLine(puzzle), Solution: sudokuLine(solution), Clues: puzzle.Givens(), Seed: seed}
}

// StrokeColour is one colour's best chain in StrokeAnswer.Colours.
type StrokeColour struct {
	Length  int  `json:"length"`
	Optimal bool `json:"optimal"`
	Bound   int  `json:"bound"`
}

// StrokeAnswer is the answer for one one-stroke board: one line of
// "searchlab stroke --json", and the body of POST /api/stroke/solve.
type StrokeAnswer struct {
	// Board counts the boards of the input from 1.
	Board int `json:"board"`
	// Colour is the letter of the longest chain, "" when none can start.
	Colour string `json:"colour"`
	// Length is the number of tiles in the chain.
	Length int `json:"length"`
	// Optimal reports that no chain is longer; when false, Bound is the
	// proven upper bound.
	Optimal bool `json:"optimal"`
	Bound   int  `json:"bound"`
	// Nodes counts the search nodes visited.
	Nodes int64 `json:"nodes"`
	// Path holds the chain's tiles as [row, column], 1-based, from the
	// start tile next to the player, when asked for.
	Path [][2]int `json:"path,omitempty"`
	// Colours holds each colour's best chain, when asked for.
	Colours map[string]StrokeColour `json:"colours,omitempty"`
}

// NewStrokeAnswer returns the answer for board n; path adds the chain's
// tiles, and a non-nil perColour each colour's best.
func NewStrokeAnswer(n int, res stroke.Result, path bool, perColour map[byte]stroke.Result) StrokeAnswer {
	a := StrokeAnswer{Board: n, Length: res.Length, Optimal: res.Optimal, Bound: res.Bound, Nodes: res.Nodes}
	if res.Colour != 0 {
		a.Colour = string(res.Colour)
	}
	if path {
		a.Path = make([][2]int, len(res.Path))
		for i, c := range res.Path {
			a.Path[i] = [2]int{c.Row + 1, c.Col + 1}
		}
	}
	if perColour != nil {
		a.Colours = make(map[string]StrokeColour, len(perColour))
		for c, r := range perColour {
			a.Colours[string(c)] = StrokeColour{r.Length, r.Optimal, r.Bound}
		}
	}
	return a
}

// Error is the body of every HTTP API error.
type Error struct {
	// Error is a sentence saying what was wrong.
	Error string `json:"error"`
	// Limit is true when a time limit or node cap stopped the search.
	Limit bool `json:"limit,omitempty"`
	// Solvable is false when a sliding board cannot reach its goal.
	Solvable *bool `json:"solvable,omitempty"`
}
