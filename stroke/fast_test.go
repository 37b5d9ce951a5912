package stroke

import (
	"context"
	"math/rand/v2"
	"slices"
	"testing"
)

// TestFastPathAgrees checks the fast path against the general path on
// random boards of every shape that fits it (up to Rows*(Cols+1) = 128
// bits), with one to four colours and with holes: the same chain, length,
// colour and bound, with and without Warnsdorff's order, and with the
// block-cut bound everywhere (fastBCTMin 0) the same node count: the same
// search.
func TestFastPathAgrees(t *testing.T) {
	t.Parallel()
	n := 20000
	if testing.Short() {
		n = 4000
	}
	if *long {
		n = 200000
	}
	fast, general := NewSolver(), NewSolver()
	general.fastMax = 0
	sameSearch := NewSolver()
	sameSearch.fastBCTMin = 0
	plainFast, plainGeneral := NewSolver(), NewSolver()
	plainGeneral.fastMax = 0
	plainFast.noWarnsdorff, plainGeneral.noWarnsdorff = true, true
	plainFast.fastBCTMin = 0
	rng := rand.New(rand.NewPCG(5, 11))
	shapes := [][2]int{{9, 9}, {10, 10}, {11, 9}, {9, 11}, {12, 9}, {8, 14}, {1, 1}, {1, 7}, {3, 2}, {6, 6}, {7, 5}}
	used := 0
	ctx := context.Background()
	for i := range n {
		sh := shapes[i%len(shapes)]
		ncol := 1 + i/len(shapes)%4
		holes := 0.0
		if ncol == 1 || i%3 == 0 {
			holes = 0.3
		}
		b := Random(rng, sh[0], sh[1], ncol, holes)
		if _, ok := fast.solveFast(ctx, b); !ok {
			continue // both would take the general path
		}
		used++
		for _, pair := range [][2]*Solver{{fast, general}, {sameSearch, general}, {plainFast, plainGeneral}} {
			got, err := pair[0].Solve(ctx, b, Options{})
			if err != nil {
				t.Fatalf("%s: fast: %v", boardText(b), err)
			}
			want, err := pair[1].Solve(ctx, b, Options{})
			if err != nil {
				t.Fatalf("%s: general: %v", boardText(b), err)
			}
			nodes := pair[0].fastBCTMin > 0 || got.Nodes == want.Nodes
			if got.String() != want.String() || !nodes || !slices.Equal(got.Path, want.Path) {
				t.Fatalf("%s: fast %v (%d nodes) %v, general %v (%d nodes) %v",
					boardText(b), got, got.Nodes, got.Path, want, want.Nodes, want.Path)
			}
		}
	}
	// Most of these boards must have taken the fast path, or the test
	// proves little.
	if used < n/2 {
		t.Fatalf("only %d of %d boards took the fast path", used, n)
	}
	t.Logf("%d of %d boards on the fast path", used, n)
}

// TestFastPathLimits checks what sends a board to the general path: a region of fastMax cells or more, a board too wide for 128 bits, a
// bad letter next to the player; and that a cancelled context still
// finishes an easy board.
func TestFastPathLimits(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s := NewSolver()
	for _, c := range []struct {
		rows []string
		ok   bool
	}{
		{[]string{"RGB", "GOR", "BRG"}, true},
		{[]string{"RRRRR", "RRRRR", "RROGG", "GGGGG", "GGGGG"}, true},
		{[]string{"RRRRRR", "RRRRRR", "RROGGG", "RRRRRR", "RRRRRR"}, false}, // 27 cells of R
		{[]string{"RGBYRGBYRGBY", "GBYROGBYRGBY"}, true},                    // 2*(12+1) bits
		{[]string{"RGBYRGBYRGBY", "GBYROGBYRGBY", "RGBYRGBYRGBY", "RGBYRGBYRGBY", "RGBYRGBYRGBY", "RGBYRGBYRGBY", "RGBYRGBYRGBY", "RGBYRGBYRGBY", "RGBYRGBYRGBY", "RGBYRGBYRGBY"}, false},
	} {
		b, err := New(c.rows)
		if err != nil {
			t.Fatal(err)
		}
		if _, ok := s.solveFast(ctx, b); ok != c.ok {
			t.Errorf("%s: fast path %v, want %v", boardText(b), ok, c.ok)
		}
	}
	bad := &Board{Rows: 2, Cols: 2, Cells: []byte("Oa.R")}
	if _, ok := s.solveFast(ctx, bad); ok {
		t.Errorf("fast path took a board with a bad letter next to the player")
	}
	if _, err := s.Solve(ctx, bad, Options{}); err == nil {
		t.Errorf("no error for a bad letter next to the player")
	}
	b, _ := New([]string{"RGB", "GOR", "BRG"})
	cancelled, cancel := context.WithCancel(ctx)
	cancel()
	if r, err := s.Solve(cancelled, b, Options{}); err != nil || r.Length != 2 {
		t.Errorf("cancelled context on an easy board: %v, %v", r, err)
	}
}
