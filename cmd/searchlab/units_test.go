package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/searchlab/searchlab/api"
	"github.com/searchlab/searchlab/sliding"
	"github.com/searchlab/searchlab/sliding/units"
)

// asCommand, set in the environment, makes the test binary run as
// searchlab: the units tests start it as separate processes.
const asCommand = "SEARCHLAB_TEST_AS_COMMAND"

var unitsKorf24 = flag.Bool("units.korf24", false, "TestUnitsProtocol: also Korf's two easiest 24-puzzles (#40 and #25) with 6-6-6-6 (about a minute, and 4 x 60 MB of databases built once)")

// korfBoard is a board of Korf's sets and its optimal length.
type korfBoard struct {
	tiles string
	want  int
}

// readKorf returns the instances numbered in nums (from 1) of a file of
// Korf's boards: tiles, then the optimal length, one a line.
func readKorf(t *testing.T, path string, nums ...int) []korfBoard {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var all []korfBoard
	for _, l := range strings.Split(string(data), "\n") {
		f := strings.Fields(l)
		if len(f) == 0 || strings.HasPrefix(f[0], "#") {
			continue
		}
		n, err := strconv.Atoi(f[len(f)-1])
		if err != nil {
			t.Fatalf("%s: %q", path, l)
		}
		all = append(all, korfBoard{strings.Join(f[:len(f)-1], " "), n})
	}
	var out []korfBoard
	for _, n := range nums {
		out = append(out, all[n-1])
	}
	return out
}

// runProcess runs the test binary as searchlab with args and stdin, as a
// separate process, and returns its exit status and stdout.
func runProcess(t *testing.T, stdin []byte, args ...string) (int, []byte) {
	t.Helper()
	cmd := exec.Command(os.Args[0], args...)
	cmd.Env = append(os.Environ(), asCommand+"=1")
	cmd.Stdin = bytes.NewReader(stdin)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	var exit *exec.ExitError
	if err != nil && !errors.As(err, &exit) {
		t.Fatalf("searchlab %v: %v", args, err)
	}
	code := cmd.ProcessState.ExitCode()
	if code != 0 && code != exitMore {
		t.Fatalf("searchlab %v: exit %d: %s", args, code, stderr.String())
	}
	return code, out
}

