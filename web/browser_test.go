package web_test

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"math"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"

	"github.com/searchlab/searchlab/sliding"
	"github.com/searchlab/searchlab/stroke"
	"github.com/searchlab/searchlab/web"
)

// The browser test drives the real page, served by the real server, in
// headless Chromium: it solves one puzzle of each family through the page's
// controls and checks what the page draws against the DOM contract (ids,
// data-state, data-value, data-order ...) and against answers computed here.

var screenshotDir = flag.String("web.screenshots", "", "directory where TestBrowser writes a PNG of each view (sliding, compare, sudoku, stroke, watch-*, race, cancel, phone-*)")

// requireChromium names the environment variable that turns a missing
// Chromium from a skip into a failure; .ci/run sets it after installing
// Chromium, so that CI cannot pass without running the browser test.
const requireChromium = "SEARCHLAB_REQUIRE_CHROMIUM"

// findChromium returns the browser to run: $CHROMIUM if set, else
// /usr/bin/chromium, else the first of chromium, chromium-browser,
// google-chrome and google-chrome-stable on $PATH. It returns "" when none
// is installed, and an error when $CHROMIUM names no program.
func findChromium() (string, error) {
	if p := os.Getenv("CHROMIUM"); p != "" {
		path, err := exec.LookPath(p)
		if err != nil {
			return "", fmt.Errorf("$CHROMIUM=%s: %v", p, err)
		}
		return path, nil
	}
	for _, name := range []string{"/usr/bin/chromium", "chromium", "chromium-browser", "google-chrome", "google-chrome-stable"} {
		if path, err := exec.LookPath(name); err == nil {
			return path, nil
		}
	}
	return "", nil
}

// page is a browser tab on the server's page, with the test it belongs to.
type page struct {
	t   *testing.T
	ctx context.Context
	url string
}

// do runs actions that return nothing and fails the test on an error.
func (p *page) do(what string, actions ...chromedp.Action[chromedp.Void]) {
	p.t.Helper()
	if err := chromedp.Do(p.ctx, actions...); err != nil {
		p.t.Fatalf("%s: %v", what, err)
	}
}

// eval evaluates a JavaScript expression in the page and decodes its value.
func eval[T any](p *page, expr string) T {
	p.t.Helper()
	v, err := chromedp.Run(p.ctx, chromedp.Evaluate[T](expr))
	if err != nil {
		p.t.Fatalf("evaluate %s: %v", expr, err)
	}
	return v
}

// poll waits until the JavaScript expression is truthy, at most within, and
// returns its value; on a timeout it fails the test with describe's text.
func poll[T any](p *page, what, expr string, within time.Duration, describe string) T {
	p.t.Helper()
	v, err := chromedp.Run(p.ctx, chromedp.Poll[T](expr, chromedp.WithPollingTimeout(within)))
	if err != nil {
		var state string
		if describe != "" {
			state, _ = chromedp.Run(p.ctx, chromedp.Evaluate[string](describe))
		}
		p.t.Fatalf("waiting %v for %s: %v; page: %s", within, what, err, state)
	}
	return v
}

// js quotes a Go value as a JavaScript literal.
func js(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return string(b)
}

// recordStates records every change of a view's data-state in the page's
// window.__stateLog, so that a wait sees a change that happened after its
// click even when it was quick (see act).
func (p *page) recordStates() {
	p.t.Helper()
	eval[bool](p, `(() => {
		window.__stateLog = [];
		new MutationObserver((recs) => {
			for (const r of recs) window.__stateLog.push(r.target.id + ":" + r.target.getAttribute("data-state"));
		}).observe(document.body, {subtree: true, attributes: true, attributeFilter: ["data-state"]});
		return true;
	})()`)
}

// showTab clicks a tab and checks that its view, and only its view, is
// visible.
func (p *page) showTab(name string) {
	p.t.Helper()
	p.do("click #tab-"+name, chromedp.Click(chromedp.CSS("#tab-"+name)))
	poll[bool](p, "only #view-"+name+" visible", fmt.Sprintf(`(() => {
		const vis = (id) => { const v = document.getElementById(id); return !!v && v.checkVisibility(); };
		return ["sliding", "compare", "watch", "race", "sudoku", "stroke"].every((n) => vis("view-" + n) === (n === %s));
	})()`, js(name)), 5*time.Second, `["sliding","compare","watch","race","sudoku","stroke"].map((n) => n + ":" + document.getElementById("view-" + n)?.checkVisibility()).join(" ")`)
}

