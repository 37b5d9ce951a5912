// Package trace runs a search and records what it did, step by step, as
// the trace records of package api: a start record, the events in order,
// and an end record. "searchlab trace" writes them as JSON lines; the HTTP
// API answers POST /api/trace/... with them in one object. It traces
// sliding boards (any generic algorithm of package sliding), one-stroke
// boards (stroke.Solver.Trace) and Sudoku (sudoku.Explain).
package trace

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/searchlab/searchlab/api"
	"github.com/searchlab/searchlab/search"
	"github.com/searchlab/searchlab/sliding"
	"github.com/searchlab/searchlab/sliding/solve"
	"github.com/searchlab/searchlab/stroke"
	"github.com/searchlab/searchlab/sudoku"
)

// DefaultMaxEvents is the number of events a trace keeps when not told;
// MaxMaxEvents is the most it may be asked to keep.
const (
	DefaultMaxEvents = 20_000
	MaxMaxEvents     = 1_000_000
)

func maxEvents(n int) (int, error) {
	switch {
	case n == 0:
		return DefaultMaxEvents, nil
	case n < 0 || n > MaxMaxEvents:
		return 0, solve.InputErrorf("max_events must be from 1 to %d", MaxMaxEvents)
	}
	return n, nil
}

// SlidingOptions choose the search a sliding trace follows.
type SlidingOptions struct {
	// Algorithm is any sliding.Algorithm but auto (auto cannot be traced:
	// the distance table and the tuned IDA* have no events).
	Algorithm sliding.Algorithm
	// Heuristic is one of the registry's (solve.Heuristics) that needs no
	// databases ("" is linear).
	Heuristic string
	// MaxDepth bounds dfs and iddfs; 0 is the board's default.
	MaxDepth int
	// Weight is the weight on the heuristic of a weighted algorithm (see
	// solve.AlgorithmInfo.Weighted); 0 is sliding.DefaultWeight.
	Weight float64
	// MaxEvents caps the events kept (0 is DefaultMaxEvents). The search
	// stops when the cap is reached: the end record says truncated.
	MaxEvents int
	// Kinds, when not empty, keeps only the events of these kinds (such
	// as "expand" and "goal" for a race); the others are neither kept nor
	// counted against MaxEvents.
	Kinds []string
	// Limits caps the search (its Observe is replaced).
	Limits search.Limits
	// MaxBytes, when positive, caps the encoded size of the events kept,
	// newlines included: the search stops at the cap as at MaxEvents.
	MaxBytes int64
	// Sink, when not nil, receives the records as they are made, and the
	// api.Trace returned holds no events: the memory a trace takes no longer
	// grows with its events.
	Sink Sink
}

// Sink receives a trace's records as they are made, each encoded as
// one line of JSON without its newline: the start record, then every event
// kept, then the end record. An error from it stops the search, and the
// trace returns it.
type Sink interface {
	Start(record []byte) error
	Event(record []byte) error
	End(record []byte) error
}

// LineSink returns a Sink that writes the records to w as JSON lines,
// the form of "searchlab trace".
func LineSink(w io.Writer) Sink { return lineSink{w} }

type lineSink struct{ w io.Writer }

func (l lineSink) Start(rec []byte) error { return l.line(rec) }
func (l lineSink) Event(rec []byte) error { return l.line(rec) }
func (l lineSink) End(rec []byte) error   { return l.line(rec) }

func (l lineSink) line(rec []byte) error {
	if _, err := l.w.Write(rec); err != nil {
		return err
	}
	_, err := l.w.Write([]byte{'\n'})
	return err
}

func tilesOf(b sliding.Board) []int {
	out := make([]int, len(b.Tiles))
	for i, t := range b.Tiles {
		out[i] = int(t)
	}
	return out
}

