package search

import (
	"context"
	"slices"
)

// DFSReach returns a Reach that yields the states reachable from start in
// depth-first preorder: a state, then everything reachable from its first
// successor that was not yielded before, then from its second, and so on,
// successors taken in the order they are yielded, as a recursive
// depth-first traversal visits them. Each state comes with its depth in
// the depth-first tree (not its distance from start: BFSReach gives that),
// and Path returns its path in that tree. The traversal keeps an explicit
// stack, so that a chain of millions of states needs no deep recursion.
// Each state is yielded once; time is O(V+E) and memory O(V+E) over the V
// states and E steps reached, since a state's successors wait on the
// stack until their turn.
func DFSReach[S comparable, C Cost](ctx context.Context, start S, next Successors[S, C], lim Limits) *Reach[S, int] {
	return &Reach[S, int]{ctx: ctx, start: start, states: statesOf(next), lim: lim, depthFirst: true}
}

func (r *Reach[S, D]) dfs(m *meter, yield func(S, D) bool) error {
	obs := m.obs != nil
	r.seen = map[S]*reached[S, D]{}
	// stack holds the states still to visit, the next on top, each with
	// the state that put it there; a state may be on it several times,
	// and is visited from the copy popped first.
	type waiting struct {
		state, parent S
		depth         D
	}
	stack := []waiting{{state: r.start, parent: r.start}}
	for len(stack) > 0 {
		w := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if _, ok := r.seen[w.state]; ok {
			continue
		}
		if err := m.room(); err != nil {
			return err
		}
		r.seen[w.state] = &reached[S, D]{parent: w.parent, g: w.depth, done: true}
		m.stored(len(r.seen) + len(stack))
		if !yield(w.state, w.depth) {
			return nil
		}
		if err := m.expand(); err != nil {
			return err
		}
		if obs {
			emitState(m, w.state, ev[D]{kind: Expand, g: w.depth, depth: toInt(w.depth), frontier: len(stack), stored: len(r.seen) + len(stack)})
		}
		lo := len(stack)
		for t := range r.states(w.state) {
			r.stats.Generated++
			kind := Generate
			if _, ok := r.seen[t]; ok {
				kind = Duplicate
			} else {
				stack = append(stack, waiting{state: t, parent: w.state, depth: w.depth + 1})
			}
			if obs {
				emitChild(m, t, w.state, ev[D]{kind: kind, g: w.depth + 1, depth: toInt(w.depth) + 1, frontier: len(stack), stored: len(r.seen) + len(stack)})
			}
		}
		slices.Reverse(stack[lo:]) // the first successor on top
		m.frontier(len(stack))
	}
	return nil
}
