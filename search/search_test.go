package search_test

import (
	"context"
	"errors"
	"iter"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/searchlab/searchlab/search"
)

// graph is a small directed graph with weighted edges, listed in the order
// successors are yielded.
type graph map[string][]edge

type edge struct {
	to   string
	cost int
}

func (g graph) next(s string) iter.Seq2[string, int] {
	return func(yield func(string, int) bool) {
		for _, e := range g[s] {
			if !yield(e.to, e.cost) {
				return
			}
		}
	}
}

func is(t string) func(string) bool { return func(s string) bool { return s == t } }

func zero(string) int { return 0 }

// pathCost checks that path follows edges of g and returns its cost.
func pathCost(t *testing.T, g graph, path []string) int {
	t.Helper()
	cost := 0
	for i := 1; i < len(path); i++ {
		found := math.MaxInt
		for _, e := range g[path[i-1]] {
			if e.to == path[i] {
				found = min(found, e.cost)
			}
		}
		if found == math.MaxInt {
			t.Fatalf("path %v: no edge %s -> %s", path, path[i-1], path[i])
		}
		cost += found
	}
	return cost
}

// diamond: the path with fewest steps (S-A-G, cost 10) is not the cheapest
// (S-B-C-G, cost 3).
var diamond = graph{
	"S": {{"A", 1}, {"B", 1}},
	"A": {{"G", 9}},
	"B": {{"C", 1}},
	"C": {{"G", 1}},
	"X": {{"S", 1}}, // unreachable from S
}

func TestAlgorithmsOnDiamond(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	type run func() (search.Result[string, int], error)
	tests := []struct {
		name      string
		run       run
		wantPath  []string
		wantCost  int
		wantError error
	}{
		{"BFS fewest steps", func() (search.Result[string, int], error) {
			return search.BFS(ctx, "S", diamond.next, is("G"), search.Limits{})
		}, []string{"S", "A", "G"}, 10, nil},
		{"IDDFS fewest steps", func() (search.Result[string, int], error) {
			return search.IDDFS(ctx, "S", diamond.next, is("G"), -1, search.Limits{})
		}, []string{"S", "A", "G"}, 10, nil},
		{"DFS first found", func() (search.Result[string, int], error) {
			return search.DFS(ctx, "S", diamond.next, is("G"), 5, search.Limits{})
		}, []string{"S", "A", "G"}, 10, nil},
		{"DFS depth 1 finds nothing", func() (search.Result[string, int], error) {
			return search.DFS(ctx, "S", diamond.next, is("G"), 1, search.Limits{})
		}, nil, 0, search.ErrNotFound},
		{"IDDFS max depth 1 finds nothing", func() (search.Result[string, int], error) {
			return search.IDDFS(ctx, "S", diamond.next, is("G"), 1, search.Limits{})
		}, nil, 0, search.ErrNotFound},
		{"AStar cheapest", func() (search.Result[string, int], error) {
			return search.AStar(ctx, "S", diamond.next, zero, is("G"), search.Limits{})
		}, []string{"S", "B", "C", "G"}, 3, nil},
		{"IDAStar cheapest", func() (search.Result[string, int], error) {
			return search.IDAStar(ctx, "S", diamond.next, zero, is("G"), search.Limits{})
		}, []string{"S", "B", "C", "G"}, 3, nil},
		{"start is goal", func() (search.Result[string, int], error) {
			return search.AStar(ctx, "G", diamond.next, zero, is("G"), search.Limits{})
		}, []string{"G"}, 0, nil},
		{"BFS unreachable", func() (search.Result[string, int], error) {
			return search.BFS(ctx, "S", diamond.next, is("X"), search.Limits{})
		}, nil, 0, search.ErrNotFound},
		{"IDDFS unreachable, unbounded, terminates", func() (search.Result[string, int], error) {
			return search.IDDFS(ctx, "S", diamond.next, is("X"), -1, search.Limits{})
		}, nil, 0, search.ErrNotFound},
		{"AStar unreachable", func() (search.Result[string, int], error) {
			return search.AStar(ctx, "S", diamond.next, zero, is("X"), search.Limits{})
		}, nil, 0, search.ErrNotFound},
		{"IDAStar unreachable", func() (search.Result[string, int], error) {
			return search.IDAStar(ctx, "S", diamond.next, zero, is("X"), search.Limits{})
		}, nil, 0, search.ErrNotFound},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res, err := tt.run()
			if !errors.Is(err, tt.wantError) {
				t.Fatalf("error %v, want %v", err, tt.wantError)
			}
			if err != nil {
				return
			}
			if !slices.Equal(res.Path, tt.wantPath) || res.Cost != tt.wantCost {
				t.Errorf("path %v cost %d, want %v cost %d", res.Path, res.Cost, tt.wantPath, tt.wantCost)
			}
			if got := pathCost(t, diamond, res.Path); got != res.Cost {
				t.Errorf("reported cost %d, path costs %d", res.Cost, got)
			}
			if res.Stats.Iterations < 1 {
				t.Errorf("Stats.Iterations = %d, want >= 1", res.Stats.Iterations)
			}
		})
	}
}

