package pdb

import (
	"context"
	"fmt"
	"math"
	"sync"
	"sync/atomic"
	"time"

	"github.com/searchlab/searchlab/search"
	"github.com/searchlab/searchlab/sliding"
)

// Limits of the search's fixed arrays.
const (
	maxPatterns = 16  // groups in a partition
	maxDepth    = 256 // moves in a solution
)

// solver is a Set prepared for IDA*: tiles are named by their goal cells,
// and the blank's name is its goal cell.
type solver struct {
	g        *geom
	blank    int // the blank's name (its goal cell)
	npat     int
	ktiles   [maxPatterns]int
	tiles    [maxPatterns][maxCells]uint8 // tiles of each pattern
	mtiles   [maxPatterns][maxCells]uint8 // for the mirror: the tile whose reflected cell to rank
	tables   [maxPatterns][]uint32
	patOf    [maxCells]int8 // pattern of each tile; -1 for the blank
	mpatOf   [maxCells]int8 // pattern that tile's reflection belongs to
	mirror   bool
	tr       [maxCells]uint8
	md       [maxCells][maxCells]int8 // md[t][c]: taxicab distance of tile t on cell c from home
	nbrs     [maxCells][4]int8        // cells next to each cell, -1 padded
	ndir     [maxCells][4]int8        // the direction of each of nbrs (0 up, 1 down, 2 left, 3 right)
	fsm      []int32                  // the move-pruning machine's transitions (prune.Machine.Table)
	start    []int32                  // the machine's state on each cell with no move made
	pruneLen int                      // the machine's length
}

func newSolver(s *Set) *solver {
	v := &solver{g: s.g, blank: s.blank, npat: len(s.groups)}
	g := s.g
	for t := range g.n {
		v.patOf[t] = -1
		v.mpatOf[t] = -1
		v.tr[t] = uint8(t)
		for c := range g.n {
			if t != s.blank {
				v.md[t][c] = int8(g.dist(t, c))
			}
		}
		k := 0
		for d, c := range []int{t - g.w, t + g.w, t - 1, t + 1} {
			if c >= 0 && c < g.n && g.dist(t, c) == 1 {
				v.nbrs[t][k] = int8(c)
				v.ndir[t][k] = int8(d)
				k++
			}
		}
		for ; k < 4; k++ {
			v.nbrs[t][k] = -1
		}
	}
	for i, grp := range s.groups {
		v.ktiles[i] = len(grp)
		v.tables[i] = s.tables[i]
		for j, t := range grp {
			v.tiles[i][j] = uint8(t)
			v.patOf[t] = int8(i)
		}
	}
	m := s.machine
	if m == nil {
		m, _ = machineFor(context.Background(), s.w, s.h, 2) // cannot fail: it takes microseconds
	}
	v.fsm = m.Table()
	v.pruneLen = m.MaxLen()
	v.start = make([]int32, g.n)
	for c := range g.n {
		v.start[c] = m.Start(c)
	}
	v.mirror = s.Mirror()
	if v.mirror {
		for t := range g.n {
			v.tr[t] = uint8(g.transpose(t))
		}
		for i := range v.npat {
			for j := range v.ktiles[i] {
				v.mtiles[i][j] = v.tr[v.tiles[i][j]]
			}
		}
		for t := range g.n {
			if t != s.blank {
				v.mpatOf[t] = v.patOf[v.tr[t]]
			}
		}
	}
	return v
}

// row returns the move-pruning machine's transitions from state st.
func (v *solver) row(st int32) [4]int32 {
	return [4]int32(v.fsm[4*int(st) : 4*int(st)+4])
}

// follow returns the move-pruning machine's state after the blank moves
// from cell b to the next cell c in state st, or a negative state if the
// machine prunes the move.
func (v *solver) follow(st int32, b, c int) int32 {
	for k, d := range v.nbrs[b] {
		if int(d) == c {
			return v.fsm[4*int(st)+int(v.ndir[b][k])]
		}
	}
	return -1
}

// node is the state of one search: the board and its heuristic's parts.
type node struct {
	cell       [maxCells]uint8 // tile on each cell
	pos        [maxCells]uint8 // cell of each tile
	blank      int             // cell of the blank
	md         int
	val, mval  [maxPatterns]int
	sum, msum  int
	path       [maxDepth]int8 // cell of the blank after each move
	expanded   int64
	generated  int64
	nextBound  int
	ticket     int64 // the subtree at the split depth this worker searches next
	subtrees   int64 // subtrees this worker finished in this iteration
	seen       int64 // split-depth nodes met so far in this iteration
	owner      int64 // where the solution found lies: 2i+1 in subtree i, 2i above the split before subtree i
	count      int64 // nodes since the last check
	worker     int
	stop       bool
	foundDepth int
}