// setControl sets a select or input by script and fires input and change,
// as a user's choice does; it fails if the control refuses the value.
func (p *page) setControl(sel, value string) {
	p.t.Helper()
	got := eval[string](p, fmt.Sprintf(`(() => {
		const e = document.querySelector(%s);
		e.value = %s;
		e.dispatchEvent(new Event("input", {bubbles: true}));
		e.dispatchEvent(new Event("change", {bubbles: true}));
		return e.value;
	})()`, js(sel), js(value)))
	if got != value {
		p.t.Fatalf("%s refuses the value %q (it holds %q)", sel, value, got)
	}
}

// act clicks sel, which starts work in view, and waits until the view's
// data-state has changed and settled on done or error. It returns the
// final state and the view's status sentence.
func (p *page) act(view, sel string, within time.Duration) (state, status string) {
	p.t.Helper()
	eval[bool](p, `(window.__stateLog.length = 0, true)`)
	p.do("click "+sel, chromedp.Click(chromedp.CSS(sel)))
	state = poll[string](p, "#view-"+view+" data-state done or error", fmt.Sprintf(`(() => {
		const v = document.getElementById("view-" + %[1]s);
		const changed = window.__stateLog.some((s) => s.startsWith("view-" + %[1]s + ":"));
		return changed && (v.dataset.state === "done" || v.dataset.state === "error") ? v.dataset.state : null;
	})()`, js(view)), within, fmt.Sprintf(`document.getElementById("view-" + %[1]s).dataset.state + ": " + document.getElementById(%[1]s + "-status").textContent`, js(view)))
	status = eval[string](p, fmt.Sprintf(`document.getElementById(%s).textContent`, js(view+"-status")))
	return state, status
}

// screenshot writes the page as dir/name.png when -web.screenshots is set.
func (p *page) screenshot(name string) {
	p.t.Helper()
	if *screenshotDir == "" {
		return
	}
	// Let the tiles' slides and other transitions finish first.
	poll[bool](p, "the page's animations to finish", `document.getAnimations().every((a) => a.playState !== "running")`, 10*time.Second, `String(document.getAnimations().length) + " animations"`)
	png, err := chromedp.Run(p.ctx, chromedp.FullScreenshot(100))
	if err != nil {
		p.t.Fatalf("screenshot %s: %v", name, err)
	}
	if err := os.MkdirAll(*screenshotDir, 0o755); err != nil {
		p.t.Fatal(err)
	}
	path := filepath.Join(*screenshotDir, name+".png")
	if err := os.WriteFile(path, png, 0o644); err != nil {
		p.t.Fatal(err)
	}
	p.t.Logf("wrote %s (%d bytes)", path, len(png))
}

