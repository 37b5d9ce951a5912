package search_test

import (
	"context"
	"errors"
	"iter"
	"math"
	"math/rand/v2"
	"slices"
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
	type run func() (search.Result[string], error)
	tests := []struct {
		name      string
		run       run
		wantPath  []string
		wantCost  int
		wantError error
	}{
		{"BFS fewest steps", func() (search.Result[string], error) {
			return search.BFS(ctx, "S", diamond.next, is("G"), search.Limits{})
		}, []string{"S", "A", "G"}, 10, nil},
		{"IDDFS fewest steps", func() (search.Result[string], error) {
			return search.IDDFS(ctx, "S", diamond.next, is("G"), -1, search.Limits{})
		}, []string{"S", "A", "G"}, 10, nil},
		{"DFS first found", func() (search.Result[string], error) {
			return search.DFS(ctx, "S", diamond.next, is("G"), 5, search.Limits{})
		}, []string{"S", "A", "G"}, 10, nil},
		{"DFS depth 1 finds nothing", func() (search.Result[string], error) {
			return search.DFS(ctx, "S", diamond.next, is("G"), 1, search.Limits{})
		}, nil, 0, search.ErrNotFound},
		{"IDDFS max depth 1 finds nothing", func() (search.Result[string], error) {
			return search.IDDFS(ctx, "S", diamond.next, is("G"), 1, search.Limits{})
		}, nil, 0, search.ErrNotFound},
		{"AStar cheapest", func() (search.Result[string], error) {
			return search.AStar(ctx, "S", diamond.next, zero, is("G"), search.Limits{})
		}, []string{"S", "B", "C", "G"}, 3, nil},
		{"IDAStar cheapest", func() (search.Result[string], error) {
			return search.IDAStar(ctx, "S", diamond.next, zero, is("G"), search.Limits{})
		}, []string{"S", "B", "C", "G"}, 3, nil},
		{"start is goal", func() (search.Result[string], error) {
			return search.AStar(ctx, "G", diamond.next, zero, is("G"), search.Limits{})
		}, []string{"G"}, 0, nil},
		{"BFS unreachable", func() (search.Result[string], error) {
			return search.BFS(ctx, "S", diamond.next, is("X"), search.Limits{})
		}, nil, 0, search.ErrNotFound},
		{"IDDFS unreachable, unbounded, terminates", func() (search.Result[string], error) {
			return search.IDDFS(ctx, "S", diamond.next, is("X"), -1, search.Limits{})
		}, nil, 0, search.ErrNotFound},
		{"AStar unreachable", func() (search.Result[string], error) {
			return search.AStar(ctx, "S", diamond.next, zero, is("X"), search.Limits{})
		}, nil, 0, search.ErrNotFound},
		{"IDAStar unreachable", func() (search.Result[string], error) {
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

		check := func(alg string, res search.Result[string], err error, want int, byCost bool) {
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
	runs := map[string]func() (search.Result[int], error){
		"BFS":     func() (search.Result[int], error) { return search.BFS(ctx, 0, line, never, lim) },
		"DFS":     func() (search.Result[int], error) { return search.DFS(ctx, 0, line, never, -1, lim) },
		"IDDFS":   func() (search.Result[int], error) { return search.IDDFS(ctx, 0, line, never, -1, lim) },
		"AStar":   func() (search.Result[int], error) { return search.AStar(ctx, 0, line, h, never, lim) },
		"IDAStar": func() (search.Result[int], error) { return search.IDAStar(ctx, 0, line, h, never, lim) },
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

func TestContextEndsSearch(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	h := func(int) int { return 0 }
	runs := map[string]func() (search.Result[int], error){
		"BFS":     func() (search.Result[int], error) { return search.BFS(ctx, 0, line, never, search.Limits{}) },
		"DFS":     func() (search.Result[int], error) { return search.DFS(ctx, 0, line, never, -1, search.Limits{}) },
		"IDDFS":   func() (search.Result[int], error) { return search.IDDFS(ctx, 0, line, never, -1, search.Limits{}) },
		"AStar":   func() (search.Result[int], error) { return search.AStar(ctx, 0, line, h, never, search.Limits{}) },
		"IDAStar": func() (search.Result[int], error) { return search.IDAStar(ctx, 0, line, h, never, search.Limits{}) },
	}
	addNewAlgorithms(runs, ctx, search.Limits{})
	for name, run := range runs {
		_, err := run()
		if !errors.Is(err, search.ErrLimit) || !errors.Is(err, context.Canceled) {
			t.Errorf("%s: error %v, want ErrLimit and context.Canceled", name, err)
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
func addNewAlgorithms(runs map[string]func() (search.Result[int], error), ctx context.Context, lim search.Limits) {
	h := func(int) int { return 0 }
	starts := slices.Values([]int{0, 1})
	runs["Dijkstra"] = func() (search.Result[int], error) { return search.Dijkstra(ctx, 0, line, never, lim) }
	runs["BFSFrom"] = func() (search.Result[int], error) { return search.BFSFrom(ctx, starts, line, never, lim) }
	runs["DijkstraFrom"] = func() (search.Result[int], error) { return search.DijkstraFrom(ctx, starts, line, never, lim) }
	runs["AStarFrom"] = func() (search.Result[int], error) { return search.AStarFrom(ctx, starts, line, h, never, lim) }
	runs["WeightedAStar"] = func() (search.Result[int], error) { return search.WeightedAStar(ctx, 0, line, h, 2, never, lim) }
	runs["AnytimeAStar"] = func() (search.Result[int], error) {
		res, err := search.AnytimeAStar(ctx, 0, line, h, 2, never, lim)
		return res.Result, err
	}
	runs["BidirectionalBFS"] = func() (search.Result[int], error) {
		return search.BidirectionalBFS(ctx, 0, -1, line, backLine, lim)
	}
	runs["NBS"] = func() (search.Result[int], error) { return search.NBS(ctx, 0, -1, line, backLine, h, h, lim) }
}
