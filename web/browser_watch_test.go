package web_test

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/searchlab/searchlab/sliding"
)

// The browser test's views for traces: Watch (a sliding board stepped
// event by event against the API's trace, an IDA* on a 4x4 board through
// its thresholds, a one-stroke search, a Sudoku explained), Race, the
// Cancel button, and Sudoku entry in the grid.

// slidingTrace is the API's answer for a sliding trace, as the tests read it.
type slidingTrace struct {
	Start struct {
		Board []int `json:"board"`
	} `json:"start"`
	Events []struct {
		Kind      string `json:"kind"`
		State     []int  `json:"state"`
		Bound     int    `json:"bound"`
		Expanded  int64  `json:"expanded"`
		Generated int64  `json:"generated"`
		Frontier  int    `json:"frontier"`
		Stored    int    `json:"stored"`
		G         int    `json:"g"`
		Backward  bool   `json:"backward"`
	} `json:"events"`
	End struct {
		Solved bool `json:"solved"`
		Length int  `json:"length"`
		Stats  struct {
			Expanded   int64 `json:"expanded"`
			Iterations int   `json:"iterations"`
		} `json:"stats"`
		Truncated bool `json:"truncated"`
	} `json:"end"`
}

// apiTrace asks the test's server for a trace.
func apiTrace(p *page, path string, req map[string]any, v any) {
	p.t.Helper()
	client := &http.Client{Transport: &http.Transport{}}
	defer client.CloseIdleConnections()
	r := post(p.ctx, client, p.url+path, req)
	if r.err != nil || r.status != http.StatusOK || json.Unmarshal(r.body, v) != nil {
		p.t.Fatalf("POST %s: status %d, %v: %s", path, r.status, r.err, clip(r.body))
	}
}

// digits reads the number in an element's text ("1,234" is 1234).
func digits(p *page, sel string) int64 {
	p.t.Helper()
	text := eval[string](p, fmt.Sprintf(`document.querySelector(%s)?.textContent ?? "missing"`, js(sel)))
	n, err := strconv.ParseInt(strings.ReplaceAll(text, ",", ""), 10, 64)
	if err != nil {
		p.t.Fatalf("%s reads %q, not a number", sel, text)
	}
	return n
}

func joinInts(v []int) string {
	s := make([]string, len(v))
	for i, x := range v {
		s[i] = strconv.Itoa(x)
	}
	return strings.Join(s, " ")
}

const watchBoard = "8 1 3 4 0 2 7 6 5" // 14 moves; A* with Manhattan expands a few dozen boards

// watchMode switches the Watch view to the puzzle mode.
func (p *page) watchMode(mode string) {
	p.t.Helper()
	p.do("click #watch-mode-"+mode, chromedp.Click(chromedp.CSS("#watch-mode-"+mode)))
}

// watchTrace runs a trace in the Watch view and fails the test, naming
// what, unless it is done within 15 seconds.
func (p *page) watchTrace(what string) {
	p.t.Helper()
	state, status := p.act("watch", "#watch-trace", 15*time.Second)
	if state != "done" {
		p.t.Fatalf("%s: data-state %s: %s", what, state, status)
	}
}

// watchSliding traces board with algo (and heuristic, unless empty) in the
// Watch view, fails the test unless the trace is done, and returns the same
// trace as the API gives it.
func (p *page) watchSliding(what, size, board, algo, heuristic string) slidingTrace {
	p.t.Helper()
	p.setControl("#watch-size", size)
	p.setControl("#watch-board", board)
	p.setControl("#watch-algo", algo)
	req := map[string]any{"board": board, "size": size, "algo": algo}
	if heuristic != "" {
		p.setControl("#watch-heuristic", heuristic)
		req["heuristic"] = heuristic
	}
	p.watchTrace(what)
	var tr slidingTrace
	apiTrace(p, "/api/trace/sliding", req, &tr)
	return tr
}

