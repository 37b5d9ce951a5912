package units

import (
	"context"
	"encoding/json"
	"errors"
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
