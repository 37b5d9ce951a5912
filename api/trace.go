package api

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"

	"github.com/searchlab/searchlab/search"
	"github.com/searchlab/searchlab/sliding"
	"github.com/searchlab/searchlab/stroke"
	"github.com/searchlab/searchlab/sudoku"
)

// A trace is what a search did, step by step: a start record, the events
// in order, and an end record. "searchlab trace" writes each record as one
// line of JSON (JSON lines); the HTTP API answers POST /api/trace/... with
// the same records in one object {"start": ..., "events": [...], "end":
// ...}. Every record has a "type": "start", "event" or "end".
// docs/formats.md documents the fields.

// DefaultMaxEvents is the number of events a trace keeps when not told;
// MaxMaxEvents is the most it may be asked to keep.
const (
	DefaultMaxEvents = 20_000
	MaxMaxEvents     = 1_000_000
)

// Trace is a whole trace: its start record, its events and its end record.
// Start and End are *SlidingTraceStart and *SlidingTraceEnd for a sliding
// board, and so on; Events are of the puzzle's event type.
type Trace struct {
	Start  any `json:"start"`
	Events any `json:"events"`
	End    any `json:"end"`
}

// WriteLines writes t as JSON lines: the start record, each event, then
// the end record.
func (t Trace) WriteLines(w io.Writer) error {
	enc := json.NewEncoder(w)
	if err := enc.Encode(t.Start); err != nil {
		return err
	}
	switch evs := t.Events.(type) {
	case []SlidingEvent:
		for i := range evs {
			if err := enc.Encode(&evs[i]); err != nil {
				return err
			}
		}
	case []StrokeEvent:
		for i := range evs {
			if err := enc.Encode(&evs[i]); err != nil {
				return err
			}
		}
	case []SudokuEvent:
		for i := range evs {
			if err := enc.Encode(&evs[i]); err != nil {
				return err
			}
		}
	default:
		return fmt.Errorf("api: trace events of type %T", t.Events)
	}
	return enc.Encode(t.End)
}

// TraceEnd is what every end record holds.
type TraceEnd struct {
	Type string `json:"type"` // "end"
	// Events is the number of events kept; Truncated reports that the
	// trace hit its cap, and Dropped counts the events not kept.
	Events    int   `json:"events"`
	Truncated bool  `json:"truncated"`
	Dropped   int64 `json:"dropped,omitempty"`
	// Error says why the search stopped without an answer, if it did.
	Error string `json:"error,omitempty"`
}

func maxEvents(n int) (int, error) {
	switch {
	case n == 0:
		return DefaultMaxEvents, nil
	case n < 0 || n > MaxMaxEvents:
		return 0, inputErrorf("max_events must be from 1 to %d", MaxMaxEvents)
	}
	return n, nil
}

// ---------------------------------------------------------------------------
// Sliding boards

// SlidingTraceStart is the start record of a sliding-board trace.
type SlidingTraceStart struct {
	Type      string `json:"type"`   // "start"
	Puzzle    string `json:"puzzle"` // "sliding"
	Algorithm string `json:"algorithm"`
	Heuristic string `json:"heuristic,omitempty"`
	Width     int    `json:"width"`
	Height    int    `json:"height"`
	Board     []int  `json:"board"`
	Goal      []int  `json:"goal"`
	MaxEvents int    `json:"max_events"`
}

// SlidingEvent is one event of a sliding-board trace: a search.Event with
// its boards as tiles in reading order (0 for the blank).
type SlidingEvent struct {
	Type      string `json:"type"` // "event"
	Kind      string `json:"kind"`
	State     []int  `json:"state,omitempty"`
	Parent    []int  `json:"parent,omitempty"`
	G         int    `json:"g"`
	H         int    `json:"h"`
	F         int    `json:"f"`
	Depth     int    `json:"depth,omitempty"`
	Bound     int    `json:"bound,omitempty"`
	Expanded  int64  `json:"expanded"`
	Generated int64  `json:"generated"`
	Frontier  int    `json:"frontier"`
	Stored    int    `json:"stored"`
	// Backward marks a step of a bidirectional search from the goal's end.
	Backward bool `json:"backward,omitempty"`
}

// SlidingTraceEnd is the end record of a sliding-board trace.
type SlidingTraceEnd struct {
	TraceEnd
	// Solved reports that the search reached the goal; Length and Moves
	// are then the solution, Optimal whether it is proven shortest.
	Solved  bool   `json:"solved"`
	Length  int    `json:"length"`
	Moves   string `json:"moves"`
	Optimal bool   `json:"optimal"`
	Method  string `json:"method"`
	Stats   Stats  `json:"stats"`
}

// SlidingTraceOptions choose the search a sliding trace follows.
type SlidingTraceOptions struct {
	// Algorithm is any sliding.Algorithm but auto (auto cannot be traced:
	// the distance table and the tuned IDA* have no events).
	Algorithm sliding.Algorithm
	// Heuristic is misplaced, manhattan or linear ("" is linear).
	Heuristic string
	// MaxDepth bounds dfs and iddfs; 0 is the board's default.
	MaxDepth int
	// MaxEvents caps the events kept (0 is DefaultMaxEvents). The search
	// stops when the cap is reached: the end record says truncated.
	MaxEvents int
	// Kinds, when not empty, keeps only the events of these kinds (such
	// as "expand" and "goal" for a race); the others are neither kept nor
	// counted against MaxEvents.
	Kinds []string
	// Limits caps the search (its Observe is replaced).
	Limits search.Limits
}

