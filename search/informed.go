package search

import (
	"container/heap"
	"context"
	"iter"
)

// AStar searches best-first by f = g + h, where g is the cost from start and
// h estimates the cost left, and returns a least-cost path to a goal when h
// is admissible (never overestimates). States whose g improves after they
// were expanded are reopened, so an admissible but inconsistent h still gives
// an optimal path; with a consistent h no state is expanded twice. A zero h
// makes AStar Dijkstra's algorithm (see Dijkstra).
//
// Ties are broken by f ascending, then g descending (the state nearer the
// goal by its own estimate first), then the order in which states were
// generated. The goal test is applied when a state is taken from the open
// list, which is what makes the result optimal. Each push and pop costs
// O(log n) in the open list's size n; memory is O(V) over the V states
// reached.
func AStar[S comparable, C Cost](ctx context.Context, start S, next Successors[S, C], h func(S) C, goal func(S) bool, lim Limits) (Result[S, C], error) {
	return bestFirst(ctx, one(start), next, h, 1, goal, lim)
}

// AStarFrom is AStar from several start states at once: it returns a
// least-cost path from any of starts to a goal (the path begins at the
// start it came from), as if a virtual state led to each start at cost 0.
// It returns ErrNotFound when starts is empty or no goal is reachable.
func AStarFrom[S comparable, C Cost](ctx context.Context, starts iter.Seq[S], next Successors[S, C], h func(S) C, goal func(S) bool, lim Limits) (Result[S, C], error) {
	return bestFirst(ctx, starts, next, h, 1, goal, lim)
}

// Dijkstra is uniform-cost search: it expands states in order of their
// cost from start and returns a least-cost path to a goal. It is AStar with
// a zero heuristic, for problems with no estimate of the cost left, and
// costs O((V+E) log V) time and O(V) memory over the V states and E steps
// whose cost is below the optimum's.
func Dijkstra[S comparable, C Cost](ctx context.Context, start S, next Successors[S, C], goal func(S) bool, lim Limits) (Result[S, C], error) {
	return bestFirst(ctx, one(start), next, nil, 1, goal, lim)
}

// DijkstraFrom is Dijkstra from several start states at once: it returns a
// least-cost path from the nearest of starts to a goal.
func DijkstraFrom[S comparable, C Cost](ctx context.Context, starts iter.Seq[S], next Successors[S, C], goal func(S) bool, lim Limits) (Result[S, C], error) {
	return bestFirst(ctx, starts, next, nil, 1, goal, lim)
}

// WeightedAStar is AStar ordered by f = g + w*h (rounded down) for a weight
// w >= 1: a greater weight trusts the estimate more, expanding fewer states
// on most problems, and gives up optimality within a stated bound. With an
// admissible h the path's cost is at most w times the optimum; w = 1 is
// AStar. States are reopened when reached more cheaply, as in AStar. A w
// below 1 is taken as 1.
func WeightedAStar[S comparable, C Cost](ctx context.Context, start S, next Successors[S, C], h func(S) C, w float64, goal func(S) bool, lim Limits) (Result[S, C], error) {
	return bestFirst(ctx, one(start), next, h, max(w, 1), goal, lim)
}

// one yields the single state s.
func one[S any](s S) iter.Seq[S] {
	return func(yield func(S) bool) { yield(s) }
}

