package search_test

import (
	"context"
	"errors"
	"fmt"
	"iter"
	"math/big"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/searchlab/searchlab/search"
)

// The tests of this file check the traversals (fringe search, path
// counting, depth-first reach, cycle detection, components, topological
// order) against independent references on random graphs: the transitive
// closure, brute-force path enumeration, a recursive depth-first traversal,
// and a table of the states of a sequence.

// closure returns reach[i][j]: whether a path of one step or more runs from
// i to j in g, counting only steps that leave states for which keep is
// true (nil keeps all).
func closure(g graph, n int, keep func(int) bool) [][]bool {
	reach := make([][]bool, n)
	for i := range n {
		reach[i] = make([]bool, n)
		if keep != nil && !keep(i) {
			continue
		}
		for _, e := range g[name(i)] {
			reach[i][e.to[0]-'a'] = true
		}
	}
	for k := range n {
		for i := range n {
			for j := range n {
				if reach[i][k] && reach[k][j] {
					reach[i][j] = true
				}
			}
		}
	}
	return reach
}

// reachable returns which states a path of zero steps or more runs to from
// one of starts.
func reachable(reach [][]bool, starts []int) []bool {
	in := make([]bool, len(reach))
	for _, s := range starts {
		in[s] = true
		for j := range reach {
			in[j] = in[j] || reach[s][j]
		}
	}
	return in
}

// randomTraversal draws a random graph (acyclic half of the time: steps go
// up a random order of the states, so that the graph is not sorted by
// name), sometimes with a step repeated, and up to three start states.
func randomTraversal(r *rand.Rand) (g graph, n int, starts []int) {
	n = 1 + r.IntN(9)
	g = randomGraph(r, n, 1)
	if r.IntN(2) == 0 {
		rank := r.Perm(n)
		for s, es := range g {
			g[s] = slices.DeleteFunc(es, func(e edge) bool { return rank[s[0]-'a'] >= rank[e.to[0]-'a'] })
		}
	}
	for s, es := range g {
		if len(es) > 0 && r.IntN(4) == 0 {
			g[s] = append(es, es[r.IntN(len(es))])
		}
	}
	for range 1 + r.IntN(3) {
		starts = append(starts, r.IntN(n))
	}
	return g, n, starts
}

func names(ids []int) []string {
	s := make([]string, len(ids))
	for i, id := range ids {
		s[i] = name(id)
	}
	return s
}

// checkCycle checks that err is a *CycleError holding a cycle of g among
// the states allowed.
func checkCycle(t *testing.T, what string, g graph, err error, allowed []bool) {
	t.Helper()
	var ce *search.CycleError[string]
	if !errors.Is(err, search.ErrCycle) || !errors.As(err, &ce) {
		t.Fatalf("%s: error %v, want a *CycleError", what, err)
	}
	c := ce.Cycle
	for i, s := range c {
		if !allowed[s[0]-'a'] {
			t.Fatalf("%s: cycle %v holds %s, outside the graph searched", what, c, s)
		}
		if slices.Index(c, s) != i {
			t.Fatalf("%s: cycle %v repeats %s", what, c, s)
		}
		to := c[(i+1)%len(c)]
		if !slices.ContainsFunc(g[s], func(e edge) bool { return e.to == to }) {
			t.Fatalf("%s: cycle %v: no step %s -> %s", what, c, s, to)
		}
	}
}

