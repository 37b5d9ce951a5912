package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"testing"
)

// commandPaths are every command and subcommand with a help text of its
// own.
var commandPaths = [][]string{
	{"sliding"}, {"sliding", "split"}, {"sliding", "run-units"}, {"sliding", "drive"},
	{"sudoku"}, {"sudoku", "generate"}, {"sudoku", "rate"}, {"sudoku", "hint"}, {"sudoku", "explain"}, {"stroke"}, {"compare"}, {"trace"},
	{"pdb"}, {"pdb", "build"}, {"pdb", "list"}, {"pdb", "verify"}, {"serve"}, {"version"},
}

func TestCommandPathsCoverCommands(t *testing.T) {
	seen := map[string]bool{}
	for _, p := range commandPaths {
		seen[p[0]] = true
	}
	for name := range program.Commands {
		if !seen[name] {
			t.Errorf("command %q is missing from commandPaths", name)
		}
	}
}

// TestHelp checks that "searchlab help X" and "searchlab X -h" print the
// same help on stdout, starting with the usage line, and exit 0.
func TestHelp(t *testing.T) {
	for _, p := range commandPaths {
		name := strings.Join(p, " ")
		t.Run(name, func(t *testing.T) {
			code, viaH, errOut := runCLI(t, "", append(append([]string{}, p...), "-h")...)
			if code != 0 || errOut != "" {
				t.Fatalf("searchlab %s -h: exit %d, stderr %q; want 0 and nothing", name, code, errOut)
			}
			if first, _, _ := strings.Cut(viaH, "\n"); !strings.HasPrefix(first, "Usage: searchlab "+name) {
				t.Errorf("searchlab %s -h: first line %q, want the usage line", name, first)
			}
			code, viaHelp, errOut := runCLI(t, "", append([]string{"help"}, p...)...)
			if code != 0 || errOut != "" || viaHelp != viaH {
				t.Errorf("searchlab help %s: exit %d, stderr %q, and a text that differs from -h's: %v", name, code, errOut, viaHelp != viaH)
			}
			if strings.HasSuffix(strings.TrimSpace(viaH), "Flags:") {
				t.Errorf("searchlab %s -h ends with an empty Flags: section", name)
			}
		})
	}
}

// TestHelpFlagsExist checks that every --flag a help text mentions is a
// flag of its command, or of another command of the same family that the
// text describes too (the subcommands of "searchlab sliding" and "pdb"):
// "--version" is searchlab's own.
func TestHelpFlagsExist(t *testing.T) {
	mention := regexp.MustCompile(`(?:^|[\s("'])--([a-z][a-z0-9-]*)`)
	defined := regexp.MustCompile(`(?m)^  --([a-z][a-z0-9-]*)`)
	helps := map[string]string{}
	family := map[string]map[string]bool{} // first word -> flags
	for _, p := range commandPaths {
		name := strings.Join(p, " ")
		_, help, _ := runCLI(t, "", append(append([]string{}, p...), "-h")...)
		helps[name] = help
		if family[p[0]] == nil {
			family[p[0]] = map[string]bool{"help": true, "version": true}
		}
		if p[0] == "sliding" {
			family[p[0]]["pipe"] = true // GNU parallel's, in an example
		}
		if _, list, ok := strings.Cut(help, "\nFlags:\n"); ok {
			for _, m := range defined.FindAllStringSubmatch(list, -1) {
				family[p[0]][m[1]] = true
			}
		}
	}
	for _, p := range commandPaths {
		name := strings.Join(p, " ")
		for _, m := range mention.FindAllStringSubmatch(helps[name], -1) {
			if !family[p[0]][m[1]] {
				t.Errorf("searchlab %s -h mentions --%s, which no %s command has", name, m[1], p[0])
			}
		}
	}
}

