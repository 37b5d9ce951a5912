package search_test

import (
	"context"
	"errors"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/searchlab/searchlab/search"
)

// traced runs one algorithm with and without an observer.
type traced struct {
	name string
	run  func(lim search.Limits) (search.Result[string, int], error)
}

// countKinds counts a trace's events by kind.
func countKinds(evs []search.Event) map[search.EventKind]int64 {
	n := map[search.EventKind]int64{}
	for _, e := range evs {
		n[e.Kind]++
	}
	return n
}

// checkTrace checks a path search's trace against its result: the counts
// of Expand and of Generate, Duplicate and Reopen events are the Stats',
// the counters carried by the events rise with them, and the trace ends in
// a Goal event on the path's last state exactly when a path was found.
func checkTrace(t *testing.T, what string, evs []search.Event, res search.Result[string, int], err error) {
	t.Helper()
	n := countKinds(evs)
	if n[search.Expand] != res.Stats.Expanded {
		t.Errorf("%s: %d expand events, Stats.Expanded %d", what, n[search.Expand], res.Stats.Expanded)
	}
	if g := n[search.Generate] + n[search.Duplicate] + n[search.Reopen]; g != res.Stats.Generated {
		t.Errorf("%s: %d generate+duplicate+reopen events, Stats.Generated %d", what, g, res.Stats.Generated)
	}
	var expanded int64
	for i, e := range evs {
		if e.Kind == search.Expand {
			expanded++
		}
		if e.Expanded != expanded {
			t.Fatalf("%s: event %d (%v) carries Expanded %d, %d expand events so far", what, i, e.Kind, e.Expanded, expanded)
		}
		if e.F != e.G+e.H {
			t.Fatalf("%s: event %d: F %d != G %d + H %d", what, i, e.F, e.G, e.H)
		}
		if e.Kind == search.Goal && i != len(evs)-1 {
			t.Fatalf("%s: goal event %d is not the last of %d", what, i, len(evs))
		}
	}
	if err != nil {
		if n[search.Goal] != 0 {
			t.Errorf("%s: failed (%v) but traced a goal", what, err)
		}
		return
	}
	last := evs[len(evs)-1]
	if last.Kind != search.Goal || last.State != res.Path[len(res.Path)-1] || last.G != res.Cost {
		t.Errorf("%s: last event %+v, want the goal %v at cost %d", what, last, res.Path[len(res.Path)-1], res.Cost)
	}
}

