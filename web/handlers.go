package web

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"net/http"
	"strings"
	"time"

	"github.com/searchlab/searchlab/api"
	"github.com/searchlab/searchlab/search"
	"github.com/searchlab/searchlab/sliding"
	"github.com/searchlab/searchlab/sliding/solve"
	"github.com/searchlab/searchlab/stroke"
	"github.com/searchlab/searchlab/sudoku"
)

// SlidingRequest is the body of POST /api/sliding/solve and
// /api/sliding/compare. Its fields mean what the flags of the same names
// mean to "searchlab sliding"; only Board is required.
type SlidingRequest struct {
	// Board is the board in Format, such as "8 6 7 2 5 4 3 0 1".
	Board string `json:"board"`
	// Format is line (the default), grid or boj1525.
	Format string `json:"format,omitempty"`
	// Size is WxH, such as 4x4; the default is the square of the tile count.
	Size string `json:"size,omitempty"`
	// Goal is the goal's tiles in reading order, 0 for the blank; the
	// default is 1..n-1 with the blank last.
	Goal string `json:"goal,omitempty"`
	// Algo is auto (the default), bfs, dfs, iddfs, astar or idastar.
	Algo string `json:"algo,omitempty"`
	// Heuristic is linear (the default), manhattan, misplaced or pdb.
	Heuristic string `json:"heuristic,omitempty"`
	// MaxDepth bounds dfs and iddfs; 0 is the board's default.
	MaxDepth int `json:"max_depth,omitempty"`
	// Limits bound the search, or each run of a compare, within the
	// server's limits.
	Limits
}

// board parses the request's board and goal.
func (q *SlidingRequest) board() (b, goal sliding.Board, err error) {
	format := sliding.Line
	if q.Format != "" {
		if format, err = sliding.ParseFormat(q.Format); err != nil {
			return b, goal, errorf(http.StatusBadRequest, "format: "+err.Error())
		}
	}
	w, h := 0, 0
	if q.Size != "" {
		if w, h, err = sliding.ParseSize(q.Size); err != nil {
			return b, goal, errorf(http.StatusBadRequest, "size: "+err.Error())
		}
	}
	if strings.TrimSpace(q.Board) == "" {
		return b, goal, errorf(http.StatusBadRequest, "board: missing; give the tiles in reading order, 0 for the blank")
	}
	cases, err := sliding.ParseAll(strings.NewReader(q.Board), format, w, h)
	if err != nil {
		return b, goal, errorf(http.StatusBadRequest, "board: "+strings.ReplaceAll(err.Error(), "--size", `"size"`))
	}
	if len(cases) != 1 {
		return b, goal, errorf(http.StatusBadRequest, fmt.Sprintf("board: want one board, got %d", len(cases)))
	}
	b = cases[0].Board
	goal = sliding.Standard(b.W, b.H)
	if q.Goal != "" {
		if goal, err = sliding.ParseGoal(q.Goal, b.W, b.H); err != nil {
			return b, goal, errorf(http.StatusBadRequest, "goal: "+err.Error())
		}
	}
	return b, goal, nil
}

// slidingSolve answers POST /api/sliding/solve. The server's node cap and
// time limit always bound the search, so the solve layer refuses no
// algorithm for want of a bound.
func (s *Server) slidingSolve(r *http.Request, q *SlidingRequest) (any, error) {
	b, goal, err := q.board()
	if err != nil {
		return nil, err
	}
	algo := sliding.Auto
	if q.Algo != "" {
		if algo, err = sliding.ParseAlgorithm(q.Algo); err != nil {
			return nil, errorf(http.StatusBadRequest, "algo: "+err.Error())
		}
	}
	maxNodes, timeout, err := s.slidingLimits(q)
	if err != nil {
		return nil, err
	}
	ctx, cancel := context.WithTimeout(r.Context(), timeout)
	defer cancel()
	sol, err := s.cfg.Solver.Solve(ctx, b, goal, solve.Method{Algorithm: algo, Heuristic: q.Heuristic, MaxDepth: q.MaxDepth}, s.searchLimits(maxNodes))
	switch {
	case errors.Is(err, sliding.ErrUnsolvable):
		return nil, unsolvable()
	case err != nil:
		return nil, s.solveError(r, err, maxNodes, timeout)
	}
	if err := sliding.Verify(b, goal, sol.Moves); err != nil {
		return nil, fmt.Errorf("internal error: %s's path does not reach the goal: %v", sol.Method, err)
	}
	return api.NewSlidingAnswer(1, true, sol), nil
}

