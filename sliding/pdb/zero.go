package pdb

import (
	"context"
	"fmt"
	"math/bits"
	"strings"
	"sync"
	"sync/atomic"
)

// Zero-aware tables (Clausecker & Reinefeld, SoCS 2019) count, like the
// blank-unaware ones, only the moves of the pattern's tiles, but they also
// know where the blank is, up to what moves of the other tiles (which cost
// nothing) can change: the region of the cells not holding a pattern tile
// that the blank is in. A tile can move only into a cell of the blank's
// region, and after the move the blank is in the region of the tile's old
// cell. An entry is the fewest pattern-tile moves from a placement and a
// region to the goal, so a table is still additive over a partition, at
// least as large as the blank-unaware entry of its placement, and
// consistent.
//
// The table is laid out so that the search finds most entries at the
// placement's blank-unaware rank (see rank), which it updates move by move
// as cheaply as for a blank-unaware table. The free cells of most blocks
// (the sets of cells the tiles occupy) form one region (for 6 tiles on 5x5,
// 111,180 of the 177,100 blocks), so:
//
//   - the primary part, entries 0 to n!/(n-k)!-1 (rounded up to a multiple
//     of 8), holds for each placement the entry of its block's main region:
//     the largest region, the lowest-numbered of those as large (regions are
//     numbered in the order of their lowest cell);
//   - the overflow part, after it, holds the entries of the other regions
//     of the blocks with more than one, (ovOff[block] + region') * k! +
//     arrangement, where region' is the region's number, less one if above
//     the main region's, and the arrangement is the tiles' order on the
//     block's cells (one of k!).
//
// A bitmap over the blocks by their colex rank (see blocks.multi) says
// which have more than one region: only for those does the search look up
// the blank's region. (For 6 tiles on 5x5 it is 22 KB, which stays in the
// caches, where a bitmap over all 2^25 sets of cells, 4 MB, would not.)
// For a 6-tile pattern on 5x5 the table has 127,512,000 + 53,496,000
// entries (the 65,920 blocks with more than one region have 74,300 regions
// beyond their main ones), 90.5 MB: 1.42 times a blank-unaware table.
// Entries
// are 4 bits, (distance - taxicab)/2 capped at 15, as in the blank-unaware
// tables.

// ZeroPrefix, written before a partition (such as "zero:6-6-6-6" or
// "zero:catalogue"), asks for zero-aware tables.
const ZeroPrefix = "zero:"

// splitZero returns the partition without ZeroPrefix and whether it had it.
func splitZero(spec string) (string, bool) {
	if rest, ok := strings.CutPrefix(spec, ZeroPrefix); ok {
		return rest, true
	}
	return spec, false
}

// layouts caches the block layouts by board size and tiles.
var layouts sync.Map // [3]int -> *blocks

// blockLayout returns the layout of the blocks of k tiles on board g, made
// once: the blocks, their regions and planes, and the relabellings.
func blockLayout(g *geom, k int) *blocks {
	key := [3]int{g.w, g.h, k}
	if bl, ok := layouts.Load(key); ok {
		return bl.(*blocks)
	}
	bl, _ := layouts.LoadOrStore(key, makeBlocks(g, k))
	return bl.(*blocks)
}

// makeSetRanks fills the tables of fastRank: the colex rank of a block is
// the sum, over its cells c in increasing order, of binom(c, i) for the
// i-th cell (from 1), so the cells of the low half of the board give one
// part and those of the high half another that depends only on how many
// cells the low half holds.
func (bl *blocks) makeSetRanks() {
	bl.loBits = (bl.n + 1) / 2
	hiBits := bl.n - bl.loBits
	bl.rankLo = make([]int32, 1<<bl.loBits)
	for m := range len(bl.rankLo) {
		var r int64
		i := 1
		for x := uint32(m); x != 0; x &= x - 1 {
			r += bl.binom[bits.TrailingZeros32(x)][i]
			i++
		}
		bl.rankLo[m] = int32(r)
	}
	bl.rankHi = make([]int32, (bl.k+1)<<hiBits)
	for j := 0; j <= bl.k; j++ {
		for m := range 1 << hiBits {
			var r int64
			i := j + 1
			for x := uint32(m); x != 0 && i <= bl.k; x &= x - 1 {
				r += bl.binom[bits.TrailingZeros32(x)+bl.loBits][i]
				i++
			}
			bl.rankHi[j<<hiBits|m] = int32(r)
		}
	}
}

