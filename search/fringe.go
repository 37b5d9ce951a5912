package search

import "context"

// FringeSearch is fringe search (Björnsson, Enzenberger, Holte and
// Schaeffer, 2005): IDA*'s iterations of rising f = g + h bounds, but over
// a list (the fringe) of the states at the edge of the last iteration and a
// table of the cheapest g found for each state, so that a state is not
// searched again from the start at every bound and a state reached by a
// cheaper path replaces its dearer copy. It returns a least-cost path to a
// goal when h is admissible, consistent or not; with a zero h it finds a
// least-cost path too, one cost level at a time.
//
// Each iteration walks the fringe from left to right: a state whose f
// exceeds the bound stays for the next iteration (whose bound is the least
// such f); a goal within the bound ends the search; any other state is
// replaced by its successors, inserted right after it in the order they
// are yielded, so that they are visited in the same iteration. A successor
// is kept only when its path is cheaper than any before, and a dearer copy
// on the fringe is removed. No priority queue is kept: each visit costs
// O(1) beyond the successor function, and memory is O(V) over the V states
// reached, like A*'s. It returns ErrNotFound when the fringe runs empty.
//
// Trace events: threshold at each iteration (Bound is the f bound), prune
// for a state left for a later iteration, expand, generate (a new state or
// a cheaper path to one on the fringe), reopen (a cheaper path to a state
// expanded before), duplicate, and goal.
func FringeSearch[S comparable, C Cost](ctx context.Context, start S, next Successors[S, C], h func(S) C, goal func(S) bool, lim Limits) (res Result[S, C], err error) {
	m := newMeter(ctx, lim, &res.Stats)
	defer m.done()
	holds(&m, start)
	obs := m.obs != nil

	// The fringe is a doubly linked list threaded through the table of
	// states reached; none marks the ends.
	const none = -1
	type entry struct {
		state      S
		parent     int // index of the parent; none for the start
		g, h, step C   // step: the cost of the step from the parent
		prev, next int
		listed     bool // on the fringe
	}
	if h == nil {
		h = zeroEstimate[S, C]
	}
	nodes := []entry{{state: start, parent: none, h: h(start), prev: none, next: none, listed: true}}
	index := map[S]int{start: 0}
	head, listed := 0, 1
	unlink := func(i int) {
		e := &nodes[i]
		if e.prev == none {
			head = e.next
		} else {
			nodes[e.prev].next = e.next
		}
		if e.next != none {
			nodes[e.next].prev = e.prev
		}
		e.listed = false
		listed--
	}
	insertAfter := func(at, i int) {
		e := &nodes[i]
		e.prev, e.next, e.listed = at, nodes[at].next, true
		if e.next != none {
			nodes[e.next].prev = i
		}
		nodes[at].next = i
		listed++
	}

	bound := nodes[0].h
	for head != none {
		res.Stats.Iterations++
		if obs {
			emitNone(&m, ev[C]{kind: Threshold, bound: bound})
		}
		var nextBound C
		deferred := false
		for n := head; n != none; {
			e := nodes[n]
			if f := e.g + e.h; f > bound {
				if !deferred || f < nextBound {
					nextBound, deferred = f, true
				}
				if obs {
					emitState(&m, e.state, ev[C]{kind: Prune, g: e.g, h: e.h, bound: bound, frontier: listed, stored: len(nodes)})
				}
				n = e.next
				continue
			}
			if goal(e.state) {
				var steps []C
				for i := n; i != none; i = nodes[i].parent {
					res.Path = append(res.Path, nodes[i].state)
					steps = append(steps, nodes[i].step)
				}
				reverse(res.Path)
				for k := len(steps) - 1; k >= 0; k-- { // start first
					res.Cost += steps[k]
				}
				if obs {
					emitState(&m, e.state, ev[C]{kind: Goal, g: res.Cost, h: e.h, depth: len(res.Path) - 1, bound: bound, frontier: listed, stored: len(nodes)})
				}
				return res, nil
			}
			if err := m.expand(); err != nil {
				return res, err
			}
			if obs {
				emitState(&m, e.state, ev[C]{kind: Expand, g: e.g, h: e.h, bound: bound, frontier: listed, stored: len(nodes)})
			}
			at := n // successors go after n, in the order they come
			for t, c := range next(e.state) {
				res.Stats.Generated++
				if negative(c) {
					return res, negativeError(c)
				}
				g := e.g + c
				i, ok := index[t]
				kind := Generate
				if ok {
					if g >= nodes[i].g {
						if obs {
							emitChild(&m, t, e.state, ev[C]{kind: Duplicate, g: g, bound: bound, frontier: listed, stored: len(nodes)})
						}
						continue
					}
					if nodes[i].listed {
						if i == at {
							at = nodes[i].prev
						}
						unlink(i)
					} else {
						kind = Reopen
					}
					nodes[i].parent, nodes[i].g, nodes[i].step = n, g, c
				} else {
					i = len(nodes)
					index[t] = i
					nodes = append(nodes, entry{state: t, parent: n, g: g, h: h(t), step: c})
				}
				insertAfter(at, i)
				at = i
				if obs {
					emitChild(&m, t, e.state, ev[C]{kind: kind, g: g, h: nodes[i].h, bound: bound, frontier: listed, stored: len(nodes)})
				}
			}
			after := nodes[n].next
			unlink(n)
			n = after
			m.frontier(listed)
			m.stored(len(nodes))
		}
		if !deferred {
			break
		}
		bound = nextBound
	}
	return res, ErrNotFound
}
