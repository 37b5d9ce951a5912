package stroke

import (
	"context"
	"math/rand/v2"
	"slices"
	"testing"
)

// TestTraceAgreesWithSolve traces random boards: the answer is Solve's,
// every chain in the trace is legal, each step extends the chain before it
// by one tile or backs up first, cuts are by a bound no better than the
// best, and the last best is the answer.
func TestTraceAgreesWithSolve(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(12, 12))
	backups, cuts := 0, 0
	for trial := range 150 {
		b := Random(rng, 3+rng.IntN(4), 3+rng.IntN(4), 1+rng.IntN(3), 0.1)
		want, err := Solve(context.Background(), b, Options{})
		if err != nil {
			t.Fatal(err)
		}
		tr, err := NewSolver().Trace(context.Background(), b, Options{}, 1<<20)
		if err != nil {
			t.Fatal(err)
		}
		if tr.Colour != want.Colour || tr.Length != want.Length || !tr.Optimal || !slices.Equal(tr.Path, want.Path) {
			t.Fatalf("trial %d %s: trace %c %d %v, Solve %c %d %v", trial, boardText(b), tr.Colour, tr.Length, tr.Path, want.Colour, want.Length, want.Path)
		}
		var prev []Cell
		var extends int64
		best := 0
		for k, st := range tr.Steps {
			if msg := checkChain(b, Result{Colour: st.Colour, Length: len(st.Chain), Path: st.Chain}); msg != "" {
				t.Fatalf("trial %d step %d (%s): %s", trial, k, st.Kind, msg)
			}
			if st.Bound < len(st.Chain) {
				t.Fatalf("trial %d step %d: bound %d under the chain's %d tiles", trial, k, st.Bound, len(st.Chain))
			}
			switch st.Kind {
			case StepExtend:
				extends++
				n := len(st.Chain)
				if n <= len(prev) {
					backups++
				}
				if n > 1 && (len(prev) < n-1 || !slices.Equal(prev[:n-1], st.Chain[:n-1])) {
					t.Fatalf("trial %d step %d: %v does not extend a prefix of %v", trial, k, st.Chain, prev)
				}
				prev = st.Chain
			case StepCut:
				cuts++
				if st.Bound > st.Best {
					t.Fatalf("trial %d step %d: cut with bound %d over the best %d", trial, k, st.Bound, st.Best)
				}
			case StepBest:
				if st.Best <= best || st.Best != len(st.Chain) {
					t.Fatalf("trial %d step %d: best %d (chain %d) after %d", trial, k, st.Best, len(st.Chain), best)
				}
				best = st.Best
			}
		}
		if extends != tr.Nodes {
			t.Errorf("trial %d: %d extend steps, %d nodes", trial, extends, tr.Nodes)
		}
		if best != want.Length {
			t.Errorf("trial %d: last best %d, answer %d", trial, best, want.Length)
		}
	}
	if backups == 0 || cuts == 0 {
		t.Errorf("%d backups and %d cuts over all boards; want some of each", backups, cuts)
	}
}

func TestTraceCap(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(1, 12))
	b := Random(rng, 6, 6, 1, 0)
	full, err := NewSolver().Trace(context.Background(), b, Options{}, 1<<20)
	if err != nil {
		t.Fatal(err)
	}
	tr, err := NewSolver().Trace(context.Background(), b, Options{}, 3)
	if err != nil || len(tr.Steps) != 3 || !tr.Truncated || tr.Dropped != int64(len(full.Steps)-3) || tr.Length != full.Length {
		t.Fatalf("cap 3: %d steps, truncated %v, dropped %d of %d, length %d of %d, %v", len(tr.Steps), tr.Truncated, tr.Dropped, len(full.Steps), tr.Length, full.Length, err)
	}
}
