package sudoku_test

import (
	"strings"
	"testing"

	"github.com/searchlab/searchlab/sudoku"
)

func TestDetectFormat(t *testing.T) {
	t.Parallel()
	tests := []struct {
		in   string
		want sudoku.Format
	}{
		{strings.Repeat(".", 81) + "\n", sudoku.FormatLine},
		{"\n\n" + strings.Repeat("0", 16), sudoku.FormatLine},
		{"0 0 3 0\n0 1 0 0\n", sudoku.FormatGrid},
		{"\t5 3 0 0 7 0 0 0 0\n", sudoku.FormatGrid},
		{"103000509\n002109400\n", sudoku.FormatBOJ2239},
		{"53..7....\n6..195...\n", sudoku.FormatBOJ2239},
		{"12345678\n", sudoku.FormatLine}, // the parser names the fault
		{"", sudoku.FormatLine},
	}
	for _, tt := range tests {
		if got := sudoku.DetectFormat([]byte(tt.in)); got != tt.want {
			t.Errorf("DetectFormat(%q) = %v, want %v", tt.in, got, tt.want)
		}
	}
}

// TestFormatOf checks that a name wins over the input, that without one
// the format is told from the input, and that an unknown name is refused.
func TestFormatOf(t *testing.T) {
	for _, tc := range []struct {
		name, prefix string
		want         sudoku.Format
		ok           bool
	}{
		{"grid", "53..7....\n", sudoku.FormatGrid, true},
		{"", "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79\n", sudoku.FormatLine, true},
		{"", "5 3 0 0 7 0 0 0 0\n", sudoku.FormatGrid, true},
		{"", "530070000\n", sudoku.FormatBOJ2239, true},
		{"csv", "530070000\n", 0, false},
	} {
		peeked := false
		got, err := sudoku.FormatOf(tc.name, func(int) []byte { peeked = true; return []byte(tc.prefix) })
		if peeked && tc.name != "" {
			t.Errorf("%q: the input was read although a format was named", tc.name)
		}
		if (err == nil) != tc.ok || tc.ok && got != tc.want {
			t.Errorf("%q, %q: got %v, %v; want %v (ok %v)", tc.name, tc.prefix, got, err, tc.want, tc.ok)
		}
	}
}
