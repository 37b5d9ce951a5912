package search

import (
	"container/heap"
	"context"
	"math"
)

// AStar searches best-first by f = g + h, where g is the cost from start and
// h estimates the cost left, and returns a least-cost path to a goal when h
// is admissible (never overestimates). States whose g improves after they
// were expanded are reopened, so an admissible but inconsistent h still gives
// an optimal path; with a consistent h no state is expanded twice. A zero h
// makes AStar Dijkstra's algorithm.
//
// Ties are broken by f ascending, then g descending (the state nearer the
// goal by its own estimate first), then the order in which states were
// generated. The goal test is applied when a state is taken from the open
// list, which is what makes the result optimal. Each push and pop costs
// O(log n) in the open list's size n.
func AStar[S comparable](ctx context.Context, start S, next Successors[S], h func(S) int, goal func(S) bool, lim Limits) (res Result[S], err error) {
	if lim.Observe != nil {
		return aStarTraced(ctx, start, next, h, goal, lim)
	}
	m := newMeter(ctx, lim, &res.Stats)
	holds(&m, start)
	defer m.done()
	res.Stats.Iterations = 1

	type record struct {
		parent S
		g      int
		closed bool
	}
	best := map[S]*record{start: {parent: start}}
	open := &openList[S]{}
	heap.Push(open, openItem[S]{state: start, f: h(start), g: 0})
	for open.Len() > 0 {
		it := heap.Pop(open).(openItem[S])
		r := best[it.state]
		if r.closed || it.g != r.g {
			continue // a stale entry: the state was reached more cheaply since
		}
		if goal(it.state) {
			res.Cost = r.g
			for s := it.state; ; s = best[s].parent {
				res.Path = append(res.Path, s)
				if s == start {
					break
				}
			}
			reverse(res.Path)
			return res, nil
		}
		if err := m.expand(); err != nil {
			return res, err
		}
		r.closed = true
		for t, c := range next(it.state) {
			res.Stats.Generated++
			g := r.g + c
			if tr, ok := best[t]; ok {
				if g >= tr.g {
					continue
				}
				tr.parent, tr.g, tr.closed = it.state, g, false
			} else {
				best[t] = &record{parent: it.state, g: g}
			}
			heap.Push(open, openItem[S]{state: t, f: g + h(t), g: g})
		}
		m.frontier(open.Len())
		m.stored(len(best))
	}
	return res, ErrNotFound
}

// aStarTraced is AStar reporting its steps to lim.Observe. The two are
// kept apart so that an untraced search pays nothing for the trace; the
// tests check that both give the same answers and Stats.
func aStarTraced[S comparable](ctx context.Context, start S, next Successors[S], h func(S) int, goal func(S) bool, lim Limits) (res Result[S], err error) {
	m := newMeter(ctx, lim, &res.Stats)
	holds(&m, start)
	defer m.done()
	res.Stats.Iterations = 1

	type record struct {
		parent S
		g      int
		closed bool
	}
	best := map[S]*record{start: {parent: start}}
	open := &openList[S]{}
	h0 := h(start)
	heap.Push(open, openItem[S]{state: start, f: h0, g: 0})
	closed := 0 // the states in best that are closed: the rest are open
	for open.Len() > 0 {
		it := heap.Pop(open).(openItem[S])
		r := best[it.state]
		if r.closed || it.g != r.g {
			continue // a stale entry: the state was reached more cheaply since
		}
		if goal(it.state) {
			res.Cost = r.g
			for s := it.state; ; s = best[s].parent {
				res.Path = append(res.Path, s)
				if s == start {
					break
				}
			}
			reverse(res.Path)
			emitState(&m, it.state, ev{kind: Goal, g: r.g, h: it.f - r.g, depth: len(res.Path) - 1, frontier: len(best) - closed - 1, stored: len(best)})
			return res, nil
		}
		if err := m.expand(); err != nil {
			return res, err
		}
		r.closed = true
		closed++
		emitState(&m, it.state, ev{kind: Expand, g: r.g, h: it.f - r.g, frontier: len(best) - closed, stored: len(best)})
		for t, c := range next(it.state) {
			res.Stats.Generated++
			g := r.g + c
			kind := Generate
			if tr, ok := best[t]; ok {
				if g >= tr.g {
					emitChild(&m, t, it.state, ev{kind: Duplicate, g: g, frontier: len(best) - closed, stored: len(best)})
					continue
				}
				if tr.closed {
					closed--
					kind = Reopen
				}
				tr.parent, tr.g, tr.closed = it.state, g, false
			} else {
				best[t] = &record{parent: it.state, g: g}
			}
			ht := h(t)
			heap.Push(open, openItem[S]{state: t, f: g + ht, g: g})
			emitChild(&m, t, it.state, ev{kind: kind, g: g, h: ht, frontier: len(best) - closed, stored: len(best)})
		}
		m.frontier(open.Len())
		m.stored(len(best))
	}
	return res, ErrNotFound
}

// openItem is one entry of the A* open list.
type openItem[S any] struct {
	state S
	f, g  int
	seq   uint64
}

// openList is a binary heap ordered by f ascending, g descending, then
// generation order.
type openList[S any] struct {
	items []openItem[S]
	seq   uint64
}

