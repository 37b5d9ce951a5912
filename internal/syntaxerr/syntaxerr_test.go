package syntaxerr_test

import (
	"testing"

	"github.com/searchlab/searchlab/internal/syntaxerr"
)

func TestMessage(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		pkg  string
		line int
		msg  string
		want string
	}{
		{"sliding", 0, "want 9 tiles, got 8", "sliding: want 9 tiles, got 8"},
		{"sudoku", 1, "81 cells wanted", "sudoku: line 1: 81 cells wanted"},
		{"stroke", 12, "board has no player O", "stroke: line 12: board has no player O"},
	} {
		if got := syntaxerr.Message(tc.pkg, tc.line, tc.msg); got != tc.want {
			t.Errorf("Message(%q, %d, %q) = %q, want %q", tc.pkg, tc.line, tc.msg, got, tc.want)
		}
	}
}