// randomGraph returns a random directed graph on the n states "a", "b",
// ...: it draws a density from 0.1 to 0.5, and each edge is then present
// with that probability, at a cost from minCost to 5.
func randomGraph(r *rand.Rand, n, minCost int) graph {
	density := 0.1 + r.Float64()*0.4
	g := graph{}
	for i := range n {
		for j := range n {
			if i != j && r.Float64() < density {
				g[name(i)] = append(g[name(i)], edge{name(j), minCost + r.IntN(6-minCost)})
			}
		}
	}
	return g
}

func name(i int) string { return string(rune('a' + i)) }

// floydWarshall returns all-pairs least costs and fewest steps, math.MaxInt
// where there is no path: an independent reference for the searches.
func floydWarshall(g graph, n int) (cost, steps [][]int) {
	cost, steps = make([][]int, n), make([][]int, n)
	for i := range n {
		cost[i], steps[i] = make([]int, n), make([]int, n)
		for j := range n {
			cost[i][j], steps[i][j] = math.MaxInt, math.MaxInt
		}
		cost[i][i], steps[i][i] = 0, 0
		for _, e := range g[name(i)] {
			j := int(e.to[0] - 'a')
			cost[i][j] = min(cost[i][j], e.cost)
			steps[i][j] = 1
		}
	}
	for k := range n {
		for i := range n {
			for j := range n {
				if cost[i][k] != math.MaxInt && cost[k][j] != math.MaxInt {
					cost[i][j] = min(cost[i][j], cost[i][k]+cost[k][j])
				}
				if steps[i][k] != math.MaxInt && steps[k][j] != math.MaxInt {
					steps[i][j] = min(steps[i][j], steps[i][k]+steps[k][j])
				}
			}
		}
	}
	return cost, steps
}

// TestAgainstFloydWarshall checks every algorithm on random graphs against
// all-pairs least costs and fewest steps. The heuristic for the informed
// searches is a random fraction of the true cost to the goal: admissible
// and, in general, inconsistent.
func TestAgainstFloydWarshall(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	r := rand.New(rand.NewPCG(1, 2))
	for trial := range 300 {
		n := 2 + r.IntN(8)
		g := randomGraph(r, n, 0)
		cost, steps := floydWarshall(g, n)
		src, dst := r.IntN(n), r.IntN(n)
		goal := is(name(dst))
		frac := make(map[string]float64)
		h := func(s string) int {
			c := cost[s[0]-'a'][dst]
			if c == math.MaxInt {
				return 1 << 20 // any value is admissible where no path exists
			}
			f, ok := frac[s]
			if !ok {
				f = r.Float64()
				frac[s] = f
			}
			return int(f * float64(c))
		}
		wantCost, wantSteps := cost[src][dst], steps[src][dst]

		check := func(alg string, res search.Result[string, int], err error, want int, byCost bool) {
			t.Helper()
			if want == math.MaxInt {
				if !errors.Is(err, search.ErrNotFound) {
					t.Errorf("trial %d %s: no path exists, got %v, %v", trial, alg, res.Path, err)
				}
				return
			}
			if err != nil {
				t.Errorf("trial %d %s: %v, want a path", trial, alg, err)
				return
			}
			if res.Path[0] != name(src) || res.Path[len(res.Path)-1] != name(dst) {
				t.Errorf("trial %d %s: path %v does not run %s to %s", trial, alg, res.Path, name(src), name(dst))
			}
			got := len(res.Path) - 1
			if byCost {
				got = res.Cost
			}
			if got != want {
				t.Errorf("trial %d %s: %d, want %d (path %v)", trial, alg, got, want, res.Path)
			}
			if c := pathCost(t, g, res.Path); c != res.Cost {
				t.Errorf("trial %d %s: reported cost %d, path costs %d", trial, alg, res.Cost, c)
			}
		}
		res, err := search.BFS(ctx, name(src), g.next, goal, search.Limits{})
		check("BFS", res, err, wantSteps, false)
		res, err = search.IDDFS(ctx, name(src), g.next, goal, -1, search.Limits{})
		check("IDDFS", res, err, wantSteps, false)
		res, err = search.AStar(ctx, name(src), g.next, h, goal, search.Limits{})
		check("AStar", res, err, wantCost, true)
		res, err = search.IDAStar(ctx, name(src), g.next, h, goal, search.Limits{})
		check("IDAStar", res, err, wantCost, true)
		res, err = search.AStar(ctx, name(src), g.next, zero, goal, search.Limits{})
		check("Dijkstra", res, err, wantCost, true)
		if wantSteps != math.MaxInt {
			res, err = search.DFS(ctx, name(src), g.next, goal, n, search.Limits{})
			if err != nil || res.Path[len(res.Path)-1] != name(dst) {
				t.Errorf("trial %d DFS: %v %v, want some path", trial, res.Path, err)
			}
		}
	}
}