func TestTopologicalSortAgainstClosure(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(36, 1))
	cycles := 0
	for trial := range trials {
		g, n, starts := randomTraversal(r)
		reach := closure(g, n, nil)
		in := reachable(reach, starts)
		cyclic := false
		for i := range n {
			cyclic = cyclic || (in[i] && reach[i][i])
		}
		order, _, err := search.TopologicalSort(context.Background(), slices.Values(names(starts)), g.next, search.Limits{})
		if cyclic {
			cycles++
			checkCycle(t, "TopologicalSort", g, err, in)
			continue
		}
		if err != nil {
			t.Fatalf("trial %d: %v on an acyclic graph", trial, err)
		}
		pos := map[string]int{}
		for i, s := range order {
			pos[s] = i
		}
		for i := range n {
			if _, ok := pos[name(i)]; ok != in[i] || len(pos) != len(order) {
				t.Fatalf("trial %d: order %v, want each of the reachable %v once", trial, order, in)
			}
			for _, e := range g[name(i)] {
				if in[i] && pos[name(i)] >= pos[e.to] {
					t.Fatalf("trial %d: order %v puts %s before %s", trial, order, e.to, name(i))
				}
			}
		}
	}
	if cycles < trials/5 || cycles > trials*4/5 {
		t.Errorf("%d of %d graphs had a cycle: the test does not exercise both cases", cycles, trials)
	}
}

func TestStronglyConnectedComponentsAgainstClosure(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(36, 2))
	for trial := range trials {
		g, n, starts := randomTraversal(r)
		reach := closure(g, n, nil)
		in := reachable(reach, starts)
		comps, _, err := search.StronglyConnectedComponents(context.Background(), slices.Values(names(starts)), g.next, search.Limits{})
		if err != nil {
			t.Fatal(err)
		}
		if len(starts) == 1 && !slices.Contains(comps[len(comps)-1], name(starts[0])) {
			t.Fatalf("trial %d: components %v from %s: its own is not the last", trial, comps, name(starts[0]))
		}
		which := map[string]int{}
		for c, comp := range comps {
			for _, s := range comp {
				if _, dup := which[s]; dup {
					t.Fatalf("trial %d: %s in two components of %v", trial, s, comps)
				}
				which[s] = c
			}
		}
		for i := range n {
			ci, ok := which[name(i)]
			if ok != in[i] {
				t.Fatalf("trial %d: components %v, reachable %v", trial, comps, in)
			}
			for j := range n {
				cj, okj := which[name(j)]
				if ok && okj && (ci == cj) != (i == j || reach[i][j] && reach[j][i]) {
					t.Fatalf("trial %d: components %v disagree on %s and %s", trial, comps, name(i), name(j))
				}
			}
			for _, e := range g[name(i)] {
				if ok && which[e.to] > ci {
					t.Fatalf("trial %d: components %v: %s -> %s, a component before one it reaches", trial, comps, name(i), e.to)
				}
			}
		}
	}
}

func TestConnectedComponentsAgainstClosure(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(36, 3))
	for trial := range trials {
		g, n, starts := randomTraversal(r)
		in := reachable(closure(g, n, nil), starts)
		// The undirected graph of the steps that leave reachable states.
		und := graph{}
		for i := range n {
			for _, e := range g[name(i)] {
				if in[i] {
					und[name(i)] = append(und[name(i)], e)
					und[e.to] = append(und[e.to], edge{name(i), 1})
				}
			}
		}
		joined := closure(und, n, nil)
		comps, _, err := search.ConnectedComponents(context.Background(), slices.Values(names(starts)), g.next, search.Limits{})
		if err != nil {
			t.Fatal(err)
		}
		// The breadth-first order of the states from the starts.
		bfs := []string{}
		for _, s := range starts {
			if !slices.Contains(bfs, name(s)) {
				bfs = append(bfs, name(s))
			}
		}
		for h := 0; h < len(bfs); h++ {
			for _, e := range g[bfs[h]] {
				if !slices.Contains(bfs, e.to) {
					bfs = append(bfs, e.to)
				}
			}
		}
		if flat := slices.Concat(comps...); len(flat) != len(bfs) {
			t.Fatalf("trial %d: components %v, want the %d states %v", trial, comps, len(bfs), bfs)
		}
		which := map[string]int{}
		last := -1
		for c, comp := range comps {
			if first := slices.Index(bfs, comp[0]); first <= last {
				t.Fatalf("trial %d: components %v not in the order %v", trial, comps, bfs)
			} else {
				last = first
			}
			if !slices.IsSortedFunc(comp, func(a, b string) int { return slices.Index(bfs, a) - slices.Index(bfs, b) }) {
				t.Fatalf("trial %d: component %v not in the order %v", trial, comp, bfs)
			}
			for _, s := range comp {
				which[s] = c
			}
		}
		for _, a := range bfs {
			for _, b := range bfs {
				if (which[a] == which[b]) != (a == b || joined[a[0]-'a'][b[0]-'a']) {
					t.Fatalf("trial %d: components %v disagree on %s and %s", trial, comps, a, b)
				}
			}
		}
	}
}

