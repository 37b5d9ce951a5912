package main

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/searchlab/searchlab/internal/pdbtest"
	"github.com/searchlab/searchlab/sliding"
	"github.com/searchlab/searchlab/sliding/pdb"
)

func TestPDBCommand(t *testing.T) {
	t.Setenv("XDG_CACHE_HOME", t.TempDir())
	tests := []struct {
		name     string
		args     []string
		code     int
		out, err string // substrings of stdout and stderr
	}{
		{"no subcommand", []string{"pdb"}, 2, "", "missing subcommand"},
		{"unknown subcommand", []string{"pdb", "make"}, 2, "", `unknown subcommand "make"`},
		{"help", []string{"pdb", "-h"}, 0, "Usage: searchlab pdb build|list", ""},
		{"build help", []string{"pdb", "build", "-h"}, 0, "Usage: searchlab pdb build", ""},
		{"empty list", []string{"pdb", "list"}, 0, "no pattern databases in", ""},
		{"bad size", []string{"pdb", "build", "--size", "4"}, 2, "", `--size: "4" is not a board size`},
		{"too big", []string{"pdb", "build", "--size", "6x6"}, 2, "", "no pattern databases for 6x6"},
		{"bad partition", []string{"pdb", "build", "--size", "3x3", "--partition", "4-3"}, 2, "", "covers 7 tiles, a 3x3 board has 8"},
		{"bad blank", []string{"pdb", "build", "--size", "3x3", "--blank", "9"}, 2, "", `--blank: "9" is not first, last or a cell from 0 to 8`},
		{"positional", []string{"pdb", "build", "extra"}, 2, "", "unexpected argument"},
		{"build", []string{"pdb", "build", "--size", "3x3", "--partition", "4-4"}, 0, "3x3 pdb 4-4+mirror, blank goal on cell 0 (serves goals with the blank on cells 0, 2, 6, 8): 2 patterns", "building 3x3-b0-1.2.3.4.pdb"},
		{"build again", []string{"pdb", "build", "--size", "3x3", "--partition", "4-4"}, 0, "ready in", ""},
		{"build korf goal", []string{"pdb", "build", "--size", "2x4", "--blank", "first"}, 0, "2x4 pdb 7, blank goal on cell 0 (serves goals with the blank on cells 0, 1, 6, 7): 1 patterns", "building"},
		{"build center blank", []string{"pdb", "build", "--size", "3x3", "--partition", "4-4", "--blank", "4"}, 0, "blank goal on cell 4 (serves goals with the blank on cells 4)", "building 3x3-b4-0.1.2.3.pdb"},
		{"build by cells", []string{"pdb", "build", "--size", "3x3", "--partition", "0,1,2/3,4,5,6,7"}, 0, "3x3 pdb 6,7,8/1,2,3,4,5+mirror, blank goal on cell 0", "building 3x3-b0-6.7.8.pdb"},
		{"bad cells", []string{"pdb", "build", "--size", "3x3", "--partition", "0,1,2/3,4,5,6"}, 2, "", "leaves out cell 7"},
		{"build zero-aware", []string{"pdb", "build", "--size", "3x3", "--partition", "zero:4-4"}, 0, "3x3 pdb zero-aware 4-4+mirror, blank goal on cell 0", "building 3x3-b0-1.2.3.4.z.pdb"},
		{"bad zero-aware", []string{"pdb", "build", "--size", "3x3", "--partition", "zero:4-3"}, 2, "", "covers 7 tiles"},
		{"list", []string{"pdb", "list"}, 0, "3x3-b0-5.6.7.8.pdb", ""},
		{"list zero-aware", []string{"pdb", "list"}, 0, "5 6 7 8 (zero-aware)", ""},
		{"verify zero-aware", []string{"pdb", "verify"}, 0, "3x3-b0-5.6.7.8.z.pdb", ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			code, out, errOut := runCLI(t, "", tc.args...)
			if code != tc.code || !strings.Contains(out, tc.out) || !strings.Contains(errOut, tc.err) {
				t.Errorf("searchlab %v: exit %d, stdout %q, stderr %q; want exit %d, %q, %q", tc.args, code, out, errOut, tc.code, tc.out, tc.err)
			}
			if tc.name == "build again" && errOut != "" {
				t.Errorf("second build wrote %q, want nothing on stderr", errOut)
			}
		})
	}
}

// buildCache builds the 3x3 4-4 set with "searchlab pdb build" in a new
// cache and returns the folder of its files.
func buildCache(t *testing.T) string {
	t.Helper()
	cache := t.TempDir()
	t.Setenv("XDG_CACHE_HOME", cache)
	if code, _, errOut := runCLI(t, "", "pdb", "build", "--size", "3x3", "--partition", "4-4"); code != 0 {
		t.Fatalf("build: exit %d, %s", code, errOut)
	}
	return filepath.Join(cache, "searchlab", "pdb")
}

