package main

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/searchlab/searchlab/api"
)

// hardStroke is a 12x12 board of one colour whose best chain of 91 tiles is
// found at once but not proven in 50 ms: its 92 tiles admit no chain through
// them all, which takes the search far longer to show.
const hardStroke = `12
R..RR.RRR...
RRRRRRRR.RRR
R.RRRRRR.R.R
RRRRR....RRR
R.RRRR.RRRR.
RRRRRR.RRR.R
.R.R.RRR.R.R
R...RR.R.R.R
.RR...RRR.RR
..RR...RRRRR
.R.R.RRRORRR
...RR.....RR
`

func TestStrokeCommand(t *testing.T) {
	const two = "3\nRGB\nROG\nGGB\n\n2 3\nAOA\nA.A\n"
	tests := []struct {
		name  string
		args  []string
		stdin string
		code  int
		want  string // stdout, exactly, when code is 0; "~x": stdout contains x
		inErr string // part of stderr
	}{
		{"plain", nil, two, 0, "G 4\nA 2\n", ""},
		{"path", []string{"--path"}, two, 0, "G 4 1,2 2,3 3,2 3,1\nA 2 1,3 2,3\n", ""},
		{"all", []string{"--all"}, two, 0, "G 4 B:1 G:4 R:2\nA 2 A:2\n", ""},
		{"no chain", nil, "1\nO\n3\n...\n.O.\n...\n", 0, "- 0\n- 0\n", ""},
		{"tie goes to first start clockwise", []string{"--path"}, "3\nBAA\nAOB\nBBA\n", 0, "A 3 1,3 1,2 2,1\n", ""},
		{"no boards", nil, "", 0, "", ""},
		{"node cap", []string{"--max-nodes", "1"}, "3\nAAA\nAOA\nAAA\n", 0, "A 1 (not proven optimal; bound 8)\n", ""},
		{"timeout", []string{"--timeout", "50ms"}, hardStroke, 0, "~ (not proven optimal; bound ", ""},
		{"all under a node cap", []string{"--all", "--max-nodes", "1000"}, hardStroke, 0, "~..92\n", ""},
		{"too large", nil, "15\n" + strings.Repeat(strings.Repeat("A", 15)+"\n", 7) + "AAAAAAAOAAAAAAA\n" + strings.Repeat(strings.Repeat("A", 15)+"\n", 7), 2, "", "stroke: board 1 (ending on line 16): a one-colour region next to the player has more than 192 cells"},
		{"no player", nil, "2\nAB\nBA\n", 2, "", "line 1: board has no player O"},
		{"two players", nil, "2\nAO\nOA\n", 2, "", "line 3: second player O"},
		{"short row", nil, "3\nAAA\nAO\nAAA\n", 2, "", "line 3: row \"AO\" has 2 cells, want 3"},
		{"bad size", nil, "x\nAO\n", 2, "", "line 1: size \"x\" is not a number"},
		{"size and rows disagree", nil, "3\nAAA\nAOA\n", 2, "", "line 4: input ends after 2 of the 3 rows"},
		{"bad character", nil, "2\nAO\nab\n", 2, "", "line 3: character 'a' at column 1"},
		{"second board bad", nil, "1\nO\n2\nOO\nAA\n", 2, "- 0\n", "board 2: line 4: second player O"},
		{"negative cap", []string{"--max-nodes", "-1"}, "1\nO\n", 2, "", "negative"},
		{"missing file", []string{"nosuch.txt"}, "", 2, "", "open nosuch.txt: no such file"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, out, errOut := runCLI(t, tt.stdin, append([]string{"stroke"}, tt.args...)...)
			if code != tt.code {
				t.Fatalf("exit %d, want %d; stderr %q", code, tt.code, errOut)
			}
			if sub, ok := strings.CutPrefix(tt.want, "~"); ok {
				if !strings.Contains(out, sub) {
					t.Errorf("stdout %q lacks %q", out, sub)
				}
			} else if (tt.code == 0 || tt.want != "") && out != tt.want {
				t.Errorf("stdout %q, want %q", out, tt.want)
			}
			if !strings.Contains(errOut, tt.inErr) || strings.Count(errOut, "stroke:") > 1 {
				t.Errorf("stderr %q lacks %q, or says stroke: twice", errOut, tt.inErr)
			}
		})
	}
}

// TestStrokeJSONPaths checks, on random boards, that every --json --path
// chain is legal: it starts next to the player, steps to a neighbour each
// time, stays on its colour, repeats no tile and is as long as stated.
func TestStrokeJSONPaths(t *testing.T) {
	rng := rand.New(rand.NewPCG(4, 4))
	var in strings.Builder
	var boards [][]string
	for n := 0; n < 60; n++ {
		rows, cols := 4+rng.IntN(6), 4+rng.IntN(6)
		g := make([][]byte, rows)
		for r := range g {
			g[r] = make([]byte, cols)
			for c := range g[r] {
				g[r][c] = "RGBY."[rng.IntN(2+n%3)]
			}
		}
		g[rng.IntN(rows)][rng.IntN(cols)] = 'O'
		fmt.Fprintf(&in, "%d %d\n", rows, cols)
		var rs []string
		for _, r := range g {
			in.Write(r)
			in.WriteByte('\n')
			rs = append(rs, string(r))
		}
		boards = append(boards, rs)
	}
	code, out, errOut := runCLI(t, in.String(), "stroke", "--json", "--path", "--all")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != len(boards) {
		t.Fatalf("%d lines for %d boards", len(lines), len(boards))
	}
	for i, line := range lines {
		var j api.StrokeAnswer
		if err := json.Unmarshal([]byte(line), &j); err != nil {
			t.Fatalf("board %d: %v", i+1, err)
		}
		g := boards[i]
		if j.Board != i+1 || !j.Optimal || j.Bound != j.Length || len(j.Path) != j.Length {
			t.Fatalf("board %d: %s", i+1, line)
		}
		var pr, pc int
		for r, row := range g {
			if c := strings.IndexByte(row, 'O'); c >= 0 {
				pr, pc = r+1, c+1
			}
		}
		seen := map[[2]int]bool{}
		for _, p := range j.Path {
			if d := max(strokeAbs(p[0]-pr), strokeAbs(p[1]-pc)); d != 1 {
				t.Fatalf("board %d: %v is not next to %d,%d: %s", i+1, p, pr, pc, line)
			}
			if string(g[p[0]-1][p[1]-1]) != j.Colour || seen[p] {
				t.Fatalf("board %d: bad or repeated tile %v: %s", i+1, p, line)
			}
			seen[p] = true
			pr, pc = p[0], p[1]
		}
		if best := j.Colours[j.Colour]; best.Length != j.Length {
			t.Fatalf("board %d: colour %s best %d, answer %d", i+1, j.Colour, best.Length, j.Length)
		}
		for c, r := range j.Colours {
			if r.Length > j.Length {
				t.Fatalf("board %d: colour %s beats the answer: %s", i+1, c, line)
			}
		}
	}
}

func strokeAbs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