// TestTopLevelHelp checks the list of commands on stdout.
func TestTopLevelHelp(t *testing.T) {
	for _, args := range [][]string{{"help"}, {"-h"}, {"--help"}} {
		code, out, errOut := runCLI(t, "", args...)
		if code != 0 || errOut != "" || !strings.Contains(out, "Commands:") || !strings.Contains(out, "  sliding ") {
			t.Errorf("searchlab %v: exit %d, stdout %q, stderr %q", args, code, out, errOut)
		}
	}
	code, _, errOut := runCLI(t, "", "help", "nosuch")
	if code != 2 || !strings.Contains(errOut, `unknown command "nosuch"`) {
		t.Errorf("searchlab help nosuch: exit %d, stderr %q", code, errOut)
	}
}

// TestBadFlag checks that a flag a command lacks gets the error and one
// line naming the command's help on stderr, and exit status 2.
func TestBadFlag(t *testing.T) {
	for _, p := range commandPaths {
		name := strings.Join(p, " ")
		code, out, errOut := runCLI(t, "", append(append([]string{}, p...), "--bogus")...)
		lines := strings.Split(strings.TrimSpace(errOut), "\n")
		if code != 2 || out != "" || len(lines) > 3 || !strings.Contains(errOut, "bogus") || !strings.Contains(errOut, `"searchlab `+name+` -h"`) {
			t.Errorf("searchlab %s --bogus: exit %d, stdout %q, stderr %q; want 2, nothing, and at most 3 lines naming the help", name, code, out, errOut)
		}
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"sliding", "--max-nodes", "many"}, `invalid value "many" for flag -max-nodes`},
		{[]string{"sudoku", "--jobs"}, "flag needs an argument: -jobs"},
		{[]string{"pdb"}, "missing subcommand"},
		{[]string{"pdb", "rebuild"}, `unknown subcommand "rebuild"`},
		{[]string{"pdb", "list", "extra"}, `unexpected argument "extra"`},
		{[]string{"version", "extra"}, `unexpected argument "extra"`},
	} {
		code, _, errOut := runCLI(t, "", tc.args...)
		if code != 2 || !strings.Contains(errOut, tc.want) || strings.Count(errOut, "\n") > 3 {
			t.Errorf("searchlab %v: exit %d, stderr %q; want 2 and %q", tc.args, code, errOut, tc.want)
		}
	}
}

func TestVersion(t *testing.T) {
	for _, args := range [][]string{{"--version"}, {"-version"}, {"version"}} {
		code, out, errOut := runCLI(t, "", args...)
		if code != 0 || errOut != "" || !strings.HasPrefix(out, "searchlab ") || !strings.Contains(out, runtime.Version()) || strings.Count(out, "\n") != 1 {
			t.Errorf("searchlab %v: exit %d, stdout %q, stderr %q", args, code, out, errOut)
		}
	}
}

// failWriter fails every write after the first n bytes, as a full disk
// does.
type failWriter struct{ n int }

var errDiskFull = errors.New("no space left on device")

func (w *failWriter) Write(p []byte) (int, error) {
	if len(p) <= w.n {
		w.n -= len(p)
		return len(p), nil
	}
	k := w.n
	w.n = 0
	return k, errDiskFull
}

// runCLIOut is runCLI writing stdout to w.
func runCLIOut(t *testing.T, stdin string, w *failWriter, args ...string) (code int, stderr string) {
	t.Helper()
	var errb bytes.Buffer
	e := &env{stdin: strings.NewReader(stdin), stdout: w, stderr: &errb}
	code = run(context.Background(), e, args)
	return code, errb.String()
}