// TestBrowser solves one puzzle of each family through the page in headless
// Chromium and checks what is drawn. It skips only when no Chromium is
// installed (and fails even then when SEARCHLAB_REQUIRE_CHROMIUM is set).
func TestBrowser(t *testing.T) {
	exe, err := findChromium()
	if err != nil {
		t.Fatal(err)
	}
	if exe == "" {
		const none = "no Chromium installed ($CHROMIUM unset; no /usr/bin/chromium; no chromium, chromium-browser, google-chrome or google-chrome-stable on $PATH)"
		if os.Getenv(requireChromium) != "" {
			t.Fatalf("%s, and %s is set: install Chromium (Debian: apt-get install chromium)", none, requireChromium)
		}
		t.Skipf("skipping the browser test: %s; install Chromium (Debian: apt-get install chromium) or set $CHROMIUM to run it", none)
	}

	// No node cap short of the time limit: the cancel test needs a solve
	// that is still running when the page cancels it.
	srv := httptest.NewServer(web.New(web.Config{MaxNodes: 1 << 40}))
	defer srv.Close()

	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(exe),
		chromedp.Headless,
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.NoFirstRun,
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.UserDataDir(t.TempDir()),
		chromedp.WindowSize(1280, 900),
	)
	// Every step below has its own deadline; this one bounds the whole test.
	ctx, cancel := context.WithTimeout(context.Background(), 180*time.Second)
	defer cancel()
	actx, cancelAlloc := chromedp.NewExecAllocator(ctx, opts...)
	defer cancelAlloc()
	bctx, cancelBrowser := chromedp.NewContext(actx)
	defer cancelBrowser()
	p := &page{t: t, ctx: bctx, url: srv.URL}

	// Uncaught exceptions in the page fail the test.
	var mu sync.Mutex
	var exceptions []string
	events := chromedp.Events(bctx, runtime.ExceptionThrown)
	go func() {
		for ev, err := range events {
			if err != nil {
				return
			}
			d := ev.ExceptionDetails
			msg := d.Text
			if d.Exception != nil && d.Exception.Description != "" {
				msg += " " + d.Exception.Description
			}
			mu.Lock()
			exceptions = append(exceptions, fmt.Sprintf("%s:%d: %s", d.URL, d.LineNumber+1, msg))
			mu.Unlock()
		}
	}()
	defer func() {
		mu.Lock()
		defer mu.Unlock()
		for _, e := range exceptions {
			t.Errorf("uncaught exception in the page: %s", e)
		}
	}()

	started := time.Now()
	p.do("open the page", chromedp.Navigate(srv.URL+"/"))
	p.recordStates()
	waitMethods(p)
	for _, name := range []string{"sliding", "compare", "watch", "race", "sudoku", "stroke"} {
		state := eval[string](p, fmt.Sprintf(`document.getElementById("view-%s")?.dataset.state ?? "missing"`, name))
		if state != "idle" {
			t.Errorf("#view-%s data-state = %q on load, want idle", name, state)
		}
	}
	t.Logf("browser started and page loaded in %v", time.Since(started).Round(time.Millisecond))

	t.Run("hash", func(t *testing.T) { p.t = t; testHash(p) })
	t.Run("menus", func(t *testing.T) { p.t = t; testMenus(p) })
	t.Run("sliding", func(t *testing.T) { p.t = t; testSliding(p) })
	t.Run("compare", func(t *testing.T) { p.t = t; testCompare(p) })
	t.Run("sudoku", func(t *testing.T) { p.t = t; testSudoku(p) })
	t.Run("sudoku-human", func(t *testing.T) { p.t = t; testSudokuHuman(p) })
	t.Run("stroke", func(t *testing.T) { p.t = t; testStroke(p) })
	t.Run("watch", func(t *testing.T) { p.t = t; testWatch(p) })
	t.Run("race", func(t *testing.T) { p.t = t; testRace(p) })
	t.Run("cancel", func(t *testing.T) { p.t = t; testCancel(p) })
	t.Run("sudoku-entry", func(t *testing.T) { p.t = t; testSudokuEntry(p) })
	t.Run("phone", func(t *testing.T) { p.t = t; testPhone(p) })
	p.t = t
	t.Logf("browser test took %v", time.Since(started).Round(time.Millisecond))
}

// The sliding board of the browser test (not the page's default board), to
// the spiral goal: the page must pass the goal on, and the replay must end
// on it.
const (
	browserBoard = "5 7 4 3 8 1 0 2 6"
	spiralGoal   = "1 2 3 8 0 4 7 6 5"
)

// testHash checks that the page's hash switches the tab after load, as a
// link to #sudoku does, and that a tab's click sets the hash.
func testHash(p *page) {
	for _, name := range []string{"sudoku", "compare", "sliding"} {
		eval[string](p, `location.hash = "#`+name+`"`)
		poll[bool](p, "#view-"+name+" shown after the hash changed", fmt.Sprintf(`document.getElementById("view-%s").checkVisibility()`, name), 5*time.Second, `location.hash`)
	}
	p.showTab("stroke")
	if h := eval[string](p, `location.hash`); h != "#stroke" {
		p.t.Errorf("after a click on the stroke tab the hash is %q, want #stroke", h)
	}
	p.showTab("sliding")
}

// tilesJS reads the data-value of #sliding-grid's tiles in DOM order.
const tilesJS = `[...document.querySelectorAll("#sliding-grid .tile")].map((e) => Number(e.dataset.value))`

func tilesOf(b sliding.Board) []int {
	out := make([]int, len(b.Tiles))
	for i, v := range b.Tiles {
		out[i] = int(v)
	}
	return out
}

