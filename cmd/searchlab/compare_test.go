package main

import (
	"encoding/json"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/searchlab/searchlab/api"
	"github.com/searchlab/searchlab/sliding"
	"github.com/searchlab/searchlab/sliding/solve"
)

// compareRows parses the table of "searchlab compare" into rows of fields,
// keyed by algorithm and heuristic.
func compareRows(t *testing.T, out string) map[string][]string {
	t.Helper()
	rows := map[string][]string{}
	in := false
	for _, line := range strings.Split(out, "\n") {
		fs := strings.Fields(line)
		switch {
		case len(fs) > 0 && fs[0] == "algorithm":
			in = true
		case in && len(fs) == 0:
			in = false
		case in:
			// "idastar (tuned)" is two fields, and so is the status "not run".
			if i := slices.Index(fs, "not"); i >= 0 && i+1 < len(fs) && fs[i+1] == "run" {
				fs = slices.Concat(fs[:i], []string{"not run"}, fs[i+2:])
			}
			if len(fs) == 10 {
				fs = append([]string{fs[0] + " " + fs[1]}, fs[2:]...)
			}
			if len(fs) != 9 {
				t.Fatalf("row %q has %d fields", line, len(fs))
			}
			rows[fs[0]+"/"+fs[1]] = fs
		}
	}
	return rows
}

func TestCompare3x3(t *testing.T) {
	b, _ := sliding.New(3, 3, []int{4, 1, 3, 7, 2, 6, 0, 5, 8})
	spiral, _ := sliding.ParseGoal("1 2 3 8 0 4 7 6 5", 3, 3)
	for _, goal := range []sliding.Board{sliding.Standard(3, 3), spiral} {
		want := bfsLength(t, b, goal)
		if want < 0 {
			b.Tiles[0], b.Tiles[1] = b.Tiles[1], b.Tiles[0]
			want = bfsLength(t, b, goal)
		}
		goalArg := strings.Join(strings.Fields(goal.String()), " ")
		// A generous --timeout: it bounds the whole table, and a loaded
		// machine must not turn a slow row into a timeout.
		code, out, errOut := runNoDB(t, b.String()+"\n", "compare", "--goal", goalArg, "--timeout", "2m")
		if code != 0 {
			t.Fatalf("exit %d: %s", code, errOut)
		}
		rows := compareRows(t, out)
		names := []string{"bfs/-", "bibfs/-", "dfs/-", "iddfs/-", "table/-", "nbs/manhattan", "nbs/linear", "wastar/linear", "anytime/linear"}
		for _, a := range []string{"astar", "idastar", "idastar (tuned)"} {
			for _, h := range solve.Heuristics() {
				if !h.Databases {
					names = append(names, a+"/"+h.Name)
				}
			}
		}
		if len(rows) != len(names) {
			t.Errorf("%d rows, want %d:\n%s", len(rows), len(names), out)
		}
		for _, name := range names {
			r, ok := rows[name]
			if !ok {
				t.Errorf("no row %s in\n%s", name, out)
				continue
			}
			n, err := strconv.Atoi(r[2])
			if err != nil {
				t.Errorf("row %s: length %q", name, r[2])
				continue
			}
			if name == "dfs/-" || name == "wastar/linear" {
				if r[3] != "no" || n < want {
					t.Errorf("row %s: %d moves, optimal %s; want >= %d, not optimal", name, n, r[3], want)
				}
			} else if n != want || r[3] != "yes" {
				t.Errorf("row %s: %d moves, optimal %s; want %d, yes", name, n, r[3], want)
			}
		}
	}
}

// TestCompareLimits gives the table 360,000 expansions in all: its 18 runs
// (no pattern databases) get 20,000 each at least, as each run may use
// what is left divided by the runs to go.
func TestCompareLimits(t *testing.T) {
	in := "14 1 9 6 4 8 12 5 7 2 3 0 10 11 13 15\n" // 45 moves
	code, out, errOut := runNoDB(t, in, "compare", "--format", "line", "--goal", "0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15", "--max-nodes", "360000", "--timeout", "2m")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	rows := compareRows(t, out)
	for name, want := range map[string]string{
		"bfs/-": "node-cap", "iddfs/-": "node-cap", "astar/misplaced": "node-cap", "idastar/linear": "node-cap",
		"table/-": "n/a", "astar/linear": "45",
	} {
		if r := rows[name]; r == nil || r[2] != want {
			t.Errorf("row %s = %q, want length column %q\n%s", name, r, want, out)
		}
	}
	if r := rows["bfs/-"]; r != nil && r[4] != "20000" {
		t.Errorf("bfs expanded %s nodes under a cap of 20000", r[4])
	}
}

func TestCompareInput(t *testing.T) {
	tests := []struct {
		in   string
		args []string
		code int
		msg  string
	}{
		{"2 1 3\n4 5 6\n7 8 0\n", nil, 0, "impossible"},
		{"1 2 3\n4 5 6\n7 8 0\n\n1 2 3\n4 5 6\n7 0 8\n", nil, 2, "compare takes one board, the input has 2"},
		{"1 2 3\n4 5 6\n7 8 8\n", nil, 2, "line 3: tile 8 appears twice"},
		{"", []string{"--format", "boj1525"}, 2, "input ends after 0 rows"},
	}
	for _, tt := range tests {
		code, out, errOut := runCLI(t, tt.in, append([]string{"compare"}, tt.args...)...)
		if code != tt.code || !strings.Contains(out+errOut, tt.msg) {
			t.Errorf("%q: exit %d, %q; want exit %d and %q", tt.in, code, out+errOut, tt.code, tt.msg)
		}
	}
}

// TestCompareJSON checks that --json carries the same runs as the table:
// every ok row of an optimal method has the table's length, and the limit
// rows say which limit stopped them.
func TestCompareJSON(t *testing.T) {
	const board = "1 2 3 4 5 6 0 7 8\n" // 2 moves from the standard goal
	code, out, errOut := runCLI(t, board, "compare", "--format", "line", "--json", "--max-nodes", "50")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var ans api.CompareAnswer
	if err := json.Unmarshal([]byte(out), &ans); err != nil {
		t.Fatalf("%v in %q", err, out)
	}
	if !ans.Solvable || len(ans.Rows) < 13 {
		t.Fatalf("solvable %v, %d rows", ans.Solvable, len(ans.Rows))
	}
	for _, r := range ans.Rows {
		switch {
		case r.Status == "ok" && r.Optimal && r.Length != 2:
			t.Errorf("%s/%s: optimal length %d, want 2", r.Algorithm, r.Heuristic, r.Length)
		case r.Status != "ok" && r.Length != -1:
			t.Errorf("%s/%s: status %s with length %d", r.Algorithm, r.Heuristic, r.Status, r.Length)
		case r.Status != "ok" && r.Status != "node-cap" && r.Status != "none":
			t.Errorf("%s/%s: status %q", r.Algorithm, r.Heuristic, r.Status)
		}
	}
	code, out, _ = runCLI(t, "2 1 3 4 5 6 7 8 0\n", "compare", "--format", "line", "--json")
	if code != 0 || !strings.Contains(out, `"solvable":false`) {
		t.Errorf("unsolvable board: exit %d, %q", code, out)
	}
}
