package web_test

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/searchlab/searchlab/api"
	"github.com/searchlab/searchlab/sliding"
	"github.com/searchlab/searchlab/sliding/solve"
	"github.com/searchlab/searchlab/web"
)

// getMethods asks h for GET /api/methods.
func getMethods(t *testing.T, h http.Handler) solve.MethodList {
	t.Helper()
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/api/methods", nil))
	if rec.Code != http.StatusOK || rec.Header().Get("Content-Type") != "application/json" {
		t.Fatalf("GET /api/methods: status %d, Content-Type %q: %s", rec.Code, rec.Header().Get("Content-Type"), rec.Body)
	}
	var m solve.MethodList
	dec := json.NewDecoder(rec.Body)
	dec.DisallowUnknownFields()
	if err := dec.Decode(&m); err != nil {
		t.Fatalf("GET /api/methods: %v", err)
	}
	return m
}

// TestMethods checks GET /api/methods against what the server does: every
// algorithm sliding knows is listed once, with a label; the default is
// what a request without "algo" gets; each algorithm solves a board, with
// each heuristic it lists, as optimally as it says; a traceable one can be
// traced and the others are refused.
func TestMethods(t *testing.T) {
	t.Parallel()
	s := web.New(web.Config{})
	m := getMethods(t, s)

	labels := map[string]bool{}
	var defaults []string
	listed := map[string]solve.AlgorithmInfo{}
	for _, a := range m.Algorithms {
		if _, err := solve.ParseAlgorithm(string(a.Name)); err != nil {
			t.Errorf("algorithm %q: %v", a.Name, err)
		}
		if a.Label == "" || labels[a.Label] {
			t.Errorf("algorithm %q: label %q empty or not unique", a.Name, a.Label)
		}
		if _, dup := listed[string(a.Name)]; dup {
			t.Errorf("algorithm %q listed twice", a.Name)
		}
		labels[a.Label], listed[string(a.Name)] = true, a
		if a.Default {
			defaults = append(defaults, string(a.Name))
		}
	}
	heuristics := map[string]solve.HeuristicInfo{}
	var defaultHeuristics []string
	for _, h := range m.Heuristics {
		if h.Label == "" || labels[h.Label] {
			t.Errorf("heuristic %q: label %q empty or not unique", h.Name, h.Label)
		}
		labels[h.Label], heuristics[h.Name] = true, h
		if h.Default {
			defaultHeuristics = append(defaultHeuristics, h.Name)
		}
	}
	if len(defaults) != 1 || len(defaultHeuristics) != 1 {
		t.Fatalf("default algorithms %q, default heuristics %q: want one of each", defaults, defaultHeuristics)
	}

	// A board of 12 moves to the standard goal, and its optimum.
	const board = "4 1 2 5 0 3 7 8 6"
	b, err := sliding.ParseGoal("4 1 2 5 0 3 7 8 6", 3, 3)
	if err != nil {
		t.Fatal(err)
	}
	goal := sliding.Standard(3, 3)
	want := sliding.TableFor(goal).Distance(b)

	var plain api.SlidingAnswer
	if code, _ := postJSON(t, s, "/api/sliding/solve", `{"board":"`+board+`"}`, &plain); code != http.StatusOK {
		t.Fatalf("no algo: status %d", code)
	}
	var named api.SlidingAnswer
	if code, _ := postJSON(t, s, "/api/sliding/solve", `{"board":"`+board+`","algo":"`+defaults[0]+`"}`, &named); code != http.StatusOK || named.Method != plain.Method {
		t.Errorf("algo %q (the default): status %d, method %q; without algo, method %q", defaults[0], code, named.Method, plain.Method)
	}

	for _, a := range m.Algorithms {
		hs := []string{""}
		if a.Informed {
			hs = nil
			for _, h := range m.Heuristics {
				if !h.Databases {
					hs = append(hs, h.Name)
				}
			}
		}
		for _, h := range hs {
			body := fmt.Sprintf(`{"board":%q,"algo":%q,"heuristic":%q}`, board, a.Name, h)
			var ans api.SlidingAnswer
			code, _ := postJSON(t, s, "/api/sliding/solve", body, &ans)
			if code != http.StatusOK {
				t.Errorf("%s: status %d", body, code)
				continue
			}
			moves, err := sliding.ParseMoves(ans.Moves)
			if err != nil || sliding.Verify(b, goal, moves) != nil {
				t.Errorf("%s: moves %q do not reach the goal", body, ans.Moves)
			}
			switch {
			case ans.Length < want:
				t.Errorf("%s: %d moves, fewer than the optimum %d", body, ans.Length, want)
			case a.Optimal && (!ans.Optimal || ans.Length != want):
				t.Errorf("%s: listed optimal; answers %d moves, optimal %v (the optimum is %d)", body, ans.Length, ans.Optimal, want)
			case ans.Optimal && ans.Length != want:
				t.Errorf("%s: %d moves marked optimal; the optimum is %d", body, ans.Length, want)
			}
			var tr traceAnswer
			code, _ = postJSON(t, s, "/api/trace/sliding", body, &tr)
			switch {
			case a.Traceable && code != http.StatusOK:
				t.Errorf("trace %s: listed traceable; status %d", body, code)
			case !a.Traceable && code != http.StatusBadRequest:
				t.Errorf("trace %s: listed not traceable; status %d, want 400", body, code)
			case a.Traceable && tr.Start["algorithm"] != string(a.Name):
				t.Errorf("trace %s: start %v", body, tr.Start)
			}
		}
	}
}

