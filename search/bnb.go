package search

import (
	"context"
	"iter"
)

// Maximize describes a maximising tree search for BranchAndBound.
//
// The search space is a tree: each state carries what it needs (for example
// the path that led to it), and Children yields the states one step deeper,
// in the order they should be tried. Good orders find a good solution early,
// which lets the bound prune more.
type Maximize[S any] struct {
	// Children yields the states one step below s.
	Children func(s S) iter.Seq[S]
	// Value is the value of s as a solution; every state is a solution.
	Value func(s S) int
	// Bound is an upper bound on Value over s and every state below s. It
	// must never be less than the true best, or answers are lost.
	Bound func(s S) int
}

// BranchResult is the outcome of BranchAndBound.
type BranchResult[S any] struct {
	// Best is the state of greatest value found, and Value its value.
	Best  S
	Value int
	// Bound is a proven upper bound on the value of any state: it equals
	// Value when the search finished, and may exceed it when a limit
	// stopped the search.
	Bound int
	// Optimal reports that Value is proven to be the maximum.
	Optimal bool
	// Stats describes the work done.
	Stats Stats
}

// BranchAndBound searches depth-first from each of the start states in turn
// for the state of greatest Value, skipping every subtree whose Bound cannot
// beat the best value found so far. Among states of equal value, the first
// one found wins, so the order of starts and children decides ties.
//
// When a limit stops the search, BranchAndBound returns the best state found
// so far with Optimal false and Bound the greatest bound of the subtrees not
// yet searched, together with an error matching ErrLimit. When starts is
// empty it returns ErrNotFound.
func BranchAndBound[S any](ctx context.Context, starts iter.Seq[S], p Maximize[S], lim Limits) (res BranchResult[S], err error) {
	m := newMeter(ctx, lim, &res.Stats)
	defer m.done()
	res.Stats.Iterations = 1
	b := branch[S]{m: &m, p: p, res: &res, obs: m.obs != nil}
	started := false
	var stopped error
	for s := range starts {
		if stopped != nil {
			// Searched no further: what the start could still give is open.
			b.open(p.Bound(s))
			continue
		}
		if !started {
			holds(&m, s)
			res.Best, res.Value, started = s, p.Value(s), true
			if m.obs != nil {
				emitState(&m, s, ev[int]{kind: Improve, g: res.Value, bound: p.Bound(s), best: res.Value, frontier: 1, stored: 1})
			}
		}
		if err := b.visit(s); err != nil {
			stopped = err
		}
	}
	if !started {
		return res, ErrNotFound
	}
	if stopped != nil {
		res.Bound = max(res.Bound, res.Value)
		return res, stopped
	}
	res.Bound, res.Optimal = res.Value, true
	return res, nil
}

// branch is the search of BranchAndBound. It keeps its own stack rather
// than recursing, so that its depth is bounded by memory and
// Limits.MaxBytes, not by the goroutine's stack: the path as frames, and
// above each frame's the children of its state not yet tried.
type branch[S any] struct {
	m       *meter
	p       Maximize[S]
	res     *BranchResult[S]
	obs     bool // report events to m.obs
	frames  []branchFrame[S]
	kids    []S
	waiting int // children in kids not yet tried
}

// branchFrame is one state on the path of BranchAndBound.
type branchFrame[S any] struct {
	s         S
	first, at int // kids[first:] are the state's children, kids[at:] not yet tried
}

// open records the bound of a subtree left unsearched by a limit.
func (b *branch[S]) open(bound int) { b.res.Bound = max(b.res.Bound, bound) }

// held is the number of states the search holds.
func (b *branch[S]) held() int { return len(b.frames) + b.waiting }

