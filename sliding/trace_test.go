package sliding_test

import (
	"context"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/searchlab/searchlab/internal/racetest"
	"github.com/searchlab/searchlab/search"
	"github.com/searchlab/searchlab/sliding"
)

// TestSearchObserved checks traced solves against untraced ones on random
// 3x3 boards: the same moves and Stats, one expand event per expansion,
// and a goal event on the goal board at the solution's length.
func TestSearchObserved(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(12, 3))
	goal := sliding.Standard(3, 3)
	trials := 20
	if racetest.Enabled {
		trials = 5 // the race detector slows these single-threaded searches about fifty times
	}
	for trial := range trials {
		b := sliding.Scramble(r, goal, 8+r.IntN(10))
		for _, algo := range []sliding.Algorithm{sliding.BFS, sliding.DFS, sliding.IDDFS, sliding.AStar, sliding.IDAStar} {
			o := sliding.Options{Algorithm: algo, Heuristic: sliding.Manhattan(goal), MaxDepth: 20}
			plain, perr := sliding.Search(context.Background(), b, goal, o)
			var evs []search.Event
			o.Limits.Observe = func(e search.Event) { evs = append(evs, e) }
			sol, err := sliding.Search(context.Background(), b, goal, o)
			if err != nil || perr != nil {
				t.Fatalf("trial %d %s: %v / %v", trial, algo, err, perr)
			}
			ps, ss := plain.Stats, sol.Stats
			ps.Elapsed, ss.Elapsed = 0, 0
			if !slices.Equal(plain.Moves, sol.Moves) || ps != ss {
				t.Fatalf("trial %d %s: traced %v %+v, untraced %v %+v", trial, algo, sol.Moves, ss, plain.Moves, ps)
			}
			var expands int64
			for _, e := range evs {
				if e.Kind == search.Expand {
					expands++
				}
				if e.State != nil {
					if s := e.State.(sliding.Board); s.W != 3 || s.H != 3 || len(s.Tiles) != 9 {
						t.Fatalf("event state %+v is not a 3x3 board", s)
					}
				}
			}
			last := evs[len(evs)-1]
			if expands != sol.Stats.Expanded || last.Kind != search.Goal || !last.State.(sliding.Board).Equal(goal) || last.G != sol.Len() {
				t.Errorf("trial %d %s: %d expands of %d, last event %v at g %d (len %d)", trial, algo, expands, sol.Stats.Expanded, last.Kind, last.G, sol.Len())
			}
		}
	}
	for _, o := range []sliding.Options{{}, {Algorithm: sliding.IDAStar, Tuned: true}} {
		o.Limits.Observe = func(search.Event) {}
		if _, err := sliding.Search(context.Background(), goal, goal, o); err == nil {
			t.Errorf("%+v was traced", o)
		}
	}
}