// TestMethodsMethod checks that /api/methods answers GET and HEAD only.
func TestMethodsMethod(t *testing.T) {
	t.Parallel()
	s := web.New(web.Config{})
	rec := httptest.NewRecorder()
	s.ServeHTTP(rec, httptest.NewRequest(http.MethodPost, "/api/methods", strings.NewReader("{}")))
	if rec.Code != http.StatusMethodNotAllowed || rec.Header().Get("Allow") != "GET, HEAD" {
		t.Errorf("POST /api/methods: status %d, Allow %q", rec.Code, rec.Header().Get("Allow"))
	}
}

// TestPageNamesNoMethod checks that the page's files hold no name of an
// algorithm or a heuristic: their menus and labels come from
// /api/methods, so that adding a method needs no change to the page.
func TestPageNamesNoMethod(t *testing.T) {
	t.Parallel()
	m := getMethods(t, web.New(web.Config{}))
	var names []string
	for _, a := range m.Algorithms {
		names = append(names, regexp.QuoteMeta(string(a.Name)))
	}
	for _, h := range m.Heuristics {
		names = append(names, regexp.QuoteMeta(h.Name))
	}
	word := regexp.MustCompile(`\b(` + strings.Join(names, "|") + `)\b`)
	files := 0
	err := fs.WalkDir(os.DirFS("static"), ".", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || (filepath.Ext(path) != ".js" && filepath.Ext(path) != ".html") {
			return err
		}
		files++
		data, err := os.ReadFile(filepath.Join("static", path))
		if err != nil {
			return err
		}
		for i, line := range strings.Split(string(data), "\n") {
			if w := word.FindString(line); w != "" {
				t.Errorf("static/%s:%d names the method %q: %s", path, i+1, w, strings.TrimSpace(line))
			}
		}
		return nil
	})
	if err != nil || files < 5 {
		t.Fatalf("reading the page's files: %v (%d files)", err, files)
	}
}

// TestWeight checks that a request's weight reaches weighted A*, solved
// and traced: on the hardest 3x3 board it finds a longer path than the
// fewest with the default weight, and the fewest with weight 1 (plain
// A*).
func TestWeight(t *testing.T) {
	t.Parallel()
	s := web.New(web.Config{})
	const board = "8 6 7 2 5 4 3 0 1"
	b, _ := sliding.ParseGoal(board, 3, 3)
	fewest := sliding.TableFor(sliding.Standard(3, 3)).Distance(b)
	for _, tc := range []struct {
		weight string
		want   func(n int) bool
	}{{"", func(n int) bool { return n > fewest }}, {`,"weight":1`, func(n int) bool { return n == fewest }}} {
		body := fmt.Sprintf(`{"board":%q,"algo":%q%s`, board, sliding.WAStar, tc.weight)
		var ans api.SlidingAnswer
		if code, _ := postJSON(t, s, "/api/sliding/solve", body+"}", &ans); code != http.StatusOK || !tc.want(ans.Length) {
			t.Errorf("solve %s}: status %d, %d moves (the fewest are %d)", body, code, ans.Length, fewest)
		}
		var tr traceAnswer
		if code, _ := postJSON(t, s, "/api/trace/sliding", body+`,"kinds":["goal"]}`, &tr); code != http.StatusOK || tr.End["length"] != float64(ans.Length) {
			t.Errorf("trace %s}: status %d, end %v; solved in %d moves", body, code, tr.End, ans.Length)
		}
	}
	checkErrors(t, s, []errorCase{
		{"/api/sliding/solve", `{"board":"` + board + `","algo":"wastar","weight":-1}`, 400, "weight"},
		{"/api/sliding/solve", `{"board":"` + board + `","algo":"dfs","max_depth":-1}`, 400, "max_depth"},
		{"/api/trace/sliding", `{"board":"` + board + `","algo":"wastar","weight":-2}`, 400, "weight"},
	})
}

// TestCompareLabels checks that every row of a compare carries a label,
// the registry's for the registry's algorithms, so that the page names
// no row itself.
func TestCompareLabels(t *testing.T) {
	t.Parallel()
	s := web.New(web.Config{})
	var c api.CompareAnswer
	if code, _ := postJSON(t, s, "/api/sliding/compare", `{"board":"4 1 2 5 0 3 7 8 6","max_nodes":20000}`, &c); code != http.StatusOK || len(c.Rows) == 0 {
		t.Fatalf("status %d, %d rows", code, len(c.Rows))
	}
	for _, r := range c.Rows {
		a, err := solve.AlgorithmOf(r.Algorithm)
		switch {
		case r.Label == "":
			t.Errorf("row %s %s has no label", r.Algorithm, r.Heuristic)
		case err == nil && r.Label != a.Label:
			t.Errorf("row %s %s: label %q, the registry's %q", r.Algorithm, r.Heuristic, r.Label, a.Label)
		}
	}
}
