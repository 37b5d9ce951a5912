package pdb

import (
	"context"
	"errors"
	"fmt"
	"math"
	"sync"
	"sync/atomic"
	"time"
	"unsafe"

	"github.com/searchlab/searchlab/search"
	"github.com/searchlab/searchlab/sliding"
)

// Limits of the search's fixed arrays.
const (
	maxPatterns = 16  // groups in a partition
	maxViews    = 16  // additive sums whose largest is the heuristic
	maxLookups  = 64  // terms of all the sums together
	maxDepth    = 256 // moves in a solution
)

// childOrder is the order in which the search tries a node's children, by
// the direction the blank moves (0 up, 1 down, 2 left, 3 right): up, left,
// right, down, that is the cells the blank can go to in ascending order,
// as clausecker/24puzzle's IDA* tries them. The order decides nothing
// before the last iteration, which is searched in full either way; in the
// last one it decides how soon the first solution is met. The work units
// of a parallel or resumable solve are numbered in this order, so a
// checkpoint's finished ranges hold only for it (checkpointVersion).
// docs/design/sliding.md compares it with other orders.
var childOrder = [4]int{0, 2, 3, 1}

// solver is a Set prepared for IDA*: tiles are named by their goal cells,
// and the blank's name is its goal cell. The heuristic is the taxicab
// distance plus twice the largest of nview additive sums; each sum has one
// term (a table lookup) per pattern of its partition, and every tile
// belongs to exactly one term of each sum, so a move changes one term of
// each.
type solver struct {
	g         *geom
	blank     int // the blank's name (its goal cell)
	nview     int
	nterms    int
	termSize  [maxLookups]int              // tiles of each term
	termTiles [maxLookups][maxCells]uint8  // the tile whose cell each term ranks, in order
	termMap   [maxLookups]*[maxCells]uint8 // cell map of each term: identity, or the reflection
	termTable [maxLookups][]uint32         // table of each term
	lookOf    [maxViews][maxCells]int8     // term of sum k that holds tile t; -1 for the blank
	order     [maxViews][maxViews]uint8    // order[k]: the sums from k on, around
	tidx      [maxViews][maxCells]int8     // index of tile t in its term of sum k
	wgt       [maxLookups][maxCells]int64  // weight of each digit of a term's rank
	ident     [maxCells]uint8              // identity map of cells
	tr        [maxCells]uint8              // reflection about the main diagonal
	md        [maxCells][maxCells]int8     // md[t][c]: taxicab distance of tile t on cell c from home
	nbrs      [maxCells][4]int8            // cells next to each cell in childOrder, -1 padded
	ndir      [maxCells][4]int8            // the direction of each of nbrs (0 up, 1 down, 2 left, 3 right)
	ref       [maxViews][maxCells]termRef  // ref[k][t]: tile t's term of sum k (see termRef)
	two       bool                         // two sums of blank-unaware tables: expand2 searches
	// For childRank's table path (fastRank), by moveIndex: the cells each
	// move passes over in each frame (fpass), how far the moved tile goes in
	// the frame's cell order (fdist) and its sign (fsign); and what each tile
	// passed over adds to the moved tile's term (over). See childRank.
	fastRank   bool
	fpass      [256]uint32 // four cells a byte, padded with padTile
	fdist      [256]int64
	fsign      [256]int64
	over       *[maxViews][maxCells][256]int64
	pruneTable []int32                       // the move-pruning machine's transitions (prune.Machine.Table)
	rows       [][4]int32                    // pruneTable by state
	moveOffset [4]int                        // the cell a move in each direction goes to, less the blank's
	mdDelta    [maxCells * maxCells * 4]int8 // by mdIndex: the change in taxicab distance of a tile the blank passes to
	start      []int32                       // the machine's state on each cell with no move made
	pruneLen   int                           // the machine's length
	// For zero-aware tables (see zero.go), the block layout of each term
	// and the first entry of its table's overflow part. A term's rank is
	// still its placement's rank, and the table index is that rank unless
	// the term's cells have more than one region.
	zero         bool
	termBlocks   [maxLookups]*blocks
	termOverflow [maxLookups]int64
}

