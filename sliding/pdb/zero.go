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
// The table is laid out as the block builder's states (see blockbuild.go):
// a state is a block (the set of cells the tiles occupy, in colex order),
// a region of that block's free cells (numbered in the order of their
// lowest cell) and the tiles' arrangement on the block (one of k!), and its
// index is (planeOff[block] + region) * k! + arrangement. For a 6-tile
// pattern on 5x5 that is 181,008,000 entries (90.5 MB), 1.42 times the
// placements of the blank-unaware table. Entries are 4 bits, (distance -
// taxicab)/2 capped at 15, as in the blank-unaware tables.

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
	p.size = int64(bl.planeOff[len(bl.sets)]) * int64(bl.nArr)
	if p.size > maxPatternEntries {
		return nil, fmt.Errorf("pdb: a zero-aware pattern of %d tiles on %dx%d has over %d entries", len(cells), g.w, g.h, int64(maxPatternEntries))
	}
	return p, nil
}

// zeroIndex returns the index in a zero-aware table of the tiles on cells
// pos (pos[j] is the cell of tile j) with the blank on cell blank, and the
// block of the tiles and their arrangement.
func (bl *blocks) zeroIndex(pos []uint8, blank int) (idx int64, set uint32, arr int) {
	for _, c := range pos {
		set |= 1 << c
	}
	var pi [maxCells]uint8
	for j, c := range pos {
		pi[j] = uint8(bits.OnesCount32(set & (1<<c - 1)))
	}
	arr = int(rank(bl.k, pi[:bl.k]))
	si := bl.fastRank(set)
	plane := int64(bl.planeOff[si]) + int64(bl.regOf[si*bl.n+blank])
	return plane*int64(bl.nArr) + int64(arr), set, arr
}

// zeroTable writes the 4-bit zero-aware table from the states' distances
// (plus one, 0 for a state not reached). Planes hold whole words when k!
// is a multiple of 8, and are then shared out between the workers.
func (bl *blocks) zeroTable(ctx context.Context, sd []byte, workers int) ([]uint32, error) {
	p := bl.p
	k := bl.k
	g := bl.g
	out := make([]uint32, (p.size+7)/8)
	if bl.nArr%8 != 0 {
		workers = 1
	}
	// The tiles' places within the block for each arrangement.
	pis := make([]uint8, bl.nArr*k)
	for r := range bl.nArr {
		unrank(k, int64(r), pis[r*k:(r+1)*k])
	}
	var next atomic.Int64
	var wg sync.WaitGroup
	errs := make([]error, workers)
	const chunk = 64
	for wk := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var md [blockMaxTiles][maxCells]int
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
						}
						i++
					}
					for pl := int64(bl.planeOff[si]); pl < int64(bl.planeOff[si+1]); pl++ {
						base := pl * int64(bl.nArr)
						for r := range bl.nArr {
							h := int(sd[base+int64(r)])
							if h == 0 {
								continue // not reachable
							}
							d := 0
							for j, at := range pis[r*k : (r+1)*k] {
								d += md[j][at]
							}
							ex := h - 1 - d
							if ex < 0 || ex%2 != 0 {
								errs[wk] = fmt.Errorf("pdb: internal error: zero-aware distance %d against taxicab %d", h-1, d)
								return
							}
							o := base + int64(r)
							out[o>>3] |= uint32(min(ex/2, maxExcess)) << (4 * uint(o&7))
						}
					}
				}
			}
			if errs[wk] == nil {
				errs[wk] = ctx.Err()
			}
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