// line is an endless chain 0 -> 1 -> 2 -> ..., for limit tests.
func line(s int) iter.Seq2[int, int] {
	return func(yield func(int, int) bool) { yield(s+1, 1) }
}

func never(int) bool { return false }

func TestNodeCap(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	lim := search.Limits{MaxNodes: 100}
	h := func(int) int { return 0 }
	runs := map[string]func() (search.Result[int, int], error){
		"BFS":     func() (search.Result[int, int], error) { return search.BFS(ctx, 0, line, never, lim) },
		"DFS":     func() (search.Result[int, int], error) { return search.DFS(ctx, 0, line, never, -1, lim) },
		"IDDFS":   func() (search.Result[int, int], error) { return search.IDDFS(ctx, 0, line, never, -1, lim) },
		"AStar":   func() (search.Result[int, int], error) { return search.AStar(ctx, 0, line, h, never, lim) },
		"IDAStar": func() (search.Result[int, int], error) { return search.IDAStar(ctx, 0, line, h, never, lim) },
	}
	addNewAlgorithms(runs, ctx, lim)
	for name, run := range runs {
		res, err := run()
		if !errors.Is(err, search.ErrLimit) {
			t.Errorf("%s: error %v, want ErrLimit", name, err)
		}
		if res.Stats.Expanded != 100 {
			t.Errorf("%s: expanded %d, want exactly the cap of 100", name, res.Stats.Expanded)
		}
		if res.Path != nil {
			t.Errorf("%s: returned a path %v with a limit error", name, res.Path)
		}
	}
}

// TestAStarTieBreak checks that among open states of equal f, the one with
// the greater g is expanded first.
func TestAStarTieBreak(t *testing.T) {
	t.Parallel()
	// From S: A at g=1 with h=3 (f=4) and B at g=3 with h=1 (f=4).
	g := graph{
		"S": {{"A", 1}, {"B", 3}},
		"A": {{"G", 3}},
		"B": {{"G", 1}},
	}
	hv := map[string]int{"S": 0, "A": 3, "B": 1, "G": 0}
	var order []string
	next := func(s string) iter.Seq2[string, int] {
		order = append(order, s)
		return g.next(s)
	}
	res, err := search.AStar(context.Background(), "S", next, func(s string) int { return hv[s] }, is("G"), search.Limits{})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(order, []string{"S", "B"}) {
		t.Errorf("expansion order %v, want [S B]: B has the greater g at equal f", order)
	}
	if !slices.Equal(res.Path, []string{"S", "B", "G"}) {
		t.Errorf("path %v, want [S B G]", res.Path)
	}
}

func TestStatsAreFilled(t *testing.T) {
	t.Parallel()
	res, err := search.BFS(context.Background(), "S", diamond.next, is("G"), search.Limits{})
	if err != nil {
		t.Fatal(err)
	}
	st := res.Stats
	if st.Expanded < 1 || st.Generated < st.Expanded || st.PeakFrontier < 1 || st.PeakStored < st.PeakFrontier || st.Elapsed <= 0 {
		t.Errorf("implausible stats %+v", st)
	}
}

// backLine is line's predecessor function: 0 <- -1 <- -2 <- ...
func backLine(s int) iter.Seq2[int, int] {
	return func(yield func(int, int) bool) { yield(s-1, 1) }
}

