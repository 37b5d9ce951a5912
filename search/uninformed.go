package search

import (
	"context"
	"iter"
)

// BFS searches breadth-first from start and returns a path with the fewest
// steps to a state for which goal reports true. The path is also of least
// cost when every step costs the same; for other costs use Dijkstra.
//
// Successors are tested against goal as they are generated, and each state is
// queued at most once, so BFS takes O(V+E) time and O(V) memory over the V
// states and E steps it reaches. It returns ErrNotFound when no goal is
// reachable.
func BFS[S comparable, C Cost](ctx context.Context, start S, next Successors[S, C], goal func(S) bool, lim Limits) (Result[S, C], error) {
	return bfs(ctx, one(start), next, goal, lim)
}

// BFSFrom is BFS from several start states at once: it returns a path with
// the fewest steps from any of starts to a goal (the path begins at the
// start it came from). It returns ErrNotFound when starts is empty or no
// goal is reachable.
func BFSFrom[S comparable, C Cost](ctx context.Context, starts iter.Seq[S], next Successors[S, C], goal func(S) bool, lim Limits) (Result[S, C], error) {
	return bfs(ctx, starts, next, goal, lim)
}

func bfs[S comparable, C Cost](ctx context.Context, starts iter.Seq[S], next Successors[S, C], goal func(S) bool, lim Limits) (res Result[S, C], err error) {
	m := newMeter(ctx, lim, &res.Stats)
	defer m.done()
	res.Stats.Iterations = 1
	obs := m.obs != nil

	type entry struct {
		parent S
		cost   C
		start  bool
	}
	seen := map[S]entry{}
	path := func(s S) {
		res.Path = pathTo(s, func(s S) (S, bool) { e := seen[s]; return e.parent, e.start })
	}
	var queue []S
	for s := range starts {
		if _, ok := seen[s]; ok {
			continue
		}
		holds(&m, s)
		seen[s] = entry{s, 0, true}
		if goal(s) {
			path(s)
			m.stored(len(seen))
			if obs {
				emitState(&m, s, ev[C]{kind: Goal, stored: len(seen)})
			}
			return res, nil
		}
		queue = append(queue, s)
	}
	for head := 0; head < len(queue); head++ {
		s := queue[head]
		if err := m.expand(); err != nil {
			return res, err
		}
		cost := seen[s].cost
		if obs {
			emitState(&m, s, ev[C]{kind: Expand, g: cost, frontier: len(queue) - head - 1, stored: len(seen)})
		}
		for t, c := range next(s) {
			res.Stats.Generated++
			if _, ok := seen[t]; ok {
				if obs {
					emitChild(&m, t, s, ev[C]{kind: Duplicate, g: cost + c, frontier: len(queue) - head - 1, stored: len(seen)})
				}
				continue
			}
			seen[t] = entry{s, cost + c, false}
			if goal(t) {
				res.Cost = cost + c
				path(t)
				m.frontier(len(queue) - head)
				m.stored(len(seen))
				if obs {
					emitChild(&m, t, s, ev[C]{kind: Generate, g: cost + c, frontier: len(queue) - head, stored: len(seen)})
					emitState(&m, t, ev[C]{kind: Goal, g: cost + c, depth: len(res.Path) - 1, frontier: len(queue) - head - 1, stored: len(seen)})
				}
				return res, nil
			}
			queue = append(queue, t)
			if obs {
				emitChild(&m, t, s, ev[C]{kind: Generate, g: cost + c, frontier: len(queue) - head - 1, stored: len(seen)})
			}
		}
		m.frontier(len(queue) - head - 1)
		m.stored(len(seen))
		// Drop the consumed prefix now and then so that the queue's memory
		// follows the frontier rather than every state ever queued.
		if head >= 1<<16 && head*2 >= len(queue) {
			queue = append(queue[:0], queue[head+1:]...)
			head = -1
		}
	}
	return res, ErrNotFound
}

