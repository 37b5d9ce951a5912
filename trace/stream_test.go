package trace_test

import (
	"bytes"
	"context"
	"encoding/json"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/searchlab/searchlab/api"
	"github.com/searchlab/searchlab/sliding"
	"github.com/searchlab/searchlab/stroke"
	"github.com/searchlab/searchlab/sudoku"
	"github.com/searchlab/searchlab/trace"
)

// TestTraceSlidingSink checks that a trace written to a sink as it runs is
// the same, line for line, as the trace kept and then written; and that
// MaxBytes caps the events' encoded size, stopping the search.
func TestTraceSlidingSink(t *testing.T) {
	goal := sliding.Standard(3, 3)
	b, err := sliding.New(3, 3, []int{8, 6, 7, 2, 5, 4, 3, 0, 1})
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		algo      sliding.Algorithm
		maxEvents int
		kinds     []string
	}{
		{sliding.AStar, 0, nil},
		{sliding.BFS, 500, nil},
		{sliding.IDAStar, 2000, []string{"expand", "goal"}},
	} {
		opt := trace.SlidingOptions{Algorithm: tt.algo, Heuristic: "manhattan", MaxEvents: tt.maxEvents, Kinds: tt.kinds}
		kept, err := trace.Sliding(context.Background(), b, goal, opt)
		if err != nil {
			t.Fatal(err)
		}
		var want, got bytes.Buffer
		if err := kept.WriteLines(&want); err != nil {
			t.Fatal(err)
		}
		opt.Sink = trace.LineSink(&got)
		if _, err := trace.Sliding(context.Background(), b, goal, opt); err != nil {
			t.Fatal(err)
		}
		// Elapsed times differ from run to run; blank them.
		clean := func(s string) string {
			var out []string
			for _, line := range strings.Split(s, "\n") {
				if i := strings.Index(line, `"elapsed_ns":`); i >= 0 {
					j := i + strings.IndexAny(line[i:], ",}")
					line = line[:i] + line[j:]
				}
				out = append(out, line)
			}
			return strings.Join(out, "\n")
		}
		if clean(got.String()) != clean(want.String()) {
			t.Errorf("%s: the streamed trace (%d bytes) differs from the kept one (%d bytes)", tt.algo, got.Len(), want.Len())
		}
	}

	// A 6x6 board's events are about 300 bytes: 64 KB holds some 200, far
	// fewer than BFS makes on a board 40 moves from the goal.
	goal6 := sliding.Standard(6, 6)
	b6 := sliding.Scramble(rand.New(rand.NewPCG(1, 2)), goal6, 40)
	var out bytes.Buffer
	const budget = 64 << 10
	opt := trace.SlidingOptions{Algorithm: sliding.BFS, MaxEvents: trace.MaxMaxEvents, MaxBytes: budget, Sink: trace.LineSink(&out)}
	if _, err := trace.Sliding(context.Background(), b6, goal6, opt); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	var end api.SlidingTraceEnd
	if err := json.Unmarshal([]byte(lines[len(lines)-1]), &end); err != nil {
		t.Fatal(err)
	}
	events := len(out.String()) - len(lines[0]) - len(lines[len(lines)-1]) - 2
	if !end.Truncated || events > budget || events < budget/2 || end.Events != len(lines)-2 || !strings.Contains(end.Error, "bytes") {
		t.Errorf("64 KB cap: %d bytes of events, end %+v", events, end)
	}
}

// TestTraceStrokeSink checks that a stroke trace written to a sink is the
// trace kept, line for line; that MaxBytes caps the steps' encoded size
// while the search runs on to its answer; and that MaxEvents caps their
// number.
func TestTraceStrokeSink(t *testing.T) {
	boards, err := stroke.ParseAll(strings.NewReader("6\nBGGBRB\nBRBBRG\nRRRRRG\nGRRRGR\nRRORRG\nBRRBGB\n"))
	if err != nil {
		t.Fatal(err)
	}
	b := boards[0]
	want, err := stroke.Solve(context.Background(), b, stroke.Options{})
	if err != nil {
		t.Fatal(err)
	}
	kept, err := trace.Stroke(context.Background(), stroke.NewSolver(), b, trace.StrokeOptions{})
	if err != nil {
		t.Fatal(err)
	}
	var whole, streamed bytes.Buffer
	if err := kept.WriteLines(&whole); err != nil {
		t.Fatal(err)
	}
	if _, err := trace.Stroke(context.Background(), stroke.NewSolver(), b, trace.StrokeOptions{Sink: trace.LineSink(&streamed)}); err != nil {
		t.Fatal(err)
	}
	if streamed.String() != whole.String() {
		t.Errorf("the streamed stroke trace (%d bytes) differs from the kept one (%d bytes)", streamed.Len(), whole.Len())
	}
	all := strings.Count(whole.String(), "\n") - 2
	for _, tc := range []struct {
		name      string
		maxEvents int
		maxBytes  int64
	}{
		{"bytes", trace.MaxMaxEvents, 2 << 10},
		{"events", 5, 0},
	} {
		var out bytes.Buffer
		opt := trace.StrokeOptions{MaxEvents: tc.maxEvents, MaxBytes: tc.maxBytes, Sink: trace.LineSink(&out)}
		if _, err := trace.Stroke(context.Background(), stroke.NewSolver(), b, opt); err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(strings.TrimSpace(out.String()), "\n")
		var end api.StrokeTraceEnd
		if err := json.Unmarshal([]byte(lines[len(lines)-1]), &end); err != nil {
			t.Fatal(err)
		}
		events := len(out.String()) - len(lines[0]) - len(lines[len(lines)-1]) - 2
		switch {
		case !end.Truncated || end.Events != len(lines)-2 || int64(end.Events)+end.Dropped != int64(all):
			t.Errorf("%s cap: end %+v with %d lines, want truncated, %d steps in all", tc.name, end, len(lines), all)
		case tc.maxBytes > 0 && (int64(events) > tc.maxBytes || int64(events) < tc.maxBytes/2):
			t.Errorf("%s cap: %d bytes of steps, want at most %d and most of it", tc.name, events, tc.maxBytes)
		case tc.maxBytes == 0 && end.Events != tc.maxEvents:
			t.Errorf("%s cap: %d steps kept, want %d", tc.name, end.Events, tc.maxEvents)
		case end.Colour != string(want.Colour) || end.Length != want.Length || !end.Optimal:
			t.Errorf("%s cap: answer %s %d (optimal %v), want %c %d", tc.name, end.Colour, end.Length, end.Optimal, want.Colour, want.Length)
		}
	}
}

