package search

import (
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
// list, which is what makes the result optimal. With integer costs the
// open list is a bucket queue, whose pushes and pops cost O(1) while f and
// f - g stay within its window; otherwise (float costs, or values spread
// too wide) a heap, O(log n) in its size n. Memory is O(V) over the V
// states reached.
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
//
// What it knows of each state is a node in a slice, numbered in the order
// the states are reached (by a map, or by Limits.Index); the open list
// holds node numbers. So a state costs no allocation of its own and the
// open list moves small entries.
func bestFirst[S comparable, C Cost](ctx context.Context, starts iter.Seq[S], next Successors[S, C], h func(S) C, w float64, goal func(S) bool, lim Limits) (res Result[S, C], err error) {
	index, err := indexOf[S](lim)
	if err != nil {
		return res, err
	}
	// What the search and its generate function share is in one struct
	// that generate reaches by one pointer: a closure over each variable
	// would load them all on every call, used or not.
	b := &bfSearch[S, C]{
		h: h, w: w, weighted: w != 1,
		keepSteps: h != nil && isFloat[C](),
		ids:       newNodes(index, sparseFor(lim)),
	}
	b.m = newMeter(ctx, lim, &res.Stats)
	b.stats = &res.Stats
	m := &b.m
	defer m.done()
	res.Stats.Iterations = 1
	b.obs = m.obs != nil
	obs := b.obs
	ids, all, open := &b.ids, &b.all, &b.open
	defer all.free()
	defer b.stepOf.free()
	defer open.free()
	for s := range starts {
		id, fresh := ids.find(s)
		if id < 0 {
			return res, ids.unnumbered(s)
		}
		if !fresh {
			continue
		}
		holds(m, s)
		var f C
		if h != nil {
			f = h(s)
			if b.weighted {
				f = C(w * float64(f))
			}
		}
		open.push(f, 0, id)
		all.set(id, bfNode[C]{parent: -1})
		if b.keepSteps {
			b.stepOf.set(id, 0)
		}
	}

	// generate takes the successor t of the state being expanded, reached
	// by a step of cost c, and reports whether the iterator may go on. It
	// is made once and handed to every expansion's iterator, rather than a
	// loop body made anew for each.
	generate := func(t S, c C) bool {
		if b.stop != nil {
			return false // an iterator that goes on after it was told to stop
		}
		b.stats.Generated++
		if negative(c) {
			b.stop = negativeError(c)
			return false
		}
		g := b.rg + c
		kind := Generate
		id, fresh := b.ids.find(t)
		if fresh {
			if id < 0 {
				b.stop = b.ids.unnumbered(t)
				return false
			}
			b.all.set(id, bfNode[C]{g: g, parent: b.parent})
		} else {
			tr := b.all.at(id)
			if g >= tr.g {
				if b.obs {
					emitChild(&b.m, t, b.s, ev[C]{kind: Duplicate, g: g, frontier: b.ids.len() - b.closed, stored: b.ids.len()})
				}
				return true
			}
			if tr.closed {
				b.closed--
				kind = Reopen
				if !b.keepSteps {
					b.keepSteps = true
					// Until now each g was its parent's plus the step,
					// exactly in integers: the steps are the differences.
					b.ids.each(func(id int32) {
						if r := b.all.at(id); r.parent < 0 {
							b.stepOf.set(id, 0)
						} else {
							b.stepOf.set(id, r.g-b.all.at(r.parent).g)
						}
					})
				}
			}
			tr.parent, tr.g, tr.closed = b.parent, g, false
		}
		if b.keepSteps {
			b.stepOf.set(id, c)
		}
		var ht C
		if b.h != nil {
			ht = b.h(t)
			if b.weighted {
				ht = C(b.w * float64(ht))
			}
		}
		b.open.push(g+ht, g, id)
		if b.obs {
			emitChild(&b.m, t, b.s, ev[C]{kind: kind, g: g, h: ht, frontier: b.ids.len() - b.closed, stored: b.ids.len()})
		}
		return true
	}

	for open.len() > 0 {
		it := open.pop()
		r := all.at(it.node)
		if r.closed || it.g != r.g {
			continue // a stale entry: the state was reached more cheaply since
		}
		s, rg := ids.state(it.node), r.g
		b.s, b.rg, b.parent = s, rg, it.node
		if goal(s) {
			var steps []C
			for id := it.node; id >= 0; id = all.at(id).parent {
				res.Path = append(res.Path, ids.state(id))
				if b.keepSteps {
					steps = append(steps, *b.stepOf.at(id))
				}
			}
			reverse(res.Path)
			res.Cost = rg
			if b.keepSteps {
				res.Cost = 0
				for k := len(steps) - 2; k >= 0; k-- { // start first; the start has no step
					res.Cost += steps[k]
				}
			}
			if obs {
				emitState(m, s, ev[C]{kind: Goal, g: res.Cost, h: it.f - rg, depth: len(res.Path) - 1, frontier: ids.len() - b.closed - 1, stored: ids.len()})
			}
			return res, nil
		}
		if err := m.expand(); err != nil {
			return res, err
		}
		r.closed = true
		b.closed++
		if obs {
			emitState(m, s, ev[C]{kind: Expand, g: rg, h: it.f - rg, frontier: ids.len() - b.closed, stored: ids.len()})
		}
		next(s)(generate)
		if b.stop != nil {
			return res, b.stop
		}
		m.frontier(open.len())
		m.stored(ids.len())
	}
	return res, ErrNotFound
}

// bfSearch is what a best-first search's loop shares with its generate
// function.
type bfSearch[S comparable, C Cost] struct {
	ids   nodes[S]
	all   byID[bfNode[C]]
	open  queue[C]
	stats *Stats
	// The state being expanded, s (node parent, reached at cost rg).
	s      S
	rg     C
	parent int32
	stop   error // why generate stopped the search
	closed int   // the states numbered that are closed: the rest are open
	// The step into each state, kept from the start with an estimate and
	// float costs, and from the first reopening with integer ones (see
	// bfNode).
	stepOf    byID[C]
	keepSteps bool
	obs       bool
	weighted  bool
	h         func(S) C
	w         float64
	m         meter
}

// bfNode is what a best-first search knows of a state besides the state
// itself (which its numbering keeps): the cost of the path to it, its
// parent, and whether it is closed. The step into a state from its parent
// matters only once a closed state is reached more cheaply (an
// inconsistent estimate, or w > 1): its successors' g then stay above
// what their parent links add up to, so a path's cost is the sum of its
// steps. Until then each g is its parent's final g plus the step, added
// start first, and the goal's g is its path's cost. So the search keeps
// the steps apart: with float costs and an estimate from the start, with
// integer costs from the first reopening, when each step so far is
// exactly its state's g less its parent's; without an estimate
// (Dijkstra) never.
type bfNode[C Cost] struct {
	g      C
	parent int32 // the parent's node; -1 for a start
	closed bool
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

// openList is a 4-ary heap of states ordered by f ascending, g
// descending, then the order of the pushes: the open list of the searches
// that keep states in it rather than node numbers (see queue).
type openList[S any, C Cost] struct {
	items []openItem[S, C]
	seq   uint64
}

func (o *openList[S, C]) Len() int { return len(o.items) }

// precedes reports whether a comes off the list before b.
func (a *openItem[S, C]) precedes(b *openItem[S, C]) bool {
	if a.f != b.f {
		return a.f < b.f
	}
	if a.g != b.g {
		return a.g > b.g
	}
	return a.seq < b.seq
}

// push adds it, numbered after every push before.
func (o *openList[S, C]) push(it openItem[S, C]) {
	it.seq = o.seq
	o.seq++
	o.items = append(o.items, it)
	items := o.items
	i := len(items) - 1
	for i > 0 {
		p := (i - 1) / 4
		if !it.precedes(&items[p]) {
			break
		}
		items[i] = items[p]
		i = p
	}
	items[i] = it
}

// pop removes and returns the first item; the list must not be empty.
func (o *openList[S, C]) pop() openItem[S, C] {
	items := o.items
	top := items[0]
	n := len(items) - 1
	last := items[n]
	items[n] = openItem[S, C]{}
	items = items[:n]
	o.items = items
	if n == 0 {
		return top
	}
	i := 0
	for {
		c := 4*i + 1
		if c >= n {
			break
		}
		m := c
		for k := c + 1; k < min(c+4, n); k++ {
			if items[k].precedes(&items[m]) {
				m = k
			}
		}
		if !items[m].precedes(&last) {
			break
		}
		items[i] = items[m]
		i = m
	}
	items[i] = last
	return top
}