// waitReplay waits until the counter reads "k / n" and the grid shows want.
func waitReplay(p *page, k, n int, want sliding.Board) {
	p.t.Helper()
	poll[bool](p, fmt.Sprintf("replay at %d / %d showing %v", k, n, lineOf(want)), fmt.Sprintf(`(() => {
		const c = document.getElementById("sliding-counter").textContent.replace(/\s+/g, " ").trim();
		const tiles = %s;
		return c === %s && tiles.length === %d && tiles.every((v, i) => v === %s[i]) && tiles.every((v, i) => v === 0 ? document.querySelectorAll("#sliding-grid .tile")[i].classList.contains("blank") : true);
	})()`, tilesJS, js(fmt.Sprintf("%d / %d", k, n)), len(want.Tiles), js(tilesOf(want))), 5*time.Second,
		`"counter " + document.getElementById("sliding-counter").textContent + ", tiles " + JSON.stringify(`+tilesJS+`)`)
}

// browserCase returns the spiral goal, browserBoard and the number of moves
// between them.
func browserCase(t *testing.T) (goal, board sliding.Board, want int) {
	t.Helper()
	goal = mustBoard(t, 3, 3, spiralGoal)
	board = mustBoard(t, 3, 3, browserBoard)
	return goal, board, sliding.TableFor(goal).Distance(board)
}

func testSliding(p *page) {
	t := p.t
	goal, board, want := browserCase(t)

	p.showTab("sliding")
	p.setControl("#sliding-size", "3x3")
	spiral := eval[string](p, `[...document.querySelectorAll("#sliding-goal option")].find((o) => /spiral|1 2 3 \/ 8 0 4 \/ 7 6 5/i.test(o.value + " " + o.textContent))?.value ?? ""`)
	if spiral == "" {
		t.Fatalf("#sliding-goal has no spiral goal for 3x3: options %s",
			eval[string](p, `JSON.stringify([...document.querySelectorAll("#sliding-goal option")].map((o) => o.value + "=" + o.textContent))`))
	}
	p.setControl("#sliding-goal", spiral)
	p.setControl("#sliding-algo", "auto")
	// A board the page cannot read stops at the form, in the error state
	// with the reason.
	p.setControl("#sliding-board", "1 2 3")
	if state, status := p.act("sliding", "#sliding-solve", 5*time.Second); state != "error" || !strings.Contains(status, "this one has 3") {
		t.Errorf("solving the board 1 2 3: data-state %s: %q; want error, naming the 3 tiles", state, status)
	}
	// A board that cannot reach the goal is answered on the page, with no
	// request that the browser would log as a failed 422.
	p.setControl("#sliding-board", "5 7 4 3 8 1 0 6 2")
	requests := `performance.getEntriesByType("resource").filter((e) => e.name.endsWith("/api/sliding/solve")).length`
	sent := eval[int](p, requests)
	if state, status := p.act("sliding", "#sliding-solve", 5*time.Second); state != "error" || !strings.Contains(status, "unsolvable") {
		t.Errorf("solving an unsolvable board: data-state %s: %q; want error, unsolvable", state, status)
	}
	if n := eval[int](p, requests); n != sent {
		t.Errorf("an unsolvable board sent %d requests to /api/sliding/solve, want none", n-sent)
	}
	p.setControl("#sliding-board", "")
	p.do("type the board", chromedp.SendKeys(chromedp.CSS("#sliding-board"), browserBoard))
	poll[bool](p, "#sliding-grid to show the typed board", fmt.Sprintf(`(() => { const t = %s; return t.length === 9 && t.every((v, i) => v === %s[i]); })()`, tilesJS, js(tilesOf(board))),
		5*time.Second, `JSON.stringify(`+tilesJS+`) + " / " + document.getElementById("sliding-status").textContent`)

	state, status := p.act("sliding", "#sliding-solve", 15*time.Second)
	if state != "done" {
		t.Fatalf("solving %q: data-state %s: %s", browserBoard, state, status)
	}
	if !strings.Contains(status, strconv.Itoa(want)) {
		t.Errorf("#sliding-status %q does not state the length %d", status, want)
	}
	text := eval[string](p, `document.getElementById("sliding-moves").textContent`)
	letters := regexp.MustCompile(`[UDLR]`).FindAllString(text, -1)
	if len(letters) != want {
		t.Fatalf("#sliding-moves %q has %d moves, want the optimal %d", text, len(letters), want)
	}
	moves, err := sliding.ParseMoves(strings.Join(letters, ""))
	if err != nil {
		t.Fatalf("#sliding-moves %q: %v", text, err)
	}
	// Step through every move: the counter and the grid follow the moves,
	// and the last position is the goal.
	waitReplay(p, 0, want, board)
	cur := board
	for k, m := range moves {
		if cur, err = cur.Apply(m); err != nil {
			t.Fatalf("move %d (%v) of #sliding-moves %q: %v", k+1, m, text, err)
		}
		p.do("click #sliding-step", chromedp.Click(chromedp.CSS("#sliding-step")))
		waitReplay(p, k+1, want, cur)
	}
	if !cur.Equal(goal) {
		t.Fatalf("the moves end on %v, not the goal %v", lineOf(cur), spiralGoal)
	}
	before, err := board.Apply(moves[:want-1]...)
	if err != nil {
		t.Fatal(err)
	}
	p.do("click #sliding-back", chromedp.Click(chromedp.CSS("#sliding-back")))
	waitReplay(p, want-1, want, before)
	p.do("click #sliding-reset", chromedp.Click(chromedp.CSS("#sliding-reset")))
	waitReplay(p, 0, want, board)
	p.do("click #sliding-play", chromedp.Click(chromedp.CSS("#sliding-play")))
	k := poll[int](p, "#sliding-play to advance the counter", `(() => { const k = parseInt(document.getElementById("sliding-counter").textContent); return k >= 1 ? k : 0; })()`,
		5*time.Second, `document.getElementById("sliding-counter").textContent`)
	p.do("click #sliding-pause", chromedp.Click(chromedp.CSS("#sliding-pause")))
	t.Logf("%s to %s: %d moves %s, stepped through; Play reached move %d before Pause", browserBoard, spiralGoal, want, text, k)

	// Leave the replay part-way for the screenshot.
	p.do("click #sliding-reset", chromedp.Click(chromedp.CSS("#sliding-reset")))
	waitReplay(p, 0, want, board)
	mid := want / 2
	cur = board
	for i := range mid {
		cur, _ = cur.Apply(moves[i])
		p.do("click #sliding-step", chromedp.Click(chromedp.CSS("#sliding-step")))
	}
	waitReplay(p, mid, want, cur)
	p.screenshot("sliding")
}

