package pdb

import (
	"context"
	"errors"
	"fmt"
	"math/bits"
	"runtime"
	"sync"
	"sync/atomic"
	"unsafe"
)

// The block builder computes the same table as buildPlacements, faster, by
// indexing the search differently. A placement of the pattern's k tiles is
// the set S of cells they occupy (one of C(n,k) "blocks") and their
// arrangement on S (one of k! orders: tile j on the π[j]-th cell of S,
// ranked like a placement of k tiles on k cells). The blank's regions
// depend only on S. Moving a tile from cell a to cell b takes block S to
// S-a+b, and the arrangement by a relabelling that depends only on the
// index of a in S and of b in S-a+b, looked up in a table. So expanding one
// block reads it in order and writes a handful of other blocks, each a few
// kilobytes: the work stays in the caches, and blocks are shared out
// between the processors.
//
// A state (placement, region of the blank) is a bit in each of three bit
// sets, one plane of k! bits per block and region of its free cells:
// reached, in the frontier (the level being expanded), and at the next
// level. Each placement has a bit, set when it is first reached, and its
// distance (the level of its first state) in a byte; the table is written
// from those bytes at the end, in the placement ranking of the file (rank),
// with the taxicab distances taken off: the same bytes as buildPlacements
// writes. For 7-8 the 8-tile pattern takes 518 MB of distances, 65 MB of
// placement bits and 3 x 178 MB of state bits.

// blockMaxTiles is the most tiles the block builder handles: arrangements
// are numbered in 16 bits.
const blockMaxTiles = 8

// fillPieceEntries is the most entries a piece of the table's fill takes
// when it can (pattern.fillPiece lowers it, to fix more tiles a piece).
const fillPieceEntries int64 = 1 << 19

// build computes the table of pattern p for the goal whose blank is on cell
// blank: see buildPlacements for what it holds. It uses the block builder
// when it can.
func build(ctx context.Context, p *pattern, blank int, progress func(done int64)) ([]uint32, error) {
	if p.zero {
		return buildBlocks(ctx, p, blank, progress)
	}
	if len(p.cells) <= blockMaxTiles {
		t, err := buildBlocks(ctx, p, blank, progress)
		if !errors.Is(err, errTooDeep) {
			return t, err
		}
	}
	return buildPlacements(ctx, p, blank, progress)
}

// errTooDeep reports a pattern with distances over blockMaxDist, which the
// block builder's bytes cannot hold (none on boards up to 5x5); build then
// uses the placement builder.
var errTooDeep = errors.New("pdb: pattern distances over 254")

// blockMaxDist is the largest distance the block builder stores (a byte
// holds it plus one); pattern.maxDist lowers it.
const blockMaxDist = 254

// blocks is the block builder's view of a pattern.
type blocks struct {
	p        *pattern
	g        *geom
	k, n     int
	nArr     int      // k!
	sets     []uint32 // the cells of each block, in colex order
	binom    [maxCells + 1][maxCells + 2]int64
	planeOff []int32 // first plane of each block; one more at the end
	regOf    []uint8 // the region of each free cell of each block, n a block
	pw       int     // words of one plane: 64 states a word
	// perm[ia*k+ib] maps an arrangement to the one after the tile on the
	// ia-th cell of S moves to the ib-th cell of S-a+b; nil for ia == ib,
	// where the arrangement stays.
	perm [][]uint16
	// The colex rank of a block by two lookups (see fastRank).
	loBits         int
	rankLo, rankHi []int32
	// The zero-aware table's overflow (see zero.go): each block's main
	// region, its cells and the block's first overflow plane, the overflow
	// planes in all, and a bit for each block (by its colex rank) with
	// more than one region.
	mainReg   []uint8
	mainCells []uint32
	ovOff     []int32
	ovPlanes  int
	multi     []uint64
}

// setRank returns the colex rank of a set of k cells.
func (bl *blocks) setRank(s uint32) int {
	r := int64(0)
	for i := 1; s != 0; i++ {
		r += bl.binom[bits.TrailingZeros32(s)][i]
		s &= s - 1
	}
	return int(r)
}

