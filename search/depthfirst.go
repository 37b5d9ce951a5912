package search

import (
	"context"
)

// DFS searches depth-first from start, to at most maxDepth steps, and
// returns the first path to a goal that it finds, trying successors in the
// order they are yielded. The path need not be the shortest. A state already
// on the current path is not entered again, so DFS terminates on any finite
// depth limit; a negative maxDepth means no limit, which is safe only on
// finite graphs, since DFS keeps no visited set beyond the current path.
//
// DFS keeps its own stack, not the goroutine's, so any depth that fits in
// memory (and in Limits.MaxBytes) is safe. The successors of a state are
// collected when it is expanded, before the first of them is entered.
// Memory is O(b*d) for branching factor b and depth d: the path and the
// successors waiting on it; time is O(b^d). DFS returns ErrNotFound when no
// goal lies within maxDepth steps.
func DFS[S comparable, C Cost](ctx context.Context, start S, next Successors[S, C], goal func(S) bool, maxDepth int, lim Limits) (res Result[S, C], err error) {
	m := onePass(ctx, lim, &res.Stats, start)
	defer m.done()
	if err := m.begin(); err != nil {
		return res, err
	}
	d := newDeep(&m, next, goal, nil)
	found, err := d.run(start, maxDepth, 0)
	if err != nil {
		return res, err
	}
	if !found {
		return res, ErrNotFound
	}
	res.Path, res.Cost = d.path, d.cost
	return res, nil
}

// IDDFS runs depth-limited depth-first searches with limits 0, 1, 2, ... up
// to maxDepth (no bound when maxDepth is negative) and returns a path with the
// fewest steps to a goal, as BFS does, in memory that grows only with the
// depth (that of DFS). It returns ErrNotFound once a search to some depth met
// no state whose successors were cut off by the limit, or when maxDepth is
// reached.
func IDDFS[S comparable, C Cost](ctx context.Context, start S, next Successors[S, C], goal func(S) bool, maxDepth int, lim Limits) (res Result[S, C], err error) {
	m := newMeter(ctx, lim, &res.Stats)
	holds(&m, start)
	defer m.done()
	if err := m.begin(); err != nil {
		return res, err
	}
	d := newDeep(&m, next, goal, nil)
	for depth := 0; maxDepth < 0 || depth <= maxDepth; depth++ {
		res.Stats.Iterations++
		if m.obs != nil {
			emitNone(&m, ev[C]{kind: Threshold, limit: depth, byDepth: true})
		}
		found, err := d.run(start, depth, 0)
		if err != nil {
			return res, err
		}
		if found {
			res.Path, res.Cost = d.path, d.cost
			return res, nil
		}
		if !d.cut {
			break
		}
	}
	return res, ErrNotFound
}

// IDAStar runs depth-first searches bounded by f = g + h, raising the bound
// each time to the least f that exceeded it, and returns a least-cost path
// to a goal when h is admissible (a nil h is taken as 0). Its memory grows
// only with the path's length (as DFS's does, on its own stack); the price
// is that states reached by several paths are searched again. Successors
// are tried in the order they are yielded, and a state already on the
// current path is not entered again. It returns ErrNotFound when a bound
// was exceeded by no state, so that the search is exhausted.
func IDAStar[S comparable, C Cost](ctx context.Context, start S, next Successors[S, C], h func(S) C, goal func(S) bool, lim Limits) (res Result[S, C], err error) {
	m := newMeter(ctx, lim, &res.Stats)
	holds(&m, start)
	defer m.done()
	if err := m.begin(); err != nil {
		return res, err
	}
	if h == nil {
		h = zeroEstimate[S, C]
	}
	d := newDeep(&m, next, goal, h)
	bound := h(start)
	for {
		res.Stats.Iterations++
		if m.obs != nil {
			emitNone(&m, ev[C]{kind: Threshold, bound: bound})
		}
		found, err := d.run(start, -1, bound)
		if err != nil {
			return res, err
		}
		if found {
			res.Path, res.Cost = d.path, d.cost
			return res, nil
		}
		if d.nextBound == infinity[C]() {
			return res, ErrNotFound
		}
		bound = d.nextBound
	}
}

// zeroEstimate is the heuristic taken for a nil one: it estimates nothing.
func zeroEstimate[S any, C Cost](S) C { return 0 }

// deep is one depth-first search, bounded by depth (DFS, IDDFS: h is nil)
// or by f = g + h (IDA*). It keeps its own stack rather than recursing, so
// that its depth is bounded by memory and Limits.MaxBytes, not by the
// goroutine's stack: the path as frames, and above each frame's the
// successors of its state not yet tried. The states it holds are the path
// and those successors.
type deep[S comparable, C Cost] struct {
	m      *meter
	next   Successors[S, C]
	goal   func(S) bool
	h      func(S) C // IDA*'s estimate; nil for a depth bound
	onPath map[S]bool
	frames []frame[S, C]
	kids   []kid[S, C]
	// waiting counts the successors in kids not yet tried.
	waiting int
	// limit is the depth limit of the current run (negative: none) when h
	// is nil; bound is IDA*'s f bound.
	limit int
	bound C
	// The outcome of a run: the path and its cost when a goal was found;
	// whether some state was cut off by the depth limit; the least f above
	// the bound.
	path      []S
	cost      C
	cut       bool
	nextBound C
	obs       bool // report events to m.obs
}

// frame is one state on the path of a depth-first search.
type frame[S any, C Cost] struct {
	s     S
	g, h  C
	first int // kids[first:end] are the state's successors;
	at    int // kids[at:end] those not yet tried
	end   int
}

