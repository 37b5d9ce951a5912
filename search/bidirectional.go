package search

import (
	"context"
)

// BidirectionalBFS searches breadth-first from start and from goal at once,
// a whole layer at a time on the side whose layer is smaller, and returns a
// path with the fewest steps from start to goal. prev yields the states one
// step before s (those with s among their successors), each with that
// step's cost; a nil prev declares the moves reversible, so that next serves
// both ways.
//
// The two searches meet in the middle: where BFS reaches depth d, each side
// reaches about d/2, so on a space of branching factor b BidirectionalBFS
// expands O(b^(d/2)) states instead of O(b^d), and stores as many. The first
// state found on both sides closes a shortest path, because each side has
// finished every layer before the one it is expanding. It returns
// ErrNotFound when either side runs out of states first. Trace events from
// the goal's side have Backward set; the meeting state is reported as a
// Meet event before the Goal.
func BidirectionalBFS[S comparable, C Cost](ctx context.Context, start, goal S, next, prev Successors[S, C], lim Limits) (res Result[S, C], err error) {
	m := onePass(ctx, lim, &res.Stats, start)
	defer m.done()
	obs := m.obs != nil
	type entry struct {
		link  S // the parent on the start's side, the successor on the goal's
		step  C // the cost of the step between the state and link
		cost  C
		steps int
	}
	type side struct {
		seen     map[S]entry
		layer    []S
		next     Successors[S, C]
		backward bool
	}
	fw := &side{seen: map[S]entry{start: {link: start}}, layer: []S{start}, next: next}
	bw := &side{seen: map[S]entry{goal: {link: goal}}, layer: []S{goal}, next: backward(next, prev), backward: true}
	stored := func() int { return len(fw.seen) + len(bw.seen) }
	m.stored(stored())
	finish := func(meet S) (Result[S, C], error) {
		res.Path, res.Cost = joinPath(meet, start, goal,
			func(s S) (S, C) { e := fw.seen[s]; return e.link, e.step }, func(s S) (S, C) { e := bw.seen[s]; return e.link, e.step })
		if obs {
			frontier := len(fw.layer) + len(bw.layer)
			emitState(&m, meet, ev[C]{kind: Meet, g: res.Cost, depth: fw.seen[meet].steps, frontier: frontier, stored: stored()})
			emitState(&m, goal, ev[C]{kind: Goal, g: res.Cost, depth: len(res.Path) - 1, frontier: frontier, stored: stored()})
		}
		return res, nil
	}
	if start == goal {
		return finish(start)
	}
	for len(fw.layer) > 0 && len(bw.layer) > 0 {
		this, other := fw, bw
		if len(bw.layer) < len(fw.layer) {
			this, other = bw, fw
		}
		layer := this.layer
		this.layer = nil
		for i, s := range layer {
			if err := m.expand(); err != nil {
				return res, err
			}
			e := this.seen[s]
			frontier := len(layer) - i - 1 + len(this.layer) + len(other.layer)
			if obs {
				emitState(&m, s, ev[C]{kind: Expand, g: e.cost, depth: e.steps, frontier: frontier, stored: stored(), backward: this.backward})
			}
			for t, c := range this.next(s) {
				res.Stats.Generated++
				if _, ok := this.seen[t]; ok {
					if obs {
						emitChild(&m, t, s, ev[C]{kind: Duplicate, g: e.cost + c, depth: e.steps + 1, frontier: frontier, stored: stored(), backward: this.backward})
					}
					continue
				}
				this.seen[t] = entry{link: s, step: c, cost: e.cost + c, steps: e.steps + 1}
				this.layer = append(this.layer, t)
				frontier++
				if obs {
					emitChild(&m, t, s, ev[C]{kind: Generate, g: e.cost + c, depth: e.steps + 1, frontier: frontier, stored: stored(), backward: this.backward})
				}
				if _, ok := other.seen[t]; ok {
					m.frontier(frontier)
					m.stored(stored())
					this.layer = append(this.layer, layer[i+1:]...)
					return finish(t)
				}
			}
			m.frontier(frontier)
			m.stored(stored())
		}
	}
	return res, ErrNotFound
}