// TestTraceMatchesUntraced runs every path algorithm on random graphs with
// and without an observer: the answers and the Stats must be the same, and
// the events must account for the Stats.
func TestTraceMatchesUntraced(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	r := rand.New(rand.NewPCG(7, 8))
	var pruned, thresholds int64
	for trial := range 200 {
		n := 2 + r.IntN(8)
		g := randomGraph(r, n, 0)
		cost, _ := floydWarshall(g, n)
		src, dst := r.IntN(n), r.IntN(n)
		goal := is(name(dst))
		frac := map[string]float64{}
		h := func(s string) int { // admissible, inconsistent, fixed once drawn
			c := cost[s[0]-'a'][dst]
			if c == math.MaxInt {
				return 1 << 20
			}
			f, ok := frac[s]
			if !ok {
				f = r.Float64()
				frac[s] = f
			}
			return int(f * float64(c))
		}
		for i := range n { // draw every estimate before either run
			h(name(i))
		}
		algos := []traced{
			{"BFS", func(l search.Limits) (search.Result[string, int], error) {
				return search.BFS(ctx, name(src), g.next, goal, l)
			}},
			{"DFS", func(l search.Limits) (search.Result[string, int], error) {
				return search.DFS(ctx, name(src), g.next, goal, n, l)
			}},
			{"IDDFS", func(l search.Limits) (search.Result[string, int], error) {
				return search.IDDFS(ctx, name(src), g.next, goal, -1, l)
			}},
			{"AStar", func(l search.Limits) (search.Result[string, int], error) {
				return search.AStar(ctx, name(src), g.next, h, goal, l)
			}},
			{"IDAStar", func(l search.Limits) (search.Result[string, int], error) {
				return search.IDAStar(ctx, name(src), g.next, h, goal, l)
			}},
			{"Dijkstra", func(l search.Limits) (search.Result[string, int], error) {
				return search.Dijkstra(ctx, name(src), g.next, goal, l)
			}},
			{"BFSFrom", func(l search.Limits) (search.Result[string, int], error) {
				return search.BFSFrom(ctx, slices.Values([]string{name(src), name(dst / 2)}), g.next, goal, l)
			}},
			{"AStarFrom", func(l search.Limits) (search.Result[string, int], error) {
				return search.AStarFrom(ctx, slices.Values([]string{name(src), name(dst / 2)}), g.next, h, goal, l)
			}},
			{"WeightedAStar", func(l search.Limits) (search.Result[string, int], error) {
				return search.WeightedAStar(ctx, name(src), g.next, h, 2, goal, l)
			}},
			{"AnytimeAStar", func(l search.Limits) (search.Result[string, int], error) {
				res, err := search.AnytimeAStar(ctx, name(src), g.next, h, 3, goal, l)
				return res.Result, err
			}},
			{"BidirectionalBFS", func(l search.Limits) (search.Result[string, int], error) {
				return search.BidirectionalBFS(ctx, name(src), name(dst), g.next, g.prev, l)
			}},
			{"NBS", func(l search.Limits) (search.Result[string, int], error) {
				return search.NBS(ctx, name(src), name(dst), g.next, g.prev, h, zero, l)
			}},
			{"FringeSearch", func(l search.Limits) (search.Result[string, int], error) {
				return search.FringeSearch(ctx, name(src), g.next, h, goal, l)
			}},
		}
		for _, a := range algos {
			plain, perr := a.run(search.Limits{})
			var evs []search.Event
			res, err := a.run(search.Limits{Observe: func(e search.Event) { evs = append(evs, e) }})
			what := a.name + " trial " + string(rune('0'+trial%10))
			if !errors.Is(err, perr) && !(err == nil && perr == nil) {
				t.Fatalf("%s: traced error %v, untraced %v", what, err, perr)
			}
			if !slices.Equal(res.Path, plain.Path) || res.Cost != plain.Cost {
				t.Fatalf("%s: traced path %v (%d), untraced %v (%d)", what, res.Path, res.Cost, plain.Path, plain.Cost)
			}
			rs, ps := res.Stats, plain.Stats
			rs.Elapsed, ps.Elapsed = 0, 0
			if rs != ps {
				t.Fatalf("%s: traced stats %+v, untraced %+v", what, rs, ps)
			}
			checkTrace(t, what, evs, res, err)
			k := countKinds(evs)
			pruned += k[search.Prune]
			if a.name == "IDAStar" || a.name == "IDDFS" {
				thresholds += k[search.Threshold]
				if k[search.Threshold] != int64(res.Stats.Iterations) {
					t.Errorf("%s: %d threshold events, %d iterations", what, k[search.Threshold], res.Stats.Iterations)
				}
				bound := math.MinInt
				for _, e := range evs {
					switch e.Kind {
					case search.Threshold:
						if e.Bound <= bound {
							t.Fatalf("%s: threshold %d after %d", what, e.Bound, bound)
						}
						bound = e.Bound
					case search.Prune:
						if a.name == "IDAStar" && e.F <= e.Bound {
							t.Errorf("%s: pruned f %d within bound %d", what, e.F, e.Bound)
						}
					case search.Expand:
						if a.name == "IDAStar" && e.F > bound {
							t.Errorf("%s: expanded f %d over bound %d", what, e.F, bound)
						}
						if a.name == "IDDFS" && e.Depth >= bound {
							t.Errorf("%s: expanded depth %d at depth limit %d", what, e.Depth, bound)
						}
					}
				}
			}
		}
	}
	// The random graphs must exercise the rarer kinds too.
	if pruned == 0 || thresholds == 0 {
		t.Errorf("over all trials: %d prune, %d threshold events; want some of each", pruned, thresholds)
	}
}

// TestTraceReopen: with an admissible but inconsistent estimate, A*
// expands C by the dear path S-B-C first, then reaches it cheaply by
// S-A-C, and the trace says so.
func TestTraceReopen(t *testing.T) {
	t.Parallel()
	g := graph{
		"S": {{"A", 1}, {"B", 1}},
		"A": {{"C", 1}},
		"B": {{"C", 3}},
		"C": {{"G", 10}},
	}
	h := func(s string) int {
		if s == "A" {
			return 5
		}
		return 0
	}
	var evs []search.Event
	res, err := search.AStar(context.Background(), "S", g.next, h, is("G"), search.Limits{Observe: func(e search.Event) { evs = append(evs, e) }})
	if err != nil || res.Cost != 12 {
		t.Fatalf("cost %d, %v; want 12", res.Cost, err)
	}
	checkTrace(t, "reopen", evs, res, err)
	var reopens []string
	for _, e := range evs {
		if e.Kind == search.Reopen {
			reopens = append(reopens, e.State.(string)+" from "+e.Parent.(string))
			if e.G != 2 {
				t.Errorf("reopen of C at g %d, want 2", e.G)
			}
		}
	}
	if !slices.Equal(reopens, []string{"C from A"}) {
		t.Errorf("reopen events %q, want [C from A]", reopens)
	}
}

