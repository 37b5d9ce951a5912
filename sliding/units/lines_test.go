package units

import (
	"bytes"
	"context"
	"errors"
	"os/exec"
	"slices"
	"strings"
	"testing"

	"github.com/searchlab/searchlab/search"
	"github.com/searchlab/searchlab/sliding"
	"github.com/searchlab/searchlab/sliding/solve"
)

// TestLinesRoundTrip checks that WriteLines and ReadUnits give back the
// units of two boards, and that GroupByBoard sorts them and their results
// by board in the order of their first unit.
func TestLinesRoundTrip(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s, goal := eightSet(t)
	var us []WorkUnit
	for _, tc := range []struct {
		line  int
		tiles []int
	}{{9, []int{8, 6, 7, 2, 5, 4, 3, 0, 1}}, {4, []int{1, 2, 3, 4, 5, 6, 0, 7, 8}}} {
		b, _ := sliding.New(3, 3, tc.tiles)
		sp, err := s.Split(ctx, b, goal, 2, search.Limits{})
		if err != nil {
			t.Fatal(err)
		}
		us = append(us, New(tc.line, sp, "4-4")...)
	}
	var buf bytes.Buffer
	if err := WriteLines(&buf, us); err != nil {
		t.Fatal(err)
	}
	back, err := ReadUnits(strings.NewReader("\n" + buf.String() + "\n"))
	if err != nil {
		t.Fatal(err)
	}
	if len(back) != len(us) {
		t.Fatalf("read %d units, want %d", len(back), len(us))
	}
	answers := []UnitAnswer{{Line: 4, Unit: 0, Bound: 2, Next: 4}}
	groups, err := GroupByBoard(back, answers)
	if err != nil {
		t.Fatal(err)
	}
	var lines []int
	n := 0
	for _, g := range groups {
		lines = append(lines, g.Line)
		n += len(g.Units)
	}
	if !slices.Equal(lines, []int{9, 4}) || n != len(us) || len(groups[0].Results) != 0 || len(groups[1].Results) != 1 {
		t.Errorf("groups: lines %v, %d units, results %d and %d", lines, n, len(groups[0].Results), len(groups[1].Results))
	}

	_, err = GroupByBoard(back, []UnitAnswer{answers[0], {Line: 5, Bound: 2, Next: 4}})
	var nu *NoUnitsError
	if !errors.As(err, &nu) || nu.Index != 1 || nu.Line != 5 || !errors.Is(err, solve.ErrInput) {
		t.Errorf("a result of an unknown board: %v", err)
	}
}

// TestReadLinesErrors checks that a line that is not a unit, or carries a
// field a unit lacks, is bad input naming the line.
func TestReadLinesErrors(t *testing.T) {
	t.Parallel()
	for _, in := range []string{"{\"line\":1}\nnot json\n", "{\"line\":1}\n\n{\"nope\":2}\n"} {
		_, err := ReadUnits(strings.NewReader(in))
		if !errors.Is(err, solve.ErrInput) || !strings.HasPrefix(err.Error(), "line ") {
			t.Errorf("ReadUnits(%q) = %v", in, err)
		}
	}
	_, err := ReadAnswers(strings.NewReader("[]\n"))
	if err == nil || !strings.HasPrefix(err.Error(), "line 1: not a result line") {
		t.Errorf("ReadAnswers of an array: %v", err)
	}
}

// TestRunCommands checks that RunCommands reads back what each process
// writes and names a process that fails.
func TestRunCommands(t *testing.T) {
	t.Parallel()
	sh, err := exec.LookPath("sh")
	if err != nil {
		t.Skip("no sh")
	}
	us := []WorkUnit{{Line: 1, Unit: 0}, {Line: 1, Unit: 1}, {Line: 1, Unit: 2}}
	ctx := context.Background()
	// Each process answers its first unit's number, read from its stdin.
	script := `read -r l; u=${l#*\"unit\":}; u=${u%%,*}; cat >/dev/null; echo "{\"line\":1,\"unit\":$u,\"bound\":5,\"next\":7}"`
	rs, err := RunCommands(ctx, us, 2, func(ctx context.Context) *exec.Cmd {
		return exec.CommandContext(ctx, sh, "-c", script)
	})
	if err != nil {
		t.Fatal(err)
	}
	var got []int
	for _, r := range rs {
		got = append(got, r.Index)
	}
	if !slices.Equal(got, []int{0, 1}) {
		t.Errorf("results of units %v, want [0 1]", got)
	}
	_, err = RunCommands(ctx, us, 2, func(ctx context.Context) *exec.Cmd {
		return exec.CommandContext(ctx, sh, "-c", "cat >/dev/null; exit 3")
	})
	if err == nil || !strings.Contains(err.Error(), "run-units (process 1 of 2)") {
		t.Errorf("failing processes: %v", err)
	}
}
