package solve_test

import (
	"bytes"
	"fmt"
	"math/big"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/searchlab/searchlab/search"
	"github.com/searchlab/searchlab/sliding"
	"github.com/searchlab/searchlab/sliding/solve"
)

func ExampleCompareOptions_WriteHeader() {
	b, _ := sliding.New(3, 3, []int{8, 6, 7, 2, 5, 4, 3, 0, 1})
	goal := sliding.Standard(3, 3)
	opt := solve.CompareOptions{Limits: search.Limits{MaxNodes: 1000}, Timeout: 10 * time.Second}
	solvable, _ := opt.WriteHeader(os.Stdout, b, goal, 1)
	fmt.Println(solvable)
	b.Tiles[0], b.Tiles[1] = b.Tiles[1], b.Tiles[0]
	solvable, _ = solve.CompareOptions{}.WriteHeader(os.Stdout, b, goal, 2)
	fmt.Println(solvable)
	// Output:
	// board 3x3 (line 1): 8 6 7 / 2 5 4 / 3 0 1
	// goal: 1 2 3 / 4 5 6 / 7 8 0
	// limits for the whole table: at most 1000 expansions, 10s, shared out among the runs; dfs and iddfs depth 31
	//
	// true
	// board 3x3 (line 2): 6 8 7 / 2 5 4 / 3 0 1
	// goal: 1 2 3 / 4 5 6 / 7 8 0
	// impossible: the board cannot reach the goal (permutation parity and blank row), so no search runs
	// false
}

// TestComparisonWriteText checks the columns of each kind of run and the
// notes under the table.
func TestComparisonWriteText(t *testing.T) {
	stats := search.Stats{Expanded: 12, Generated: 34, PeakFrontier: 5, PeakStored: 6, Elapsed: 2400 * time.Nanosecond}
	run := func(algo, h, status string, moves int, optimal bool, bound int) solve.CompareRun {
		return solve.CompareRun{Algorithm: algo, Heuristic: h, Status: status,
			Solution: sliding.Solution{Moves: make([]sliding.Move, moves), Optimal: optimal, Bound: bound, Stats: stats}}
	}
	tests := []struct {
		name    string
		run     solve.CompareRun
		columns string // length, optimal and expanded
	}{
		{"optimal", run("bfs", "-", "ok", 31, true, 31), "31 yes 12"},
		{"not optimal", run("wastar", "linear", "ok", 45, false, 0), "45 no 12"},
		{"anytime with a bound", run("anytime", "linear", "ok", 45, false, 33), "45 >=33 12"},
		{"bound of another algorithm", run("wastar", "linear", "ok", 45, false, 33), "45 no 12"},
		{"node cap", run("dfs", "-", "node-cap", 0, false, 0), "node-cap - 12"},
		{"not run", run("idastar (pdb)", "pdb", "not-run", 0, false, 0), "not-run - 12"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			c := solve.Comparison{Solvable: true, Runs: []solve.CompareRun{tc.run}}
			var out bytes.Buffer
			if err := c.WriteText(&out, sliding.Standard(4, 4)); err != nil {
				t.Fatal(err)
			}
			lines := strings.Split(out.String(), "\n")
			want := fmt.Sprintf("%s %s %s 34 5 6 2µs", tc.run.Algorithm, tc.run.Heuristic, tc.columns)
			if got := strings.Join(strings.Fields(lines[1]), " "); got != want {
				t.Errorf("row %q, want the fields %q", lines[1], want)
			}
			if !strings.HasPrefix(lines[3], "wastar, anytime: weight 5 on the heuristic") || !strings.HasPrefix(lines[4], "node-cap / timeout:") {
				t.Errorf("notes:\n%s", out.String())
			}
			if strings.Contains(out.String(), "distinct fewest-move") || strings.Contains(out.String(), "table:") {
				t.Errorf("a 4x4 comparison without a count has no count or table note:\n%s", out.String())
			}
		})
	}
}

// TestComparisonWriteTextNotes checks the notes of a 3x3 comparison: the
// number of fewest-move solutions, and the table's build.
func TestComparisonWriteTextNotes(t *testing.T) {
	goal := sliding.Standard(3, 3)
	c := solve.Comparison{Solvable: true, Runs: []solve.CompareRun{}, OptimalSolutions: big.NewInt(40)}
	var out bytes.Buffer
	if err := c.WriteText(&out, goal); err != nil {
		t.Fatal(err)
	}
	want := fmt.Sprintf("table: built once per goal (%d states)", sliding.TableFor(goal).States())
	if s := out.String(); !strings.Contains(s, "\ndistinct fewest-move solutions: 40\n") || !strings.Contains(s, want) {
		t.Errorf("notes:\n%s\nwant the count 40 and %q", s, want)
	}
}