// addNewAlgorithms adds to runs the algorithms beyond the textbook five, on
// the endless line (the bidirectional ones towards an unreachable -1).
func addNewAlgorithms(runs map[string]func() (search.Result[int, int], error), ctx context.Context, lim search.Limits) {
	h := func(int) int { return 0 }
	starts := slices.Values([]int{0, 1})
	runs["Dijkstra"] = func() (search.Result[int, int], error) { return search.Dijkstra(ctx, 0, line, never, lim) }
	runs["BFSFrom"] = func() (search.Result[int, int], error) { return search.BFSFrom(ctx, starts, line, never, lim) }
	runs["DijkstraFrom"] = func() (search.Result[int, int], error) { return search.DijkstraFrom(ctx, starts, line, never, lim) }
	runs["AStarFrom"] = func() (search.Result[int, int], error) { return search.AStarFrom(ctx, starts, line, h, never, lim) }
	runs["WeightedAStar"] = func() (search.Result[int, int], error) { return search.WeightedAStar(ctx, 0, line, h, 2, never, lim) }
	runs["AnytimeAStar"] = func() (search.Result[int, int], error) {
		res, err := search.AnytimeAStar(ctx, 0, line, h, 2, never, lim)
		return res.Result, err
	}
	runs["BidirectionalBFS"] = func() (search.Result[int, int], error) {
		return search.BidirectionalBFS(ctx, 0, -1, line, backLine, lim)
	}
	runs["NBS"] = func() (search.Result[int, int], error) { return search.NBS(ctx, 0, -1, line, backLine, h, h, lim) }
}

// trials is the number of random graphs each algorithm is checked on.
const trials = 1000

// prev yields the states one step before s in g, with the step's cost.
func (g graph) prev(s string) iter.Seq2[string, int] {
	return func(yield func(string, int) bool) {
		for from := 'a'; from < 'a'+26; from++ {
			for _, e := range g[string(from)] {
				if e.to == s && !yield(string(from), e.cost) {
					return
				}
			}
		}
	}
}

// instance is one random graph with its all-pairs references and an
// admissible, in general inconsistent, estimate towards dst and from src.
type instance struct {
	g           graph
	n, src, dst int
	cost, steps [][]int
	hTo, hFrom  func(string) int
}

func newInstance(r *rand.Rand, minCost int) instance {
	n := 2 + r.IntN(8)
	g := randomGraph(r, n, minCost)
	in := instance{g: g, n: n, src: r.IntN(n), dst: r.IntN(n)}
	in.cost, in.steps = floydWarshall(g, n)
	in.hTo = fraction(r, n, func(i int) int { return in.cost[i][in.dst] })
	in.hFrom = fraction(r, n, func(i int) int { return in.cost[in.src][i] })
	return in
}

// randomInstances returns a generator seeded with seed1 and seed2, and the
// trials random instances (steps costing minCost or more) drawn from it,
// each drawn as the loop asks for it, so that the loop may draw from the
// generator too.
func randomInstances(seed1, seed2 uint64, minCost int) (*rand.Rand, iter.Seq2[int, instance]) {
	r := rand.New(rand.NewPCG(seed1, seed2))
	return r, func(yield func(int, instance) bool) {
		for trial := range trials {
			if !yield(trial, newInstance(r, minCost)) {
				return
			}
		}
	}
}

// fraction returns an estimate that is a random fraction of exact(i), drawn
// once per state: admissible, and in general inconsistent.
func fraction(r *rand.Rand, n int, exact func(int) int) func(string) int {
	est := make([]int, n)
	for i := range n {
		c := exact(i)
		if c == math.MaxInt {
			est[i] = 1 << 20 // any value is admissible where no path exists
		} else {
			est[i] = int(r.Float64() * float64(c))
		}
	}
	return func(s string) int { return est[s[0]-'a'] }
}