func (s *Server) slidingCompare(r *http.Request, q *SlidingRequest) (any, error) {
	b, goal, err := q.board()
	if err != nil {
		return nil, err
	}
	// The time limit and node cap bound the whole table, shared out among
	// its runs: a table that runs out answers with the runs it has, those
	// not reached marked "not-run".
	maxNodes, timeout, err := s.slidingLimits(q)
	if err != nil {
		return nil, err
	}
	ctx, cancel := context.WithTimeout(r.Context(), timeout)
	defer cancel()
	c, err := s.cfg.Solver.Compare(ctx, b, goal, solve.CompareOptions{Limits: s.searchLimits(maxNodes), Timeout: timeout, MaxDepth: q.MaxDepth})
	if err != nil {
		return nil, s.solveError(r, err, maxNodes, timeout)
	}
	return api.NewCompareAnswer(c), nil
}

// slidingLimits checks a sliding request's max_depth, then returns its node
// cap and time limit within the server's.
func (s *Server) slidingLimits(q *SlidingRequest) (int64, time.Duration, error) {
	if q.MaxDepth < 0 {
		return 0, 0, errorf(http.StatusBadRequest, "max_depth must not be negative")
	}
	return s.limits(q.Limits)
}

// unsolvable is the answer for a board that cannot reach its goal: 422,
// with "solvable": false.
func unsolvable() error {
	no := false
	return &httpError{http.StatusUnprocessableEntity, api.Error{Error: "unsolvable: the board cannot reach the goal (permutation parity and blank row)", Solvable: &no}}
}

// solveError turns a failed search into its answer: 504 for a limit, 400
// for a bad option, and the error itself (a 500) otherwise.
func (s *Server) solveError(r *http.Request, err error, maxNodes int64, timeout time.Duration) error {
	switch {
	case r.Context().Err() != nil:
		return &httpError{499, api.Error{Error: "the client went away"}} // nobody reads it
	case errors.Is(err, context.DeadlineExceeded):
		return &httpError{http.StatusGatewayTimeout, api.Error{Error: fmt.Sprintf("the search ran out of time (%v)", timeout), Limit: true}}
	case errors.Is(err, search.ErrMemory):
		return &httpError{http.StatusGatewayTimeout, api.Error{Error: fmt.Sprintf("the search reached its memory budget (%d MB); try algo auto", s.cfg.MaxBytes>>20), Limit: true}}
	case errors.Is(err, search.ErrLimit):
		return &httpError{http.StatusGatewayTimeout, api.Error{Error: fmt.Sprintf("the search hit its node cap (%d); try algo auto", maxNodes), Limit: true}}
	case errors.Is(err, search.ErrNotFound):
		return &httpError{http.StatusUnprocessableEntity, api.Error{Error: "no path within the depth limit (max_depth); dfs and iddfs search only that deep"}}
	case errors.Is(err, solve.ErrNotReady):
		return errorf(http.StatusServiceUnavailable, err.Error())
	case errors.Is(err, solve.ErrInput):
		return errorf(http.StatusBadRequest, err.Error())
	}
	return err
}

// SudokuRequest is the body of POST /api/sudoku/solve. Its fields mean
// what the flags of the same names mean to "searchlab sudoku --json".
type SudokuRequest struct {
	// Puzzle is the puzzle in Format.
	Puzzle string `json:"puzzle"`
	// Format is line (the default), grid, boj2580 or boj2239.
	Format string `json:"format,omitempty"`
	// First asks for the lexicographically smallest solution.
	First bool `json:"first,omitempty"`
	// Limit is the number of solutions to count up to; default 2, which
	// decides uniqueness.
	Limit int `json:"limit,omitempty"`
	// MaxGuesses caps the solver's branches; 0 is no cap but the server's
	// time limit.
	MaxGuesses int64 `json:"max_guesses,omitempty"`
}