// DFS searches depth-first from start, to at most maxDepth steps, and
// returns the first path to a goal that it finds, trying successors in the
// order they are yielded. The path need not be the shortest. A state already
// on the current path is not entered again, so DFS terminates on any finite
// depth limit; a negative maxDepth means no limit, which is safe only on
// finite graphs, since DFS keeps no visited set beyond the current path.
//
// Memory is O(depth); time is O(b^d) for branching factor b and depth d.
// DFS returns ErrNotFound when no goal lies within maxDepth steps.
func DFS[S comparable, C Cost](ctx context.Context, start S, next Successors[S, C], goal func(S) bool, maxDepth int, lim Limits) (res Result[S, C], err error) {
	m := newMeter(ctx, lim, &res.Stats)
	defer m.done()
	res.Stats.Iterations = 1
	d := depthFirst[S, C]{m: &m, next: next, goal: goal, onPath: map[S]bool{}, obs: m.obs != nil}
	found, _, err := d.run(start, maxDepth)
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
// depth. It returns ErrNotFound once a search to some depth met no state
// whose successors were cut off by the limit, or when maxDepth is reached.
func IDDFS[S comparable, C Cost](ctx context.Context, start S, next Successors[S, C], goal func(S) bool, maxDepth int, lim Limits) (res Result[S, C], err error) {
	m := newMeter(ctx, lim, &res.Stats)
	defer m.done()
	d := depthFirst[S, C]{m: &m, next: next, goal: goal, onPath: map[S]bool{}, obs: m.obs != nil}
	for depth := 0; maxDepth < 0 || depth <= maxDepth; depth++ {
		res.Stats.Iterations++
		if m.obs != nil {
			emitNone(&m, ev[C]{kind: Threshold, bound: C(depth)})
		}
		found, cut, err := d.run(start, depth)
		if err != nil {
			return res, err
		}
		if found {
			res.Path, res.Cost = d.path, d.cost
			return res, nil
		}
		if !cut {
			break
		}
	}
	return res, ErrNotFound
}

// depthFirst holds the state of one depth-limited search.
type depthFirst[S comparable, C Cost] struct {
	m      *meter
	next   Successors[S, C]
	goal   func(S) bool
	onPath map[S]bool
	path   []S
	cost   C
	cut    bool
	limit  int  // the depth limit of the current run, for trace events
	obs    bool // report events to m.obs
}

// run searches from start to depth limit (unbounded when negative). It
// reports whether a goal was found and whether some state was cut off by
// the limit.
func (d *depthFirst[S, C]) run(start S, limit int) (found, cut bool, err error) {
	d.path = d.path[:0]
	d.cost = 0
	d.cut = false
	clear(d.onPath)
	d.limit = limit
	found, err = d.visit(start, 0, limit)
	return found, d.cut, err
}

func (d *depthFirst[S, C]) visit(s S, cost C, remaining int) (bool, error) {
	d.path = append(d.path, s)
	d.onPath[s] = true
	d.m.frontier(len(d.path))
	d.m.stored(len(d.path))
	if d.goal(s) {
		d.cost = cost
		if d.obs {
			emitState(d.m, s, ev[C]{kind: Goal, g: cost, depth: len(d.path) - 1, bound: C(d.limit), frontier: len(d.path), stored: len(d.path)})
		}
		return true, nil
	}
	if remaining == 0 {
		d.cut = true
		if d.obs {
			emitState(d.m, s, ev[C]{kind: Prune, g: cost, depth: len(d.path) - 1, bound: C(d.limit), frontier: len(d.path), stored: len(d.path)})
		}
	} else {
		if err := d.m.expand(); err != nil {
			return false, err
		}
		if d.obs {
			emitState(d.m, s, ev[C]{kind: Expand, g: cost, depth: len(d.path) - 1, bound: C(d.limit), frontier: len(d.path), stored: len(d.path)})
		}
		for t, c := range d.next(s) {
			d.m.stats.Generated++
			if d.onPath[t] {
				if d.obs {
					emitChild(d.m, t, s, ev[C]{kind: Duplicate, g: cost + c, depth: len(d.path), bound: C(d.limit), frontier: len(d.path), stored: len(d.path)})
				}
				continue
			}
			if d.obs {
				emitChild(d.m, t, s, ev[C]{kind: Generate, g: cost + c, depth: len(d.path), bound: C(d.limit), frontier: len(d.path), stored: len(d.path)})
			}
			found, err := d.visit(t, cost+c, remaining-1)
			if found || err != nil {
				return found, err
			}
		}
	}
	delete(d.onPath, s)
	d.path = d.path[:len(d.path)-1]
	return false, nil
}

func reverse[S any](s []S) {
	for i, j := 0, len(s)-1; i < j; i, j = i+1, j-1 {
		s[i], s[j] = s[j], s[i]
	}
}
