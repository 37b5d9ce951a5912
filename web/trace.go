package web

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"time"

	"github.com/searchlab/searchlab/sliding"
	"github.com/searchlab/searchlab/sliding/solve"
	"github.com/searchlab/searchlab/stroke"
	"github.com/searchlab/searchlab/trace"
)

// maxTraceEvents caps the events of one trace answer, and maxTraceBytes
// their encoded size: an event of a 3x3 board is about 150 bytes, one of a
// 16x16 board about 1.8 KB (a stroke step on 16x16 up to about 2 KB), so
// the cap in bytes is the one that binds on large boards. Traces are
// written as the search runs, never held whole in memory.
const (
	maxTraceEvents = 100_000
	maxTraceBytes  = 32 << 20
)

// registerTrace adds the trace endpoints to the server's mux.
func (s *Server) registerTrace() {
	s.mux.HandleFunc("/api/trace/sliding", s.post(decoded(s.traceSliding)))
	s.mux.HandleFunc("/api/trace/stroke", s.post(decoded(s.traceStroke)))
	s.mux.HandleFunc("/api/trace/sudoku", s.post(decoded(s.traceSudoku)))
}

// traceEvents checks a request's max_events: 0 is trace.DefaultMaxEvents.
func traceEvents(n int) (int, error) {
	if n < 0 || n > maxTraceEvents {
		return 0, errorf(http.StatusBadRequest, fmt.Sprintf("max_events must be from 1 to %d", maxTraceEvents))
	}
	return n, nil
}

// traceLimits checks a trace request's max_events, then returns them with
// its node cap and time limit within the server's.
func (s *Server) traceLimits(events int, l Limits) (int, int64, time.Duration, error) {
	n, err := traceEvents(events)
	if err != nil {
		return 0, 0, 0, err
	}
	maxNodes, timeout, err := s.limits(l)
	return n, maxNodes, timeout, err
}

// TraceSlidingRequest is the body of POST /api/trace/sliding: a
// SlidingRequest (algo any algorithm but auto), the
// events to keep, and, optionally, the kinds of event to keep.
type TraceSlidingRequest struct {
	SlidingRequest
	// MaxEvents caps the events kept (default 20,000, at most 100,000),
	// and their encoded size is capped at 32 MB; the search stops at
	// either cap and the end record says truncated.
	MaxEvents int `json:"max_events,omitempty"`
	// Kinds keeps only events of these kinds, such as ["expand", "goal"].
	Kinds []string `json:"kinds,omitempty"`
}

func (s *Server) traceSliding(r *http.Request, q *TraceSlidingRequest) (any, error) {
	if q.Algo == "" {
		return nil, errorf(http.StatusBadRequest, "algo: missing; pick "+solve.TraceableNames())
	}
	n, err := traceEvents(q.MaxEvents)
	if err != nil {
		return nil, err
	}
	job, err := s.slidingJob(&q.SlidingRequest)
	if err != nil {
		return nil, err
	}
	opt := trace.SlidingOptions{Algorithm: job.method.Algorithm, Heuristic: job.method.Heuristic, MaxDepth: job.method.MaxDepth, Weight: job.method.Weight,
		MaxEvents: n, Kinds: q.Kinds, Limits: s.searchLimits(job.maxNodes), MaxBytes: maxTraceBytes}
	return &streamedTrace{r: r, limit: job.timeout,
		run: func(ctx context.Context, sink trace.Sink) error {
			opt.Sink = sink
			_, err := trace.Sliding(ctx, job.b, job.goal, opt)
			return err
		},
		fault: func(err error) error {
			if errors.Is(err, sliding.ErrUnsolvable) {
				return unsolvable()
			}
			return s.solveError(r, err, job.maxNodes, job.timeout, false)
		}}, nil
}

// streamedTrace is a trace to run and write as one JSON object,
// {"start": ..., "events": [...], "end": ...}, record by record: run
// traces into the sink it is given, and fault answers an error that
// came before the start record.
type streamedTrace struct {
	r     *http.Request
	limit time.Duration
	run   func(ctx context.Context, sink trace.Sink) error
	fault func(err error) error
}

func (t *streamedTrace) timeout() time.Duration { return t.limit }