// TestUnitsProtocol runs the documented loop with every step a separate
// process: split, then rounds of run-units (three processes, each given a
// third of the units left) and drive --units, until drive prints the
// answers. Their lengths must be Korf's optimal lengths, and their paths
// those of "searchlab sliding" in one process.
func TestUnitsProtocol(t *testing.T) {
	t.Setenv("XDG_CACHE_HOME", t.TempDir())
	tests := []struct {
		name      string
		size      string
		partition string
		depth     string
		boards    []korfBoard
	}{
		{"4x4", "4x4", "6-6-3", "8", readKorf(t, "../../sliding/testdata/korf100.txt", 9, 42, 47, 55, 94, 97)},
	}
	if *unitsKorf24 {
		tests = append(tests, struct {
			name      string
			size      string
			partition string
			depth     string
			boards    []korfBoard
		}{"5x5", "5x5", "6-6-6-6", "12", readKorf(t, "../../sliding/testdata/korf24_50.txt", 40, 25)})
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			var in strings.Builder
			for _, b := range tc.boards {
				in.WriteString(b.tiles + "\n")
			}
			w, h, _ := sliding.ParseSize(tc.size)
			goal := make([]string, w*h)
			for i := range goal {
				goal[i] = strconv.Itoa(i)
			}
			flags := []string{"--format", "line", "--size", tc.size, "--goal", strings.Join(goal, " "), "--partition", tc.partition}

			_, units := runProcess(t, []byte(in.String()), append([]string{"sliding", "split", "--depth", tc.depth}, flags...)...)
			unitsFile := filepath.Join(dir, "units.jsonl")
			if err := os.WriteFile(unitsFile, units, 0o644); err != nil {
				t.Fatal(err)
			}
			var results []byte
			var answers []byte
			for round := 0; ; round++ {
				if round > 40 {
					t.Fatal("no answer after 40 rounds")
				}
				code, out := runProcess(t, results, "sliding", "drive", "--units", unitsFile, "--json")
				if code == 0 {
					answers = out
					break
				}
				lines := strings.SplitAfter(strings.TrimSuffix(string(out), "\n"), "\n")
				for p := range 3 {
					var part strings.Builder
					for i := p; i < len(lines); i += 3 {
						part.WriteString(lines[i])
					}
					_, res := runProcess(t, []byte(part.String()), "sliding", "run-units", "--jobs", "1")
					results = append(results, res...)
				}
			}

			_, single := runProcess(t, []byte(in.String()), append([]string{"sliding", "--json"}, flags...)...)
			want := bufio.NewScanner(bytes.NewReader(single))
			got := bufio.NewScanner(bytes.NewReader(answers))
			for i, b := range tc.boards {
				if !got.Scan() || !want.Scan() {
					t.Fatalf("board %d: missing answer", i+1)
				}
				var g, s api.SlidingAnswer
				if err := json.Unmarshal(got.Bytes(), &g); err != nil {
					t.Fatal(err)
				}
				if err := json.Unmarshal(want.Bytes(), &s); err != nil {
					t.Fatal(err)
				}
				if g.Line != i+1 || g.Length != b.want || !g.Optimal || g.Moves != s.Moves {
					t.Errorf("board %d: line %d, %d moves (optimal %v), want line %d, %d moves, the path of one process:\n%s\n%s", i+1, g.Line, g.Length, g.Optimal, i+1, b.want, g.Moves, s.Moves)
				}
				t.Logf("board %d: %d moves, %d nodes expanded by the units over %d bounds (one process: %d over %d)", i+1, g.Length, g.Stats.Expanded, g.Stats.Iterations, s.Stats.Expanded, s.Stats.Iterations)
			}
		})
	}
}

// TestDrive runs drive without --units: it splits the boards and runs
// each bound in child processes.
func TestDrive(t *testing.T) {
	t.Setenv("XDG_CACHE_HOME", t.TempDir())
	t.Setenv(asCommand, "1") // for the children; this process runs drive in-process
	boards := readKorf(t, "../../sliding/testdata/korf100.txt", 42, 55)
	in := boards[0].tiles + "\n" + boards[1].tiles + "\n0 2 1 3 4 5 6 7 8 9 10 11 12 13 14 15\n"
	goal := "0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15"
	code, out, errOut := runCLI(t, in, "sliding", "drive", "--format", "line", "--goal", goal, "--partition", "6-6-3", "--depth", "6", "--procs", "2", "--path")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 3 || lines[2] != "impossible" {
		t.Fatalf("output %q, want two answers and impossible", out)
	}
	g, _ := sliding.ParseGoal(goal, 4, 4)
	for i, b := range boards {
		f := strings.Fields(lines[i])
		moves, _ := sliding.ParseMoves(f[1])
		tiles := make([]int, 16)
		for k, x := range strings.Fields(b.tiles) {
			tiles[k], _ = strconv.Atoi(x)
		}
		board, _ := sliding.New(4, 4, tiles)
		if f[0] != strconv.Itoa(b.want) || len(moves) != b.want || sliding.Verify(board, g, moves) != nil {
			t.Errorf("board %d: %q, want %d moves that reach the goal", i+1, lines[i], b.want)
		}
	}
}

