package trace_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/searchlab/searchlab/api"
	"github.com/searchlab/searchlab/search"
	"github.com/searchlab/searchlab/sliding"
	"github.com/searchlab/searchlab/sliding/solve"
	"github.com/searchlab/searchlab/stroke"
	"github.com/searchlab/searchlab/sudoku"
	"github.com/searchlab/searchlab/trace"
)

// TestTraceSliding checks a traced A* against the untraced solve (same
// length, same counts), the JSON lines' shape, and the cap.
func TestTraceSliding(t *testing.T) {
	t.Parallel()
	goal := sliding.Standard(3, 3)
	b, err := sliding.New(3, 3, []int{8, 6, 7, 2, 5, 4, 3, 0, 1})
	if err != nil {
		t.Fatal(err)
	}
	plain, err := sliding.Search(context.Background(), b, goal, sliding.Options{Algorithm: sliding.AStar, Heuristic: sliding.Manhattan(goal)})
	if err != nil {
		t.Fatal(err)
	}
	tr, err := trace.Sliding(context.Background(), b, goal, trace.SlidingOptions{Algorithm: sliding.AStar, Heuristic: "manhattan", MaxEvents: trace.MaxMaxEvents})
	if err != nil {
		t.Fatal(err)
	}
	end := tr.End.(*api.SlidingTraceEnd)
	evs := tr.Events.([]api.SlidingEvent)
	if !end.Solved || end.Length != plain.Len() || end.Stats.Expanded != plain.Stats.Expanded || end.Stats.Generated != plain.Stats.Generated || end.Truncated {
		t.Fatalf("end %+v; untraced length %d stats %+v", end, plain.Len(), plain.Stats)
	}
	if last := evs[len(evs)-1]; last.Kind != "goal" || last.G != plain.Len() || last.Expanded != plain.Stats.Expanded {
		t.Errorf("last event %+v", last)
	}
	var buf bytes.Buffer
	if err := tr.WriteLines(&buf); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(buf.String()), "\n")
	if len(lines) != len(evs)+2 {
		t.Fatalf("%d lines for %d events", len(lines), len(evs))
	}
	for i, l := range lines {
		var rec map[string]any
		if err := json.Unmarshal([]byte(l), &rec); err != nil {
			t.Fatalf("line %d: %v", i+1, err)
		}
		want := "event"
		switch i {
		case 0:
			want = "start"
		case len(lines) - 1:
			want = "end"
		}
		if rec["type"] != want {
			t.Fatalf("line %d has type %v, want %s", i+1, rec["type"], want)
		}
	}

	capped, err := trace.Sliding(context.Background(), b, goal, trace.SlidingOptions{Algorithm: sliding.BFS, MaxEvents: 100})
	if err != nil {
		t.Fatal(err)
	}
	if e := capped.End.(*api.SlidingTraceEnd); !e.Truncated || e.Solved || e.Events != 100 || e.Error == "" {
		t.Errorf("capped BFS: end %+v", e)
	}
	if _, err := trace.Sliding(context.Background(), b, goal, trace.SlidingOptions{Algorithm: sliding.Auto}); !errors.Is(err, solve.ErrInput) {
		t.Errorf("auto: %v, want ErrInput", err)
	}
	if _, err := trace.Sliding(context.Background(), b, goal, trace.SlidingOptions{Algorithm: sliding.AStar, Heuristic: "nope"}); !errors.Is(err, solve.ErrInput) {
		t.Errorf("unknown heuristic: %v, want ErrInput", err)
	}
	if _, err := trace.Sliding(context.Background(), b, goal, trace.SlidingOptions{Algorithm: sliding.AStar, MaxEvents: -1}); !errors.Is(err, solve.ErrInput) {
		t.Errorf("max events -1: %v, want ErrInput", err)
	}
	odd, _ := sliding.New(3, 3, []int{2, 1, 3, 4, 5, 6, 7, 8, 0})
	if _, err := trace.Sliding(context.Background(), odd, goal, trace.SlidingOptions{Algorithm: sliding.AStar}); !errors.Is(err, sliding.ErrUnsolvable) {
		t.Errorf("unsolvable: %v", err)
	}
	// A node cap is said in the end record, not an error.
	lim, err := trace.Sliding(context.Background(), b, goal, trace.SlidingOptions{Algorithm: sliding.BFS, Limits: search.Limits{MaxNodes: 10}})
	if e := lim.End.(*api.SlidingTraceEnd); err != nil || e.Solved || !strings.Contains(e.Error, "node cap") {
		t.Errorf("node cap: %v, end %+v", err, e)
	}
}

func TestTraceStrokeAndSudoku(t *testing.T) {
	t.Parallel()
	boards, err := stroke.ParseAll(strings.NewReader("6\nBGGBRB\nBRBBRG\nRRRRRG\nGRRRGR\nRRORRG\nBRRBGB\n"))
	if err != nil {
		t.Fatal(err)
	}
	want, err := stroke.Solve(context.Background(), boards[0], stroke.Options{})
	if err != nil {
		t.Fatal(err)
	}
	tr, err := trace.Stroke(context.Background(), stroke.NewSolver(), boards[0], trace.StrokeOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if e := tr.End.(*api.StrokeTraceEnd); e.Colour != string(want.Colour) || e.Length != want.Length || !e.Optimal || len(tr.Events.([]api.StrokeEvent)) == 0 {
		t.Errorf("stroke end %+v, want %c %d", e, want.Colour, want.Length)
	}
	// A region too large for the solver is the input's fault.
	big := "15\n" + strings.Repeat(strings.Repeat("G", 15)+"\n", 15)
	big = strings.Replace(big, "G", "O", 1)
	large, err := stroke.ParseAll(strings.NewReader(big))
	if err != nil {
		t.Fatal(err)
	}
	var refused bytes.Buffer
	if _, err := trace.Stroke(context.Background(), stroke.NewSolver(), large[0], trace.StrokeOptions{Sink: trace.LineSink(&refused)}); !errors.Is(err, stroke.ErrTooLarge) || !errors.Is(err, solve.ErrInput) {
		t.Errorf("a region of 224 cells: %v, want stroke.ErrTooLarge and solve.ErrInput", err)
	}
	if refused.Len() != 0 {
		t.Errorf("a refused board wrote %q to the sink, want nothing", refused.String())
	}

	g, err := sudoku.ParseLine("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......")
	if err != nil {
		t.Fatal(err)
	}
	ref, err := sudoku.Solve(context.Background(), g, sudoku.Options{})
	if err != nil {
		t.Fatal(err)
	}
	st, err := trace.Sudoku(context.Background(), g, trace.SudokuOptions{})
	if err != nil {
		t.Fatal(err)
	}
	e := st.End.(*api.SudokuTraceEnd)
	if !e.Solved || e.Solution != strings.TrimSpace(string(sudoku.AppendFormat(nil, sudoku.FormatLine, ref.Solution))) {
		t.Errorf("sudoku end %+v", e)
	}
	var buf bytes.Buffer
	if err := st.WriteLines(&buf); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(buf.String(), `"kind":"naked-single"`) || !strings.Contains(buf.String(), `"reason":`) {
		t.Errorf("sudoku trace lines lack kinds or reasons: %.300s", buf.String())
	}
}
