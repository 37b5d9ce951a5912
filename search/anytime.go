package search

import (
	"context"
	"math"
)

// AnytimeResult is the outcome of AnytimeAStar: the best path found, which
// may not be optimal yet, and a proven lower bound on the optimum.
type AnytimeResult[S any, C Cost] struct {
	// Result holds the best path found so far (Path is nil when none was
	// found before a limit), its cost and the Stats of the whole search.
	Result[S, C]
	// Bound is a proven lower bound on the cost of every path to a goal:
	// Bound <= optimum <= Cost. It equals Cost when the path is optimal.
	Bound C
	// Optimal reports that Cost is proven to be the least cost.
	Optimal bool
	// Solutions counts the paths found, each cheaper than the one before.
	Solutions int
}

// Gap returns how far the path may be from the optimum, as a fraction of
// the bound: (Cost - Bound) / Bound, so that the path is within 100*Gap
// percent of optimal. It is 0 for an optimal path and +Inf when no path was
// found or the bound is 0 below a positive cost.
func (r AnytimeResult[S, C]) Gap() float64 {
	switch {
	case r.Path == nil:
		return math.Inf(1)
	case r.Cost == r.Bound:
		return 0
	case r.Bound <= 0:
		return math.Inf(1)
	}
	return float64(r.Cost-r.Bound) / float64(r.Bound)
}