// kid is a successor waiting to be tried, with the cost of its step.
type kid[S any, C Cost] struct {
	s S
	c C
}

func newDeep[S comparable, C Cost](m *meter, next Successors[S, C], goal func(S) bool, h func(S) C) *deep[S, C] {
	return &deep[S, C]{m: m, next: next, goal: goal, h: h, onPath: map[S]bool{}, obs: m.obs != nil}
}

// held is the number of states the search holds.
func (d *deep[S, C]) held() int { return len(d.frames) + d.waiting }

// run searches from start within a depth limit (h nil) or for IDA* an f
// bound, and reports whether a goal was found.
func (d *deep[S, C]) run(start S, limit int, bound C) (bool, error) {
	d.frames, d.kids, d.waiting = d.frames[:0], d.kids[:0], 0
	clear(d.onPath)
	d.limit, d.bound, d.cut, d.nextBound = limit, bound, false, infinity[C]()
	if found, err := d.enter(start, 0); found || err != nil {
		return found, err
	}
	for len(d.frames) > 0 {
		top := len(d.frames) - 1
		f := &d.frames[top]
		if f.at == f.end {
			d.pop()
			continue
		}
		k := d.kids[f.at]
		f.at++
		d.waiting--
		s, g := f.s, f.g
		d.m.stats.Generated++
		depth := len(d.frames)
		if d.onPath[k.s] {
			if d.obs {
				e := ev[C]{kind: Duplicate, g: g + k.c, depth: depth, frontier: depth, stored: d.held()}
				if d.h == nil {
					e.limit, e.byDepth = d.limit, true
				}
				emitChild(d.m, k.s, s, e)
			}
			continue
		}
		if d.obs {
			e := d.ev(Generate, g+k.c, 0, depth, depth)
			if d.h != nil {
				e.h = d.h(k.s)
			}
			emitChild(d.m, k.s, s, e)
		}
		if found, err := d.enter(k.s, g+k.c); found || err != nil {
			return found, err
		}
	}
	return false, nil
}

// enter puts s, reached at cost g, on the path: it tests it for a goal
// and, unless the bound cuts it off, expands it. It reports whether s is a
// goal.
func (d *deep[S, C]) enter(s S, g C) (bool, error) {
	depth := len(d.frames)
	var hs C
	if d.h != nil {
		hs = d.h(s)
		if f := g + hs; f > d.bound {
			d.nextBound = min(d.nextBound, f)
			if d.obs {
				d.prune(s, d.ev(Prune, g, hs, depth, depth))
			}
			return false, nil
		}
	}
	n := len(d.kids)
	d.frames = append(d.frames, frame[S, C]{s: s, g: g, h: hs, first: n, at: n, end: n})
	d.onPath[s] = true
	d.m.frontier(len(d.frames))
	if err := d.hold(); err != nil {
		return false, err
	}
	if d.goal(s) {
		d.cost = g
		d.path = make([]S, len(d.frames))
		for i := range d.frames {
			d.path[i] = d.frames[i].s
		}
		if d.obs {
			emitState(d.m, s, d.ev(Goal, g, hs, depth, len(d.frames)))
		}
		return true, nil
	}
	if d.h == nil && d.limit >= 0 && depth == d.limit {
		d.cut = true
		if d.obs {
			emitState(d.m, s, d.ev(Prune, g, 0, depth, len(d.frames)))
		}
		d.pop()
		return false, nil
	}
	if err := d.m.expand(); err != nil {
		return false, err
	}
	if d.obs {
		emitState(d.m, s, d.ev(Expand, g, hs, depth, len(d.frames)))
	}
	for t, c := range d.next(s) {
		if d.h != nil && negative(c) {
			return false, negativeError(c)
		}
		d.kids = append(d.kids, kid[S, C]{t, c})
	}
	f := &d.frames[len(d.frames)-1]
	f.end = len(d.kids)
	d.waiting += f.end - f.first
	return false, d.hold()
}

// ev returns an event of the current run, with its bound: the depth limit
// or IDA*'s f bound.
func (d *deep[S, C]) ev(kind EventKind, g, h C, depth, frontier int) ev[C] {
	e := ev[C]{kind: kind, g: g, h: h, depth: depth, bound: d.bound, frontier: frontier, stored: d.held()}
	if d.h == nil {
		e.bound, e.limit, e.byDepth = 0, d.limit, true
	}
	return e
}

// hold records the states held and checks them against the memory budget.
func (d *deep[S, C]) hold() error {
	n := d.held()
	if d.m.maxStored > 0 && n > d.m.maxStored {
		return d.m.memoryError(n)
	}
	d.m.stored(n)
	return nil
}

// pop takes the last state off the path, with its successors not tried.
func (d *deep[S, C]) pop() {
	top := len(d.frames) - 1
	f := d.frames[top]
	delete(d.onPath, f.s)
	d.waiting -= f.end - f.at
	clear(d.kids[f.first:])
	d.kids = d.kids[:f.first]
	d.frames[top] = frame[S, C]{}
	d.frames = d.frames[:top]
}

// prune reports that s, a child of the state at the end of the current
// path (or the root, when the path is empty), was cut off by IDA*'s bound.
//
//go:noinline
func (d *deep[S, C]) prune(s S, e ev[C]) {
	if len(d.frames) == 0 {
		emitState(d.m, s, e)
		return
	}
	emitChild(d.m, s, d.frames[len(d.frames)-1].s, e)
}
