package stroke

import (
	"bytes"
	"context"
	"math/bits"
)

// The fast path: boards whose cells fit in 128 bits with one guard column
// (Rows*(Cols+1) <= 128, so up to 10x10 and 11x9), with every start region
// smaller than the memo and probe sizes and no node cap. It runs the same
// branch and bound as the general path (same start order, Warnsdorff move
// order, tie rule and block-cut bound, hence the same chain) on bitboards
// of board cells: no numbering of regions into a second index, no
// adjacency lists, and bounds only where they can prune (the parent's bound
// and the region's size first, the block-cut bound on regions of more than
// fastBCTMin cells). Anything else falls back to the general path.

// bb is a set of board cells, cell (r, c) at bit r*(Cols+1)+c: the guard
// column Cols keeps the left and right shifts from wrapping rows.
type bb [2]uint64

func (x bb) and(y bb) bb     { return bb{x[0] & y[0], x[1] & y[1]} }
func (x bb) isEmpty() bool   { return x[0]|x[1] == 0 }
func (x bb) has(i int) bool  { return x[i>>6]>>(uint(i)&63)&1 != 0 }
func (x *bb) addBit(i int)   { x[i>>6] |= 1 << (uint(i) & 63) }
func (x *bb) clearBit(i int) { x[i>>6] &^= 1 << (uint(i) & 63) }
func (x bb) count() int      { return bits.OnesCount64(x[0]) + bits.OnesCount64(x[1]) }

// popBit removes the smallest member of x and returns it; x must not be
// empty.
func (x *bb) popBit() int {
	if x[0] != 0 {
		i := bits.TrailingZeros64(x[0])
		x[0] &= x[0] - 1
		return i
	}
	i := bits.TrailingZeros64(x[1])
	x[1] &= x[1] - 1
	return 64 + i
}

// fastTable holds the neighbour sets of the bit cells of one board size.
type fastTable struct {
	rows, cols int
	stride     uint
	nbr        [128]bb
	valid      bb         // the bits of cells
	delta      [8]int     // the bit steps of directions
	cell       [128]uint8 // bit -> board index
}

// fastRun is the state of one fast search.
type fastRun struct {
	t       *fastTable
	ctx     context.Context
	nodes   int64
	abort   bool // the context ended: the general path takes over
	warns   bool // Warnsdorff move order
	bctMin  int  // the block-cut bound is for regions of more cells
	dir     int
	best    int
	bestDir int
	path    [128]uint8
	bestLen int
	bestBit [128]uint8
	rank    [128]uint8 // the general path's number of a cell in its region

	// Tarjan's buffers: by bit, by depth, the cells of open blocks.
	tv     [128]tarjanVertex
	frames [128]tarjanFrame
	vs     [128]uint8
}

// table returns the fast table for b's size, or nil when b does not fit.
func (s *Solver) table(b *Board) *fastTable {
	if b.Rows*(b.Cols+1) > 128 {
		return nil
	}
	if t := s.fast; t != nil && t.rows == b.Rows && t.cols == b.Cols {
		return t
	}
	t := &fastTable{rows: b.Rows, cols: b.Cols, stride: uint(b.Cols + 1)}
	for k, d := range directions {
		t.delta[k] = d[0]*int(t.stride) + d[1]
	}
	for r := 0; r < b.Rows; r++ {
		for c := 0; c < b.Cols; c++ {
			q := r*int(t.stride) + c
			t.cell[q] = uint8(r*b.Cols + c)
			t.valid.addBit(q)
			for _, d := range directions {
				rr, cc := r+d[0], c+d[1]
				if rr >= 0 && rr < b.Rows && cc >= 0 && cc < b.Cols {
					t.nbr[q].addBit(rr*int(t.stride) + cc)
				}
			}
		}
	}
	s.fast = t
	return t
}

// fastStart is a start tile of the fast path.
type fastStart struct {
	dir, at int // tie order; bit
	comp    bb  // its region
	size    int
}