// TestWriteErrors checks that output cut short by a failing write never
// exits 0, and says why.
func TestWriteErrors(t *testing.T) {
	sudokus := readExample(t, "sudoku.txt")
	fifteen := readExample(t, "fifteen.txt")
	eight := readExample(t, "eight.txt")
	strokes := readExample(t, "stroke.txt")
	tests := []struct {
		stdin string
		args  []string
	}{
		{sudokus, []string{"sudoku", "--format", "line"}},
		{sudokus, []string{"sudoku", "--jobs", "1"}},
		{sudokus, []string{"sudoku", "--json"}},
		{sudokus, []string{"sudoku", "--count", "--jobs", "1", "--stats"}},
		{"", []string{"sudoku", "generate", "--count", "3", "--seed", "1"}},
		{fifteen, []string{"sliding", "--format", "line"}},
		{fifteen, []string{"sliding", "--json"}},
		{eight, []string{"sliding", "--format", "boj11112"}},
		{eight, []string{"sliding", "--format", "boj11112", "--path"}},
		{strokes, []string{"stroke"}},
		{strokes, []string{"stroke", "--json", "--all"}},
		{"8 6 7 2 5 4 3 0 1\n", []string{"compare", "--max-nodes", "1000"}},
		{"1 2 3 4 0 5 7 8 6\n", []string{"trace"}},
		{"", []string{"version"}},
		{"", []string{"help"}},
		{"", []string{"sliding", "-h"}},
	}
	for _, tt := range tests {
		for _, n := range []int{0, 10} {
			code, errOut := runCLIOut(t, tt.stdin, &failWriter{n: n}, tt.args...)
			if code == 0 || !strings.Contains(errOut, errDiskFull.Error()) {
				t.Errorf("searchlab %v, writes failing after %d bytes: exit %d, stderr %q; want non-zero and the write error", tt.args, n, code, errOut)
			}
		}
	}
}

