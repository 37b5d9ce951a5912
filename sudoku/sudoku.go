// Package sudoku solves, counts, checks and generates Sudoku puzzles of box
// size 2 to 5 (4x4, 9x9, 16x16 and 25x25 grids), and reads and writes them
// in the line, grid and Baekjoon (2580, 2239) text formats. Its 9x9 solver
// is bit-parallel (candidate bands in the manner of JCZSolve); other sizes
// use a general solver with the same propagation ideas (candidate sets,
// naked and hidden singles, fewest-candidates branching), and a plain
// backtracker serves as the independent reference.
package sudoku

import (
	"context"
	"errors"
	"fmt"
	"sync"

	"github.com/searchlab/searchlab/internal/syntaxerr"
	"github.com/searchlab/searchlab/search"
)

// MinBox and MaxBox bound the box size of a grid: a grid of box size b has
// b*b rows, columns, boxes and symbols.
const (
	MinBox = 2
	MaxBox = 5
)

// ErrInvalid is matched by every error about a malformed puzzle: wrong
// length, a bad character, a ragged grid (a *SyntaxError), or conflicting
// givens (a *ConflictError).
var ErrInvalid = errors.New("sudoku: invalid puzzle")

// ErrLimit is search.ErrLimit, the same value under the name this package
// has always returned: a search stops with it at its guess cap
// (Options.Limits.MaxNodes) before it could finish.
var ErrLimit = search.ErrLimit

// SyntaxError reports text that is not a puzzle: the line (counted from 1;
// 0 for a puzzle given as a string, as to ParseLine), the column (the
// 1-based character of the fault on its line, 0 when the fault is the line
// or the grid as a whole) and the fault. It matches ErrInvalid under
// errors.Is.
type SyntaxError struct {
	Line, Column int
	Msg          string
}

// Error returns "sudoku: line N: " and the fault ("sudoku: " and the fault
// when Line is 0).
func (e *SyntaxError) Error() string { return syntaxerr.Message("sudoku", e.Line, e.Msg) }

// Is reports whether target is ErrInvalid.
func (e *SyntaxError) Is(target error) bool { return target == ErrInvalid }

// syntaxErr returns a *SyntaxError for line and column.
func syntaxErr(line, col int, format string, args ...any) error {
	return &SyntaxError{Line: line, Column: col, Msg: fmt.Sprintf(format, args...)}
}

// atLine returns err with its line set to line when it is a *SyntaxError
// without one, and err otherwise.
func atLine(err error, line int) error {
	if se, ok := err.(*SyntaxError); ok && se.Line == 0 {
		return &SyntaxError{Line: line, Column: se.Column, Msg: se.Msg}
	}
	return err
}

// Grid is a Sudoku grid of box size Box: N = Box*Box rows and columns,
// Cells in row-major order, 0 for a blank and 1..N for a symbol.
type Grid struct {
	Box   int
	Cells []uint8
}

// NewGrid returns an empty grid of box size box (2 to 5).
func NewGrid(box int) (Grid, error) {
	if box < MinBox || box > MaxBox {
		return Grid{}, fmt.Errorf("%w: box size %d is not between %d and %d", ErrInvalid, box, MinBox, MaxBox)
	}
	n := box * box
	return Grid{Box: box, Cells: make([]uint8, n*n)}, nil
}

// N returns the number of rows (and columns, boxes and symbols) of g.
func (g Grid) N() int { return g.Box * g.Box }

// Clone returns a copy of g that shares no memory with it.
func (g Grid) Clone() Grid {
	return Grid{Box: g.Box, Cells: append([]uint8(nil), g.Cells...)}
}

// Givens returns the number of filled cells of g.
func (g Grid) Givens() int {
	n := 0
	for _, v := range g.Cells {
		if v != 0 {
			n++
		}
	}
	return n
}

// ConflictError reports two givens with the same symbol in one row, column
// or box. Cells are row-major indexes; A comes before B.
type ConflictError struct {
	N      int   // the grid's side
	A, B   int   // the two cells
	Symbol uint8 // the symbol they share
}

// Error names the two cells in rRcC form (1-based) and their symbol.
func (e *ConflictError) Error() string {
	return fmt.Sprintf("conflicting givens: %s and %s are both %c",
		cellName(e.N, e.A), cellName(e.N, e.B), symbolChar(e.Symbol))
}

// Unwrap makes a ConflictError match ErrInvalid.
func (e *ConflictError) Unwrap() error { return ErrInvalid }

func cellName(n, i int) string { return fmt.Sprintf("r%dc%d", i/n+1, i%n+1) }

// Check reports whether g is a well-formed grid whose givens do not
// conflict. A conflict is a *ConflictError naming the first cell in reading
// order that repeats the symbol of an earlier cell in its row, column or
// box, and the nearest such earlier cell; a wrong size or a symbol out of
// range wraps ErrInvalid.
func (g Grid) Check() error {
	if g.Box < MinBox || g.Box > MaxBox {
		return fmt.Errorf("%w: box size %d is not between %d and %d", ErrInvalid, g.Box, MinBox, MaxBox)
	}
	n := g.N()
	if len(g.Cells) != n*n {
		return fmt.Errorf("%w: %d cells, want %d", ErrInvalid, len(g.Cells), n*n)
	}
	var rows, cols, boxes [MaxBox * MaxBox]uint32
	for i, v := range g.Cells {
		if v == 0 {
			continue
		}
		if int(v) > n {
			return fmt.Errorf("%w: %s holds %c, but a %dx%d grid has symbols up to %c",
				ErrInvalid, cellName(n, i), symbolChar(v), n, n, symbolChar(uint8(n)))
		}
		r, c := i/n, i%n
		b := r/g.Box*g.Box + c/g.Box
		bit := uint32(1) << v
		if (rows[r]|cols[c]|boxes[b])&bit != 0 {
			return g.conflict(i)
		}
		rows[r] |= bit
		cols[c] |= bit
		boxes[b] |= bit
	}
	return nil
}

