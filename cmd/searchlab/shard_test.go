package main

import (
	"context"
	"encoding/json"
	"math/rand/v2"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/searchlab/searchlab/internal/shard"
	"github.com/searchlab/searchlab/sliding"
	"github.com/searchlab/searchlab/sudoku"
)

// TestShardFlag checks that every bulk command refuses a shard outside
// 0 <= k < n with exit status 2.
func TestShardFlag(t *testing.T) {
	for _, cmd := range []string{"sliding", "sudoku", "stroke"} {
		code, _, errOut := runCLI(t, "", cmd, "--shard", "5/5")
		if code != 2 || !strings.Contains(errOut, "want 0 <= k < n") {
			t.Errorf("%s --shard 5/5: exit %d, %q", cmd, code, errOut)
		}
	}
}

// elapsed matches the timings in --json output, the one part of an answer
// that differs from run to run.
var elapsed = regexp.MustCompile(`"elapsed_ns":[0-9]+`)

// TestShardsUnion checks, for each bulk command, that the shards of a file
// together give the single-process output: with --json, the shards' lines
// sorted by their input numbers are the whole run's lines, byte for byte
// (timings aside); in the plain format, the shards' lines dealt back in
// turn are the whole run's output.
func TestShardsUnion(t *testing.T) {
	// Sudoku: the examples and generated puzzles.
	var sdk strings.Builder
	ex, err := os.ReadFile("../../examples/sudoku.txt")
	if err != nil {
		t.Fatal(err)
	}
	sdk.Write(ex)
	gen, err := sudoku.NewGenerator(3, 5)
	if err != nil {
		t.Fatal(err)
	}
	for range 14 {
		p, _, err := gen.Generate(context.Background(), 0)
		if err != nil {
			t.Fatal(err)
		}
		sdk.WriteString(p.String() + "\n")
	}
	// Sliding: random 3x3 boards, some unsolvable, one a line.
	var sl strings.Builder
	rng := rand.New(rand.NewPCG(7, 7))
	for range 23 {
		b := sliding.Random(rng, 3, 3)
		for i, t := range b.Tiles {
			if i > 0 {
				sl.WriteByte(' ')
			}
			sl.WriteString(string(rune('0' + t)))
		}
		sl.WriteByte('\n')
	}
	eight, err := os.ReadFile("../../examples/eight.txt")
	if err != nil {
		t.Fatal(err)
	}
	strokes, err := os.ReadFile("../../examples/stroke.txt")
	if err != nil {
		t.Fatal(err)
	}

	tests := []struct {
		name  string
		input string
		args  []string
		key   string // the JSON field of the input number
	}{
		{"sudoku", sdk.String(), []string{"sudoku", "--jobs", "2"}, "line"},
		{"sudoku one job", sdk.String(), []string{"sudoku", "--jobs", "1"}, "line"},
		{"sliding line", sl.String(), []string{"sliding", "--format", "line", "--path"}, "line"},
		{"sliding boj11112", string(eight), []string{"sliding", "--format", "boj11112"}, "line"},
		{"stroke", string(strokes), []string{"stroke", "--path", "--all"}, "board"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			for _, asJSON := range []bool{false, true} {
				args := tc.args
				if asJSON {
					args = append(slices.Clone(args), "--json")
				}
				code, whole, errOut := runCLI(t, tc.input, args...)
				if code != 0 {
					t.Fatalf("%v: exit %d: %s", args, code, errOut)
				}
				wantLines := strings.Split(strings.TrimSuffix(whole, "\n"), "\n")
				if len(wantLines) < 5 {
					t.Fatalf("%v: only %d answers", args, len(wantLines))
				}
				for _, n := range []int{1, 2, 3, 7} {
					shards := make([][]string, n)
					for k := range n {
						code, out, errOut := runCLI(t, tc.input, append(slices.Clone(args), "--shard", shard.Shard{Index: k, Count: n}.String())...)
						if code != 0 {
							t.Fatalf("%v --shard %d/%d: exit %d: %s", args, k, n, code, errOut)
						}
						if out != "" {
							shards[k] = strings.Split(strings.TrimSuffix(out, "\n"), "\n")
						}
					}
					var got []string
					if asJSON {
						for _, s := range shards {
							got = append(got, s...)
						}
						num := func(line string) int {
							var m map[string]any
							if err := json.Unmarshal([]byte(line), &m); err != nil {
								t.Fatalf("not JSON: %q", line)
							}
							v, _ := m[tc.key].(float64)
							return int(v)
						}
						slices.SortStableFunc(got, func(a, b string) int { return num(a) - num(b) })
					} else {
						// Deal the shards' answers back: answer i is in
						// shard i mod n.
						for i := 0; ; i++ {
							s := shards[i%n]
							if i/n >= len(s) {
								break
							}
							got = append(got, s[i/n])
						}
					}
					a := elapsed.ReplaceAllString(strings.Join(got, "\n"), `"elapsed_ns":0`)
					b := elapsed.ReplaceAllString(strings.Join(wantLines, "\n"), `"elapsed_ns":0`)
					if a != b {
						t.Errorf("%v with %d shards: union differs from the whole run\nshards:\n%s\nwhole:\n%s", args, n, a, b)
					}
				}
			}
		})
	}
}