// countByEnumeration counts the paths from s to a goal that end at the
// first goal, by walking every one of them.
func countByEnumeration(g graph, s string, goal []bool) int64 {
	if goal[s[0]-'a'] {
		return 1
	}
	var n int64
	for _, e := range g[s] {
		n += countByEnumeration(g, e.to, goal)
	}
	return n
}

func TestCountPathsAgainstEnumeration(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(36, 4))
	cycles, positive := 0, 0
	for trial := range trials {
		g, n, starts := randomTraversal(r)
		start := starts[0]
		goal := make([]bool, n)
		for i := range n {
			goal[i] = r.IntN(3) == 0
		}
		// The graph explored: what start reaches without leaving a goal.
		explored := closure(g, n, func(i int) bool { return !goal[i] })
		in := reachable(explored, []int{start})
		in[start] = true
		cyclic := false
		for i := range n {
			cyclic = cyclic || (in[i] && !goal[i] && explored[i][i])
		}
		if goal[start] {
			cyclic = false
		}
		got, st, err := search.CountPaths(context.Background(), name(start), g.next, func(s string) bool { return goal[s[0]-'a'] }, search.Limits{})
		if cyclic {
			cycles++
			checkCycle(t, "CountPaths", g, err, in)
			continue
		}
		if err != nil {
			t.Fatalf("trial %d: %v on an acyclic graph", trial, err)
		}
		want := countByEnumeration(g, name(start), goal)
		if got.Cmp(big.NewInt(want)) != 0 {
			t.Fatalf("trial %d: %v paths, want %d (graph %v, goals %v, start %s)", trial, got, want, g, goal, name(start))
		}
		if want > 0 {
			positive++
		}
		if st.Expanded > int64(n) {
			t.Fatalf("trial %d: expanded %d of %d states", trial, st.Expanded, n)
		}
	}
	if cycles < trials/10 || positive < trials/4 {
		t.Errorf("%d cyclic graphs and %d with paths of %d: the test does not exercise the cases", cycles, positive, trials)
	}
}

// TestCountPathsIsExact counts the 2^100 paths through a ladder of 100
// diamonds, beyond any fixed-size integer.
func TestCountPathsIsExact(t *testing.T) {
	t.Parallel()
	next := func(s int) iter.Seq2[int, int] {
		return func(yield func(int, int) bool) {
			if s%3 == 0 {
				_ = yield(s+1, 1) && yield(s+2, 1)
			} else {
				yield(s+3-s%3, 1)
			}
		}
	}
	got, _, err := search.CountPaths(context.Background(), 0, next, func(s int) bool { return s == 300 }, search.Limits{})
	want := new(big.Int).Lsh(big.NewInt(1), 100)
	if err != nil || got.Cmp(want) != 0 {
		t.Fatalf("CountPaths = %v, %v; want 2^100 = %v", got, err, want)
	}
}

// preorder is the reference depth-first traversal: recursive, successors in
// order, each state visited once.
func preorder(g graph, s string, depth int, seen map[string]bool, visit func(string, int)) {
	seen[s] = true
	visit(s, depth)
	for _, e := range g[s] {
		if !seen[e.to] {
			preorder(g, e.to, depth+1, seen, visit)
		}
	}
}