// watchText traces text in the Watch view's mode for puzzle (stroke or
// sudoku), fails the test unless the trace is done, and reads into tr the
// same trace as the API gives it; field names the text in the request.
func (p *page) watchText(puzzle, field, text string, tr any) {
	p.t.Helper()
	p.watchMode(puzzle)
	p.setControl("#watch-"+puzzle+"-text", text)
	p.watchTrace(puzzle + " trace")
	apiTrace(p, "/api/trace/"+puzzle, map[string]any{field: text}, tr)
}

func testWatch(p *page) {
	t := p.t
	p.showTab("watch")
	p.watchMode("sliding")
	tr := p.watchSliding("trace", "3x3", watchBoard, "astar", "manhattan")
	n := len(tr.Events)
	if !tr.End.Solved || tr.End.Truncated || n < 20 {
		t.Fatalf("the API's trace: solved %v, truncated %v, %d events", tr.End.Solved, tr.End.Truncated, n)
	}
	// check compares the page after k events with the API's trace: the
	// counter, the four counts and the node highlighted as expanded.
	check := func(k int) {
		t.Helper()
		poll[bool](p, fmt.Sprintf("#watch-counter at %d / %d", k, n), fmt.Sprintf(`document.getElementById("watch-counter").textContent === %s`, js(fmt.Sprintf("%d / %d", k, n))),
			5*time.Second, `document.getElementById("watch-counter").textContent`)
		e := tr.Events[k-1]
		got := [4]int64{digits(p, "#watch-expanded"), digits(p, "#watch-generated"), digits(p, "#watch-frontier"), digits(p, "#watch-stored")}
		want := [4]int64{e.Expanded, e.Generated, int64(e.Frontier), int64(e.Stored)}
		if got != want {
			t.Fatalf("after %d events the page counts expanded, generated, frontier, stored %v; the trace %v", k, got, want)
		}
		current := ""
		for j := k - 1; j >= 0; j-- {
			if ev := tr.Events[j]; ev.Kind == "expand" || ev.Kind == "goal" {
				current = joinInts(ev.State)
				break
			}
		}
		if hl := eval[string](p, `document.getElementById("watch-current").dataset.state`); hl != current {
			t.Fatalf("after %d events the highlighted node is %q; the trace expands %q", k, hl, current)
		}
	}
	steps := min(n, 25)
	for k := 1; k <= steps; k++ {
		p.do("click #watch-step", chromedp.Click(chromedp.CSS("#watch-step")))
		check(k)
	}
	// Next goes on to just after the next expansion.
	p.do("click #watch-next", chromedp.Click(chromedp.CSS("#watch-next")))
	k := steps
	for k < n && tr.Events[k].Kind != "expand" && tr.Events[k].Kind != "goal" {
		k++
	}
	check(k + 1)
	// Back, and the arrow keys on the stepper.
	p.do("click #watch-back", chromedp.Click(chromedp.CSS("#watch-back")))
	check(k)
	p.do("focus the stepper", chromedp.Focus(chromedp.CSS("#watch-step")), chromedp.KeyEvent(kb.ArrowRight))
	check(k + 1)
	p.do("click #watch-end", chromedp.Click(chromedp.CSS("#watch-end")))
	check(n)
	if goal := eval[bool](p, `document.getElementById("watch-current").classList.contains("goal")`); !goal || tr.Events[n-1].Kind != "goal" {
		t.Errorf("at the end: #watch-current goal %v, last event %s", goal, tr.Events[n-1].Kind)
	}
	t.Logf("A* + Manhattan on %s: %d events, %d expansions, %d moves; stepped, checked against the API", watchBoard, n, tr.End.Stats.Expanded, tr.End.Length)
	mid := n / 3
	p.do("click #watch-reset", chromedp.Click(chromedp.CSS("#watch-reset")))
	for range mid {
		p.do("click #watch-step", chromedp.Click(chromedp.CSS("#watch-step")))
	}
	check(mid)
	p.screenshot("watch-astar")

	// IDA* on a 4x4 board through its thresholds.
	const board4 = "5 8 3 1 6 4 7 2 9 10 11 12 13 0 14 15" // 24 moves; IDA* with Manhattan raises its bound 4 times
	ida := p.watchSliding("IDA* trace", "4x4", board4, "idastar", "manhattan")
	var bounds []int
	for _, e := range ida.Events {
		if e.Kind == "threshold" {
			bounds = append(bounds, e.Bound)
		}
	}
	if !ida.End.Solved || len(bounds) < 2 || len(bounds) != ida.End.Stats.Iterations {
		t.Fatalf("the API's IDA* trace: solved %v, thresholds %v, %d iterations", ida.End.Solved, bounds, ida.End.Stats.Iterations)
	}
	// Step expansion by expansion until the second threshold shows.
	for i := 0; i < 500; i++ {
		if eval[int](p, `document.querySelectorAll("#watch-thresholds li").length`) >= 2 {
			break
		}
		p.do("click #watch-next", chromedp.Click(chromedp.CSS("#watch-next")))
	}
	p.screenshot("watch-idastar")
	p.do("click #watch-end", chromedp.Click(chromedp.CSS("#watch-end")))
	shown := eval[[]string](p, `[...document.querySelectorAll("#watch-thresholds li")].map((e) => e.textContent)`)
	if strings.Join(shown, " ") != joinInts(bounds) {
		t.Errorf("#watch-thresholds shows %q; the trace's thresholds are %v", shown, bounds)
	}
	if got := digits(p, "#watch-threshold"); got != int64(bounds[len(bounds)-1]) {
		t.Errorf("#watch-threshold %d, last threshold %d", got, bounds[len(bounds)-1])
	}
	t.Logf("IDA* on the 4x4 board %s: thresholds %v, %d events", board4, bounds, len(ida.Events))

	// Bidirectional BFS: two frontiers, and the board where they met.
	bi := p.watchSliding("bidirectional trace", "3x3", raceBoard, "bibfs", "")
	p.do("click #watch-end", chromedp.Click(chromedp.CSS("#watch-end")))
	sides := eval[map[string]string](p, `(() => { const n = document.getElementById("watch-nodes"); const m = n.querySelector(".mini.meet");
		return {forward: n.dataset.forward, backward: n.dataset.backward, meet: m ? m.dataset.state : "", label: document.getElementById("watch-current-label").textContent}; })()`)
	last := bi.Events[len(bi.Events)-1]
	var meet []int
	for _, e := range bi.Events {
		if e.Kind == "meet" {
			meet = e.State
		}
	}
	f, _ := strconv.Atoi(sides["forward"])
	b, _ := strconv.Atoi(sides["backward"])
	if f == 0 || b == 0 || f+b != last.Frontier || sides["meet"] != joinInts(meet) || !strings.Contains(sides["label"], fmt.Sprintf("%d moves", bi.End.Length)) {
		t.Errorf("bidirectional watch: %v; the API: frontier %d at the end, met at %v, %d moves", sides, last.Frontier, meet, bi.End.Length)
	}
	p.screenshot("watch-bibfs")

	testWatchStroke(p)
	testWatchSudoku(p)
}