// TestUnitsReadLikeSliding checks that split and drive read boards as
// "searchlab sliding" does: from the files named or stdin, each file's
// format detected; and that they refuse --max-depth, which bounds only dfs
// and iddfs, and drive --units with board files.
func TestUnitsReadLikeSliding(t *testing.T) {
	t.Setenv("XDG_CACHE_HOME", t.TempDir())
	t.Setenv(asCommand, "1") // for drive's children
	file := filepath.Join(t.TempDir(), "board.txt")
	if err := os.WriteFile(file, []byte("1 2 3 4 5 6 0 7 8\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	split := []string{"sliding", "split", "--partition", "4-4", "--depth", "1"}
	for _, tc := range []struct {
		name, stdin string
		args        []string
	}{
		{"a file", "", append(split, file)},
		{"stdin, one line", "1 2 3 4 5 6 0 7 8\n", split},
		{"stdin, a grid", "1 2 3\n4 5 6\n0 7 8\n", split},
	} {
		code, out, errOut := runCLI(t, tc.stdin, tc.args...)
		if code != 0 || !strings.Contains(out, `"board":"1 2 3 4 5 6 0 7 8"`) {
			t.Errorf("split, %s: exit %d, %q, %q; want the board's units", tc.name, code, out, errOut)
		}
	}
	code, out, errOut := runCLI(t, "", "sliding", "drive", "--partition", "4-4", "--depth", "1", "--procs", "1", file)
	if code != 0 || out != "2\n" {
		t.Errorf("drive of a file: exit %d, %q, %q; want 2", code, out, errOut)
	}
	for _, args := range [][]string{
		append(split, "--max-depth", "3"),
		{"sliding", "drive", "--max-depth", "3", file},
		{"sliding", "drive", "--units", file, file},
	} {
		if code, _, errOut := runCLI(t, "", args...); code != 2 {
			t.Errorf("%q: exit %d, %q; want 2", args, code, errOut)
		}
	}
}

// TestUnitsBadInput checks the messages and exit status of bad unit and
// result lines.
func TestUnitsBadInput(t *testing.T) {
	t.Setenv("XDG_CACHE_HOME", t.TempDir())
	unit := `{"line":1,"unit":0,"units":1,"depth":1,"h":3,"size":"3x3","board":"1 2 3 4 5 6 0 7 8","goal":"1 2 3 4 5 6 7 8 0","partition":"4-4","prefix":"R","state":"1 2 3 4 5 6 7 0 8"}`
	tests := []struct {
		name  string
		stdin string
		args  []string
		code  int
		msg   string
	}{
		{"not JSON", "{\n", []string{"sliding", "run-units", "--bound", "3"}, 2, "line 1: not a unit line"},
		{"unknown field", `{"lines":1}`, []string{"sliding", "run-units", "--bound", "3"}, 2, "unknown field"},
		{"no bound", unit, []string{"sliding", "run-units"}, 2, "no bound"},
		{"bad prefix", strings.Replace(unit, `"prefix":"R"`, `"prefix":"L"`, 1), []string{"sliding", "run-units", "--bound", "3"}, 2, "prefix does not lead"},
		{"bad state", strings.Replace(unit, `"state":"1 2 3 4 5 6 7 0 8"`, `"state":"1 2 3 4 5 6 7 7 8"`, 1), []string{"sliding", "run-units", "--bound", "3"}, 2, "appears twice"},
		{"depth over h", strings.Replace(unit, `"h":3`, `"h":0`, 1), []string{"sliding", "run-units", "--bound", "3"}, 2, "at depth 1"},
		{"split unsolvable", "1 2 3\n4 5 6\n8 7 0\n", []string{"sliding", "split", "--partition", "4-4"}, 2, "cannot reach the goal"},
		{"split depth", "1 2 3\n4 5 6\n7 8 0\n", []string{"sliding", "split", "--depth", "-1"}, 2, "--depth -1"},
		{"drive no units file", "", []string{"sliding", "drive", "--units", "/nonexistent/units.jsonl"}, 2, "--units"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			code, _, errOut := runCLI(t, tc.stdin, tc.args...)
			if code != tc.code || !strings.Contains(errOut, tc.msg) {
				t.Errorf("exit %d, %q; want %d and %q", code, errOut, tc.code, tc.msg)
			}
		})
	}
	// A unit searched to its bound: one move from the goal.
	code, out, errOut := runCLI(t, unit, "sliding", "run-units", "--bound", "3")
	var a units.UnitAnswer
	if code != 0 || json.Unmarshal([]byte(out), &a) != nil || !a.Found || a.Moves != "RR" {
		t.Errorf("run-units: exit %d, %q, %s; want found RR", code, out, errOut)
	}

}
