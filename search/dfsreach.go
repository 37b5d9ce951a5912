package search

import (
	"context"
	"iter"
	"slices"
)

// DepthFirstReach is a search with no goal, like Reach, that hands out the
// states reachable from a start in depth-first preorder: a state, then
// everything reachable from its first successor that was not handed out
// before, then from its second, and so on. It is what a recursive
// depth-first traversal visits, in that order, kept on an explicit stack so
// that a chain of millions of states needs no deep recursion.
//
// A DepthFirstReach is used once: range over All, then read Err and Stats.
// Path gives the path in the depth-first tree to any state All has yielded.
type DepthFirstReach[S comparable] struct {
	ctx   context.Context
	start S
	next  func(S) iter.Seq[S] // the successors without their costs
	lim   Limits
	seen  map[S]int // index in tree
	tree  []treeNode[S]
	stats Stats
	err   error
	used  bool
}

type treeNode[S any] struct {
	state  S
	parent int // index in tree; -1 for the start
	depth  int
}

// DFSReach returns a DepthFirstReach that yields the states reachable
// from start in depth-first preorder, successors taken in the order they
// are yielded, each with its depth in the depth-first tree (not its
// distance from start: BFSReach gives that). Each state is yielded once;
// time is O(V+E) and memory O(V+E) over the V states and E steps reached,
// since a state's successors wait on the stack until their turn.
//
// With Limits.MaxNodes set, All yields at most MaxNodes states: when
// another would follow them it ends with ErrLimit instead.
func DFSReach[S comparable, C Cost](ctx context.Context, start S, next Successors[S, C], lim Limits) *DepthFirstReach[S] {
	return &DepthFirstReach[S]{ctx: ctx, start: start, next: statesOf(next), lim: lim}
}

// All yields each reachable state with its depth in the depth-first tree,
// in preorder. A state is yielded before its successors are generated, so
// stopping early saves that work; Stats.Expanded counts the states yielded.
// The sequence ends early when a limit is reached; Err then says why. All
// can be ranged over once; later calls yield nothing.
func (r *DepthFirstReach[S]) All() iter.Seq2[S, int] {
	return func(yield func(S, int) bool) {
		if r.used {
			return
		}
		r.used = true
		m := onePass(r.ctx, r.lim, &r.stats, r.start)
		defer m.done()
		r.err = r.walk(&m, yield)
	}
}

func (r *DepthFirstReach[S]) walk(m *meter, yield func(S, int) bool) error {
	obs := m.obs != nil
	r.seen = map[S]int{}
	// stack holds the states still to visit, the next on top; a state may
	// be on it several times, and is visited from the copy popped first.
	stack := []treeNode[S]{{state: r.start, parent: -1}}
	for len(stack) > 0 {
		p := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if _, ok := r.seen[p.state]; ok {
			continue
		}
		m.stored(len(r.seen) + len(stack) + 1)
		if err := m.expand(); err != nil {
			return err
		}
		id := len(r.tree)
		r.seen[p.state] = id
		r.tree = append(r.tree, p)
		if obs {
			emitState(m, p.state, ev[int]{kind: Expand, depth: p.depth, frontier: len(stack), stored: len(r.seen) + len(stack)})
		}
		if !yield(p.state, p.depth) {
			return nil
		}
		lo := len(stack)
		for t := range r.next(p.state) {
			r.stats.Generated++
			if _, ok := r.seen[t]; ok {
				if obs {
					emitChild(m, t, p.state, ev[int]{kind: Duplicate, depth: p.depth + 1, frontier: len(stack), stored: len(r.seen) + len(stack)})
				}
				continue
			}
			stack = append(stack, treeNode[S]{state: t, parent: id, depth: p.depth + 1})
			if obs {
				emitChild(m, t, p.state, ev[int]{kind: Generate, depth: p.depth + 1, frontier: len(stack), stored: len(r.seen) + len(stack)})
			}
		}
		slices.Reverse(stack[lo:]) // the first successor on top
		m.frontier(len(stack))
	}
	return nil
}

// Path returns the path from the start to s in the depth-first tree,
// start first: the states through which All reached s. It is nil when All
// has not yielded s.
func (r *DepthFirstReach[S]) Path(s S) []S {
	i, ok := r.seen[s]
	if !ok {
		return nil
	}
	var path []S
	for ; i >= 0; i = r.tree[i].parent {
		path = append(path, r.tree[i].state)
	}
	slices.Reverse(path)
	return path
}

// Err returns the error that ended All early (one matching ErrLimit), or
// nil when All ran to the end or the caller stopped it.
func (r *DepthFirstReach[S]) Err() error { return r.err }

// Stats returns the work done by All so far.
func (r *DepthFirstReach[S]) Stats() Stats { return r.stats }