func testWatchStroke(p *page) {
	t := p.t
	var tr struct {
		Events []struct {
			Kind  string   `json:"kind"`
			Chain [][2]int `json:"chain"`
		} `json:"events"`
		End struct {
			Length int `json:"length"`
		} `json:"end"`
	}
	p.watchText("stroke", "board", browserStroke, &tr)
	// Step until the chain has backed up at least once, checking the drawn
	// chain against the trace's.
	var chain [][2]int
	backups, k := 0, 0
	for ; k < len(tr.Events) && (backups < 3 || k < 40); k++ {
		p.do("click #watch-step", chromedp.Click(chromedp.CSS("#watch-step")))
		e := tr.Events[k]
		if e.Kind != "best" { // extend shows its chain, cut the chain it would have grown
			next := e.Chain
			if e.Kind == "cut" {
				next = e.Chain[:len(e.Chain)-1]
			}
			grown := len(next) == len(chain)+1 && fmt.Sprint(next[:len(chain)]) == fmt.Sprint(chain)
			if len(chain) > 0 && !grown && fmt.Sprint(next) != fmt.Sprint(chain) {
				backups++
			}
			chain = next
		}
		drawn := eval[[][2]int](p, `[...document.querySelectorAll("#watch-stroke-board .cell[data-order]")].sort((a, b) => a.dataset.order - b.dataset.order).map((c) => [Math.floor(c.dataset.i / 6), c.dataset.i % 6])`)
		if fmt.Sprint(drawn) != fmt.Sprint(chain) && !(len(drawn) == 0 && len(chain) == 0) {
			t.Fatalf("after %d steps the drawn chain is %v; the trace's %v", k+1, drawn, chain)
		}
	}
	if backups == 0 {
		t.Fatalf("no back-up in the first %d steps", k)
	}
	if got := digits(p, "#watch-backups"); got != int64(backups) {
		t.Errorf("#watch-backups %d, the trace backs up %d times", got, backups)
	}
	p.screenshot("watch-stroke")
	p.do("click #watch-end", chromedp.Click(chromedp.CSS("#watch-end")))
	if best := digits(p, "#watch-best"); best != int64(tr.End.Length) {
		t.Errorf("at the end #watch-best is %d; the answer is %d", best, tr.End.Length)
	}
	t.Logf("one-stroke: %d steps, %d back-ups in the first %d, best %d", len(tr.Events), backups, k, tr.End.Length)
}