// solveFast solves b on the fast path; ok is false when b is not for it
// (or the context ended), and then nothing is changed but the Solver's
// buffers.
func (s *Solver) solveFast(ctx context.Context, b *Board) (res Result, ok bool) {
	if s.fastMax <= 0 || len(b.Cells) != b.Rows*b.Cols {
		return Result{}, false
	}
	// Regions that the general path would memoise or probe are for it.
	limit := s.fastMax
	if s.probes > 0 {
		limit = min(limit, s.probeComp)
	}
	if s.memoMin > 0 {
		limit = min(limit, max(s.memoMin, s.memoComp))
	}
	t := s.table(b)
	if t == nil {
		return Result{}, false
	}
	p := bytes.IndexByte(b.Cells, Player)
	if p < 0 {
		return Result{}, false
	}
	pr, pc := p/b.Cols, p%b.Cols
	fr := s.fastRun
	if fr == nil {
		fr = &fastRun{}
		s.fastRun = fr
	}
	fr.t = t

	var starts [8]fastStart
	n := 0
	for dir, d := range directions {
		r, c := pr+d[0], pc+d[1]
		if r < 0 || r >= b.Rows || c < 0 || c >= b.Cols {
			continue
		}
		q := r*int(t.stride) + c
		ch := b.Cells[r*b.Cols+c]
		if ch == Hole || ch == Player {
			continue
		}
		if ch < 'A' || ch > 'Z' {
			return Result{}, false // the general path names the error
		}
		st := fastStart{dir: dir, at: q}
		for _, o := range starts[:n] {
			if o.comp.has(q) {
				st.comp, st.size = o.comp, o.size
				break
			}
		}
		if st.size == 0 {
			st.comp = fr.region(b, q, ch)
			st.size = st.comp.count()
			if st.size >= limit {
				return Result{}, false
			}
		}
		// Largest regions first (a stable insertion), as the general path.
		j := n
		for j > 0 && starts[j-1].size < st.size {
			starts[j] = starts[j-1]
			j--
		}
		starts[j] = st
		n++
	}
	if n == 0 {
		return Result{Optimal: true}, true
	}
	fr.ctx, fr.nodes, fr.abort, fr.warns, fr.bctMin = ctx, 0, false, !s.noWarnsdorff, s.fastBCTMin
	fr.best, fr.bestDir, fr.bestLen = 0, len(directions), 0
	for _, st := range starts[:n] {
		if fr.cut(st.dir, 0) >= st.size {
			continue
		}
		fr.dir = st.dir
		rest := st.comp
		rest.clearBit(st.at)
		fr.dfs(st.at, rest, 1, st.size-1)
		if fr.abort {
			return Result{}, false
		}
	}
	res = Result{Length: fr.best, Bound: fr.best, Optimal: true, Nodes: fr.nodes}
	res.Colour = b.Cells[t.cell[fr.bestBit[0]]]
	res.Path = make([]Cell, fr.bestLen)
	for i, q := range fr.bestBit[:fr.bestLen] {
		v := int(t.cell[q])
		res.Path[i] = Cell{v / b.Cols, v % b.Cols}
	}
	return res, true
}

// cut is run.cut: the length a chain from a start of tie order dir must
// exceed, at the given depth, to beat the best.
func (fr *fastRun) cut(dir, depth int) int {
	t := fr.best - depth
	if dir < fr.bestDir {
		t--
	}
	return t
}

// dfs is run.dfs on bitboards: it extends the chain ending at bit h (depth
// tiles long) over avail, the unused cells of the region reachable from h,
// recording every chain that beats the best. Unlike run.dfs it returns no
// bound: with no budget and no memo nothing needs one.
//
// Bounds only prune, and a subtree holding a chain that beats the best is
// never pruned, so with the same move order it finds the same chain as the
// general path however weak its bounds; it takes the cheap ones first. At a
// node whose chain is the best so far (as on every first descent) the cut
// is at most 0 and no bound can prune: it computes none there.
func (fr *fastRun) dfs(h int, avail bb, depth, lim int) {
	fr.nodes++
	fr.path[depth-1] = uint8(h)
	if depth > fr.best || depth == fr.best && fr.dir < fr.bestDir {
		fr.best, fr.bestDir, fr.bestLen = depth, fr.dir, depth
		copy(fr.bestBit[:depth], fr.path[:depth])
	}
	t := fr.t
	next := t.nbr[h].and(avail)
	if next.isEmpty() {
		return
	}
	rg := avail
	if cut := fr.cut(fr.dir, depth); cut > 0 {
		// lim, the parent's bound less one, is a bound, and so is the
		// size of avail: it holds every cell reachable from h. The general
		// path's block-cut bound is no greater, so it prunes here too.
		if lim <= cut {
			return
		}
		n := avail.count()
		if lim = min(lim, n); lim <= cut {
			return
		}
		if fr.nodes&1023 == 0 && fr.ctx.Err() != nil {
			fr.abort = true
			return
		}
		if n > fr.bctMin {
			var ub int
			ub, rg = fr.bct(h, avail)
			if lim = min(lim, ub); lim <= cut {
				return
			}
			next = next.and(rg)
		}
	}
	// Moves, fewest onward moves first (Warnsdorff's rule), ties in the
	// general path's numbering of the region. The onward moves of a move v
	// within avail are those within the reachable part: v is reachable.
	var moves [8]int
	k := fr.orderMoves(next, rg, &moves)
	for _, v := range moves[:k] {
		rest := rg
		rest.clearBit(v)
		fr.dfs(v, rest, depth+1, lim-1)
		if fr.abort {
			return
		}
	}
}

