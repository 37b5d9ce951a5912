package search

import (
	"context"
	"errors"
	"iter"
	"slices"
)

// Yen returns the k cheapest loopless paths from start to a goal, cheapest
// first (Yen's algorithm, 1971), as Results whose Stats are zero; stats
// describes the whole search. A path ends at the first goal state on it.
// Paths of equal cost come in the order they were found. Fewer than k
// paths come back when there are fewer; ErrNotFound when there is none.
//
// Each path after the first is found by a Dijkstra search from each state
// of the path before it (the spur), with the steps that earlier paths took
// from the same prefix and the states of that prefix removed: up to k*L
// searches for paths of L states, each O((V+E) log V). Limits.MaxNodes caps
// the expansions of all of them together; when a limit stops Yen, it
// returns the paths found so far with the error. Limits.MaxBytes counts
// the states of the paths and candidates kept together with those of the
// search under way, and the context is checked before each search.
// Limits.Observe sees each search in turn, with counts that start again
// from 0 for each.
func Yen[S comparable, C Cost](ctx context.Context, start S, next Successors[S, C], goal func(S) bool, k int, lim Limits) (paths []Result[S, C], stats Stats, err error) {
	m := newMeter(ctx, lim, &stats)
	holds(&m, start)
	defer m.done()
	// kept counts the states of the paths and candidates held.
	kept := 0
	// spur runs one Dijkstra search within what is left of the node cap
	// and of the memory budget, once the context is checked: a spur
	// search is often too short to reach its own check.
	spur := func(from S, next Successors[S, C]) (Result[S, C], error) {
		if err := m.begin(); err != nil {
			return Result[S, C]{}, err
		}
		sub := lim
		if lim.MaxNodes > 0 {
			sub.MaxNodes = lim.MaxNodes - stats.Expanded
			if sub.MaxNodes <= 0 {
				return Result[S, C]{}, m.capError()
			}
		}
		if m.maxStored > 0 {
			if kept >= m.maxStored {
				return Result[S, C]{}, m.memoryError(kept)
			}
			sub.MaxBytes = int64(m.maxStored-kept) * StateBytes(start)
		}
		res, err := bestFirst(ctx, one(from), next, nil, 1, goal, sub)
		stats.Add(res.Stats) // one iteration; the meter sets Elapsed when Yen returns
		m.stored(kept + res.Stats.PeakStored)
		return res, err
	}
	if k <= 0 {
		return nil, stats, nil
	}
	first, err := spur(start, next)
	if err != nil {
		return nil, stats, err
	}
	first.Stats = Stats{}
	paths = append(paths, first)
	kept += len(first.Path)
	m.stored(kept)
	var candidates []Result[S, C] // kept sorted by cost, ties in order found
	known := func(path []S) bool {
		for _, p := range paths {
			if slices.Equal(p.Path, path) {
				return true
			}
		}
		for _, p := range candidates {
			if slices.Equal(p.Path, path) {
				return true
			}
		}
		return false
	}
	for len(paths) < k {
		last := paths[len(paths)-1].Path
		for i := 0; i+1 < len(last); i++ {
			root := last[:i+1]
			// The steps out of the spur that paths with this root took, and
			// the root's states before the spur, are off limits.
			var banned []S
			for _, p := range paths {
				if len(p.Path) > i+1 && slices.Equal(p.Path[:i+1], root) {
					banned = append(banned, p.Path[i+1])
				}
			}
			spurNext := func(s S) iter.Seq2[S, C] {
				return func(yield func(S, C) bool) {
					for t, c := range next(s) {
						if slices.Contains(root[:i], t) || (s == root[i] && slices.Contains(banned, t)) {
							continue
						}
						if !yield(t, c) {
							return
						}
					}
				}
			}
			res, err := spur(root[i], spurNext)
			if errors.Is(err, ErrNotFound) {
				continue
			}
			if err != nil {
				return paths, stats, err
			}
			path := append(slices.Clone(root[:i]), res.Path...)
			if known(path) {
				continue
			}
			// The cost is added start first, as every search adds it.
			var cost C
			for j := 0; j+1 < len(path); j++ {
				cost += stepCost(next, path[j], path[j+1])
			}
			cand := Result[S, C]{Path: path, Cost: cost}
			// After every candidate of the same cost: ties in order found.
			at, _ := slices.BinarySearchFunc(candidates, cost, func(r Result[S, C], c C) int {
				if r.Cost <= c {
					return -1
				}
				return 1
			})
			candidates = slices.Insert(candidates, at, cand)
			kept += len(path)
			m.stored(kept)
		}
		if len(candidates) == 0 {
			break
		}
		paths = append(paths, candidates[0])
		candidates = candidates[1:]
	}
	return paths, stats, nil
}

// stepCost returns the least cost of a step from s to t.
func stepCost[S comparable, C Cost](next Successors[S, C], s, t S) C {
	var best C
	found := false
	for u, c := range next(s) {
		if u == t && (!found || c < best) {
			best, found = c, true
		}
	}
	return best
}