func testWatchSudoku(p *page) {
	t := p.t
	// A puzzle built against backtracking: rules alone do not solve it.
	const puzzle = ".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7..."
	var tr struct {
		Events []struct {
			Kind   string `json:"kind"`
			Cell   int    `json:"cell"`
			Value  int    `json:"value"`
			Reason string `json:"reason"`
		} `json:"events"`
		End struct {
			Solution string `json:"solution"`
		} `json:"end"`
	}
	p.watchText("sudoku", "puzzle", puzzle, &tr)
	for k := range min(12, len(tr.Events)) {
		p.do("click #watch-step", chromedp.Click(chromedp.CSS("#watch-step")))
		e := tr.Events[k]
		reason := eval[string](p, `document.getElementById("watch-reason").textContent`)
		if !strings.Contains(reason, e.Reason) {
			t.Fatalf("step %d: #watch-reason %q lacks the trace's reason %q", k+1, reason, e.Reason)
		}
		if e.Cell >= 0 && (e.Kind == "naked-single" || e.Kind == "hidden-single" || e.Kind == "guess") {
			cell := eval[map[string]string](p, fmt.Sprintf(`(() => { const c = document.querySelectorAll("#watch-sudoku-grid .cell")[%d]; return {text: c.textContent, kind: c.dataset.kind, current: String(c.classList.contains("current"))}; })()`, e.Cell))
			want := map[string]string{"text": strconv.Itoa(e.Value), "kind": map[bool]string{true: "guessed", false: "placed"}[e.Kind == "guess"], "current": "true"}
			if fmt.Sprint(cell) != fmt.Sprint(want) {
				t.Fatalf("step %d (%s): cell %d is %v, want %v", k+1, e.Kind, e.Cell, cell, want)
			}
		}
	}
	// Go on past the second guess, for the screenshot.
	guesses := 0
	for k := 12; k < len(tr.Events) && guesses < 2; k++ {
		p.do("click #watch-step", chromedp.Click(chromedp.CSS("#watch-step")))
		if tr.Events[k].Kind == "guess" {
			guesses++
		}
	}
	if guesses == 0 || eval[int](p, `document.querySelectorAll("#watch-sudoku-grid .cell.guessed").length`) == 0 {
		t.Errorf("%d guesses stepped, but no cell styled guessed", guesses)
	}
	p.screenshot("watch-sudoku")
	p.do("click #watch-end", chromedp.Click(chromedp.CSS("#watch-end")))
	grid := eval[string](p, `[...document.querySelectorAll("#watch-sudoku-grid .cell")].map((c) => c.textContent || ".").join("")`)
	if grid != tr.End.Solution {
		t.Errorf("at the end the grid is %s; the solution %s", grid, tr.End.Solution)
	}
	givens := eval[int](p, `document.querySelectorAll("#watch-sudoku-grid .cell.given").length`)
	if want := 81 - strings.Count(puzzle, "."); givens != want {
		t.Errorf("%d cells styled given, the puzzle has %d", givens, want)
	}
	t.Logf("Sudoku explained in %d steps", len(tr.Events))
}

