package search

import (
	"context"
	"math/big"
)

// CountPaths returns the number of paths from start to a goal in a
// directed acyclic graph. A path ends at the first goal it meets, so the
// successors of a goal state are never generated; each step counts, so a
// state yielded twice as a successor of one state makes two paths through
// it. Step costs are ignored. A start that is a goal has one path, itself.
//
// The count is exact: a *big.Int, since the number of paths grows
// exponentially with the depth (a ladder of 64 diamonds already holds 2^64
// paths and would overflow a uint64). When the states explored (those
// reachable from start without passing a goal) hold a cycle, the count may
// be infinite and CountPaths returns a *CycleError naming one (matching
// ErrCycle), even when no goal lies beyond that cycle.
//
// It takes O(V+E) additions over the V states and E steps explored,
// without recursion, and holds one count for each state. Stats.Expanded
// counts the states whose successors were generated; Limits apply as to
// every search (trace events: expand and generate).
func CountPaths[S comparable, C Cost](ctx context.Context, start S, next Successors[S, C], goal func(S) bool, lim Limits) (count *big.Int, stats Stats, err error) {
	m := onePass(ctx, lim, &stats, start)
	defer m.done()
	if goal(start) {
		return big.NewInt(1), stats, nil
	}
	// counts holds a count for each finished state and nil for each state
	// on the current path; ids number the states so that a frame finds
	// its own count.
	counts := map[S]*big.Int{start: nil}
	acc := []*big.Int{new(big.Int)} // the running count of each frame
	one := big.NewInt(1)
	d := newDFSStack(&m, next)
	if err := d.push(start, 0, 1); err != nil {
		return nil, stats, err
	}
	for {
		t, ok := d.child()
		if !ok {
			f := d.pop()
			n := acc[len(acc)-1]
			acc = acc[:len(acc)-1]
			counts[f.state] = n
			if len(d.frames) == 0 {
				return n, stats, nil
			}
			acc[len(acc)-1].Add(acc[len(acc)-1], n)
			continue
		}
		n, seen := counts[t]
		switch {
		case seen && n == nil:
			return nil, stats, &CycleError[S]{Cycle: d.cycleTo(t)}
		case seen:
			acc[len(acc)-1].Add(acc[len(acc)-1], n)
		case goal(t):
			counts[t] = one
			acc[len(acc)-1].Add(acc[len(acc)-1], one)
		default:
			counts[t] = nil
			acc = append(acc, new(big.Int))
			if err := d.push(t, 0, len(counts)); err != nil {
				return nil, stats, err
			}
		}
	}
}
