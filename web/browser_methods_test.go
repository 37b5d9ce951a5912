package web_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync/atomic"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/searchlab/searchlab/sliding/solve"
	"github.com/searchlab/searchlab/web"
)

// The browser test's check of the menus: the page names no method itself
// (TestPageNamesNoMethod), so its Sliding, Watch and Race menus must be
// the server's list, in its order and with its labels.

// option is an <option> as the page shows it.
type option struct {
	Value string `json:"value"`
	Text  string `json:"text"`
}

// optionsOf reads the options of the <select> sel.
func optionsOf(p *page, sel string) []option {
	p.t.Helper()
	return eval[[]option](p, fmt.Sprintf(`[...document.querySelectorAll(%s)].map((o) => ({value: o.value, text: o.textContent}))`, js(sel+" option")))
}

// waitMethods waits until the page has read /api/methods.
func waitMethods(p *page) {
	p.t.Helper()
	poll[bool](p, "the page to read /api/methods", `document.body.dataset.methods === "loaded"`, 10*time.Second,
		`"data-methods " + document.body.dataset.methods + ": " + document.getElementById("sliding-algo-hint")?.textContent`)
}

// wantMenus returns the menus the page should build from m: Sliding
// every algorithm, Watch those that can be traced, Race those that can be
// traced and are not depth-limited, once per heuristic without databases
// when informed.
func wantMenus(m solve.MethodList) (sliding, watch, race []option) {
	for _, a := range m.Algorithms {
		sliding = append(sliding, option{string(a.Name), a.Label})
		if !a.Traceable {
			continue
		}
		watch = append(watch, option{string(a.Name), a.Label})
		if a.DepthLimited {
			continue
		}
		if !a.Informed {
			race = append(race, option{string(a.Name), a.Label})
			continue
		}
		for _, h := range m.Heuristics {
			if !h.Databases {
				race = append(race, option{string(a.Name) + ":" + h.Name, a.Label + " (" + h.Label + ")"})
			}
		}
	}
	return sliding, watch, race
}

// checkMenus checks the page's Sliding, Watch and Race menus against m.
func checkMenus(p *page, m solve.MethodList) {
	t := p.t
	t.Helper()
	p.setControl("#sliding-size", "3x3")
	p.setControl("#watch-size", "3x3")
	p.setControl("#race-size", "3x3")
	sl, watch, race := wantMenus(m)
	for _, c := range []struct {
		sel  string
		want []option
	}{{"#sliding-algo", sl}, {"#watch-algo", watch}, {"#race-a", race}, {"#race-b", race}, {"#race-c", append(slices.Clip(race), option{"", "none"})}} {
		if got := optionsOf(p, c.sel); !slices.Equal(got, c.want) {
			t.Errorf("%s offers %v\nthe server's list gives %v", c.sel, got, c.want)
		}
	}
	for _, a := range m.Algorithms {
		if a.Default {
			if got := eval[string](p, `document.getElementById("sliding-algo").value`); got != string(a.Name) {
				t.Errorf("#sliding-algo chooses %q on load; the server's default is %q", got, a.Name)
			}
		}
	}
}

// testMenus checks the menus of the test's page against the server's
// list, then opens the page on a server whose list is another (fewer
// algorithms, in another order, other labels) and checks that the menus
// follow it and that a solve with a method of it works.
func testMenus(p *page) {
	t := p.t
	base := web.New(web.Config{})
	real := getMethods(t, base)
	checkMenus(p, real)

	// Another list: the algorithms in reverse order without the first
	// (the default stays), every label marked.
	other := real
	other.Algorithms = nil
	for i := len(real.Algorithms) - 1; i >= 1; i-- {
		a := real.Algorithms[i]
		a.Label = "«" + a.Label + "»"
		other.Algorithms = append(other.Algorithms, a)
	}
	if !slices.ContainsFunc(other.Algorithms, func(a solve.AlgorithmInfo) bool { return a.Default }) {
		other.Algorithms[0].Default = true
	}
	other.Heuristics = slices.Clone(real.Heuristics)
	for i := range other.Heuristics {
		other.Heuristics[i].Label += "'"
	}
	body, err := json.Marshal(other)
	if err != nil {
		t.Fatal(err)
	}
	var broken atomic.Bool // /api/methods answers 500
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch {
		case r.URL.Path == "/api/methods" && broken.Load():
			http.Error(w, `{"error":"broken"}`, http.StatusInternalServerError)
		case r.URL.Path == "/api/methods":
			w.Header().Set("Content-Type", "application/json")
			w.Write(body)
		default:
			base.ServeHTTP(w, r)
		}
	}))
	defer srv.Close()

	tab, cancel := chromedp.NewContext(p.ctx)
	defer cancel()
	q := &page{t: t, ctx: tab, url: srv.URL}
	q.do("open the page on the other list", chromedp.Navigate(srv.URL+"/"))
	q.recordStates()
	waitMethods(q)
	checkMenus(q, other)

	// The page sends what the menu holds: a solve by the last algorithm
	// of the list that takes a heuristic, with its last heuristic.
	var algo solve.AlgorithmInfo
	for _, a := range other.Algorithms {
		if a.Informed {
			algo = a
		}
	}
	q.setControl("#sliding-algo", string(algo.Name))
	heuristics := optionsOf(q, "#sliding-heuristic")
	h := heuristics[len(heuristics)-1]
	q.setControl("#sliding-heuristic", h.Value)
	q.setControl("#sliding-board", "4 1 2 5 0 3 7 8 6")
	state, status := q.act("sliding", "#sliding-solve", 15*time.Second)
	method := eval[string](q, `[...document.querySelectorAll("#sliding-result dt")].find((d) => d.textContent === "method")?.nextElementSibling?.textContent ?? ""`)
	if state != "done" || !strings.Contains(method, string(algo.Name)) {
		t.Errorf("solving with %s and %s: data-state %s: %s; method %q", algo.Label, h.Text, state, status, method)
	}
	t.Logf("on the other list, %s with %s: %s (method %s)", algo.Label, h.Text, status, method)

	// A server that cannot list its methods: the page says so where the
	// algorithm is chosen, and its menus stay empty rather than made up.
	broken.Store(true)
	q.do("reload the page", chromedp.Reload())
	poll[bool](q, "the page to give up on /api/methods", `document.body.dataset.methods === "error"`, 10*time.Second, `document.body.dataset.methods`)
	hint := eval[string](q, `document.getElementById("sliding-algo-hint").textContent`)
	if !strings.Contains(hint, "methods") || len(optionsOf(q, "#sliding-algo")) != 0 || len(optionsOf(q, "#race-a")) != 0 {
		t.Errorf("without /api/methods: hint %q, menus %v, %v", hint, optionsOf(q, "#sliding-algo"), optionsOf(q, "#race-a"))
	}
}