// regions returns the region of each free cell of block s, 8 bits a cell
// in cells, and the number of regions.
func (bl *blocks) regions(s uint32, cells *[maxCells]uint8) int {
	g := bl.g
	free := g.all &^ s
	if g.regionTab != nil {
		tab := g.regionTab[free]
		nr := 0
		for m := free; m != 0; m &= m - 1 {
			c := bits.TrailingZeros32(m)
			j := uint8(tab >> (4 * uint(c)) & 15)
			cells[c] = j
			nr = max(nr, int(j)+1)
		}
		return nr
	}
	nr := 0
	for rest := free; rest != 0; nr++ {
		r := g.flood(rest&-rest, free)
		rest &^= r
		for m := r; m != 0; m &= m - 1 {
			cells[bits.TrailingZeros32(m)] = uint8(nr)
		}
	}
	return nr
}

// newBlocks returns the block builder's view of pattern p: the layout its
// size has on the board (made once, see blockLayout) and p.
func newBlocks(p *pattern) *blocks {
	bl := *blockLayout(p.g, len(p.cells))
	bl.p = p
	return &bl
}

// makeBlocks computes the layout of the blocks of k tiles on the board g.
func makeBlocks(g *geom, k int) *blocks {
	n := g.n
	bl := &blocks{g: g, k: k, n: n}
	for i := 0; i <= n; i++ {
		bl.binom[i][0] = 1
		for j := 1; j <= i && j <= maxCells; j++ {
			bl.binom[i][j] = bl.binom[i-1][j-1] + bl.binom[i-1][j]
		}
	}
	bl.nArr = 1
	for i := 2; i <= k; i++ {
		bl.nArr *= i
	}
	bl.pw = (bl.nArr + 63) / 64
	nSets := int(bl.binom[n][k])
	bl.sets = make([]uint32, 0, nSets)
	// Gosper's hack: the k-subsets in increasing order, which is colex.
	for s := uint32(1)<<k - 1; s <= g.all && s != 0; {
		bl.sets = append(bl.sets, s)
		c := s & -s
		r := s + c
		if r == 0 || r > g.all {
			break
		}
		s = ((r^s)>>2)/c | r
	}
	bl.planeOff = make([]int32, nSets+1)
	bl.regOf = make([]uint8, nSets*n)
	var cells [maxCells]uint8
	for i, s := range bl.sets {
		bl.planeOff[i+1] = bl.planeOff[i] + int32(bl.regions(s, &cells))
		copy(bl.regOf[i*n:(i+1)*n], cells[:n])
	}
	// The relabellings. A tile moves to a neighbouring cell, so its index
	// changes by at most the cells in between: w-1.
	bl.perm = make([][]uint16, k*k)
	pi := make([]uint8, k)
	for ia := range k {
		for ib := range k {
			if ia == ib || ib-ia >= g.w || ia-ib >= g.w {
				continue
			}
			t := make([]uint16, bl.nArr)
			for r := range bl.nArr {
				unrank(k, int64(r), pi)
				for j, v := range pi {
					switch {
					case int(v) == ia:
						pi[j] = uint8(ib)
					case ia < ib && int(v) > ia && int(v) <= ib:
						pi[j] = v - 1
					case ib < ia && int(v) >= ib && int(v) < ia:
						pi[j] = v + 1
					}
				}
				t[r] = uint16(rank(k, pi))
			}
			bl.perm[ia*k+ib] = t
		}
	}
	bl.makeSetRanks()
	bl.makeOverflow()
	return bl
}

// bmove is one move out of a region of a block, with where it lands.
type bmove struct {
	perm  []uint16 // nil: the arrangement stays
	blk   int      // the target block
	pl    int64    // the target plane
	hbase int64    // first distance byte of the target block
}