// compareRow is a row of #compare-table as the page shows it.
type compareRow struct {
	Algorithm string   `json:"algorithm"`
	Cells     []string `json:"cells"`
}

func testCompare(p *page) {
	t := p.t
	_, _, want := browserCase(t)

	p.showTab("compare")
	if shown := eval[bool](p, `document.getElementById("compare-table").checkVisibility() || document.getElementById("compare-chart").checkVisibility()`); shown {
		t.Errorf("#compare-table or #compare-chart is shown before the first run, with no rows")
	}
	state, status := p.act("compare", "#compare-run", 60*time.Second)
	if state != "done" {
		t.Fatalf("compare on %q: data-state %s: %s", browserBoard, state, status)
	}
	header := eval[[]string](p, `[...document.querySelectorAll("#compare-table thead th")].map((e) => e.textContent.trim().toLowerCase())`)
	col := func(word string) int {
		for i, h := range header {
			if strings.Contains(h, word) {
				return i
			}
		}
		t.Fatalf("#compare-table has no %q column: header %q", word, header)
		return -1
	}
	lengthCol, optimalCol, expandedCol := col("length"), col("optimal"), col("expanded")
	rows := eval[[]compareRow](p, `[...document.querySelectorAll("#compare-table tr[data-algorithm]")].map((r) => ({algorithm: r.dataset.algorithm, cells: [...r.cells].map((c) => c.textContent.trim())}))`)
	bars := eval[[]float64](p, `[...document.querySelectorAll("#compare-chart rect.bar")].map((r) => r.width.baseVal.value)`)

	// The page's rows are the API's rows for the same board.
	var api struct {
		Rows []struct {
			Algorithm string `json:"algorithm"`
			Label     string `json:"label"`
			Heuristic string `json:"heuristic"`
		} `json:"rows"`
	}
	client := &http.Client{Transport: &http.Transport{}}
	defer client.CloseIdleConnections()
	r := post(p.ctx, client, p.url+"/api/sliding/compare", map[string]any{"board": browserBoard, "size": "3x3", "goal": spiralGoal})
	if r.err != nil || r.status != http.StatusOK || json.Unmarshal(r.body, &api) != nil {
		t.Fatalf("POST /api/sliding/compare: status %d, %v: %s", r.status, r.err, clip(r.body))
	}
	var fromAPI, fromPage []string
	labels := map[string]string{} // the server's label of each row
	for _, row := range api.Rows {
		fromAPI = append(fromAPI, row.Algorithm+" "+row.Heuristic)
		labels[row.Algorithm+" "+row.Heuristic] = row.Label
	}
	for _, row := range rows {
		if len(row.Cells) == 0 || row.Cells[0] != labels[row.Algorithm] {
			t.Errorf("row %q is named %q; the server's label is %q", row.Algorithm, row.Cells[:min(1, len(row.Cells))], labels[row.Algorithm])
		}
	}
	for _, row := range rows {
		fromPage = append(fromPage, row.Algorithm)
	}
	slices.Sort(fromAPI)
	slices.Sort(fromPage)
	if !slices.Equal(fromAPI, fromPage) || len(rows) < 10 {
		t.Fatalf("#compare-table rows (data-algorithm) %q\nthe API's rows for the board %q (want about 15)", fromPage, fromAPI)
	}
	if len(bars) != len(rows) {
		t.Errorf("#compare-chart has %d rect.bar, #compare-table %d rows", len(bars), len(rows))
	}
	optimal := 0
	logs := make([]float64, len(rows))
	for i, row := range rows {
		if len(row.Cells) != len(header) {
			t.Fatalf("row %q has %d cells, the header %d", row.Algorithm, len(row.Cells), len(header))
		}
		length, err := strconv.Atoi(row.Cells[lengthCol])
		isOptimal := strings.EqualFold(row.Cells[optimalCol], "yes")
		switch {
		case err == nil && isOptimal:
			optimal++
			if length != want {
				t.Errorf("row %q: length %d marked optimal; the optimum is %d", row.Algorithm, length, want)
			}
		case err == nil && length < want:
			t.Errorf("row %q: length %d is shorter than the optimum %d", row.Algorithm, length, want)
		case err != nil && isOptimal:
			t.Errorf("row %q: optimal but no length: %q", row.Algorithm, row.Cells[lengthCol])
		}
		expanded, err := strconv.ParseInt(strings.Map(func(r rune) rune {
			if r >= '0' && r <= '9' {
				return r
			}
			return -1
		}, row.Cells[expandedCol]), 10, 64)
		if err != nil {
			t.Fatalf("row %q: expanded %q is not a number", row.Algorithm, row.Cells[expandedCol])
		}
		logs[i] = math.Log10(float64(expanded) + 1)
	}
	if optimal < 3 {
		t.Errorf("only %d rows are marked optimal with a length (bfs, A* and the table at least should be)", optimal)
	}
	// Bar widths are proportional to log10(expanded+1): sorted, the widths
	// are the sorted logarithms times one scale.
	if len(bars) == len(rows) {
		slices.Sort(bars)
		slices.Sort(logs)
		if scale := bars[len(bars)-1] / logs[len(logs)-1]; logs[len(logs)-1] > 0 {
			for i, w := range bars {
				if want := scale * logs[i]; math.Abs(w-want) > 0.01*bars[len(bars)-1]+0.05 {
					t.Errorf("bar widths %.2f are not proportional to log10(expanded+1) %.3f", bars, logs)
					break
				}
			}
		}
	}
	t.Logf("%d rows, %d bars, %d optimal rows of length %d; status %q", len(rows), len(bars), optimal, want, status)
	p.screenshot("compare")
}

