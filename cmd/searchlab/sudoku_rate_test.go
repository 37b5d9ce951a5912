package main

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
)

const (
	rateEasy    = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
	rateSolved  = "483921657967345821251876493548132976729564138136798245372689514814253769695417382"
	rateMulti   = "123456789........................................................................"
	rateNone    = "12345678.........9..............................................................."
	ratePointed = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
)

// TestSudokuRateCommands runs rate, hint and explain on inputs whose
// answers Sudoku Explainer gives (the ratings) or that the definitions fix.
func TestSudokuRateCommands(t *testing.T) {
	grid := "0 0 3 0 2 0 6 0 0\n9 0 0 3 0 5 0 0 1\n0 0 1 8 0 6 4 0 0\n0 0 8 1 0 2 9 0 0\n7 0 0 0 0 0 0 0 8\n0 0 6 7 0 8 2 0 0\n0 0 2 6 0 9 5 0 0\n8 0 0 2 0 3 0 0 9\n0 0 5 0 1 0 3 0 0\n"
	for _, c := range []struct {
		name, in string
		args     []string
		want     string
		code     int
	}{
		{"rate", ratePointed + "\n" + rateEasy + "\n" + rateMulti + "\n" + rateNone + "\n", []string{"rate", "--jobs", "3"},
			"2.6 1.2 1.2\n1.2 1.2 1.2\nmore than one solution\nno solution\n", 0},
		{"rate grid", grid, []string{"rate"}, "1.2 1.2 1.2\n", 0},
		{"hint", ratePointed + "\n" + rateSolved + "\n" + rateMulti + "\n", []string{"hint"},
			"1.2 Hidden Single 4 in block 4 (r6c2): places 4 in r6c2\nsolved\nmore than one solution\n", 0},
		{"bad line", rateEasy + "\nxyz\n", []string{"rate"}, "1.2 1.2 1.2\n", 2},
		{"conflict", "11" + rateEasy[2:] + "\n", []string{"rate"}, "", 2},
		{"4x4", "1...............\n", []string{"hint"}, "", 2},
		{"bad jobs", rateEasy, []string{"rate", "--jobs", "0"}, "", 2},
		{"bad format", rateEasy, []string{"explain", "--format", "nope"}, "", 2},
	} {
		t.Run(c.name, func(t *testing.T) {
			code, out, errOut := runCLI(t, c.in, append([]string{"sudoku"}, c.args...)...)
			if code != c.code || out != c.want {
				t.Errorf("exit %d, stdout %q, stderr %q; want %d and %q", code, out, errOut, c.code, c.want)
			}
			if c.code == 2 && !strings.Contains(errOut, "line") && !strings.Contains(errOut, "--") {
				t.Errorf("stderr %q names neither the line nor the flag", errOut)
			}
		})
	}
}

