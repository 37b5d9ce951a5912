package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/searchlab/searchlab/api"
	"github.com/searchlab/searchlab/internal/racetest"

	"github.com/searchlab/searchlab/sliding"
)

// runNoDB runs searchlab as runCLI does, with pattern databases turned
// off, so that a test reaches the other solvers.
func runNoDB(t *testing.T, stdin string, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	return runEnv(t, env{noDatabases: true}, stdin, args...)
}

// replay checks an output line "N MOVES" against the board: the moves lead
// to the goal and there are N of them. It returns N.
func replay(t *testing.T, line string, b, goal sliding.Board) int {
	t.Helper()
	lenStr, movesStr, _ := strings.Cut(line, " ")
	n, err := strconv.Atoi(lenStr)
	if err != nil {
		t.Fatalf("output line %q: %v", line, err)
	}
	moves, err := sliding.ParseMoves(movesStr)
	if err != nil {
		t.Fatalf("output line %q: %v", line, err)
	}
	if len(moves) != n {
		t.Fatalf("output line %q: %d moves for length %d", line, len(moves), n)
	}
	if err := sliding.Verify(b, goal, moves); err != nil {
		t.Fatalf("output line %q for %v: %v", line, b.Tiles, err)
	}
	return n
}

// bfsLength is the reference: the length by a plain breadth-first search
// over every board from the goal, written here independently of the
// solvers, and cached per goal. It is -1 for an unsolvable board.
func bfsLength(t *testing.T, b, goal sliding.Board) int {
	t.Helper()
	key := goal.String()
	dist, ok := refDist[key]
	if !ok {
		dist = map[string]int{string(goal.Tiles): 0}
		queue := []string{string(goal.Tiles)}
		for len(queue) > 0 {
			s := queue[0]
			queue = queue[1:]
			bl := strings.IndexByte(s, 0)
			for _, m := range sliding.Moves() {
				to, ok := sliding.Target(goal.W, goal.H, bl, m)
				if !ok {
					continue
				}
				n := []byte(s)
				n[bl], n[to] = n[to], 0
				if _, seen := dist[string(n)]; !seen {
					dist[string(n)] = dist[s] + 1
					queue = append(queue, string(n))
				}
			}
		}
		refDist[key] = dist
	}
	if d, ok := dist[string(b.Tiles)]; ok {
		return d
	}
	return -1
}

var refDist = map[string]map[string]int{}

