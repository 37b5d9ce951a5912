package search

import (
	"context"
	"iter"
	"math/big"
	"slices"
)

// Optimal holds every least-cost path from a start to the goals, as
// AllOptimal found them: a directed acyclic graph in which each state lists
// its parents at its least cost, read from the goals back. Its size is that
// of the states searched, however many paths there are.
type Optimal[S comparable, C Cost] struct {
	// Cost is the least cost of a path to a goal.
	Cost C
	// Goals are the goal states reached at that cost, in the order the
	// search reached them.
	Goals []S
	// Stats describes the work done.
	Stats Stats

	start   S
	parents map[S][]S
}

// Parents returns the states before s on least-cost paths: those p on an
// optimal path with a step p -> s whose cost makes the path through p as
// cheap as the best. It is empty for the start and for states not on an
// optimal path.
func (o *Optimal[S, C]) Parents(s S) []S {
	if s == o.start {
		return nil
	}
	return o.parents[s]
}

// Count returns the number of distinct least-cost paths (as sequences of
// states) from the start to any goal. It takes time linear in the size of
// the graph of optimal paths, not in the number of paths, and walks it on
// a stack of its own, so that paths of any length are safe.
func (o *Optimal[S, C]) Count() *big.Int {
	memo := map[S]*big.Int{o.start: big.NewInt(1)}
	type item struct {
		s S
		i int // the next parent of s to count
	}
	var stack []item
	total := new(big.Int)
	for _, g := range o.Goals {
		if _, ok := memo[g]; !ok {
			memo[g] = new(big.Int) // a cycle of zero-cost steps counts once
			stack = append(stack, item{s: g})
		}
		for len(stack) > 0 {
			top := &stack[len(stack)-1]
			ps := o.parents[top.s]
			if top.i < len(ps) {
				p := ps[top.i]
				top.i++
				if _, ok := memo[p]; !ok {
					memo[p] = new(big.Int)
					stack = append(stack, item{s: p})
				}
				continue
			}
			n := new(big.Int)
			for _, p := range ps {
				n.Add(n, memo[p])
			}
			memo[top.s] = n
			stack = stack[:len(stack)-1]
		}
		total.Add(total, memo[g])
	}
	return total
}

// Paths yields every least-cost path, start first, goal by goal. Each
// path is a fresh slice. There may be exponentially many; Count says how
// many before they are listed.
func (o *Optimal[S, C]) Paths() iter.Seq[[]S] {
	return func(yield func([]S) bool) {
		// back is the path from the goal back to the current state, next
		// the index of the parent each of its states tries next.
		var back []S
		var next []int
		on := map[S]bool{}
		// push extends back by s and yields the path when s is the start.
		push := func(s S) bool {
			if on[s] {
				return true // a cycle of zero-cost steps is walked once
			}
			if s == o.start {
				path := append(slices.Clone(back), s)
				reverse(path)
				return yield(path)
			}
			back, next = append(back, s), append(next, 0)
			on[s] = true
			return true
		}
		for _, g := range o.Goals {
			if !push(g) {
				return
			}
			for len(back) > 0 {
				top := len(back) - 1
				ps := o.parents[back[top]]
				if next[top] < len(ps) {
					p := ps[next[top]]
					next[top]++
					if !push(p) {
						return
					}
					continue
				}
				delete(on, back[top])
				back, next = back[:top], next[:top]
			}
		}
	}
}

// AllOptimal finds every least-cost path from start to a goal, as A* does
// for one (h must be admissible; a nil h searches as Dijkstra does), and
// returns them as a compact graph with a count and an iterator: the
// answer to "how many shortest solutions are there, and what are they".
// A path ends at the first goal state on it.
//
// It expands every state whose g + h is at most the least cost, instead of
// stopping at the first goal, and keeps for each state all parents that
// reach it at its least cost, so it costs about as much as A* when the
// last f layer is small and at most as much as Dijkstra. Steps must cost
// more than 0: with zero-cost cycles the paths are not finite in number
// (Count and Paths then walk each cycle once). It returns ErrNotFound when
// no goal is reachable.
func AllOptimal[S comparable, C Cost](ctx context.Context, start S, next Successors[S, C], h func(S) C, goal func(S) bool, lim Limits) (res *Optimal[S, C], err error) {
	res = &Optimal[S, C]{start: start, parents: map[S][]S{}}
	m := onePass(ctx, lim, &res.Stats, start)
	defer m.done()
	obs := m.obs != nil
	if h == nil {
		h = func(S) C { return 0 }
	}
	type record struct {
		g      C
		closed bool
	}
	best := map[S]*record{start: {}}
	open := &openList[S, C]{}
	open.push(openItem[S, C]{state: start, f: h(start)})
	found := false
	closed := 0
	for open.Len() > 0 {
		it := open.pop()
		r := best[it.state]
		if r.closed || it.g != r.g {
			continue
		}
		if found && it.f > res.Cost {
			break // every state on an optimal path has been expanded
		}
		if goal(it.state) {
			r.closed = true
			closed++
			if !found {
				found, res.Cost = true, r.g
			}
			if r.g == res.Cost {
				res.Goals = append(res.Goals, it.state)
				if obs {
					emitState(&m, it.state, ev[C]{kind: Goal, g: r.g, h: it.f - r.g, frontier: len(best) - closed, stored: len(best)})
				}
			}
			continue
		}
		if err := m.expand(); err != nil {
			return res, err
		}
		r.closed = true
		closed++
		if obs {
			emitState(&m, it.state, ev[C]{kind: Expand, g: r.g, h: it.f - r.g, frontier: len(best) - closed, stored: len(best)})
		}
		for t, c := range next(it.state) {
			res.Stats.Generated++
			if negative(c) {
				return res, negativeError(c)
			}
			g := r.g + c
			kind := Generate
			if tr, ok := best[t]; ok {
				if g > tr.g || t == start {
					if obs {
						emitChild(&m, t, it.state, ev[C]{kind: Duplicate, g: g, frontier: len(best) - closed, stored: len(best)})
					}
					continue
				}
				if g == tr.g {
					// Another parent at the same cost: the state's successors
					// are the same, so it need not be searched again.
					if ps := res.parents[t]; len(ps) == 0 || ps[len(ps)-1] != it.state {
						res.parents[t] = append(ps, it.state)
					}
					if obs {
						emitChild(&m, t, it.state, ev[C]{kind: Duplicate, g: g, frontier: len(best) - closed, stored: len(best)})
					}
					continue
				}
				if tr.closed {
					closed--
					kind = Reopen
				}
				tr.g, tr.closed = g, false
				res.parents[t] = append(res.parents[t][:0], it.state)
			} else {
				best[t] = &record{g: g}
				res.parents[t] = []S{it.state}
			}
			ht := h(t)
			open.push(openItem[S, C]{state: t, f: g + ht, g: g})
			if obs {
				emitChild(&m, t, it.state, ev[C]{kind: kind, g: g, h: ht, frontier: len(best) - closed, stored: len(best)})
			}
		}
		m.frontier(open.Len())
		m.stored(len(best))
	}
	if !found {
		return res, ErrNotFound
	}
	return res, nil
}