// TestTraceAStarFrontier replays an A* trace on a grid: the open states
// (generated or reopened, not yet expanded) number Frontier after every
// event, and the states expanded come out in order of f.
func TestTraceAStarFrontier(t *testing.T) {
	t.Parallel()
	var evs []search.Event
	res, err := search.AStar(context.Background(), cell{}, gridNext, gridH, atCorner, search.Limits{Observe: func(e search.Event) { evs = append(evs, e) }})
	if err != nil {
		t.Fatal(err)
	}
	open := map[cell]bool{{}: true}
	lastF := 0
	for i, e := range evs {
		s := e.State.(cell)
		switch e.Kind {
		case search.Expand, search.Goal:
			if !open[s] {
				t.Fatalf("event %d: %v %v is not open", i, e.Kind, s)
			}
			delete(open, s)
			if e.F < lastF {
				t.Fatalf("event %d: f %d after %d (the grid's h is consistent)", i, e.F, lastF)
			}
			lastF = e.F
		case search.Generate, search.Reopen:
			open[s] = true
		}
		if len(open) != e.Frontier {
			t.Fatalf("event %d (%v): %d open states, Frontier %d", i, e.Kind, len(open), e.Frontier)
		}
	}
	if len(res.Path)-1 != 2*(gridSide-1) {
		t.Errorf("path of %d steps", len(res.Path)-1)
	}
}

// TestTraceBranchAndBound checks branch and bound's events against its
// result on random knapsacks: Expand counts Stats.Expanded, Generate and
// Prune below a parent count Stats.Generated, each Improve beats the last,
// the last is the answer, and no pruned subtree's bound beat the best.
func TestTraceBranchAndBound(t *testing.T) {
	t.Parallel()
	for trial, k := range randomKnapsacks(5, 6, 100) {
		plain, _ := k.solve(search.Limits{})
		var evs []search.Event
		res, err := k.solve(search.Limits{Observe: func(e search.Event) { evs = append(evs, e) }})
		if err != nil || res.Value != plain.Value || res.Best != plain.Best || res.Stats.Expanded != plain.Stats.Expanded || res.Stats.Generated != plain.Stats.Generated {
			t.Fatalf("trial %d: traced %+v %v, untraced %+v", trial, res, err, plain)
		}
		var expanded, generated int64
		best := math.MinInt
		for i, e := range evs {
			switch e.Kind {
			case search.Expand:
				expanded++
			case search.Generate:
				generated++
			case search.Prune:
				if e.Parent != nil {
					generated++
				}
				if e.Bound > e.Best {
					t.Fatalf("trial %d event %d: pruned bound %d > best %d", trial, i, e.Bound, e.Best)
				}
			case search.Improve:
				if e.Best <= best && i > 0 {
					t.Fatalf("trial %d event %d: improve to %d after %d", trial, i, e.Best, best)
				}
				best = e.Best
			}
		}
		if expanded != res.Stats.Expanded || generated != res.Stats.Generated {
			t.Errorf("trial %d: events expand %d generate %d, stats %d %d", trial, expanded, generated, res.Stats.Expanded, res.Stats.Generated)
		}
		if best != math.MinInt && best != res.Value {
			t.Errorf("trial %d: last improve %d, value %d", trial, best, res.Value)
		}
	}
}

// TestTraceCap checks that a Trace keeps Max events, marks the rest as
// dropped and calls OnFull once.
func TestTraceCap(t *testing.T) {
	t.Parallel()
	full := 0
	tr := &search.Trace{Max: 10, OnFull: func() { full++ }}
	res, err := search.BFS(context.Background(), cell{}, gridNext, atCorner, search.Limits{Observe: tr.Observe})
	if err != nil {
		t.Fatal(err)
	}
	var all int64
	search.BFS(context.Background(), cell{}, gridNext, atCorner, search.Limits{Observe: func(search.Event) { all++ }})
	if len(tr.Events) != 10 || !tr.Truncated || tr.Dropped != all-10 || full != 1 {
		t.Errorf("kept %d, truncated %v, dropped %d of %d, OnFull called %d times", len(tr.Events), tr.Truncated, tr.Dropped, all, full)
	}
	if res.Stats.Expanded == 0 {
		t.Error("no expansions")
	}
	small := &search.Trace{Max: 1 << 20}
	search.BFS(context.Background(), cell{}, gridNext, atCorner, search.Limits{Observe: small.Observe})
	if small.Truncated || int64(len(small.Events)) != all {
		t.Errorf("an ample cap: kept %d of %d, truncated %v", len(small.Events), all, small.Truncated)
	}
}

func TestEventKindText(t *testing.T) {
	t.Parallel()
	for k := search.Expand; k <= search.Goal; k++ {
		b, err := k.MarshalText()
		if err != nil {
			t.Fatal(err)
		}
		var back search.EventKind
		if err := back.UnmarshalText(b); err != nil || back != k || k.String() != string(b) {
			t.Errorf("%d: %q -> %v, %v", k, b, back, err)
		}
	}
	var k search.EventKind
	if err := k.UnmarshalText([]byte("explode")); err == nil {
		t.Error("UnmarshalText accepted an unknown name")
	}
	if _, err := search.EventKind(0).MarshalText(); err == nil {
		t.Error("MarshalText accepted kind 0")
	}
}