// checkPath checks a result against the wanted cost or step count (want
// MaxInt: no path), that its path runs from one of froms to to along edges
// of g, and that its Cost is the path's.
func checkPath(t *testing.T, what string, g graph, res search.Result[string, int], err error, froms []string, to string, want int, byCost bool) {
	t.Helper()
	if want == math.MaxInt {
		if !errors.Is(err, search.ErrNotFound) {
			t.Fatalf("%s: no path exists, got %v, %v", what, res.Path, err)
		}
		return
	}
	if err != nil {
		t.Fatalf("%s: %v, want a path", what, err)
	}
	if !slices.Contains(froms, res.Path[0]) || res.Path[len(res.Path)-1] != to {
		t.Fatalf("%s: path %v does not run from %v to %s", what, res.Path, froms, to)
	}
	if c := pathCost(t, g, res.Path); c != res.Cost {
		t.Fatalf("%s: reported cost %d, path costs %d", what, res.Cost, c)
	}
	got := len(res.Path) - 1
	if byCost {
		got = res.Cost
	}
	if got != want {
		t.Fatalf("%s: %d, want %d (path %v)", what, got, want, res.Path)
	}
}

func TestDijkstraAgainstFloydWarshall(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	_, insts := randomInstances(11, 12, 0)
	for _, in := range insts {
		res, err := search.Dijkstra(ctx, name(in.src), in.g.next, is(name(in.dst)), search.Limits{})
		checkPath(t, "Dijkstra", in.g, res, err, []string{name(in.src)}, name(in.dst), in.cost[in.src][in.dst], true)
	}
}

// TestSeveralStarts checks BFSFrom, DijkstraFrom and AStarFrom against the
// least distance from any start, on random graphs and random start sets
// (the empty set included).
func TestSeveralStarts(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	r, insts := randomInstances(13, 14, 0)
	for _, in := range insts {
		var starts []string
		wantCost, wantSteps := math.MaxInt, math.MaxInt
		for i := range in.n {
			if r.IntN(3) == 0 {
				starts = append(starts, name(i))
				wantCost = min(wantCost, in.cost[i][in.dst])
				wantSteps = min(wantSteps, in.steps[i][in.dst])
			}
		}
		goal := is(name(in.dst))
		hTo := fraction(r, in.n, func(i int) int { return in.cost[i][in.dst] })
		res, err := search.BFSFrom(ctx, slices.Values(starts), in.g.next, goal, search.Limits{})
		checkPath(t, "BFSFrom", in.g, res, err, starts, name(in.dst), wantSteps, false)
		res, err = search.DijkstraFrom(ctx, slices.Values(starts), in.g.next, goal, search.Limits{})
		checkPath(t, "DijkstraFrom", in.g, res, err, starts, name(in.dst), wantCost, true)
		res, err = search.AStarFrom(ctx, slices.Values(starts), in.g.next, hTo, goal, search.Limits{})
		checkPath(t, "AStarFrom", in.g, res, err, starts, name(in.dst), wantCost, true)
	}
}

// TestReach checks that BFSReach and DijkstraReach yield every reachable
// state once, nearest first, with its distance, and a path of that
// distance; and that stopping early and a node cap end them.
func TestReach(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	_, insts := randomInstances(15, 16, 0)
	for trial, in := range insts {
		for _, uniform := range []bool{true, false} {
			reach := search.DijkstraReach(ctx, name(in.src), in.g.next, search.Limits{})
			want := in.cost[in.src]
			if uniform {
				reach = search.BFSReach(ctx, name(in.src), in.g.next, search.Limits{})
				want = in.steps[in.src]
			}
			got := map[string]int{}
			last := 0
			for s, d := range reach.All() {
				if _, dup := got[s]; dup {
					t.Fatalf("trial %d: %s yielded twice", trial, s)
				}
				got[s] = d
				if d < last {
					t.Fatalf("trial %d: %s at %d after %d", trial, s, d, last)
				}
				last = d
				path := reach.Path(s)
				if path[0] != name(in.src) || path[len(path)-1] != s {
					t.Fatalf("trial %d: path %v to %s", trial, path, s)
				}
				if pd := len(path) - 1; !uniform {
					pd = pathCost(t, in.g, path)
					if pd != d {
						t.Fatalf("trial %d: path %v to %s costs %d, yielded %d", trial, path, s, pd, d)
					}
				} else if pd != d {
					t.Fatalf("trial %d: path %v to %s has %d steps, yielded %d", trial, path, s, pd, d)
				}
			}
			if reach.Err() != nil {
				t.Fatal(reach.Err())
			}
			for i := range in.n {
				d, ok := got[name(i)]
				if want[i] == math.MaxInt {
					if ok {
						t.Fatalf("trial %d: unreachable %s yielded", trial, name(i))
					}
				} else if !ok || d != want[i] {
					t.Fatalf("trial %d uniform %v: %s at %d (yielded %v), want %d", trial, uniform, name(i), d, ok, want[i])
				}
			}
			if st := reach.Stats(); st.Expanded != int64(len(got)) {
				t.Fatalf("trial %d: expanded %d, yielded %d", trial, st.Expanded, len(got))
			}
		}
	}
	// Stopping after the first state expands nothing; a cap stops the rest.
	reach := search.BFSReach(ctx, 0, line, search.Limits{})
	for range reach.All() {
		break
	}
	if reach.Stats().Expanded != 0 || reach.Err() != nil || reach.Path(1) != nil {
		t.Errorf("stopped at once: %+v, %v, %v", reach.Stats(), reach.Err(), reach.Path(1))
	}
	// A cap of 10 expansions yields 10 states, the last of them expanded
	// only if the caller goes on.
	for _, reach := range []*search.Reach[int, int]{
		search.BFSReach(ctx, 0, line, search.Limits{MaxNodes: 10}),
		search.DijkstraReach(ctx, 0, line, search.Limits{MaxNodes: 10}),
	} {
		n := 0
		for range reach.All() {
			n++
		}
		if n != 10 || !errors.Is(reach.Err(), search.ErrLimit) || reach.Stats().Expanded != 10 {
			t.Errorf("capped at 10 expansions: %d states yielded, %d expanded, error %v", n, reach.Stats().Expanded, reach.Err())
		}
	}
}