func (o *openList[S]) Len() int { return len(o.items) }
func (o *openList[S]) Less(i, j int) bool {
	a, b := &o.items[i], &o.items[j]
	if a.f != b.f {
		return a.f < b.f
	}
	if a.g != b.g {
		return a.g > b.g
	}
	return a.seq < b.seq
}
func (o *openList[S]) Swap(i, j int) { o.items[i], o.items[j] = o.items[j], o.items[i] }
func (o *openList[S]) Push(x any) {
	it := x.(openItem[S])
	it.seq = o.seq
	o.seq++
	o.items = append(o.items, it)
}
func (o *openList[S]) Pop() any {
	n := len(o.items) - 1
	it := o.items[n]
	o.items = o.items[:n]
	return it
}

// IDAStar runs depth-first searches bounded by f = g + h, raising the bound
// each time to the least f that exceeded it, and returns a least-cost path
// to a goal when h is admissible. Its memory grows only with the path's
// length; the price is that states reached by several paths are searched
// again. Successors are tried in the order they are yielded, and a state
// already on the current path is not entered again. It returns ErrNotFound
// when a bound was exceeded by no state, so that the search is exhausted.
func IDAStar[S comparable](ctx context.Context, start S, next Successors[S], h func(S) int, goal func(S) bool, lim Limits) (res Result[S], err error) {
	m := newMeter(ctx, lim, &res.Stats)
	defer m.done()
	ida := idaStar[S]{m: &m, next: next, h: h, goal: goal, onPath: map[S]bool{}}
	bound := h(start)
	for {
		res.Stats.Iterations++
		ida.nextBound = math.MaxInt
		if m.obs != nil {
			emitNone(&m, ev{kind: Threshold, bound: bound})
		}
		visit := ida.visit
		if m.obs != nil {
			visit = ida.visitTraced
		}
		found, err := visit(start, 0, bound)
		if err != nil {
			return res, err
		}
		if found {
			res.Path, res.Cost = ida.path, ida.cost
			return res, nil
		}
		if ida.nextBound == math.MaxInt {
			return res, ErrNotFound
		}
		bound = ida.nextBound
	}
}

// idaStar holds the state of one IDA* search.
type idaStar[S comparable] struct {
	m         *meter
	next      Successors[S]
	h         func(S) int
	goal      func(S) bool
	onPath    map[S]bool
	path      []S
	cost      int
	nextBound int
}

func (d *idaStar[S]) visit(s S, g, bound int) (bool, error) {
	f := g + d.h(s)
	if f > bound {
		d.nextBound = min(d.nextBound, f)
		return false, nil
	}
	d.path = append(d.path, s)
	d.m.frontier(len(d.path))
	d.m.stored(len(d.path))
	if d.goal(s) {
		d.cost = g
		return true, nil
	}
	if err := d.m.expand(); err != nil {
		return false, err
	}
	d.onPath[s] = true
	for t, c := range d.next(s) {
		d.m.stats.Generated++
		if d.onPath[t] {
			continue
		}
		found, err := d.visit(t, g+c, bound)
		if found || err != nil {
			return found, err
		}
	}
	delete(d.onPath, s)
	d.path = d.path[:len(d.path)-1]
	return false, nil
}

// visitTraced is visit reporting its steps to the observer.
func (d *idaStar[S]) visitTraced(s S, g, bound int) (bool, error) {
	hs := d.h(s)
	f := g + hs
	if f > bound {
		d.nextBound = min(d.nextBound, f)
		d.prune(s, ev{kind: Prune, g: g, h: hs, depth: len(d.path), bound: bound, frontier: len(d.path), stored: len(d.path)})
		return false, nil
	}
	d.path = append(d.path, s)
	d.m.frontier(len(d.path))
	d.m.stored(len(d.path))
	if d.goal(s) {
		d.cost = g
		emitState(d.m, s, ev{kind: Goal, g: g, h: hs, depth: len(d.path) - 1, bound: bound, frontier: len(d.path), stored: len(d.path)})
		return true, nil
	}
	if err := d.m.expand(); err != nil {
		return false, err
	}
	emitState(d.m, s, ev{kind: Expand, g: g, h: hs, depth: len(d.path) - 1, bound: bound, frontier: len(d.path), stored: len(d.path)})
	d.onPath[s] = true
	for t, c := range d.next(s) {
		d.m.stats.Generated++
		if d.onPath[t] {
			emitChild(d.m, t, s, ev{kind: Duplicate, g: g + c, depth: len(d.path), frontier: len(d.path), stored: len(d.path)})
			continue
		}
		emitChild(d.m, t, s, ev{kind: Generate, g: g + c, h: d.h(t), depth: len(d.path), bound: bound, frontier: len(d.path), stored: len(d.path)})
		found, err := d.visitTraced(t, g+c, bound)
		if found || err != nil {
			return found, err
		}
	}
	delete(d.onPath, s)
	d.path = d.path[:len(d.path)-1]
	return false, nil
}

// prune reports that s, a child of the state at the end of the current
// path (or the root, when the path is empty), was cut off.
//
//go:noinline
func (d *idaStar[S]) prune(s S, e ev) {
	if len(d.path) == 0 {
		emitState(d.m, s, e)
		return
	}
	emitChild(d.m, s, d.path[len(d.path)-1], e)
}
