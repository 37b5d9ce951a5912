package search_test

import (
	"context"
	"errors"
	"fmt"
	"iter"
	"math"
	"slices"
	"testing"

	"github.com/searchlab/searchlab/search"
)

// octile yields the eight neighbours of p on an open 3x3 board, diagonal
// steps costing √2.
func octile(p point) iter.Seq2[point, float64] {
	return func(yield func(point, float64) bool) {
		for dx := -1; dx <= 1; dx++ {
			for dy := -1; dy <= 1; dy++ {
				q := point{p.r + dx, p.c + dy}
				if q == p || q.r < 0 || q.c < 0 || q.r > 2 || q.c > 2 {
					continue
				}
				c := 1.0
				if dx != 0 && dy != 0 {
					c = math.Sqrt2
				}
				if !yield(q, c) {
					return
				}
			}
		}
	}
}

// Step costs of type float64 make every cost of the search a float64: two
// diagonal steps cost 2√2.
func ExampleDijkstra_floatCosts() {
	corner := point{2, 2}
	res, err := search.Dijkstra(context.Background(), point{0, 0}, octile, func(p point) bool { return p == corner }, search.Limits{})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("%v %.6f %v\n", res.Path, res.Cost, res.Cost == 2*math.Sqrt2)
	// Output: [{0 0} {1 1} {2 2}] 2.828427 true
}

// wgraph is graph with costs of type C.
type wgraph[C search.Cost] map[string][]wedge[C]

type wedge[C search.Cost] struct {
	to   string
	cost C
}

// scaled returns g with every cost c as C(c) / div.
func scaled[C search.Cost](g graph, div C) wgraph[C] {
	w := wgraph[C]{}
	for s, es := range g {
		for _, e := range es {
			w[s] = append(w[s], wedge[C]{e.to, C(e.cost) / div})
		}
	}
	return w
}

func (g wgraph[C]) next(s string) iter.Seq2[string, C] {
	return func(yield func(string, C) bool) {
		for _, e := range g[s] {
			if !yield(e.to, e.cost) {
				return
			}
		}
	}
}

func (g wgraph[C]) prev(s string) iter.Seq2[string, C] {
	return func(yield func(string, C) bool) {
		for from := 'a'; from < 'a'+26; from++ {
			for _, e := range g[string(from)] {
				if e.to == s && !yield(string(from), e.cost) {
					return
				}
			}
		}
	}
}

// outcome is what one algorithm returned, its costs as float64 times the
// scale they were divided by, so that runs in different cost types compare.
type outcome struct {
	paths [][]string
	costs []float64
	bound float64
	count string
	stats search.Stats
	err   string
}

