package units_test

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/searchlab/searchlab/search"
	"github.com/searchlab/searchlab/sliding"
	"github.com/searchlab/searchlab/sliding/pdb"
	"github.com/searchlab/searchlab/sliding/solve"
	"github.com/searchlab/searchlab/sliding/units"
)

// TestRunPending drives one board's units to its solution the way many
// processes would: Run searches the units still to do at each bound, and
// Pending merges every result so far, until the board is solved with the
// length of the set's own search.
func TestRunPending(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	set, b, goal, sp := units.SplitEight(t)
	want, err := set.Solve(ctx, b, goal, search.Limits{})
	if err != nil {
		t.Fatal(err)
	}
	lines := units.New(1, sp, "4-4")
	var results []pdb.UnitResult
	todo, bound := lines, sp.H
	for round := 0; ; round++ {
		if round > 40 {
			t.Fatal("no solution after 40 bounds")
		}
		jobs := jobsOf(t, set, todo, bound)
		for i, o := range units.Run(ctx, jobs, 3, search.Limits{}) {
			if o.Err != nil {
				t.Fatal(o.Err)
			}
			if !o.Searched {
				continue // after a unit that found a solution
			}
			r, err := o.Answer.Result()
			if err != nil || r.Index != jobs[i].Unit.Index {
				t.Fatalf("result %+v, %v", r, err)
			}
			results = append(results, r)
		}
		st, err := units.Pending(lines, results)
		if err != nil {
			t.Fatal(err)
		}
		if st.Solution.Optimal {
			if st.Solution.Len() != want.Len() || sliding.Verify(b, goal, st.Solution.Moves) != nil {
				t.Fatalf("%d moves, want %d", st.Solution.Len(), want.Len())
			}
			return
		}
		if st.Next <= bound || len(st.Todo) == 0 {
			t.Fatalf("bound %d: next %d with %d units to do", bound, st.Next, len(st.Todo))
		}
		todo, bound = st.Todo, st.Next
	}
}

// TestDeal checks that every unit goes to one worker, every procs-th from
// the worker's number, that every answer comes back, and that a worker's
// error is returned.
func TestDeal(t *testing.T) {
	t.Parallel()
	us := make([]units.WorkUnit, 10)
	for i := range us {
		us[i] = units.WorkUnit{Line: 1, Unit: i, Units: len(us)}
	}
	rs, err := units.Deal(context.Background(), us, 3, func(ctx context.Context, p int, share []units.WorkUnit) ([]units.UnitAnswer, error) {
		var out []units.UnitAnswer
		for k, u := range share {
			if u.Unit != p+3*k {
				t.Errorf("worker %d got unit %d as its unit %d", p, u.Unit, k)
			}
			out = append(out, units.UnitAnswer{Line: u.Line, Unit: u.Unit, Units: u.Units, Bound: 7})
		}
		return out, nil
	})
	if err != nil || len(rs) != len(us) {
		t.Fatalf("%d results, %v; want %d", len(rs), err, len(us))
	}
	boom := errors.New("boom")
	if _, err := units.Deal(context.Background(), us, 3, func(ctx context.Context, p int, share []units.WorkUnit) ([]units.UnitAnswer, error) {
		if p == 1 {
			return nil, boom
		}
		return nil, nil
	}); !errors.Is(err, boom) {
		t.Errorf("a worker's error: got %v", err)
	}
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
		p, err := units.SplitBoard(ctx, solver, 7, tc.board, goal, tc.partition, 5, search.Limits{})
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
	p, err := units.SplitBoard(ctx, solver, 1, b, sliding.Standard(3, 3), "4-4", 5, search.Limits{})
	if err != nil {
		t.Fatal(err)
	}
	lines := p.Units[:2]
	withBound := append([]units.WorkUnit(nil), lines...)
	withBound[0].Bound, withBound[1].Bound = 20, 20
	broken := append([]units.WorkUnit(nil), withBound...)
	broken[1].Size = "3by3"
	for _, tc := range []struct {
		name    string
		lines   []units.WorkUnit
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
		jobs, err := units.Jobs(ctx, solver, tc.lines, tc.bound)
		if tc.wantErr != "" {
			if err == nil || !strings.HasPrefix(err.Error(), tc.wantErr) || !errors.Is(err, solve.ErrInput) {
				t.Errorf("%s: got %v, want %q... matching solve.ErrInput", tc.name, err, tc.wantErr)
			}
			if (tc.name == "no bound") != errors.Is(err, units.ErrNoBound) {
				t.Errorf("%s: %v matches ErrNoBound: %v", tc.name, err, errors.Is(err, units.ErrNoBound))
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
	u := func(line, unit int) units.WorkUnit { return units.WorkUnit{Line: line, Unit: unit} }
	boards := []units.Board{
		{Line: 1, Todo: []units.WorkUnit{u(1, 0), u(1, 2)}},
		{Line: 2, Solution: sliding.Solution{Optimal: true}},
		{Line: 3, Todo: []units.WorkUnit{u(3, 1)}},
	}
	got := units.Todo(boards)
	want := []units.WorkUnit{u(1, 0), u(1, 2), u(3, 1)}
	if len(got) != len(want) {
		t.Fatalf("got %v, want %v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("unit %d: got %+v, want %+v", i, got[i], want[i])
		}
	}
	if todo := units.Todo(boards[1:2]); len(todo) != 0 {
		t.Errorf("a solved board: got %v, want none", todo)
	}
}

// A plan describes itself on one line, as "searchlab sliding split"
// reports each board.
func ExamplePlan_String() {
	p := units.Plan{Split: pdb.Split{Depth: 12, H: 50, Paths: 1500, Units: make([]pdb.Unit, 1200)}, Method: "pdb 6-6-6-6"}
	fmt.Println(p)
	// Output: depth 12, 1200 units (1500 paths), first bound 50 (pdb 6-6-6-6)
}

// TestAnswers checks the lines Answers keeps from Run's outcomes, and
// where and why it stops.
func TestAnswers(t *testing.T) {
	t.Parallel()
	searched := func(unit int) units.Outcome {
		return units.Outcome{Searched: true, Answer: units.UnitAnswer{Line: 1, Unit: unit, Units: 4}}
	}
	boom := errors.New("boom")
	canceled, cancel := context.WithCancel(context.Background())
	cancel()
	for _, tc := range []struct {
		name     string
		ctx      context.Context
		outcomes []units.Outcome
		want     []int // the units of the lines kept
		index    int
		err      error
	}{
		{"all searched", context.Background(), []units.Outcome{searched(0), searched(1)}, []int{0, 1}, -1, nil},
		{"skipped after a solution", context.Background(), []units.Outcome{searched(0), {}, searched(2)}, []int{0, 2}, -1, nil},
		{"a failure", context.Background(), []units.Outcome{searched(0), {Searched: true, Err: boom}, searched(2)}, []int{0}, 1, boom},
		{"left out when ctx ended", canceled, []units.Outcome{searched(0), {}, searched(2)}, []int{0}, 1, search.ErrLimit},
	} {
		answers, i, err := units.Answers(tc.ctx, tc.outcomes)
		var got []int
		for _, a := range answers {
			got = append(got, a.Unit)
		}
		if !slices.Equal(got, tc.want) || i != tc.index || !errors.Is(err, tc.err) || (err == nil) != (tc.err == nil) {
			t.Errorf("%s: got units %v, index %d, %v; want %v, %d, %v", tc.name, got, i, err, tc.want, tc.index, tc.err)
		}
	}
}