// fastRank returns the colex rank of block s (as setRank) by two lookups.
func (bl *blocks) fastRank(s uint32) int {
	lo := s & (1<<bl.loBits - 1)
	hi := s >> bl.loBits
	return int(bl.rankLo[lo] + bl.rankHi[bits.OnesCount32(lo)<<(bl.n-bl.loBits)|int(hi)])
}

// newZeroPattern returns the zero-aware pattern of the tiles whose goal
// cells are cells.
func newZeroPattern(g *geom, cells []int) (*pattern, error) {
	p, err := newPattern(g, cells)
	if err != nil {
		return nil, err
	}
	if len(cells) > blockMaxTiles {
		return nil, fmt.Errorf("pdb: zero-aware tables of more than %d tiles are not supported", blockMaxTiles)
	}
	bl := blockLayout(g, len(cells))
	p.zero = true
	p.size = bl.ovBase(p) + int64(bl.ovPlanes)*int64(bl.nArr)
	if p.size > maxPatternEntries {
		return nil, fmt.Errorf("pdb: a zero-aware pattern of %d tiles on %dx%d has over %d entries", len(cells), g.w, g.h, int64(maxPatternEntries))
	}
	return p, nil
}

// ovBase returns the first overflow entry of p's zero-aware table: its
// placements, rounded up to a multiple of 8 (a whole word).
func (bl *blocks) ovBase(p *pattern) int64 { return (p.places + 7) &^ 7 }

// makeOverflow fills the layout's main regions, overflow planes and the
// bitmap of the sets of cells with more than one region.
func (bl *blocks) makeOverflow() {
	nSets := len(bl.sets)
	bl.mainReg = make([]uint8, nSets)
	bl.mainCells = make([]uint32, nSets)
	bl.ovOff = make([]int32, nSets)
	bl.multi = make([]uint64, (nSets+63)/64)
	var size [maxCells]int
	for si, s := range bl.sets {
		nr := int(bl.planeOff[si+1] - bl.planeOff[si])
		bl.ovOff[si] = int32(bl.ovPlanes)
		if nr < 2 {
			bl.mainCells[si] = bl.g.all &^ s
			continue
		}
		bl.multi[si>>6] |= 1 << (si & 63)
		clear(size[:nr])
		for free := bl.g.all &^ s; free != 0; free &= free - 1 {
			size[bl.regOf[si*bl.n+bits.TrailingZeros32(free)]]++
		}
		best := 0
		for r := 1; r < nr; r++ {
			if size[r] > size[best] {
				best = r
			}
		}
		bl.mainReg[si] = uint8(best)
		for free := bl.g.all &^ s; free != 0; free &= free - 1 {
			if c := bits.TrailingZeros32(free); int(bl.regOf[si*bl.n+c]) == best {
				bl.mainCells[si] |= 1 << c
			}
		}
		bl.ovPlanes += nr - 1
	}
}

// multiRegion returns the colex rank si of the set of cells s (a block)
// and whether its free cells form more than one region; overflowIndex
// takes si, so that the rank is found once.
func (bl *blocks) multiRegion(s uint32) (si int, multi bool) {
	si = bl.fastRank(s)
	return si, bl.multi[si>>6]>>(si&63)&1 != 0
}

// overflowIndex returns the index in a zero-aware table of the tiles on
// cells pos (pos[j] is the cell of tile j; their set is s, of colex rank
// si, which has more than one region) with the blank in the region of free
// cell c, or -1 when that is the main region (whose entry is at the
// placement's rank).
func (bl *blocks) overflowIndex(base int64, si int, s uint32, pos []uint8, c int) int64 {
	if bl.mainCells[si]>>c&1 != 0 {
		return -1
	}
	reg, main := bl.regOf[si*bl.n+c], bl.mainReg[si]
	if reg > main {
		reg--
	}
	var pi [maxCells]uint8
	for j, at := range pos {
		pi[j] = uint8(bits.OnesCount32(s & (1<<at - 1)))
	}
	arr := rank(bl.k, pi[:bl.k])
	return base + (int64(bl.ovOff[si])+int64(reg))*int64(bl.nArr) + arr
}