// TestBidirectional checks BidirectionalBFS and NBS on random graphs, with
// a predecessor function and, on graphs made symmetric, with nil for
// reversible moves.
func TestBidirectional(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	r, insts := randomInstances(17, 18, 0)
	for trial, in := range insts {
		if trial%2 == 1 { // reversible moves: every edge both ways, same cost
			sym, has := graph{}, map[[2]string]bool{}
			for i := range in.n {
				for _, e := range in.g[name(i)] {
					if !has[[2]string{name(i), e.to}] {
						has[[2]string{name(i), e.to}], has[[2]string{e.to, name(i)}] = true, true
						sym[name(i)] = append(sym[name(i)], e)
						sym[e.to] = append(sym[e.to], edge{name(i), e.cost})
					}
				}
			}
			in.g = sym
			in.cost, in.steps = floydWarshall(sym, in.n)
			in.hTo = fraction(r, in.n, func(i int) int { return in.cost[i][in.dst] })
			in.hFrom = fraction(r, in.n, func(i int) int { return in.cost[in.src][i] })
		}
		prev := in.g.prev
		if trial%2 == 1 {
			prev = nil
		}
		src, dst := name(in.src), name(in.dst)
		res, err := search.BidirectionalBFS(ctx, src, dst, in.g.next, prev, search.Limits{})
		checkPath(t, "BidirectionalBFS", in.g, res, err, []string{src}, dst, in.steps[in.src][in.dst], false)
		res, err = search.NBS(ctx, src, dst, in.g.next, prev, in.hTo, in.hFrom, search.Limits{})
		checkPath(t, "NBS", in.g, res, err, []string{src}, dst, in.cost[in.src][in.dst], true)
		res, err = search.NBS(ctx, src, dst, in.g.next, prev, zero, zero, search.Limits{})
		checkPath(t, "NBS without estimates", in.g, res, err, []string{src}, dst, in.cost[in.src][in.dst], true)
	}
}

// TestWeightedAStar checks that weighted A* finds a path of cost at most w
// times the optimum.
func TestWeightedAStar(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	_, insts := randomInstances(19, 20, 0)
	for trial, in := range insts {
		w := []float64{1, 1.5, 2, 5}[trial%4]
		res, err := search.WeightedAStar(ctx, name(in.src), in.g.next, in.hTo, w, is(name(in.dst)), search.Limits{})
		opt := in.cost[in.src][in.dst]
		if opt == math.MaxInt {
			checkPath(t, "WeightedAStar", in.g, res, err, nil, "", opt, true)
			continue
		}
		checkPath(t, "WeightedAStar", in.g, res, err, []string{name(in.src)}, name(in.dst), res.Cost, true)
		if float64(res.Cost) > w*float64(opt) || (w == 1 && res.Cost != opt) {
			t.Fatalf("trial %d: w %v cost %d, optimum %d", trial, w, res.Cost, opt)
		}
	}
}