// The Sudoku of the browser test: one of Norvig's hard puzzles.
const browserSudoku = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"

func testSudoku(p *page) {
	t := p.t
	p.showTab("sudoku")
	p.setControl("#sudoku-input", "123")
	if state, status := p.act("sudoku", "#sudoku-solve", 5*time.Second); state != "error" || !strings.Contains(status, "this one has 3") {
		t.Errorf("solving the Sudoku 123: data-state %s: %q; want error, naming the 3 cells", state, status)
	}
	p.setControl("#sudoku-input", browserSudoku)
	eval[bool](p, `(() => { const c = document.getElementById("sudoku-first"); if (c.checked) c.click(); return true; })()`)
	state, status := p.act("sudoku", "#sudoku-solve", 15*time.Second)
	if state != "done" {
		t.Fatalf("solving the Sudoku: data-state %s: %s", state, status)
	}
	if !strings.Contains(status, "unique solution") || strings.Contains(status, "not unique") {
		t.Errorf("#sudoku-status = %q, want it to say unique solution", status)
	}
	type cell struct {
		Text   string `json:"text"`
		Given  bool   `json:"given"`
		Filled bool   `json:"filled"`
	}
	cells := eval[[]cell](p, `[...document.querySelectorAll("#sudoku-grid .cell")].map((c) => ({text: c.textContent.trim(), given: c.classList.contains("given"), filled: c.classList.contains("filled")}))`)
	if len(cells) != 81 {
		t.Fatalf("#sudoku-grid has %d cells, want 81", len(cells))
	}
	var grid strings.Builder
	for i, c := range cells {
		given := browserSudoku[i] != '.'
		if c.Given != given || c.Filled == given {
			t.Errorf("cell %d (%q): given %v, filled %v; the puzzle has %q there", i+1, c.Text, c.Given, c.Filled, browserSudoku[i])
		}
		if len(c.Text) != 1 {
			t.Fatalf("cell %d shows %q, not one digit", i+1, c.Text)
		}
		grid.WriteString(c.Text)
	}
	if err := validSudoku(browserSudoku, grid.String()); err != nil {
		t.Errorf("the drawn grid %s: %v", grid.String(), err)
	}
	t.Logf("status %q, grid %s", status, grid.String())
	p.screenshot("sudoku")
}

