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
		{"12345678\n", sudoku.FormatLine}, // the parser names the fault
		{"", sudoku.FormatLine},
	}
	for _, tt := range tests {
		if got := sudoku.DetectFormat([]byte(tt.in)); got != tt.want {
			t.Errorf("DetectFormat(%q) = %v, want %v", tt.in, got, tt.want)
		}
	}
}
