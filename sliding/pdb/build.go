package pdb

import (
	"context"
	"errors"
	"fmt"
	"math/bits"
	"runtime"
	"sync/atomic"
)

// maxPatternEntries caps the entries of one pattern's table (2^32): the
// placement builder keeps three bytes of work per entry, the block builder
// a byte and three bits per region of the blank.
const maxPatternEntries = 1 << 32

// pattern is one group of tiles of a partition: the tiles are named by
// their goal cells, in increasing order.
type pattern struct {
	g     *geom
	cells []int // goal cells of the pattern's tiles
	size  int64 // entries of the table: n!/(n-k)! placements of the tiles, or for a zero-aware table its states
	// zero marks a zero-aware table (see zero.go): an entry for each
	// placement and region of the blank, in the block builder's order.
	zero bool
	// places is n!/(n-k)!, the placements (what a build's progress counts).
	places int64
	// maxDist, when not 0, lowers the largest distance the block builder
	// stores, and fillPiece, when not 0, the entries of a piece of its
	// table's fill (see blockMaxDist and fillPieceEntries): tests set them.
	maxDist   int
	fillPiece int64
}

func newPattern(g *geom, cells []int) (*pattern, error) {
	if len(cells) == 0 || len(cells) >= g.n {
		return nil, fmt.Errorf("pdb: a pattern of %d tiles on %d cells", len(cells), g.n)
	}
	size := int64(1)
	for i := range len(cells) {
		size *= int64(g.n - i)
		if size > maxPatternEntries {
			return nil, fmt.Errorf("pdb: a pattern of %d tiles on %dx%d has over %d entries", len(cells), g.w, g.h, int64(maxPatternEntries))
		}
	}
	return &pattern{g: g, cells: cells, size: size, places: size}, nil
}

// rank returns the index of the placement pos (pos[i] is the cell of tile
// i of the pattern): the mixed-radix number whose digit i, of radix n-i,
// is pos[i] less the number of earlier tiles on lower cells.
func rank(n int, pos []uint8) int64 {
	var r int64
	var used uint32
	for i, p := range pos {
		d := int(p) - bits.OnesCount32(used&(1<<p-1))
		r = r*int64(n-i) + int64(d)
		used |= 1 << p
	}
	return r
}

// unrank is the inverse of rank: it fills pos and returns the cells used.
func unrank(n int, r int64, pos []uint8) uint32 {
	k := len(pos)
	var digits [maxCells]uint8
	for i := k - 1; i >= 0; i-- {
		rad := int64(n - i)
		digits[i] = uint8(r % rad)
		r /= rad
	}
	var used uint32
	for i := range k {
		free := ^used
		for d := digits[i]; d > 0; d-- {
			free &= free - 1
		}
		p := bits.TrailingZeros32(free)
		pos[i] = uint8(p)
		used |= 1 << p
	}
	return used
}

// maxExcess is the largest value a table entry holds: entries are 4 bits.
const maxExcess = 15

// errTooManyRegions reports a pattern whose free cells split into more than
// eight regions, which the builder's byte masks cannot hold.
var errTooManyRegions = errors.New("pdb: the free cells of a pattern split into more than 8 regions")

