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
	"github.com/searchlab/searchlab/sliding/solve"
)

// eight is the 4-4 databases of the standard 3x3 goal as a Solver opens
// them, for work units, with the Solver for reference solves.
type eight struct {
	*solve.UnitSet
	solver *solve.Solver
}

// Reference solves b in one process with the same databases: what the
// units must find.
func (e eight) Reference(ctx context.Context, b, goal sliding.Board) (sliding.Solution, error) {
	return e.solver.Solve(ctx, b, goal, solve.Method{Heuristic: solve.HeuristicPDB, Partition: "4-4"}, search.Limits{})
}

// eightSet opens (building them in a temporary directory) the 4-4
// databases of the standard 3x3 goal.
func eightSet(t *testing.T) (s eight, goal sliding.Board) {
	t.Helper()
	goal = sliding.Standard(3, 3)
	solver := solve.New(solve.Options{Dir: t.TempDir()})
	t.Cleanup(func() { solver.Close() })
	set, err := solver.Units(context.Background(), 3, 3, goal.Blank(), "4-4")
	if err != nil {
		t.Fatal(err)
	}
	return eight{set, solver}, goal
}

// splitEight splits the board 8 6 7 2 5 4 3 0 1 to depth 5 under the
// databases of eightSet.
func splitEight(t *testing.T) (s eight, b, goal sliding.Board, sp solve.Split) {
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

// TestSplitBoard checks that SplitBoard's units name the partition asked
// for, or the set's own for "", and describe the split; and that an
// unsolvable board and a partition that does not fit are refused.
func TestSplitBoard(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	solver := solve.New(solve.Options{Dir: t.TempDir()})
	defer solver.Close()
	goal := sliding.Standard(3, 3)
	b, _ := sliding.New(3, 3, []int{8, 6, 7, 2, 5, 4, 3, 0, 1})
	odd, _ := sliding.New(3, 3, []int{2, 1, 3, 4, 5, 6, 7, 8, 0})
	auto, err := solver.Set(ctx, 3, 3, goal.Blank(), "")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name, partition, wantPartition string
		board                          sliding.Board
		wantErr                        error
	}{
		{"named", "4-4", "4-4", b, nil},
		{"library's choice", "", auto.Partition(), b, nil},
		{"unsolvable", "4-4", "", odd, sliding.ErrUnsolvable},
		{"no such partition", "9-9", "", b, solve.ErrInput},
	} {
		p, err := SplitBoard(ctx, solver, 7, tc.board, goal, tc.partition, 5, search.Limits{})
		if tc.wantErr != nil {
			if !errors.Is(err, tc.wantErr) {
				t.Errorf("%s: got %v, want %v", tc.name, err, tc.wantErr)
			}
			continue
		}
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if len(p.Units) == 0 || len(p.Units) != len(p.Split.Units) || p.Method == "" {
			t.Fatalf("%s: %d lines for %d units, method %q", tc.name, len(p.Units), len(p.Split.Units), p.Method)
		}
		for _, u := range p.Units {
			if u.Line != 7 || u.Partition != tc.wantPartition || u.Depth != 5 {
				t.Errorf("%s: unit %+v, want line 7, partition %s, depth 5", tc.name, u, tc.wantPartition)
			}
		}
	}
}