// zeroIndex returns the index in a zero-aware table of the tiles on cells
// pos (pos[j] is the cell of tile j) with the blank on cell blank.
func (bl *blocks) zeroIndex(p *pattern, pos []uint8, blank int) int64 {
	var s uint32
	for _, c := range pos {
		s |= 1 << c
	}
	if si, multi := bl.multiRegion(s); multi {
		if o := bl.overflowIndex(bl.ovBase(p), si, s, pos, blank); o >= 0 {
			return o
		}
	}
	return rank(bl.n, pos)
}

// zeroTable writes the 4-bit zero-aware table (in the layout above) from
// the states' distances (plus one, 0 for a state not reached), block by
// block, shared out between the workers.
func (bl *blocks) zeroTable(ctx context.Context, sd []byte, workers int) ([]uint32, error) {
	p := bl.p
	k := bl.k
	g := bl.g
	out := make([]uint32, (p.size+7)/8)
	base := bl.ovBase(p)
	// The tiles' places within the block for each arrangement, and the part
	// of each placement's rank that the arrangement alone decides: tile j's
	// digit is its cell less the earlier tiles on lower cells.
	pis := make([]uint8, bl.nArr*k)
	less := make([]int64, bl.nArr)
	var wgt [maxCells]int64
	w := int64(1)
	for j := k - 1; j >= 0; j-- {
		wgt[j] = w
		w *= int64(bl.n - j)
	}
	for r := range bl.nArr {
		pi := pis[r*k : (r+1)*k]
		unrank(k, int64(r), pi)
		for j := range k {
			for i := range j {
				if pi[i] < pi[j] {
					less[r] += wgt[j]
				}
			}
		}
	}
	var next atomic.Int64
	const chunk = 64
	err := inWorkers(workers, func() error {
		var md [blockMaxTiles][maxCells]int
		var cw [blockMaxTiles][maxCells]int64 // cw[j][i]: tile j on the block's i-th cell, in the rank
		for {
			lo := int(next.Add(chunk)) - chunk
			if lo >= len(bl.sets) || ctx.Err() != nil {
				break
			}
			for si := lo; si < min(lo+chunk, len(bl.sets)); si++ {
				s := bl.sets[si]
				i := 0
				for x := s; x != 0; x &= x - 1 {
					c := bits.TrailingZeros32(x)
					for j := range k {
						md[j][i] = int(g.distTab[c][p.cells[j]])
						cw[j][i] = int64(c) * wgt[j]
					}
					i++
				}
				main := int64(bl.mainReg[si])
				for pl := int64(bl.planeOff[si]); pl < int64(bl.planeOff[si+1]); pl++ {
					src := pl * int64(bl.nArr)
					reg := pl - int64(bl.planeOff[si])
					ov := int64(-1)
					if reg != main {
						if reg > main {
							reg--
						}
						ov = base + (int64(bl.ovOff[si])+reg)*int64(bl.nArr)
					}
					for r := range bl.nArr {
						h := int(sd[src+int64(r)])
						if h == 0 {
							continue // not reachable
						}
						d := 0
						o := -less[r]
						for j, at := range pis[r*k : (r+1)*k] {
							d += md[j][at]
							o += cw[j][at]
						}
						if ov >= 0 {
							o = ov + int64(r)
						}
						ex := h - 1 - d
						if ex < 0 || ex%2 != 0 {
							return fmt.Errorf("pdb: internal error: zero-aware distance %d against taxicab %d", h-1, d)
						}
						if e := uint32(min(ex/2, maxExcess)); e != 0 {
							// Blocks share the words of the primary part.
							atomic.OrUint32(&out[o>>3], e<<(4*uint(o&7)))
						}
					}
				}
			}
		}
		return ctx.Err()
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}
