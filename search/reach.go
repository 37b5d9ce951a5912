package search

import (
	"context"
	"iter"
)

// Reach is a search with no goal: it hands out the states reachable from a
// start, nearest first (BFSReach, DijkstraReach) or in depth-first
// preorder (DFSReach), for as long as the caller asks. It answers "what
// lies within n steps" or "every state and its distance" without a goal
// test, and it expands a state only when the caller asks for the next one.
//
// A Reach is used once: range over All, then read Err and Stats. Path gives
// the path to any state All has yielded. D is the type of the distances it
// yields: int steps for BFSReach (depths for DFSReach), the step costs'
// type for DijkstraReach.
type Reach[S comparable, D Cost] struct {
	ctx     context.Context
	start   S
	next    Successors[S, D]    // DijkstraReach
	states  func(S) iter.Seq[S] // BFSReach: the successors without their costs
	lim     Limits
	uniform bool // BFS: order by steps; otherwise by cost
	// depthFirst: DFSReach's preorder, with the depth in the tree.
	depthFirst bool
	seen       map[S]*reached[S, D]
	stats      Stats
	err        error
	used       bool
}

type reached[S any, D Cost] struct {
	parent S
	g      D // steps (BFS) or least cost (Dijkstra) so far
	done   bool
}

// BFSReach returns a Reach that yields the states reachable from start in
// breadth-first order, each with its number of steps from start: start
// first with 0, then every state one step away, and so on. Each state is
// yielded once, in O(1) time per step; memory is O(V) over the V states
// reached.
func BFSReach[S comparable, C Cost](ctx context.Context, start S, next Successors[S, C], lim Limits) *Reach[S, int] {
	return &Reach[S, int]{ctx: ctx, start: start, states: statesOf(next), lim: lim, uniform: true}
}

// DijkstraReach returns a Reach that yields the states reachable from start
// in order of their least cost from start (Dijkstra's algorithm), each with
// that cost; ties go in the order the states were queued. Each
// state is yielded once, in O(log V) time per step; memory is O(V).
func DijkstraReach[S comparable, C Cost](ctx context.Context, start S, next Successors[S, C], lim Limits) *Reach[S, C] {
	return &Reach[S, C]{ctx: ctx, start: start, next: next, lim: lim}
}

// All yields each reachable state with its distance (steps for BFSReach,
// least cost for DijkstraReach, depth in the depth-first tree for
// DFSReach), nearest first or in depth-first preorder. A state is yielded
// before its successors are generated, so stopping early saves that work.
// The sequence ends early when a limit is reached (at most Limits.MaxNodes
// states are yielded, each expanded if the caller goes on); Err then says
// why. All can be ranged over once; later calls yield nothing.
func (r *Reach[S, D]) All() iter.Seq2[S, D] {
	return func(yield func(S, D) bool) {
		if r.used {
			return
		}
		r.used = true
		m := onePass(r.ctx, r.lim, &r.stats, r.start)
		defer m.done()
		if r.err = m.begin(); r.err != nil {
			return
		}
		switch {
		case r.depthFirst:
			r.err = r.dfs(&m, yield)
		case r.uniform:
			r.err = r.bfs(&m, yield)
		default:
			r.err = r.dijkstra(&m, yield)
		}
	}
}

func (r *Reach[S, D]) bfs(m *meter, yield func(S, D) bool) error {
	obs := m.obs != nil
	r.seen = map[S]*reached[S, D]{r.start: {parent: r.start}}
	queue := []S{r.start}
	for head := 0; head < len(queue); head++ {
		s := queue[head]
		e := r.seen[s]
		e.done = true
		steps := e.g
		if err := m.room(); err != nil {
			return err
		}
		if !yield(s, steps) {
			return nil
		}
		if err := m.expand(); err != nil {
			return err
		}
		if obs {
			emitState(m, s, ev[D]{kind: Expand, g: steps, depth: toInt(steps), frontier: len(queue) - head - 1, stored: len(r.seen)})
		}
		for t := range r.states(s) {
			r.stats.Generated++
			if _, ok := r.seen[t]; ok {
				if obs {
					emitChild(m, t, s, ev[D]{kind: Duplicate, g: steps + 1, depth: toInt(steps) + 1, frontier: len(queue) - head - 1, stored: len(r.seen)})
				}
				continue
			}
			r.seen[t] = &reached[S, D]{parent: s, g: steps + 1}
			queue = append(queue, t)
			if obs {
				emitChild(m, t, s, ev[D]{kind: Generate, g: steps + 1, depth: toInt(steps) + 1, frontier: len(queue) - head - 1, stored: len(r.seen)})
			}
		}
		m.frontier(len(queue) - head - 1)
		m.stored(len(r.seen))
		if head >= 1<<16 && head*2 >= len(queue) {
			queue = append(queue[:0], queue[head+1:]...)
			head = -1
		}
	}
	return nil
}

func (r *Reach[S, D]) dijkstra(m *meter, yield func(S, D) bool) error {
	obs := m.obs != nil
	r.seen = map[S]*reached[S, D]{r.start: {parent: r.start}}
	open := &openList[S, D]{}
	open.push(openItem[S, D]{state: r.start})
	closed := 0
	for open.Len() > 0 {
		it := open.pop()
		e := r.seen[it.state]
		if e.done || it.g != e.g {
			continue
		}
		e.done = true
		closed++
		if err := m.room(); err != nil {
			return err
		}
		if !yield(it.state, e.g) {
			return nil
		}
		if err := m.expand(); err != nil {
			return err
		}
		if obs {
			emitState(m, it.state, ev[D]{kind: Expand, g: e.g, frontier: len(r.seen) - closed, stored: len(r.seen)})
		}
		for t, c := range r.next(it.state) {
			r.stats.Generated++
			if negative(c) {
				return negativeError(c)
			}
			g := e.g + c
			if te, ok := r.seen[t]; ok {
				if te.done || g >= te.g {
					if obs {
						emitChild(m, t, it.state, ev[D]{kind: Duplicate, g: g, frontier: len(r.seen) - closed, stored: len(r.seen)})
					}
					continue
				}
				te.parent, te.g = it.state, g
			} else {
				r.seen[t] = &reached[S, D]{parent: it.state, g: g}
			}
			open.push(openItem[S, D]{state: t, f: g, g: g})
			if obs {
				emitChild(m, t, it.state, ev[D]{kind: Generate, g: g, frontier: len(r.seen) - closed, stored: len(r.seen)})
			}
		}
		m.frontier(open.Len())
		m.stored(len(r.seen))
	}
	return nil
}

// Path returns the path from the start to s, start first, along which All
// yielded s's distance; nil when All has not yielded s.
func (r *Reach[S, D]) Path(s S) []S {
	if e, ok := r.seen[s]; !ok || !e.done {
		return nil
	}
	return pathTo(s, func(s S) (S, bool) { return r.seen[s].parent, s == r.start })
}

// Err returns the error that ended All early (one matching ErrLimit), or
// nil when All ran to the end or the caller stopped it.
func (r *Reach[S, D]) Err() error { return r.err }

// Stats returns the work done by All so far.
func (r *Reach[S, D]) Stats() Stats { return r.stats }

// statesOf returns next without the costs: the states one step from s.
func statesOf[S any, C Cost](next Successors[S, C]) func(S) iter.Seq[S] {
	return func(s S) iter.Seq[S] {
		return func(yield func(S) bool) {
			for t := range next(s) {
				if !yield(t) {
					return
				}
			}
		}
	}
}
