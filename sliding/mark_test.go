package sliding_test

import (
	"testing"

	"github.com/searchlab/searchlab/sliding"
)

// TestMark checks the one rule by which every door marks a length not
// proven the fewest: in parentheses on the line formats, nowhere on the
// Baekjoon formats.
func TestMark(t *testing.T) {
	moves := []sliding.Move{sliding.Up, sliding.Left}
	tests := []struct {
		sol    sliding.Solution
		format sliding.Format
		path   bool
		want   string
	}{
		{sliding.Solution{Moves: moves, Optimal: true, Bound: 2, Method: "table"}, sliding.Line, false, "2\n"},
		{sliding.Solution{Moves: moves, Method: "wastar+linear*5"}, sliding.Line, false, "2 (not proven optimal: wastar+linear*5)\n"},
		{sliding.Solution{Moves: moves, Method: "anytime+linear*5", Bound: 1}, sliding.Grid, true, "2 UL (not proven optimal: anytime+linear*5; at least 1)\n"},
		{sliding.Solution{Moves: moves, Method: "dfs"}, "", false, "2 (not proven optimal: dfs)\n"},
		{sliding.Solution{Moves: moves, Method: "dfs"}, sliding.BOJ11112, false, "2\n"},
		{sliding.Solution{Moves: moves, Method: "dfs"}, sliding.BOJ1525, false, "2\n"},
	}
	for _, tc := range tests {
		var moves []sliding.Move
		if tc.path {
			moves = tc.sol.Moves
		}
		if got := string(sliding.AppendMarked(nil, tc.format, tc.sol.Len(), moves, tc.sol.Mark())); got != tc.want {
			t.Errorf("%+v in %q: %q, want %q", tc.sol, tc.format, got, tc.want)
		}
		if tc.format == sliding.Line {
			if got := tc.sol.Line(tc.path) + "\n"; got != tc.want {
				t.Errorf("Line of %+v: %q, want %q", tc.sol, got, tc.want)
			}
		}
	}
	if got := string(sliding.AppendMarked(nil, sliding.Line, -1, nil, "not proven optimal: dfs")); got != "impossible\n" {
		t.Errorf("unsolvable: %q", got)
	}
}
