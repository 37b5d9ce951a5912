package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/searchlab/searchlab/api"
	"github.com/searchlab/searchlab/sudoku"
)

const (
	sdkPuzzle   = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
	sdkSolution = "417369825632158947958724316825437169791586432346912758289643571573291684164875293"
	// A serg puzzle with 872 solutions and its smallest.
	sdkMulti    = "8.........95.......76.........426798...571243...893165......916....3.487....1.532"
	sdkMultiMin = "812345679395167824476289351153426798689571243724893165238754916561932487947618532"
	sdkNone     = "1...5.2.9..7.......6.......2...........5.1..2....2.39.3.4.9...15...1...3...8...4." // no solution
)

// rows writes a 9x9 grid given as 81 characters as 9 rows, with sep
// between the cells of a row and "." as zero.
func rows(grid, sep string) string {
	var b strings.Builder
	for r := range 9 {
		b.WriteString(strings.Join(strings.Split(strings.ReplaceAll(grid[r*9:r*9+9], ".", "0"), ""), sep) + "\n")
	}
	return b.String()
}

func TestSudokuCLI(t *testing.T) {
	const (
		boj    = "035469278782105609060278135321046897804913506596820413917652080603701952258394760"
		bojOut = "135469278782135649469278135321546897874913526596827413917652384643781952258394761"
	)
	grid4 := "1 0 0 0\n0 0 3 0\n0 4 0 0\n0 0 0 2\n"
	tests := []struct {
		name   string
		stdin  string
		args   []string
		code   int
		stdout string
		errHas string
	}{
		{"line", sdkPuzzle + "\n" + sdkNone + "\n", nil, 0, sdkSolution + "\nno solution\n", ""},
		{"zeros and CRLF", strings.ReplaceAll(sdkPuzzle, ".", "0") + "\r\n", nil, 0, sdkSolution + "\n", ""},
		{"first", sdkMulti + "\n", []string{"--first"}, 0, sdkMultiMin + "\n", ""},
		{"count", sdkPuzzle + "\n" + sdkMulti + "\n" + sdkNone + "\n", []string{"--count"}, 0, "1\n2\n0\n", ""},
		{"count limit", sdkMulti + "\n", []string{"--count", "--limit", "100000"}, 0, "872\n", ""},
		{"first and count", sdkMulti + "\n", []string{"--first", "--count"}, 2, "", "--first and --count do not go together"},
		{"rows with dots", strings.ReplaceAll(rows(sdkPuzzle, ""), "0", "."), nil, 0, rows(sdkSolution, ""), ""},
		{"boj2580", rows(boj, " "), []string{"--format", "boj2580"}, 0, rows(bojOut, " "), ""},
		{"boj2239", rows(sdkMulti, ""), []string{"--format", "boj2239"}, 0, rows(sdkMultiMin, ""), ""},
		{"grid 4x4 twice", grid4 + "\n" + grid4, []string{"--format", "grid"}, 0,
			"1 3 2 4\n4 2 3 1\n2 4 1 3\n3 1 4 2\n\n1 3 2 4\n4 2 3 1\n2 4 1 3\n3 1 4 2\n", ""},
		{"bad length", sdkPuzzle + "\n" + sdkPuzzle + "\n" + sdkPuzzle[:80] + "\n" + sdkPuzzle + "\n", nil, 2,
			sdkSolution + "\n" + sdkSolution + "\n", "sudoku: line 3: 80 characters"},
		{"bad character", sdkPuzzle[:5] + "x" + sdkPuzzle[6:] + "\n", nil, 2, "", `sudoku: line 1: character 6 is 'x'`},
		{"conflict", sdkPuzzle + "\n" + "7...7" + strings.Repeat(".", 76) + "\n" + sdkPuzzle + "\n", nil, 2,
			sdkSolution + "\n", "sudoku: line 2: conflicting givens: r1c1 and r1c5 are both 7"},
		{"ragged grid", "1 0 0 0\n0 0 3\n0 4 0 0\n0 0 0 2\n", []string{"--format", "grid"}, 2, "", "sudoku: line 2: 3 numbers, want 4"},
		{"short grid", "1 0 0 0\n0 0 3 0\n\n", []string{"--format", "grid"}, 2, "", "the grid has 2 rows, want 4"},
		{"bad format", "", []string{"--format", "csv"}, 2, "", `unknown format "csv"`},
		{"bad limit", "", []string{"--count", "--limit", "0"}, 2, "", "--limit must be at least 1"},
		{"empty input", "", nil, 0, "", ""},
		{"huge line", sdkPuzzle + "\n" + strings.Repeat(".", 2<<20) + "\n", nil, 2, sdkSolution + "\n", "sudoku: line 2: longer than 1 MB"},
		{"guess cap", sdkPuzzle + "\n" + strings.Repeat(".", 81) + "\n", []string{"--count", "--limit", "1000000", "--max-guesses", "50"}, 1,
			"1\n", "line 2: gave up after"},
		{"stats", sdkPuzzle + "\n", []string{"--stats"}, 0, sdkSolution + "\n", "puzzles/s"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			for _, jobs := range []string{"1", "3"} {
				args := append([]string{"sudoku", "--jobs", jobs}, tt.args...)
				code, out, errOut := runCLI(t, tt.stdin, args...)
				if code != tt.code || out != tt.stdout || !strings.Contains(errOut, tt.errHas) {
					t.Errorf("searchlab %v: exit %d, stdout %q, stderr %q; want exit %d, stdout %q, stderr containing %q",
						args, code, out, errOut, tt.code, tt.stdout, tt.errHas)
				}
			}
		})
	}
}

