// Package idastar is the tuned IDA* of the pattern-database solver for
// sliding-tile boards of up to 32 cells: the search loop, its expansions
// (the heuristic updated move by move, table words fetched together, a
// move-pruning machine), the workers that share an iteration's subtrees,
// and the run state of a long solve (checkpoint files and progress
// reports). It knows nothing of files or of how tables are built: its
// heuristic is given as tables and terms (Config), and package sliding/pdb
// feeds it.
package idastar

import (
	"fmt"
	"math/bits"
	"sync"
	"unsafe"

	"github.com/searchlab/searchlab/sliding"
	"github.com/searchlab/searchlab/sliding/prune"
)

// Limits of the search's fixed arrays.
const (
	maxCells   = 32  // cells of a board
	maxViews   = 16  // additive sums whose largest is the heuristic
	maxLookups = 64  // terms of all the sums together
	maxDepth   = 256 // moves in a solution
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

// Engine is a heuristic prepared for IDA*: tiles are named by their goal
// cells, and the blank's name is its goal cell. The heuristic is the
// taxicab distance plus twice the largest of nsums additive sums; each sum
// has one term (a table look-up) per pattern of its partition, and every
// tile belongs to exactly one term of each sum, so a move changes one term
// of each. An Engine is safe for concurrent use.
type Engine struct {
	w, h, n   int // board width, height and cells
	blank     int // the blank's name (its goal cell)
	nsums     int
	nterms    int
	termSize  [maxLookups]int              // tiles of each term
	termTiles [maxLookups][maxCells]uint8  // the tile whose cell each term ranks, in order
	termMap   [maxLookups]*[maxCells]uint8 // cell map of each term: identity, or the reflection
	termTable [maxLookups][]uint32         // table of each term
	termOf    [maxViews][maxCells]int8     // term of sum k that holds tile t; -1 for the blank
	order     [maxViews][maxViews]uint8    // order[k]: the sums from k on, around
	tilePlace [maxViews][maxCells]int8     // index of tile t in its term of sum k
	weight    [maxLookups][maxCells]int64  // weight of each digit of a term's rank
	identity  [maxCells]uint8              // identity map of cells
	reflect   [maxCells]uint8              // reflection about the main diagonal
	manhattan [maxCells][maxCells]int8     // manhattan[t][c]: taxicab distance of tile t on cell c from home
	// neighbours lists the cells next to each cell in childOrder, -1
	// padded; neighbourDir the direction of each (0 up, 1 down, 2 left,
	// 3 right).
	neighbours   [maxCells][4]int8
	neighbourDir [maxCells][4]int8
	refs         [maxViews][maxCells]termRef // refs[k][t]: tile t's term of sum k (see termRef)
	twoSums      bool                        // two sums of blank-unaware tables: expand[two] searches
	// For childRank's table path (fastRank), by moveIndex: the cells each
	// move passes over in each frame (passed), how far the moved tile goes
	// in the frame's cell order (moveDist) and its sign (moveSign); and what
	// each tile passed over adds to the moved tile's term (passOver). See
	// tableRank.
	fastRank       bool
	passed         [256]uint32 // four cells a byte, padded with padTile
	moveDist       [256]int64
	moveSign       [256]int64
	passOver       *[maxViews][maxCells][256]int64
	pruneTable     []int32                       // the move-pruning machine's transitions (prune.Machine.Table)
	rows           [][4]int32                    // pruneTable by state
	moveOffset     [4]int                        // the cell a move in each direction goes to, less the blank's
	manhattanDelta [maxCells * maxCells * 4]int8 // by manhattanIndex: the change in taxicab distance of a tile the blank passes to
	start          []int32                       // the machine's state on each cell with no move made
	pruneLen       int                           // the machine's length
	// For zero-aware tables, the layout of each term's table (see
	// ZeroIndex). A term's rank is still its placement's rank, and the
	// table index is that rank unless the term's cells have more than one
	// region.
	zero     bool
	termZero [maxLookups]ZeroIndex
	guard    func(func() error) error
}

// Config describes the heuristic an Engine searches with and the board it
// is for. Tiles are named by their goal cells, and the blank's name is its
// goal cell.
type Config struct {
	// W and H are the board's width and height (at most 32 cells).
	W, H int
	// Blank is the goal cell of the blank.
	Blank int
	// Sums are the additive sums whose largest is the heuristic (besides
	// the taxicab distance); every tile but the blank belongs to exactly
	// one term of each sum.
	Sums [][]Term
	// Pruning is the move-pruning machine the search follows.
	Pruning *prune.Machine
	// Guard, if not nil, runs each worker's search in the worker's
	// goroutine: it turns faults on the tables' memory into errors. What
	// runs in the caller's goroutine (Solve's set-up, Frontier,
	// SearchBelow, H) the caller guards itself.
	Guard func(func() error) error
	// General turns off the search compiled for two sums (expand[two]), where it
	// would apply, so that tests can compare the two.
	General bool
}

// Term is one table look-up of a sum: the table is indexed by the rank of
// the cells of its tiles in order (see rankOf).
type Term struct {
	// Tiles are the goal cells of the tiles whose cells the table ranks,
	// in order.
	Tiles []int
	// Mirror says that the term ranks the board reflected about the main
	// diagonal: tile t's cell is looked up as its reflection's, for the
	// tile whose goal cell is the reflection of t.
	Mirror bool
	// Table holds 4-bit entries, eight to a word, lowest first.
	Table []uint32
	// Zero, if not nil, makes the table zero-aware: the index depends on
	// the blank's region as well as the placement.
	Zero ZeroIndex
}

// ZeroIndex is the layout of a zero-aware table: its entries are indexed
// by the placement's rank where the blank lies in the main free region of
// the term's cells, and past the placements for the other regions.
type ZeroIndex interface {
	// MultiRegion returns the colex rank of the set of cells s and whether
	// its free cells split into more than one region.
	MultiRegion(s uint32) (colex int, multi bool)
	// Overflow returns the index of the term's tiles on cells pos (of set
	// s, of colex rank colex, with more than one region) with the blank on
	// cell c, or -1 when c lies in the main region.
	Overflow(colex int, s uint32, pos []uint8, c int) int64
}

// New returns an engine for cfg. It panics if cfg does not fit the
// engine's fixed arrays: more than 32 cells, 16 sums or 64 terms.
func New(cfg Config) *Engine {
	w, h := cfg.W, cfg.H
	n := w * h
	if n > maxCells || len(cfg.Sums) > maxViews {
		panic(fmt.Sprintf("idastar: %dx%d board with %d sums", w, h, len(cfg.Sums)))
	}
	e := &Engine{w: w, h: h, n: n, blank: cfg.Blank, guard: cfg.Guard}
	dist := func(a, b int) int {
		dx, dy := a%w-b%w, a/w-b/w
		return max(dx, -dx) + max(dy, -dy)
	}
	for t := range n {
		e.identity[t] = uint8(t)
		e.reflect[t] = uint8(t)
		if w == h {
			e.reflect[t] = uint8(t%w*w + t/w)
		}
		for c := range n {
			if t != cfg.Blank {
				e.manhattan[t][c] = int8(dist(t, c))
			}
		}
		k := 0
		for _, d := range childOrder {
			c := t + [4]int{-w, w, -1, 1}[d]
			if c >= 0 && c < n && dist(t, c) == 1 {
				e.neighbours[t][k] = int8(c)
				e.neighbourDir[t][k] = int8(d)
				k++
			}
		}
		for ; k < 4; k++ {
			e.neighbours[t][k] = -1
		}
	}
	for t := range n {
		for b := range n {
			for q, c := range e.neighbours[b] {
				if c >= 0 {
					e.manhattanDelta[manhattanIndex(uint8(t), moveCode(b, int(e.neighbourDir[b][q])))] = e.manhattan[t][b] - e.manhattan[t][c]
				}
			}
		}
	}
	m := cfg.Pruning
	e.pruneTable = m.Table()
	e.rows = unsafe.Slice((*[4]int32)(unsafe.Pointer(unsafe.SliceData(e.pruneTable))), len(e.pruneTable)/4)
	e.moveOffset = [4]int{-w, w, -1, 1}
	e.pruneLen = m.MaxLen()
	e.start = make([]int32, n)
	for c := range n {
		e.start[c] = m.Start(c)
	}
	e.nsums = len(cfg.Sums)
	for k := range e.nsums {
		for i := range e.nsums {
			e.order[k][i] = uint8((k + i) % e.nsums)
		}
	}
	for k, sum := range cfg.Sums {
		for t := range n {
			e.termOf[k][t] = -1
		}
		for _, term := range sum {
			i := e.nterms
			e.nterms++
			if i >= maxLookups {
				panic("idastar: more than 64 terms")
			}
			e.termSize[i] = len(term.Tiles)
			e.termTable[i] = term.Table
			e.termMap[i] = &e.identity
			if term.Mirror {
				e.termMap[i] = &e.reflect
			}
			if term.Zero != nil {
				e.zero = true
				e.termZero[i] = term.Zero
			}
			for j, t := range term.Tiles {
				// The term's tile j is the pattern's tile t, or on the
				// reflected board the tile whose reflection t is.
				u := t
				if term.Mirror {
					u = int(e.reflect[t])
				}
				e.termTiles[i][j] = uint8(u)
				e.termOf[k][u] = int8(i)
				e.tilePlace[k][u] = int8(j)
			}
			wt := int64(1)
			for j := len(term.Tiles) - 1; j >= 0; j-- {
				e.weight[i][j] = wt
				wt *= int64(n - j)
			}
		}
	}
	for k := range e.nsums {
		for t := range n {
			if i := e.termOf[k][t]; i >= 0 {
				e.refs[k][t] = termRef{weight: e.weight[i][e.tilePlace[k][t]], term: uint8(i)}
				if e.termMap[i] == &e.reflect {
					e.refs[k][t].frame = 1
				}
			}
		}
	}
	e.initFastRank()
	e.twoSums = e.nsums == 2 && e.fastRank && !cfg.General
	return e
}

// PruneLen returns the length of the move-pruning machine the engine
// follows.
func (e *Engine) PruneLen() int { return e.pruneLen }

// H returns the heuristic of the board whose cell c holds tile cells[c].
func (e *Engine) H(cells []uint8) int {
	var n node
	e.init(&n, cells)
	return n.h()
}

// guarded runs f under the engine's Guard.
func (e *Engine) guarded(f func() error) error {
	if e.guard == nil {
		return f()
	}
	return e.guard(f)
}

// Cells returns the board b as the engine takes it: the tile on each cell
// named by its cell in goal, so that the blank's name is its goal cell.
func Cells(b, goal sliding.Board) []uint8 {
	home := make([]uint8, len(goal.Tiles))
	for c, t := range goal.Tiles {
		home[t] = uint8(c)
	}
	cells := make([]uint8, len(b.Tiles))
	for c, t := range b.Tiles {
		cells[c] = home[t]
	}
	return cells
}

// entry returns entry r of a table of 4-bit entries.
func entry(t []uint32, r int64) int {
	return int(t[r>>3] >> (4 * uint(r&7)) & 15)
}

// onesBelow returns the number of cells of used below cell p.
func onesBelow(used uint32, p uint8) int {
	return bits.OnesCount32(used & (1<<p - 1))
}

// padTile is a cell past the board's that childRank's table path reads
// for a move that passes over fewer than four tiles: the node keeps tile
// padTile on it, which adds nothing to any term.
const padTile = 255

// moveIndex is the index in passed, moveDist and moveSign of the blank's move mv
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
func (e *Engine) initFastRank() {
	if e.w > 5 || e.h > 5 || e.zero {
		return
	}
	e.fastRank = true
	for f, m := range []*[maxCells]uint8{&e.identity, &e.reflect} {
		for b := range e.n {
			for q, c := range e.neighbours[b] {
				if c < 0 {
					continue
				}
				mc, mb := int(m[c]), int(m[b])
				i := moveIndex(uint8(f), moveCode(b, int(e.neighbourDir[b][q])))
				e.moveDist[i], e.moveSign[i] = int64(mb-mc), 1
				lo, hi := mc+1, mb
				if mb < mc {
					lo, hi, e.moveSign[i] = mb+1, mc, -1
				}
				for x := range 4 {
					p := uint32(padTile)
					if lo+x < hi {
						p = uint32(m[lo+x])
					}
					e.passed[i] |= p << (8 * x)
				}
			}
		}
	}
	e.passOver = new([maxViews][maxCells][256]int64)
	for k := range e.nsums {
		for t := range e.n {
			i := e.termOf[k][t]
			if i < 0 {
				continue
			}
			j := e.tilePlace[k][t]
			for u := range e.n {
				if u == t || e.termOf[k][u] != i {
					continue
				}
				// Passing over an earlier tile lowers t's digit; passing
				// over a later one raises that tile's.
				if jj := e.tilePlace[k][u]; jj < j {
					e.passOver[k][t][u] = -e.weight[i][j]
				} else {
					e.passOver[k][t][u] = e.weight[i][jj]
				}
			}
		}
	}
}

// termRef is what a child's look-up needs of the term of one sum that
// holds the moved tile: the term, whether it ranks the reflected board, and
// the weight of the tile's digit in its rank.
type termRef struct {
	weight int64 // of the tile's digit in the term's rank
	term   uint8
	frame  uint8 // 1 if the term ranks the reflected board, else 0
}

// row returns the move-pruning machine's transitions from state st.
func (e *Engine) row(st int32) [4]int32 {
	return e.rows[st]
}

// manhattanIndex is the index in manhattanDelta of tile t's move to the blank's cell by
// the blank's move mv (see moveCode).
func manhattanIndex(t uint8, mv uint8) uint16 {
	return (uint16(t)<<7 | uint16(mv)) & (maxCells*maxCells*4 - 1)
}

// follow returns the move-pruning machine's state after the blank moves
// from cell b to the next cell c in state st, or a negative state if the
// machine prunes the move.
func (e *Engine) follow(st int32, b, c int) int32 {
	for k, d := range e.neighbours[b] {
		if int(d) == c {
			return e.pruneTable[4*int(st)+int(e.neighbourDir[b][k])]
		}
	}
	return -1
}

// kid is one child of a node being expanded: its move, taxicab distance
// and the entries and ranks of the terms that the move changes.
type kid struct {
	c         int              // the cell the blank moves to
	manhattan int              // taxicab distance after the move
	best      int              // the largest sum after the move
	mv        uint8            // the move's code (see moveCode)
	state     int32            // the move-pruning machine's state after the move
	row       [4]int32         // its transitions
	bestSum   uint8            // the sum that is best
	t         uint8            // the tile moved
	dead      bool             // cut off by the bound
	entries   [maxViews]uint8  // by sum: the new entry of the term the move changes
	terms     [maxViews]uint8  // by sum: the term the move changes
	ranks     [maxViews]int64  // by sum: its new rank
	index     [maxViews]int64  // by sum: the table index (the rank, but for a zero-aware overflow)
	cellSets  [maxViews]uint32 // by sum, for zero-aware tables: the term's cells
	words     [maxViews]uint32 // by place in the order of look-ups: the table word holding the entry
}

// scratchPool holds the per-depth scratch of finished searches for the
// next: half a megabyte each, too much to allocate and clear for every
// iteration of every board. An expansion writes its depth's scratch
// before it reads it, so a reused one needs no clearing.
var scratchPool = sync.Pool{New: func() any { return new([maxDepth]scratch) }}

// scratch is the working memory of one depth of the search: the children
// of the node there, and what a move overwrote, for its undo. The node
// holds it by pointer, from scratchPool: nothing clears it between uses.
type scratch struct {
	kids        [4]kid
	oldEntries  [maxViews]uint8
	oldSums     [maxViews]int32
	oldRanks    [maxViews]int64
	oldCellSets [maxViews]uint32
}

// node is the state of one search: the board and its heuristic's parts.
type node struct {
	cell       [256]uint8         // tile on each cell (padTile past the board's: see childRank)
	pos        [maxCells]uint8    // cell of each tile
	blank      int                // cell of the blank
	manhattan  int                // taxicab distance
	entries    [maxLookups]uint8  // each term's entry
	ranks      [maxLookups]int64  // each term's rank
	cellSets   [maxLookups]uint32 // zero-aware: each term's cells (in its frame)
	sum        [maxViews]int32    // each sum
	best       int                // the largest sum
	bestSum    uint8              // the first sum found that large
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
func (e *Engine) rankOf(n *node, i int) int64 {
	var r int64
	var used uint32
	nc := e.n
	m := e.termMap[i]
	for j := range e.termSize[i] {
		p := m[n.pos[e.termTiles[i][j]]]
		d := int(p) - onesBelow(used, p)
		r = r*int64(nc-j) + int64(d)
		used |= 1 << p
	}
	n.cellSets[i] = used
	return r
}

// moveRank returns the rank of the term of sum k that holds tile t once t
// moves from cell c to the blank's cell b, from the term's rank at n: a
// digit of the rank is its tile's cell less the earlier tiles on lower
// cells, so the move changes t's digit by the cells moved less the earlier
// tiles passed over, and the digit of each later tile passed over by one.
// Only tiles on the cells strictly between c and b (in the term's frame)
// are passed over: none for a move along a row.
func (e *Engine) moveRank(n *node, k int, t uint8, c, b int) int64 {
	i := e.termOf[k][t]
	m := e.termMap[i]
	j := e.tilePlace[k][t]
	mc, mb := int(m[c]), int(m[b])
	delta := int64(mb - mc)
	r := n.ranks[i] + e.weight[i][j]*delta
	if delta == 1 || delta == -1 {
		return r
	}
	lo, hi, sign := mc+1, mb, int64(1)
	if mb < mc {
		lo, hi, sign = mb+1, mc, -1
	}
	for x := lo; x < hi; x++ {
		u := n.cell[m[x]]
		if e.termOf[k][u] != i {
			continue
		}
		if jj := e.tilePlace[k][u]; jj < j {
			r -= sign * e.weight[i][j]
		} else {
			r += sign * e.weight[i][jj]
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
func (e *Engine) zeroOverflow(n *node, i int, t uint8, c, b, si int, s uint32, r int64) int64 {
	m := e.termMap[i]
	var pos [maxCells]uint8
	for j := range e.termSize[i] {
		u := e.termTiles[i][j]
		at := n.pos[u]
		if u == t {
			at = uint8(b)
		}
		pos[j] = m[at]
	}
	if o := e.termZero[i].Overflow(si, s, pos[:e.termSize[i]], int(m[c])); o >= 0 {
		return o
	}
	return r
}

// h returns the heuristic of n from its parts.
func (n *node) h() int { return n.manhattan + 2*n.best }

// init sets n to the board cells (tile names by cell) and computes its
// heuristic from scratch.
func (e *Engine) init(n *node, cells []uint8) {
	n.manhattan = 0
	if e.fastRank {
		n.cell[padTile] = padTile
	}
	for c, t := range cells {
		n.cell[c] = t
		n.pos[t] = uint8(c)
		if int(t) == e.blank {
			n.blank = c
		} else {
			n.manhattan += int(e.manhattan[t][c])
		}
	}
	for i := range e.nterms {
		n.ranks[i] = e.rankOf(n, i)
		idx := n.ranks[i]
		if e.zero {
			if si, multi := e.termZero[i].MultiRegion(n.cellSets[i]); multi {
				// As after a move of no tile (none is named 255) with the
				// blank on its cell.
				idx = e.zeroOverflow(n, i, 255, n.blank, n.blank, si, n.cellSets[i], idx)
			}
		}
		n.entries[i] = uint8(entry(e.termTable[i], idx))
	}
	n.best = 0
	for k := range e.nsums {
		n.sum[k] = 0
		for t := range e.n {
			if i := e.termOf[k][t]; i >= 0 && int(e.termTiles[i][0]) == t {
				n.sum[k] += int32(n.entries[i])
			}
		}
		if k == 0 || int(n.sum[k]) > n.best {
			n.best, n.bestSum = int(n.sum[k]), uint8(k)
		}
	}
}