// readExample returns the text of a file in the repository's examples.
func readExample(t *testing.T, name string) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "..", "examples", name))
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// writeTemp writes text to a new file in a temporary directory and
// returns its path.
func writeTemp(t *testing.T, name, text string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestInputConventions checks input from files and stdin, flags after
// file arguments, a byte-order mark, format detection and the goal
// notation: each row's command must print what the same command prints
// in its plain form.
func TestInputConventions(t *testing.T) {
	bom := "\xef\xbb\xbf"
	fifteenPath := filepath.Join("..", "..", "examples", "fifteen.txt")
	sudokuPath := filepath.Join("..", "..", "examples", "sudoku.txt")
	strokePath := filepath.Join("..", "..", "examples", "stroke.txt")
	fifteen, sudokus, strokes := readExample(t, "fifteen.txt"), readExample(t, "sudoku.txt"), readExample(t, "stroke.txt")
	eight := readExample(t, "eight.txt")
	grid := "1 2 3\n4 0 5\n7 8 6\n"
	firstSudoku, _, _ := strings.Cut(sudokus, "\n")
	sudokuGrid := "0 0 3 0\n0 1 0 0\n0 0 2 0\n0 4 0 0\n"
	tests := []struct {
		name         string
		stdin        string
		args         []string
		plainStdin   string
		plain        []string
		wantContains string // in the output, when not empty
	}{
		{"file argument", "", []string{"sliding", fifteenPath, "--format", "line"}, fifteen, []string{"sliding", "--format", "line"}, "34\n"},
		{"flags first", "", []string{"sliding", "--format", "line", fifteenPath}, fifteen, []string{"sliding", "--format", "line"}, ""},
		{"files in order", fifteen, []string{"sliding", fifteenPath, "-", fifteenPath}, fifteen + fifteen + fifteen, []string{"sliding"}, ""},
		{"formats by file", "", []string{"sliding", fifteenPath, writeTemp(t, "e.txt", eight), writeTemp(t, "g.txt", grid)}, "", nil, "34\n40\n50\n46\nimpossible\n0\n3\n4\n31\nimpossible\n29\nimpossible\n2\n"},
		{"dash is stdin", fifteen, []string{"sliding", "-", "--path"}, fifteen, []string{"sliding", "--path", "--format", "line"}, ""},
		{"after --", fifteen, []string{"sliding", "--", "-"}, fifteen, []string{"sliding", "--format", "line"}, ""},
		{"detect line", "8 1 3 4 0 2 7 6 5\n", []string{"sliding"}, "8 1 3 4 0 2 7 6 5\n", []string{"sliding", "--format", "line"}, "14\n"},
		{"detect grid", grid, []string{"sliding"}, grid, []string{"sliding", "--format", "grid"}, "2\n"},
		{"detect grid 4x4", "1 2 3 4\n5 6 7 8\n9 10 11 12\n13 14 0 15\n", []string{"sliding"}, "", nil, "1\n"},
		{"detect boj1525 as grid", "1 2 3\n4 5 6\n8 7 0\n", []string{"sliding"}, "", nil, "impossible\n"},
		{"detect grid blank first", "0 1 2 3\n4 5 6 7\n8 9 10 11\n12 13 14 15\n", []string{"sliding", "--goal", "0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15"}, "", nil, "0\n"},
		{"detect boj11112", eight, []string{"sliding"}, eight, []string{"sliding", "--format", "boj11112"}, "impossible\n"},
		{"detect boj11112 json", eight, []string{"sliding", "--json"}, eight, []string{"sliding", "--json", "--format", "boj11112"}, ""},
		{"bom stdin", bom + grid, []string{"sliding"}, grid, []string{"sliding"}, ""},
		{"bom file", "", []string{"sliding", writeTemp(t, "b.txt", bom+fifteen)}, fifteen, []string{"sliding"}, ""},
		{"bom boj11112", bom + eight, []string{"sliding"}, eight, []string{"sliding"}, ""},
		{"goal rows", "2 8 3 1 6 4 7 0 5\n", []string{"sliding", "--path", "--goal", "1 2 3 / 8 0 4 / 7 6 5"}, "2 8 3 1 6 4 7 0 5\n", []string{"sliding", "--path", "--goal", "1 2 3 8 0 4 7 6 5"}, "5 UULDR\n"},
		{"sudoku file", "", []string{"sudoku", sudokuPath, "--jobs", "1"}, sudokus, []string{"sudoku"}, ""},
		{"sudoku files", "", []string{"sudoku", sudokuPath, sudokuPath}, sudokus + sudokus, []string{"sudoku", "--format", "line"}, ""},
		{"sudoku bom", bom + sudokus, []string{"sudoku"}, sudokus, []string{"sudoku"}, ""},
		{"sudoku bom file", "", []string{"sudoku", "--jobs", "1", writeTemp(t, "b.txt", bom+sudokus)}, sudokus, []string{"sudoku"}, ""},
		{"sudoku bom file jobs", "", []string{"sudoku", "--json", writeTemp(t, "b.txt", bom+sudokus)}, sudokus, []string{"sudoku", "--json"}, ""},
		{"stroke bom file", "", []string{"stroke", writeTemp(t, "b.txt", bom+strokes)}, strokes, []string{"stroke"}, ""},
		{"sudoku detect grid", sudokuGrid, []string{"sudoku"}, sudokuGrid, []string{"sudoku", "--format", "grid"}, "\n"},
		{"sudoku grid files", sudokuGrid, []string{"sudoku", writeTemp(t, "g.txt", sudokuGrid), "-"}, sudokuGrid + "\n" + sudokuGrid, []string{"sudoku", "--format", "grid"}, ""},
		{"sudoku detect boj2239", strings.Repeat("000000000\n", 9), []string{"sudoku"}, strings.Repeat("000000000\n", 9), []string{"sudoku", "--format", "boj2239"}, "123456789\n"},
		{"stroke files", "", []string{"stroke", strokePath, "--all", strokePath}, strokes + strokes, []string{"stroke", "--all"}, ""},
		{"stroke bom", bom + strokes, []string{"stroke"}, strokes, []string{"stroke"}, ""},
		{"compare file", "", []string{"compare", writeTemp(t, "c.txt", grid), "--max-nodes", "100"}, grid, []string{"compare", "--max-nodes", "100"}, "board 3x3 (line 1)"},
		{"compare goal rows", "2 8 3 1 6 4 7 0 5\n", []string{"compare", "--json", "--goal", "1 2 3 / 8 0 4 / 7 6 5", "--max-nodes", "100"}, "2 8 3 1 6 4 7 0 5\n", []string{"compare", "--json", "--goal", "1 2 3 8 0 4 7 6 5", "--max-nodes", "100"}, ""},
		{"trace file", "", []string{"trace", writeTemp(t, "t.txt", bom+grid), "--max-events", "5"}, "1 2 3 4 0 5 7 8 6\n", []string{"trace", "--max-events", "5"}, `"type":"start"`},
		{"trace goal rows", "2 8 3 1 6 4 7 0 5\n", []string{"trace", "--goal", "1 2 3 / 8 0 4 / 7 6 5"}, "2 8 3 1 6 4 7 0 5\n", []string{"trace", "--goal", "1 2 3 8 0 4 7 6 5"}, ""},
		{"trace sudoku file", "", []string{"trace", "--puzzle", "sudoku", writeTemp(t, "s.txt", firstSudoku+"\n")}, firstSudoku + "\n", []string{"trace", "--puzzle", "sudoku"}, ""},
		{"trace stroke file", "", []string{"trace", "--puzzle", "stroke", writeTemp(t, "k.txt", "3\nRGB\nROG\nGGB\n")}, "3\nRGB\nROG\nGGB\n", []string{"trace", "--puzzle", "stroke"}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, out, errOut := runCLI(t, tt.stdin, tt.args...)
			if code != 0 {
				t.Fatalf("searchlab %v: exit %d, stderr %q", tt.args, code, errOut)
			}
			if !strings.Contains(out, tt.wantContains) {
				t.Errorf("searchlab %v: stdout %q lacks %q", tt.args, out, tt.wantContains)
			}
			if tt.plain == nil {
				if out != tt.wantContains {
					t.Errorf("searchlab %v: stdout %q, want %q", tt.args, out, tt.wantContains)
				}
				return
			}
			_, want, _ := runCLI(t, tt.plainStdin, tt.plain...)
			out, want = dropTimes(out), dropTimes(want)
			if out != want {
				t.Errorf("searchlab %v prints\n%s\nbut searchlab %v prints\n%s", tt.args, out, tt.plain, want)
			}
		})
	}
}