// TestSudokuBulkOrder checks that many puzzles solved on several workers
// or on one come out in input order, and that a bad line late in the
// input stops the output right before it (after more answers than one
// write of the one-job path holds).
func TestSudokuBulkOrder(t *testing.T) {
	gen, err := sudoku.NewGenerator(3, 9)
	if err != nil {
		t.Fatal(err)
	}
	var in, want strings.Builder
	for k := 0; k < 300; k++ {
		p, s, err := gen.Generate(t.Context(), 0)
		if err != nil {
			t.Fatal(err)
		}
		fmt.Fprintln(&in, p)
		fmt.Fprintln(&want, s)
	}
	many, wantMany := strings.Repeat(in.String(), 4), strings.Repeat(want.String(), 4)
	for _, jobs := range []string{"4", "1"} {
		code, out, errOut := runCLI(t, many, "sudoku", "--jobs", jobs)
		if code != 0 || out != wantMany {
			t.Fatalf("--jobs %s: exit %d, stderr %q, output differs: %v", jobs, code, errOut, out != wantMany)
		}
		bad := many + "123\n" + in.String()
		code, out, errOut = runCLI(t, bad, "sudoku", "--jobs", jobs)
		if code != 2 || out != wantMany || !strings.Contains(errOut, "line 1201:") {
			t.Fatalf("--jobs %s, bad line 1201: exit %d, stderr %q, %d bytes of output, want %d", jobs, code, errOut, len(out), len(wantMany))
		}
	}
}

// TestSudokuProgress runs a bulk file of over 1 MB as stdin with stderr
// taken for a terminal: a progress bar is drawn and the answers are right.
func TestSudokuProgress(t *testing.T) {
	f, err := os.Create(filepath.Join(t.TempDir(), "big.txt"))
	if err != nil {
		t.Fatal(err)
	}
	n := (1<<20)/82 + 10
	for k := 0; k < n; k++ {
		fmt.Fprintln(f, sdkMulti)
	}
	if _, err := f.Seek(0, 0); err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	for _, jobs := range []string{"2", "1"} {
		if _, err := f.Seek(0, 0); err != nil {
			t.Fatal(err)
		}
		var out, errb bytes.Buffer
		e := &env{stdin: f, stdout: &out, stderr: &errb, stderrTerminal: true}
		if code := run(t.Context(), e, []string{"sudoku", "--count", "--jobs", jobs}); code != 0 {
			t.Fatalf("--jobs %s: exit %d: %s", jobs, code, errb.String())
		}
		if out.String() != strings.Repeat("2\n", n) {
			t.Errorf("--jobs %s: wrong answers (%d bytes)", jobs, out.Len())
		}
		if !strings.Contains(errb.String(), "sudoku [") || !strings.Contains(errb.String(), "100%") {
			t.Errorf("--jobs %s: no progress bar on stderr: %q", jobs, errb.String())
		}
	}
}

