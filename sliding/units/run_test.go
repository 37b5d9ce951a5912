package units_test

import (
	"context"
	"errors"
	"testing"

	"github.com/searchlab/searchlab/search"
	"github.com/searchlab/searchlab/sliding"
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
	want, err := set.Reference(ctx, b, goal)
	if err != nil {
		t.Fatal(err)
	}
	lines := units.New(1, sp, "4-4")
	var results []solve.UnitResult
	todo, bound := lines, sp.H
	for round := 0; ; round++ {
		if round > 40 {
			t.Fatal("no solution after 40 bounds")
		}
		jobs := jobsOf(t, set.UnitSet, todo, bound)
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