func TestPDBCorruptFileIsRebuilt(t *testing.T) {
	dir := buildCache(t)
	pdbtest.Flip(t, filepath.Join(dir, "3x3-b0-1.2.3.4.pdb"), 1, 1, false)
	code, out, errOut := runCLI(t, "", "pdb", "build", "--size", "3x3", "--partition", "4-4")
	if code != 0 || !strings.Contains(errOut, "checksum mismatch; rebuilding it") || !strings.Contains(out, "ready") {
		t.Errorf("after damage: exit %d, stdout %q, stderr %q", code, out, errOut)
	}
	if code, out, _ := runCLI(t, "", "pdb", "list"); code != 0 || strings.Contains(out, "corrupt") {
		t.Errorf("list after rebuild: %q", out)
	}
}

// TestPDBVerify checks "searchlab pdb verify": good files pass (exit 0), a
// file damaged in place with its modification time set back fails (exit 1,
// naming the file and the fault), and the next run rebuilds it and answers
// right.
func TestPDBVerify(t *testing.T) {
	dir := buildCache(t)
	code, out, errOut := runCLI(t, "", "pdb", "verify")
	if code != 0 || strings.Count(out, "ok, checksum verified") != 2 {
		t.Fatalf("verify: exit %d, stdout %q, stderr %q", code, out, errOut)
	}
	pdbtest.Flip(t, filepath.Join(dir, "3x3-b0-5.6.7.8.pdb"), 2, 0x44, true)
	code, out, errOut = runCLI(t, "", "pdb", "verify")
	if code != 1 || !strings.Contains(out, "checksum mismatch") || !strings.Contains(errOut, "1 of 2 files damaged") {
		t.Errorf("verify after damage: exit %d, stdout %q, stderr %q", code, out, errOut)
	}
	code, out, errOut = runCLI(t, "8 6 7\n2 5 4\n3 0 1\n", "sliding", "--heuristic", "pdb", "--partition", "4-4")
	if code != 0 || out != "31\n" || !strings.Contains(errOut, "rebuilding") {
		t.Errorf("sliding after damage: exit %d, stdout %q, stderr %q", code, out, errOut)
	}
}

// TestSlidingWithPDB checks that "searchlab sliding --heuristic pdb" finds
// the same lengths as the default solver, on 3x3 (the exact table) and on
// 2x4 and 3x4 boards.
func TestSlidingWithPDB(t *testing.T) {
	t.Setenv("XDG_CACHE_HOME", t.TempDir())
	tests := []struct {
		name  string
		args  []string
		input string
		want  string
	}{
		{"3x3", []string{"--partition", "4-4"}, "8 6 7\n2 5 4\n3 0 1\n\n1 2 3\n4 5 6\n7 0 8\n\n2 1 3\n4 5 6\n7 8 0\n", "31\n1\nimpossible\n"},
		{"3x3 by cells", []string{"--partition", "0,1,2,3/4,5,6,7"}, "8 6 7\n2 5 4\n3 0 1\n", "31\n"},
		{"3x3 zero-aware", []string{"--partition", "zero:4-4"}, "8 6 7\n2 5 4\n3 0 1\n\n1 2 3\n4 5 6\n7 0 8\n", "31\n1\n"},
		{"3x3 spiral goal", []string{"--partition", "3-5", "--goal", "1 2 3 8 0 4 7 6 5"}, scrambled(t, 3, 3, "1 2 3 8 0 4 7 6 5", 40), ""},
		{"2x4", nil, scrambled(t, 4, 2, "1 2 3 4 5 6 7 0", 60), ""},
		{"3x4", nil, scrambled(t, 4, 3, "1 2 3 4 5 6 7 8 9 10 11 0", 60), ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			args := append([]string{"sliding"}, tc.args...)
			code, ref, errOut := runCLI(t, tc.input, args...)
			if code != 0 {
				t.Fatalf("reference: exit %d: %s", code, errOut)
			}
			if tc.want != "" && ref != tc.want {
				t.Fatalf("reference: %q, want %q", ref, tc.want)
			}
			code, got, errOut := runCLI(t, tc.input, append(args, "--heuristic", "pdb")...)
			if code != 0 || got != ref {
				t.Errorf("--heuristic pdb: exit %d, %q (stderr %q), want %q", code, got, errOut, ref)
			}
			code, js, _ := runCLI(t, tc.input, append(args, "--heuristic", "pdb", "--json")...)
			if code != 0 || !strings.Contains(js, `"method":"pdb `) {
				t.Errorf("--json: exit %d, %q lacks the pdb method", code, js)
			}
		})
	}
}