// maxSudokuLimit caps the solutions a request may count.
const maxSudokuLimit = 1_000_000

func (s *Server) sudokuSolve(r *http.Request, q *SudokuRequest) (any, error) {
	format, err := sudokuFormat(q.Format)
	if err != nil {
		return nil, err
	}
	switch {
	case q.Limit == 0:
		q.Limit = 2
	case q.Limit < 0 || q.Limit > maxSudokuLimit:
		return nil, errorf(http.StatusBadRequest, fmt.Sprintf("limit must be from 1 to %d", maxSudokuLimit))
	}
	if q.MaxGuesses < 0 {
		return nil, errorf(http.StatusBadRequest, "max_guesses must not be negative")
	}
	g, err := parseSudokuPuzzle(q.Puzzle, format)
	if err != nil {
		return nil, err
	}
	ctx, cancel := context.WithTimeout(r.Context(), s.cfg.SolveTimeout)
	defer cancel()
	opt := sudoku.Options{Limit: q.Limit, First: q.First || format.First(), Limits: search.Limits{MaxNodes: q.MaxGuesses}}
	start := time.Now()
	res, err := sudoku.Solve(ctx, g, opt)
	switch {
	case errors.Is(err, sudoku.ErrLimit) && r.Context().Err() == nil:
		return nil, &httpError{http.StatusGatewayTimeout, api.Error{Error: fmt.Sprintf("gave up after %d guesses (max_guesses)", res.Guesses), Limit: true}}
	case err != nil:
		return nil, s.sudokuError(r, err, q.MaxGuesses)
	case res.Count == 0:
		return nil, errorf(http.StatusUnprocessableEntity, "no solution")
	}
	return api.NewSudokuAnswer(1, opt, res, time.Since(start)), nil
}

// GenerateRequest is the body of POST /api/sudoku/generate.
type GenerateRequest struct {
	// Box is the box size: 2 (4x4), 3 (9x9, the default), 4 or 5.
	Box int `json:"box,omitempty"`
	// Seed chooses the puzzle; 0 picks one at random (the answer says
	// which).
	Seed uint64 `json:"seed,omitempty"`
	// Clues stops removing givens at this many; 0 removes all it can.
	Clues int `json:"clues,omitempty"`
}

func (s *Server) sudokuGenerate(r *http.Request, q *GenerateRequest) (any, error) {
	if q.Box == 0 {
		q.Box = 3
	}
	if q.Seed == 0 {
		q.Seed = rand.Uint64()>>1 | 1
	}
	n := q.Box * q.Box
	if q.Clues < 0 || q.Clues > n*n {
		return nil, errorf(http.StatusBadRequest, fmt.Sprintf("clues must be from 0 to %d", n*n))
	}
	gen, err := sudoku.NewGenerator(q.Box, q.Seed)
	if err != nil {
		return nil, errorf(http.StatusBadRequest, "box: "+err.Error())
	}
	ctx, cancel := context.WithTimeout(r.Context(), s.cfg.SolveTimeout)
	defer cancel()
	p, sol, err := gen.Generate(ctx, q.Clues)
	switch {
	case errors.Is(err, sudoku.ErrClues):
		return nil, errorf(http.StatusUnprocessableEntity, fmt.Sprintf("could not reach %d clues; ask for more", q.Clues))
	case err != nil:
		return nil, s.solveError(r, err, 0, s.cfg.SolveTimeout)
	}
	return api.NewSudokuPuzzle(p, sol, q.Seed), nil
}

// StrokeRequest is the body of POST /api/stroke/solve. Its fields mean
// what the flags of the same names mean to "searchlab stroke --json".
type StrokeRequest struct {
	// Board is the classic text: a line "N" or "R C", then the rows.
	Board string `json:"board"`
	// Path adds the chain's tiles; All adds each colour's best.
	Path bool `json:"path,omitempty"`
	All  bool `json:"all,omitempty"`
	// Limits bound the search within the server's limits; when they run
	// out the answer is the best chain found, not optimal.
	Limits
}

