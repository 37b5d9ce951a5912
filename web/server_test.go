package web_test

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/searchlab/searchlab/api"
	"github.com/searchlab/searchlab/sliding"
	"github.com/searchlab/searchlab/stroke"
	"github.com/searchlab/searchlab/sudoku"
	"github.com/searchlab/searchlab/web"
)

// postJSON sends body to path and returns the status, the headers and the
// decoded JSON answer.
func postJSON(t *testing.T, h http.Handler, path, body string, v any) (int, http.Header) {
	t.Helper()
	rec := httptest.NewRecorder()
	req := httptest.NewRequest(http.MethodPost, path, strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	h.ServeHTTP(rec, req)
	if ct := rec.Header().Get("Content-Type"); ct != "application/json" {
		t.Errorf("%s: Content-Type %q", path, ct)
	}
	if err := json.Unmarshal(rec.Body.Bytes(), v); err != nil {
		t.Fatalf("%s %s: answer %q is not JSON: %v", path, body, rec.Body, err)
	}
	return rec.Code, rec.Header()
}

// TestSlidingSolve checks answers against the distance table, an
// independent breadth-first search, on several goals and algorithms.
func TestSlidingSolve(t *testing.T) {
	t.Parallel()
	s := web.New(web.Config{})
	spiral := "1 2 3 8 0 4 7 6 5"
	tests := []struct {
		body, board, goal string
	}{
		{`{"board":"8 6 7 2 5 4 3 0 1"}`, "8 6 7 2 5 4 3 0 1", ""},
		{`{"board":"2 8 3 1 6 4 7 0 5","goal":"` + spiral + `"}`, "2 8 3 1 6 4 7 0 5", spiral},
		{`{"board":"1 2 3 4 5 6 0 7 8","algo":"bfs"}`, "1 2 3 4 5 6 0 7 8", ""},
		{`{"board":"4 1 2 5 0 3 7 8 6","algo":"astar","heuristic":"misplaced"}`, "4 1 2 5 0 3 7 8 6", ""},
		{`{"board":"4 1 2 5 0 3 7 8 6","algo":"idastar","heuristic":"manhattan"}`, "4 1 2 5 0 3 7 8 6", ""},
		{`{"board":"1 2 3\n4 0 6\n7 5 8","format":"grid"}`, "1 2 3 4 0 6 7 5 8", ""},
	}
	for _, tt := range tests {
		var a api.SlidingAnswer
		code, _ := postJSON(t, s, "/api/sliding/solve", tt.body, &a)
		if code != http.StatusOK {
			t.Errorf("%s: status %d", tt.body, code)
			continue
		}
		b, err := sliding.ParseGoal(tt.board, 3, 3)
		if err != nil {
			t.Fatal(err)
		}
		goal := sliding.Standard(3, 3)
		if tt.goal != "" {
			goal, _ = sliding.ParseGoal(tt.goal, 3, 3)
		}
		want := sliding.TableFor(goal).Distance(b)
		moves, err := sliding.ParseMoves(a.Moves)
		if err != nil {
			t.Fatalf("%s: moves %q: %v", tt.body, a.Moves, err)
		}
		if a.Length != want || len(moves) != want || !a.Optimal || !a.Solvable || sliding.Verify(b, goal, moves) != nil {
			t.Errorf("%s: got %+v, want an optimal path of %d moves that reaches the goal", tt.body, a, want)
		}
	}
}

// TestSlidingErrors checks the status and message of each kind of bad
// request.
func TestSlidingErrors(t *testing.T) {
	t.Parallel()
	s := web.New(web.Config{MaxNodes: 1000})
	checkErrors(t, s, []errorCase{
		{"/api/sliding/solve", `{"board":"2 1 3 4 5 6 7 8 0"}`, 422, "unsolvable"},
		{"/api/sliding/solve", `{"board":"1 2 3"}`, 400, "square"},
		{"/api/sliding/solve", `{"board":"1 1 3 4 5 6 7 8 0"}`, 400, "board"},
		{"/api/sliding/solve", `{"board":""}`, 400, "missing"},
		{"/api/sliding/solve", `{"board":"1 2 3 4 5 6 7 8 0","goal":"1 2"}`, 400, "goal"},
		{"/api/sliding/solve", `{"board":"1 2 3 4 5 6 7 8 0","algo":"magic"}`, 400, "algo"},
		{"/api/sliding/solve", `{"board":"1 2 3 4 5 6 7 8 0","heuristic":"magic","algo":"astar"}`, 400, "magic"},
		{"/api/sliding/solve", `{"board":"1 2 3 4 5 6 7 8 0","timeout":"soon"}`, 400, "timeout"},
		{"/api/sliding/solve", `{"board":"1 2 3 4 5 6 7 8 0","max_nodes":-1}`, 400, "max_nodes"},
		{"/api/sliding/solve", `{"board":"1 2 3 4 5 6 7 8 0","size":"9"}`, 400, "size"},
		{"/api/sliding/solve", `{"board":"1 2 3 4 5 6 7 8 0","bord":1}`, 400, "unknown field"},
		{"/api/sliding/solve", `{"board":"1 2 3 4 5 6 7 8 0"} {}`, 400, "more than one"},
		{"/api/sliding/solve", `not json`, 400, "JSON"},
		// 4x4, 30+ moves: BFS cannot finish in 1000 expansions.
		{"/api/sliding/solve", `{"board":"0 12 9 13 15 11 10 14 3 7 2 5 4 8 6 1","algo":"bfs"}`, 504, "node cap"},
		{"/api/sliding/solve", `{"board":"1 2 3 4 5 6 0 7 8","algo":"dfs","max_depth":1}`, 422, "depth"},
		{"/api/nothing", `{}`, 404, "/api/nothing"},
	})
}

// TestLimitAdvice checks that a limit suggests algo auto only to a
// request that named another algorithm.
func TestLimitAdvice(t *testing.T) {
	t.Parallel()
	s := web.New(web.Config{MaxNodes: 100})
	const board = `"board":"0 12 9 13 15 11 10 14 3 7 2 5 4 8 6 1"`
	for _, tc := range []struct {
		body   string
		advice bool
	}{
		{`{` + board + `,"algo":"astar"}`, true},
		{`{` + board + `}`, false},
		{`{` + board + `,"algo":"auto"}`, false},
	} {
		var e api.Error
		code, _ := postJSON(t, s, "/api/sliding/solve", tc.body, &e)
		if code != http.StatusGatewayTimeout || strings.Contains(e.Error, "algo auto") != tc.advice {
			t.Errorf("%s: %d %q, want 504 with advice %v", tc.body, code, e.Error, tc.advice)
		}
	}
}

// errorCase is a bad request with the status it must get and a part of its
// error message.
type errorCase struct {
	path, body string
	status     int
	says       string
}

// checkErrors posts each case to h and checks the status and message.
func checkErrors(t *testing.T, h http.Handler, tests []errorCase) {
	t.Helper()
	for _, tt := range tests {
		var e api.Error
		code, _ := postJSON(t, h, tt.path, tt.body, &e)
		if code != tt.status || !strings.Contains(e.Error, tt.says) {
			t.Errorf("%s %s: %d %q, want %d and a message with %q", tt.path, tt.body, code, e.Error, tt.status, tt.says)
		}
	}
}

// TestCompare checks that every optimal row agrees with the table.
func TestCompare(t *testing.T) {
	t.Parallel()
	s := web.New(web.Config{})
	var a api.CompareAnswer
	code, _ := postJSON(t, s, "/api/sliding/compare", `{"board":"4 1 2 5 0 3 7 8 6","max_nodes":20000}`, &a)
	if code != http.StatusOK || !a.Solvable {
		t.Fatalf("status %d, %+v", code, a)
	}
	b, _ := sliding.ParseGoal("4 1 2 5 0 3 7 8 6", 3, 3)
	want := sliding.TableFor(sliding.Standard(3, 3)).Distance(b)
	ok := 0
	for _, r := range a.Rows {
		if r.Status == "ok" {
			ok++
			if r.Length < want || (r.Optimal && r.Length != want) {
				t.Errorf("%s/%s: length %d (optimal %v), the table says %d", r.Algorithm, r.Heuristic, r.Length, r.Optimal, want)
			}
		}
	}
	if len(a.Rows) < 13 || ok < 10 {
		t.Errorf("%d rows, %d ok", len(a.Rows), ok)
	}
	var e api.Error
	if code, _ := postJSON(t, s, "/api/sliding/compare", `{"board":"2 1 3 4 5 6 7 8 0"}`, &a); code != 200 || a.Solvable || len(a.Rows) != 0 {
		t.Errorf("unsolvable board: %d %+v", code, a)
	}
	if code, _ := postJSON(t, s, "/api/sliding/compare", `{"board":"x"}`, &e); code != 400 {
		t.Errorf("bad board: %d", code)
	}
}

// TestSudoku checks solve, count and generate, with every solution
// checked against its puzzle.
func TestSudoku(t *testing.T) {
	t.Parallel()
	s := web.New(web.Config{})
	const puzzle = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
	tests := []struct {
		body      string
		puzzle    string
		solutions int
		unique    bool
	}{
		{`{"puzzle":"` + puzzle + `"}`, puzzle, 1, true},
		{`{"puzzle":"` + puzzle + `","limit":1}`, puzzle, 1, false},
		{`{"puzzle":"` + puzzle + `","first":true}`, puzzle, 1, true},
		// Three givens less: more than one solution.
		{`{"puzzle":"...` + puzzle[3:] + `","limit":10,"first":true}`, "..." + puzzle[3:], -1, false},
		{`{"puzzle":"1 0 0 0\n0 0 2 0\n0 0 0 0\n0 0 0 0","format":"grid"}`, "1.....2.........", 2, false},
	}
	for _, tt := range tests {
		var a api.SudokuAnswer
		code, _ := postJSON(t, s, "/api/sudoku/solve", tt.body, &a)
		p, err := sudoku.ParseLine(tt.puzzle)
		if err != nil {
			t.Fatal(err)
		}
		if tt.solutions < 0 { // count with the textbook backtracker
			ref, err := sudoku.Backtrack(context.Background(), p, sudoku.Options{Limit: 10})
			if err != nil || ref.Count < 2 {
				t.Fatalf("%s: reference count %d (%v)", tt.body, ref.Count, err)
			}
			tt.solutions = ref.Count
		}
		sol, err := sudoku.ParseLine(a.Solution)
		if code != 200 || err != nil || !sol.Solves(p) || a.Solutions != tt.solutions || a.Unique != tt.unique {
			t.Errorf("%s: %d %+v, want %d solutions, unique %v, and a solution", tt.body, code, a, tt.solutions, tt.unique)
		}
	}
	errs := []struct {
		body   string
		status int
		says   string
	}{
		{`{"puzzle":"55` + puzzle[2:] + `"}`, 422, "5"},
		{`{"puzzle":"12"}`, 400, "puzzle"},
		{`{"puzzle":""}`, 400, "missing"},
		{`{"puzzle":"` + puzzle + `","limit":-1}`, 400, "limit"},
		{`{"puzzle":"` + puzzle + `","format":"xml"}`, 400, "format"},
		// An empty grid needs guesses; one is not enough.
		{`{"puzzle":"` + strings.Repeat(".", 81) + `","max_guesses":1}`, 504, "max_guesses"},
		// Givens that break no rule and still admit no solution.
		{`{"puzzle":"12345678.........9` + strings.Repeat(".", 63) + `"}`, 422, "no solution"},
	}
	for _, tt := range errs {
		var e api.Error
		code, _ := postJSON(t, s, "/api/sudoku/solve", tt.body, &e)
		if code != tt.status || !strings.Contains(e.Error, tt.says) {
			t.Errorf("%s: %d %q, want %d with %q", tt.body, code, e.Error, tt.status, tt.says)
		}
	}
	for _, box := range []int{2, 3} {
		var g api.SudokuPuzzle
		body := `{"seed":42,"box":` + string(rune('0'+box)) + `}`
		if code, _ := postJSON(t, s, "/api/sudoku/generate", body, &g); code != 200 {
			t.Fatalf("%s: %d", body, code)
		}
		p, err1 := sudoku.ParseLine(g.Puzzle)
		sol, err2 := sudoku.ParseLine(g.Solution)
		if err1 != nil || err2 != nil || !sol.Solves(p) || p.Givens() != g.Clues || g.Seed != 42 {
			t.Fatalf("%s: %+v (%v, %v)", body, g, err1, err2)
		}
		res, err := sudoku.Solve(context.Background(), p, sudoku.Options{Limit: 2})
		if err != nil || res.Count != 1 {
			t.Errorf("%s: generated puzzle has %d solutions (%v)", body, res.Count, err)
		}
	}
	var e api.Error
	if code, _ := postJSON(t, s, "/api/sudoku/generate", `{"box":7}`, &e); code != 400 {
		t.Errorf("box 7: %d %q", code, e.Error)
	}
}

// TestStroke checks that the answer's chain is legal and as long as
// stroke.Solve says, with the colours' bests.
func TestStroke(t *testing.T) {
	t.Parallel()
	s := web.New(web.Config{})
	const board = "5\nRRGGB\nROGBB\nRRGGB\nBBBBG\nGGRRG\n"
	var a api.StrokeAnswer
	body, _ := json.Marshal(map[string]any{"board": board, "path": true, "all": true})
	if code, _ := postJSON(t, s, "/api/stroke/solve", string(body), &a); code != 200 {
		t.Fatalf("status %d", code)
	}
	bs, err := stroke.ParseAll(strings.NewReader(board))
	if err != nil {
		t.Fatal(err)
	}
	b := bs[0]
	want, err := stroke.Solve(context.Background(), b, stroke.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if a.Length != want.Length || a.Colour != string(want.Colour) || !a.Optimal || len(a.Path) != a.Length {
		t.Fatalf("got %+v, want %v", a, want)
	}
	if err := legalChain(b.Rows, b.Cols, func(r, c int) byte { return b.At(r, c) }, a.Colour, a.Path); err != nil {
		t.Fatal(err)
	}
	for _, c := range "RGB" {
		if _, ok := a.Colours[string(c)]; !ok {
			t.Errorf("colours lack %c: %v", c, a.Colours)
		}
	}
	var e api.Error
	for _, bad := range []string{`{"board":"3\nRRR\nRRR\nRRR\n"}`, `{"board":"2\nOR\n"}`, `{"board":"x"}`} {
		if code, _ := postJSON(t, s, "/api/stroke/solve", bad, &e); code != 400 || e.Error == "" {
			t.Errorf("%s: %d %q", bad, code, e.Error)
		}
	}
}

// TestHTTPHygiene checks methods, the body cap, the busy answer and health.
func TestHTTPHygiene(t *testing.T) {
	t.Parallel()
	s := web.New(web.Config{MaxBody: 100, MaxConcurrent: 1})
	rec := httptest.NewRecorder()
	s.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/api/sliding/solve", nil))
	if rec.Code != 405 || rec.Header().Get("Allow") != "POST" {
		t.Errorf("GET on a POST endpoint: %d, Allow %q", rec.Code, rec.Header().Get("Allow"))
	}
	var e api.Error
	if code, _ := postJSON(t, s, "/api/sliding/solve", `{"board":"`+strings.Repeat(" ", 200)+`"}`, &e); code != 413 {
		t.Errorf("large body: %d %q", code, e.Error)
	}
	var h web.Health
	rec = httptest.NewRecorder()
	s.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/api/health", nil))
	if err := json.Unmarshal(rec.Body.Bytes(), &h); err != nil || rec.Code != 200 || !h.OK || h.MaxConcurrent != 1 {
		t.Errorf("health: %d %s", rec.Code, rec.Body)
	}
	for _, path := range []string{"/", "/static/app.js", "/static/style.css"} {
		rec = httptest.NewRecorder()
		s.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, path, nil))
		if rec.Code != 200 || rec.Body.Len() == 0 {
			t.Errorf("GET %s: %d, %d bytes", path, rec.Code, rec.Body.Len())
		}
	}
}

// TestHTTPServer checks that the connection limits leave a compare, which
// may take twice the solve time, room to be written, and bound the rest.
func TestHTTPServer(t *testing.T) {
	for _, timeout := range []time.Duration{0, time.Second, time.Minute} {
		s := web.New(web.Config{SolveTimeout: timeout})
		srv := s.HTTPServer()
		if srv.Handler != s {
			t.Errorf("SolveTimeout %v: the http.Server does not serve the Server", timeout)
		}
		if solve := s.Config().SolveTimeout; srv.WriteTimeout <= 2*solve {
			t.Errorf("SolveTimeout %v: WriteTimeout %v leaves a compare no room", solve, srv.WriteTimeout)
		}
		if srv.ReadHeaderTimeout <= 0 || srv.ReadTimeout <= 0 || srv.IdleTimeout <= 0 {
			t.Errorf("SolveTimeout %v: an unbounded read or idle wait: %+v", timeout, srv)
		}
	}
}
