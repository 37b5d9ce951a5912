package web_test

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/searchlab/searchlab/sudoku"
)

// shownCell is what the Sudoku tab draws in one cell of a position: its
// digit, or the candidates it shows, those struck through (removed by the
// step) and the one marked placed, and whether it is a cell of the step.
type shownCell struct {
	Text  string `json:"text"`
	Cands []int  `json:"cands"`
	Elim  []int  `json:"elim"`
	Place []int  `json:"place"`
	Step  bool   `json:"step"`
}

const shownCellsJS = `[...document.querySelectorAll("#sudoku-grid .cell")].map((c) => {
	const ds = (sel) => [...c.querySelectorAll(sel)].map((s) => Number(s.dataset.d));
	const hasCands = c.querySelector(".cands") !== null;
	return {text: hasCands ? "" : c.textContent.trim(), cands: ds(".cands span:not(:empty)"), elim: ds(".cands span.elim"), place: ds(".cands span.place"), step: c.classList.contains("step-cell")};
})`

// peerCandidates returns the digits that no peer of cell i holds in val.
func peerCandidates(val []uint8, i int) []int {
	seen := map[uint8]bool{}
	r, c := i/9, i%9
	for j := range 81 {
		rj, cj := j/9, j%9
		if j != i && (rj == r || cj == c || (rj/3 == r/3 && cj/3 == c/3)) {
			seen[val[j]] = true
		}
	}
	var out []int
	for d := 1; d <= 9; d++ {
		if !seen[uint8(d)] {
			out = append(out, d)
		}
	}
	return out
}

// testSudokuHuman drives Rate, Hint and Steps on the browser Sudoku and
// checks them against the library's Rate and Hint: the rating, the hint's
// cells, candidates and removals, and the steps walked to the solution.
func testSudokuHuman(p *page) {
	t := p.t
	p.showTab("sudoku")
	puzzle, err := sudoku.ParseLine(browserSudoku)
	if err != nil {
		t.Fatal(err)
	}
	rating, steps, err := sudoku.Rate(context.Background(), puzzle)
	if err != nil || len(steps) == 0 {
		t.Fatalf("Rate: %v, %d steps", err, len(steps))
	}
	p.setControl("#sudoku-input", browserSudoku)

	// Rate.
	state, status := p.act("sudoku", "#sudoku-rate", 30*time.Second)
	want := fmt.Sprintf("ER %.1f, EP %.1f, ED %.1f", rating.ER, rating.EP, rating.ED)
	if state != "done" || !strings.Contains(status, want) {
		t.Errorf("Rate: data-state %s: %q; want done, saying %s", state, status, want)
	}
	if got := eval[string](p, `document.getElementById("sudoku-result").textContent`); !strings.Contains(got, rating.String()) {
		t.Errorf("Rate: #sudoku-result says %q, want %q in it", got, rating.String())
	}

	// Hint: the first step, drawn on the puzzle's candidates.
	state, status = p.act("sudoku", "#sudoku-next-step", 30*time.Second)
	hint, ok, err := sudoku.Hint(context.Background(), puzzle)
	if err != nil || !ok {
		t.Fatalf("Hint: %v, %v", ok, err)
	}
	if state != "done" || !strings.Contains(status, hint.Technique) {
		t.Errorf("Hint: data-state %s: %q; want done, naming %s", state, status, hint.Technique)
	}
	if got := eval[string](p, `document.getElementById("sudoku-step").textContent`); !strings.Contains(got, hint.String()) {
		t.Errorf("Hint: #sudoku-step says %q, want %q", got, hint.String())
	}
	cells := eval[[]shownCell](p, shownCellsJS)
	if len(cells) != 81 {
		t.Fatalf("Hint: %d cells drawn, want 81", len(cells))
	}
	for i, c := range cells {
		var elim, place []int
		for _, e := range hint.Eliminations {
			if e.Cell == i {
				elim = append(elim, e.Digit)
			}
		}
		for _, pl := range hint.Placements {
			if pl.Cell == i {
				place = append(place, pl.Digit)
			}
		}
		wantCands := []int(nil)
		wantText := ""
		if v := puzzle.Cells[i]; v != 0 {
			wantText = fmt.Sprint(v)
		} else {
			wantCands = peerCandidates(puzzle.Cells, i)
		}
		if c.Text != wantText || !slices.Equal(c.Cands, wantCands) || !slices.Equal(c.Elim, elim) || !slices.Equal(c.Place, place) || c.Step != slices.Contains(hint.Cells, i) {
			t.Errorf("Hint: cell %d drawn %+v; want text %q, candidates %v, removed %v, placed %v, step cell %v", i, c, wantText, wantCands, elim, place, slices.Contains(hint.Cells, i))
		}
	}
	p.screenshot("sudoku-hint")

	// Steps: the stepper walks the path; the first step's text, then the
	// end, where every cell holds the solution's digit.
	state, status = p.act("sudoku", "#sudoku-explain", 30*time.Second)
	if state != "done" || !strings.Contains(status, fmt.Sprintf("%d steps", len(steps))) {
		t.Errorf("Steps: data-state %s: %q; want done, saying %d steps", state, status, len(steps))
	}
	counter := fmt.Sprintf("0 / %d", len(steps))
	if got := eval[string](p, `document.getElementById("sudoku-steps-counter").textContent`); got != counter {
		t.Errorf("Steps: counter %q, want %q", got, counter)
	}
	p.do("click Step", chromedp.Click(chromedp.CSS("#sudoku-steps-step")))
	if got := eval[string](p, `document.getElementById("sudoku-step").textContent`); !strings.Contains(got, steps[0].String()) {
		t.Errorf("Steps: after one step #sudoku-step says %q, want %q", got, steps[0].String())
	}
	p.do("click End", chromedp.Click(chromedp.CSS("#sudoku-steps-end")))
	sol, err := sudoku.Solve(context.Background(), puzzle, sudoku.Options{Limit: 1})
	if err != nil {
		t.Fatal(err)
	}
	cells = eval[[]shownCell](p, shownCellsJS)
	var grid strings.Builder
	for _, c := range cells {
		grid.WriteString(c.Text)
	}
	if want := sol.Solution.String(); grid.String() != want {
		t.Errorf("Steps: at the end the grid shows %q, want the solution %q", grid.String(), want)
	}
	if got := eval[string](p, `document.getElementById("sudoku-step").textContent`); !strings.Contains(got, steps[len(steps)-1].String()) {
		t.Errorf("Steps: at the end #sudoku-step says %q, want the last step %q", got, steps[len(steps)-1].String())
	}
	p.screenshot("sudoku-steps")
}
