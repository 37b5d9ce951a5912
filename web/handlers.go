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
	// Algo and Heuristic name an algorithm and a heuristic of the
	// registry (GET /api/methods, solve.Methods); "" is its default.
	Algo      string `json:"algo,omitempty"`
	Heuristic string `json:"heuristic,omitempty"`
	// Weight is the weight on the heuristic of a weighted algorithm; 0 is
	// the default.
	Weight float64 `json:"weight,omitempty"`
	// MaxDepth bounds dfs and iddfs; 0 is the board's default.
	MaxDepth int `json:"max_depth,omitempty"`
	// Limits bound the search, or each run of a compare, within the
	// server's limits.
	Limits
}

// request returns q as the library's request: the fields it checks, and
// the Method they name (solve.Request.Check). The node cap and time limit
// are the server's to check (Server.limits).
func (q *SlidingRequest) request() solve.Request {
	return solve.Request{Format: q.Format, Size: q.Size, Goal: q.Goal, Algo: q.Algo, Heuristic: q.Heuristic, Weight: q.Weight, MaxDepth: q.MaxDepth}
}

// slidingJob is a sliding request checked and read: its board and goal,
// the method that solves it, and the search's node cap and time limit.
type slidingJob struct {
	b, goal  sliding.Board
	method   solve.Method
	maxNodes int64
	timeout  time.Duration
}

// slidingJob checks q with the library's request check, reads its board
// and returns the job; every fault is a 400 that names the field.
func (s *Server) slidingJob(q *SlidingRequest) (slidingJob, error) {
	maxNodes, timeout, err := s.limits(q.Limits)
	if err != nil {
		return slidingJob{}, err
	}
	r := q.request()
	if err := r.Check(); err != nil {
		return slidingJob{}, requestError(err)
	}
	b, goal, err := q.board()
	if err != nil {
		return slidingJob{}, err
	}
	return slidingJob{b: b, goal: goal, method: r.Method(), maxNodes: maxNodes, timeout: timeout}, nil
}

// requestError answers a fault that solve.Request.Check found: a 400
// naming the field as the request does.
func requestError(err error) error {
	var fe *solve.FieldError
	switch {
	case errors.As(err, &fe):
		return errorf(http.StatusBadRequest, strings.ReplaceAll(fe.Field, "-", "_")+": "+fe.Err.Error())
	case errors.Is(err, solve.ErrNegative): // max_nodes and timeout are checked before (Server.limits)
		return errorf(http.StatusBadRequest, "max_depth and weight must not be negative")
	}
	return errorf(http.StatusBadRequest, err.Error())
}

// board reads the request's board and goal, whose format, size and goal
// solve.Request.Check has checked.
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

// slidingSolve checks a POST /api/sliding/solve before it takes a slot,
// and returns the search that answers it; a board the solver answers
// from its distance table takes the fast lane. The server's node cap and
// time limit always bound the search, so the solver refuses no algorithm
// for want of a bound.
func (s *Server) slidingSolve(r *http.Request, body []byte) (work, bool, error) {
	var q SlidingRequest
	if err := decode(body, &q); err != nil {
		return nil, false, err
	}
	job, err := s.slidingJob(&q)
	if err != nil {
		return nil, false, err
	}
	return func() (any, error) { return s.solveJob(r, job) }, job.method.Lookup(job.b.W, job.b.H), nil
}

// solveJob runs a checked sliding request.
func (s *Server) solveJob(r *http.Request, job slidingJob) (any, error) {
	ctx, cancel := context.WithTimeout(r.Context(), job.timeout)
	defer cancel()
	sol, err := s.cfg.Solver.Solve(ctx, job.b, job.goal, job.method, s.searchLimits(job.maxNodes))
	switch {
	case errors.Is(err, sliding.ErrUnsolvable):
		return nil, unsolvable()
	case err != nil:
		generic := job.method.Algorithm != "" && job.method.Algorithm != sliding.Auto
		return nil, s.solveError(r, err, job.maxNodes, job.timeout, generic)
	}
	if err := sliding.Verify(job.b, job.goal, sol.Moves); err != nil {
		return nil, fmt.Errorf("internal error: %s's path does not reach the goal: %v", sol.Method, err)
	}
	return api.NewSlidingAnswer(1, true, sol), nil
}