func TestDFSReachAgainstRecursion(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(36, 5))
	type visit struct {
		s     string
		depth int
	}
	for trial := range trials {
		g, _, starts := randomTraversal(r)
		var want []visit
		preorder(g, name(starts[0]), 0, map[string]bool{}, func(s string, d int) { want = append(want, visit{s, d}) })
		// A cap of len(want) or more lets the walk finish; one below stops it.
		cap := 1 + r.IntN(len(want)+1)
		reach := search.DFSReach(context.Background(), name(starts[0]), g.next, search.Limits{MaxNodes: int64(cap)})
		var got []visit
		for s, d := range reach.All() {
			got = append(got, visit{s, d})
			path := reach.Path(s)
			if path[0] != name(starts[0]) || path[len(path)-1] != s || len(path)-1 != d {
				t.Fatalf("trial %d: path %v to %s at depth %d", trial, path, s, d)
			}
			pathCost(t, g, path)
		}
		wantErr := cap < len(want)
		if wantErr {
			want = want[:cap]
		}
		if !slices.Equal(got, want) {
			t.Fatalf("trial %d: cap %d: %v, want %v", trial, cap, got, want)
		}
		if err := reach.Err(); errors.Is(err, search.ErrLimit) != wantErr || (err != nil) != wantErr {
			t.Fatalf("trial %d: cap %d of %d states: error %v", trial, cap, len(want), err)
		}
		if st := reach.Stats(); st.Expanded != int64(len(got)) {
			t.Fatalf("trial %d: Stats.Expanded %d, yielded %d", trial, st.Expanded, len(got))
		}
	}
}

func TestCycleDetectionAgainstTable(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(36, 6))
	for trial := range trials {
		n := 1 + r.IntN(60)
		f := make([]int, n)
		for i := range f {
			f[i] = r.IntN(n)
		}
		if r.IntN(2) == 0 { // a long lead into a long cycle
			p := r.Perm(n)
			for i := range n - 1 {
				f[p[i]] = p[i+1]
			}
			f[p[n-1]] = p[r.IntN(n)]
		}
		x0 := r.IntN(n)
		first := map[int]int{}
		x := x0
		for i := 0; ; i++ {
			if j, ok := first[x]; ok {
				want := search.Cycle[int]{Lead: j, Length: i - j, Entry: x}
				for name, run := range map[string]func(context.Context, int, func(int) int, search.Limits) (search.Cycle[int], error){
					"Brent": search.Brent[int], "Floyd": search.Floyd[int],
				} {
					got, err := run(context.Background(), x0, func(s int) int { return f[s] }, search.Limits{})
					if err != nil || got.Lead != want.Lead || got.Length != want.Length || got.Entry != want.Entry {
						t.Fatalf("trial %d %s: %+v, %v; want lead %d length %d entry %d", trial, name, got, err, want.Lead, want.Length, want.Entry)
					}
					if calls := got.Stats.Expanded; calls > int64(6*(want.Lead+want.Length)+4) {
						t.Fatalf("trial %d %s: %d calls of f for lead %d and length %d", trial, name, calls, want.Lead, want.Length)
					}
				}
				break
			}
			first[x] = i
			x = f[x]
		}
	}
}

func TestFringeSearchAgainstFloydWarshall(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	_, insts := randomInstances(36, 7, 0)
	for trial, in := range insts {
		goal := is(name(in.dst))
		want := in.cost[in.src][in.dst]
		res, err := search.FringeSearch(ctx, name(in.src), in.g.next, in.hTo, goal, search.Limits{})
		checkPath(t, "FringeSearch", in.g, res, err, []string{name(in.src)}, name(in.dst), want, true)
		res, err = search.FringeSearch(ctx, name(in.src), in.g.next, zero, goal, search.Limits{})
		checkPath(t, "FringeSearch with h = 0", in.g, res, err, []string{name(in.src)}, name(in.dst), want, true)
		if err == nil && res.Stats.Iterations < 1 {
			t.Fatalf("trial %d: %d iterations", trial, res.Stats.Iterations)
		}
	}
}