// bestFirst is AStar, Dijkstra (h nil) and weighted A* (w > 1) from a set of
// starts. The trace is reported from the same body: each event is built
// only when an observer is set, so an untraced search pays one predictable
// branch per event (docs/design/search.md has the measurement).
func bestFirst[S comparable, C Cost](ctx context.Context, starts iter.Seq[S], next Successors[S, C], h func(S) C, w float64, goal func(S) bool, lim Limits) (res Result[S, C], err error) {
	m := newMeter(ctx, lim, &res.Stats)
	defer m.done()
	res.Stats.Iterations = 1
	obs := m.obs != nil
	est := func(s S) C {
		if h == nil {
			return 0
		}
		if w == 1 {
			return h(s)
		}
		return C(w * float64(h(s)))
	}

	// step is the cost of the step from the parent. With w > 1 a state can
	// be reached more cheaply after its successors were generated, leaving
	// their g above what their parent links add up to, so a path's cost is
	// the sum of its steps.
	type record struct {
		parent S
		g      C
		step   C
		closed bool
		start  bool
	}
	best := map[S]*record{}
	open := &openList[S, C]{}
	for s := range starts {
		if _, ok := best[s]; ok {
			continue
		}
		holds(&m, s)
		best[s] = &record{parent: s, start: true}
		heap.Push(open, openItem[S, C]{state: s, f: est(s), g: 0})
	}
	closed := 0 // the states in best that are closed: the rest are open
	for open.Len() > 0 {
		it := heap.Pop(open).(openItem[S, C])
		r := best[it.state]
		if r.closed || it.g != r.g {
			continue // a stale entry: the state was reached more cheaply since
		}
		if goal(it.state) {
			res.Path = pathTo(it.state, func(s S) (S, bool) { r := best[s]; return r.parent, r.start })
			res.Cost = pathCost(res.Path, func(s S) C { return best[s].step })
			if obs {
				emitState(&m, it.state, ev[C]{kind: Goal, g: res.Cost, h: it.f - r.g, depth: len(res.Path) - 1, frontier: len(best) - closed - 1, stored: len(best)})
			}
			return res, nil
		}
		if err := m.expand(); err != nil {
			return res, err
		}
		r.closed = true
		closed++
		if obs {
			emitState(&m, it.state, ev[C]{kind: Expand, g: r.g, h: it.f - r.g, frontier: len(best) - closed, stored: len(best)})
		}
		for t, c := range next(it.state) {
			res.Stats.Generated++
			if negative(c) {
				return res, negativeError(c)
			}
			g := r.g + c
			kind := Generate
			if tr, ok := best[t]; ok {
				if g >= tr.g {
					if obs {
						emitChild(&m, t, it.state, ev[C]{kind: Duplicate, g: g, frontier: len(best) - closed, stored: len(best)})
					}
					continue
				}
				if tr.closed {
					closed--
					kind = Reopen
				}
				tr.parent, tr.g, tr.step, tr.closed, tr.start = it.state, g, c, false, false
			} else {
				best[t] = &record{parent: it.state, g: g, step: c}
			}
			ht := est(t)
			heap.Push(open, openItem[S, C]{state: t, f: g + ht, g: g})
			if obs {
				emitChild(&m, t, it.state, ev[C]{kind: kind, g: g, h: ht, frontier: len(best) - closed, stored: len(best)})
			}
		}
		m.frontier(open.Len())
		m.stored(len(best))
	}
	return res, ErrNotFound
}

// pathTo follows parent links back from s to a start and returns the states
// start first. parent reports a state's parent and whether it is a start.
func pathTo[S any](s S, parent func(S) (S, bool)) []S {
	var path []S
	for {
		path = append(path, s)
		p, isStart := parent(s)
		if isStart {
			break
		}
		s = p
	}
	reverse(path)
	return path
}

// pathCost returns the sum of the steps into each state of path after the
// first, added start first.
func pathCost[S any, C Cost](path []S, step func(S) C) C {
	var c C
	for _, s := range path[min(1, len(path)):] {
		c += step(s)
	}
	return c
}

// openItem is one entry of the A* open list.
type openItem[S any, C Cost] struct {
	state S
	f, g  C
	seq   uint64
}

// openList is a binary heap ordered by f ascending, g descending, then
// generation order.
type openList[S any, C Cost] struct {
	items []openItem[S, C]
	seq   uint64
}

func (o *openList[S, C]) Len() int { return len(o.items) }
func (o *openList[S, C]) Less(i, j int) bool {
	a, b := &o.items[i], &o.items[j]
	if a.f != b.f {
		return a.f < b.f
	}
	if a.g != b.g {
		return a.g > b.g
	}
	return a.seq < b.seq
}
func (o *openList[S, C]) Swap(i, j int) { o.items[i], o.items[j] = o.items[j], o.items[i] }
func (o *openList[S, C]) Push(x any) {
	it := x.(openItem[S, C])
	it.seq = o.seq
	o.seq++
	o.items = append(o.items, it)
}
func (o *openList[S, C]) Pop() any {
	n := len(o.items) - 1
	it := o.items[n]
	o.items = o.items[:n]
	return it
}
