package web

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strings"

	"github.com/searchlab/searchlab/api"
	"github.com/searchlab/searchlab/search"
	"github.com/searchlab/searchlab/sliding"
	"github.com/searchlab/searchlab/stroke"
	"github.com/searchlab/searchlab/sudoku"
)

// maxTraceEvents caps the events of one trace answer: at some 200 bytes an
// event, a full trace is about 20 MB of JSON.
const maxTraceEvents = 100_000

// registerTrace adds the trace endpoints to the server's mux.
func (s *Server) registerTrace() {
	s.mux.HandleFunc("/api/trace/sliding", s.post(s.traceSliding))
	s.mux.HandleFunc("/api/trace/stroke", s.post(s.traceStroke))
	s.mux.HandleFunc("/api/trace/sudoku", s.post(s.traceSudoku))
}

// traceEvents checks a request's max_events: 0 is api.DefaultMaxEvents.
func traceEvents(n int) (int, error) {
	if n < 0 || n > maxTraceEvents {
		return 0, errorf(http.StatusBadRequest, fmt.Sprintf("max_events must be from 1 to %d", maxTraceEvents))
	}
	return n, nil
}

// TraceSlidingRequest is the body of POST /api/trace/sliding: a
// SlidingRequest (algo any algorithm but auto), the
// events to keep, and, optionally, the kinds of event to keep.
type TraceSlidingRequest struct {
	SlidingRequest
	// MaxEvents caps the events kept (default 20,000, at most 100,000);
	// the search stops at the cap and the end record says truncated.
	MaxEvents int `json:"max_events,omitempty"`
	// Kinds keeps only events of these kinds, such as ["expand", "goal"].
	Kinds []string `json:"kinds,omitempty"`
}

func (s *Server) traceSliding(r *http.Request, body []byte) (any, error) {
	var q TraceSlidingRequest
	if err := decode(body, &q); err != nil {
		return nil, err
	}
	b, goal, err := q.board()
	if err != nil {
		return nil, err
	}
	if q.Algo == "" {
		return nil, errorf(http.StatusBadRequest, "algo: missing; pick bfs, bibfs, dfs, iddfs, astar, nbs, wastar, anytime or idastar")
	}
	algo, err := sliding.ParseAlgorithm(q.Algo)
	if err != nil {
		return nil, errorf(http.StatusBadRequest, "algo: "+err.Error())
	}
	if q.MaxDepth < 0 {
		return nil, errorf(http.StatusBadRequest, "max_depth must not be negative")
	}
	n, err := traceEvents(q.MaxEvents)
	if err != nil {
		return nil, err
	}
	maxNodes, timeout, err := s.limits(q.MaxNodes, q.Timeout)
	if err != nil {
		return nil, err
	}
	ctx, cancel := context.WithTimeout(r.Context(), timeout)
	defer cancel()
	tr, err := api.TraceSliding(ctx, b, goal, api.SlidingTraceOptions{Algorithm: algo, Heuristic: q.Heuristic, MaxDepth: q.MaxDepth,
		MaxEvents: n, Kinds: q.Kinds, Limits: search.Limits{MaxNodes: maxNodes}})
	switch {
	case errors.Is(err, sliding.ErrUnsolvable):
		no := false
		return nil, &httpError{http.StatusUnprocessableEntity, api.Error{Error: "unsolvable: the board cannot reach the goal (permutation parity and blank row)", Solvable: &no}}
	case err != nil:
		return nil, s.solveError(r, err, maxNodes, timeout)
	case r.Context().Err() != nil:
		return nil, s.solveError(r, r.Context().Err(), maxNodes, timeout)
	}
	return tr, nil
}

// TraceStrokeRequest is the body of POST /api/trace/stroke.
type TraceStrokeRequest struct {
	// Board is the classic text: a line "N" or "R C", then the rows.
	Board string `json:"board"`
	// MaxNodes and Timeout bound the search within the server's limits.
	MaxNodes int64  `json:"max_nodes,omitempty"`
	Timeout  string `json:"timeout,omitempty"`
	// MaxEvents caps the steps kept (default 20,000, at most 100,000).
	MaxEvents int `json:"max_events,omitempty"`
}

func (s *Server) traceStroke(r *http.Request, body []byte) (any, error) {
	var q TraceStrokeRequest
	if err := decode(body, &q); err != nil {
		return nil, err
	}
	b, err := parseStrokeBoard(q.Board)
	if err != nil {
		return nil, err
	}
	n, err := traceEvents(q.MaxEvents)
	if err != nil {
		return nil, err
	}
	maxNodes, timeout, err := s.limits(q.MaxNodes, q.Timeout)
	if err != nil {
		return nil, err
	}
	ctx, cancel := context.WithTimeout(r.Context(), timeout)
	defer cancel()
	tr, err := api.TraceStroke(ctx, stroke.NewSolver(), b, stroke.Options{Limits: search.Limits{MaxNodes: maxNodes}}, n)
	switch {
	case errors.Is(err, stroke.ErrTooLarge):
		return nil, errorf(http.StatusUnprocessableEntity, err.Error())
	case err != nil:
		return nil, s.solveError(r, err, maxNodes, timeout)
	case r.Context().Err() != nil:
		return nil, s.solveError(r, r.Context().Err(), maxNodes, timeout)
	}
	return tr, nil
}

// TraceSudokuRequest is the body of POST /api/trace/sudoku.
type TraceSudokuRequest struct {
	// Puzzle is the puzzle in Format (line, the default, grid, boj2580 or
	// boj2239).
	Puzzle string `json:"puzzle"`
	Format string `json:"format,omitempty"`
	// MaxEvents caps the steps kept (default 20,000, at most 100,000).
	MaxEvents int `json:"max_events,omitempty"`
}

func (s *Server) traceSudoku(r *http.Request, body []byte) (any, error) {
	var q TraceSudokuRequest
	if err := decode(body, &q); err != nil {
		return nil, err
	}
	format := sudoku.FormatLine
	if q.Format != "" {
		var err error
		if format, err = sudoku.ParseFormat(q.Format); err != nil {
			return nil, errorf(http.StatusBadRequest, "format: "+err.Error())
		}
	}
	sc := sudoku.NewScanner(strings.NewReader(q.Puzzle), format)
	if !sc.Scan() {
		if err := sc.Err(); err != nil {
			return nil, errorf(http.StatusBadRequest, "puzzle: "+err.Error())
		}
		return nil, errorf(http.StatusBadRequest, "puzzle: missing")
	}
	g, err := sudoku.Parse(format, sc.Record())
	if err != nil {
		return nil, errorf(http.StatusBadRequest, "puzzle: "+err.Error())
	}
	if sc.Scan() {
		return nil, errorf(http.StatusBadRequest, "puzzle: want one puzzle, the body has more")
	}
	n, err := traceEvents(q.MaxEvents)
	if err != nil {
		return nil, err
	}
	ctx, cancel := context.WithTimeout(r.Context(), s.cfg.SolveTimeout)
	defer cancel()
	tr, err := api.TraceSudoku(ctx, g, n)
	switch {
	case errors.Is(err, sudoku.ErrInvalid):
		return nil, errorf(http.StatusUnprocessableEntity, err.Error())
	case err != nil:
		return nil, s.solveError(r, err, 0, s.cfg.SolveTimeout)
	}
	return tr, nil
}
