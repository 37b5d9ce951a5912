package pdb

import (
	"context"
	"fmt"
	"math/bits"
	"runtime"
	"sync"
	"sync/atomic"
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
// A state (placement, region of the blank) takes 2 bits: 0 not reached,
// then one of two codes for "reached at the level being expanded" and "at
// the next level", which swap roles every level, and 3 for "expanded". A
// block's states lie in one plane per region of its free cells. Each
// placement's distance (the level of its first state) is kept in a byte,
// and the table is written from those bytes at the end, in the placement
// ranking of the file (rank), with the taxicab distances taken off.

// blockMaxTiles is the most tiles the block builder handles: arrangements
// are numbered in 16 bits.
const blockMaxTiles = 8

// useBlockBuilder selects the block builder for the patterns it handles;
// the tests compare it with buildPlacements.
var useBlockBuilder = true

// build computes the table of pattern p for the goal whose blank is on cell
// blank: see buildPlacements for what it holds. It uses the block builder
// when it can.
func build(ctx context.Context, p *pattern, blank int, progress func(done int64)) ([]uint32, error) {
	if useBlockBuilder && len(p.cells) <= blockMaxTiles {
		return buildBlocks(ctx, p, blank, progress)
	}
	return buildPlacements(ctx, p, blank, progress)
}

// blocks is the block builder's view of a pattern.
type blocks struct {
	p        *pattern
	g        *geom
	k, n     int
	nArr     int      // k!
	sets     []uint32 // the cells of each block, in colex order
	binom    [maxCells + 1][maxCells + 2]int64
	planeOff []int32 // first plane of each block; one more at the end
	pw       int     // words of one plane: 16 states a word
	// perm[ia*k+ib] maps an arrangement to the one after the tile on the
	// ia-th cell of S moves to the ib-th cell of S-a+b; nil for ia == ib,
	// where the arrangement stays.
	perm [][]uint16
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

func newBlocks(p *pattern) *blocks {
	g := p.g
	k, n := len(p.cells), g.n
	bl := &blocks{p: p, g: g, k: k, n: n}
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
	bl.pw = (bl.nArr + 15) / 16
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
	var cells [maxCells]uint8
	for i, s := range bl.sets {
		bl.planeOff[i+1] = bl.planeOff[i] + int32(bl.regions(s, &cells))
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
	return bl
}

// bmove is one move out of a region of a block, with where it lands.
type bmove struct {
	perm  []uint16 // nil: the arrangement stays
	plane int64    // first word of the target plane
	pl    int64    // the target plane
	hbase int64    // first byte of the target block's distances
}

// buildBlocks is build with the block builder.
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
	states, freeStates := allocWords(nPlanes * int64(bl.pw))
	defer func() { freeStates() }()
	// dist holds each placement's distance plus one, 0 when not reached.
	dist, free2 := allocWords((int64(nSets)*int64(bl.nArr) + 3) / 4)
	defer free2()
	active := make([]uint32, nPlanes)  // planes with states at the level being expanded
	nactive := make([]uint32, nPlanes) // planes with states at the next level

	// The goal: tiles home, in order (arrangement 0), blank in its region.
	var cells [maxCells]uint8
	bl.regions(home, &cells)
	s0 := bl.setRank(home)
	plane0 := int64(bl.planeOff[s0]) + int64(cells[blank])
	states[plane0*int64(bl.pw)] = 1 // arrangement 0, code 1: level 0
	hi0 := int64(s0) * int64(bl.nArr)
	dist[hi0>>2] = 1 << (uint(hi0&3) * 8)
	active[plane0] = 1
	reached := int64(1)
	if progress != nil {
		progress(reached)
	}

	workers := runtime.GOMAXPROCS(0)
	const chunk = 8
	var failMu sync.Mutex
	var fail error
	for depth := 0; ; depth++ {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		if depth+2 > 255 {
			return nil, fmt.Errorf("pdb: internal error: distances over 254")
		}
		cur := uint32(1 + depth&1)
		var nextChunk atomic.Int64
		var added, newPlaces atomic.Int64
		var wg sync.WaitGroup
		for range workers {
			wg.Add(1)
			go func() {
				defer wg.Done()
				x := blockExpander{bl: bl, states: states, dist: dist, active: active, nactive: nactive, cur: cur, next: 3 - cur, h: uint32(depth + 2)}
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
				if x.err != nil {
					failMu.Lock()
					if fail == nil {
						fail = x.err
					}
					failMu.Unlock()
				}
			}()
		}
		wg.Wait()
		if fail != nil {
			return nil, fail
		}
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		reached += newPlaces.Load()
		if progress != nil {
			progress(reached)
		}
		if added.Load() == 0 {
			break
		}
		active, nactive = nactive, active
		clear(nactive)
	}
	want := p.size
	if k == bl.n-1 {
		want /= 2 // with one free cell, only even permutations are reachable
	}
	if reached != want {
		return nil, fmt.Errorf("pdb: internal error: reached %d of %d placements", reached, p.size)
	}
	freeStates()
	freeStates = func() {}
	return bl.table(ctx, dist, workers)
}

// blockExpander expands the blocks of one level for one worker.
type blockExpander struct {
	bl               *blocks
	states, dist     []uint32
	active, nactive  []uint32
	cur, next        uint32 // the codes of this level's states and the next's
	h                uint32 // the next level's distance plus one
	added, newPlaces int64
	err              error
	moves            [maxCells][4 * maxCells]bmove
	nmoves           [maxCells]int
}

// expandBlock expands the states of block si at the current level.
func (x *blockExpander) expandBlock(si int) {
	bl := x.bl
	g := bl.g
	p0, p1 := int64(bl.planeOff[si]), int64(bl.planeOff[si+1])
	any := false
	for pl := p0; pl < p1; pl++ {
		if x.active[pl] != 0 {
			any = true
			break
		}
	}
	if !any {
		return
	}
	s := bl.sets[si]
	var reg [maxCells]uint8
	nr := bl.regions(s, &reg)
	for j := range nr {
		x.nmoves[j] = 0
	}
	k := bl.k
	pw := int64(bl.pw)
	for ms := s; ms != 0; ms &= ms - 1 {
		a := bits.TrailingZeros32(ms)
		ia := bits.OnesCount32(s & (1<<a - 1))
		for to := g.nbr[a] &^ s; to != 0; to &= to - 1 {
			b := bits.TrailingZeros32(to)
			j := reg[b]
			if x.active[p0+int64(j)] == 0 {
				continue
			}
			s2 := s&^(1<<a) | 1<<b
			ib := bits.OnesCount32(s2 & (1<<b - 1))
			si2 := bl.setRank(s2)
			var reg2 [maxCells]uint8
			bl.regions(s2, &reg2)
			m := &x.moves[j][x.nmoves[j]]
			x.nmoves[j]++
			m.perm = nil
			if ia != ib {
				m.perm = bl.perm[ia*k+ib]
			}
			m.pl = int64(bl.planeOff[si2]) + int64(reg2[a])
			m.plane = m.pl * pw
			m.hbase = int64(si2) * int64(bl.nArr)
		}
	}
	for j := range nr {
		pl := p0 + int64(j)
		if x.active[pl] == 0 {
			continue
		}
		x.expandPlane(pl*pw, x.moves[j][:x.nmoves[j]])
	}
}

// expandPlane expands the states of the current level in the plane whose
// first word is base, by the moves given, and marks them expanded.
func (x *blockExpander) expandPlane(base int64, moves []bmove) {
	bl := x.bl
	pat := x.cur * 0x55555555
	for w := range int64(bl.pw) {
		v := atomic.LoadUint32(&x.states[base+w])
		t := v ^ pat
		z := ^(t | t>>1) & 0x55555555 // low bit of each field equal to cur
		if z == 0 {
			continue
		}
		for zz := z; zz != 0; zz &= zz - 1 {
			r := int(w)*16 + bits.TrailingZeros32(zz)/2
			for i := range moves {
				m := &moves[i]
				r2 := r
				if m.perm != nil {
					r2 = int(m.perm[r])
				}
				sw := &x.states[m.plane+int64(r2>>4)]
				sh := uint(r2&15) * 2
				if atomic.LoadUint32(sw)>>sh&3 != 0 {
					continue
				}
				old := atomic.OrUint32(sw, x.next<<sh)
				if old>>sh&3 != 0 {
					continue
				}
				x.added++
				if atomic.LoadUint32(&x.nactive[m.pl]) == 0 {
					atomic.StoreUint32(&x.nactive[m.pl], 1)
				}
				hi := m.hbase + int64(r2)
				dw := &x.dist[hi>>2]
				dsh := uint(hi&3) * 8
				if atomic.LoadUint32(dw)>>dsh&0xff != 0 {
					continue
				}
				if old := atomic.OrUint32(dw, x.h<<dsh); old>>dsh&0xff == 0 {
					x.newPlaces++
				}
			}
		}
		atomic.OrUint32(&x.states[base+w], z*3)
	}
}

// table writes the 4-bit table, in the file's placement ranking (rank),
// from the distances of the placements in block order. The work is split by
// the cells of the first two tiles: their ranks are one range of the table
// (a megabyte for 7-8), which stays in the cache while the blocks holding
// both cells are read, a contiguous run of arrangements each.
func (bl *blocks) table(ctx context.Context, dist []uint32, workers int) ([]uint32, error) {
	p := bl.p
	k, n := bl.k, bl.n
	out := make([]uint32, (p.size+7)/8)
	var weight [maxCells]int64
	wt := int64(1)
	for i := k - 1; i >= 0; i-- {
		weight[i] = wt
		wt *= int64(n - i)
	}
	lead := min(2, k) // tiles fixed by a piece of work
	if weight[lead-1]%8 != 0 {
		workers = 1 // the pieces do not start on whole words
	}
	pieces := 1
	for i := range lead {
		pieces *= n - i
	}
	var next atomic.Int64
	var wg sync.WaitGroup
	errs := make([]error, workers)
	for wk := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			f := filler{bl: bl, dist: dist, out: out, weight: weight}
			for {
				i := int(next.Add(1) - 1)
				if i >= pieces || ctx.Err() != nil {
					break
				}
				c0 := i / (n - 1) % n
				c1 := i % (n - 1)
				if c1 >= c0 {
					c1++
				}
				if lead == 1 {
					c0, c1 = i, -1
				}
				if err := f.piece(c0, c1); err != nil {
					errs[wk] = err
					return
				}
			}
			errs[wk] = ctx.Err()
		}()
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return nil, err
		}
	}
	return out, nil
}