const raceBoard = "4 1 2 0 8 7 6 3 5" // 17 moves: BFS expands about 12,600 boards, A* with Manhattan about 110

func testRace(p *page) {
	t := p.t
	p.showTab("race")
	p.setControl("#race-board", raceBoard)
	p.setControl("#race-a", "bfs")
	p.setControl("#race-b", "bibfs")
	p.setControl("#race-c", "astar:manhattan")
	p.setControl("#race-speed", "1000")
	state, status := p.act("race", "#race-run", 30*time.Second)
	if state != "done" {
		t.Fatalf("race: data-state %s: %s", state, status)
	}
	// Part-way: both lanes have expanded the same number of boards per
	// tick, so the one still running has expanded at least the other's.
	poll[bool](p, "the race to end", `document.getElementById("view-race").dataset.race === "over"`, 60*time.Second,
		`document.getElementById("race-status").textContent`)
	expanded := map[string]int64{}
	for _, algo := range []string{"bfs", "bibfs", "astar:manhattan"} {
		var tr slidingTrace
		req := map[string]any{"board": raceBoard, "size": "3x3", "algo": strings.Split(algo, ":")[0], "kinds": []string{"expand", "meet", "goal"}, "max_events": 100000}
		if h, ok := strings.CutPrefix(algo, "astar:"); ok {
			req["heuristic"] = h
		}
		apiTrace(p, "/api/trace/sliding", req, &tr)
		lane := eval[map[string]string](p, fmt.Sprintf(`(() => { const l = document.querySelector('.lane[data-algo=%s]'); if (!l) return {};
			const c = l.querySelector(".lane-chart"), met = l.querySelector(".lane-met-at-g");
			return {done: l.dataset.done, expanded: l.dataset.expanded, status: l.querySelector(".lane-status").textContent,
				samples: c.dataset.samples, chartExpanded: c.dataset.expanded, chartFrontier: c.dataset.frontier,
				lines: String(c.querySelectorAll("polyline").length), met: met ? met.textContent : ""}; })()`, js(algo)))
		if lane["done"] != "true" || lane["expanded"] != strconv.FormatInt(tr.End.Stats.Expanded, 10) || !strings.Contains(lane["status"], fmt.Sprintf("goal: %d moves", tr.End.Length)) {
			t.Errorf("lane %s: %v; the API: %d expansions, %d moves", algo, lane, tr.End.Stats.Expanded, tr.End.Length)
		}
		// The chart has a sample a tick (1,000 expansions), the last one
		// the API's last event; and both lines.
		last := tr.Events[len(tr.Events)-1]
		ticks := (tr.End.Stats.Expanded + 999) / 1000
		if lane["samples"] != strconv.FormatInt(ticks, 10) || lane["chartExpanded"] != strconv.FormatInt(last.Expanded, 10) ||
			lane["chartFrontier"] != strconv.Itoa(last.Frontier) || lane["lines"] != "2" {
			t.Errorf("lane %s chart: %v; the API: %d ticks of 1,000, last event %d expanded, frontier %d", algo, lane, ticks, last.Expanded, last.Frontier)
		}
		if algo == "bibfs" {
			var meet, backward int
			for _, e := range tr.Events {
				if e.Kind == "meet" {
					meet++
					if lane["met"] != strconv.Itoa(e.G) {
						t.Errorf("bidirectional lane: met at %q, the API's meet event at g %d", lane["met"], e.G)
					}
				}
				if e.Backward {
					backward++
				}
			}
			if meet != 1 || backward == 0 || tr.End.Length != 17 {
				t.Errorf("bidirectional trace: %d meet events, %d from the goal's end, %d moves", meet, backward, tr.End.Length)
			}
		}
		expanded[algo] = tr.End.Stats.Expanded
	}
	if 10*expanded["bibfs"] > expanded["bfs"] {
		t.Errorf("bidirectional BFS expanded %d boards, BFS %d: want at most a tenth", expanded["bibfs"], expanded["bfs"])
	}
	t.Logf("race: %s", eval[string](p, `document.getElementById("race-status").textContent`))
	p.screenshot("race")

	// A 4x4 board: A* against anytime weighted A*, whose lane shows its
	// best path and the bound it proved.
	const board4 = "5 8 3 1 6 4 7 2 9 10 11 12 13 0 14 15" // 24 moves
	p.setControl("#race-size", "4x4")
	p.setControl("#race-board", board4)
	p.setControl("#race-a", "astar:manhattan")
	p.setControl("#race-b", "anytime:linear")
	p.setControl("#race-c", "")
	if state, status := p.act("race", "#race-run", 30*time.Second); state != "done" {
		t.Fatalf("4x4 race: data-state %s: %s", state, status)
	}
	poll[bool](p, "the 4x4 race to end", `document.getElementById("view-race").dataset.race === "over"`, 60*time.Second,
		`document.getElementById("race-status").textContent`)
	for _, algo := range []string{"astar:manhattan", "anytime:linear"} {
		var tr slidingTrace
		name, h, _ := strings.Cut(algo, ":")
		apiTrace(p, "/api/trace/sliding", map[string]any{"board": board4, "size": "4x4", "algo": name, "heuristic": h, "kinds": []string{"expand", "improve", "goal"}, "max_events": 100000}, &tr)
		lane := eval[map[string]string](p, fmt.Sprintf(`(() => { const l = document.querySelector('.lane[data-algo=%s]'); const b = l.querySelector(".lane-best-path");
			return {expanded: l.dataset.expanded, status: l.querySelector(".lane-status").textContent, best: b ? b.textContent : ""}; })()`, js(algo)))
		if lane["expanded"] != strconv.FormatInt(tr.End.Stats.Expanded, 10) || !strings.Contains(lane["status"], fmt.Sprintf("goal: %d moves", tr.End.Length)) || tr.End.Length != 24 {
			t.Errorf("4x4 lane %s: %v; the API: %d expansions, %d moves", algo, lane, tr.End.Stats.Expanded, tr.End.Length)
		}
		if name == "anytime" && !strings.HasPrefix(lane["best"], "24 (optimum ≥ ") {
			t.Errorf("anytime lane: best path %q, want 24 moves with its bound", lane["best"])
		}
	}
	p.setControl("#race-size", "3x3")
}

