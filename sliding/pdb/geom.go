package pdb

import (
	"errors"
	"fmt"
	"math/bits"
	"strconv"
	"strings"
	"sync"
)

// maxCells is the most cells a board may have for pattern databases: cell
// sets are uint32 bit masks.
const maxCells = 32

// MaxCells is the most cells a board may have for pattern databases.
const MaxCells = maxCells

// geom is the shape of a W x H board as bit masks over its cells.
type geom struct {
	w, h, n  int
	all      uint32           // every cell
	notLeft  uint32           // cells not in the first column
	notRight uint32           // cells not in the last column
	nbr      [maxCells]uint32 // the cells next to each cell
	distTab  [maxCells][maxCells]int8
	// regionTab, on boards of at most 16 cells, holds for each set of free
	// cells the region index of each cell, 4 bits a cell.
	regionTab []uint64
}

// regionOf returns the index of the region of free that holds cell c,
// counting regions in the order of their lowest cell.
func (g *geom) regionOf(c int, free uint32) int {
	if g.regionTab != nil {
		return int(g.regionTab[free] >> (4 * uint(c)) & 15)
	}
	j, _ := g.regionIndex(c, free)
	return j
}

func (g *geom) makeRegionTab() {
	tab := make([]uint64, 1<<g.n)
	for free := range uint32(1 << g.n) {
		rest := free
		var v uint64
		for j := uint64(0); rest != 0; j++ {
			r := g.flood(rest&-rest, free)
			rest &^= r
			for m := r; m != 0; m &= m - 1 {
				v |= min(j, 15) << (4 * uint(bits.TrailingZeros32(m)))
			}
		}
		tab[free] = v
	}
	g.regionTab = tab
}

// geoms caches newGeom's results by size: a geom is never changed once made,
// and the region table of a 4x4 board takes milliseconds to fill.
var geoms sync.Map // [2]int -> *geom

// newGeom returns the geometry of a w x h board, made once per size.
func newGeom(w, h int) (*geom, error) {
	if g, ok := geoms.Load([2]int{w, h}); ok {
		return g.(*geom), nil
	}
	g, err := makeGeom(w, h)
	if err != nil {
		return nil, err
	}
	actual, _ := geoms.LoadOrStore([2]int{w, h}, g)
	return actual.(*geom), nil
}

func makeGeom(w, h int) (*geom, error) {
	if w < 2 || h < 2 || w*h > maxCells {
		return nil, fmt.Errorf("pdb: board %dx%d not supported (at most %d cells)", w, h, maxCells)
	}
	g := &geom{w: w, h: h, n: w * h}
	g.all = uint32(1<<g.n - 1)
	for c := range g.n {
		r, col := c/w, c%w
		if col > 0 {
			g.notLeft |= 1 << c
			g.nbr[c] |= 1 << (c - 1)
		}
		if col < w-1 {
			g.notRight |= 1 << c
			g.nbr[c] |= 1 << (c + 1)
		}
		if r > 0 {
			g.nbr[c] |= 1 << (c - w)
		}
		if r < h-1 {
			g.nbr[c] |= 1 << (c + w)
		}
	}
	for a := range g.n {
		for b := range g.n {
			g.distTab[a][b] = int8(g.dist(a, b))
		}
	}
	if g.n <= 16 {
		g.makeRegionTab()
	}
	return g, nil
}

// flood returns the cells of free connected to the cells of seed.
func (g *geom) flood(seed, free uint32) uint32 {
	r := seed & free
	for {
		nr := (r | r<<g.w | r>>g.w | (r&g.notRight)<<1 | (r&g.notLeft)>>1) & free
		if nr == r {
			return r
		}
		r = nr
	}
}

// regionIndex returns the index of the region of free that holds cell c,
// counting regions in the order of their lowest cell, and the region itself.
func (g *geom) regionIndex(c int, free uint32) (int, uint32) {
	reg := g.flood(1<<c, free)
	low := uint32(1)<<bits.TrailingZeros32(reg) - 1
	rest := free &^ reg & low
	idx := 0
	for rest != 0 {
		r := g.flood(rest&-rest, free)
		rest &^= r
		idx++
	}
	return idx, reg
}