// filler writes the table for table.
type filler struct {
	bl     *blocks
	dist   []uint32
	out    []uint32
	weight [maxCells]int64
	cellOf [maxCells]uint8
	base   int64 // first distance byte of the block
	err    error
}

// piece writes the entries with tile 0 on cell c0 and tile 1 on cell c1
// (c1 < 0: a pattern of one tile).
func (f *filler) piece(c0, c1 int) error {
	bl := f.bl
	k := bl.k
	need := uint32(1) << c0
	if c1 >= 0 {
		need |= 1 << c1
	}
	g := bl.g
	home := bl.p.cells
	md0 := int(g.distTab[c0][home[0]])
	old0 := int64(c0) * f.weight[0]
	if c1 >= 0 {
		md0 += int(g.distTab[c1][home[1]])
		d1 := c1
		if c0 < c1 {
			d1--
		}
		old0 += int64(d1) * f.weight[1]
	}
	for si, s := range bl.sets {
		if s&need != need {
			continue
		}
		for i, m := 0, s; m != 0; i++ {
			f.cellOf[i] = uint8(bits.TrailingZeros32(m))
			m &= m - 1
		}
		f.base = int64(si) * int64(bl.nArr)
		i0 := bits.OnesCount32(s & (1<<c0 - 1))
		used := uint32(1) << i0
		r := int64(i0)
		if c1 >= 0 {
			i1 := bits.OnesCount32(s & (1<<c1 - 1))
			used |= 1 << i1
			d := i1
			if i0 < i1 {
				d--
			}
			r = r*int64(k-1) + int64(d)
		}
		f.walk(bits.OnesCount32(used), used, r, old0, md0)
		if f.err != nil {
			return f.err
		}
	}
	return nil
}