func readFile(t *testing.T, name string) string {
	t.Helper()
	data, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// TestSlidingExample runs the README's first command on examples/eight.txt
// and checks every answer against breadth-first search, with and without
// --path.
func TestSlidingExample(t *testing.T) {
	in := readFile(t, "../../examples/eight.txt")
	cases, err := sliding.ParseAll(strings.NewReader(in), sliding.BOJ11112, 0, 0)
	if err != nil {
		t.Fatal(err)
	}
	goal := sliding.Standard(3, 3)
	for _, withPath := range []bool{false, true} {
		args := []string{"sliding", "--format", "boj11112"}
		if withPath {
			args = append(args, "--path")
		}
		code, out, errOut := runCLI(t, in, args...)
		if code != 0 {
			t.Fatalf("exit %d: %s", code, errOut)
		}
		lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
		if len(lines) != len(cases) {
			t.Fatalf("%d output lines for %d boards", len(lines), len(cases))
		}
		impossible := 0
		for i, c := range cases {
			want := bfsLength(t, c.Board, goal)
			if want < 0 {
				impossible++
				if lines[i] != "impossible" {
					t.Errorf("board %d: %q, want impossible", i+1, lines[i])
				}
				continue
			}
			got, _ := strconv.Atoi(lines[i])
			if withPath {
				got = replay(t, lines[i], c.Board, goal)
			}
			if got != want || (!withPath && lines[i] != strconv.Itoa(want)) {
				t.Errorf("board %d: %q, want %d moves", i+1, lines[i], want)
			}
		}
		if impossible == 0 || impossible == len(cases) {
			t.Errorf("examples/eight.txt has %d unsolvable boards of %d; want some of each", impossible, len(cases))
		}
	}
}

// TestSlidingRandomFormats solves random boards in BOJ 11112, BOJ 1525 and
// line format, with the standard and the spiral goal and several algorithms,
// against breadth-first search.
func TestSlidingRandomFormats(t *testing.T) {
	n := 40
	if racetest.Enabled {
		// The race detector slows the reference breadth-first searches
		// about fifty times; 12 boards still keep every worker busy.
		n = 12
	}
	boards := bojBatch(n, 7)
	std := sliding.Standard(3, 3)
	spiral, _ := sliding.ParseGoal("1 2 3 8 0 4 7 6 5", 3, 3)
	want := map[string][]int{}
	for _, g := range []sliding.Board{std, spiral} {
		for _, b := range boards {
			want[g.String()] = append(want[g.String()], bfsLength(t, b, g))
		}
	}
	var boj, line strings.Builder
	sliding.Write(&boj, sliding.BOJ11112, boards)
	sliding.Write(&line, sliding.Line, boards)
	tests := []struct {
		name string
		in   string
		goal sliding.Board
		args []string
	}{
		{"boj11112", boj.String(), std, []string{"--format", "boj11112", "--path"}},
		{"boj11112 spiral", boj.String(), spiral, []string{"--format", "boj11112", "--path", "--goal", "1 2 3 8 0 4 7 6 5"}},
		{"line spiral astar", line.String(), spiral, []string{"--format", "line", "--path", "--goal", "1 2 3 8 # 4 7 6 5", "--algo", "astar", "--heuristic", "manhattan"}},
		{"line idastar", line.String(), std, []string{"--format", "line", "--path", "--algo", "idastar"}},
		{"line bfs", line.String(), std, []string{"--format", "line", "--path", "--algo", "bfs"}},
	}
	for _, tt := range tests {
		code, out, errOut := runCLI(t, tt.in, append([]string{"sliding"}, tt.args...)...)
		if code != 0 {
			t.Fatalf("%s: exit %d: %s", tt.name, code, errOut)
		}
		lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
		for i, b := range boards {
			w := want[tt.goal.String()][i]
			if w < 0 {
				if lines[i] != "impossible" {
					t.Errorf("%s: board %d: %q, want impossible", tt.name, i+1, lines[i])
				}
				continue
			}
			if got := replay(t, lines[i], b, tt.goal); got != w {
				t.Errorf("%s: board %d: %d moves, want %d", tt.name, i+1, got, w)
			}
		}
	}
	// BOJ 1525: one board, -1 when unsolvable.
	for i, b := range boards[:6] {
		var in strings.Builder
		sliding.Write(&in, sliding.BOJ1525, []sliding.Board{b})
		_, out, _ := runCLI(t, in.String(), "sliding", "--format", "boj1525")
		if got, w := strings.TrimSpace(out), want[std.String()][i]; got != strconv.Itoa(w) {
			t.Errorf("boj1525 board %d: %q, want %d", i+1, got, w)
		}
	}
}

// TestSliding4x4 solves the 10 easiest of Korf's instances (41 to 45 moves)
// and 4x4 scrambles with --path, and checks the published lengths and every
// path.
func TestSliding4x4(t *testing.T) {
	var in strings.Builder
	var boards []sliding.Board
	var lengths []int
	sc := bufio.NewScanner(strings.NewReader(readFile(t, "../../sliding/testdata/korf100.txt")))
	for sc.Scan() {
		fs := strings.Fields(sc.Text())
		if len(fs) != 17 || fs[0] == "#" {
			continue
		}
		if n, _ := strconv.Atoi(fs[16]); n > 45 {
			continue // the 10 easiest: 41 to 45 moves
		}
		tiles := make([]int, 16)
		for i := range tiles {
			tiles[i], _ = strconv.Atoi(fs[i])
		}
		b, err := sliding.New(4, 4, tiles)
		if err != nil {
			t.Fatal(err)
		}
		n, _ := strconv.Atoi(fs[16])
		boards, lengths = append(boards, b), append(lengths, n)
		fmt.Fprintln(&in, strings.Join(fs[:16], " "))
	}
	if testing.Short() {
		boards, lengths = boards[:3], lengths[:3]
	}
	goal, _ := sliding.ParseGoal("0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15", 4, 4)
	code, out, errOut := runNoDB(t, in.String(), "sliding", "--format", "line", "--goal", "0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15", "--path")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	lines := strings.Split(out, "\n")
	for i, b := range boards {
		if got := replay(t, lines[i], b, goal); got != lengths[i] {
			t.Errorf("korf board %d: %d moves, want %d", i+1, got, lengths[i])
		}
	}
}

func TestSlidingJSON(t *testing.T) {
	in := "1 2 3\n4 5 6\n7 0 8\n\n2 1 3\n4 5 6\n7 8 0\n\n1 2 3\n4 5 6\n7 8 0\n"
	code, out, errOut := runCLI(t, in, "sliding", "--json", "--stats")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var got []api.SlidingAnswer
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		var j api.SlidingAnswer
		if err := json.Unmarshal([]byte(line), &j); err != nil {
			t.Fatalf("%q: %v", line, err)
		}
		got = append(got, j)
	}
	want := []api.SlidingAnswer{
		{Line: 1, Solvable: true, Length: 1, Moves: "R", Optimal: true, Bound: 1, Method: "table"},
		{Line: 5, Solvable: false, Length: -1, Optimal: true, Method: "parity"},
		{Line: 9, Solvable: true, Length: 0, Optimal: true, Bound: 0, Method: "table"},
	}
	if len(got) != len(want) {
		t.Fatalf("%d objects, want %d", len(got), len(want))
	}
	for i := range want {
		got[i].Stats = api.Stats{}
		if got[i] != want[i] {
			t.Errorf("object %d = %+v, want %+v", i, got[i], want[i])
		}
	}
	if !strings.Contains(errOut, "board 1 (line 1): method table") || !strings.Contains(errOut, "board 2 (line 5): unsolvable") {
		t.Errorf("--stats wrote %q", errOut)
	}
}