// dropTimes removes the timings from the output of sliding --json,
// compare and trace, and the table padding that depends on their widths.
func dropTimes(s string) string {
	s = regexp.MustCompile(`"(elapsed_ns|time_ns|ns)":\d+`).ReplaceAllString(s, "")
	s = regexp.MustCompile(`\s+[0-9.]+(ns|µs|ms|s)\b`).ReplaceAllString(s, "")
	return regexp.MustCompile(` +`).ReplaceAllString(s, " ")
}

// TestInputErrors checks that bad input and arguments exit 2 with a
// message naming the fault (and the line or file), never a panic.
func TestInputErrors(t *testing.T) {
	bad := writeTemp(t, "bad.txt", "1 2 3 4 5 6 7 8 0\n1 2 3 4 5 6 7 8 8\n")
	tests := []struct {
		stdin string
		args  []string
		want  string
	}{
		{"x y z\n", []string{"sliding"}, `line 1: cannot tell the input format from "x"; give it with --format`},
		{"\n\n12#\n", []string{"sliding"}, "line 3: cannot tell the input format"},
		{"", []string{"sliding", bad}, bad + ": sliding: line 2: tile 8 appears twice"},
		{"1 2 3 4 0 5 7 8\n", []string{"sliding"}, "line 1: 8 numbers do not make a square board (give the size with --size WxH)"},
		{"", []string{"sliding", "nosuch.txt"}, "open nosuch.txt"},
		{"1 2 3 4 5 6 7 8 0\n", []string{"sliding", "--goal", "1 2 3 / 4 5 / 6 7 8 0"}, "row 2 of the goal has 2 tiles"},
		{"1 2 3 4 5 6 7 8 0\n", []string{"sliding", "--goal", "1 2 3 4 / 5 6 7 0"}, "--goal"},
		{"1 2 3 4 5 6 7 8 0\n", []string{"compare", "--goal", "1 2 / 3 0 / 4 5"}, "--goal"},
		{"", []string{"compare", bad}, bad + ": sliding: line 2"},
		{"1\n123\n456\n78#\n", []string{"sliding", "--goal", "1 2 3 4"}, "line 2: the board is 3x3 but --goal has 4 tiles"},
		{"", []string{"trace", bad, bad}, "give one file"},
		{"", []string{"trace", bad}, bad + ": sliding: line 2"},
		{"", []string{"stroke", writeTemp(t, "s.txt", "2\nAO\nab\n")}, "s.txt: stroke: board 1: line 3"},
		{"", []string{"sudoku", writeTemp(t, "u.txt", "123\n")}, "u.txt: sudoku: line 1"},
		{"1 2 3\n", []string{"sudoku"}, "line 1"},
		{"", []string{"sudoku", "generate", "--count", "-1"}, "--count must not be negative"},
	}
	for _, tt := range tests {
		code, out, errOut := runCLI(t, tt.stdin, tt.args...)
		if code != 2 || !strings.Contains(errOut, tt.want) || strings.Contains(errOut, "panic") {
			t.Errorf("searchlab %v < %q: exit %d, stdout %q, stderr %q; want 2 and %q", tt.args, tt.stdin, code, out, errOut, tt.want)
		}
	}
}

