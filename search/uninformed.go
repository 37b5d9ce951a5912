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

	// What BFS knows of each state, by its number in ids: the parent's
	// number (-1 for a start) and the cost of the path to it.
	type node struct {
		parent int32
		cost   C
	}
	ids := newNodes[S](nil, sparseFor(lim))
	var known byID[node]
	defer known.free()
	path := func(id int32) {
		for ; id >= 0; id = known.at(id).parent {
			res.Path = append(res.Path, ids.state(id))
		}
		reverse(res.Path)
	}
	var queue []int32
	for s := range starts {
		id, fresh := ids.find(s)
		if id < 0 {
			return res, ids.unnumbered(s)
		}
		if !fresh {
			continue
		}
		holds(&m, s)
		known.set(id, node{parent: -1})
		if goal(s) {
			path(id)
			m.stored(ids.len())
			if obs {
				emitState(&m, s, ev[C]{kind: Goal, stored: ids.len()})
			}
			return res, nil
		}
		queue = append(queue, id)
	}
	for head := 0; head < len(queue); head++ {
		sid := queue[head]
		s := ids.state(sid)
		if err := m.expand(); err != nil {
			return res, err
		}
		cost := known.at(sid).cost
		if obs {
			emitState(&m, s, ev[C]{kind: Expand, g: cost, frontier: len(queue) - head - 1, stored: ids.len()})
		}
		for t, c := range next(s) {
			res.Stats.Generated++
			id, fresh := ids.find(t)
			if !fresh {
				if obs {
					emitChild(&m, t, s, ev[C]{kind: Duplicate, g: cost + c, frontier: len(queue) - head - 1, stored: ids.len()})
				}
				continue
			}
			if id < 0 {
				return res, ids.unnumbered(t)
			}
			known.set(id, node{parent: sid, cost: cost + c})
			if goal(t) {
				res.Cost = cost + c
				path(id)
				m.frontier(len(queue) - head)
				m.stored(ids.len())
				if obs {
					emitChild(&m, t, s, ev[C]{kind: Generate, g: cost + c, frontier: len(queue) - head, stored: ids.len()})
					emitState(&m, t, ev[C]{kind: Goal, g: cost + c, depth: len(res.Path) - 1, frontier: len(queue) - head - 1, stored: ids.len()})
				}
				return res, nil
			}
			queue = append(queue, id)
			if obs {
				emitChild(&m, t, s, ev[C]{kind: Generate, g: cost + c, frontier: len(queue) - head - 1, stored: ids.len()})
			}
		}
		m.frontier(len(queue) - head - 1)
		m.stored(ids.len())
		// Drop the consumed prefix now and then so that the queue's memory
		// follows the frontier rather than every state ever queued.
		if head >= 1<<16 && head*2 >= len(queue) {
			queue = append(queue[:0], queue[head+1:]...)
			head = -1
		}
	}
	return res, ErrNotFound
}

func reverse[S any](s []S) {
	for i, j := 0, len(s)-1; i < j; i, j = i+1, j-1 {
		s[i], s[j] = s[j], s[i]
	}
}