// conflict returns the error for cell i, whose symbol appears in an
// earlier cell of one of its units: the latest such earlier cell is named.
func (g Grid) conflict(i int) error {
	n := g.N()
	r, c := i/n, i%n
	for j := i - 1; j >= 0; j-- {
		r2, c2 := j/n, j%n
		same := r == r2 || c == c2 || (r/g.Box == r2/g.Box && c/g.Box == c2/g.Box)
		if same && g.Cells[j] == g.Cells[i] {
			return &ConflictError{N: n, A: j, B: i, Symbol: g.Cells[i]}
		}
	}
	return nil
}

// Solves reports whether s is a complete, valid grid that keeps every
// given of the puzzle p.
func (s Grid) Solves(p Grid) bool {
	if s.Box != p.Box || len(s.Cells) != len(p.Cells) || s.Check() != nil {
		return false
	}
	for i, v := range s.Cells {
		if v == 0 || p.Cells[i] != 0 && p.Cells[i] != v {
			return false
		}
	}
	return true
}

// Options control a search.
type Options struct {
	// Limit is the number of solutions to look for; the search stops when
	// it has found this many. 0 means 1. Uniqueness is a count with Limit 2.
	Limit int
	// First asks for the lexicographically smallest solution: the search
	// branches on the first empty cell in reading order with symbols in
	// ascending order, so the first solution it finds is the smallest.
	First bool
	// Limits caps the number of guesses (branches) tried with
	// Limits.MaxNodes; 0 means no cap. A search that hits it returns an
	// error matching search.ErrLimit with what it found so far.
	// Limits.Observe is not used (see Explain for the steps of a search).
	Limits search.Limits
	// NoSolution asks for the count (and guesses) only: the search does
	// not record a solution, and Result.Solution is left empty. A program
	// that counts solutions and prints nothing else saves the copy.
	NoSolution bool
}

// Result is the outcome of a search.
type Result struct {
	// Count is the number of solutions found, at most Options.Limit.
	Count int
	// Solution is the first solution found (the lexicographically smallest
	// with Options.First); its Cells are nil when Count is 0 or with
	// Options.NoSolution.
	Solution Grid
	// Guesses is the number of branches the search tried: a measure of
	// how hard the puzzle was for it.
	Guesses int64
}

// solvers keeps Solvers, with their search stacks, for reuse by Solve.
var solvers = sync.Pool{New: func() any { return new(Solver) }}

// Solve searches g with the fastest solver for its size: the bit-parallel
// band solver for 9x9, the general propagating solver otherwise. Givens
// that conflict are a *ConflictError. The search honours ctx and
// opt.Limits; when either stops it, the error says so (ctx.Err() or
// search.ErrLimit) and the Result holds what was found.
func Solve(ctx context.Context, g Grid, opt Options) (Result, error) {
	s := solvers.Get().(*Solver)
	res, err := s.Solve(ctx, g, opt)
	if res.Solution.Cells != nil {
		res.Solution = res.Solution.Clone()
	}
	solvers.Put(s)
	return res, err
}

// A Solver solves puzzles one after another, reusing its memory, for a
// program that solves many on one goroutine. Its Solve is the package's
// Solve, except that the Cells of a 9x9 Result's Solution belong to the
// Solver and are overwritten by its next Solve (Clone them to keep them).
// The zero Solver is ready to use; a Solver must not be used by two
// goroutines at once.
type Solver struct {
	sv9 solver9
	// done is the Done channel of the context of the last 9x9 Solve. The
	// context is looked at every 1024 guesses counted across the calls
	// that share it, not at each puzzle's first guess: a bulk run of easy
	// puzzles would spend more on looking than on some puzzles.
	done <-chan struct{}
}

// Solve searches g as the package's Solve does; see Solver for who owns
// the solution.
func (s *Solver) Solve(ctx context.Context, g Grid, opt Options) (Result, error) {
	if g.Box == 3 && len(g.Cells) == 81 {
		// The band solver checks the givens as it sets them up; Check
		// names the fault when there is one.
		sv := &s.sv9
		sv.core = defaultCore9
		sv.lexmin = opt.First
		sv.maxGuesses = opt.Limits.MaxNodes
		var done <-chan struct{}
		if ctx != nil {
			done = ctx.Done()
		}
		if done != s.done {
			s.done, sv.checkFrom = done, 0
		}
		sv.ctx = ctx
		sv.noRecord = opt.NoSolution
		n := sv.solve9((*[81]uint8)(g.Cells), opt.Limit)
		sv.ctx = nil
		sv.noRecord = false
		// The guesses left before the next look at ctx.
		sv.checkFrom = max(sv.nextCheck-sv.guesses, 0)
		if !sv.invalid {
			// The result is built in place in its return registers.
			var sol Grid
			if n > 0 && !opt.NoSolution {
				sol = Grid{Box: 3, Cells: sv.sol[:]}
			}
			return Result{Count: n, Solution: sol, Guesses: sv.guesses}, sv.err()
		}
	}
	if err := g.Check(); err != nil {
		return Result{}, err
	}
	return solveGeneral(ctx, g, opt)
}