// buildPlacements computes the table of pattern p for the goal whose blank
// is on cell blank, placement by placement. build uses it for patterns of
// more than 8 tiles; the block builder (buildBlocks), which build uses for
// the others, is tested against it. The table holds, for each placement of the pattern's tiles, the
// fewest moves of pattern tiles that bring them home while the other tiles
// are indistinct and the blank may wander through every cell not holding a
// pattern tile: a breadth-first search backwards from the goal over pairs
// (placement, region of the blank), where moving the blank within its region
// is free and moving a pattern tile into it costs one. An entry is stored as
// (distance - taxicab distance of the pattern's tiles) / 2, capped at 15; the
// two always have the same parity.
//
// progress, if not nil, is called with the number of placements reached so
// far after each level. The search uses every processor.
func buildPlacements(ctx context.Context, p *pattern, blank int, progress func(done int64)) ([]uint32, error) {
	g, k, n := p.g, len(p.cells), p.g.n
	words := (p.size + 3) / 4
	visited, free1 := allocWords(words) // per placement, a byte mask of blank regions reached
	defer free1()
	cur, free2 := allocWords(words) // regions at the current distance
	defer free2()
	next, free3 := allocWords(words) // regions at the next distance
	defer free3()
	out := make([]uint32, (p.size+7)/8)

	// The goal: tiles home, blank in its region.
	pos := make([]uint8, k)
	var occ uint32
	for i, c := range p.cells {
		pos[i] = uint8(c)
		occ |= 1 << c
	}
	if occ&(1<<blank) != 0 {
		return nil, fmt.Errorf("pdb: pattern holds the blank's goal cell %d", blank)
	}
	r0 := rank(n, pos)
	j0 := g.regionOf(blank, g.all&^occ)
	if j0 >= 8 {
		return nil, errTooManyRegions
	}
	bit0 := uint32(1) << (j0 + 8*int(r0&3))
	visited[r0>>2] |= bit0
	cur[r0>>2] |= bit0
	lv := startLevels(progress)

	workers := runtime.GOMAXPROCS(0)
	const chunk = 1 << 14
	for depth := 0; ; depth++ {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		var nextChunk atomic.Int64
		var added, newPlaces atomic.Int64
		err := inWorkers(workers, func() error {
			x := newExpander(p, depth, visited, next, out)
			for {
				lo := nextChunk.Add(chunk) - chunk
				if lo >= words || ctx.Err() != nil {
					break
				}
				hi := min(lo+chunk, words)
				for w := lo; w < hi; w++ {
					m := cur[w]
					if m == 0 {
						continue
					}
					cur[w] = 0
					for m != 0 {
						b := bits.TrailingZeros32(m) / 8
						x.expand(w*4+int64(b), uint8(m>>(8*b)))
						m &^= 0xff << (8 * b)
					}
				}
			}
			added.Add(x.added)
			newPlaces.Add(x.newPlaces)
			return x.err
		})
		if err != nil {
			return nil, err
		}
		if done, err := lv.end(ctx, newPlaces.Load(), added.Load()); err != nil {
			return nil, err
		} else if done {
			break
		}
		cur, next = next, cur
	}
	if err := lv.check(p, k == n-1); err != nil {
		return nil, err
	}
	return out, nil
}

// levels counts the placements that a breadth-first build of a pattern has
// reached, level by level, and reports them to its progress function.
type levels struct {
	reached  int64
	progress func(done int64)
}

// startLevels returns the count of a build whose first level, the goal
// placement, is reached.
func startLevels(progress func(done int64)) *levels {
	lv := &levels{reached: 1, progress: progress}
	if progress != nil {
		progress(1)
	}
	return lv
}

// end adds a level's new placements and reports whether the build is
// over: no state was added, so no level follows. It fails when ctx ended.
func (lv *levels) end(ctx context.Context, newPlaces, added int64) (done bool, err error) {
	if err := ctx.Err(); err != nil {
		return false, err
	}
	lv.reached += newPlaces
	if lv.progress != nil {
		lv.progress(lv.reached)
	}
	return added == 0, nil
}

// check fails unless the build reached every placement of p that can be
// reached: half of them when the pattern leaves one free cell (oneFree),
// since only even permutations are reachable then.
func (lv *levels) check(p *pattern, oneFree bool) error {
	want := p.places
	if oneFree {
		want /= 2
	}
	if lv.reached != want {
		return fmt.Errorf("pdb: internal error: reached %d of %d placements", lv.reached, p.places)
	}
	return nil
}

// expander expands the states of one level for one worker.
type expander struct {
	p                *pattern
	depth            int
	visited, next    []uint32
	out              []uint32
	pos              []uint8
	added, newPlaces int64
	err              error

	// The last placement unranked, its digits, and the cells used by the
	// tiles before each tile.
	lastR      int64
	digits     [maxCells]uint8
	usedBefore [maxCells + 1]uint32
	weight     [maxCells]int64 // the place value of each tile's digit
	tileAt     [maxCells]uint8 // the tile on each cell of the placement
	succ       [4 * maxCells]succ
	touch      uint32 // keeps the touching loads from being optimised away
}

func newExpander(p *pattern, depth int, visited, next, out []uint32) *expander {
	x := &expander{p: p, depth: depth, visited: visited, next: next, out: out, pos: make([]uint8, len(p.cells)), lastR: -1}
	w := int64(1)
	for i := len(p.cells) - 1; i >= 0; i-- {
		x.weight[i] = w
		w *= int64(p.g.n - i)
	}
	return x
}

// place sets x.pos to placement r and returns the cells it uses. The
// frontier is scanned in increasing order, so it adds the difference from
// the last placement to its digits and redoes only the tiles whose digits
// changed.
func (x *expander) place(r int64) uint32 {
	n, k := x.p.g.n, len(x.pos)
	delta := r - x.lastR
	if x.lastR < 0 || delta < 0 || delta >= 1<<20 {
		// Far away: from scratch.
		rr := r
		for i := k - 1; i >= 0; i-- {
			rad := int64(n - i)
			x.digits[i] = uint8(rr % rad)
			rr /= rad
		}
		x.lastR = r
		return x.redo(0)
	}
	x.lastR = r
	// Add delta in the mixed radix, lowest digit first.
	i := k - 1
	carry := delta
	for ; i >= 0 && carry > 0; i-- {
		rad := int64(n - i)
		v := int64(x.digits[i]) + carry
		if v < rad {
			x.digits[i] = uint8(v)
			carry = 0
			break
		}
		x.digits[i] = uint8(v % rad)
		carry = v / rad
	}
	if i < 0 {
		i = 0
	}
	return x.redo(i)
}