// runWeighted runs every algorithm that takes step costs on in, with costs
// and estimates divided by div in type C, and returns each one's outcome.
func runWeighted[C search.Cost](in instance, div C) map[string]outcome {
	ctx := context.Background()
	g := scaled(in.g, div)
	src, dst := name(in.src), name(in.dst)
	goal := is(dst)
	// Where no path exists any estimate is admissible: one that fits
	// every type.
	fits := func(h int) int { return min(h, 1<<12) }
	hTo := func(s string) C { return C(fits(in.hTo(s))) / div }
	hFrom := func(s string) C { return C(fits(in.hFrom(s))) / div }
	starts := slices.Values([]string{src, name((in.src + 1) % in.n)})
	lim := search.Limits{}
	out := map[string]outcome{}
	up := func(c C) float64 { return float64(c) * float64(div) }
	one := func(alg string, res search.Result[string, C], err error) {
		o := outcome{paths: [][]string{res.Path}, costs: []float64{up(res.Cost)}, stats: res.Stats}
		if err != nil {
			o.err = err.Error()
		}
		o.stats.Elapsed = 0
		out[alg] = o
	}
	res, err := search.Dijkstra(ctx, src, g.next, goal, lim)
	one("Dijkstra", res, err)
	res, err = search.DijkstraFrom(ctx, starts, g.next, goal, lim)
	one("DijkstraFrom", res, err)
	res, err = search.AStar(ctx, src, g.next, hTo, goal, lim)
	one("AStar", res, err)
	res, err = search.AStarFrom(ctx, starts, g.next, hTo, goal, lim)
	one("AStarFrom", res, err)
	res, err = search.WeightedAStar(ctx, src, g.next, hTo, 2, goal, lim)
	one("WeightedAStar", res, err)
	res, err = search.IDAStar(ctx, src, g.next, hTo, goal, lim)
	one("IDAStar", res, err)
	res, err = search.FringeSearch(ctx, src, g.next, hTo, goal, lim)
	one("FringeSearch", res, err)
	res, err = search.NBS(ctx, src, dst, g.next, g.prev, hTo, hFrom, lim)
	one("NBS", res, err)
	res, err = search.BFS(ctx, src, g.next, goal, lim)
	one("BFS", res, err)
	res, err = search.BidirectionalBFS(ctx, src, dst, g.next, g.prev, lim)
	one("BidirectionalBFS", res, err)
	res, err = search.IDDFS(ctx, src, g.next, goal, -1, lim)
	one("IDDFS", res, err)
	res, err = search.DFS(ctx, src, g.next, goal, in.n, lim)
	one("DFS", res, err)

	at, err := search.AnytimeAStar(ctx, src, g.next, hTo, 2, goal, lim)
	one("AnytimeAStar", at.Result, err)
	o := out["AnytimeAStar"]
	if at.Path != nil { // without a path the bound is the type's infinity
		o.bound = up(at.Bound)
	}
	out["AnytimeAStar"] = o

	if opt, err := search.AllOptimal(ctx, src, g.next, hTo, goal, lim); err == nil {
		out["AllOptimal"] = outcome{paths: slices.Collect(opt.Paths()), costs: []float64{up(opt.Cost)}, count: opt.Count().String()}
	} else {
		out["AllOptimal"] = outcome{err: err.Error()}
	}

	paths, _, err := search.Yen(ctx, src, g.next, goal, 4, lim)
	var yen outcome
	for _, p := range paths {
		yen.paths = append(yen.paths, p.Path)
		yen.costs = append(yen.costs, up(p.Cost))
	}
	if err != nil {
		yen.err = err.Error()
	}
	out["Yen"] = yen

	reach := search.DijkstraReach(ctx, src, g.next, lim)
	var dr outcome
	for s, d := range reach.All() {
		dr.paths = append(dr.paths, reach.Path(s))
		dr.costs = append(dr.costs, up(d))
	}
	out["DijkstraReach"] = dr
	return out
}

// TestCostTypesAgree checks that every algorithm taking step costs gives the
// same paths, costs, bounds and work with costs of type int, int32, uint16,
// float32 and float64, on random graphs whose costs are multiples of 1/8 in
// the float types (exact in binary, so that no sum rounds). Together with
// the int tests against references this checks every cost type.
func TestCostTypesAgree(t *testing.T) {
	t.Parallel()
	_, insts := randomInstances(41, 42, 1)
	for trial, in := range insts {
		want := runWeighted(in, 1)
		for typ, got := range map[string]map[string]outcome{
			"int32":   runWeighted(in, int32(1)),
			"uint16":  runWeighted(in, uint16(1)),
			"float32": runWeighted(in, float32(8)),
			"float64": runWeighted(in, 8.0),
		} {
			for alg, w := range want {
				g := got[alg]
				if !slices.EqualFunc(g.paths, w.paths, slices.Equal) || !slices.Equal(g.costs, w.costs) ||
					g.bound != w.bound || g.count != w.count || g.stats != w.stats || g.err != w.err {
					t.Fatalf("trial %d %s with %s costs: %+v, with int costs %+v", trial, alg, typ, g, w)
				}
			}
		}
	}
}

// bellmanFord returns the least cost from src to every state of g, each
// cost the rounded sum of a path's steps added start first, +Inf where none:
// an independent reference for float searches.
func bellmanFord(g wgraph[float64], n, src int) []float64 {
	d := make([]float64, n)
	for i := range d {
		d[i] = math.Inf(1)
	}
	d[src] = 0
	for range n {
		for i := range n {
			for _, e := range g[name(i)] {
				j := int(e.to[0] - 'a')
				d[j] = min(d[j], d[i]+e.cost)
			}
		}
	}
	return d
}