// scrambled returns, in the grid format, the board that sliding.Scramble's
// walk of steps moves, with a fixed seed, makes from the goal given in
// reading order.
func scrambled(t *testing.T, w, h int, goal string, steps int) string {
	t.Helper()
	g, err := sliding.ParseGoal(goal, w, h)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(uint64(w), uint64(steps)))
	return sliding.Scramble(rng, g, steps).String() + "\n"
}

func TestSlidingPDBBadInput(t *testing.T) {
	t.Setenv("XDG_CACHE_HOME", t.TempDir())
	code, _, errOut := runCLI(t, "8 6 7\n2 5 4\n3 0 1\n", "sliding", "--heuristic", "pdb", "--partition", "9")
	if code != 2 || !strings.Contains(errOut, `partition "9" covers 9 tiles`) {
		t.Errorf("bad partition: exit %d, %q", code, errOut)
	}
}

// TestSlidingTooBigFallsBack checks that a board too big for any database is
// solved by the default method, with a note on stderr, and that forcing pdb
// on it is refused.
func TestSlidingTooBigFallsBack(t *testing.T) {
	t.Setenv("XDG_CACHE_HOME", t.TempDir())
	board := scrambled(t, 6, 6, "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30 31 32 33 34 35 0", 6)
	code, out, errOut := runCLI(t, board, "sliding")
	if code != 0 || !strings.Contains(errOut, "no pattern database fits a 6x6 board; using IDA* with linear conflicts") {
		t.Errorf("6x6: exit %d, stdout %q, stderr %q", code, out, errOut)
	}
	code, _, errOut = runCLI(t, board, "sliding", "--heuristic", "pdb")
	if code != 2 || !strings.Contains(errOut, "no pattern database for 6x6") {
		t.Errorf("6x6 --heuristic pdb: exit %d, stderr %q", code, errOut)
	}
}

// TestSlidingAutoBuildsQuickSet checks that "searchlab sliding" on a 4x4
// board with an empty cache builds the quick 6-6-3 set, not the 7-8 set that
// takes minutes, says how to build 7-8, and answers optimally.
func TestSlidingAutoBuildsQuickSet(t *testing.T) {
	cache := t.TempDir()
	t.Setenv("XDG_CACHE_HOME", cache)
	goal := "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 0"
	board := scrambled(t, 4, 4, goal, 40)
	b, err := sliding.ParseGoal(board, 4, 4)
	if err != nil {
		t.Fatal(err)
	}
	ref, err := sliding.Search(t.Context(), b, sliding.Standard(4, 4), sliding.Options{Algorithm: sliding.IDAStar, Tuned: true, Heuristic: sliding.LinearConflict(sliding.Standard(4, 4))})
	if err != nil {
		t.Fatal(err)
	}
	code, out, errOut := runCLI(t, board, "sliding", "--json")
	if code != 0 {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
	if !strings.Contains(out, `"method":"pdb 6-6-3`) || !strings.Contains(out, fmt.Sprintf(`"length":%d,`, ref.Len())) {
		t.Errorf("stdout %q, want the 6-6-3 set and length %d", out, ref.Len())
	}
	if !strings.Contains(errOut, "searchlab pdb build --size 4x4") {
		t.Errorf("stderr %q does not say how to build the 7-8 set", errOut)
	}
	infos, err := pdb.List(filepath.Join(cache, "searchlab", "pdb"))
	if err != nil {
		t.Fatal(err)
	}
	var sizes []int
	for _, in := range infos {
		sizes = append(sizes, len(in.Cells))
	}
	slices.Sort(sizes)
	if got := fmt.Sprint(sizes); got != "[3 6 6]" {
		t.Errorf("the run cached patterns of %s tiles, want the 6-6-3 set alone", got)
	}
}

// TestPDBBuildUnwritableDir checks that "pdb build" refuses, before any
// work and with exit status 2, a directory it cannot save in: one under
// a regular file, and (when not root) a read-only one.
func TestPDBBuildUnwritableDir(t *testing.T) {
	tmp := t.TempDir()
	file := filepath.Join(tmp, "file")
	if err := os.WriteFile(file, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	dirs := []string{file, filepath.Join(file, "D")}
	if os.Geteuid() != 0 {
		ro := filepath.Join(tmp, "ro")
		if err := os.Mkdir(ro, 0o555); err != nil {
			t.Fatal(err)
		}
		dirs = append(dirs, ro, filepath.Join(ro, "D"))
	}
	for _, d := range dirs {
		code, out, errOut := runCLI(t, "", "pdb", "build", "--size", "3x3", "--dir", d)
		if code != 2 || out != "" || !strings.Contains(errOut, "--dir: pdb: cannot save databases in "+d) || strings.Contains(errOut, "building") {
			t.Errorf("pdb build --dir %s: exit %d, stdout %q, stderr %q; want exit 2 and one message, nothing built", d, code, out, errOut)
		}
	}
}