// TestAnytimeAStar checks anytime A* with and without node caps: its bound
// never exceeds the optimum, its path never beats it, and without a cap
// the path is optimal and proven so.
func TestAnytimeAStar(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	_, insts := randomInstances(21, 22, 0)
	improved := 0
	for trial, in := range insts {
		w := []float64{1, 1.5, 2, 5}[trial%4]
		opt := in.cost[in.src][in.dst]
		for _, cap := range []int64{0, 1, 2, 3, 5, 8} {
			res, err := search.AnytimeAStar(ctx, name(in.src), in.g.next, in.hTo, w, is(name(in.dst)), search.Limits{MaxNodes: cap})
			what := "AnytimeAStar"
			if errors.Is(err, search.ErrLimit) {
				if cap == 0 || res.Stats.Expanded != cap {
					t.Fatalf("trial %d cap %d: %v after %d expansions", trial, cap, err, res.Stats.Expanded)
				}
				if res.Bound > opt {
					t.Fatalf("trial %d cap %d: bound %d above the optimum %d", trial, cap, res.Bound, opt)
				}
				if res.Path != nil {
					checkPath(t, what, in.g, res.Result, nil, []string{name(in.src)}, name(in.dst), res.Cost, true)
					if res.Cost < opt || res.Bound > res.Cost {
						t.Fatalf("trial %d cap %d: bound %d, cost %d, optimum %d", trial, cap, res.Bound, res.Cost, opt)
					}
				}
				continue
			}
			checkPath(t, what, in.g, res.Result, err, []string{name(in.src)}, name(in.dst), opt, true)
			if err == nil && (!res.Optimal || res.Bound != opt || res.Gap() != 0 || res.Solutions < 1) {
				t.Fatalf("trial %d cap %d: finished with %+v, optimum %d", trial, cap, res, opt)
			}
			if res.Solutions > 1 {
				improved++
			}
		}
	}
	if improved == 0 {
		t.Error("no search improved on its first path: the test does not exercise the anytime part")
	}
}

// allPaths lists every path from src to dst in g that costs at most
// limit and visits dst only at its end (simple only when simple is set),
// with its cost.
func allPaths(g graph, src, dst string, limit int, simple bool) (paths [][]string, costs []int) {
	var path []string
	var walk func(s string, cost int)
	walk = func(s string, cost int) {
		if simple && slices.Contains(path, s) {
			return
		}
		path = append(path, s)
		defer func() { path = path[:len(path)-1] }()
		if s == dst {
			paths, costs = append(paths, slices.Clone(path)), append(costs, cost)
			return
		}
		for _, e := range g[s] {
			if cost+e.cost <= limit {
				walk(e.to, cost+e.cost)
			}
		}
	}
	walk(src, 0)
	return paths, costs
}

// TestAllOptimal checks the count and the list of every least-cost path
// against brute-force enumeration, with and without an estimate.
func TestAllOptimal(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	r, insts := randomInstances(23, 24, 1)
	many := 0
	for trial, in := range insts {
		if trial%3 == 0 { // a ladder from first to last has many optimal paths
			in.src, in.dst, in.g = 0, in.n-1, graph{}
			for i := range in.n {
				for j := i + 1; j < in.n && j <= i+2; j++ {
					if !slices.ContainsFunc(in.g[name(i)], func(e edge) bool { return e.to == name(j) }) {
						in.g[name(i)] = append(in.g[name(i)], edge{name(j), j - i})
					}
				}
			}
			in.cost, in.steps = floydWarshall(in.g, in.n)
			in.hTo = fraction(r, in.n, func(i int) int { return in.cost[i][in.dst] })
		}
		src, dst := name(in.src), name(in.dst)
		opt := in.cost[in.src][in.dst]
		h := in.hTo
		if trial%2 == 0 {
			h = nil
		}
		res, err := search.AllOptimal(ctx, src, in.g.next, h, is(dst), search.Limits{})
		if opt == math.MaxInt {
			if !errors.Is(err, search.ErrNotFound) {
				t.Fatalf("trial %d: no path, got %v", trial, err)
			}
			continue
		}
		if err != nil || res.Cost != opt {
			t.Fatalf("trial %d: cost %d, %v; want %d", trial, res.Cost, err, opt)
		}
		want, _ := allPaths(in.g, src, dst, opt, false)
		var got [][]string
		for p := range res.Paths() {
			got = append(got, p)
		}
		key := func(ps [][]string) []string {
			var k []string
			for _, p := range ps {
				k = append(k, strings.Join(p, ""))
			}
			slices.Sort(k)
			return k
		}
		if !slices.Equal(key(got), key(want)) {
			t.Fatalf("trial %d: paths %v, want %v", trial, key(got), key(want))
		}
		if c := res.Count(); !c.IsInt64() || c.Int64() != int64(len(want)) {
			t.Fatalf("trial %d: count %v, want %d", trial, c, len(want))
		}
		if len(want) > 2 {
			many++
		}
	}
	if many < trials/5 {
		t.Errorf("only %d graphs with more than two optimal paths", many)
	}
}