// TestFloatCostsAgainstBellmanFord checks Dijkstra, DijkstraReach and A* on
// random graphs with costs that round when added (multiples of 0.1 and
// thirds): Dijkstra's rounded sums are the least exactly, A*'s within
// rounding, and each reported cost is the sum of its path's steps.
func TestFloatCostsAgainstBellmanFord(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	r, insts := randomInstances(43, 44, 0)
	for trial, in := range insts {
		g := wgraph[float64]{}
		for s, es := range in.g {
			for _, e := range es {
				g[s] = append(g[s], wedge[float64]{e.to, float64(e.cost)*0.1 + float64(r.IntN(3))/3})
			}
		}
		dist := bellmanFord(g, in.n, in.src)
		toDst := make([]float64, in.n)
		for i := range in.n {
			toDst[i] = bellmanFord(g, in.n, i)[in.dst]
		}
		frac := make([]float64, in.n)
		for i := range frac {
			frac[i] = r.Float64() * 0.999 // below 1 by more than rounding
		}
		h := func(s string) float64 {
			i := s[0] - 'a'
			if math.IsInf(toDst[i], 1) {
				return 1 << 20
			}
			return frac[i] * toDst[i]
		}
		sum := func(path []string) float64 {
			var c float64
			for k := 1; k < len(path); k++ {
				best := math.Inf(1)
				for _, e := range g[path[k-1]] {
					if e.to == path[k] {
						best = min(best, e.cost)
					}
				}
				c += best
			}
			return c
		}
		src, dst := name(in.src), name(in.dst)
		want := dist[in.dst]
		for _, alg := range []string{"Dijkstra", "AStar"} {
			var res search.Result[string, float64]
			var err error
			if alg == "Dijkstra" {
				res, err = search.Dijkstra(ctx, src, g.next, is(dst), search.Limits{})
			} else {
				res, err = search.AStar(ctx, src, g.next, h, is(dst), search.Limits{})
			}
			if math.IsInf(want, 1) {
				if !errors.Is(err, search.ErrNotFound) {
					t.Fatalf("trial %d %s: no path exists, got %v %v", trial, alg, res.Path, err)
				}
				continue
			}
			if err != nil {
				t.Fatalf("trial %d %s: %v", trial, alg, err)
			}
			if s := sum(res.Path); s != res.Cost {
				t.Fatalf("trial %d %s: cost %v, its path %v sums to %v", trial, alg, res.Cost, res.Path, s)
			}
			if alg == "Dijkstra" && res.Cost != want || math.Abs(res.Cost-want) > 1e-12*max(1, want) {
				t.Fatalf("trial %d %s: cost %v, want %v", trial, alg, res.Cost, want)
			}
		}
		reach := search.DijkstraReach(ctx, src, g.next, search.Limits{})
		for s, d := range reach.All() {
			if d != dist[s[0]-'a'] {
				t.Fatalf("trial %d DijkstraReach: %s at %v, want %v", trial, s, d, dist[s[0]-'a'])
			}
		}
	}
}

// TestFloatEvents checks that the events of a float search carry the costs
// whole in Costs and rounded in the int fields.
func TestFloatEvents(t *testing.T) {
	t.Parallel()
	var tr search.Trace
	tr.Max = 1000
	corner := point{2, 2}
	res, err := search.AStar(context.Background(), point{0, 0}, octile, func(p point) float64 {
		return math.Sqrt2 * float64(min(2-p.r, 2-p.c))
	}, func(p point) bool { return p == corner }, search.Limits{Observe: tr.Observe})
	if err != nil {
		t.Fatal(err)
	}
	last := tr.Events[len(tr.Events)-1]
	if last.Kind != search.Goal || last.Costs.G != res.Cost || last.G != 3 {
		t.Fatalf("goal event %+v, want G 3 and Costs.G %v", last, res.Cost)
	}
	first := tr.Events[0]
	if first.Kind != search.Expand || first.Costs.H != 2*math.Sqrt2 || first.Costs.F != 2*math.Sqrt2 || first.H != 3 {
		t.Fatalf("first event %+v, want an expansion with H 2√2", first)
	}
}