// orderMoves puts the moves to next into moves in the general path's order
// and returns their number: by onward moves within rg, ties by rank.
func (fr *fastRun) orderMoves(next, rg bb, moves *[8]int) int {
	t := fr.t
	var keys [8]int
	k := 0
	for !next.isEmpty() {
		v := next.popBit()
		key := int(fr.rank[v])
		if fr.warns {
			key |= t.nbr[v].and(rg).count() << 8
		}
		insertMove(moves, &keys, k, v, key)
		k++
	}
	return k
}

// region returns the cells of colour ch connected to bit root, and numbers
// them in rank in the order of the general path's flood from root: breadth
// first, neighbours in Directions order. Regions do not overlap, so the
// ranks of one board's regions share the array.
func (fr *fastRun) region(b *Board, root int, ch byte) bb {
	t := fr.t
	var queue [128]uint8
	queue[0] = uint8(root)
	fr.rank[root&127] = 0
	var seen bb
	seen.addBit(root)
	n := 1
	for i := 0; i < n; i++ {
		h := int(queue[i&127])
		for _, d := range t.delta {
			v := h + d
			if v < 0 || v >= 128 || !t.valid.has(v) || seen.has(v) || b.Cells[t.cell[v]] != ch {
				continue
			}
			seen.addBit(v)
			fr.rank[v] = uint8(n)
			queue[n&127] = uint8(v)
			n++
		}
	}
	return seen
}

// bct is Solver.bctBound on bitboards: the best sum over a root-to-leaf path
// of the block-cut tree of avail plus h, rooted at h, each block counting
// its size less one. It also returns the cells of avail reachable from h.
func (fr *fastRun) bct(h int, avail bb) (int, bb) {
	t := fr.t
	all := avail
	all.addBit(h)
	var seen bb
	seen.addBit(h)
	var clock int32 = 1
	tv := &fr.tv
	tv[h&127] = tarjanVertex{1, 1, 0}
	fs := &fr.frames
	fs[0] = tarjanFrame{t.nbr[h&127].and(all), h}
	sp := 1
	nv := 0
	for {
		fp := &fs[(sp-1)&127]
		v := fp.v & 127
		if fp.m[0]|fp.m[1] != 0 {
			w := fp.m.popBit() & 127
			if !seen.has(w) {
				seen.addBit(w)
				clock++
				tv[w] = tarjanVertex{clock, clock, 0}
				fr.vs[nv&127] = uint8(w)
				nv++
				fs[sp&127] = tarjanFrame{t.nbr[w].and(all), w}
				sp++
			} else if d := tv[w].disc; d < tv[v].low {
				tv[v].low = d
			}
			continue
		}
		sp--
		if sp == 0 {
			break
		}
		p := fs[(sp-1)&127].v & 127
		lv := tv[v].low
		if lv < tv[p].low {
			tv[p].low = lv
		}
		if lv >= tv[p].disc {
			// The cells above v on the stack, v included, and p form a
			// block whose top is p.
			var cnt, mf int32
			for {
				nv--
				u := int(fr.vs[nv&127])
				cnt++
				mf = max(mf, tv[u&127].f)
				if u == v {
					break
				}
			}
			tv[p].f = max(tv[p].f, cnt+mf)
		}
	}
	seen.clearBit(h)
	return int(tv[h&127].f), seen
}

// tarjanVertex is a cell's discovery time, low point and best gain below
// it over the blocks whose top it is.
type tarjanVertex struct{ disc, low, f int32 }

// tarjanFrame is a cell on Tarjan's stack with its neighbours to visit.
type tarjanFrame struct {
	m bb
	v int
}
