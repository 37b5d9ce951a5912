package trace_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/searchlab/searchlab/sliding"
	"github.com/searchlab/searchlab/sliding/solve"
	"github.com/searchlab/searchlab/sudoku"
	"github.com/searchlab/searchlab/trace"
)

// TestReadOne checks that the readers take one puzzle, refuse none or
// more than one, and name the text in the faults of its content; every
// fault matches solve.ErrInput.
func TestReadOne(t *testing.T) {
	t.Parallel()
	const sudokuLine = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79\n"
	sliding3 := func(name, in string) error {
		b, err := trace.ReadSliding(strings.NewReader(in), name, sliding.Line, 0, 0)
		if err == nil && b.W != 3 {
			t.Errorf("sliding %q: a %dx%d board", in, b.W, b.H)
		}
		return err
	}
	stroke1 := func(name, in string) error {
		b, err := trace.ReadStroke(strings.NewReader(in), name)
		if err == nil && b == nil {
			t.Errorf("stroke %q: no board", in)
		}
		return err
	}
	sudoku1 := func(name, in string) error {
		_, err := trace.ReadSudoku(strings.NewReader(in), name, sudoku.FormatLine)
		return err
	}
	for _, tc := range []struct {
		what, name, in string
		read           func(name, in string) error
		want           string // the error, "" for none
	}{
		{"sliding", "", "1 2 3 4 0 5 7 8 6\n", sliding3, ""},
		{"sliding, two", "", "1 2 3 4 0 5 7 8 6\n1 2 3 4 5 6 7 8 0\n", sliding3, "want one board in the input, got 2"},
		{"sliding, none", "b.txt", "\n", sliding3, "want one board in the input, got 0"},
		{"sliding, bad", "b.txt", "1 2 3 4 0 5 7 8 8\n", sliding3, "b.txt: sliding: line 1: "},
		{"stroke", "", "3\nGGR\nOGR\nRRR\n", stroke1, ""},
		{"stroke, two", "s.txt", "3\nGGR\nOGR\nRRR\n3\nGGB\nOGR\nRRR\n", stroke1, "want one board in the input, got 2"},
		{"stroke, bad", "s.txt", "3\nGGR\nOGR\n", stroke1, "s.txt: "},
		{"sudoku", "", sudokuLine, sudoku1, ""},
		{"sudoku, none", "p.txt", "", sudoku1, "no puzzle in the input"},
		{"sudoku, two", "", sudokuLine + sudokuLine, sudoku1, "want one puzzle in the input, the input has more"},
		{"sudoku, bad", "p.txt", "53..7\n", sudoku1, "p.txt: "},
	} {
		err := tc.read(tc.name, tc.in)
		switch {
		case tc.want == "" && err != nil:
			t.Errorf("%s: %v", tc.what, err)
		case tc.want != "" && (err == nil || !strings.HasPrefix(err.Error(), tc.want) || !errors.Is(err, solve.ErrInput)):
			t.Errorf("%s: got %v, want %q... matching solve.ErrInput", tc.what, err, tc.want)
		}
	}
}
