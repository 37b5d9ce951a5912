package sudoku_test

import (
	"bufio"
	"context"
	"errors"
	"os"
	"testing"

	"github.com/searchlab/searchlab/sudoku"
)

// explainPuzzles reads puzzles for the explaining solver's tests: the
// unique puzzles of the README's examples (the first three easy for the
// plain backtracker, the next two built to be hard for it) and generated
// ones of sizes 4x4 and 9x9.
func explainPuzzles(t *testing.T) []sudoku.Grid {
	t.Helper()
	var out []sudoku.Grid
	f, err := os.Open("../examples/sudoku.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() && len(out) < 5 {
		g, err := sudoku.ParseLine(sc.Text())
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, g)
	}
	for _, box := range []int{2, 2, 3, 3, 3} {
		gen, err := sudoku.NewGenerator(box, uint64(len(out)+1))
		if err != nil {
			t.Fatal(err)
		}
		p, _, err := gen.Generate(context.Background(), 0)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, p)
	}
	return out
}

// replay applies an explanation's steps to the puzzle, as a reader of the
// trace would: placements and guesses fill cells (each must be legal in
// the grid so far), a backtrack restores the grid before its guess. It
// returns the grid at the end.
func replay(t *testing.T, p sudoku.Grid, steps []sudoku.TraceStep) sudoku.Grid {
	t.Helper()
	g := p.Clone()
	var saved []sudoku.Grid
	n := g.N()
	for k, s := range steps {
		switch s.Kind {
		case sudoku.StepNakedSingle, sudoku.StepHiddenSingle, sudoku.StepGuess:
			if g.Cells[s.Cell] != 0 {
				t.Fatalf("step %d %+v: the cell holds %d already", k, s, g.Cells[s.Cell])
			}
			if s.Kind == sudoku.StepGuess {
				saved = append(saved, g.Clone())
			}
			g.Cells[s.Cell] = uint8(s.Value)
			if err := g.Check(); err != nil {
				t.Fatalf("step %d %+v breaks the grid: %v", k, s, err)
			}
		case sudoku.StepBacktrack:
			if len(saved) == 0 {
				t.Fatalf("step %d: backtrack with no open guess", k)
			}
			g = saved[len(saved)-1]
			saved = saved[:len(saved)-1]
			if len(saved) != s.Depth {
				t.Fatalf("step %d: depth %d after backtrack, %d guesses open", k, s.Depth, len(saved))
			}
		case sudoku.StepLockedCandidate:
			if len(s.Removed) == 0 || s.Unit == "" {
				t.Fatalf("step %d: locked candidate without removals or unit: %+v", k, s)
			}
			for _, i := range s.Removed {
				if i < 0 || i >= n*n || g.Cells[i] != 0 {
					t.Fatalf("step %d: removal from cell %d, which is not empty", k, i)
				}
			}
		case sudoku.StepContradiction, sudoku.StepSolved:
		default:
			t.Fatalf("step %d: unknown kind %q", k, s.Kind)
		}
		if s.Reason == "" {
			t.Fatalf("step %d %+v has no reason", k, s)
		}
	}
	return g
}