// TestSlidingStatsTotal checks that the batch summary of --stats claims
// the fewest moves only when every answer is proven the fewest.
func TestSlidingStatsTotal(t *testing.T) {
	in := "1 2 3 4 5 6 7 0 8\n8 1 3 4 0 2 7 6 5\n2 1 3 4 5 6 7 8 0\n"
	for _, tc := range []struct {
		algo    string
		optimal bool
	}{
		{"auto", true},
		{"astar", true},
		{"wastar", false},
		{"dfs", false},
	} {
		code, _, errOut := runCLI(t, in, "sliding", "--algo", tc.algo, "--stats")
		if code != 0 {
			t.Fatalf("--algo %s: exit %d: %s", tc.algo, code, errOut)
		}
		want := fmt.Sprintf("all 3 boards: method %s, optimal %v,", tc.algo, tc.optimal)
		if !strings.Contains(errOut, want) {
			t.Errorf("--algo %s --stats wrote %q, want a line with %q", tc.algo, errOut, want)
		}
	}
}

// TestSlidingRows checks that a board written on one line with its rows
// separated by slashes, as compare prints boards, reads as that board.
func TestSlidingRows(t *testing.T) {
	for _, in := range []string{"8 1 3 / 4 0 2 / 7 6 5\n", "8 1 3/4 0 2/7 6 5\n"} {
		code, out, errOut := runCLI(t, in, "sliding")
		if code != 0 || out != "14\n" {
			t.Errorf("%q: exit %d, %q, %q; want 14", in, code, out, errOut)
		}
	}
}

