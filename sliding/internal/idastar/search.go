package idastar

import (
	"context"
	"fmt"
	"math"
	"sync"
	"sync/atomic"
	"time"

	"github.com/searchlab/searchlab/search"
)

// shared is what the workers of one iteration share.
type shared struct {
	bound     int
	split     int          // depth at which subtrees are handed out
	rs        *Run         // hands out the subtrees and records those finished
	found     atomic.Int64 // lowest subtree holding a solution, MaxInt64 if none
	total     atomic.Int64 // nodes expanded, updated in batches
	maxNodes  int64        // the caller's node cap (0: none)
	spent     int64        // nodes expanded by earlier iterations of the call, which count against it
	ctx       context.Context
	abort     atomic.Bool
	err       error
	mu        sync.Mutex
	bestPath  []int8
	bestOwner int64
}

const checkEvery = 1 << 12

// dfs searches below n at depth g (row holds the move-pruning machine's
// transitions from the current state, by direction) and
// reports whether it found the goal within sh.bound. Above the split depth
// every worker walks the same tree; the subtrees at the split depth are
// numbered in the order met, and each is searched by the worker that holds
// its ticket.
func (e *Engine) dfs(n *node, sh *shared, g int, row [4]int32) bool {
	if g == sh.split {
		i := n.seen
		n.seen++
		if i != n.ticket {
			return false
		}
		if sh.found.Load() < 2*i+1 {
			n.stop = true
			return false
		}
		exp, gen, next := n.expanded, n.generated, n.nextBound
		n.nextBound = math.MaxInt
		var found bool
		if e.twoSums {
			found = expand[two](e, n, sh, g, row)
		} else {
			found = expand[many](e, n, sh, g, row)
		}
		sub := n.nextBound
		n.nextBound = min(next, sub)
		if found {
			n.owner = 2*i + 1
			return true
		}
		if n.stop {
			return false
		}
		n.subtrees++
		n.ticket = sh.rs.finish(i, n.expanded-exp, n.generated-gen, sub)
		return false
	}
	// (Written out, as above: a method choosing between the two is not
	// inlined.)
	if e.twoSums {
		return expand[two](e, n, sh, g, row)
	}
	return expand[many](e, n, sh, g, row)
}

// check adds n's recent nodes to the shared count and reports whether the
// search must stop (context done, node cap reached or an error).
func (e *Engine) check(n *node, sh *shared) bool {
	total := sh.total.Add(n.count)
	n.count = 0
	if sh.abort.Load() {
		n.stop = true
		return true
	}
	err := sh.ctx.Err()
	if err != nil {
		err = fmt.Errorf("%w: %w", search.ErrLimit, err)
	} else if sh.maxNodes > 0 && sh.spent+total > sh.maxNodes {
		err = fmt.Errorf("%w: more than %d nodes", search.ErrLimit, sh.maxNodes)
	}
	if err != nil {
		sh.mu.Lock()
		if sh.err == nil {
			sh.err = err
		}
		sh.mu.Unlock()
		sh.abort.Store(true)
		n.stop = true
		return true
	}
	return false
}

// splitDepth is the depth at which the search tree is shared out: deep
// enough for many subtrees, so that no one subtree holds most of the work.
// Every worker walks the tree above it, which costs little next to the
// subtrees.
func splitDepth(cells int) int {
	if cells > 16 {
		return 14
	}
	return 8
}