// TestExplainAgreesWithSolve checks the explaining solver against the fast
// solver and the reference backtracker: the same unique solution, reached
// by legal steps that a replay turns into that solution.
func TestExplainAgreesWithSolve(t *testing.T) {
	t.Parallel()
	kinds := map[sudoku.StepKind]int{}
	for k, p := range explainPuzzles(t) {
		ref, err := sudoku.Solve(context.Background(), p, sudoku.Options{Limit: 2})
		if err != nil || ref.Count != 1 {
			t.Fatalf("puzzle %d: Solve count %d, %v; want one solution", k, ref.Count, err)
		}
		if k < 3 || k >= 5 {
			bt, err := sudoku.Backtrack(context.Background(), p, sudoku.Options{Limit: 1})
			if err != nil || string(bt.Solution.Cells) != string(ref.Solution.Cells) {
				t.Fatalf("puzzle %d: the backtracker disagrees with Solve", k)
			}
		}
		ex, err := sudoku.Explain(context.Background(), p, 1<<20)
		if err != nil {
			t.Fatalf("puzzle %d: %v", k, err)
		}
		if string(ex.Solution.Cells) != string(ref.Solution.Cells) {
			t.Fatalf("puzzle %d: Explain's solution\n%v\nSolve's\n%v", k, ex.Solution, ref.Solution)
		}
		if ex.Truncated {
			t.Fatalf("puzzle %d: truncated at 2^20 steps", k)
		}
		end := replay(t, p, ex.Steps)
		if string(end.Cells) != string(ref.Solution.Cells) {
			t.Fatalf("puzzle %d: the replayed steps end on\n%v", k, end)
		}
		if last := ex.Steps[len(ex.Steps)-1]; last.Kind != sudoku.StepSolved {
			t.Errorf("puzzle %d: last step %+v, want solved", k, last)
		}
		var guesses int64
		for _, s := range ex.Steps {
			kinds[s.Kind]++
			if s.Kind == sudoku.StepGuess {
				guesses++
			}
		}
		if guesses != ex.Guesses {
			t.Errorf("puzzle %d: %d guess steps, Guesses %d", k, guesses, ex.Guesses)
		}
	}
	for _, k := range []sudoku.StepKind{sudoku.StepNakedSingle, sudoku.StepHiddenSingle, sudoku.StepLockedCandidate, sudoku.StepGuess, sudoku.StepContradiction, sudoku.StepBacktrack} {
		if kinds[k] == 0 {
			t.Errorf("no %s step over all puzzles; want the tests to show every rule", k)
		}
	}
}

// TestExplainNoSolution: a puzzle without a solution ends in a
// contradiction with no guess open, and no solution.
func TestExplainNoSolution(t *testing.T) {
	t.Parallel()
	// Row 1 needs a 9 in its last cell, but column 9 has one already.
	p, err := sudoku.ParseLine("12345678." + "........9" + "...............................................................")
	if err != nil {
		t.Fatal(err)
	}
	ex, err := sudoku.Explain(context.Background(), p, 0)
	if err != nil {
		t.Fatal(err)
	}
	if ex.Solution.Cells != nil {
		t.Fatalf("a solution for an impossible puzzle:\n%v", ex.Solution)
	}
	last := ex.Steps[len(ex.Steps)-1]
	if last.Kind != sudoku.StepContradiction || last.Depth != 0 {
		t.Errorf("last step %+v, want a contradiction with no guess open", last)
	}
}

func TestExplainCapAndErrors(t *testing.T) {
	t.Parallel()
	p, err := sudoku.ParseLine("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......")
	if err != nil {
		t.Fatal(err)
	}
	full, err := sudoku.Explain(context.Background(), p, 1<<20)
	if err != nil {
		t.Fatal(err)
	}
	ex, err := sudoku.Explain(context.Background(), p, 5)
	if err != nil || len(ex.Steps) != 5 || !ex.Truncated || ex.Dropped != int64(len(full.Steps)-5) {
		t.Fatalf("cap 5: %d steps, truncated %v, dropped %d of %d, %v", len(ex.Steps), ex.Truncated, ex.Dropped, len(full.Steps), err)
	}
	if string(ex.Solution.Cells) != string(full.Solution.Cells) {
		t.Error("a capped explanation did not finish the solve")
	}
	bad := p.Clone()
	bad.Cells[1] = 4 // a second 4 in row 1
	var conflict *sudoku.ConflictError
	if _, err := sudoku.Explain(context.Background(), bad, 0); !errors.As(err, &conflict) {
		t.Errorf("conflicting givens: %v, want a ConflictError", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := sudoku.Explain(ctx, p, 0); !errors.Is(err, context.Canceled) {
		t.Errorf("a cancelled context: %v", err)
	}
}