// visit searches the tree below the start state s. When a limit stops it,
// the bounds of every subtree left unsearched are recorded with open.
func (b *branch[S]) visit(s S) error {
	b.frames, b.kids, b.waiting = b.frames[:0], b.kids[:0], 0
	err := b.enter(s)
	for err == nil && len(b.frames) > 0 {
		top := len(b.frames) - 1
		f := &b.frames[top]
		if f.at == len(b.kids) {
			b.pop()
			continue
		}
		t := b.kids[f.at]
		f.at++
		b.waiting--
		b.m.stats.Generated++
		depth := len(b.frames)
		if b.p.Bound(t) <= b.res.Value {
			if b.obs {
				emitChild(b.m, t, f.s, ev[int]{kind: Prune, g: b.p.Value(t), depth: depth, bound: b.p.Bound(t), best: b.res.Value, frontier: depth, stored: b.held()})
			}
			continue
		}
		if b.obs {
			emitChild(b.m, t, f.s, ev[int]{kind: Generate, g: b.p.Value(t), depth: depth, bound: b.p.Bound(t), best: b.res.Value, frontier: depth, stored: b.held()})
		}
		err = b.enter(t)
	}
	if err != nil {
		// Every child not yet tried, deepest first, is a subtree left open.
		for len(b.frames) > 0 {
			f := &b.frames[len(b.frames)-1]
			for _, t := range b.kids[f.at:] {
				b.m.stats.Generated++
				b.open(b.p.Bound(t))
			}
			f.at = len(b.kids)
			b.pop()
		}
	}
	return err
}

// enter takes s, one level below the path: it records it when it beats
// the best value and, unless its bound cannot, expands it.
func (b *branch[S]) enter(s S) error {
	depth := len(b.frames) + 1
	if v := b.p.Value(s); v > b.res.Value {
		b.res.Best, b.res.Value = s, v
		if b.obs {
			emitState(b.m, s, ev[int]{kind: Improve, g: v, depth: depth - 1, bound: b.p.Bound(s), best: v, frontier: depth, stored: b.held() + 1})
		}
	}
	if b.p.Bound(s) <= b.res.Value {
		if depth == 1 {
			if b.obs {
				emitState(b.m, s, ev[int]{kind: Prune, g: b.p.Value(s), depth: 0, bound: b.p.Bound(s), best: b.res.Value, frontier: depth, stored: b.held() + 1})
			}
		}
		return nil
	}
	b.m.frontier(depth)
	if err := b.hold(b.held() + 1); err != nil {
		b.open(b.p.Bound(s))
		return err
	}
	if err := b.m.expand(); err != nil {
		b.open(b.p.Bound(s))
		return err
	}
	if b.obs {
		emitState(b.m, s, ev[int]{kind: Expand, g: b.p.Value(s), depth: depth - 1, bound: b.p.Bound(s), best: b.res.Value, frontier: depth, stored: b.held() + 1})
	}
	n := len(b.kids)
	b.frames = append(b.frames, branchFrame[S]{s: s, first: n, at: n})
	for t := range b.p.Children(s) {
		b.kids = append(b.kids, t)
	}
	b.waiting += len(b.kids) - n
	if err := b.hold(b.held()); err != nil {
		// The children are not searched: the state's subtree stays open.
		b.open(b.p.Bound(s))
		b.waiting -= len(b.kids) - n
		clear(b.kids[n:])
		b.kids = b.kids[:n]
		b.frames = b.frames[:len(b.frames)-1]
		return err
	}
	return nil
}

// hold records that n states are held and checks them against the memory
// budget.
func (b *branch[S]) hold(n int) error {
	if b.m.maxStored > 0 && n > b.m.maxStored {
		return b.m.memoryError(n)
	}
	b.m.stored(n)
	return nil
}

// pop takes the last state off the path, with its children not tried.
func (b *branch[S]) pop() {
	top := len(b.frames) - 1
	f := b.frames[top]
	b.waiting -= len(b.kids) - f.at
	clear(b.kids[f.first:])
	b.kids = b.kids[:f.first]
	b.frames[top] = branchFrame[S]{}
	b.frames = b.frames[:top]
}
