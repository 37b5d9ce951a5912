package web_test

import (
	"context"
	"strings"
	"testing"

	"github.com/searchlab/searchlab/api"
	"github.com/searchlab/searchlab/sudoku"
	"github.com/searchlab/searchlab/web"
)

// TestSudokuRate checks /api/sudoku/rate and /hint against the library's
// Rate and Hint, and their refusals.
func TestSudokuRate(t *testing.T) {
	t.Parallel()
	s := web.New(web.Config{})
	const puzzle = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
	p, _ := sudoku.ParseLine(puzzle)
	wantRating, wantSteps, err := sudoku.Rate(context.Background(), p)
	if err != nil {
		t.Fatal(err)
	}
	var a api.SudokuRating
	if code, _ := postJSON(t, s, "/api/sudoku/rate", `{"puzzle":"`+puzzle+`","steps":true}`, &a); code != 200 {
		t.Fatalf("rate: %d", code)
	}
	if !a.Unique || a.ER != wantRating.ER || a.EP != wantRating.EP || a.ED != wantRating.ED || len(a.Steps) != len(wantSteps) || a.Puzzle != puzzle {
		t.Errorf("rate: %+v; Rate says %v with %d steps", a, wantRating, len(wantSteps))
	}
	a = api.SudokuRating{}
	if code, _ := postJSON(t, s, "/api/sudoku/rate", `{"puzzle":"`+puzzle+`"}`, &a); code != 200 || a.Steps != nil || a.ER != wantRating.ER {
		t.Errorf("rate without steps: %d %+v", code, a)
	}
	var h api.SudokuHint
	if code, _ := postJSON(t, s, "/api/sudoku/hint", `{"puzzle":"`+puzzle+`"}`, &h); code != 200 || h.Step == nil || h.Step.String() != wantSteps[0].String() {
		t.Errorf("hint: %d %+v, want the first step %v", code, h, wantSteps[0])
	}
	multi := "123456789" + strings.Repeat(".", 72)
	a = api.SudokuRating{}
	if code, _ := postJSON(t, s, "/api/sudoku/rate", `{"puzzle":"`+multi+`"}`, &a); code != 200 || a.Unique || a.Solutions != 2 || a.ER != 0 {
		t.Errorf("rate of a puzzle with many solutions: %d %+v", code, a)
	}
	solved := "483921657967345821251876493548132976729564138136798245372689514814253769695417382"
	h = api.SudokuHint{}
	if code, _ := postJSON(t, s, "/api/sudoku/hint", `{"puzzle":"`+solved+`"}`, &h); code != 200 || !h.Solved || h.Step != nil {
		t.Errorf("hint on a solved grid: %d %+v", code, h)
	}
	for _, tt := range []struct {
		path, body string
		status     int
		says       string
	}{
		{"/api/sudoku/rate", `{"puzzle":"44` + puzzle[2:] + `"}`, 422, "4"},
		{"/api/sudoku/rate", `{"puzzle":"1..............."}`, 400, "9x9"},
		{"/api/sudoku/rate", `{"puzzle":"` + puzzle + `","timeout":"soon"}`, 400, "timeout"},
		{"/api/sudoku/hint", `{"puzzle":"` + puzzle + `","steps":true}`, 400, "steps"},
		{"/api/sudoku/hint", `{"puzzle":""}`, 400, "missing"},
		{"/api/sudoku/generate", `{"level":"hard"}`, 400, "level"},
		{"/api/sudoku/generate", `{"rating":"9-8"}`, 400, "rating"},
		{"/api/sudoku/generate", `{"level":"easy","box":2}`, 400, "box"},
		{"/api/sudoku/generate", `{"level":"easy","rating":"2-3"}`, 400, "one of"},
	} {
		var e api.Error
		code, _ := postJSON(t, s, tt.path, tt.body, &e)
		if code != tt.status || !strings.Contains(e.Error, tt.says) {
			t.Errorf("%s %s: %d %q, want %d with %q", tt.path, tt.body, code, e.Error, tt.status, tt.says)
		}
	}
}

// TestSudokuGenerateLevel checks that a puzzle generated to a level is
// rated in the level's range, with its solution, and again the same for
// the same seed.
func TestSudokuGenerateLevel(t *testing.T) {
	t.Parallel()
	s := web.New(web.Config{})
	var g, again api.SudokuPuzzle
	if code, _ := postJSON(t, s, "/api/sudoku/generate", `{"level":"intermediate","seed":9}`, &g); code != 200 {
		t.Fatalf("generate: %d", code)
	}
	postJSON(t, s, "/api/sudoku/generate", `{"level":"intermediate","seed":9}`, &again)
	p, err := sudoku.ParseLine(g.Puzzle)
	if err != nil {
		t.Fatal(err)
	}
	sol, _ := sudoku.ParseLine(g.Solution)
	r, _, err := sudoku.Rate(context.Background(), p)
	if err != nil || r.ER != g.ER || !sudoku.LevelIntermediate.Range().Has(g.ER) || !sol.Solves(p) || again != g {
		t.Errorf("generate: %+v (again %+v); Rate says %v, %v", g, again, r, err)
	}
}