// walk places tiles j.. on the unused indices of the block's cells, in
// arrangement order; r is the arrangement's rank so far, old the file's
// rank so far, md the taxicab distance so far.
func (f *filler) walk(j int, used uint32, r, old int64, md int) {
	bl := f.bl
	k := bl.k
	if j == k {
		hi := f.base + r
		h := int(f.dist[hi>>2] >> (uint(hi&3) * 8) & 0xff)
		if h == 0 {
			return // not reachable (odd permutations, one free cell)
		}
		ex := h - 1 - md
		if ex < 0 || ex%2 != 0 {
			f.err = fmt.Errorf("pdb: internal error: distance %d against taxicab %d", h-1, md)
			return
		}
		ex = min(ex/2, maxExcess)
		f.out[old>>3] |= uint32(ex) << (4 * uint(old&7))
		return
	}
	rad := int64(k - j)
	d := int64(0)
	home := int(bl.p.cells[j])
	for i := range k {
		if used&(1<<i) != 0 {
			continue
		}
		c := f.cellOf[i]
		od := int64(int(c) - bits.OnesCount32(used&(1<<i-1)))
		f.walk(j+1, used|1<<i, r*rad+d, old+od*f.weight[j], md+int(bl.g.distTab[c][home]))
		d++
	}
}
