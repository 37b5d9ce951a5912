package web_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"runtime"
	"runtime/pprof"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/searchlab/searchlab/internal/stroketest"
	"github.com/searchlab/searchlab/sliding"
	"github.com/searchlab/searchlab/stroke"
	"github.com/searchlab/searchlab/web"
)

// The load tests run the real server on loopback and check it under a burst
// of concurrent solves: every request gets an answer, and the answer is
// either right or a 503 that says when to retry; nothing else.

// loadCase is one request of the load test and the check of its answer.
type loadCase struct {
	name  string
	path  string
	body  any
	check func(body []byte) error
}

// loadResult is what one request of the burst got back.
type loadResult struct {
	c          *loadCase
	status     int
	retryAfter string
	ctype      string
	body       []byte
	err        error
}

// healthAnswer is the body of GET /api/health.
type healthAnswer struct {
	OK            bool `json:"ok"`
	Solving       int  `json:"solving"`
	MaxConcurrent int  `json:"max_concurrent"`
}

// TestLoadConcurrentSolves sends 200 solve requests at once (sliding 3x3
// and 4x4 boards with known optimal lengths, Sudoku puzzles, one-stroke
// boards) to a server that solves at most 4 at a time. Every request must
// be answered: 200 with a correct answer or 503 with Retry-After. The server
// must be healthy and idle afterwards and leave no goroutines behind.
func TestLoadConcurrentSolves(t *testing.T) {
	const requests = 200
	const maxConcurrent = 4
	cases := loadCases(t)

	before := runtime.NumGoroutine()
	srv := httptest.NewServer(web.New(web.Config{MaxConcurrent: maxConcurrent}))
	tr := &http.Transport{MaxIdleConnsPerHost: requests}
	client := &http.Client{Transport: tr}

	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	order := rand.New(rand.NewPCG(6, 200)).Perm(requests)
	results := make([]loadResult, requests)
	start := make(chan struct{})
	var wg sync.WaitGroup
	for i := range requests {
		c := &cases[order[i]%len(cases)]
		wg.Go(func() {
			<-start
			results[i] = post(ctx, client, srv.URL+c.path, c.body)
			results[i].c = c
		})
	}
	began := time.Now()
	close(start)
	wg.Wait()
	elapsed := time.Since(began)

	counts := map[int]int{}
	answered := map[string]int{} // 200s by endpoint
	lost := 0
	for _, r := range results {
		if r.err != nil {
			lost++
			t.Errorf("%s: no answer: %v", r.c.name, r.err)
			continue
		}
		counts[r.status]++
		switch r.status {
		case http.StatusOK:
			if !strings.HasPrefix(r.ctype, "application/json") {
				t.Errorf("%s: 200 with Content-Type %q, want application/json", r.c.name, r.ctype)
			}
			answered[r.c.path]++
			if err := r.c.check(r.body); err != nil {
				t.Errorf("%s: wrong answer: %v\nbody: %s", r.c.name, err, clip(r.body))
			}
		case http.StatusServiceUnavailable:
			if r.retryAfter == "" {
				t.Errorf("%s: 503 without a Retry-After header", r.c.name)
			}
			if msg, err := errorMessage(r.body); err != nil || msg == "" {
				t.Errorf("%s: 503 body is not {\"error\": message}: %v: %s", r.c.name, err, clip(r.body))
			}
		default:
			t.Errorf("%s: status %d, want 200 or 503: %s", r.c.name, r.status, clip(r.body))
		}
	}
	if got := counts[http.StatusOK] + counts[http.StatusServiceUnavailable] + lost; got != requests {
		t.Errorf("%d of %d requests accounted for", got, requests)
	}
	if counts[http.StatusOK] == 0 {
		t.Errorf("no request was answered with 200")
	}
	t.Logf("%d requests in %v: %d answered 200 %v, %d answered 503, %d lost",
		requests, elapsed.Round(time.Millisecond), counts[http.StatusOK], answered, counts[http.StatusServiceUnavailable], lost)

	h := waitIdle(t, client, srv.URL, 5*time.Second)
	if !h.OK || h.MaxConcurrent != maxConcurrent {
		t.Errorf("health after the burst = %+v, want ok and max_concurrent %d", h, maxConcurrent)
	}

	tr.CloseIdleConnections()
	srv.Close()
	checkGoroutines(t, before)
}