func (s *Server) strokeSolve(r *http.Request, q *StrokeRequest) (any, error) {
	b, err := parseStrokeBoard(q.Board)
	if err != nil {
		return nil, err
	}
	maxNodes, timeout, err := s.limits(q.Limits)
	if err != nil {
		return nil, err
	}
	ctx, cancel := context.WithTimeout(r.Context(), timeout)
	defer cancel()
	solver := s.strokeSolvers.Get().(*stroke.Solver)
	defer s.strokeSolvers.Put(solver)
	opt := stroke.Options{Limits: search.Limits{MaxNodes: maxNodes}}
	res, err := solver.SolveWithin(ctx, b, opt)
	var per map[byte]stroke.Result
	if err == nil && q.All {
		per, err = solver.ColoursWithin(ctx, b, opt)
	}
	if err != nil {
		return nil, s.strokeError(r, err, maxNodes, timeout)
	}
	return api.NewStrokeAnswer(1, res, q.Path, per), nil
}

// sudokuFormat reads a request's "format" field: empty is the line format,
// an unknown name a 400 naming the field.
func sudokuFormat(name string) (sudoku.Format, error) {
	if name == "" {
		return sudoku.FormatLine, nil
	}
	format, err := sudoku.ParseFormat(name)
	if err != nil {
		return format, errorf(http.StatusBadRequest, "format: "+err.Error())
	}
	return format, nil
}

// parseSudokuPuzzle reads the one puzzle of a request's "puzzle" field; any
// fault, no puzzle or more than one is a 400 naming the field.
func parseSudokuPuzzle(text string, format sudoku.Format) (sudoku.Grid, error) {
	sc := sudoku.NewScanner(strings.NewReader(text), format)
	if !sc.Scan() {
		if err := sc.Err(); err != nil {
			return sudoku.Grid{}, errorf(http.StatusBadRequest, "puzzle: "+err.Error())
		}
		return sudoku.Grid{}, errorf(http.StatusBadRequest, "puzzle: missing")
	}
	g, err := sudoku.Parse(format, sc.Record())
	if err != nil {
		return sudoku.Grid{}, errorf(http.StatusBadRequest, "puzzle: "+err.Error())
	}
	if sc.Scan() {
		return sudoku.Grid{}, errorf(http.StatusBadRequest, "puzzle: want one puzzle, the body has more")
	}
	return g, nil
}

// sudokuError answers a failed Sudoku search: a puzzle that breaks the
// rules is a 422, any other error what solveError makes of it.
func (s *Server) sudokuError(r *http.Request, err error, maxGuesses int64) error {
	if errors.Is(err, sudoku.ErrInvalid) {
		return errorf(http.StatusUnprocessableEntity, err.Error())
	}
	return s.solveError(r, err, maxGuesses, s.cfg.SolveTimeout)
}

// strokeError answers a failed stroke search: a board too large for the
// solver is a 422, any other error what solveError makes of it.
func (s *Server) strokeError(r *http.Request, err error, maxNodes int64, timeout time.Duration) error {
	if errors.Is(err, stroke.ErrTooLarge) {
		return errorf(http.StatusUnprocessableEntity, err.Error())
	}
	return s.solveError(r, err, maxNodes, timeout)
}

// parseStrokeBoard reads the one board of a request's "board" field; any
// fault, or a count of boards other than one, is a 400 naming the field.
func parseStrokeBoard(text string) (*stroke.Board, error) {
	boards, err := stroke.ParseAll(strings.NewReader(text))
	switch {
	case err != nil:
		return nil, errorf(http.StatusBadRequest, "board: "+err.Error())
	case len(boards) != 1:
		return nil, errorf(http.StatusBadRequest, fmt.Sprintf("board: want one board, got %d", len(boards)))
	}
	return boards[0], nil
}
