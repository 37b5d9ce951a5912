package units

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/searchlab/searchlab/search"
	"github.com/searchlab/searchlab/sliding"
	"github.com/searchlab/searchlab/sliding/pdb"
	"github.com/searchlab/searchlab/sliding/solve"
)

// eightSet builds the 4-4 databases of the standard 3x3 goal.
func eightSet(t *testing.T) (s *pdb.Set, goal sliding.Board) {
	t.Helper()
	goal = sliding.Standard(3, 3)
	s, err := pdb.Build(context.Background(), 3, 3, goal.Blank(), "4-4", nil)
	if err != nil {
		t.Fatal(err)
	}
	return s, goal
}

// splitEight splits the board 8 6 7 2 5 4 3 0 1 to depth 5 under the
// databases of eightSet.
func splitEight(t *testing.T) (s *pdb.Set, b, goal sliding.Board, sp pdb.Split) {
	t.Helper()
	s, goal = eightSet(t)
	b, _ = sliding.New(3, 3, []int{8, 6, 7, 2, 5, 4, 3, 0, 1})
	sp, err := s.Split(context.Background(), b, goal, 5, search.Limits{})
	if err != nil {
		t.Fatal(err)
	}
	return s, b, goal, sp
}

// TestWorkUnitsRoundTrip checks that the lines of a split read back into
// the same split, and that results read back into the same results.
func TestWorkUnitsRoundTrip(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s, _, goal, sp := splitEight(t)
	lines := New(7, sp, "4-4")
	var back []WorkUnit
	for _, u := range lines {
		data, _ := json.Marshal(u)
		var v WorkUnit
		if err := json.Unmarshal(data, &v); err != nil {
			t.Fatal(err)
		}
		back = append(back, v)
	}
	got, err := SplitOf(back)
	if err != nil {
		t.Fatal(err)
	}
	if !got.Board.Equal(sp.Board) || !got.Goal.Equal(sp.Goal) || got.H != sp.H || got.Depth != sp.Depth || len(got.Units) != len(sp.Units) {
		t.Fatalf("split read back differs: %+v", got)
	}
	for i, u := range got.Units {
		if u.Index != i || !u.State.Equal(sp.Units[i].State) || sliding.MovesString(u.Prefix) != sliding.MovesString(sp.Units[i].Prefix) {
			t.Fatalf("unit %d read back differs", i)
		}
		r, err := s.SearchUnit(ctx, goal, u, 31, search.Limits{})
		if err != nil {
			t.Fatal(err)
		}
		a := NewAnswer(lines[i], r)
		rb, err := a.Result()
		if err != nil || rb.Index != r.Index || rb.Found != r.Found || rb.Next != r.Next || sliding.MovesString(rb.Moves) != sliding.MovesString(r.Moves) || rb.Stats.Expanded != r.Stats.Expanded {
			t.Fatalf("unit %d: result read back %+v, %v; want %+v", i, rb, err, r)
		}
	}
	if _, err := SplitOf(back[1:]); !errors.Is(err, solve.ErrInput) {
		t.Errorf("a missing unit: %v", err)
	}
	if _, err := SplitOf(append(back, back[0])); !errors.Is(err, solve.ErrInput) {
		t.Errorf("a unit twice: %v", err)
	}
	other := back[2]
	other.Goal = "1 2 3 4 5 6 7 0 8"
	if _, err := SplitOf(append(back[:2:2], other)); !errors.Is(err, solve.ErrInput) {
		t.Errorf("units of two goals: %v", err)
	}
}

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

// FuzzWorkUnitParse checks that no unit line panics Parse, and that a
// unit it accepts has a prefix that leads from the board to the state.
func FuzzWorkUnitParse(f *testing.F) {
	f.Add(`{"line":1,"unit":0,"units":1,"depth":1,"h":3,"size":"3x3","board":"1 2 3 4 5 6 0 7 8","goal":"1 2 3 4 5 6 7 8 0","partition":"4-4","prefix":"R","state":"1 2 3 4 5 6 7 0 8"}`)
	f.Add(`{"units":1,"size":"2x2","board":"1 2 3 0","goal":"1 2 3 0","state":"1 2 3 0"}`)
	f.Add(`{"units":2,"unit":1,"size":"9x1","board":"1 2","prefix":"UUDD"}`)
	f.Fuzz(func(t *testing.T, line string) {
		var u WorkUnit
		if json.Unmarshal([]byte(line), &u) != nil {
			return
		}
		b, g, unit, err := u.Parse()
		if err != nil {
			if !errors.Is(err, solve.ErrInput) {
				t.Fatalf("error %v does not match ErrInput", err)
			}
			return
		}
		st, err := b.Apply(unit.Prefix...)
		if err != nil || !st.Equal(unit.State) || g.W != b.W || g.H != b.H {
			t.Fatalf("accepted %q: prefix does not lead to the state", line)
		}
	})
}