// TestLoadClientGoneCancelsSolve starts a solve that would run for minutes
// on a server that solves one board at a time, checks that a second request
// meanwhile gets 503 with Retry-After, then lets the first client go away:
// the server must stop the solve at once (solving back to 0) and answer
// the next request.
func TestLoadClientGoneCancelsSolve(t *testing.T) {
	before := runtime.NumGoroutine()
	srv := httptest.NewServer(web.New(web.Config{
		MaxConcurrent: 1,
		SolveTimeout:  30 * time.Second,
		MaxNodes:      1 << 40,
	}))
	tr := &http.Transport{}
	client := &http.Client{Transport: tr}

	// Korf's instance 1 (57 moves) by IDA* with the misplaced-tiles count:
	// far more work than the test waits for.
	heavy := map[string]any{
		"board": "14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3", "goal": "0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15",
		"algo": "idastar", "heuristic": "misplaced", "timeout": "30s",
	}
	reqCtx, cancelReq := context.WithCancel(context.Background())
	defer cancelReq()
	heavyDone := make(chan loadResult, 1)
	go func() { heavyDone <- post(reqCtx, client, srv.URL+"/api/sliding/solve", heavy) }()

	if h, ok := waitHealth(client, srv.URL, 10*time.Second, func(h healthAnswer) bool { return h.Solving == 1 }); !ok {
		select {
		case r := <-heavyDone:
			t.Fatalf("the heavy solve ended before the test cancelled it: status %d %v: %s", r.status, r.err, clip(r.body))
		default:
		}
		t.Fatalf("health never showed the heavy solve running: last %+v", h)
	}

	// A search (A*) is refused while the slot is busy; a table look-up
	// has its own lane and is answered.
	quick := map[string]any{"board": "8 6 7 2 5 4 3 0 1"}
	astar := map[string]any{"board": "8 6 7 2 5 4 3 0 1", "algo": "astar"}
	busyCtx, cancelBusy := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancelBusy()
	r := post(busyCtx, client, srv.URL+"/api/sliding/solve", astar)
	if r.err != nil || r.status != http.StatusServiceUnavailable || r.retryAfter == "" {
		t.Errorf("search while the only slot is busy: status %d, Retry-After %q, err %v, want 503 with Retry-After: %s",
			r.status, r.retryAfter, r.err, clip(r.body))
	}
	if r := post(busyCtx, client, srv.URL+"/api/sliding/solve", quick); r.status != http.StatusOK {
		t.Errorf("table look-up while the only slot is busy: status %d, want 200: %s", r.status, clip(r.body))
	}

	cancelReq()
	stopped := time.Now()
	select {
	case r := <-heavyDone:
		if !errors.Is(r.err, context.Canceled) {
			t.Errorf("heavy request after cancel: status %d, err %v, want context.Canceled", r.status, r.err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("the heavy request did not return after its context was cancelled")
	}
	if h, ok := waitHealth(client, srv.URL, 3*time.Second, func(h healthAnswer) bool { return h.Solving == 0 }); !ok {
		t.Fatalf("solve not cancelled: 3s after the client went away health says %+v", h)
	}
	t.Logf("solve stopped %v after the client went away", time.Since(stopped).Round(time.Millisecond))

	r = post(busyCtx, client, srv.URL+"/api/sliding/solve", quick)
	goal, b := sliding.Standard(3, 3), mustBoard(t, 3, 3, quick["board"].(string))
	if r.err != nil || r.status != http.StatusOK {
		t.Errorf("solve after the cancelled one: status %d, err %v: %s", r.status, r.err, clip(r.body))
	} else if err := checkSliding(r.body, goal, b, sliding.TableFor(goal).Distance(b)); err != nil {
		t.Errorf("solve after the cancelled one: %v", err)
	}

	tr.CloseIdleConnections()
	srv.Close()
	checkGoroutines(t, before)
}

// post sends body as JSON and reads the whole answer.
func post(ctx context.Context, client *http.Client, url string, body any) loadResult {
	data, err := json.Marshal(body)
	if err != nil {
		return loadResult{err: err}
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, bytes.NewReader(data))
	if err != nil {
		return loadResult{err: err}
	}
	req.Header.Set("Content-Type", "application/json")
	resp, err := client.Do(req)
	if err != nil {
		return loadResult{err: err}
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	return loadResult{
		status:     resp.StatusCode,
		retryAfter: resp.Header.Get("Retry-After"),
		ctype:      resp.Header.Get("Content-Type"),
		body:       b,
		err:        err,
	}
}

// getHealth asks GET /api/health.
func getHealth(client *http.Client, base string) (healthAnswer, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, base+"/api/health", nil)
	if err != nil {
		return healthAnswer{}, err
	}
	resp, err := client.Do(req)
	if err != nil {
		return healthAnswer{}, err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return healthAnswer{}, fmt.Errorf("GET /api/health: status %d", resp.StatusCode)
	}
	var h healthAnswer
	err = json.NewDecoder(resp.Body).Decode(&h)
	return h, err
}

// waitHealth polls /api/health until ok(h) or the deadline passes.
func waitHealth(client *http.Client, base string, within time.Duration, ok func(healthAnswer) bool) (healthAnswer, bool) {
	deadline := time.Now().Add(within)
	for {
		h, err := getHealth(client, base)
		if err == nil && ok(h) {
			return h, true
		}
		if time.Now().After(deadline) {
			return h, false
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// waitIdle waits until the server answers /api/health with 200 and solving
// 0, and fails the test if it does not within the deadline.
func waitIdle(t *testing.T, client *http.Client, base string, within time.Duration) healthAnswer {
	t.Helper()
	h, ok := waitHealth(client, base, within, func(h healthAnswer) bool { return h.Solving == 0 })
	if !ok {
		_, err := getHealth(client, base)
		t.Fatalf("server not idle %v after the burst: health %+v, %v", within, h, err)
	}
	return h
}

// checkGoroutines fails the test unless the number of goroutines falls back
// to at most before within a short settle time.
func checkGoroutines(t *testing.T, before int) {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for {
		n := runtime.NumGoroutine()
		if n <= before {
			return
		}
		if time.Now().After(deadline) {
			var sb strings.Builder
			pprof.Lookup("goroutine").WriteTo(&sb, 1)
			t.Fatalf("goroutine leak: %d before the server started, %d after it closed\n%s", before, n, sb.String())
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// errorMessage decodes an error body {"error": "..."}.
func errorMessage(body []byte) (string, error) {
	var e struct {
		Error string `json:"error"`
	}
	err := json.Unmarshal(body, &e)
	return e.Error, err
}

func clip(b []byte) string {
	if len(b) > 300 {
		return string(b[:300]) + "..."
	}
	return string(b)
}

// loadCases builds the requests of the burst with what each answer must be:
// 3x3 boards for two goals checked against the distance table, comparisons
// of every algorithm on 3x3 boards checked the same way, 4x4 boards
// checked against IDA* with the Manhattan distance (run here, before the
// burst), Sudoku puzzles checked by the rules, and the one-stroke boards of
// package stroke's testdata with their recorded answers.
func loadCases(t *testing.T) []loadCase {
	t.Helper()
	r := rand.New(rand.NewPCG(6, 6))
	var cases []loadCase

	for _, g := range []string{"1 2 3 4 5 6 7 8 0", "1 2 3 8 0 4 7 6 5"} {
		goal := mustBoard(t, 3, 3, g)
		table := sliding.TableFor(goal)
		for i := range 40 {
			b := sliding.RandomSolvable(r, goal, true)
			want := table.Distance(b)
			cases = append(cases, loadCase{
				name: fmt.Sprintf("sliding 3x3 %q to %q", lineOf(b), g),
				path: "/api/sliding/solve",
				body: map[string]any{"board": lineOf(b), "size": "3x3", "goal": g, "heuristic": []string{"linear", "manhattan"}[i%2]},
				check: func(body []byte) error {
					return checkSliding(body, goal, b, want)
				},
			})
		}
	}

	// A few comparisons of every algorithm: each holds a slot for a while.
	goal3 := sliding.Standard(3, 3)
	for range 4 {
		b := sliding.RandomSolvable(r, goal3, true)
		want := sliding.TableFor(goal3).Distance(b)
		cases = append(cases, loadCase{
			name: fmt.Sprintf("compare 3x3 %q", lineOf(b)),
			path: "/api/sliding/compare",
			body: map[string]any{"board": lineOf(b)},
			check: func(body []byte) error {
				return checkCompare(body, want)
			},
		})
	}

	goal4 := sliding.Standard(4, 4)
	for i := range 8 {
		b := sliding.Scramble(r, goal4, 30+2*i)
		sol, err := sliding.Search(context.Background(), b, goal4, sliding.Options{Algorithm: sliding.IDAStar, Tuned: true, Heuristic: sliding.Manhattan(goal4)})
		if err != nil {
			t.Fatalf("reference IDA* on %v: %v", b, err)
		}
		want := sol.Len()
		body := map[string]any{"board": lineOf(b)}
		if i%2 == 1 {
			body["algo"] = "idastar"
			body["heuristic"] = "linear"
		}
		cases = append(cases, loadCase{
			name: fmt.Sprintf("sliding 4x4 %q", lineOf(b)),
			path: "/api/sliding/solve",
			body: body,
			check: func(body []byte) error {
				return checkSliding(body, goal4, b, want)
			},
		})
	}

	for _, p := range []struct {
		puzzle    string
		solutions int
	}{
		{"53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79", 1},
		{"..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..", 1},
		{"85...24..72......9..4.........1.7..23.5...9...4...........8..7..17..........36.4.", 1},
		{"4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......", 1},
		{".................................................................................", 2},
	} {
		c := loadCase{
			name: "sudoku " + p.puzzle,
			path: "/api/sudoku/solve",
			body: map[string]any{"puzzle": p.puzzle},
			check: func(body []byte) error {
				return checkSudoku(body, p.puzzle, p.solutions)
			},
		}
		// Each puzzle four times, for a fair share of the burst.
		cases = append(cases, c, c, c, c)
	}

	boards, wants := stroketest.Reference(t, "../stroke/testdata")
	for i, b := range boards {
		text := b.String()
		want := wants[i]
		cases = append(cases, loadCase{
			name: fmt.Sprintf("stroke board %d (want %s)", i+1, want),
			path: "/api/stroke/solve",
			body: map[string]any{"board": text, "path": true},
			check: func(body []byte) error {
				return checkStroke(body, b, want)
			},
		})
	}
	return cases
}

func mustBoard(t *testing.T, w, h int, s string) sliding.Board {
	t.Helper()
	b, err := sliding.ParseGoal(s, w, h)
	if err != nil {
		t.Fatalf("board %q: %v", s, err)
	}
	return b
}

// lineOf writes b in the line format: tiles in reading order, 0 the blank.
func lineOf(b sliding.Board) string {
	f := make([]string, len(b.Tiles))
	for i, v := range b.Tiles {
		f[i] = fmt.Sprint(v)
	}
	return strings.Join(f, " ")
}

// checkSliding checks a sliding answer: solvable, optimal, of the known
// length, and its moves take b to goal.
func checkSliding(body []byte, goal, b sliding.Board, want int) error {
	var a struct {
		Solvable bool   `json:"solvable"`
		Length   int    `json:"length"`
		Moves    string `json:"moves"`
		Optimal  bool   `json:"optimal"`
	}
	if err := json.Unmarshal(body, &a); err != nil {
		return err
	}
	if !a.Solvable || !a.Optimal || a.Length != want {
		return fmt.Errorf("solvable %v, optimal %v, length %d; want an optimal solution of %d moves", a.Solvable, a.Optimal, a.Length, want)
	}
	moves, err := sliding.ParseMoves(a.Moves)
	if err != nil {
		return fmt.Errorf("moves %q: %v", a.Moves, err)
	}
	if len(moves) != want {
		return fmt.Errorf("%d moves %q, length says %d", len(moves), a.Moves, want)
	}
	end, err := b.Apply(moves...)
	if err != nil {
		return fmt.Errorf("moves %q: %v", a.Moves, err)
	}
	if !end.Equal(goal) {
		return fmt.Errorf("moves %q end on %v, not the goal %v", a.Moves, lineOf(end), lineOf(goal))
	}
	return nil
}

// checkCompare checks a comparison: every row has a known status, a solved
// row is no shorter than the optimum and has it when marked optimal, and
// the distance table's row is there, solved and optimal.
func checkCompare(body []byte, want int) error {
	var a struct {
		Solvable bool `json:"solvable"`
		Rows     []struct {
			Algorithm string `json:"algorithm"`
			Heuristic string `json:"heuristic"`
			Status    string `json:"status"`
			Length    int    `json:"length"`
			Optimal   bool   `json:"optimal"`
		} `json:"rows"`
	}
	if err := json.Unmarshal(body, &a); err != nil {
		return err
	}
	if !a.Solvable || len(a.Rows) < 10 {
		return fmt.Errorf("solvable %v with %d rows; want solvable and about 15 rows", a.Solvable, len(a.Rows))
	}
	table := false
	for _, row := range a.Rows {
		name := row.Algorithm + " " + row.Heuristic
		switch row.Status {
		case "ok":
			if row.Length < want || row.Optimal && row.Length != want {
				return fmt.Errorf("%s: length %d (optimal %v); the optimum is %d", name, row.Length, row.Optimal, want)
			}
			table = table || row.Algorithm == "table" && row.Optimal
		case "node-cap", "timeout", "none", "n/a":
			if row.Length != -1 {
				return fmt.Errorf("%s: status %s with length %d, want -1", name, row.Status, row.Length)
			}
		default:
			return fmt.Errorf("%s: unknown status %q", name, row.Status)
		}
	}
	if !table {
		return fmt.Errorf("no solved, optimal row for the distance table")
	}
	return nil
}

// checkSudoku checks a Sudoku answer: the solution is a valid 9x9 grid
// that keeps the givens, and the count and uniqueness are as expected
// (limit 2 by default).
func checkSudoku(body []byte, puzzle string, solutions int) error {
	var a struct {
		Solutions int    `json:"solutions"`
		Unique    bool   `json:"unique"`
		Solution  string `json:"solution"`
	}
	if err := json.Unmarshal(body, &a); err != nil {
		return err
	}
	if a.Solutions != solutions || a.Unique != (solutions == 1) {
		return fmt.Errorf("solutions %d, unique %v; want %d", a.Solutions, a.Unique, solutions)
	}
	return validSudoku(puzzle, a.Solution)
}

// validSudoku reports whether solution is a complete 9x9 grid in the line
// format that obeys the rules and agrees with every given of puzzle.
func validSudoku(puzzle, solution string) error {
	if len(solution) != 81 {
		return fmt.Errorf("solution %q has %d cells, want 81", solution, len(solution))
	}
	for i := range 81 {
		if solution[i] < '1' || solution[i] > '9' {
			return fmt.Errorf("cell %d is %q, not 1-9", i+1, solution[i])
		}
		if p := puzzle[i]; p >= '1' && p <= '9' && p != solution[i] {
			return fmt.Errorf("cell %d: given %c changed to %c", i+1, p, solution[i])
		}
	}
	for k := range 9 {
		var row, col, box [10]bool
		for j := range 9 {
			cells := [3]int{k*9 + j, j*9 + k, (k/3*3+j/3)*9 + k%3*3 + j%3}
			for u, seen := range []*[10]bool{&row, &col, &box} {
				d := solution[cells[u]] - '0'
				if seen[d] {
					return fmt.Errorf("digit %d twice in %s %d", d, []string{"row", "column", "box"}[u], k+1)
				}
				seen[d] = true
			}
		}
	}
	return nil
}

// checkStroke checks a one-stroke answer against the recorded "COLOUR
// LENGTH" and checks that its path is a legal chain of that length on b.
func checkStroke(body []byte, b *stroke.Board, want string) error {
	var a struct {
		Colour  string   `json:"colour"`
		Length  int      `json:"length"`
		Optimal bool     `json:"optimal"`
		Path    [][2]int `json:"path"`
	}
	if err := json.Unmarshal(body, &a); err != nil {
		return err
	}
	colour := a.Colour
	if colour == "" {
		colour = "-"
	}
	if got := fmt.Sprintf("%s %d", colour, a.Length); got != want || !a.Optimal {
		return fmt.Errorf("got %s (optimal %v), want %s", got, a.Optimal, want)
	}
	return legalChain(b.Rows, b.Cols, func(r, c int) byte { return b.At(r, c) }, a.Colour, a.Path)
}

// legalChain checks that path (1-based [row, col] cells) is a chain on a
// board: it starts next to the player O, each cell is 8-adjacent to the one
// before, every cell has the chain's colour, and no cell repeats.
func legalChain(rows, cols int, at func(r, c int) byte, colour string, path [][2]int) error {
	if len(path) == 0 {
		if colour != "" {
			return fmt.Errorf("colour %q with an empty path", colour)
		}
		return nil
	}
	if len(colour) != 1 {
		return fmt.Errorf("colour %q is not one letter", colour)
	}
	seen := map[[2]int]bool{}
	for i, p := range path {
		r, c := p[0]-1, p[1]-1
		if r < 0 || r >= rows || c < 0 || c >= cols {
			return fmt.Errorf("cell %d %v is off the %dx%d board", i+1, p, rows, cols)
		}
		if at(r, c) != colour[0] {
			return fmt.Errorf("cell %d %v is %q, not the chain's colour %s", i+1, p, at(r, c), colour)
		}
		if seen[p] {
			return fmt.Errorf("cell %d %v repeats", i+1, p)
		}
		seen[p] = true
		if i == 0 {
			if !nextToPlayer(rows, cols, at, r, c) {
				return fmt.Errorf("chain starts at %v, not next to the player", p)
			}
			continue
		}
		q := path[i-1]
		if dr, dc := abs(p[0]-q[0]), abs(p[1]-q[1]); dr > 1 || dc > 1 {
			return fmt.Errorf("cells %d %v and %d %v are not neighbours", i, q, i+1, p)
		}
	}
	return nil
}

func nextToPlayer(rows, cols int, at func(r, c int) byte, r, c int) bool {
	for dr := -1; dr <= 1; dr++ {
		for dc := -1; dc <= 1; dc++ {
			rr, cc := r+dr, c+dc
			if (dr != 0 || dc != 0) && rr >= 0 && rr < rows && cc >= 0 && cc < cols && at(rr, cc) == stroke.Player {
				return true
			}
		}
	}
	return false
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
