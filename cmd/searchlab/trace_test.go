package main

import (
	"encoding/json"
	"strings"
	"testing"
)

// records decodes JSON lines into maps, failing on a bad line.
func records(t *testing.T, out string) []map[string]any {
	t.Helper()
	var recs []map[string]any
	for i, l := range strings.Split(strings.TrimSpace(out), "\n") {
		var r map[string]any
		if err := json.Unmarshal([]byte(l), &r); err != nil {
			t.Fatalf("line %d %q: %v", i+1, l, err)
		}
		recs = append(recs, r)
	}
	if len(recs) < 2 || recs[0]["type"] != "start" || recs[len(recs)-1]["type"] != "end" {
		t.Fatalf("want a start record, events and an end record; got %d records", len(recs))
	}
	return recs
}

// TestTraceCommand traces one puzzle of each kind and checks the end
// record against the untraced command's answer.
func TestTraceCommand(t *testing.T) {
	board := "8 6 7 2 5 4 3 0 1\n"
	code, out, errOut := runCLI(t, board, "trace", "--algo", "astar", "--heuristic", "manhattan", "--max-events", "1000000")
	if code != 0 {
		t.Fatalf("trace: exit %d: %s", code, errOut)
	}
	recs := records(t, out)
	end := recs[len(recs)-1]
	code, plainOut, errOut := runCLI(t, board, "sliding", "--format", "line", "--algo", "astar", "--heuristic", "manhattan", "--json")
	if code != 0 {
		t.Fatalf("sliding: exit %d: %s", code, errOut)
	}
	var plain struct {
		Length int `json:"length"`
		Stats  struct {
			Expanded  float64 `json:"expanded"`
			Generated float64 `json:"generated"`
		} `json:"stats"`
	}
	if err := json.Unmarshal([]byte(plainOut), &plain); err != nil {
		t.Fatal(err)
	}
	stats := end["stats"].(map[string]any)
	if end["solved"] != true || end["length"] != float64(plain.Length) || stats["expanded"] != plain.Stats.Expanded || stats["generated"] != plain.Stats.Generated {
		t.Errorf("trace end %v; sliding --json %+v", end, plain)
	}
	expands := 0
	for _, r := range recs[1 : len(recs)-1] {
		if r["kind"] == "expand" {
			expands++
		}
	}
	if float64(expands) != plain.Stats.Expanded {
		t.Errorf("%d expand records, %v expanded", expands, plain.Stats.Expanded)
	}

	code, out, errOut = runCLI(t, "3\nRGB\nROG\nGGB\n", "trace", "--puzzle", "stroke")
	if code != 0 {
		t.Fatalf("trace stroke: exit %d: %s", code, errOut)
	}
	if end := records(t, out); end[len(end)-1]["colour"] != "G" || end[len(end)-1]["length"] != 4.0 {
		t.Errorf("stroke end %v, want G 4", end[len(end)-1])
	}
	code, out, errOut = runCLI(t, "52...6.........7.13...........4..8..6......5...........418.........3..2...87.....\n", "trace", "--puzzle", "sudoku")
	if code != 0 {
		t.Fatalf("trace sudoku: exit %d: %s", code, errOut)
	}
	if end := records(t, out); end[len(end)-1]["solved"] != true {
		t.Errorf("sudoku end %v", end[len(end)-1])
	}
}

func TestTraceCommandErrors(t *testing.T) {
	tests := []struct {
		stdin string
		args  []string
		want  string
	}{
		{"1 2 3 4 0 5 7 8\n", nil, "square board"},
		{"1 2 3 4 0 5 7 8 6\n1 2 3 4 0 5 7 8 6\n", nil, "want one board"},
		{"2 1 3 4 5 6 7 8 0\n", nil, "cannot reach the goal"},
		{"1 2 3 4 0 5 7 8 6\n", []string{"--algo", "auto"}, "cannot be traced"},
		{"1 2 3 4 0 5 7 8 6\n", []string{"--heuristic", "pdb"}, "unknown heuristic"},
		{"1 2 3 4 0 5 7 8 6\n", []string{"--max-events", "0"}, "--max-events"},
		{"", []string{"--puzzle", "chess"}, "want sliding, stroke or sudoku"},
		{"", []string{"--puzzle", "sudoku"}, "no puzzle"},
		{"11...\n", []string{"--puzzle", "sudoku"}, "line 1"},
		{"3\nRGB\nRRG\nGGB\n", []string{"--puzzle", "stroke"}, "line"},
	}
	for _, tt := range tests {
		code, _, errOut := runCLI(t, tt.stdin, append([]string{"trace"}, tt.args...)...)
		if code != 2 || !strings.Contains(errOut, tt.want) {
			t.Errorf("trace %v < %q: exit %d, %q; want 2 and %q", tt.args, tt.stdin, code, errOut, tt.want)
		}
	}
}