// TestYen checks the k cheapest loopless paths against brute-force
// enumeration of every loopless path.
func TestYen(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	r, insts := randomInstances(25, 26, 0)
	for trial, in := range insts {
		for len(in.g) > 0 && in.n > 7 { // keep the enumeration small
			in = newInstance(r, 0)
		}
		src, dst := name(in.src), name(in.dst)
		k := 1 + r.IntN(6)
		paths, stats, err := search.Yen(ctx, src, in.g.next, is(dst), k, search.Limits{})
		all, costs := allPaths(in.g, src, dst, math.MaxInt/2, true)
		if len(all) == 0 {
			if !errors.Is(err, search.ErrNotFound) {
				t.Fatalf("trial %d: no path, got %v", trial, err)
			}
			continue
		}
		if err != nil {
			t.Fatal(err)
		}
		slices.Sort(costs)
		if len(paths) != min(k, len(all)) {
			t.Fatalf("trial %d: %d paths for k %d, %d exist", trial, len(paths), k, len(all))
		}
		seen := map[string]bool{}
		for i, p := range paths {
			checkPath(t, "Yen", in.g, p, nil, []string{src}, dst, costs[i], true)
			key := strings.Join(p.Path, "")
			if seen[key] || len(key) != len(p.Path) {
				t.Fatalf("trial %d: path %v repeated or not a string of names", trial, p.Path)
			}
			for _, s := range p.Path {
				if strings.Count(key, s) > 1 {
					t.Fatalf("trial %d: path %v has a loop", trial, p.Path)
				}
			}
			seen[key] = true
		}
		if stats.Expanded == 0 && src != dst {
			t.Fatalf("trial %d: no expansions counted", trial)
		}
	}
}

// TestAnytimeAStarLargerGraphs runs anytime and weighted A* with large
// weights on random graphs of 15 to 26 states, where closed states are often
// reached again more cheaply: the path returned must cost what is reported,
// the anytime bound must not exceed the optimum, and weighted A*'s cost must
// be at most w times it.
func TestAnytimeAStarLargerGraphs(t *testing.T) {
	ctx := context.Background()
	r := rand.New(rand.NewPCG(27, 28))
	for trial := range 500 {
		n := 15 + r.IntN(12)
		g := graph{}
		for i := range n {
			for range 2 + r.IntN(3) {
				if j := r.IntN(n); j != i && !slices.ContainsFunc(g[name(i)], func(e edge) bool { return e.to == name(j) }) {
					g[name(i)] = append(g[name(i)], edge{name(j), 1 + r.IntN(9)})
				}
			}
		}
		cost, _ := floydWarshall(g, n)
		opt := cost[0][n-1]
		h := fraction(r, n, func(i int) int { return cost[i][n-1] })
		for _, w := range []float64{3, 10} {
			wres, err := search.WeightedAStar(ctx, name(0), g.next, h, w, is(name(n-1)), search.Limits{})
			if opt != math.MaxInt {
				checkPath(t, "WeightedAStar", g, wres, err, []string{name(0)}, name(n-1), wres.Cost, true)
				if float64(wres.Cost) > w*float64(opt) {
					t.Fatalf("trial %d: weighted A* w %v cost %d, optimum %d", trial, w, wres.Cost, opt)
				}
			}
			res, err := search.AnytimeAStar(ctx, name(0), g.next, h, w, is(name(n-1)), search.Limits{MaxNodes: int64(1 + r.IntN(3*n))})
			if res.Bound > opt {
				t.Fatalf("trial %d w %v: bound %d above the optimum %d", trial, w, res.Bound, opt)
			}
			if res.Path == nil {
				continue
			}
			if c := pathCost(t, g, res.Path); c != res.Cost || c < opt {
				t.Fatalf("trial %d w %v: path costs %d, reported %d, optimum %d (%v)", trial, w, c, res.Cost, opt, err)
			}
		}
	}
}