// TestToolboxLimits checks that a node cap and a cancelled context stop
// every traversal on an endless line, with ErrLimit.
func TestToolboxLimits(t *testing.T) {
	t.Parallel()
	cancelled, cancel := context.WithCancel(context.Background())
	cancel()
	h := func(int) int { return 0 }
	succ := func(s int) int { return s + 1 }
	runs := map[string]func(context.Context, search.Limits) (search.Stats, error){
		"FringeSearch": func(ctx context.Context, lim search.Limits) (search.Stats, error) {
			res, err := search.FringeSearch(ctx, 0, line, h, never, lim)
			return res.Stats, err
		},
		"CountPaths": func(ctx context.Context, lim search.Limits) (search.Stats, error) {
			_, st, err := search.CountPaths(ctx, 0, line, never, lim)
			return st, err
		},
		"TopologicalSort": func(ctx context.Context, lim search.Limits) (search.Stats, error) {
			_, st, err := search.TopologicalSort(ctx, slices.Values([]int{0}), line, lim)
			return st, err
		},
		"StronglyConnectedComponents": func(ctx context.Context, lim search.Limits) (search.Stats, error) {
			_, st, err := search.StronglyConnectedComponents(ctx, slices.Values([]int{0}), line, lim)
			return st, err
		},
		"ConnectedComponents": func(ctx context.Context, lim search.Limits) (search.Stats, error) {
			_, st, err := search.ConnectedComponents(ctx, slices.Values([]int{0}), line, lim)
			return st, err
		},
		"DFSReach": func(ctx context.Context, lim search.Limits) (search.Stats, error) {
			r := search.DFSReach(ctx, 0, line, lim)
			for range r.All() {
			}
			return r.Stats(), r.Err()
		},
		"Brent": func(ctx context.Context, lim search.Limits) (search.Stats, error) {
			c, err := search.Brent(ctx, 0, succ, lim)
			return c.Stats, err
		},
		"Floyd": func(ctx context.Context, lim search.Limits) (search.Stats, error) {
			c, err := search.Floyd(ctx, 0, succ, lim)
			return c.Stats, err
		},
	}
	for name, run := range runs {
		st, err := run(context.Background(), search.Limits{MaxNodes: 100})
		if !errors.Is(err, search.ErrLimit) || st.Expanded != 100 {
			t.Errorf("%s: cap of 100: expanded %d, error %v; want 100 and ErrLimit", name, st.Expanded, err)
		}
		st, err = run(cancelled, search.Limits{MaxNodes: 1 << 40})
		if !errors.Is(err, search.ErrLimit) || !errors.Is(err, context.Canceled) {
			t.Errorf("%s: cancelled context: error %v after %d expansions", name, err, st.Expanded)
		}
		if name == "Brent" || name == "Floyd" {
			continue // they hold two states: MaxBytes has nothing to bound
		}
		st, err = run(context.Background(), search.Limits{MaxBytes: 1 << 20})
		if !errors.Is(err, search.ErrMemory) || int64(st.PeakStored)*search.StateBytes(0) > 1<<20+1<<12 {
			t.Errorf("%s: 1 MiB budget: held %d states, error %v; want ErrMemory", name, st.PeakStored, err)
		}
	}
}