// testPhone checks the new views at phone width: nothing wider than the
// window, and a screenshot of each.
func testPhone(p *page) {
	t := p.t
	p.do("phone width", chromedp.EmulateViewport(390, 844))
	defer p.do("desktop width", chromedp.EmulateViewport(1280, 900))
	for _, view := range []string{"watch", "race"} {
		p.showTab(view)
		wide := eval[[]string](p, `[...document.querySelectorAll("#view-`+view+` *")].filter((e) => e.checkVisibility() && e.getBoundingClientRect().right > window.innerWidth + 1).map((e) => e.id || e.className || e.tagName).slice(0, 5)`)
		if len(wide) > 0 {
			t.Errorf("at 390 px, #view-%s has elements past the window's right edge: %q", view, wide)
		}
		p.screenshot("phone-" + view)
	}
}

// testCancel starts a long 5x5 solve, presses Cancel, and checks that the
// page says so and the server stops solving.
func testCancel(p *page) {
	t := p.t
	r := rand.New(rand.NewPCG(5, 5))
	b := sliding.Scramble(r, sliding.Standard(5, 5), 400)
	p.showTab("sliding")
	p.setControl("#sliding-size", "5x5")
	p.setControl("#sliding-goal", "standard")
	p.setControl("#sliding-algo", "idastar")
	p.setControl("#sliding-heuristic", "misplaced")
	p.setControl("#sliding-board", lineOf(b))
	client := &http.Client{Transport: &http.Transport{}}
	defer client.CloseIdleConnections()
	p.do("click #sliding-solve", chromedp.Click(chromedp.CSS("#sliding-solve")))
	if h, ok := waitHealth(client, p.url, 10*time.Second, func(h healthAnswer) bool { return h.Solving >= 1 }); !ok {
		t.Fatalf("the server never showed the 5x5 solve running: %+v; page: %s", h, eval[string](p, `document.getElementById("sliding-status").textContent`))
	}
	visible := eval[bool](p, `document.getElementById("sliding-cancel").checkVisibility() && !document.getElementById("sliding-cancel").disabled`)
	if !visible {
		t.Fatal("#sliding-cancel is not visible and enabled while solving")
	}
	p.screenshot("cancel")
	p.do("click #sliding-cancel", chromedp.Click(chromedp.CSS("#sliding-cancel")))
	stopped := time.Now()
	poll[bool](p, "#view-sliding idle with Cancelled", `document.getElementById("view-sliding").dataset.state === "idle" && /Cancelled/.test(document.getElementById("sliding-status").textContent)`,
		5*time.Second, `document.getElementById("view-sliding").dataset.state + ": " + document.getElementById("sliding-status").textContent`)
	if h, ok := waitHealth(client, p.url, 5*time.Second, func(h healthAnswer) bool { return h.Solving == 0 }); !ok {
		t.Fatalf("5 s after Cancel the server still solves: %+v", h)
	}
	t.Logf("Cancel: the server's solving count was back at 0 %v after the click", time.Since(stopped).Round(time.Millisecond))
	if eval[bool](p, `document.getElementById("sliding-cancel").checkVisibility()`) {
		t.Error("#sliding-cancel still shows after the cancel")
	}
}