func TestSlidingDFS(t *testing.T) {
	code, out, errOut := runCLI(t, "1 2 3 4 0 6 7 5 8\n", "sliding", "--format", "line", "--algo", "dfs", "--path")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	b, _ := sliding.New(3, 3, []int{1, 2, 3, 4, 0, 6, 7, 5, 8})
	// The line format marks a length not proven the fewest.
	line, ok := strings.CutSuffix(strings.TrimSpace(out), " (not proven optimal: dfs)")
	if !ok {
		t.Errorf("dfs's line %q lacks the mark", out)
	}
	if n := replay(t, line, b, sliding.Standard(3, 3)); n > 31 {
		t.Errorf("dfs path of %d moves is beyond the default depth of 31", n)
	}
	if !strings.Contains(errOut, "not proven the fewest") {
		t.Errorf("dfs did not say its answer is not optimal: %q", errOut)
	}
}

// TestSlidingBadInput checks that malformed boards and flags get exit status
// 2 and one line on stderr that names the fault (and the line).
func TestSlidingBadInput(t *testing.T) {
	korf := "14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3\n"
	tests := []struct {
		name string
		in   string
		args []string
		msg  string
	}{
		{"ragged", "1 2 3\n4 5\n6 7 8 0\n", nil, "line 2: ragged row"},
		{"duplicate", "1 2 3\n4 5 5\n7 8 0\n", nil, "line 2: tile 5 appears twice"},
		{"out of range", "1 2 3\n4 5 6\n7 8 9\n", nil, "line 3: tile 9 out of range"},
		{"two blanks", "1 2 3\n4 0 6\n7 8 #\n", nil, "line 3: two blanks"},
		{"no blank", "1 2\n3 4\n", nil, "line 2: tile 4 out of range"},
		{"text", "1 2 3\n4 five 6\n7 8 0\n", nil, `line 2: "five" is not a number`},
		{"count", "3\n\n123\n456\n78#\n", []string{"--format", "boj11112"}, "line 5: input ends inside case 2, but line 1 says there are 3 cases"},
		{"extra case", "1\n123\n456\n78#\n123\n456\n78#\n", []string{"--format", "boj11112"}, "line 5: more input"},
		{"bad format", "", []string{"--format", "xml"}, "unknown format"},
		{"bad algo", "", []string{"--algo", "dijkstra"}, "unknown algorithm"},
		{"bad heuristic", "", []string{"--heuristic", "euclid"}, "unknown heuristic"},
		{"bad size", "", []string{"--format", "line", "--size", "3by3"}, "is not a board size"},
		{"bad goal", "1 2 3 4 5 6 7 8 0\n", []string{"--format", "line", "--goal", "1 2 3 4 5 6 7 8 8"}, "--goal: "},
		{"goal size", "1 2 3 4 5 6 7 8 0\n", []string{"--format", "line", "--goal", "1 2 3 0"}, "line 1: the board is 3x3 but --goal has 4 tiles"},
		{"bfs 4x4", korf, []string{"--format", "line", "--algo", "bfs"}, "line 1: --algo bfs cannot search a 4x4 board"},
		{"dfs 4x4", korf, []string{"--format", "line", "--algo", "dfs"}, "line 1: --algo dfs cannot search a 4x4 board"},
		{"iddfs 3x4", "1 2 3 4 5 6 7 8 9 10 11 0\n", []string{"--format", "line", "--size", "4x3", "--algo", "iddfs"}, "cannot search a 4x3 board"},
		{"pdb with bfs", "", []string{"--heuristic", "pdb", "--algo", "bfs"}, "--heuristic pdb works with --algo auto or idastar"},
		{"missing file", "", []string{"nosuch.txt"}, "open nosuch.txt: no such file"},
		{"directory", "", []string{"."}, "open .: is a directory"},
		{"run together", "813402765\n", nil, `line 1: "813402765" is a 3x3 board with its tiles run together`},
		{"huge tile", "1 2 3 4 5 6 7 99999999999999999999 0\n", nil, "line 1: tile 99999999999999999999 out of range"},
		{"checkpoint directory", korf, []string{"--format", "line", "--checkpoint", "missing-dir/x.ck"}, "--checkpoint missing-dir/x.ck: cannot write in directory missing-dir"},
	}
	for _, tt := range tests {
		code, out, errOut := runCLI(t, tt.in, append([]string{"sliding"}, tt.args...)...)
		if code != 2 {
			t.Errorf("%s: exit %d, want 2 (stderr %q)", tt.name, code, errOut)
			continue
		}
		if out != "" {
			t.Errorf("%s: wrote %q to stdout", tt.name, out)
		}
		if !strings.Contains(errOut, tt.msg) || strings.Count(strings.TrimSpace(errOut), "\n") > 0 {
			t.Errorf("%s: stderr %q, want one line with %q", tt.name, errOut, tt.msg)
		}
	}
}