// TestTraversalsOnLongChain runs the depth-first traversals on a chain of
// 262,144 states (3 million with SEARCHLAB_LONG=1), which recursion would
// take a stack of as many frames for.
func TestTraversalsOnLongChain(t *testing.T) {
	t.Parallel()
	n := 1 << 18
	if long() {
		n = 3_000_000
	}
	next := func(s int) iter.Seq2[int, int] {
		return func(yield func(int, int) bool) {
			if s < n-1 {
				yield(s+1, 1)
			}
		}
	}
	ctx := context.Background()
	order, _, err := search.TopologicalSort(ctx, slices.Values([]int{0}), next, search.Limits{})
	if err != nil || len(order) != n || order[0] != 0 || order[n-1] != n-1 {
		t.Errorf("TopologicalSort: %d states, %v", len(order), err)
	}
	comps, _, err := search.StronglyConnectedComponents(ctx, slices.Values([]int{0}), next, search.Limits{})
	if err != nil || len(comps) != n || comps[0][0] != n-1 {
		t.Errorf("StronglyConnectedComponents: %d components, %v", len(comps), err)
	}
	count, _, err := search.CountPaths(ctx, 0, next, func(s int) bool { return s == n-1 }, search.Limits{})
	if err != nil || count.Int64() != 1 {
		t.Errorf("CountPaths: %v, %v", count, err)
	}
	depth := 0
	for _, d := range search.DFSReach(ctx, 0, next, search.Limits{}).All() {
		depth = d
	}
	if depth != n-1 {
		t.Errorf("DFSReach: deepest %d, want %d", depth, n-1)
	}
}

// TestToolboxTraces runs fringe search and the traversals on random graphs
// with and without an observer: the answers and the Stats must be the
// same, and the events must account for the Stats.
func TestToolboxTraces(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	r := rand.New(rand.NewPCG(36, 10))
	type outcome struct {
		answer string
		stats  search.Stats
		err    error
	}
	type run func(search.Limits) outcome
	for trial := range 200 {
		g, n, starts := randomTraversal(r)
		froms := slices.Values(names(starts))
		goal := is(name(r.IntN(n)))
		runs := map[string]run{
			"FringeSearch": func(l search.Limits) outcome {
				res, err := search.FringeSearch(ctx, name(starts[0]), g.next, zero, goal, l)
				return outcome{fmt.Sprint(res.Path, res.Cost), res.Stats, err}
			},
			"CountPaths": func(l search.Limits) outcome {
				c, st, err := search.CountPaths(ctx, name(starts[0]), g.next, goal, l)
				return outcome{fmt.Sprint(c), st, err}
			},
			"TopologicalSort": func(l search.Limits) outcome {
				o, st, err := search.TopologicalSort(ctx, froms, g.next, l)
				return outcome{fmt.Sprint(o), st, err}
			},
			"StronglyConnectedComponents": func(l search.Limits) outcome {
				c, st, err := search.StronglyConnectedComponents(ctx, froms, g.next, l)
				return outcome{fmt.Sprint(c), st, err}
			},
			"ConnectedComponents": func(l search.Limits) outcome {
				c, st, err := search.ConnectedComponents(ctx, froms, g.next, l)
				return outcome{fmt.Sprint(c), st, err}
			},
			"DFSReach": func(l search.Limits) outcome {
				reach := search.DFSReach(ctx, name(starts[0]), g.next, l)
				var order []string
				for s := range reach.All() {
					order = append(order, s)
				}
				return outcome{fmt.Sprint(order), reach.Stats(), reach.Err()}
			},
		}
		for alg, run := range runs {
			plain := run(search.Limits{})
			var evs []search.Event
			traced := run(search.Limits{Observe: func(e search.Event) { evs = append(evs, e) }})
			plain.stats.Elapsed, traced.stats.Elapsed = 0, 0
			if plain.answer != traced.answer || plain.stats != traced.stats || fmt.Sprint(plain.err) != fmt.Sprint(traced.err) {
				t.Fatalf("trial %d %s: traced %+v, untraced %+v", trial, alg, traced, plain)
			}
			k := countKinds(evs)
			if k[search.Expand] != traced.stats.Expanded || k[search.Generate]+k[search.Duplicate]+k[search.Reopen] != traced.stats.Generated {
				t.Fatalf("trial %d %s: events %v, stats %+v", trial, alg, k, traced.stats)
			}
			if alg == "FringeSearch" && k[search.Threshold] != int64(traced.stats.Iterations) {
				t.Fatalf("trial %d %s: %d thresholds, %d iterations", trial, alg, k[search.Threshold], traced.stats.Iterations)
			}
		}
	}
}