// TestSameDefaults checks that sliding, compare and trace give the flags
// they share the same defaults.
func TestSameDefaults(t *testing.T) {
	defaults := map[string]map[string]string{} // flag -> command -> default
	flagLine := regexp.MustCompile(`(?m)^  --([a-z-]+)[^\n]*\n\s+\t([^\n]*)$`)
	for _, cmd := range []string{"sliding", "compare", "trace"} {
		_, help, _ := runCLI(t, "", cmd, "-h")
		for _, m := range flagLine.FindAllStringSubmatch(help, -1) {
			def := ""
			if i := strings.LastIndex(m[2], "(default"); i >= 0 {
				def = m[2][i:]
			}
			if defaults[m[1]] == nil {
				defaults[m[1]] = map[string]string{}
			}
			defaults[m[1]][cmd] = def
		}
	}
	for _, name := range []string{"format", "size", "goal", "heuristic", "max-depth"} {
		seen := map[string]bool{}
		for _, d := range defaults[name] {
			seen[d] = true
		}
		if len(defaults[name]) < 2 || len(seen) != 1 {
			t.Errorf("--%s: defaults %q differ", name, defaults[name])
		}
	}
}

// TestSudokuGenerateSeed checks that generate is random unless --seed is
// given, and that the seed it prints gives the same puzzles again.
func TestSudokuGenerateSeed(t *testing.T) {
	code, a, errOut := runCLI(t, "", "sudoku", "generate", "--count", "2")
	var seed uint64
	if _, err := fmt.Sscanf(errOut, "seed %d\n", &seed); code != 0 || err != nil {
		t.Fatalf("sudoku generate: exit %d, stderr %q; want the seed", code, errOut)
	}
	_, b, errOut := runCLI(t, "", "sudoku", "generate", "--count", "2", "--seed", fmt.Sprint(seed))
	if a != b || errOut != "" {
		t.Errorf("--seed %d gives\n%s, stderr %q; the run without a seed gave\n%s", seed, b, errOut, a)
	}
	_, c, _ := runCLI(t, "", "sudoku", "generate", "--count", "2")
	if c == a {
		t.Errorf("two runs without --seed gave the same puzzles:\n%s", a)
	}
}