// AnytimeAStar is anytime weighted A* (Hansen and Zhou, 2007): it searches
// as WeightedAStar does with weight w, so that a first path comes quickly,
// then goes on expanding to find cheaper ones, pruning every state whose
// g + h cannot beat the best path found, until the open list is empty or
// the least g + h on it reaches the best cost; the path is then optimal
// (with an admissible h). Goals are recognised when they are generated.
//
// When a limit (MaxNodes or the context) stops it first, AnytimeAStar
// returns the best path found so far, with Bound the least g + h over the
// open states (or the path's cost, if smaller): with an admissible h no
// path is cheaper than Bound, so the answer is within Gap of optimal. The
// error then matches ErrLimit, and Path is nil if no path was found yet.
// Each better path is reported to Limits.Observe as an Improve event (G is
// its cost, Bound the lower bound at that moment) after the Generate event
// of its goal, and each state cut off by the best cost as a Prune event
// after its Generate.
//
// A closed state reached more cheaply is not searched again at once, but
// queued until the open list runs out (as ARA* does), so that the first
// path comes as fast as weighted A* without reopening finds it; the bound
// counts those states as open. Memory is that of A*: every state reached.
// A w of 1 or less behaves as A* with its goal test on generation; weights
// of 1.5 to 5 find a first path far sooner on puzzles. A nil h is taken as
// 0.
func AnytimeAStar[S comparable, C Cost](ctx context.Context, start S, next Successors[S, C], h func(S) C, w float64, goal func(S) bool, lim Limits) (res AnytimeResult[S, C], err error) {
	m := onePass(ctx, lim, &res.Stats, start)
	defer m.done()
	obs := m.obs != nil
	w = max(w, 1)
	if h == nil {
		h = zeroEstimate[S, C]
	}

	// A record's parent and g are those its successors were generated
	// with; step is the cost of the step from the parent. A closed state
	// reached more cheaply keeps them until it is searched again, and holds
	// the cheaper path in pendParent, pendG and pendStep meanwhile
	// (incons). A state reached more cheaply after its successors were
	// generated leaves their g too high for the parent links, so a path's
	// cost is the sum of its steps, not the goal's g.
	type record struct {
		parent, pendParent S
		g, h, pendG        C
		step, pendStep     C
		closed, incons     bool
	}
	best := map[S]*record{}
	inf := infinity[C]()
	incumbent := inf           // the cost of the best path found
	open := &openList[S, C]{}  // by g + floor(w*h)
	lower := &openList[S, C]{} // by g + h, for the bound
	push := func(s S, r *record) {
		open.push(openItem[S, C]{state: s, f: r.g + C(w*float64(r.h)), g: r.g})
		lower.push(openItem[S, C]{state: s, f: r.g + r.h, g: r.g})
	}
	// bound returns the least g + h over the open states that can still
	// beat the incumbent, or the incumbent when there is none.
	bound := func() C {
		for lower.Len() > 0 {
			it := lower.items[0]
			r := best[it.state]
			if ((!r.closed && it.g == r.g) || (r.incons && it.g == r.pendG)) && it.f < incumbent {
				return it.f
			}
			lower.pop()
		}
		return incumbent
	}
	path := func(s S) []S {
		return pathTo(s, func(s S) (S, bool) { return best[s].parent, s == start })
	}
	finish := func(err error) (AnytimeResult[S, C], error) {
		res.Bound = bound()
		if res.Path == nil {
			if err == nil {
				return res, ErrNotFound
			}
			return res, err
		}
		res.Optimal = res.Bound == res.Cost
		if obs && err == nil {
			last := res.Path[len(res.Path)-1]
			emitState(&m, last, ev[C]{kind: Goal, g: res.Cost, depth: len(res.Path) - 1, bound: res.Bound, best: res.Cost, stored: len(best)})
		}
		return res, err
	}

	best[start] = &record{parent: start, h: h(start)}
	if goal(start) {
		res.Path, res.Solutions = []S{start}, 1
		m.stored(1)
		incumbent = 0
		return finish(nil)
	}
	push(start, best[start])
	closed := 0
	var incons []S // closed states reached more cheaply since
	for {
		if incumbent < inf && bound() >= incumbent {
			break // no open state can beat the path found: it is optimal
		}
		if open.Len() == 0 {
			if len(incons) == 0 {
				break
			}
			// Only now are the closed states that were reached more
			// cheaply searched again, so that the first path comes
			// without them (as in ARA*).
			for _, s := range incons {
				r := best[s]
				r.parent, r.g, r.step = r.pendParent, r.pendG, r.pendStep
				r.closed, r.incons = false, false
				closed--
				push(s, r)
			}
			incons = incons[:0]
		}
		it := open.pop()
		r := best[it.state]
		if r.closed || it.g != r.g {
			continue
		}
		if r.g+r.h >= incumbent {
			continue // pruned since it was queued
		}
		if err := m.expand(); err != nil {
			return finish(err)
		}
		r.closed = true
		closed++
		if obs {
			emitState(&m, it.state, ev[C]{kind: Expand, g: r.g, h: r.h, best: incumbent, frontier: len(best) - closed, stored: len(best)})
		}
		for t, c := range next(it.state) {
			res.Stats.Generated++
			if negative(c) {
				// No path or bound found so far can be trusted.
				res.Path, res.Cost, res.Bound = nil, 0, 0
				return res, negativeError(c)
			}
			g := r.g + c
			tr, seen := best[t]
			if seen && (g >= tr.g || (tr.incons && g >= tr.pendG)) {
				if obs {
					emitChild(&m, t, it.state, ev[C]{kind: Duplicate, g: g, best: incumbent, frontier: len(best) - closed, stored: len(best)})
				}
				continue
			}
			if goal(t) {
				if obs {
					emitChild(&m, t, it.state, ev[C]{kind: Generate, g: g, best: incumbent, frontier: len(best) - closed, stored: len(best)})
				}
				if seen {
					tr.parent, tr.g, tr.step = it.state, g, c
				} else {
					tr = &record{parent: it.state, g: g, step: c, closed: true}
					best[t] = tr
					closed++
				}
				p := path(t)
				if cost := pathCost(p, func(s S) C { return best[s].step }); cost < incumbent {
					tr.g = cost
					incumbent = cost
					res.Path, res.Cost = p, cost
					res.Solutions++
					if obs {
						// The successors of it.state not yet queued are
						// not in bound(): it.state's own g + h stands for
						// them, as it did while it was open.
						emitChild(&m, t, it.state, ev[C]{kind: Improve, g: cost, bound: min(bound(), r.g+r.h), best: cost, frontier: len(best) - closed, stored: len(best)})
					}
				}
				continue
			}
			var ht C
			if seen {
				ht = tr.h
			} else {
				ht = h(t)
			}
			if g+ht >= incumbent {
				if obs {
					emitChild(&m, t, it.state, ev[C]{kind: Generate, g: g, h: ht, best: incumbent, frontier: len(best) - closed, stored: len(best)})
					emitChild(&m, t, it.state, ev[C]{kind: Prune, g: g, h: ht, bound: incumbent, best: incumbent, frontier: len(best) - closed, stored: len(best)})
				}
				continue
			}
			kind := Generate
			if seen && tr.closed {
				tr.pendParent, tr.pendG, tr.pendStep = it.state, g, c
				if !tr.incons {
					tr.incons = true
					incons = append(incons, t)
				}
				lower.push(openItem[S, C]{state: t, f: g + ht, g: g})
				if obs {
					emitChild(&m, t, it.state, ev[C]{kind: Reopen, g: g, h: ht, best: incumbent, frontier: len(best) - closed, stored: len(best)})
				}
				continue
			}
			if seen {
				tr.parent, tr.g, tr.step = it.state, g, c
			} else {
				tr = &record{parent: it.state, g: g, h: ht, step: c}
				best[t] = tr
			}
			push(t, tr)
			if obs {
				emitChild(&m, t, it.state, ev[C]{kind: kind, g: g, h: ht, best: incumbent, frontier: len(best) - closed, stored: len(best)})
			}
		}
		m.frontier(len(best) - closed)
		m.stored(len(best))
	}
	return finish(nil)
}