func (s *Server) slidingCompare(r *http.Request, q *SlidingRequest) (any, error) {
	job, err := s.slidingJob(q)
	if err != nil {
		return nil, err
	}
	// The time limit and node cap bound the whole table, shared out among
	// its runs: a table that runs out answers with the runs it has, those
	// not reached marked "not-run".
	ctx, cancel := context.WithTimeout(r.Context(), job.timeout)
	defer cancel()
	c, err := s.cfg.Solver.Compare(ctx, job.b, job.goal, solve.CompareOptions{Limits: s.searchLimits(job.maxNodes), Timeout: job.timeout, MaxDepth: q.MaxDepth})
	if err != nil {
		return nil, s.solveError(r, err, job.maxNodes, job.timeout, false)
	}
	return api.NewCompareAnswer(c), nil
}

// unsolvable is the answer for a board that cannot reach its goal: 422,
// with "solvable": false.
func unsolvable() error {
	no := false
	return &httpError{http.StatusUnprocessableEntity, api.Error{Error: "unsolvable: the board cannot reach the goal (permutation parity and blank row)", Solvable: &no}}
}

// solveError turns a failed search into its answer: 504 for a limit, 400
// for a bad option, and the error itself (a 500) otherwise. A limit that
// stopped a generic algorithm (generic) suggests the fastest method.
func (s *Server) solveError(r *http.Request, err error, maxNodes int64, timeout time.Duration, generic bool) error {
	advice := ""
	if generic {
		advice = "; try algo auto"
	}
	switch {
	case r.Context().Err() != nil:
		return &httpError{499, api.Error{Error: "the client went away"}} // nobody reads it
	case errors.Is(err, context.DeadlineExceeded):
		return &httpError{http.StatusGatewayTimeout, api.Error{Error: fmt.Sprintf("the search ran out of time (%v)%s", timeout, advice), Limit: true}}
	case errors.Is(err, search.ErrMemory):
		return &httpError{http.StatusGatewayTimeout, api.Error{Error: fmt.Sprintf("the search reached its memory budget (%d MB)%s", s.cfg.MaxBytes>>20, advice), Limit: true}}
	case errors.Is(err, search.ErrLimit):
		return &httpError{http.StatusGatewayTimeout, api.Error{Error: fmt.Sprintf("the search hit its node cap (%d)%s", maxNodes, advice), Limit: true}}
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
	// Level (simple, easy, intermediate or expert) or Rating (an ER range
	// such as "7.0-8.0") asks for a minimal 9x9 puzzle of that difficulty
	// on Sudoku Explainer's scale; the answer then has its rating.
	Level  string `json:"level,omitempty"`
	Rating string `json:"rating,omitempty"`
}

func (s *Server) sudokuGenerate(r *http.Request, q *GenerateRequest) (any, error) {
	if q.Level != "" || q.Rating != "" {
		return s.sudokuGenerateRated(r, q)
	}
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
		return nil, s.solveError(r, err, 0, s.cfg.SolveTimeout, false)
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
	return s.solveError(r, err, maxGuesses, s.cfg.SolveTimeout, false)
}

// strokeError answers a failed stroke search: a board too large for the
// solver is a 422, any other error what solveError makes of it.
func (s *Server) strokeError(r *http.Request, err error, maxNodes int64, timeout time.Duration) error {
	if errors.Is(err, stroke.ErrTooLarge) {
		return errorf(http.StatusUnprocessableEntity, err.Error())
	}
	return s.solveError(r, err, maxNodes, timeout, false)
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