// TestJobs checks the bound each job gets (the one given, else the
// line's) and the refusal of lines that do not parse or carry no bound.
func TestJobs(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	solver := solve.New(solve.Options{Dir: t.TempDir()})
	defer solver.Close()
	b, _ := sliding.New(3, 3, []int{8, 6, 7, 2, 5, 4, 3, 0, 1})
	p, err := SplitBoard(ctx, solver, 1, b, sliding.Standard(3, 3), "4-4", 5, search.Limits{})
	if err != nil {
		t.Fatal(err)
	}
	lines := p.Units[:2]
	withBound := append([]WorkUnit(nil), lines...)
	withBound[0].Bound, withBound[1].Bound = 20, 20
	broken := append([]WorkUnit(nil), withBound...)
	broken[1].Size = "3by3"
	for _, tc := range []struct {
		name    string
		lines   []WorkUnit
		bound   int
		want    int // the bound of every job
		wantErr string
	}{
		{"bound given", lines, 24, 24, ""},
		{"bound of the lines", withBound, 0, 20, ""},
		{"given over the lines'", withBound, 22, 22, ""},
		{"no bound", lines, 0, 0, "line 1: no bound"},
		{"bad line", broken, 0, 0, "line 2: size:"},
	} {
		jobs, err := Jobs(ctx, solver, tc.lines, tc.bound)
		if tc.wantErr != "" {
			if err == nil || !strings.HasPrefix(err.Error(), tc.wantErr) || !errors.Is(err, solve.ErrInput) {
				t.Errorf("%s: got %v, want %q... matching solve.ErrInput", tc.name, err, tc.wantErr)
			}
			if (tc.name == "no bound") != errors.Is(err, ErrNoBound) {
				t.Errorf("%s: %v matches ErrNoBound: %v", tc.name, err, errors.Is(err, ErrNoBound))
			}
			continue
		}
		if err != nil || len(jobs) != len(tc.lines) {
			t.Fatalf("%s: %d jobs, %v", tc.name, len(jobs), err)
		}
		for i, j := range jobs {
			if j.Bound != tc.want || j.Set == nil || j.Unit.Index != tc.lines[i].Unit || !j.Board.Equal(b) {
				t.Errorf("%s: job %d has bound %d, unit %d, want bound %d, unit %d", tc.name, i, j.Bound, j.Unit.Index, tc.want, tc.lines[i].Unit)
			}
		}
	}
}

// TestTodo checks that Todo lists the units left of the boards not
// solved, in order, and none of a solved board.
func TestTodo(t *testing.T) {
	t.Parallel()
	u := func(line, unit int) WorkUnit { return WorkUnit{Line: line, Unit: unit} }
	boards := []Board{
		{Line: 1, Todo: []WorkUnit{u(1, 0), u(1, 2)}},
		{Line: 2, Solution: sliding.Solution{Optimal: true}},
		{Line: 3, Todo: []WorkUnit{u(3, 1)}},
	}
	got := Todo(boards)
	want := []WorkUnit{u(1, 0), u(1, 2), u(3, 1)}
	if len(got) != len(want) {
		t.Fatalf("got %v, want %v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("unit %d: got %+v, want %+v", i, got[i], want[i])
		}
	}
	if todo := Todo(boards[1:2]); len(todo) != 0 {
		t.Errorf("a solved board: got %v, want none", todo)
	}
}

// TestPlanString checks the line a plan describes itself on, as
// "searchlab sliding split" reports each board.
func TestPlanString(t *testing.T) {
	t.Parallel()
	p := Plan{Split: solve.Split{Depth: 12, H: 50, Paths: 1500, Units: make([]solve.Unit, 1200)}, Method: "pdb 6-6-6-6"}
	if got, want := p.String(), "depth 12, 1200 units (1500 paths), first bound 50 (pdb 6-6-6-6)"; got != want {
		t.Errorf("got  %q\nwant %q", got, want)
	}
}

// TestAnswers checks the lines Answers keeps from Run's outcomes, and
// where and why it stops.
func TestAnswers(t *testing.T) {
	t.Parallel()
	searched := func(unit int) Outcome {
		return Outcome{Searched: true, Answer: UnitAnswer{Line: 1, Unit: unit, Units: 4}}
	}
	boom := errors.New("boom")
	canceled, cancel := context.WithCancel(context.Background())
	cancel()
	for _, tc := range []struct {
		name     string
		ctx      context.Context
		outcomes []Outcome
		want     []int // the units of the lines kept
		index    int
		err      error
	}{
		{"all searched", context.Background(), []Outcome{searched(0), searched(1)}, []int{0, 1}, -1, nil},
		{"skipped after a solution", context.Background(), []Outcome{searched(0), {}, searched(2)}, []int{0, 2}, -1, nil},
		{"a failure", context.Background(), []Outcome{searched(0), {Searched: true, Err: boom}, searched(2)}, []int{0}, 1, boom},
		{"left out when ctx ended", canceled, []Outcome{searched(0), {}, searched(2)}, []int{0}, 1, search.ErrLimit},
	} {
		answers, i, err := Answers(tc.ctx, tc.outcomes)
		var got []int
		for _, a := range answers {
			got = append(got, a.Unit)
		}
		if !slices.Equal(got, tc.want) || i != tc.index || !errors.Is(err, tc.err) || (err == nil) != (tc.err == nil) {
			t.Errorf("%s: got units %v, index %d, %v; want %v, %d, %v", tc.name, got, i, err, tc.want, tc.index, tc.err)
		}
	}
}