// TestTraceSudokuSink checks that a Sudoku trace written to a sink is the
// trace kept, line for line; that MaxBytes caps the steps' encoded size
// while the solver runs on to its answer; that MaxEvents caps their
// number; and that the kept trace holds the same steps as Explain.
func TestTraceSudokuSink(t *testing.T) {
	g, err := sudoku.ParseLine("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......")
	if err != nil {
		t.Fatal(err)
	}
	ex, err := sudoku.Explain(context.Background(), g, trace.MaxMaxEvents)
	if err != nil {
		t.Fatal(err)
	}
	solution := strings.TrimSpace(string(sudoku.AppendFormat(nil, sudoku.FormatLine, ex.Solution)))
	kept, err := trace.Sudoku(context.Background(), g, trace.SudokuOptions{MaxEvents: trace.MaxMaxEvents})
	if err != nil {
		t.Fatal(err)
	}
	if len(kept.Events.([]api.SudokuEvent)) != len(ex.Steps) {
		t.Fatalf("kept %d steps, Explain took %d", len(kept.Events.([]api.SudokuEvent)), len(ex.Steps))
	}
	for i, ev := range kept.Events.([]api.SudokuEvent) {
		if ev.Kind != ex.Steps[i].Kind || ev.Reason != ex.Steps[i].Reason {
			t.Fatalf("step %d: %s %q, Explain says %s %q", i, ev.Kind, ev.Reason, ex.Steps[i].Kind, ex.Steps[i].Reason)
		}
	}
	var whole, streamed bytes.Buffer
	if err := kept.WriteLines(&whole); err != nil {
		t.Fatal(err)
	}
	opt := trace.SudokuOptions{MaxEvents: trace.MaxMaxEvents, Sink: trace.LineSink(&streamed)}
	if _, err := trace.Sudoku(context.Background(), g, opt); err != nil {
		t.Fatal(err)
	}
	if streamed.String() != whole.String() {
		t.Errorf("the streamed Sudoku trace (%d bytes) differs from the kept one (%d bytes)", streamed.Len(), whole.Len())
	}
	all := len(ex.Steps)
	for _, tc := range []struct {
		name      string
		maxEvents int
		maxBytes  int64
		sink      bool
	}{
		{"bytes, streamed", trace.MaxMaxEvents, 4 << 10, true},
		{"bytes, kept", trace.MaxMaxEvents, 4 << 10, false},
		{"events", 5, 0, true},
	} {
		var out bytes.Buffer
		opt := trace.SudokuOptions{MaxEvents: tc.maxEvents, MaxBytes: tc.maxBytes}
		if tc.sink {
			opt.Sink = trace.LineSink(&out)
		}
		tr, err := trace.Sudoku(context.Background(), g, opt)
		if err != nil {
			t.Fatal(err)
		}
		if !tc.sink {
			if err := tr.WriteLines(&out); err != nil {
				t.Fatal(err)
			}
		}
		lines := strings.Split(strings.TrimSpace(out.String()), "\n")
		var end api.SudokuTraceEnd
		if err := json.Unmarshal([]byte(lines[len(lines)-1]), &end); err != nil {
			t.Fatal(err)
		}
		events := len(out.String()) - len(lines[0]) - len(lines[len(lines)-1]) - 2
		switch {
		case !end.Truncated || end.Events != len(lines)-2 || end.Events+int(end.Dropped) != all:
			t.Errorf("%s cap: end %+v with %d lines, want truncated, %d steps in all", tc.name, end, len(lines), all)
		case tc.maxBytes > 0 && (int64(events) > tc.maxBytes || int64(events) < tc.maxBytes/2):
			t.Errorf("%s cap: %d bytes of steps, want at most %d and most of it", tc.name, events, tc.maxBytes)
		case tc.maxBytes == 0 && end.Events != tc.maxEvents:
			t.Errorf("%s cap: %d steps kept, want %d", tc.name, end.Events, tc.maxEvents)
		case !end.Solved || end.Solution != solution:
			t.Errorf("%s cap: solved %v %q, want %q", tc.name, end.Solved, end.Solution, solution)
		}
	}
}