func tilesOf(b sliding.Board) []int {
	out := make([]int, len(b.Tiles))
	for i, t := range b.Tiles {
		out[i] = int(t)
	}
	return out
}

// TraceSliding runs one generic algorithm on b and returns its trace. An
// unsolvable board returns sliding.ErrUnsolvable before any search; a bad
// option is an error matching ErrInput. A search that stops on a limit or
// the trace's cap is not an error: its end record says why it stopped.
func TraceSliding(ctx context.Context, b, goal sliding.Board, opt SlidingTraceOptions) (Trace, error) {
	max, err := maxEvents(opt.MaxEvents)
	if err != nil {
		return Trace{}, err
	}
	switch opt.Algorithm {
	case sliding.BFS, sliding.DFS, sliding.IDDFS, sliding.AStar, sliding.IDAStar, sliding.BiBFS, sliding.NBS, sliding.WAStar, sliding.Anytime:
	default:
		return Trace{}, inputErrorf("algorithm %q cannot be traced; pick bfs, bibfs, dfs, iddfs, astar, nbs, wastar, anytime or idastar", opt.Algorithm)
	}
	if !sliding.Solvable(b, goal) {
		return Trace{}, sliding.ErrUnsolvable
	}
	start := &SlidingTraceStart{Type: "start", Puzzle: "sliding", Algorithm: string(opt.Algorithm), Width: b.W, Height: b.H,
		Board: tilesOf(b), Goal: tilesOf(goal), MaxEvents: max}
	o := sliding.Options{Algorithm: opt.Algorithm, MaxDepth: opt.MaxDepth, Limits: opt.Limits}
	if opt.Algorithm.Informed() {
		name := opt.Heuristic
		if name == "" {
			name = "linear"
		}
		if o.Heuristic, err = sliding.HeuristicByName(name, goal); err != nil {
			return Trace{}, inputErrorf("%v", err)
		}
		start.Heuristic = name
	}
	var keep [16]bool
	for _, k := range opt.Kinds {
		var kind search.EventKind
		if err := kind.UnmarshalText([]byte(k)); err != nil {
			return Trace{}, inputErrorf("kinds: %q is not an event kind (expand, generate, duplicate, reopen, threshold, prune, improve, goal, meet)", k)
		}
		keep[kind] = true
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	tr := &search.Trace{Max: max, OnFull: cancel}
	obs := tr.Observe
	if len(opt.Kinds) > 0 {
		obs = func(e search.Event) {
			if keep[e.Kind] {
				tr.Observe(e)
			}
		}
	}
	sol, err := sliding.SolveTraced(ctx, b, goal, o, obs)
	events := make([]SlidingEvent, len(tr.Events))
	for i, e := range tr.Events {
		ev := SlidingEvent{Type: "event", Kind: e.Kind.String(), G: e.G, H: e.H, F: e.F, Depth: e.Depth, Bound: e.Bound,
			Expanded: e.Expanded, Generated: e.Generated, Frontier: e.Frontier, Stored: e.Stored, Backward: e.Backward}
		if s, ok := e.State.(sliding.Board); ok {
			ev.State = tilesOf(s)
		}
		if p, ok := e.Parent.(sliding.Board); ok {
			ev.Parent = tilesOf(p)
		}
		events[i] = ev
	}
	end := &SlidingTraceEnd{TraceEnd: TraceEnd{Type: "end", Events: len(events), Truncated: tr.Truncated, Dropped: tr.Dropped},
		Method: sol.Method, Stats: NewStats(sol.Stats)}
	switch {
	case tr.Truncated:
		end.Error = fmt.Sprintf("the trace reached its cap of %d events; the search was stopped", max)
	case err != nil:
		end.Error = err.Error()
		if !errors.Is(err, search.ErrLimit) && !errors.Is(err, search.ErrNotFound) {
			return Trace{}, err
		}
	default:
		end.Solved, end.Length, end.Moves, end.Optimal = true, sol.Len(), MovesString(sol.Moves), sol.Optimal
	}
	return Trace{Start: start, Events: events, End: end}, nil
}

// ---------------------------------------------------------------------------
// One-stroke boards

// StrokeTraceStart is the start record of a one-stroke trace.
type StrokeTraceStart struct {
	Type      string `json:"type"`   // "start"
	Puzzle    string `json:"puzzle"` // "stroke"
	Rows      int    `json:"rows"`
	Cols      int    `json:"cols"`
	Cells     string `json:"cells"` // row by row: a colour letter, O or '.'
	MaxEvents int    `json:"max_events"`
}

// StrokeEvent is one step of a one-stroke trace: the chain entered
// (extend), cut by its bound (cut), or the new longest (best). Cells are
// [row, column], from 0.
type StrokeEvent struct {
	Type   string   `json:"type"` // "event"
	Kind   string   `json:"kind"`
	Colour string   `json:"colour"`
	Chain  [][2]int `json:"chain"`
	Bound  int      `json:"bound"`
	Best   int      `json:"best"`
	Nodes  int64    `json:"nodes"`
}

// StrokeTraceEnd is the end record of a one-stroke trace.
type StrokeTraceEnd struct {
	TraceEnd
	Colour  string   `json:"colour"`
	Length  int      `json:"length"`
	Path    [][2]int `json:"path"`
	Optimal bool     `json:"optimal"`
	Bound   int      `json:"bound"`
	Nodes   int64    `json:"nodes"`
}

func cellsOf(cs []stroke.Cell) [][2]int {
	out := make([][2]int, len(cs))
	for i, c := range cs {
		out[i] = [2]int{c.Row, c.Col}
	}
	return out
}

// TraceStroke traces the one-stroke search of b (the generic branch and
// bound, which gives Solve's answers), keeping at most keep steps (0
// is DefaultMaxEvents). The search runs to its answer past the cap, within
// opt and ctx; a limit that stops it is said in the end record.
func TraceStroke(ctx context.Context, s *stroke.Solver, b *stroke.Board, opt stroke.Options, keep int) (Trace, error) {
	max, err := maxEvents(keep)
	if err != nil {
		return Trace{}, err
	}
	res, err := s.Trace(ctx, b, opt, max)
	if err != nil && !errors.Is(err, search.ErrLimit) {
		return Trace{}, err
	}
	start := &StrokeTraceStart{Type: "start", Puzzle: "stroke", Rows: b.Rows, Cols: b.Cols, Cells: string(b.Cells), MaxEvents: max}
	events := make([]StrokeEvent, len(res.Steps))
	for i, st := range res.Steps {
		events[i] = StrokeEvent{Type: "event", Kind: string(st.Kind), Colour: string(st.Colour), Chain: cellsOf(st.Chain), Bound: st.Bound, Best: st.Best, Nodes: st.Nodes}
	}
	end := &StrokeTraceEnd{TraceEnd: TraceEnd{Type: "end", Events: len(events), Truncated: res.Truncated, Dropped: res.Dropped},
		Length: res.Length, Path: cellsOf(res.Path), Optimal: res.Optimal, Bound: res.Bound, Nodes: res.Nodes}
	if res.Colour != 0 {
		end.Colour = string(res.Colour)
	}
	if err != nil {
		end.Error = err.Error()
	}
	return Trace{Start: start, Events: events, End: end}, nil
}

// ---------------------------------------------------------------------------
// Sudoku

// SudokuTraceStart is the start record of a Sudoku trace.
type SudokuTraceStart struct {
	Type      string `json:"type"`   // "start"
	Puzzle    string `json:"puzzle"` // "sudoku"
	Box       int    `json:"box"`
	Size      int    `json:"size"`
	Grid      string `json:"grid"` // the puzzle in line format
	MaxEvents int    `json:"max_events"`
}

// SudokuEvent is one step of a Sudoku trace (see sudoku.Step): its kind,
// the cell as an index and as 1-based row and column, the symbol, the
// unit, the cells that lost a candidate, the open guesses, the reason.
type SudokuEvent struct {
	Type string `json:"type"` // "event"
	sudoku.Step
	Row int `json:"row,omitempty"`
	Col int `json:"col,omitempty"`
}

// SudokuTraceEnd is the end record of a Sudoku trace.
type SudokuTraceEnd struct {
	TraceEnd
	Solved   bool   `json:"solved"`
	Solution string `json:"solution,omitempty"`
	Guesses  int64  `json:"guesses"`
}

// TraceSudoku explains the solve of g step by step (sudoku.Explain),
// keeping at most keep steps (0 is DefaultMaxEvents). Givens that
// conflict are an error matching sudoku.ErrInvalid.
func TraceSudoku(ctx context.Context, g sudoku.Grid, keep int) (Trace, error) {
	max, err := maxEvents(keep)
	if err != nil {
		return Trace{}, err
	}
	ex, err := sudoku.Explain(ctx, g, max)
	if err != nil {
		return Trace{}, err
	}
	n := g.N()
	start := &SudokuTraceStart{Type: "start", Puzzle: "sudoku", Box: g.Box, Size: n, Grid: sudokuLine(g), MaxEvents: max}
	events := make([]SudokuEvent, len(ex.Steps))
	for i, st := range ex.Steps {
		events[i] = SudokuEvent{Type: "event", Step: st}
		if st.Cell >= 0 {
			events[i].Row, events[i].Col = st.Cell/n+1, st.Cell%n+1
		}
	}
	end := &SudokuTraceEnd{TraceEnd: TraceEnd{Type: "end", Events: len(events), Truncated: ex.Truncated, Dropped: ex.Dropped}, Guesses: ex.Guesses}
	if ex.Solution.Cells != nil {
		end.Solved, end.Solution = true, sudokuLine(ex.Solution)
	} else {
		end.Error = "no solution: every branch ends in a contradiction"
	}
	return Trace{Start: start, Events: events, End: end}, nil
}