// Sliding runs one generic algorithm on b and returns its trace. An
// unsolvable board returns sliding.ErrUnsolvable before any search; a bad
// option is an error matching solve.ErrInput. A search that stops on a limit or
// the trace's cap is not an error: its end record says why it stopped.
func Sliding(ctx context.Context, b, goal sliding.Board, opt SlidingOptions) (api.Trace, error) {
	max, err := maxEvents(opt.MaxEvents)
	if err != nil {
		return api.Trace{}, err
	}
	algo, err := solve.AlgorithmOf(string(opt.Algorithm))
	if err != nil || !algo.Traceable {
		return api.Trace{}, solve.InputErrorf("algorithm %q cannot be traced; pick %s", opt.Algorithm, solve.TraceableNames())
	}
	if !sliding.Solvable(b, goal) {
		return api.Trace{}, sliding.ErrUnsolvable
	}
	start := &api.SlidingTraceStart{TraceStart: api.TraceStart{Type: "start", Puzzle: "sliding"}, Algorithm: string(opt.Algorithm), Width: b.W, Height: b.H,
		Board: tilesOf(b), Goal: tilesOf(goal), MaxEvents: max}
	o := sliding.Options{Algorithm: opt.Algorithm, MaxDepth: opt.MaxDepth, Weight: opt.Weight, Limits: opt.Limits}
	if algo.Informed {
		h, err := solve.HeuristicOf(opt.Heuristic)
		if err != nil {
			return api.Trace{}, err
		}
		if h.Databases {
			return api.Trace{}, solve.InputErrorf("unknown heuristic %q for a trace (want %s)", h.Name, solve.HeuristicNames(false))
		}
		o.Heuristic = h.New(goal)
		start.Heuristic = h.Name
	}
	var keep [16]bool
	for _, k := range opt.Kinds {
		var kind search.EventKind
		if err := kind.UnmarshalText([]byte(k)); err != nil {
			return api.Trace{}, solve.InputErrorf("kinds: %q is not an event kind (expand, generate, duplicate, reopen, threshold, prune, improve, goal, meet)", k)
		}
		keep[kind] = true
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	if opt.Sink != nil {
		if err := emitRecord(opt.Sink.Start, start); err != nil {
			return api.Trace{}, err
		}
	}
	rec := recorder[api.SlidingEvent]{sink: opt.Sink, max: max, maxBytes: opt.MaxBytes}
	var (
		truncated bool
		dropped   int64
	)
	stop := func() {
		truncated = true
		dropped++
		cancel()
	}
	obs := func(e search.Event) {
		if len(opt.Kinds) > 0 && !keep[e.Kind] {
			return
		}
		if truncated {
			dropped++
			return
		}
		if !rec.add(slidingEvent(e)) {
			stop()
		}
	}
	o.Limits.Observe = obs
	sol, err := sliding.Search(ctx, b, goal, o)
	if rec.err != nil {
		return api.Trace{}, rec.err
	}
	end := &api.SlidingTraceEnd{TraceEnd: api.TraceEnd{Type: "end", Events: rec.kept, Truncated: truncated, Dropped: dropped},
		Method: sol.Method, Stats: api.NewStats(sol.Stats)}
	switch {
	case rec.byBytes:
		end.Error = fmt.Sprintf("the trace reached its cap of %d bytes; the search was stopped", opt.MaxBytes)
	case truncated:
		end.Error = fmt.Sprintf("the trace reached its cap of %d events; the search was stopped", max)
	case err != nil:
		end.Error = err.Error()
		if !errors.Is(err, search.ErrLimit) && !errors.Is(err, search.ErrNotFound) {
			return api.Trace{}, err
		}
	default:
		end.Solved, end.Length, end.Moves, end.Optimal = true, sol.Len(), sliding.MovesString(sol.Moves), sol.Optimal
	}
	if opt.Sink != nil {
		if err := emitRecord(opt.Sink.End, end); err != nil {
			return api.Trace{}, err
		}
	}
	return api.Trace{Start: start, Events: rec.list(), End: end}, nil
}

// slidingEvent is the record of one search event on a sliding board.
func slidingEvent(e search.Event) api.SlidingEvent {
	ev := api.SlidingEvent{Type: "event", Kind: e.Kind.String(), G: e.G, H: e.H, F: e.F, Depth: e.Depth, Bound: e.Bound,
		Expanded: e.Expanded, Generated: e.Generated, Frontier: e.Frontier, Stored: e.Stored, Backward: e.Backward}
	if s, ok := e.State.(sliding.Board); ok {
		ev.State = tilesOf(s)
	}
	if p, ok := e.Parent.(sliding.Board); ok {
		ev.Parent = tilesOf(p)
	}
	return ev
}

// emitRecord encodes rec and passes it to put.
func emitRecord(put func([]byte) error, rec any) error {
	data, err := json.Marshal(rec)
	if err != nil {
		return err
	}
	return put(data)
}

func cellsOf(cs []stroke.Cell) [][2]int {
	out := make([][2]int, len(cs))
	for i, c := range cs {
		out[i] = [2]int{c.Row, c.Col}
	}
	return out
}

// StrokeOptions choose what a one-stroke trace keeps.
type StrokeOptions struct {
	// Options bound the search (its limits).
	stroke.Options
	// MaxEvents caps the steps kept (0 is DefaultMaxEvents).
	MaxEvents int
	// MaxBytes, when positive, caps the encoded size of the steps kept,
	// newlines included. The search runs on past either cap to its answer,
	// and the end record says truncated.
	MaxBytes int64
	// Sink, when not nil, receives the records as they are made (see
	// SlidingOptions.Sink): the trace returned holds no events.
	Sink Sink
}

// Stroke traces the one-stroke search of b (the generic branch and
// bound, which gives Solve's answers), keeping the steps within
// opt.MaxEvents and opt.MaxBytes. The search runs to its answer past the
// caps, within opt's limits and ctx; a limit that stops it is said in the
// end record. A board too large for the solver is an error matching both
// stroke.ErrTooLarge and solve.ErrInput, returned before any record.
func Stroke(ctx context.Context, s *stroke.Solver, b *stroke.Board, opt StrokeOptions) (api.Trace, error) {
	max, err := maxEvents(opt.MaxEvents)
	if err != nil {
		return api.Trace{}, err
	}
	start := &api.StrokeTraceStart{TraceStart: api.TraceStart{Type: "start", Puzzle: "stroke"}, Rows: b.Rows, Cols: b.Cols, Cells: string(b.Cells), MaxEvents: max}
	rec := recorder[api.StrokeEvent]{sink: opt.Sink, max: max, maxBytes: opt.MaxBytes}
	var (
		truncated bool
		dropped   int64
		started   bool // the start record went to the sink
	)
	// The start record goes to the sink with the first step, so that a
	// board refused before the search has none.
	begin := func() bool {
		if !started && opt.Sink != nil {
			started = true
			rec.err = emitRecord(opt.Sink.Start, start)
		}
		return rec.err == nil
	}
	res, err := s.TraceSteps(ctx, b, opt.Options, func(st stroke.Step) bool {
		if truncated || rec.err != nil || !begin() {
			dropped++
			return false
		}
		ev := api.StrokeEvent{Type: "event", Kind: string(st.Kind), Colour: string(st.Colour), Chain: cellsOf(st.Chain), Bound: st.Bound, Best: st.Best, Nodes: st.Nodes}
		if !rec.add(ev) {
			if rec.err == nil {
				truncated = true
				dropped++
			}
			return false
		}
		// A streamed trace stops the search at its last event.
		return opt.Sink == nil || rec.kept < max
	})
	if errors.Is(err, stroke.ErrTooLarge) {
		return api.Trace{}, solve.InputErrorf("%w", err)
	}
	if err != nil && !errors.Is(err, search.ErrLimit) {
		return api.Trace{}, err
	}
	if rec.err != nil || !begin() {
		return api.Trace{}, rec.err
	}
	end := &api.StrokeTraceEnd{TraceEnd: api.TraceEnd{Type: "end", Events: rec.kept, Truncated: truncated, Dropped: dropped},
		Length: res.Length, Path: cellsOf(res.Path), Optimal: res.Optimal, Bound: res.Bound, Nodes: res.Nodes}
	if res.Colour != 0 {
		end.Colour = string(res.Colour)
	}
	if err != nil {
		end.Error = err.Error()
	}
	if opt.Sink != nil {
		if err := emitRecord(opt.Sink.End, end); err != nil {
			return api.Trace{}, err
		}
	}
	return api.Trace{Start: start, Events: rec.list(), End: end}, nil
}

// SudokuOptions choose what a Sudoku trace keeps.
type SudokuOptions struct {
	// MaxEvents caps the steps kept (0 is DefaultMaxEvents).
	MaxEvents int
	// MaxBytes, when positive, caps the encoded size of the steps kept,
	// newlines included. The solver runs on past either cap to its
	// answer, and the end record says truncated.
	MaxBytes int64
	// Sink, when not nil, receives the records as they are made (see
	// SlidingOptions.Sink): the trace returned holds no events.
	Sink Sink
}

// Sudoku explains the solve of g step by step (sudoku.ExplainSteps),
// keeping the steps within opt.MaxEvents and opt.MaxBytes; the solver
// runs to its answer past the caps, within ctx (an ended ctx is said in
// the end record). Givens that conflict are an error matching
// sudoku.ErrInvalid, returned before any record.
func Sudoku(ctx context.Context, g sudoku.Grid, opt SudokuOptions) (api.Trace, error) {
	max, err := maxEvents(opt.MaxEvents)
	if err != nil {
		return api.Trace{}, err
	}
	if err := g.Check(); err != nil {
		return api.Trace{}, err
	}
	n := g.N()
	start := &api.SudokuTraceStart{TraceStart: api.TraceStart{Type: "start", Puzzle: "sudoku"}, Box: g.Box, Size: n, Grid: lineOf(g), MaxEvents: max}
	if opt.Sink != nil {
		if err := emitRecord(opt.Sink.Start, start); err != nil {
			return api.Trace{}, err
		}
	}
	rec := recorder[api.SudokuEvent]{sink: opt.Sink, max: max, maxBytes: opt.MaxBytes}
	ex, err := sudoku.ExplainSteps(ctx, g, func(st sudoku.TraceStep) bool {
		ev := api.SudokuEvent{Type: "event", TraceStep: st}
		if st.Cell >= 0 {
			ev.Row, ev.Col = st.Cell/n+1, st.Cell%n+1
		}
		return rec.add(ev)
	})
	if rec.err != nil {
		return api.Trace{}, rec.err
	}
	stopped := errors.Is(err, context.DeadlineExceeded) || errors.Is(err, context.Canceled)
	if err != nil && !stopped {
		return api.Trace{}, err
	}
	end := &api.SudokuTraceEnd{TraceEnd: api.TraceEnd{Type: "end", Events: rec.kept, Truncated: ex.Truncated, Dropped: ex.Dropped}, Guesses: ex.Guesses}
	switch {
	case stopped:
		// The start record may be out: the end says why there is no answer.
		end.Error = fmt.Errorf("%w: %w", search.ErrLimit, err).Error()
	case ex.Solution.Cells != nil:
		end.Solved, end.Solution = true, lineOf(ex.Solution)
	default:
		end.Error = "no solution: every branch ends in a contradiction"
	}
	if opt.Sink != nil {
		if err := emitRecord(opt.Sink.End, end); err != nil {
			return api.Trace{}, err
		}
	}
	return api.Trace{Start: start, Events: rec.list(), End: end}, nil
}

// lineOf writes g in the line format, without the line end.
func lineOf(g sudoku.Grid) string {
	return strings.TrimSuffix(string(sudoku.AppendFormat(nil, sudoku.FormatLine, g)), "\n")
}
