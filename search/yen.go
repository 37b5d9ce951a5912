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
// returns the paths found so far with the error. Limits.Observe sees each
// search in turn, with counts that start again from 0 for each.
func Yen[S comparable](ctx context.Context, start S, next Successors[S], goal func(S) bool, k int, lim Limits) (paths []Result[S], stats Stats, err error) {
	m := newMeter(ctx, lim, &stats)
	defer m.done()
	// spur runs one Dijkstra search within what is left of the node cap.
	spur := func(from S, next Successors[S]) (Result[S], error) {
		sub := lim
		if lim.MaxNodes > 0 {
			sub.MaxNodes = lim.MaxNodes - stats.Expanded
			if sub.MaxNodes <= 0 {
				return Result[S]{}, m.capError()
			}
		}
		res, err := bestFirst(ctx, one(from), next, nil, 1, goal, sub)
		stats.Add(res.Stats) // one iteration; the meter sets Elapsed when Yen returns
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
	var candidates []Result[S] // kept sorted by cost, ties in order found
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
			rootCost := 0
			spurNext := func(s S) iter.Seq2[S, int] {
				return func(yield func(S, int) bool) {
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
			for j := 0; j < i; j++ {
				rootCost += stepCost(next, root[j], root[j+1])
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
			cand := Result[S]{Path: path, Cost: rootCost + res.Cost}
			at, _ := slices.BinarySearchFunc(candidates, cand.Cost+1, func(r Result[S], c int) int { return r.Cost - c })
			candidates = slices.Insert(candidates, at, cand)
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
func stepCost[S comparable](next Successors[S], s, t S) int {
	best := -1
	for u, c := range next(s) {
		if u == t && (best < 0 || c < best) {
			best = c
		}
	}
	return best
}