// rankOf returns the index of pattern i in the placement of n.
func (v *solver) rankOf(n *node, i int) int64 {
	var r int64
	var used uint32
	nc := v.g.n
	for j := range v.ktiles[i] {
		p := n.pos[v.tiles[i][j]]
		d := int(p) - onesBelow(used, p)
		r = r*int64(nc-j) + int64(d)
		used |= 1 << p
	}
	return r
}

// mrankOf returns the index of pattern i in the reflection of n.
func (v *solver) mrankOf(n *node, i int) int64 {
	var r int64
	var used uint32
	nc := v.g.n
	for j := range v.ktiles[i] {
		p := v.tr[n.pos[v.mtiles[i][j]]]
		d := int(p) - onesBelow(used, p)
		r = r*int64(nc-j) + int64(d)
		used |= 1 << p
	}
	return r
}

// h returns the heuristic of n from its parts.
func (n *node) h() int { return n.md + 2*max(n.sum, n.msum) }

// init sets n to the board cells (tile names by cell) and computes its
// heuristic from scratch.
func (v *solver) init(n *node, cells []uint8) {
	n.md = 0
	for c, t := range cells {
		n.cell[c] = t
		n.pos[t] = uint8(c)
		if int(t) == v.blank {
			n.blank = c
		} else {
			n.md += int(v.md[t][c])
		}
	}
	n.sum, n.msum = 0, 0
	for i := range v.npat {
		n.val[i] = entry(v.tables[i], v.rankOf(n, i))
		n.sum += n.val[i]
		if v.mirror {
			n.mval[i] = entry(v.tables[i], v.mrankOf(n, i))
			n.msum += n.mval[i]
		}
	}
}

