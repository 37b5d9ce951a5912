package prune

import (
	"context"
	"testing"
)

// TestMinimizeKeepsLanguage checks that the minimized machine forbids
// exactly the moves the machine before minimization forbids, after every
// sequence of moves: a breadth-first search over the pairs of states the
// two reach on the same moves finds no pair that differs in its cell or in
// which moves it forbids. It also checks that no two states of the
// minimized machine could be merged further (refining it again changes
// nothing) and that minimizing merged states on boards of 9 cells or more.
func TestMinimizeKeepsLanguage(t *testing.T) {
	ctx := context.Background()
	for _, tc := range []struct{ w, h, maxLen int }{
		{2, 2, 12}, {3, 2, 12}, {3, 3, 12}, {4, 3, 12}, {4, 4, 12}, {5, 5, 10},
	} {
		full, err := build(ctx, tc.w, tc.h, tc.maxLen)
		if err != nil {
			t.Fatal(err)
		}
		small, err := New(ctx, tc.w, tc.h, tc.maxLen)
		if err != nil {
			t.Fatal(err)
		}
		type pair struct{ a, b int32 }
		seen := map[pair]bool{}
		var queue []pair
		for c := range tc.w * tc.h {
			p := pair{full.Start(c), small.Start(c)}
			if !seen[p] {
				seen[p] = true
				queue = append(queue, p)
			}
		}
		for len(queue) > 0 {
			p := queue[0]
			queue = queue[1:]
			if full.Cell(p.a) != small.Cell(p.b) {
				t.Fatalf("%dx%d length %d: states %d and %d on cells %d and %d", tc.w, tc.h, tc.maxLen, p.a, p.b, full.Cell(p.a), small.Cell(p.b))
			}
			for d := range Dirs {
				na, nb := full.Next(p.a, d), small.Next(p.b, d)
				if (na == Pruned) != (nb == Pruned) {
					t.Fatalf("%dx%d length %d: move %d from states %d and %d: %d against %d", tc.w, tc.h, tc.maxLen, d, p.a, p.b, na, nb)
				}
				if q := (pair{na, nb}); na != Pruned && !seen[q] {
					seen[q] = true
					queue = append(queue, q)
				}
			}
		}
		if small.States() >= full.States() && tc.w*tc.h >= 9 {
			t.Errorf("%dx%d length %d: %d states, none merged", tc.w, tc.h, tc.maxLen, small.States())
		}
		again := *small
		again.start = append([]int32(nil), small.start...)
		again.minimize()
		if again.States() != small.States() {
			t.Errorf("%dx%d length %d: minimizing again went from %d to %d states", tc.w, tc.h, tc.maxLen, small.States(), again.States())
		}
		t.Logf("%dx%d length %d: %d states, %d before minimizing", tc.w, tc.h, tc.maxLen, small.States(), full.States())
	}
}