func TestSudokuGenerateCLI(t *testing.T) {
	code, a, errOut := runCLI(t, "", "sudoku", "generate", "--count", "3", "--seed", "7", "--clues", "26", "--rate")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	_, b, _ := runCLI(t, "", "sudoku", "generate", "--count", "3", "--seed", "7", "--clues", "26", "--rate")
	if a != b {
		t.Errorf("same seed, different puzzles:\n%s\n%s", a, b)
	}
	lines := strings.Split(strings.TrimSpace(a), "\n")
	if len(lines) != 3 {
		t.Fatalf("%d lines, want 3: %q", len(lines), a)
	}
	var puzzles strings.Builder
	for _, l := range lines {
		f := strings.Fields(l)
		if len(f) != 2 || len(f[0]) != 81 || strings.Count(f[0], ".") != 81-26 {
			t.Errorf("line %q: want an 81-character puzzle with 26 givens and a rating", l)
		}
		puzzles.WriteString(f[0] + "\n")
	}
	if code, out, _ := runCLI(t, puzzles.String(), "sudoku", "--count"); code != 0 || out != "1\n1\n1\n" {
		t.Errorf("generated puzzles count %q, want 1 each", out)
	}
	if code, _, errOut := runCLI(t, "", "sudoku", "generate", "--clues", "12"); code != 2 || !strings.Contains(errOut, "--clues 12") {
		t.Errorf("--clues 12: exit %d, %q", code, errOut)
	}
	if code, _, errOut := runCLI(t, "", "sudoku", "generate", "--box", "6"); code != 2 || !strings.HasPrefix(errOut, "searchlab: --box 6: want 2") || strings.Count(errOut, "\n") != 1 {
		t.Errorf("--box 6: exit %d, %q; want 2 and one line naming --box, no seed", code, errOut)
	}
	if code, out, _ := runCLI(t, "", "sudoku", "generate", "--box", "2", "--count", "2"); code != 0 || len(out) != 34 {
		t.Errorf("--box 2: exit %d, %q", code, out)
	}
	if code, out, _ := runCLI(t, "", "sudoku", "generate", "-h"); code != 0 || !strings.Contains(out, "Usage: searchlab sudoku generate") {
		t.Errorf("generate -h: exit %d", code)
	}
}

// TestSudokuJSON checks --json: counts up to --limit, uniqueness only when
// the count could exceed one, and a solution that solves the puzzle.
func TestSudokuJSON(t *testing.T) {
	const unique = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
	in := unique + "\n" + strings.Replace(unique, "5", ".", 1) + "\n" + "55" + unique[2:] + "\n"
	code, out, errOut := runCLI(t, in, "sudoku", "--json")
	if code == 0 {
		t.Fatalf("conflicting givens accepted: %s", out)
	}
	if !strings.Contains(errOut, "line 3") {
		t.Errorf("error %q does not name line 3", errOut)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 2 {
		t.Fatalf("want the 2 answers before the bad line, got %q", out)
	}
	for i, line := range lines {
		var a api.SudokuAnswer
		if err := json.Unmarshal([]byte(line), &a); err != nil {
			t.Fatalf("%q: %v", line, err)
		}
		p, err := sudoku.ParseLine(strings.Split(in, "\n")[i])
		if err != nil {
			t.Fatal(err)
		}
		s, err := sudoku.ParseLine(a.Solution)
		if err != nil || !s.Solves(p) {
			t.Errorf("line %d: solution %q does not solve the puzzle (%v)", i+1, a.Solution, err)
		}
		if a.Line != i+1 || a.Unique != (a.Solutions == 1) {
			t.Errorf("line %d: %+v", i+1, a)
		}
	}
	code, out, _ = runCLI(t, unique+"\n", "sudoku", "--json", "--limit", "1")
	if code != 0 || !strings.Contains(out, `"unique":false`) || !strings.Contains(out, `"solutions":1`) {
		t.Errorf("--limit 1: exit %d, %q (one solution found cannot prove uniqueness)", code, out)
	}
}
