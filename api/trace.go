package api

import (
	"encoding/json"
	"fmt"
	"io"

	"github.com/searchlab/searchlab/sudoku"
)

// A trace is what a search did, step by step: a start record, the events
// in order, and an end record. "searchlab trace" writes each record as one
// line of JSON (JSON lines); the HTTP API answers POST /api/trace/... with
// the same records in one object {"start": ..., "events": [...], "end":
// ...}. Every record has a "type": "start", "event" or "end".
// docs/formats.md documents the fields; package trace makes them.

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
	var err error
	switch evs := t.Events.(type) {
	case []SlidingEvent:
		err = encodeEach(enc, evs)
	case []StrokeEvent:
		err = encodeEach(enc, evs)
	case []SudokuEvent:
		err = encodeEach(enc, evs)
	default:
		err = fmt.Errorf("api: trace events of type %T", t.Events)
	}
	if err != nil {
		return err
	}
	return enc.Encode(t.End)
}

// encodeEach writes each of evs with enc, one line each.
func encodeEach[E any](enc *json.Encoder, evs []E) error {
	for i := range evs {
		if err := enc.Encode(&evs[i]); err != nil {
			return err
		}
	}
	return nil
}

// TraceStart is what every start record holds, first: its type and the
// puzzle ("sliding", "stroke" or "sudoku").
type TraceStart struct {
	Type   string `json:"type"` // "start"
	Puzzle string `json:"puzzle"`
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

// ---------------------------------------------------------------------------
// Sliding boards

// SlidingTraceStart is the start record of a sliding-board trace.
type SlidingTraceStart struct {
	TraceStart
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

// ---------------------------------------------------------------------------
// One-stroke boards

// StrokeTraceStart is the start record of a one-stroke trace.
type StrokeTraceStart struct {
	TraceStart
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

// ---------------------------------------------------------------------------
// Sudoku

// SudokuTraceStart is the start record of a Sudoku trace.
type SudokuTraceStart struct {
	TraceStart
	Box       int    `json:"box"`
	Size      int    `json:"size"`
	Grid      string `json:"grid"` // the puzzle in line format
	MaxEvents int    `json:"max_events"`
}

// SudokuEvent is one step of a Sudoku trace (see sudoku.TraceStep): its kind,
// the cell as an index and as 1-based row and column, the symbol, the
// unit, the cells that lost a candidate, the open guesses, the reason.
type SudokuEvent struct {
	Type string `json:"type"` // "event"
	sudoku.TraceStep
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
