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
			res.Best, res.Value, started = s, p.Value(s), true
			if m.obs != nil {
				emitState(&m, s, ev[int]{kind: Improve, g: res.Value, bound: p.Bound(s), best: res.Value, frontier: 1, stored: 1})
			}
		}
		if err := b.visit(s, 1); err != nil {
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

type branch[S any] struct {
	m   *meter
	p   Maximize[S]
	res *BranchResult[S]
	obs bool // report events to m.obs
}

// open records the bound of a subtree left unsearched by a limit.
func (b *branch[S]) open(bound int) { b.res.Bound = max(b.res.Bound, bound) }

func (b *branch[S]) visit(s S, depth int) error {
	if v := b.p.Value(s); v > b.res.Value {
		b.res.Best, b.res.Value = s, v
		if b.obs {
			emitState(b.m, s, ev[int]{kind: Improve, g: v, depth: depth - 1, bound: b.p.Bound(s), best: v, frontier: depth, stored: depth})
		}
	}
	if b.p.Bound(s) <= b.res.Value {
		if depth == 1 {
			if b.obs {
				emitState(b.m, s, ev[int]{kind: Prune, g: b.p.Value(s), depth: 0, bound: b.p.Bound(s), best: b.res.Value, frontier: depth, stored: depth})
			}
		}
		return nil
	}
	b.m.frontier(depth)
	b.m.stored(depth)
	if err := b.m.expand(); err != nil {
		b.open(b.p.Bound(s))
		return err
	}
	if b.obs {
		emitState(b.m, s, ev[int]{kind: Expand, g: b.p.Value(s), depth: depth - 1, bound: b.p.Bound(s), best: b.res.Value, frontier: depth, stored: depth})
	}
	var stopped error
	for t := range b.p.Children(s) {
		b.m.stats.Generated++
		if stopped != nil {
			b.open(b.p.Bound(t))
			continue
		}
		if b.p.Bound(t) <= b.res.Value {
			if b.obs {
				emitChild(b.m, t, s, ev[int]{kind: Prune, g: b.p.Value(t), depth: depth, bound: b.p.Bound(t), best: b.res.Value, frontier: depth, stored: depth})
			}
			continue
		}
		if b.obs {
			emitChild(b.m, t, s, ev[int]{kind: Generate, g: b.p.Value(t), depth: depth, bound: b.p.Bound(t), best: b.res.Value, frontier: depth, stored: depth})
		}
		stopped = b.visit(t, depth+1)
	}
	return stopped
}