// redo places tiles from..k-1 from their digits; tiles before keep their
// cells. It returns the cells used by all tiles.
func (x *expander) redo(from int) uint32 {
	used := x.usedBefore[from]
	for i := from; i < len(x.pos); i++ {
		x.usedBefore[i] = used
		free := ^used
		for d := x.digits[i]; d > 0; d-- {
			free &= free - 1
		}
		c := bits.TrailingZeros32(free)
		x.pos[i] = uint8(c)
		used |= 1 << c
	}
	return used
}

// expand generates the successors of placement r with the blank in each of
// the regions in mask.
func (x *expander) expand(r int64, mask uint8) {
	p := x.p
	g := p.g
	occ := x.place(r)
	free := g.all &^ occ
	md := 0
	for i, c := range p.cells {
		q := x.pos[i]
		md += int(g.distTab[q][c])
		x.tileAt[q] = uint8(i)
	}
	h := x.depth + 1
	// First the successors, then a pass that touches their words so that
	// the cache misses overlap, then the updates.
	// The cells the blank can reach: from the region table, or by flooding
	// the regions once on boards too large for one.
	var reach uint32
	var regions uint64 // region of each cell, 4 bits a cell
	if g.regionTab != nil {
		regions = g.regionTab[free]
	} else {
		rest := free
		for j := 0; rest != 0; j++ {
			r := g.flood(rest&-rest, free)
			rest &^= r
			if j < 8 && mask&(1<<j) != 0 {
				reach |= r
			}
		}
	}
	ns := 0
	for i, from := range x.pos {
		to := g.nbr[from] & free
		for to != 0 {
			c := bits.TrailingZeros32(to)
			to &= to - 1
			if g.regionTab == nil {
				if reach&(1<<c) == 0 {
					continue
				}
			} else if mask&(1<<(regions>>(4*uint(c))&15)) == 0 {
				continue // the blank cannot reach c
			}
			// Rank with tile i on c: its digit changes, and the digit of
			// each later tile on a cell between from and c moves by one.
			d := int64(c - bits.OnesCount32(x.usedBefore[i]&(1<<c-1)))
			r2 := r + (d-int64(x.digits[i]))*x.weight[i]
			lo, hi := min(int(from), c), max(int(from), c)
			for between := occ & (1<<hi - 1) &^ (1<<(lo+1) - 1); between != 0; between &= between - 1 {
				j := int(x.tileAt[bits.TrailingZeros32(between)])
				if j > i {
					if c > int(from) {
						r2 += x.weight[j] // one earlier tile fewer below it
					} else {
						r2 -= x.weight[j]
					}
				}
			}
			free2 := free&^(1<<c) | 1<<from
			j2 := g.regionOf(int(from), free2)
			if j2 >= 8 {
				x.err = errTooManyRegions
				return
			}
			x.succ[ns] = succ{r: r2, region: uint8(j2), md: int8(md - int(g.distTab[from][p.cells[i]]) + int(g.distTab[c][p.cells[i]]))}
			ns++
		}
	}
	var touch uint32
	for _, s := range x.succ[:ns] {
		touch |= atomic.LoadUint32(&x.visited[s.r>>2])
	}
	x.touch += touch
	for _, s := range x.succ[:ns] {
		r2 := s.r
		sh := 8 * uint(r2&3)
		bit := uint32(1) << (uint(s.region) + sh)
		w := r2 >> 2
		if atomic.LoadUint32(&x.visited[w])&bit != 0 {
			continue
		}
		old := atomic.OrUint32(&x.visited[w], bit)
		if old&bit != 0 {
			continue
		}
		atomic.OrUint32(&x.next[w], bit)
		x.added++
		if old>>sh&0xff != 0 {
			continue
		}
		// First time this placement is reached: its distance is h.
		x.newPlaces++
		ex := h - int(s.md)
		if ex < 0 || ex%2 != 0 {
			x.err = fmt.Errorf("pdb: internal error: distance %d against taxicab %d", h, s.md)
			return
		}
		ex = min(ex/2, maxExcess)
		if ex > 0 {
			atomic.OrUint32(&x.out[r2>>3], uint32(ex)<<(4*uint(r2&7)))
		}
	}
}

// succ is one successor placement met by expand.
type succ struct {
	r      int64
	region uint8
	md     int8
}

// entry returns entry r of a table.
func entry(t []uint32, r int64) int {
	return int(t[r>>3] >> (4 * uint(r&7)) & 15)
}
