package sudoku_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/searchlab/searchlab/search"
	"github.com/searchlab/searchlab/sudoku"
)

// AnswerText writes the answers of a bulk input as "searchlab sudoku"
// prints them.
func ExampleAnswerText() {
	input := "1.3.............\n" + // two solutions: the first is written
		"11..............\n" + // conflicting givens
		"1...............\n"
	b := sudoku.Batch{Options: sudoku.Options{Limit: 1, First: true}, Append: sudoku.AnswerText{}.Append}
	_, err := b.Run(context.Background(), strings.NewReader(input), os.Stdout)
	var pe *sudoku.PuzzleError
	fmt.Println(errors.As(err, &pe), pe.Line, errors.Is(err, sudoku.ErrInvalid))
	fmt.Println(err)

	b = sudoku.Batch{Options: sudoku.Options{Limit: 2, NoSolution: true}, Append: sudoku.AnswerText{Count: true}.Append}
	b.Run(context.Background(), strings.NewReader("1.3.............\n1234341221434321\n"), os.Stdout)
	// Output:
	// 1234341221434321
	// true 2 true
	// sudoku: line 2: conflicting givens: r1c1 and r1c2 are both 1
	// 2
	// 1
}

// TestAnswerText checks the text of each kind of answer, in the line and
// a grid format, first and later.
func TestAnswerText(t *testing.T) {
	solved, err := sudoku.ParseLine("1234341221434321")
	if err != nil {
		t.Fatal(err)
	}
	grid := "1 2 3 4\n3 4 1 2\n2 1 4 3\n4 3 2 1\n"
	tests := []struct {
		name string
		text sudoku.AnswerText
		a    sudoku.Answer
		want string
	}{
		{"line", sudoku.AnswerText{}, sudoku.Answer{Seq: 3, Result: sudoku.Result{Count: 1, Solution: solved}}, "1234341221434321\n"},
		{"no solution", sudoku.AnswerText{}, sudoku.Answer{Seq: 1}, "no solution\n"},
		{"first grid", sudoku.AnswerText{Format: sudoku.FormatGrid}, sudoku.Answer{Result: sudoku.Result{Count: 1, Solution: solved}}, grid},
		{"later grid", sudoku.AnswerText{Format: sudoku.FormatGrid}, sudoku.Answer{Seq: 1, Result: sudoku.Result{Count: 1, Solution: solved}}, "\n" + grid},
		{"first grid after another input", sudoku.AnswerText{Format: sudoku.FormatGrid, Continued: true}, sudoku.Answer{Result: sudoku.Result{Count: 1, Solution: solved}}, "\n" + grid},
		{"later grid without a solution", sudoku.AnswerText{Format: sudoku.FormatBOJ2580}, sudoku.Answer{Seq: 2}, "\nno solution\n"},
		{"count", sudoku.AnswerText{Count: true, Format: sudoku.FormatGrid}, sudoku.Answer{Seq: 2, Result: sudoku.Result{Count: 872}}, "872\n"},
		{"error", sudoku.AnswerText{}, sudoku.Answer{Seq: 2, Err: sudoku.ErrLimit}, ""},
	}
	for _, tc := range tests {
		got, err := tc.text.Append([]byte("x"), &tc.a)
		if err != nil || string(got) != "x"+tc.want {
			t.Errorf("%s: appended %q, %v; want %q", tc.name, got[1:], err, tc.want)
		}
	}
}

// TestPuzzleError checks that every path of Batch.Run stops at a puzzle
// whose search fails with a *PuzzleError naming its line and guesses.
func TestPuzzleError(t *testing.T) {
	input := strings.Repeat("1234341221434321\n", 3) + "\n" + strings.Repeat(".", 81) + "\n"
	for _, jobs := range []int{1, 2} {
		for _, timed := range []bool{false, true} {
			b := sudoku.Batch{Options: sudoku.Options{Limit: 2, Limits: search.Limits{MaxNodes: 5}}, Jobs: jobs, Timed: timed, Append: sudoku.AnswerText{}.Append}
			var out strings.Builder
			_, err := b.Run(context.Background(), strings.NewReader(input), &out)
			var pe *sudoku.PuzzleError
			if !errors.As(err, &pe) || pe.Line != 5 || pe.Guesses < 5 || !errors.Is(err, sudoku.ErrLimit) || out.String() != strings.Repeat("1234341221434321\n", 3) {
				t.Errorf("%d jobs, timed %v: wrote %q, error %v (%#v)", jobs, timed, out.String(), err, pe)
			}
		}
	}
}

func TestBatchStatsString(t *testing.T) {
	core := sudoku.CoreName()
	tests := []struct {
		st   sudoku.BatchStats
		want string
	}{
		{sudoku.BatchStats{Jobs: 1}, "sudoku: 0 puzzles in 0s (0 puzzles/s, 1 jobs, core " + core + ")"},
		{sudoku.BatchStats{Puzzles: 95, Jobs: 2, Elapsed: 12345 * time.Microsecond, Slowest: 1234567, SlowestLine: 12},
			"sudoku: 95 puzzles in 12ms (7695 puzzles/s, 2 jobs, core " + core + "); slowest: line 12 (1.235ms)"},
	}
	for _, tc := range tests {
		if got := tc.st.String(); got != tc.want {
			t.Errorf("%#v:\n got %q\nwant %q", tc.st, got, tc.want)
		}
	}
}

func TestBatchStatsJobs(t *testing.T) {
	for _, jobs := range []int{0, 1, 3} {
		b := sudoku.Batch{Options: sudoku.Options{Limit: 1}, Jobs: jobs}
		st, err := b.Run(context.Background(), strings.NewReader("1234341221434321\n"), io.Discard)
		if err != nil || st.Jobs != max(jobs, 1) || st.Puzzles != 1 {
			t.Errorf("Jobs %d: %+v, %v", jobs, st, err)
		}
	}
}

// CountGuesses tells an easy puzzle from a hard one.
func ExampleCountGuesses() {
	easy, _ := sudoku.ParseLine("..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..")
	hard, _ := sudoku.ParseLine("48.3............71.2.......7.5....6....2..8.............1.76...3.....4......5....")
	e, _ := sudoku.CountGuesses(context.Background(), easy)
	h, _ := sudoku.CountGuesses(context.Background(), hard)
	fmt.Println(e, h > 0)
	// Output: 0 true
}
