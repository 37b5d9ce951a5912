package web_test

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/searchlab/searchlab/api"
	"github.com/searchlab/searchlab/web"
)

// traceAnswer is the body of a trace endpoint, with the fields the tests
// read.
type traceAnswer struct {
	Start  map[string]any   `json:"start"`
	Events []map[string]any `json:"events"`
	End    map[string]any   `json:"end"`
}

// TestTraceSliding checks POST /api/trace/sliding against the untraced
// POST /api/sliding/solve: the same length and counts, one expand event
// per expansion, the goal last.
func TestTraceSliding(t *testing.T) {
	t.Parallel()
	s := web.New(web.Config{})
	for _, algo := range []string{"bfs", "astar", "idastar", "iddfs"} {
		body := `{"board":"4 1 2 5 0 3 7 8 6","algo":"` + algo + `","heuristic":"manhattan"}`
		var plain api.SlidingAnswer
		if code, _ := postJSON(t, s, "/api/sliding/solve", body, &plain); code != http.StatusOK {
			t.Fatalf("%s: solve status %d", algo, code)
		}
		var tr traceAnswer
		if code, _ := postJSON(t, s, "/api/trace/sliding", body, &tr); code != http.StatusOK {
			t.Fatalf("%s: trace status %d: %v", algo, code, tr)
		}
		stats := tr.End["stats"].(map[string]any)
		if tr.End["solved"] != true || tr.End["length"] != float64(plain.Length) || stats["expanded"] != float64(plain.Stats.Expanded) || stats["generated"] != float64(plain.Stats.Generated) {
			t.Errorf("%s: end %v; untraced length %d stats %+v", algo, tr.End, plain.Length, plain.Stats)
		}
		expands := 0
		for _, e := range tr.Events {
			if e["kind"] == "expand" {
				expands++
			}
		}
		if int64(expands) != plain.Stats.Expanded || tr.Events[len(tr.Events)-1]["kind"] != "goal" {
			t.Errorf("%s: %d expand events for %d expanded; last %v", algo, expands, plain.Stats.Expanded, tr.Events[len(tr.Events)-1])
		}
		if tr.Start["algorithm"] != algo {
			t.Errorf("%s: start %v", algo, tr.Start)
		}
	}
	// Only the kinds asked for.
	var tr traceAnswer
	if code, _ := postJSON(t, s, "/api/trace/sliding", `{"board":"4 1 2 5 0 3 7 8 6","algo":"bfs","kinds":["expand","goal"]}`, &tr); code != http.StatusOK {
		t.Fatalf("kinds: status %d", code)
	}
	for _, e := range tr.Events {
		if e["kind"] != "expand" && e["kind"] != "goal" {
			t.Fatalf("kinds expand, goal: got a %v event", e["kind"])
		}
	}
}

func TestTraceErrors(t *testing.T) {
	t.Parallel()
	s := web.New(web.Config{})
	checkErrors(t, s, []errorCase{
		{"/api/trace/sliding", `{"board":"4 1 2 5 0 3 7 8 6"}`, 400, "algo: missing"},
		{"/api/trace/sliding", `{"board":"4 1 2 5 0 3 7 8 6","algo":"auto"}`, 400, "cannot be traced"},
		{"/api/trace/sliding", `{"board":"4 1 2 5 0 3 7 8 6","algo":"astar","max_events":1000000}`, 400, "max_events"},
		{"/api/trace/sliding", `{"board":"4 1 2 5 0 3 7 8 6","algo":"astar","kinds":["boom"]}`, 400, "not an event kind"},
		{"/api/trace/sliding", `{"board":"2 1 3 4 5 6 7 8 0","algo":"astar"}`, 422, "unsolvable"},
		{"/api/trace/stroke", `{"board":"3\nRGB\nRRG\nGGB\n"}`, 400, "board:"},
		{"/api/trace/sudoku", `{"puzzle":"11"}`, 400, "puzzle:"},
		{"/api/trace/sudoku", `{"puzzle":"44.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4....."}`, 422, "conflicting"},
	})
}

func TestTraceStrokeAndSudoku(t *testing.T) {
	t.Parallel()
	s := web.New(web.Config{})
	var st traceAnswer
	if code, _ := postJSON(t, s, "/api/trace/stroke", `{"board":"3\nRGB\nROG\nGGB\n"}`, &st); code != http.StatusOK {
		t.Fatalf("stroke: status %d", code)
	}
	if st.End["colour"] != "G" || st.End["length"] != 4.0 || len(st.Events) == 0 {
		t.Errorf("stroke: end %v, %d events", st.End, len(st.Events))
	}
	var su traceAnswer
	if code, _ := postJSON(t, s, "/api/trace/sudoku", `{"puzzle":"`+browserSudoku+`","max_events":10}`, &su); code != http.StatusOK {
		t.Fatalf("sudoku: status %d", code)
	}
	if su.End["solved"] != true || su.End["truncated"] != true || len(su.Events) != 10 {
		t.Errorf("sudoku with 10 events: end %v, %d events", su.End, len(su.Events))
	}
	if err := validSudoku(browserSudoku, su.End["solution"].(string)); err != nil {
		t.Error(err)
	}
}

// hardSudoku25 is a 25x25 puzzle of random givens on which the explaining
// solver guesses and backtracks for minutes, some 8,000 steps a second.
const hardSudoku25 = ".3.O.N2....C..G............8...5.K.I..H.L.E...........H........F..5.B.....6.P....G.B.O...J.....54..K..C.5....38..M1......OP.21.......A....J..7.8K..D.49..FI.....5..K6....2.....K..GO.........L..9J....B....BM.I.2..........6CE....H.8.5..G.N..CO...L..F.........K.F...........M9.E.IB2...M..G...O.4P.5J6H.D.O..3K2H.P........7..................KE..I6...BL2A........C......F..2.........9...C.1...D..7..EMG3.6.B...1.........P..A..J.LM.N.E..9.6.O4...H...G..1.87.CG7D....8...5..H..4F....4.L5..A..P.8...D.1.........HK8.OF.D.......LA......M..L6.34..BE.......7.8....7.43.....L.1A.M..................N....5...4F.........B..1..........2.N5..."

// TestTraceSudokuStreamed checks that a Sudoku trace that runs into the
// server's time limit is still a whole JSON answer: the steps written as
// the solver took them (within the trace caps of events and bytes; none
// on a machine too busy to take one in time), and an end record that says
// why there is no solution.
func TestTraceSudokuStreamed(t *testing.T) {
	t.Parallel()
	s := web.New(web.Config{SolveTimeout: time.Second})
	var su traceAnswer
	if code, _ := postJSON(t, s, "/api/trace/sudoku", `{"puzzle":"`+hardSudoku25+`","max_events":100000}`, &su); code != http.StatusOK {
		t.Fatalf("status %d", code)
	}
	errText, _ := su.End["error"].(string)
	if su.End["solved"] != false || !strings.Contains(errText, "limit reached") || su.End["events"] != float64(len(su.Events)) {
		t.Errorf("a Sudoku trace stopped by the time limit: end %v, %d events", su.End, len(su.Events))
	}
}