// The one-stroke board of the browser test (package stroke's testdata).
const browserStroke = "6\nBGGBRB\nBRBBRG\nRRRRRG\nGRRRGR\nRRORRG\nBRRBGB\n"

func testStroke(p *page) {
	t := p.t
	boards, err := stroke.ParseAll(strings.NewReader(browserStroke))
	if err != nil || len(boards) != 1 {
		t.Fatalf("parse the test board: %v", err)
	}
	b := boards[0]
	ref, err := stroke.Solve(context.Background(), b, stroke.Options{})
	if err != nil {
		t.Fatal(err)
	}

	p.showTab("stroke")
	p.setControl("#stroke-text", browserStroke)
	p.do("click #stroke-load", chromedp.Click(chromedp.CSS("#stroke-load")))
	poll[bool](p, "#stroke-board to show the loaded board", fmt.Sprintf(`(() => {
		const cells = [...document.querySelectorAll("#stroke-board .cell")].map((c) => c.dataset.colour).join("");
		return cells === %s;
	})()`, js(string(b.Cells))), 5*time.Second, `[...document.querySelectorAll("#stroke-board .cell")].map((c) => c.dataset.colour).join("") + " / " + document.getElementById("stroke-status").textContent`)

	state, status := p.act("stroke", "#stroke-solve", 15*time.Second)
	if state != "done" {
		t.Fatalf("solving the board: data-state %s: %s", state, status)
	}
	wantStatus := fmt.Sprintf("%c %d", ref.Colour, ref.Length)
	if !strings.Contains(status, wantStatus) {
		t.Errorf("#stroke-status = %q, want it to say %q", status, wantStatus)
	}
	type ordered struct {
		Index int    `json:"index"`
		Order string `json:"order"`
		Text  string `json:"text"`
	}
	marked := eval[[]ordered](p, `[...document.querySelectorAll("#stroke-board .cell")].map((c, i) => ({index: i, order: c.dataset.order ?? "", text: c.textContent.trim()})).filter((c) => c.order !== "")`)
	if len(marked) != ref.Length {
		t.Fatalf("%d cells have data-order, want the chain's %d", len(marked), ref.Length)
	}
	path := make([][2]int, ref.Length)
	seen := make([]bool, ref.Length)
	for _, m := range marked {
		k, err := strconv.Atoi(m.Order)
		if err != nil || k < 1 || k > ref.Length || seen[k-1] {
			t.Fatalf("cell %d has data-order %q: not one of 1..%d once each", m.Index, m.Order, ref.Length)
		}
		seen[k-1] = true
		if m.Text != m.Order {
			t.Errorf("cell %d with data-order %s shows %q", m.Index, m.Order, m.Text)
		}
		path[k-1] = [2]int{m.Index/b.Cols + 1, m.Index%b.Cols + 1}
	}
	if err := legalChain(b.Rows, b.Cols, func(r, c int) byte { return b.At(r, c) }, string(ref.Colour), path); err != nil {
		t.Errorf("the drawn chain %v: %v", path, err)
	}
	points := eval[int](p, `(document.getElementById("stroke-chain")?.points?.numberOfItems) ?? -1`)
	if points != ref.Length {
		t.Errorf("#stroke-chain has %d points, want %d", points, ref.Length)
	}
	t.Logf("status %q, chain %v", status, path)
	p.screenshot("stroke")
}