// shared is what the workers of one iteration share.
type shared struct {
	bound     int
	split     int          // depth at which subtrees are handed out
	rs        *runState    // hands out the subtrees and records those finished
	found     atomic.Int64 // lowest subtree holding a solution, MaxInt64 if none
	total     atomic.Int64 // nodes expanded, updated in batches
	maxNodes  int64
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
func (v *solver) dfs(n *node, sh *shared, g int, row [4]int32) bool {
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
		found := v.expand(n, sh, g, row)
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
	return v.expand(n, sh, g, row)
}

// expand generates the children of n at depth g and searches those within
// the bound.
func (v *solver) expand(n *node, sh *shared, g int, row [4]int32) bool {
	counted := g >= sh.split || n.worker == 0
	if counted {
		n.expanded++
	}
	n.count++
	if n.count >= checkEvery {
		if v.check(n, sh) {
			return false
		}
		if g > sh.split && sh.found.Load() < 2*n.ticket+1 {
			n.stop = true
			return false
		}
	}
	b := n.blank
	// Rank every child's changed patterns first and fetch their entries
	// together, so that the cache misses of the lookups overlap.
	var kids [4]struct {
		c          int
		st         int32
		row        [4]int32
		rank, mr   int64
		word, mwrd uint32
	}
	nk := 0
	for k := range 4 {
		c := int(v.nbrs[b][k])
		if c < 0 {
			break
		}
		cst := row[v.ndir[b][k]]
		if cst < 0 {
			continue
		}
		t := n.cell[c]
		n.pos[t] = uint8(b)
		kd := &kids[nk]
		kd.c = c
		kd.st = cst
		kd.rank = v.rankOf(n, int(v.patOf[t]))
		if v.mirror {
			kd.mr = v.mrankOf(n, int(v.mpatOf[t]))
		}
		n.pos[t] = uint8(c)
		nk++
	}
	for k := range nk {
		kd := &kids[k]
		t := n.cell[kd.c]
		kd.word = v.tables[v.patOf[t]][kd.rank>>3]
		// The child's transitions, fetched here so that a cache miss
		// overlaps those of the tables.
		kd.row = v.row(kd.st)
		if v.mirror {
			kd.mwrd = v.tables[v.mpatOf[t]][kd.mr>>3]
		}
	}
	for k := range nk {
		kd := &kids[k]
		c := kd.c
		t := n.cell[c]
		md := n.md + int(v.md[t][b]) - int(v.md[t][c])
		n.pos[t] = uint8(b)
		pi := v.patOf[t]
		vi := int(kd.word >> (4 * uint(kd.rank&7)) & 15)
		sum := n.sum - n.val[pi] + vi
		msum := n.msum
		mi := v.mpatOf[t]
		mvi := 0
		if v.mirror {
			mvi = int(kd.mwrd >> (4 * uint(kd.mr&7)) & 15)
			msum += mvi - n.mval[mi]
		}
		f := g + 1 + md + 2*max(sum, msum)
		if counted {
			n.generated++
		}
		if f > sh.bound {
			n.pos[t] = uint8(c)
			if f < n.nextBound {
				n.nextBound = f
			}
			continue
		}
		// Make the move.
		n.cell[b] = t
		n.cell[c] = uint8(v.blank)
		n.pos[v.blank] = uint8(c)
		n.blank = c
		oldMd, oldV, oldSum, oldMsum := n.md, n.val[pi], n.sum, n.msum
		n.md, n.val[pi], n.sum, n.msum = md, vi, sum, msum
		var oldMv int
		if v.mirror {
			oldMv = n.mval[mi]
			n.mval[mi] = mvi
		}
		n.path[g] = int8(c)
		if md == 0 {
			n.foundDepth = g + 1
			n.owner = 2 * n.seen // a solution above the split, before subtree n.seen
			return true
		}
		if v.dfs(n, sh, g+1, kd.row) {
			return true
		}
		// Undo it.
		n.blank = b
		n.pos[v.blank] = uint8(b)
		n.cell[c] = t
		n.cell[b] = uint8(v.blank)
		n.pos[t] = uint8(c)
		n.md, n.val[pi], n.sum, n.msum = oldMd, oldV, oldSum, oldMsum
		if v.mirror {
			n.mval[mi] = oldMv
		}
		if n.stop {
			return false
		}
	}
	return false
}

// check adds n's recent nodes to the shared count and reports whether the
// search must stop (context done, node cap reached or an error).
func (v *solver) check(n *node, sh *shared) bool {
	total := sh.total.Add(n.count)
	n.count = 0
	if sh.abort.Load() {
		n.stop = true
		return true
	}
	err := sh.ctx.Err()
	if err != nil {
		err = fmt.Errorf("%w: %w", search.ErrLimit, err)
	} else if sh.maxNodes > 0 && total > sh.maxNodes {
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

// solve runs IDA* from the board whose cell c holds tile cells[c] and
// returns the blank's cells along an optimal path. rs, if not nil, is the
// state of a long solve: its threads, the iteration and subtrees that a
// checkpoint says are finished, and its reports; lim.MaxNodes caps the
// nodes expanded in this call.
func (v *solver) solve(ctx context.Context, cells []uint8, lim search.Limits, rs *runState) ([]int8, search.Stats, error) {
	start := time.Now()
	var root node
	v.init(&root, cells)
	if root.md == 0 {
		return nil, search.Stats{Iterations: 1, Elapsed: time.Since(start)}, nil
	}
	if rs == nil {
		rs = &runState{split: splitDepth(v.g.n), skipNext: math.MaxInt, doneNext: math.MaxInt, runStart: start}
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
		sh := &shared{bound: bound, split: rs.split, rs: rs, ctx: ctx}
		if lim.MaxNodes > 0 {
			sh.maxNodes = max(1, lim.MaxNodes-run)
		}
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
			n.worker = w
			n.nextBound = math.MaxInt
			nodes[w] = n
			wg.Add(1)
			go func() {
				defer wg.Done()
				v.work(n, sh)
				busy[w] = time.Since(iterStart)
			}()
		}
		wg.Wait()
		var exp, gen int64
		next := math.MaxInt
		for _, n := range nodes {
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
		exp, gen, next = rs.endIteration(exp, gen, next)
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
func (v *solver) work(n *node, sh *shared) {
	n.ticket = sh.rs.first()
	if !v.dfs(n, sh, 0, v.row(v.start[n.blank])) {
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

// solveBoard solves b for goal with s, as a sliding.Solution.
func solveBoard(ctx context.Context, s *Set, b, goal sliding.Board, lim search.Limits, rs *runState) (sliding.Solution, error) {
	if err := s.check(b, goal); err != nil {
		return sliding.Solution{}, err
	}
	if !sliding.Solvable(b, goal) {
		return sliding.Solution{}, sliding.ErrUnsolvable
	}
	m := s.symmetry(goal.Blank())
	inv := make([]int, len(m))
	for c, d := range m {
		inv[d] = c
	}
	cells := relabel(transform(b, m), transform(goal, m))
	v := s.solver()
	path, st, err := v.solve(ctx, cells, lim, rs)
	sol := sliding.Solution{Method: s.Method(), Stats: st}
	if err != nil {
		return sol, err
	}
	prev := b.Blank()
	for _, tc := range path {
		c := inv[tc]
		var m sliding.Move
		switch c - prev {
		case -b.W:
			m = sliding.Up
		case b.W:
			m = sliding.Down
		case -1:
			m = sliding.Left
		default:
			m = sliding.Right
		}
		sol.Moves = append(sol.Moves, m)
		prev = c
	}
	sol.Optimal = true
	return sol, nil
}