func (t *streamedTrace) stream(w http.ResponseWriter) error {
	ctx, cancel := context.WithTimeout(t.r.Context(), t.limit)
	defer cancel()
	sink := &objectSink{w: w}
	err := t.run(ctx, sink)
	if sink.started {
		return err // the status is sent; a fault can only cut the answer short
	}
	if err == nil {
		err = errors.New("internal error: the trace wrote no start record")
	} else {
		err = t.fault(err)
	}
	var he *httpError
	if errors.As(err, &he) {
		writeJSON(w, he.status, he.body)
		return nil
	}
	writeError(w, http.StatusInternalServerError, err.Error())
	return err
}

// objectSink writes a trace's records as the server's one JSON object.
type objectSink struct {
	w       http.ResponseWriter
	started bool
	events  int
}

func (o *objectSink) Start(rec []byte) error {
	o.started = true
	o.w.Header().Set("Content-Type", "application/json")
	o.w.Header().Set("Cache-Control", "no-store")
	o.w.WriteHeader(http.StatusOK)
	return o.write(`{"start":`, rec, `,"events":[`)
}

func (o *objectSink) Event(rec []byte) error {
	sep := ","
	if o.events == 0 {
		sep = ""
	}
	o.events++
	return o.write(sep, rec, "")
}

func (o *objectSink) End(rec []byte) error { return o.write(`],"end":`, rec, "}\n") }

func (o *objectSink) write(before string, rec []byte, after string) error {
	if _, err := io.WriteString(o.w, before); err != nil {
		return err
	}
	if _, err := o.w.Write(rec); err != nil {
		return err
	}
	_, err := io.WriteString(o.w, after)
	return err
}

// TraceStrokeRequest is the body of POST /api/trace/stroke.
type TraceStrokeRequest struct {
	// Board is the classic text: a line "N" or "R C", then the rows.
	Board string `json:"board"`
	// Limits bound the search within the server's limits.
	Limits
	// MaxEvents caps the steps kept (default 20,000, at most 100,000),
	// and their encoded size is capped at 32 MB; the search runs on to its
	// answer past either cap and the end record says truncated.
	MaxEvents int `json:"max_events,omitempty"`
}

func (s *Server) traceStroke(r *http.Request, q *TraceStrokeRequest) (any, error) {
	b, err := parseStrokeBoard(q.Board)
	if err != nil {
		return nil, err
	}
	n, maxNodes, timeout, err := s.traceLimits(q.MaxEvents, q.Limits)
	if err != nil {
		return nil, err
	}
	opt := trace.StrokeOptions{Options: stroke.Options{Limits: s.searchLimits(maxNodes)}, MaxEvents: n, MaxBytes: maxTraceBytes}
	return &streamedTrace{r: r, limit: timeout,
		run: func(ctx context.Context, sink trace.Sink) error {
			opt.Sink = sink
			_, err := trace.Stroke(ctx, stroke.NewSolver(), b, opt)
			if err == nil {
				err = r.Context().Err()
			}
			return err
		},
		fault: func(err error) error { return s.strokeError(r, err, maxNodes, timeout) }}, nil
}

// TraceSudokuRequest is the body of POST /api/trace/sudoku.
type TraceSudokuRequest struct {
	// Puzzle is the puzzle in Format (line, the default, grid, boj2580 or
	// boj2239).
	Puzzle string `json:"puzzle"`
	Format string `json:"format,omitempty"`
	// MaxEvents caps the steps kept (default 20,000, at most 100,000),
	// and their encoded size is capped at 32 MB; the solver runs on to its
	// answer past either cap and the end record says truncated.
	MaxEvents int `json:"max_events,omitempty"`
}

func (s *Server) traceSudoku(r *http.Request, q *TraceSudokuRequest) (any, error) {
	format, err := sudokuFormat(q.Format)
	if err != nil {
		return nil, err
	}
	g, err := parseSudokuPuzzle(q.Puzzle, format)
	if err != nil {
		return nil, err
	}
	n, err := traceEvents(q.MaxEvents)
	if err != nil {
		return nil, err
	}
	opt := trace.SudokuOptions{MaxEvents: n, MaxBytes: maxTraceBytes}
	return &streamedTrace{r: r, limit: s.cfg.SolveTimeout,
		run: func(ctx context.Context, sink trace.Sink) error {
			opt.Sink = sink
			_, err := trace.Sudoku(ctx, g, opt)
			if err == nil {
				err = r.Context().Err()
			}
			return err
		},
		fault: func(err error) error { return s.sudokuError(r, err, 0) }}, nil
}