// TestSlidingLimits checks that a search stopped by --max-nodes or
// --timeout is an error (exit 1) that says so, never an answer.
func TestSlidingLimits(t *testing.T) {
	korf := "14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3\n" // 57 moves
	tests := []struct {
		args []string
		msg  string
	}{
		{[]string{"--max-nodes", "5000"}, "node cap of 5000"},
		{[]string{"--algo", "bfs", "--max-nodes", "5000"}, "node cap of 5000"},
		{[]string{"--algo", "astar", "--heuristic", "misplaced", "--max-nodes", "5000"}, "node cap of 5000"},
		{[]string{"--algo", "iddfs", "--timeout", "50ms"}, "--timeout ran out"},
		{[]string{"--timeout", "50ms"}, "--timeout ran out"},
		{[]string{"--timeout", "1ms"}, "--timeout ran out"},
	}
	for _, tt := range tests {
		args := append([]string{"sliding", "--format", "line", "--goal", "0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15"}, tt.args...)
		code, out, errOut := runNoDB(t, korf, args...)
		if code != 1 || out != "" || !strings.Contains(errOut, tt.msg) || !strings.Contains(errOut, "board 1 (line 1)") {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want exit 1 and %q", tt.args, code, out, errOut, tt.msg)
		}
		// --algo auto is suggested to the other algorithms only.
		if generic := slices.Contains(tt.args, "--algo"); strings.Contains(errOut, "try --algo auto") != generic {
			t.Errorf("%v: stderr %q; want advice to try --algo auto: %v", tt.args, errOut, generic)
		}
	}
}

// TestSlidingPDBWiring checks that "searchlab sliding" answers through the
// library's solve.Solver: auto on a 3x4 board uses its default set, --heuristic
// pdb --partition names another, 3x3 keeps the table, a board too big for
// any database falls back (auto) or is refused (--heuristic pdb), and
// without databases --heuristic pdb is refused.
func TestSlidingPDBWiring(t *testing.T) {
	t.Setenv("XDG_CACHE_HOME", t.TempDir())
	in := "1 2 3 4 5 6 7 8 9 10 11 12 13 14 0 15\n"
	big := "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30 31 32 33 34 0 35\n"
	tests := []struct {
		in     string
		args   []string
		code   int
		method string
	}{
		{"1 2 3 4 5 6 7 8 9 10 0 11\n", []string{"--format", "line", "--size", "4x3"}, 0, "pdb 6-5"},
		{in, []string{"--format", "line", "--heuristic", "pdb", "--partition", "5-5-5"}, 0, "pdb 5-5-5+mirror"},
		{in, []string{"--format", "line", "--partition", "5-5-5"}, 0, "pdb 5-5-5+mirror"},
		{"1 2 3 4 5 6 7 0 8\n", []string{"--format", "line"}, 0, "table"},
		{big, []string{"--format", "line"}, 0, "idastar+linear"},
		{big, []string{"--format", "line", "--heuristic", "pdb"}, 2, ""},
		{in, []string{"--format", "line", "--heuristic", "pdb", "--partition", "7-7"}, 2, ""},
	}
	for _, tt := range tests {
		code, out, errOut := runCLI(t, tt.in, append([]string{"sliding", "--json"}, tt.args...)...)
		if code != tt.code {
			t.Errorf("%v: exit %d, want %d (stderr %q)", tt.args, code, tt.code, errOut)
			continue
		}
		if code == 0 {
			var j api.SlidingAnswer
			if err := json.Unmarshal([]byte(out), &j); err != nil || j.Method != tt.method || j.Length != 1 {
				t.Errorf("%v: %q, want method %s and length 1", tt.args, out, tt.method)
			}
		}
	}
	code, _, errOut := runNoDB(t, in, "sliding", "--format", "line", "--heuristic", "pdb")
	if code != 2 || !strings.Contains(errOut, "no pattern databases") {
		t.Errorf("pdb turned off: exit %d, %q", code, errOut)
	}
}

