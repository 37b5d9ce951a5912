package web

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"net/http"
	"time"

	"github.com/searchlab/searchlab/api"
	"github.com/searchlab/searchlab/sudoku"
)

// RateRequest is the body of POST /api/sudoku/rate and /api/sudoku/hint:
// one 9x9 puzzle, or a position (the puzzle with digits placed so far).
type RateRequest struct {
	// Puzzle is the puzzle in Format.
	Puzzle string `json:"puzzle"`
	// Format is line (the default), grid, boj2580 or boj2239.
	Format string `json:"format,omitempty"`
	// Steps adds every step of the solving path to a rating (rate only).
	Steps bool `json:"steps,omitempty"`
	// Timeout asks for less time than the server allows, such as "2s".
	Timeout string `json:"timeout,omitempty"`
}

// ratePuzzle reads a rate or hint request: its puzzle, and a context
// bounded by its time limit (the caller cancels it).
func (s *Server) ratePuzzle(r *http.Request, q *RateRequest) (sudoku.Grid, context.Context, context.CancelFunc, error) {
	format, err := sudokuFormat(q.Format)
	if err != nil {
		return sudoku.Grid{}, nil, nil, err
	}
	_, timeout, err := s.limits(Limits{Timeout: q.Timeout})
	if err != nil {
		return sudoku.Grid{}, nil, nil, err
	}
	g, err := parseSudokuPuzzle(q.Puzzle, format)
	if err != nil {
		return sudoku.Grid{}, nil, nil, err
	}
	if g.Box != 3 {
		return sudoku.Grid{}, nil, nil, errorf(http.StatusBadRequest, "puzzle: "+sudoku.ErrNotNine.Error())
	}
	ctx, cancel := context.WithTimeout(r.Context(), timeout)
	return g, ctx, cancel, nil
}

// rateError answers a failed rating: givens that clash are a 422, a time
// limit a 504, anything else what solveError makes of it.
func (s *Server) rateError(r *http.Request, err error, q *RateRequest) error {
	if errors.Is(err, sudoku.ErrInvalid) {
		return errorf(http.StatusUnprocessableEntity, err.Error())
	}
	if errors.Is(err, context.DeadlineExceeded) && r.Context().Err() == nil {
		_, timeout, _ := s.limits(Limits{Timeout: q.Timeout})
		return &httpError{http.StatusGatewayTimeout, api.Error{Error: fmt.Sprintf("the rating ran out of time (%v)", timeout), Limit: true}}
	}
	return s.solveError(r, err, 0, s.cfg.SolveTimeout, false)
}

func (s *Server) sudokuRate(r *http.Request, q *RateRequest) (any, error) {
	g, ctx, cancel, err := s.ratePuzzle(r, q)
	if err != nil {
		return nil, err
	}
	defer cancel()
	start := time.Now()
	rating, steps, err := sudoku.Rate(ctx, g)
	if !q.Steps {
		steps = nil
	}
	a, err := api.NewSudokuRating(1, g, rating, steps, err, time.Since(start))
	if err != nil {
		return nil, s.rateError(r, err, q)
	}
	return a, nil
}

func (s *Server) sudokuHint(r *http.Request, q *RateRequest) (any, error) {
	if q.Steps {
		return nil, errorf(http.StatusBadRequest, "steps: a hint is one step; ask /api/sudoku/rate for them all")
	}
	g, ctx, cancel, err := s.ratePuzzle(r, q)
	if err != nil {
		return nil, err
	}
	defer cancel()
	step, ok, err := sudoku.Hint(ctx, g)
	h, err := api.NewSudokuHint(1, g, step, ok, err)
	if err != nil {
		return nil, s.rateError(r, err, q)
	}
	return h, nil
}

// sudokuGenerateRated answers a POST /api/sudoku/generate that asks for a
// level or a rating: puzzles are made and rated until one fits, all within
// the server's time limit.
func (s *Server) sudokuGenerateRated(r *http.Request, q *GenerateRequest) (any, error) {
	if q.Level != "" && q.Rating != "" {
		return nil, errorf(http.StatusBadRequest, "level and rating: give one of them")
	}
	if (q.Box != 0 && q.Box != 3) || q.Clues != 0 {
		return nil, errorf(http.StatusBadRequest, "level and rating make minimal 9x9 puzzles: they take no box or clues")
	}
	var want sudoku.RatingRange
	if q.Level != "" {
		l, err := sudoku.ParseLevel(q.Level)
		if err != nil {
			return nil, errorf(http.StatusBadRequest, "level: "+err.Error())
		}
		want = l.Range()
	} else {
		var err error
		if want, err = sudoku.ParseRatingRange(q.Rating); err != nil {
			return nil, errorf(http.StatusBadRequest, "rating: "+err.Error())
		}
	}
	if q.Seed == 0 {
		q.Seed = rand.Uint64()>>1 | 1
	}
	gen, _ := sudoku.NewGenerator(3, q.Seed)
	ctx, cancel := context.WithTimeout(r.Context(), s.cfg.SolveTimeout)
	defer cancel()
	p, rating, err := gen.GenerateRated(ctx, want, 0)
	switch {
	case errors.Is(err, context.DeadlineExceeded) && r.Context().Err() == nil:
		return nil, &httpError{http.StatusGatewayTimeout, api.Error{Error: fmt.Sprintf("no puzzle rated %v turned up in the time allowed (%v)", want, s.cfg.SolveTimeout), Limit: true}}
	case errors.Is(err, sudoku.ErrNoRatedPuzzle):
		return nil, errorf(http.StatusUnprocessableEntity, err.Error())
	case err != nil:
		return nil, s.solveError(r, err, 0, s.cfg.SolveTimeout, false)
	}
	sol, err := sudoku.Solve(ctx, p, sudoku.Options{Limit: 1})
	if err != nil {
		return nil, s.solveError(r, err, 0, s.cfg.SolveTimeout, false)
	}
	a := api.NewSudokuPuzzle(p, sol.Solution, q.Seed)
	a.ER, a.EP, a.ED = rating.ER, rating.EP, rating.ED
	return a, nil
}