// TestSudokuExplainMatchesRate checks that explain's steps end in the
// rating rate prints, that the JSON of both carries the same steps, and
// that ER is the hardest step and ED the first.
func TestSudokuExplainMatchesRate(t *testing.T) {
	_, text, _ := runCLI(t, ratePointed+"\n"+rateEasy+"\n", "sudoku", "explain")
	_, rates, _ := runCLI(t, ratePointed+"\n"+rateEasy+"\n", "sudoku", "rate")
	blocks := strings.Split(strings.TrimSuffix(text, "\n"), "\n\n")
	rl := strings.Split(strings.TrimSuffix(rates, "\n"), "\n")
	if len(blocks) != 2 || len(rl) != 2 {
		t.Fatalf("explain printed %d puzzles, rate %d; want 2", len(blocks), len(rl))
	}
	for i, b := range blocks {
		lines := strings.Split(b, "\n")
		if last := lines[len(lines)-1]; last != "rating "+rl[i] {
			t.Errorf("puzzle %d: explain ends %q, rate says %q", i+1, last, rl[i])
		}
	}
	_, js, _ := runCLI(t, ratePointed+"\n", "sudoku", "explain", "--json")
	var a struct {
		Unique     bool
		ER, EP, ED float64
		Steps      []struct {
			Difficulty   float64
			Text         string
			Placements   []struct{ Cell, Digit int }
			Eliminations []struct{ Cell, Digit int }
		}
	}
	if err := json.Unmarshal([]byte(js), &a); err != nil {
		t.Fatal(err)
	}
	if !a.Unique || len(a.Steps) != len(strings.Split(blocks[0], "\n"))-1 {
		t.Fatalf("explain --json: unique %v, %d steps; the text has %d", a.Unique, len(a.Steps), len(strings.Split(blocks[0], "\n"))-1)
	}
	hardest := 0.0
	for _, s := range a.Steps {
		hardest = max(hardest, s.Difficulty)
		if len(s.Placements)+len(s.Eliminations) == 0 || s.Text == "" {
			t.Errorf("step %q does nothing or has no text", s.Text)
		}
	}
	if a.ER != hardest || a.ED != a.Steps[0].Difficulty {
		t.Errorf("ER %.1f ED %.1f; the steps' hardest is %.1f, the first %.1f", a.ER, a.ED, hardest, a.Steps[0].Difficulty)
	}
	_, hj, _ := runCLI(t, ratePointed+"\n", "sudoku", "hint", "--json")
	var h struct {
		Step struct{ Text string }
	}
	if err := json.Unmarshal([]byte(hj), &h); err != nil || h.Step.Text != a.Steps[0].Text {
		t.Errorf("hint --json %s: want the first step %q (%v)", hj, a.Steps[0].Text, err)
	}
}

// TestSudokuGenerateLevel checks generate --level and --rating: puzzles in
// the range, the same for the same seed, and the flag faults.
func TestSudokuGenerateLevel(t *testing.T) {
	code, out, errOut := runCLI(t, "", "sudoku", "generate", "--level", "easy", "--count", "3", "--seed", "4")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	_, again, _ := runCLI(t, "", "sudoku", "generate", "--level", "easy", "--count", "3", "--seed", "4")
	if again != out {
		t.Errorf("the same seed gave\n%s and\n%s", out, again)
	}
	_, rates, _ := runCLI(t, out, "sudoku", "rate")
	for _, l := range strings.Split(strings.TrimSpace(rates), "\n") {
		if !strings.HasPrefix(l, "2.") || l < "2.1" {
			t.Errorf("generate --level easy gave a puzzle rated %q", l)
		}
	}
	_, out, _ = runCLI(t, "", "sudoku", "generate", "--rating", "3.0-3.9", "--seed", "4")
	_, rates, _ = runCLI(t, out, "sudoku", "rate")
	if !strings.HasPrefix(rates, "3.") {
		t.Errorf("generate --rating 3.0-3.9 gave %q rated %q", out, rates)
	}
	for _, c := range []struct {
		args   []string
		lo, hi float64
	}{
		{[]string{"--level", "expert", "--count", "2"}, 6.0, 12.0},
		{[]string{"--rating", "7.0-8.0"}, 7.0, 8.0},
	} {
		_, out, errOut := runCLI(t, "", append([]string{"sudoku", "generate", "--seed", "4"}, c.args...)...)
		_, rates, _ := runCLI(t, out, "sudoku", "rate")
		for _, l := range strings.Split(strings.TrimSpace(rates), "\n") {
			var er float64
			if _, err := fmt.Sscan(l, &er); err != nil || er < c.lo || er > c.hi {
				t.Errorf("generate %v gave %q, rated %q (%s)", c.args, out, l, errOut)
			}
		}
	}
	for _, args := range [][]string{
		{"--level", "hard"}, {"--rating", "8-7"}, {"--level", "easy", "--rating", "2-3"},
		{"--level", "easy", "--box", "4"}, {"--level", "easy", "--clues", "30"}, {"--level", "easy", "--tries", "0"},
	} {
		if code, _, errOut := runCLI(t, "", append([]string{"sudoku", "generate", "--seed", "1"}, args...)...); code != 2 {
			t.Errorf("generate %v: exit %d (%s), want 2", args, code, errOut)
		}
	}
	if code, _, _ := runCLI(t, "", "sudoku", "generate", "--rating", "19.9", "--tries", "2", "--seed", "1"); code != 1 {
		t.Errorf("an unreachable rating: exit %d, want 1", code)
	}
}