// FuzzSlidingInput feeds arbitrary input to "searchlab sliding" in each
// format: it must answer (exit 0, one line per board), or refuse the input
// with exit status 2 and one message naming the line, or stop at its time
// limit (exit 1); never panic.
func FuzzSlidingInput(f *testing.F) {
	seeds := []struct {
		format uint8
		in     string
	}{
		{0, "1 2 3\n4 5 6\n7 0 8\n\n2 1\n3 0\n"},
		{0, "1 2 3\n4 5\n"},
		{1, "1 2 3 4 5 6 7 0 8\n1 2 3 0\n"},
		{2, "2\n\n123\n456\n78#\n\n1#3\n426\n758\n"},
		{2, "3\n123\n"},
		{3, "1 0 3\n4 2 5\n7 8 6\n"},
		{3, "1 2 3\n4 5 6\n7 8 x\n"},
	}
	for _, s := range seeds {
		f.Add(s.format, s.in)
	}
	formats := []string{"grid", "line", "boj11112", "boj1525"}
	f.Fuzz(func(t *testing.T, format uint8, in string) {
		fm := formats[int(format)%len(formats)]
		code, out, errOut := runNoDB(t, in, "sliding", "--format", fm, "--timeout", "200ms", "--path")
		switch code {
		case 0:
			cases, err := sliding.ParseAll(strings.NewReader(in), sliding.Format(fm), 0, 0)
			if err != nil {
				t.Fatalf("exit 0 on input Parse refuses: %v", err)
			}
			if n := strings.Count(out, "\n"); n != len(cases) {
				t.Fatalf("%d output lines for %d boards", n, len(cases))
			}
		case 2:
			if !strings.HasPrefix(errOut, "searchlab: sliding: line ") || strings.Count(errOut, "\n") != 1 {
				t.Fatalf("exit 2 with stderr %q", errOut)
			}
		case 1:
			if !strings.Contains(errOut, "--timeout ran out") {
				t.Fatalf("exit 1 with stderr %q", errOut)
			}
		default:
			t.Fatalf("exit %d, stderr %q", code, errOut)
		}
	})
}

// TestSlidingBatchPaths checks a batch solved side by side (3x3 boards with
// --path, and 3x4 boards by IDA* with linear conflicts): one line per board
// in input order, each path replayed to the goal with the table's length.
func TestSlidingBatchPaths(t *testing.T) {
	goal := sliding.Standard(3, 3)
	var in strings.Builder
	var boards []sliding.Board
	for i := range 300 {
		b := sliding.Scramble(rand.New(rand.NewPCG(uint64(i), 3)), goal, 5+i%40)
		boards = append(boards, b)
		in.WriteString(b.String() + "\n\n")
	}
	code, out, errOut := runCLI(t, in.String(), "sliding", "--path")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if len(lines) != len(boards) {
		t.Fatalf("%d lines for %d boards", len(lines), len(boards))
	}
	tab := sliding.TableFor(goal)
	for i, line := range lines {
		if n := replay(t, line, boards[i], goal); n != tab.Distance(boards[i]) {
			t.Errorf("board %d: %d moves, want %d", i+1, n, tab.Distance(boards[i]))
		}
	}
	code, out, errOut = runCLI(t, strings.Repeat("1 2 3 4 5 6 7 8 9 10 0 11\n1 2 3 0 5 6 7 4 9 10 11 8\n", 20), "sliding", "--format", "line", "--size", "4x3", "--algo", "idastar")
	if code != 0 || out != strings.Repeat("1\n2\n", 20) {
		t.Errorf("3x4 idastar batch: exit %d, %q, %s", code, out, errOut)
	}
}