// NBS is the near-optimal bidirectional search of Chen, Holte, Zilles and
// Sturtevant (2017): a front-to-end bidirectional A* that returns a
// least-cost path from start to goal when both estimates are admissible.
// hF estimates the cost from a state to goal, hB the cost from start to a
// state; prev yields the states one step before s with the step's cost (nil
// when the moves are reversible, as in BidirectionalBFS).
//
// NBS expands pairs of states, one from each open list, choosing the pair
// (u, v) of least lb(u, v) = max(fF(u), fB(v), gF(u) + gB(v)), and stops
// when that bound reaches the cost of the best path found through a state
// seen from both sides. With consistent estimates it expands at most twice
// as many states as any front-to-end bidirectional search that proves the
// same path optimal; in practice it is often close to A* with the same
// estimate and far below it where the estimate is weak. States are reopened
// when reached more cheaply, as in AStar. Memory is that of A*, on both
// sides. Trace events from the goal's side have Backward set; each cheaper
// meeting is a Meet event.
func NBS[S comparable, C Cost](ctx context.Context, start, goal S, next, prev Successors[S, C], hF, hB func(S) C, lim Limits) (res Result[S, C], err error) {
	m := onePass(ctx, lim, &res.Stats, start)
	defer m.done()
	obs := m.obs != nil
	type record struct {
		link   S
		g, h   C
		step   C // the cost of the step between the state and link
		closed bool
	}
	// A direction keeps its open states in two heaps: waiting, by f, holds
	// those whose f is above the current bound; ready, by g, those at or
	// below it. Entries whose record has changed since are skipped.
	type direction struct {
		rec            map[S]*record
		waiting, ready openList[S, C]
		next           Successors[S, C]
		h              func(S) C
		backward       bool
		open           int
	}
	if hF == nil {
		hF = zeroEstimate[S, C]
	}
	if hB == nil {
		hB = zeroEstimate[S, C]
	}
	fw := &direction{rec: map[S]*record{}, next: next, h: hF}
	bw := &direction{rec: map[S]*record{}, next: backward(next, prev), h: hB, backward: true}
	live := func(d *direction, it openItem[S, C]) bool {
		r := d.rec[it.state]
		return !r.closed && r.g == it.g
	}
	top := func(d *direction, q *openList[S, C]) (openItem[S, C], bool) {
		for q.Len() > 0 {
			if it := q.items[0]; live(d, it) {
				return it, true
			}
			q.pop()
		}
		return openItem[S, C]{}, false
	}
	add := func(d *direction, s S, r *record) {
		d.waiting.push(openItem[S, C]{state: s, f: r.g + r.h, g: r.g})
	}
	stored := func() int { return len(fw.rec) + len(bw.rec) }
	frontier := func() int { return fw.open + bw.open }

	inf := infinity[C]()
	best, meet := inf, start
	fw.rec[start] = &record{link: start, h: hF(start)}
	bw.rec[goal] = &record{link: goal, h: hB(goal)}
	fw.open, bw.open = 1, 1
	add(fw, start, fw.rec[start])
	add(bw, goal, bw.rec[goal])
	if start == goal {
		best = 0
	}
	m.stored(stored())

	// expand expands s in direction d and records any cheaper meeting.
	expand := func(d, other *direction, s S) error {
		r := d.rec[s]
		if err := m.expand(); err != nil {
			return err
		}
		r.closed = true
		d.open--
		if obs {
			emitState(&m, s, ev[C]{kind: Expand, g: r.g, h: r.h, best: best, frontier: frontier(), stored: stored(), backward: d.backward})
		}
		for t, c := range d.next(s) {
			res.Stats.Generated++
			if negative(c) {
				return negativeError(c)
			}
			g := r.g + c
			kind := Generate
			tr, ok := d.rec[t]
			if ok {
				if g >= tr.g {
					if obs {
						emitChild(&m, t, s, ev[C]{kind: Duplicate, g: g, best: best, frontier: frontier(), stored: stored(), backward: d.backward})
					}
					continue
				}
				if tr.closed {
					kind = Reopen
					d.open++
				}
				tr.link, tr.g, tr.step, tr.closed = s, g, c, false
			} else {
				tr = &record{link: s, g: g, step: c, h: d.h(t)}
				d.rec[t] = tr
				d.open++
			}
			add(d, t, tr)
			if obs {
				emitChild(&m, t, s, ev[C]{kind: kind, g: g, h: tr.h, best: best, frontier: frontier(), stored: stored(), backward: d.backward})
			}
			if o, ok := other.rec[t]; ok && g+o.g < best {
				best, meet = g+o.g, t
				if obs {
					emitState(&m, t, ev[C]{kind: Meet, g: best, best: best, frontier: frontier(), stored: stored(), backward: d.backward})
				}
			}
		}
		m.frontier(frontier())
		m.stored(stored())
		return nil
	}

	var lb C // a lower bound on the cost of every path not yet found
search:
	for lb < best {
		// Move the states whose f is within the bound to ready, then take
		// the ready pair of least g sum if it is within the bound too;
		// otherwise raise the bound to the least lb any pair can have.
		for _, d := range []*direction{fw, bw} {
			for {
				it, ok := top(d, &d.waiting)
				if !ok || it.f > lb {
					break
				}
				d.waiting.pop()
				d.ready.push(openItem[S, C]{state: it.state, f: it.g, g: it.g})
			}
		}
		u, okF := top(fw, &fw.ready)
		v, okB := top(bw, &bw.ready)
		if okF && okB && u.g+v.g <= lb {
			fw.ready.pop()
			bw.ready.pop()
			if err := expand(fw, bw, u.state); err != nil {
				return res, err
			}
			if lb >= best {
				break // the first half of the pair closed the search
			}
			if err := expand(bw, fw, v.state); err != nil {
				return res, err
			}
			continue
		}
		next := inf
		for _, d := range []*direction{fw, bw} {
			if it, ok := top(d, &d.waiting); ok {
				next = min(next, it.f)
			} else if _, ok := top(d, &d.ready); !ok {
				break search // one side has no open state left
			}
		}
		if okF && okB {
			next = min(next, u.g+v.g)
		}
		if next == inf {
			break
		}
		lb = max(lb, next)
	}
	if best == inf {
		return res, ErrNotFound
	}
	res.Path, res.Cost = joinPath(meet, start, goal,
		func(s S) (S, C) { r := fw.rec[s]; return r.link, r.step }, func(s S) (S, C) { r := bw.rec[s]; return r.link, r.step })
	if obs {
		emitState(&m, goal, ev[C]{kind: Goal, g: best, depth: len(res.Path) - 1, best: best, frontier: frontier(), stored: stored()})
	}
	return res, nil
}

// joinPath returns the path from start through meet to goal and its cost,
// added start first, where toStart follows the forward side's links back
// towards start and toGoal the backward side's links on towards goal; each
// returns the next state and the cost of the step between the two.
func joinPath[S comparable, C Cost](meet, start, goal S, toStart, toGoal func(S) (S, C)) ([]S, C) {
	var path []S
	var steps []C
	for s := meet; ; {
		path = append(path, s)
		if s == start {
			break
		}
		p, c := toStart(s)
		steps = append(steps, c)
		s = p
	}
	reverse(path)
	reverse(steps)
	for s := meet; s != goal; {
		t, c := toGoal(s)
		steps = append(steps, c)
		path = append(path, t)
		s = t
	}
	var cost C
	for _, c := range steps {
		cost += c
	}
	return path, cost
}

// backward returns the successors that a bidirectional search follows from
// the goal's end: prev, or next when prev is nil and the moves are
// reversible.
func backward[S any, C Cost](next, prev Successors[S, C]) Successors[S, C] {
	if prev == nil {
		return next
	}
	return prev
}