// dist is the taxicab distance between cells a and b.
func (g *geom) dist(a, b int) int {
	dr := a/g.w - b/g.w
	dc := a%g.w - b%g.w
	if dr < 0 {
		dr = -dr
	}
	if dc < 0 {
		dc = -dc
	}
	return dr + dc
}

// transpose returns the cell that c goes to in the reflection of a square
// board about its main diagonal.
func (g *geom) transpose(c int) int {
	return (c%g.w)*g.w + c/g.w
}

// symmetries returns the maps of cells of a w x h board onto itself that
// keep it a w x h board (eight on a square, four otherwise), identity first.
// Each maps cell c to sym[c].
func symmetries(w, h int) [][]int {
	var out [][]int
	for t := range 8 {
		transpose, flipR, flipC := t&4 != 0, t&2 != 0, t&1 != 0
		if transpose && w != h {
			continue
		}
		m := make([]int, w*h)
		for c := range m {
			r, col := c/w, c%w
			if flipR {
				r = h - 1 - r
			}
			if flipC {
				col = w - 1 - col
			}
			if transpose {
				r, col = col, r
			}
			m[c] = r*w + col
		}
		out = append(out, m)
	}
	return out
}

// CanonicalBlank returns the cell that stands for the blank goal cell blank
// on a w x h board: the lowest cell it maps to under the board's
// symmetries. Boards whose goal blank cells have the same canonical cell
// share databases (a corner stands for all four corners).
func CanonicalBlank(w, h, blank int) int {
	best := blank
	for _, m := range symmetries(w, h) {
		if blank >= 0 && blank < len(m) {
			best = min(best, m[blank])
		}
	}
	return best
}

// Canonical returns the blank cell and the partition that Open should use
// for a goal whose blank is on cell blank: the canonical cell (see
// CanonicalBlank) and, for a partition written as goal cells, those cells
// taken by the same symmetry of the board. A partition written as pattern
// sizes is returned as it is (its patterns are laid out from the canonical
// cell). It fails if the partition does not parse.
func Canonical(w, h, blank int, partition string) (int, string, error) {
	canon := CanonicalBlank(w, h, blank)
	if spec, zero := splitZero(partition); zero {
		if _, again := splitZero(spec); again {
			return 0, "", fmt.Errorf("pdb: partition %q: %q written twice", partition, ZeroPrefix)
		}
		c, q, err := Canonical(w, h, blank, spec)
		if err != nil {
			return 0, "", err
		}
		return c, ZeroPrefix + q, nil
	}
	if isNamedCatalogue(partition) {
		if _, _, err := catalogueSet(w, h, canon, partition, true); err != nil {
			return 0, "", err
		}
		return canon, partition, nil
	}
	if isCatalogue(partition) {
		var parts []string
		for _, p := range strings.Split(partition, "|") {
			c, q, err := Canonical(w, h, blank, p)
			if err != nil {
				return 0, "", err
			}
			canon, parts = c, append(parts, q)
		}
		if _, _, err := catalogueSet(w, h, canon, strings.Join(parts, "|"), true); err != nil {
			return 0, "", err
		}
		return canon, strings.Join(parts, "|"), nil
	}
	if !strings.ContainsAny(partition, ",/") {
		if _, err := ParsePartition(w, h, canon, partition); err != nil {
			return 0, "", err
		}
		return canon, partition, nil
	}
	groups, err := ParsePartition(w, h, blank, partition)
	if err != nil {
		return 0, "", err
	}
	var m []int
	for _, s := range symmetries(w, h) {
		if s[blank] == canon {
			m = s
			break
		}
	}
	parts := make([]string, len(groups))
	for i, grp := range groups {
		cells := make([]int, len(grp))
		for j, c := range grp {
			cells[j] = m[c]
		}
		sortInts(cells)
		strs := make([]string, len(cells))
		for j, c := range cells {
			strs[j] = strconv.Itoa(c)
		}
		parts[i] = strings.Join(strs, ",")
	}
	return canon, strings.Join(parts, "/"), nil
}

// ErrNoDatabase reports a board that no pattern database covers: a board of
// more than MaxCells cells, or a partition that does not fit it.
var ErrNoDatabase = errors.New("pdb: no pattern database")