// allocBits returns n zeroed 64-bit words (see allocPages).
func allocBits(n int64) ([]uint64, func()) {
	if n < 1<<17 {
		return make([]uint64, n), func() {}
	}
	w, free := allocPages(2 * n)
	return unsafe.Slice((*uint64)(unsafe.Pointer(&w[0])), n), free
}

// buildBlocks is build with the block builder. The states are three bit
// sets over the planes of the blocks: reached, at the level being expanded
// (the frontier) and at the next level. A worker expands one block's
// frontier at a time, one move at a time, holding the lock of the move's
// target block while it writes there; the frontier is only read during a
// level, so no other access needs to be atomic.
func buildBlocks(ctx context.Context, p *pattern, blank int, progress func(done int64)) ([]uint32, error) {
	k := len(p.cells)
	var home uint32
	for _, c := range p.cells {
		home |= 1 << c
	}
	if home&(1<<blank) != 0 {
		return nil, fmt.Errorf("pdb: pattern holds the blank's goal cell %d", blank)
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	bl := newBlocks(p)
	nSets := len(bl.sets)
	nPlanes := int64(bl.planeOff[nSets])
	pw := int64(bl.pw)
	visited, freeV := allocBits(nPlanes * pw)
	front, freeF := allocBits(nPlanes * pw)
	next, freeN := allocBits(nPlanes * pw)
	placed, freeP := allocBits(int64(nSets) * pw) // placements reached, a plane a block
	freeStates := func() { freeV(); freeF(); freeN(); freeP() }
	defer func() { freeStates() }()
	// dist holds each placement's distance plus one, 0 when not reached.
	nDist := int64(nSets) * int64(bl.nArr)
	distW, freeD := allocPages((nDist + 3) / 4)
	defer freeD()
	dist := tableBytes(distW)[:nDist]
	active := make([]bool, nPlanes)  // planes with states in the frontier
	nactive := make([]bool, nPlanes) // planes with states at the next level
	locks := make([]sync.Mutex, nSets)

	// The goal: tiles home, in order (arrangement 0), blank in its region.
	var cells [maxCells]uint8
	bl.regions(home, &cells)
	s0 := bl.setRank(home)
	plane0 := int64(bl.planeOff[s0]) + int64(cells[blank])
	visited[plane0*pw] = 1
	placed[int64(s0)*pw] = 1
	front[plane0*pw] = 1
	dist[int64(s0)*int64(bl.nArr)] = 1
	// A zero-aware table needs each state's distance too: sd holds it plus
	// one, a byte a state, plane by plane.
	var sd []byte
	if p.zero {
		sdW, freeSD := allocPages((nPlanes*int64(bl.nArr) + 3) / 4)
		defer freeSD()
		sd = tableBytes(sdW)[:nPlanes*int64(bl.nArr)]
		sd[plane0*int64(bl.nArr)] = 1
	}
	active[plane0] = true
	lv := startLevels(progress)

	workers := runtime.GOMAXPROCS(0)
	const chunk = 8
	for depth := 0; ; depth++ {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		if depth+1 > blockMaxDist || p.maxDist > 0 && depth+1 > p.maxDist {
			return nil, errTooDeep
		}
		var nextChunk atomic.Int64
		var added, newPlaces atomic.Int64
		inWorkers(workers, func() error {
			x := blockExpander{bl: bl, visited: visited, front: front, next: next, placed: placed, dist: dist, sd: sd, active: active, nactive: nactive, locks: locks, h: uint8(depth + 2)}
			for {
				lo := int(nextChunk.Add(chunk)) - chunk
				if lo >= nSets || ctx.Err() != nil {
					break
				}
				for si := lo; si < min(lo+chunk, nSets); si++ {
					x.expandBlock(si)
				}
			}
			added.Add(x.added)
			newPlaces.Add(x.newPlaces)
			return nil
		})
		if done, err := lv.end(ctx, newPlaces.Load(), added.Load()); err != nil {
			return nil, err
		} else if done {
			break
		}
		// The next level's states become the frontier; the old frontier's
		// planes are cleared to take the level after.
		front, next = next, front
		active, nactive = nactive, active
		for pl, a := range nactive {
			if a {
				clear(next[int64(pl)*pw : int64(pl+1)*pw])
				nactive[pl] = false
			}
		}
	}
	if err := lv.check(p, k == bl.n-1); err != nil {
		return nil, err
	}
	freeStates()
	freeStates = func() {}
	if p.zero {
		return bl.zeroTable(ctx, sd, workers)
	}
	return bl.table(ctx, dist, workers)
}

// blockExpander expands the blocks of one level for one worker.
type blockExpander struct {
	bl                   *blocks
	visited, front, next []uint64
	placed               []uint64
	dist                 []byte
	sd                   []byte // each state's distance plus one, for a zero-aware table; nil otherwise
	active, nactive      []bool
	locks                []sync.Mutex
	h                    uint8 // the next level's distance plus one
	added, newPlaces     int64
	moves                [maxCells][4 * maxCells]bmove
	nmoves               [maxCells]int
	waiting              []*bmove
	nz                   []int32 // the frontier plane's nonzero words
}

// expandBlock expands the frontier of block si.
func (x *blockExpander) expandBlock(si int) {
	bl := x.bl
	g := bl.g
	p0, p1 := int64(bl.planeOff[si]), int64(bl.planeOff[si+1])
	any := false
	for pl := p0; pl < p1; pl++ {
		if x.active[pl] {
			any = true
			break
		}
	}
	if !any {
		return
	}
	s := bl.sets[si]
	reg := bl.regOf[si*bl.n : (si+1)*bl.n]
	nr := int(p1 - p0)
	for j := range nr {
		x.nmoves[j] = 0
	}
	k := bl.k
	for ms := s; ms != 0; ms &= ms - 1 {
		a := bits.TrailingZeros32(ms)
		ia := bits.OnesCount32(s & (1<<a - 1))
		for to := g.nbr[a] &^ s; to != 0; to &= to - 1 {
			b := bits.TrailingZeros32(to)
			j := reg[b]
			if !x.active[p0+int64(j)] {
				continue
			}
			s2 := s&^(1<<a) | 1<<b
			ib := bits.OnesCount32(s2 & (1<<b - 1))
			si2 := bl.setRank(s2)
			m := &x.moves[j][x.nmoves[j]]
			x.nmoves[j]++
			m.perm = nil
			if ia != ib {
				m.perm = bl.perm[ia*k+ib]
			}
			m.blk = si2
			m.pl = int64(bl.planeOff[si2]) + int64(bl.regOf[si2*bl.n+a])
			m.hbase = int64(si2) * int64(bl.nArr)
		}
	}
	pw := int64(bl.pw)
	for j := range nr {
		pl := p0 + int64(j)
		if !x.active[pl] {
			continue
		}
		f := x.front[pl*pw : (pl+1)*pw]
		// The frontier's words that hold states, once for all moves:
		// early and late levels are sparse.
		x.nz = x.nz[:0]
		for i, w := range f {
			if w != 0 {
				x.nz = append(x.nz, int32(i))
			}
		}
		// Moves whose target block another worker holds wait for a
		// second pass.
		x.waiting = x.waiting[:0]
		for i := range x.nmoves[j] {
			m := &x.moves[j][i]
			if x.locks[m.blk].TryLock() {
				x.apply(f, m)
				x.locks[m.blk].Unlock()
			} else {
				x.waiting = append(x.waiting, m)
			}
		}
		for _, m := range x.waiting {
			x.locks[m.blk].Lock()
			x.apply(f, m)
			x.locks[m.blk].Unlock()
		}
	}
}

// apply makes move m from every state of frontier plane f; the caller
// holds the target block's lock.
func (x *blockExpander) apply(f []uint64, m *bmove) {
	bl := x.bl
	pw := int64(bl.pw)
	v := x.visited[m.pl*pw : (m.pl+1)*pw]
	n := x.next[m.pl*pw : (m.pl+1)*pw]
	d := x.dist[m.hbase : m.hbase+int64(bl.nArr)]
	pr := x.placed[int64(m.blk)*pw : int64(m.blk+1)*pw]
	added := int64(0)
	if m.perm == nil {
		for _, i := range x.nz {
			fw := f[i]
			nw := fw &^ v[i]
			if nw == 0 {
				continue
			}
			v[i] |= nw
			n[i] |= nw
			added += int64(bits.OnesCount64(nw))
			if x.sd != nil {
				base := m.pl*int64(bl.nArr) + int64(i)*64
				for b := nw; b != 0; b &= b - 1 {
					x.sd[base+int64(bits.TrailingZeros64(b))] = x.h
				}
			}
			np := nw &^ pr[i] // placements reached for the first time
			if np == 0 {
				continue
			}
			pr[i] |= np
			x.newPlaces += int64(bits.OnesCount64(np))
			for ; np != 0; np &= np - 1 {
				d[int(i)*64+bits.TrailingZeros64(np)] = x.h
			}
		}
	} else {
		perm := m.perm
		for _, i := range x.nz {
			for fw := f[i]; fw != 0; fw &= fw - 1 {
				r2 := int(perm[int(i)*64+bits.TrailingZeros64(fw)])
				w, bit := r2>>6, uint64(1)<<(r2&63)
				if v[w]&bit != 0 {
					continue
				}
				v[w] |= bit
				n[w] |= bit
				added++
				if x.sd != nil {
					x.sd[m.pl*int64(bl.nArr)+int64(r2)] = x.h
				}
				if pr[w]&bit == 0 {
					pr[w] |= bit
					d[r2] = x.h
					x.newPlaces++
				}
			}
		}
	}
	if added > 0 {
		x.added += added
		x.nactive[m.pl] = true
	}
}

// table writes the 4-bit table, in the file's placement ranking (rank),
// from the distances of the placements in block order. The work is split by
// the cells of the first three tiles: the ranks of one such prefix are one
// range of the table (67 KB for 7-8), which stays in the cache while the
// blocks holding those cells are read, a contiguous run of arrangements each.
func (bl *blocks) table(ctx context.Context, dist []byte, workers int) ([]uint32, error) {
	p := bl.p
	k, n := bl.k, bl.n
	out := make([]uint32, (p.size+7)/8)
	var weight [maxCells]int64
	wt := int64(1)
	for i := k - 1; i >= 0; i-- {
		weight[i] = wt
		wt *= int64(n - i)
	}
	// A piece of work fixes the cells of the first lead tiles: the fewest
	// whose ranks take at most 256 KB of the table (2 for 7-8's 7-tile
	// pattern and for 6-6-6-6, 3 for the 8-tile pattern).
	piece := fillPieceEntries
	if p.fillPiece > 0 {
		piece = p.fillPiece
	}
	lead := 1
	for lead < min(3, k) && weight[lead-1] > piece {
		lead++
	}
	if weight[lead-1]%8 != 0 {
		workers = 1 // the pieces do not start on whole words
	}
	pieces := 1
	for i := range lead {
		pieces *= n - i
	}
	var next atomic.Int64
	err := inWorkers(workers, func() error {
		f := newFiller(bl, dist, out, weight, lead)
		prefix := make([]uint8, lead)
		for {
			i := next.Add(1) - 1
			if i >= int64(pieces) || ctx.Err() != nil {
				break
			}
			unrank(n, i, prefix)
			if err := f.piece(prefix, i*weight[lead-1]); err != nil {
				return err
			}
		}
		return ctx.Err()
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// inWorkers runs work on workers goroutines at once and returns the first
// error any of them returned (in the order of the workers), once all are
// done.
func inWorkers(workers int, work func() error) error {
	errs := make([]error, workers)
	var wg sync.WaitGroup
	for wk := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			errs[wk] = work()
		}()
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}

// filler writes the table for table.
type filler struct {
	bl     *blocks
	dist   []byte
	out    []uint32
	weight [maxCells]int64
	lead   int // tiles fixed by a piece
	// The orders of the other m = k-lead tiles on the block's other cells,
	// in arrangement order: sigma[i*m+t] is 8t plus the cell (among those,
	// in increasing order) of tile lead+t, and less[i] is the part of the
	// file rank that the tiles before each tile on lower cells take off.
	m     int
	sigma []uint8
	less  []int64
}

func newFiller(bl *blocks, dist []byte, out []uint32, weight [maxCells]int64, lead int) *filler {
	f := &filler{bl: bl, dist: dist, out: out, weight: weight, lead: lead, m: bl.k - lead}
	m := f.m
	perm := make([]uint8, m)
	nperm := 1
	for i := 2; i <= m; i++ {
		nperm *= i
	}
	for i := range nperm {
		unrank(m, int64(i), perm)
		for t, c := range perm {
			f.sigma = append(f.sigma, uint8(t*blockMaxTiles)+c)
		}
		var l int64
		for t := range m {
			for u := range t {
				if perm[u] < perm[t] {
					l += weight[lead+t]
				}
			}
		}
		f.less = append(f.less, l)
	}
	return f
}

// piece writes the entries whose first tiles are on the cells of prefix;
// old is the file rank of the first of them.
func (f *filler) piece(prefix []uint8, old int64) error {
	bl := f.bl
	k, m := bl.k, f.m
	g := bl.g
	home := bl.p.cells
	var need uint32
	md := 0
	for j, c := range prefix {
		need |= 1 << c
		md += int(g.distTab[c][home[j]])
	}
	// For tile lead+t on the i-th other cell: its part of the file rank
	// (before less) times 256 plus its taxicab distance, at 8t+i. The
	// distances of at most 7 tiles, at most 17 each, sum to under 256.
	var part [blockMaxTiles * blockMaxTiles]int64
	nperm := len(f.less)
	// The blocks holding the prefix's cells: the prefix and m of the other
	// cells, chosen as m of their indices (Gosper's hack).
	var other [maxCells]uint8
	no := 0
	for c := range bl.n {
		if need&(1<<c) == 0 {
			other[no] = uint8(c)
			no++
		}
	}
	for comb := uint32(1)<<m - 1; comb < 1<<no; {
		s := need
		for x := comb; x != 0; x &= x - 1 {
			s |= 1 << other[bits.TrailingZeros32(x)]
		}
		si := bl.setRank(s)
		if m == 0 {
			comb = 1 << no // one block: the prefix
		} else {
			c := comb & -comb
			r := comb + c
			comb = ((r^comb)>>2)/c | r
		}
		var used uint32
		r := int64(0)
		for j, c := range prefix {
			i := bits.OnesCount32(s & (1<<c - 1))
			r = r*int64(k-j) + int64(i-bits.OnesCount32(used&(1<<i-1)))
			used |= 1 << i
		}
		i := 0
		for rest := s &^ need; rest != 0; rest &= rest - 1 {
			c := bits.TrailingZeros32(rest)
			e := int64(c - bits.OnesCount32(need&(1<<c-1)))
			for t := range m {
				part[t*blockMaxTiles+i] = e*f.weight[f.lead+t]<<8 | int64(g.distTab[c][home[f.lead+t]])
			}
			i++
		}
		hi := int64(si)*int64(bl.nArr) + r*int64(nperm)
		for pi := range nperm {
			var sum int64
			for _, at := range f.sigma[pi*m : pi*m+m] {
				sum += part[at]
			}
			o := old - f.less[pi] + sum>>8
			d := md + int(sum&0xff)
			h := int(f.dist[hi+int64(pi)])
			if h == 0 {
				continue // not reachable (odd permutations, one free cell)
			}
			ex := h - 1 - d
			if ex < 0 || ex%2 != 0 {
				return fmt.Errorf("pdb: internal error: distance %d against taxicab %d", h-1, d)
			}
			ex = min(ex/2, maxExcess)
			f.out[o>>3] |= uint32(ex) << (4 * uint(o&7))
		}
	}
	return nil
}