func newSolver(s *Set) *solver {
	v := &solver{g: s.g, blank: s.blank, zero: s.zero}
	g := s.g
	for t := range g.n {
		v.ident[t] = uint8(t)
		v.tr[t] = uint8(t)
		if g.w == g.h {
			v.tr[t] = uint8(g.transpose(t))
		}
		for c := range g.n {
			if t != s.blank {
				v.md[t][c] = int8(g.dist(t, c))
			}
		}
		k := 0
		for _, d := range childOrder {
			c := t + [4]int{-g.w, g.w, -1, 1}[d]
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
	for t := range g.n {
		for b := range g.n {
			for q, c := range v.nbrs[b] {
				if c >= 0 {
					v.mdDelta[mdIndex(uint8(t), moveCode(b, int(v.ndir[b][q])))] = v.md[t][b] - v.md[t][c]
				}
			}
		}
	}
	m := s.machine
	if m == nil {
		m, _ = machineFor(context.Background(), s.w, s.h, 2) // cannot fail: it takes microseconds
	}
	v.pruneTable = m.Table()
	v.rows = unsafe.Slice((*[4]int32)(unsafe.Pointer(unsafe.SliceData(v.pruneTable))), len(v.pruneTable)/4)
	v.moveOffset = [4]int{-g.w, g.w, -1, 1}
	v.pruneLen = m.MaxLen()
	v.start = make([]int32, g.n)
	for c := range g.n {
		v.start[c] = m.Start(c)
	}
	views := s.views()
	v.nview = len(views)
	for k := range v.nview {
		for i := range v.nview {
			v.order[k][i] = uint8((k + i) % v.nview)
		}
	}
	for k, view := range views {
		for t := range g.n {
			v.lookOf[k][t] = -1
		}
		for _, l := range view {
			i := v.nterms
			v.nterms++
			grp := s.groups[l.table]
			v.termSize[i] = len(grp)
			if s.zero {
				v.termBlocks[i] = blockLayout(g, len(grp))
			}
			v.termTable[i] = s.tables[l.table]
			v.termMap[i] = &v.ident
			if l.mirror {
				v.termMap[i] = &v.tr
			}
			for j, t := range grp {
				// The term's tile j is the pattern's tile t, or on the
				// reflected board the tile whose reflection t is.
				u := t
				if l.mirror {
					u = int(v.tr[t])
				}
				v.termTiles[i][j] = uint8(u)
				v.lookOf[k][u] = int8(i)
				v.tidx[k][u] = int8(j)
			}
			w := int64(1)
			for j := len(grp) - 1; j >= 0; j-- {
				v.wgt[i][j] = w
				w *= int64(g.n - j)
			}
			v.termOverflow[i] = (w + 7) &^ 7 // after the placements (see blocks.ovBase)
		}
	}
	for k := range v.nview {
		for t := range g.n {
			if i := v.lookOf[k][t]; i >= 0 {
				v.ref[k][t] = termRef{w: v.wgt[i][v.tidx[k][t]], li: uint8(i)}
				if v.termMap[i] == &v.tr {
					v.ref[k][t].frame = 1
				}
			}
		}
	}
	v.initFastRank()
	v.two = v.nview == 2 && v.fastRank
	return v
}

// padTile is a cell past the board's that childRank's table path reads
// for a move that passes over fewer than four tiles: the node keeps tile
// padTile on it, which adds nothing to any term.
const padTile = 255

// moveIndex is the index in fpass, fdist and fsign of the blank's move mv
// (see moveCode) as frame f (0 the board, 1 its reflection) sees it.
func moveIndex(f uint8, mv uint8) uint8 {
	return f<<7 | mv&127
}

// moveCode names the blank's move from cell b in direction d in a byte.
func moveCode(b, d int) uint8 {
	return uint8(b&(maxCells-1))<<2 | uint8(d&3)
}

// initFastRank sets up childRank's table path, for boards whose rows are
// at most five cells long, so that a move passes over at most four cells
// in either frame.
func (v *solver) initFastRank() {
	g := v.g
	if g.w > 5 || g.h > 5 || v.zero {
		return
	}
	v.fastRank = true
	for f, m := range []*[maxCells]uint8{&v.ident, &v.tr} {
		for b := range g.n {
			for q, c := range v.nbrs[b] {
				if c < 0 {
					continue
				}
				mc, mb := int(m[c]), int(m[b])
				i := moveIndex(uint8(f), moveCode(b, int(v.ndir[b][q])))
				v.fdist[i], v.fsign[i] = int64(mb-mc), 1
				lo, hi := mc+1, mb
				if mb < mc {
					lo, hi, v.fsign[i] = mb+1, mc, -1
				}
				for x := range 4 {
					p := uint32(padTile)
					if lo+x < hi {
						p = uint32(m[lo+x])
					}
					v.fpass[i] |= p << (8 * x)
				}
			}
		}
	}
	v.over = new([maxViews][maxCells][256]int64)
	for k := range v.nview {
		for t := range g.n {
			i := v.lookOf[k][t]
			if i < 0 {
				continue
			}
			j := v.tidx[k][t]
			for u := range g.n {
				if u == t || v.lookOf[k][u] != i {
					continue
				}
				// Passing over an earlier tile lowers t's digit; passing
				// over a later one raises that tile's.
				if jj := v.tidx[k][u]; jj < j {
					v.over[k][t][u] = -v.wgt[i][j]
				} else {
					v.over[k][t][u] = v.wgt[i][jj]
				}
			}
		}
	}
}

// termRef is what a child's look-up needs of the term of one sum that
// holds the moved tile: the term, whether it ranks the reflected board, and
// the weight of the tile's digit in its rank.
type termRef struct {
	w     int64
	li    uint8
	frame uint8 // 1 if the term ranks the reflected board, else 0
}

// row returns the move-pruning machine's transitions from state st.
func (v *solver) row(st int32) [4]int32 {
	return v.rows[st]
}

// mdIndex is the index in mdDelta of tile t's move to the blank's cell by
// the blank's move mv (see moveCode).
func mdIndex(t uint8, mv uint8) uint16 {
	return (uint16(t)<<7 | uint16(mv)) & (maxCells*maxCells*4 - 1)
}

// follow returns the move-pruning machine's state after the blank moves
// from cell b to the next cell c in state st, or a negative state if the
// machine prunes the move.
func (v *solver) follow(st int32, b, c int) int32 {
	for k, d := range v.nbrs[b] {
		if int(d) == c {
			return v.pruneTable[4*int(st)+int(v.ndir[b][k])]
		}
	}
	return -1
}

// kid is one child of a node being expanded: its move, taxicab distance
// and the entries and ranks of the terms that the move changes.
type kid struct {
	c, md, best int
	mv          uint8    // the move's code (see moveCode)
	st          int32    // the move-pruning machine's state after the move
	row         [4]int32 // its transitions
	bv          uint8    // the sum that is best
	t           uint8
	dead        bool
	ent         [maxViews]uint8  // by sum
	li          [maxViews]uint8  // by sum: the term the move changes
	rank        [maxViews]int64  // by sum
	idx         [maxViews]int64  // by sum: the table index (the rank, but for a zero-aware overflow)
	msk         [maxViews]uint32 // by sum, for zero-aware tables: the term's cells
	word        [maxViews]uint32 // by place in the order of look-ups
}

// scratch is the working memory of one depth of the search: the children
// of the node there, and what a move overwrote, for its undo. It lives in
// the node, so that a call need not clear it.
type scratch struct {
	kids    [4]kid
	oldVal  [maxViews]uint8
	oldSum  [maxViews]int32
	oldRank [maxViews]int64
	oldMsk  [maxViews]uint32
}

// node is the state of one search: the board and its heuristic's parts.
type node struct {
	cell       [256]uint8      // tile on each cell (padTile past the board's: see childRank)
	pos        [maxCells]uint8 // cell of each tile
	blank      int             // cell of the blank
	md         int
	val        [maxLookups]uint8  // each term's entry
	rk         [maxLookups]int64  // each term's rank
	msk        [maxLookups]uint32 // zero-aware: each term's cells (in its frame)
	sum        [maxViews]int32    // each sum
	best       int                // the largest sum
	bestView   uint8              // the first sum found that large
	path       [maxDepth]int8     // cell of the blank after each move
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
	scratch    *[maxDepth]scratch // set before a search; see scratch
}

// rankOf returns the rank of term i's placement in n (for zero-aware
// tables, setting its cells in n too).
func (v *solver) rankOf(n *node, i int) int64 {
	var r int64
	var used uint32
	nc := v.g.n
	m := v.termMap[i]
	for j := range v.termSize[i] {
		p := m[n.pos[v.termTiles[i][j]]]
		d := int(p) - onesBelow(used, p)
		r = r*int64(nc-j) + int64(d)
		used |= 1 << p
	}
	n.msk[i] = used
	return r
}

// moveRank returns the rank of the term of sum k that holds tile t once t
// moves from cell c to the blank's cell b, from the term's rank at n: a
// digit of the rank is its tile's cell less the earlier tiles on lower
// cells, so the move changes t's digit by the cells moved less the earlier
// tiles passed over, and the digit of each later tile passed over by one.
// Only tiles on the cells strictly between c and b (in the term's frame)
// are passed over: none for a move along a row.
func (v *solver) moveRank(n *node, k int, t uint8, c, b int) int64 {
	i := v.lookOf[k][t]
	m := v.termMap[i]
	j := v.tidx[k][t]
	mc, mb := int(m[c]), int(m[b])
	delta := int64(mb - mc)
	r := n.rk[i] + v.wgt[i][j]*delta
	if delta == 1 || delta == -1 {
		return r
	}
	lo, hi, sign := mc+1, mb, int64(1)
	if mb < mc {
		lo, hi, sign = mb+1, mc, -1
	}
	for x := lo; x < hi; x++ {
		u := n.cell[m[x]]
		if v.lookOf[k][u] != i {
			continue
		}
		if jj := v.tidx[k][u]; jj < j {
			r -= sign * v.wgt[i][j]
		} else {
			r += sign * v.wgt[i][jj]
		}
	}
	return r
}

// zeroOverflow returns the index in term i's zero-aware table once its
// tile t on cell c moves to the blank's cell b, where its cells are then s
// (of colex rank si, with more than one region) and its placement's rank
// r: r itself if the blank is then (in the region of c) in the main
// region. Tile 255 names no tile: the index of n as it is, with the blank
// on c.
func (v *solver) zeroOverflow(n *node, i int, t uint8, c, b, si int, s uint32, r int64) int64 {
	m := v.termMap[i]
	var pos [maxCells]uint8
	for j := range v.termSize[i] {
		u := v.termTiles[i][j]
		at := n.pos[u]
		if u == t {
			at = uint8(b)
		}
		pos[j] = m[at]
	}
	if o := v.termBlocks[i].overflowIndex(v.termOverflow[i], si, s, pos[:v.termSize[i]], int(m[c])); o >= 0 {
		return o
	}
	return r
}

// h returns the heuristic of n from its parts.
func (n *node) h() int { return n.md + 2*n.best }

// init sets n to the board cells (tile names by cell) and computes its
// heuristic from scratch.
func (v *solver) init(n *node, cells []uint8) {
	n.md = 0
	if v.fastRank {
		n.cell[padTile] = padTile
	}
	for c, t := range cells {
		n.cell[c] = t
		n.pos[t] = uint8(c)
		if int(t) == v.blank {
			n.blank = c
		} else {
			n.md += int(v.md[t][c])
		}
	}
	for i := range v.nterms {
		n.rk[i] = v.rankOf(n, i)
		idx := n.rk[i]
		if v.zero {
			if si, multi := v.termBlocks[i].multiRegion(n.msk[i]); multi {
				// As after a move of no tile (none is named 255) with the
				// blank on its cell.
				idx = v.zeroOverflow(n, i, 255, n.blank, n.blank, si, n.msk[i], idx)
			}
		}
		n.val[i] = uint8(entry(v.termTable[i], idx))
	}
	n.best = 0
	for k := range v.nview {
		n.sum[k] = 0
		for t := range v.g.n {
			if i := v.lookOf[k][t]; i >= 0 && int(v.termTiles[i][0]) == t {
				n.sum[k] += int32(n.val[i])
			}
		}
		if k == 0 || int(n.sum[k]) > n.best {
			n.best, n.bestView = int(n.sum[k]), uint8(k)
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
		var found bool
		if v.two {
			found = v.expand2(n, sh, g, row)
		} else {
			found = v.expand(n, sh, g, row)
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
	if v.two {
		return v.expand2(n, sh, g, row)
	}
	return v.expand(n, sh, g, row)
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
			n.scratch = new([maxDepth]scratch)
			n.worker = w
			n.nextBound = math.MaxInt
			nodes[w] = n
			wg.Add(1)
			go func() {
				defer wg.Done()
				if err := guarded(func() error { v.work(n, sh); return nil }); err != nil {
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
	var (
		path []int8
		st   search.Stats
	)
	err := guarded(func() (err error) {
		path, st, err = v.solve(ctx, cells, lim, rs)
		return err
	})
	sol := sliding.Solution{Method: s.Method(), Stats: st}
	if err == nil {
		// An answer is optimal only from tables whose bytes were checked.
		err = s.settled(ctx)
	}
	if err != nil {
		if errors.Is(err, ErrDamaged) {
			s.health.fail(err)
		}
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