// Solve runs IDA* from the board whose cell c holds tile cells[c] and
// returns the blank's cells along an optimal path. rs, if not nil, is the
// state of a long solve (see Long): its threads, the iteration and
// subtrees that a checkpoint says are finished, and its reports; without
// it the search runs on every processor. lim.MaxNodes caps the nodes
// expanded in this call, and an ended ctx stops it: the error then
// matches search.ErrLimit.
func (e *Engine) Solve(ctx context.Context, cells []uint8, lim search.Limits, rs *Run) ([]int8, search.Stats, error) {
	start := time.Now()
	var root node
	e.init(&root, cells)
	if root.manhattan == 0 {
		return nil, search.Stats{Iterations: 1, Elapsed: time.Since(start)}, nil
	}
	if rs == nil {
		rs = &Run{split: splitDepth(e.n), skipNext: math.MaxInt, doneNext: math.MaxInt, runStart: start}
	}
	workers := rs.threads()
	if rs.bound == 0 {
		rs.bound = root.h()
	}
	var st search.Stats
	var run int64 // nodes expanded in this call
	finish := func(path []int8, err error) ([]int8, search.Stats, error) {
		rs.mu.Lock()
		st.Expanded += rs.base.Expanded
		st.Generated += rs.base.Generated
		st.Iterations += rs.base.Iterations
		st.Elapsed = rs.before + time.Since(start)
		rs.mu.Unlock()
		return path, st, err
	}
	for {
		if err := ctx.Err(); err != nil {
			return finish(nil, fmt.Errorf("%w: %w", search.ErrLimit, err))
		}
		if lim.MaxNodes > 0 && run > lim.MaxNodes {
			return finish(nil, fmt.Errorf("%w: more than %d nodes", search.ErrLimit, lim.MaxNodes))
		}
		bound := rs.bound
		sh := &shared{bound: bound, split: rs.split, rs: rs, ctx: ctx, maxNodes: lim.MaxNodes, spent: run}
		sh.found.Store(math.MaxInt64)
		sh.bestOwner = math.MaxInt64
		rs.startIteration(sh)
		iterStart := time.Now()
		var wg sync.WaitGroup
		nodes := make([]*node, workers)
		busy := make([]time.Duration, workers)
		for w := range workers {
			n := new(node)
			*n = root
			n.scratch = scratchPool.Get().(*[maxDepth]scratch)
			n.worker = w
			n.nextBound = math.MaxInt
			nodes[w] = n
			wg.Add(1)
			go func() {
				defer wg.Done()
				if err := e.guarded(func() error { e.work(n, sh); return nil }); err != nil {
					sh.mu.Lock()
					if sh.err == nil {
						sh.err = err
					}
					sh.mu.Unlock()
					sh.abort.Store(true)
				}
				busy[w] = time.Since(iterStart)
			}()
		}
		wg.Wait()
		var exp, gen int64
		next := math.MaxInt
		for _, n := range nodes {
			scratchPool.Put(n.scratch)
			n.scratch = nil
			exp += n.expanded
			gen += n.generated
			next = min(next, n.nextBound)
		}
		run += exp
		st.PeakFrontier = max(st.PeakFrontier, bound)
		if sh.err != nil {
			// The iteration is cut short: its finished subtrees are in rs
			// for a checkpoint; the statistics count what was done.
			st.Expanded, st.Generated, st.Iterations = exp, gen, 1
			return finish(nil, sh.err)
		}
		seen := int64(-1) // unknown when a worker stopped at a solution
		if sh.bestPath == nil {
			for _, n := range nodes {
				seen = max(seen, n.seen)
			}
		}
		exp, gen, next, err := rs.endIteration(exp, gen, next, seen)
		if err != nil {
			return finish(nil, err)
		}
		if rs.opt.Iteration != nil {
			rep := IterationReport{Bound: bound, Expanded: exp, Generated: gen, Elapsed: time.Since(iterStart), Resumed: rs.iterResumed}
			for w, n := range nodes {
				rep.Workers = append(rep.Workers, WorkerReport{Subtrees: n.subtrees, Expanded: n.expanded, Busy: busy[w]})
			}
			rs.mu.Lock()
			rep.Subtrees = rs.done.count()
			rs.mu.Unlock()
			rs.opt.Iteration(rep)
		}
		if sh.bestPath != nil {
			st.Expanded, st.Generated, st.Iterations = exp, gen, 1
			st.PeakFrontier = len(sh.bestPath)
			return finish(sh.bestPath, nil)
		}
		if next == math.MaxInt || next > maxDepth-1 {
			return finish(nil, fmt.Errorf("pdb: no solution within %d moves", maxDepth-1))
		}
		rs.advance(next, exp, gen)
	}
}

// work runs one worker's share of an iteration.
func (e *Engine) work(n *node, sh *shared) {
	n.ticket = sh.rs.first()
	if !e.dfs(n, sh, 0, e.row(e.start[n.blank])) {
		return
	}
	sh.mu.Lock()
	if n.owner < sh.bestOwner {
		sh.bestOwner = n.owner
		sh.bestPath = append([]int8(nil), n.path[:n.foundDepth]...)
	}
	sh.mu.Unlock()
	for {
		cur := sh.found.Load()
		if n.owner >= cur || sh.found.CompareAndSwap(cur, n.owner) {
			break
		}
	}
}