// testSudokuEntry types into the Sudoku grid: a digit fills the cell and
// the text box, the focus moves right, arrows move, Backspace empties.
func testSudokuEntry(p *page) {
	t := p.t
	p.showTab("sudoku")
	const puzzle = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
	p.setControl("#sudoku-input", puzzle)
	text := func() string {
		return strings.Join(strings.Fields(eval[string](p, `document.getElementById("sudoku-input").value`)), "")
	}
	focused := func() int {
		return eval[int](p, `Number(document.activeElement?.dataset?.i ?? -1)`)
	}
	p.do("click cell 3", chromedp.Click(chromedp.CSS(`#sudoku-grid .cell[data-i="2"]`)))
	p.do("type 4", chromedp.KeyEvent("4"))
	if got := text(); got[2] != '4' || got[:2]+got[3:] != puzzle[:2]+puzzle[3:] {
		t.Fatalf("after typing 4 in cell 3 the text is %s", got)
	}
	if f := focused(); f != 3 {
		t.Errorf("after typing, the focus is on cell %d, want 3", f)
	}
	if cell := eval[string](p, `document.querySelector('#sudoku-grid .cell[data-i="2"]').textContent`); cell != "4" {
		t.Errorf("cell 3 shows %q", cell)
	}
	p.do("arrows", chromedp.KeyEvent(kb.ArrowDown), chromedp.KeyEvent(kb.ArrowLeft))
	if f := focused(); f != 11 {
		t.Errorf("after Down and Left the focus is on cell %d, want 11", f)
	}
	p.do("move up and clear", chromedp.KeyEvent(kb.ArrowUp), chromedp.KeyEvent(kb.Backspace))
	if got := text(); got != puzzle {
		t.Errorf("after Backspace on cell 3 the text is %s, want the puzzle back", got)
	}
}
