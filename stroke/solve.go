package stroke

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"slices"
	"sync"

	"github.com/searchlab/searchlab/search"
)

// ErrTooLarge reports a single-colour region next to the player of more
// cells than the solver handles (192).
var ErrTooLarge = errors.New("stroke: a one-colour region next to the player has more than 192 cells")

// Directions returns the eight neighbours of a cell as row and column
// steps, in the order that breaks ties: clockwise from the top left,
//
//	1 2 3
//	8 O 4
//	7 6 5
func Directions() [8][2]int { return directions }

// directions is the table Directions returns, which the solver reads.
var directions = [8][2]int{{-1, -1}, {-1, 0}, {-1, 1}, {0, 1}, {1, 1}, {1, 0}, {1, -1}, {0, -1}}

// Options sets a budget for a search. The zero value sets none beyond the
// context.
type Options struct {
	// Limits caps the search nodes (Limits.MaxNodes; 0 means no cap).
	// Limits.Observe is not used: Solver.Trace records the steps.
	Limits search.Limits
}

// Result is a longest chain, or the best one found within a budget.
type Result struct {
	// Colour is the letter of the chain, or 0 when no chain can start (no
	// tile next to the player).
	Colour byte
	// Length is the number of tiles in the chain.
	Length int
	// Path holds the tiles of the chain, from the start tile next to the
	// player.
	Path []Cell
	// Optimal reports that no chain is longer (and, for Solve, that no
	// chain as long starts earlier in the tie order).
	Optimal bool
	// Bound is a proven upper bound on the length of any chain: it equals
	// Length when Optimal is true.
	Bound int
	// Nodes counts the search nodes visited.
	Nodes int64
}

// String formats r as the command prints it: "COLOUR LENGTH", "- 0" when no
// chain can start, and a note with the bound when r is not proven optimal.
func (r Result) String() string {
	c := "-"
	if r.Colour != 0 {
		c = string(r.Colour)
	}
	s := fmt.Sprintf("%s %d", c, r.Length)
	if !r.Optimal {
		s += fmt.Sprintf(" (not proven optimal; bound %d)", r.Bound)
	}
	return s
}

// AppendLine appends to dst r's answer line as the command prints it: r's
// String; then each colour's best of per (nil for none), in byte order, as
// " C:LENGTH", or " C:LENGTH..BOUND" when not proven; with path the cells
// of r's chain; and a newline.
func (r Result) AppendLine(dst []byte, per map[byte]Result, path bool) []byte {
	dst = append(dst, r.String()...)
	for _, c := range slices.Sorted(maps.Keys(per)) {
		dst = fmt.Appendf(dst, " %c:%d", c, per[c].Length)
		if !per[c].Optimal {
			dst = fmt.Appendf(dst, "..%d", per[c].Bound)
		}
	}
	if path {
		for _, c := range r.Path {
			dst = append(append(dst, ' '), c.String()...)
		}
	}
	return append(dst, '\n')
}

// component is one 8-connected region of one colour that touches the
// player, with its cells numbered from 0.
type component struct {
	colour byte
	gen    uint32 // names the component in the memo table
	cells  []int  // board index of each compact index
	nbr    []set  // neighbours of each cell within the component
	adj    []adj  // the same, as lists
	all    set
}

// adj lists the neighbours of a cell by compact index.
type adj struct {
	n uint8
	v [8]uint8
}

// start is a tile next to the player where a chain may begin.
type start struct {
	dir  int // index in Directions: the tie order
	comp *component
	at   int // compact index in comp
}

// Solver solves boards, reusing its memory from one board to the next. A
// Solver is not safe for concurrent use; the zero value is ready to use, as
// is one from NewSolver. The package-level Solve and SolveColours share a
// pool of them.
type Solver struct {
	memo   memo
	gen    uint32
	comps  []*component // reused from board to board; the first ncomp are this board's
	ncomp  int
	where  []int32 // board index -> component number + 1, 0 for none
	index  []uint8 // board index -> compact index in its component
	starts []start
	run    run

	// Neighbours of every board cell, for boards of nRows x nCols.
	nRows, nCols  int
	nStart, nList []int32
	ranked        []ranked

	// Buffers for the block-cut bound, indexed by compact index.
	disc, low, f []int32
	fv           []int
	fk           []uint8
	vs           []int

	// Tuning, for measurements: memoMin is the least region size whose
	// results are memoised (0 turns memoisation off), noWarnsdorff tries
	// moves in index order, probes (0: none) sets the short searches with
	// shuffled ties run from each start of a large component first.
	memoMin      int
	memoComp     int // the least component size for which the memo is used
	noWarnsdorff bool
	probes       int   // probes per start in large components
	probeNodes   int64 // nodes per probe
	probeComp    int   // the least component size for probes

	// The fast path (fast.go): fastMax is the size of region from which
	// the general path takes over (0: never the fast path).
	fastMax int
	// fastBCTMin: on the fast path, regions of at most this many cells
	// are searched without the block-cut bound (only the size bounds).
	fastBCTMin int
	fast       *fastTable
	fastRun    *fastRun
}

// init gives a zero Solver the settings of NewSolver.
func (s *Solver) init() {
	if s.disc == nil {
		*s = *NewSolver()
	}
}

// NewSolver returns a Solver.
func NewSolver() *Solver {
	return &Solver{
		memoMin:    12,
		memoComp:   24,
		probes:     4,
		probeNodes: 500,
		probeComp:  60,
		fastMax:    24,
		fastBCTMin: 6,
		disc:       make([]int32, maxComponent),
		low:        make([]int32, maxComponent),
		f:          make([]int32, maxComponent),
		fv:         make([]int, maxComponent+1),
		fk:         make([]uint8, maxComponent+1),
		vs:         make([]int, 0, maxComponent+1),
	}
}

var pool = sync.Pool{New: func() any { return NewSolver() }}

// Solve finds the longest chain on b, with the tie rule: among chains of the
// greatest length, the one whose start tile comes first in Directions order
// around the player. See Solver.Solve.
func Solve(ctx context.Context, b *Board, opt Options) (Result, error) {
	s := pool.Get().(*Solver)
	defer pool.Put(s)
	return s.Solve(ctx, b, opt)
}

// SolveColours finds the longest chain of each colour on b. See
// Solver.SolveColours.
func SolveColours(ctx context.Context, b *Board, opt Options) (map[byte]Result, error) {
	s := pool.Get().(*Solver)
	defer pool.Put(s)
	return s.SolveColours(ctx, b, opt)
}

// Solve finds the longest chain on b: it starts on one of the eight tiles
// around the player, moves in eight directions, stays on the start tile's
// colour and never uses a tile twice, the player or a hole. Among chains of
// the greatest length it returns one whose start comes first in Directions
// order. When no tile is next to the player it returns a Result with Colour
// 0, Length 0 and Optimal true.
//
// When the context ends or opt.Limits.MaxNodes is reached, Solve returns the best
// chain found so far with Optimal false and a proven upper Bound, together
// with an error that matches search.ErrLimit (and the context's error, if it
// was the cause). It returns an error matching ErrTooLarge for regions of
// more than 192 cells.
func (s *Solver) Solve(ctx context.Context, b *Board, opt Options) (Result, error) {
	if ctx == nil {
		ctx = context.Background()
	}
	s.init()
	if opt.Limits.MaxNodes == 0 {
		if r, ok := s.solveFast(ctx, b); ok {
			return r, nil
		}
	}
	starts, err := s.setup(b)
	if err != nil {
		return Result{}, err
	}
	return s.solveStarts(ctx, b, starts, opt)
}

// SolveColours finds, for each colour with a tile next to the player, the
// longest chain of that colour, with the same tie rule, budget and errors as
// Solve. The node cap applies to each colour in turn.
func (s *Solver) SolveColours(ctx context.Context, b *Board, opt Options) (map[byte]Result, error) {
	s.init()
	starts, err := s.setup(b)
	if err != nil {
		return nil, err
	}
	out := map[byte]Result{}
	var firstErr error
	for _, st := range starts {
		c := st.comp.colour
		if _, done := out[c]; done {
			continue
		}
		var mine []start
		for _, t := range starts {
			if t.comp.colour == c {
				mine = append(mine, t)
			}
		}
		r, err := s.solveStarts(ctx, b, mine, opt)
		out[c] = r
		if err != nil && firstErr == nil {
			firstErr = err
		}
	}
	return out, firstErr
}

// setup finds the start tiles of b and numbers the cells of their regions.
func (s *Solver) setup(b *Board) ([]start, error) {
	if len(b.Cells) != b.Rows*b.Cols {
		return nil, fmt.Errorf("%w: %d cells for %d x %d", ErrInvalid, len(b.Cells), b.Rows, b.Cols)
	}
	p := b.PlayerCell()
	if p.Row < 0 {
		return nil, fmt.Errorf("%w: no player O", ErrInvalid)
	}
	if cap(s.where) < len(b.Cells) {
		s.where = make([]int32, len(b.Cells))
		s.index = make([]uint8, len(b.Cells))
	}
	s.where = s.where[:len(b.Cells)]
	s.index = s.index[:len(b.Cells)]
	clear(s.where)
	s.ncomp = 0
	starts := s.starts[:0]
	for dir, d := range directions {
		r, c := p.Row+d[0], p.Col+d[1]
		if r < 0 || r >= b.Rows || c < 0 || c >= b.Cols {
			continue
		}
		i := r*b.Cols + c
		ch := b.Cells[i]
		if ch == Hole || ch == Player {
			continue
		}
		if ch < 'A' || ch > 'Z' {
			return nil, fmt.Errorf("%w: character %q at %v", ErrInvalid, ch, Cell{r, c})
		}
		if s.where[i] == 0 {
			if err := s.flood(b, i); err != nil {
				return nil, err
			}
		}
		starts = append(starts, start{dir: dir, comp: s.comps[s.where[i]-1], at: int(s.index[i])})
	}
	s.starts = starts
	return starts, nil
}

// around returns the board indices of the neighbours of board cell v, from
// a table made once per board size.
func (s *Solver) around(b *Board, v int) []int32 {
	if s.nRows != b.Rows || s.nCols != b.Cols {
		s.nRows, s.nCols = b.Rows, b.Cols
		s.nStart = make([]int32, len(b.Cells)+1)
		s.nList = s.nList[:0]
		for u := range b.Cells {
			r, c := u/b.Cols, u%b.Cols
			for _, d := range directions {
				rr, cc := r+d[0], c+d[1]
				if rr >= 0 && rr < b.Rows && cc >= 0 && cc < b.Cols {
					s.nList = append(s.nList, int32(rr*b.Cols+cc))
				}
			}
			s.nStart[u+1] = int32(len(s.nList))
		}
	}
	return s.nList[s.nStart[v]:s.nStart[v+1]]
}

// flood numbers the one-colour region of board cell i as a new component.
func (s *Solver) flood(b *Board, i int) error {
	ch := b.Cells[i]
	s.ncomp++
	id := int32(s.ncomp)
	if len(s.comps) < s.ncomp {
		s.comps = append(s.comps, &component{})
	}
	comp := s.comps[id-1]
	cells := append(comp.cells[:0], i)
	s.where[i] = id
	s.index[i] = 0
	for h := 0; h < len(cells); h++ {
		for _, w32 := range s.around(b, cells[h]) {
			w := int(w32)
			if b.Cells[w] == ch && s.where[w] == 0 {
				if len(cells) == maxComponent {
					comp.cells = cells
					return fmt.Errorf("%w (%q at %v)", ErrTooLarge, ch, Cell{i / b.Cols, i % b.Cols})
				}
				s.where[w] = id
				s.index[w] = uint8(len(cells))
				cells = append(cells, w)
			}
		}
	}
	s.gen++
	if s.gen == 0 { // wrapped: forget every stored entry
		s.memo.reset()
		s.gen = 1
	}
	comp.colour, comp.gen, comp.cells, comp.all = ch, s.gen, cells, set{}
	if s.memoMin > 0 && len(cells) >= max(s.memoMin, s.memoComp) {
		s.memo.grow(memoBits(len(cells)))
	}
	if cap(comp.nbr) < len(cells) {
		comp.nbr = make([]set, len(cells), maxComponent)
	}
	comp.nbr = comp.nbr[:len(cells)]
	if cap(comp.adj) < len(cells) {
		comp.adj = make([]adj, len(cells), maxComponent)
	}
	comp.adj = comp.adj[:len(cells)]
	for k, v := range cells {
		comp.all.add(k)
		var nb set
		var a adj
		for _, w := range s.around(b, v) {
			if s.where[w] == id {
				j := s.index[w]
				nb.add(int(j))
				a.v[a.n] = j
				a.n++
			}
		}
		comp.nbr[k] = nb
		comp.adj[k] = a
	}
	return nil
}

// run is the state of one branch-and-bound search over a list of starts.
type run struct {
	s     *Solver
	ctx   context.Context
	opt   Options
	nodes int64
	stop  error // why the search stopped early, or nil

	comp *component
	dir  int   // tie order of the current start
	path []int // compact indices of the current chain

	probing   bool   // in a probe: shuffle ties, stop when probeLeft runs out
	probeLeft int64  // nodes left to the probe
	rng       uint64 // xorshift state for the probes

	best     int   // length of the best chain found
	bestDir  int   // tie order of its start; 8 before any
	bestPath []int // its board cells
}

// ranked is a start with a bound on the chains from it.
type ranked struct {
	start
	bound int
}

// solveStarts runs branch and bound over the given starts and returns the
// best chain with the tie rule.
func (s *Solver) solveStarts(ctx context.Context, b *Board, starts []start, opt Options) (Result, error) {
	if len(starts) == 0 {
		return Result{Optimal: true}, nil
	}
	if ctx == nil {
		ctx = context.Background()
	}
	r := &s.run
	*r = run{s: s, ctx: ctx, opt: opt, bestDir: len(directions), path: r.path[:0], bestPath: r.bestPath[:0], rng: 0x9E3779B97F4A7C15}
	// Try the starts in the largest components first, to find a long chain
	// early; the tie rule does not depend on this order.
	rs := s.ranked[:0]
	for _, st := range starts {
		// A component is connected: every tile of it is reachable.
		rs = append(rs, ranked{st, len(st.comp.cells)})
	}
	s.ranked = rs
	for i := 1; i < len(rs); i++ {
		for j := i; j > 0 && rs[j].bound > rs[j-1].bound; j-- {
			rs[j], rs[j-1] = rs[j-1], rs[j]
		}
	}
	// Probes: short searches with shuffled ties between moves, to find a
	// long chain before the exhaustive search (heavy tails). They only
	// raise the best chain; their bounds are not stored.
	if s.probes > 0 {
		for _, st := range rs {
			if len(st.comp.cells) < s.probeComp || r.stop != nil {
				continue
			}
			for p := 0; p < s.probes && r.stop == nil && r.cut(st.dir, 0) < st.bound; p++ {
				r.comp, r.dir = st.comp, st.dir
				rest := st.comp.all
				rest.remove(st.at)
				r.probeLeft = s.probeNodes
				r.probing = true
				r.dfs(st.at, rest, 1)
				r.probing = false
			}
		}
	}
	bound := 0
	for _, st := range rs {
		if r.stop != nil || r.cut(st.dir, 0) >= st.bound {
			bound = max(bound, st.bound)
			continue
		}
		r.comp, r.dir = st.comp, st.dir
		rest := st.comp.all
		rest.remove(st.at)
		u := 1 + r.dfs(st.at, rest, 1)
		bound = max(bound, u)
	}
	res := Result{Length: r.best, Nodes: r.nodes, Optimal: r.stop == nil}
	res.Bound = max(r.best, bound)
	if res.Optimal {
		res.Bound = r.best
	}
	if r.best > 0 {
		res.Colour = b.Cells[r.bestPath[0]]
		res.Path = make([]Cell, len(r.bestPath))
		for i, v := range r.bestPath {
			res.Path[i] = Cell{v / b.Cols, v % b.Cols}
		}
	}
	return res, r.stop
}

// cut returns the length a chain from a start in tie order dir must exceed
// to be better than the best, at the given depth: a chain ties the best and
// wins when its start comes earlier.
func (r *run) cut(dir, depth int) int {
	t := r.best - depth
	if dir < r.bestDir {
		t--
	}
	return t
}

// dfs extends the chain whose last tile is h (at the given depth, in tiles)
// over avail, the unused cells of the component, recording every chain that
// beats the best. It returns a proven upper bound on the number of tiles
// that can follow h.
func (r *run) dfs(h int, avail set, depth int) int {
	r.nodes++
	r.path = append(r.path[:depth-1], h)
	if depth > r.best || depth == r.best && r.dir < r.bestDir {
		r.best, r.bestDir = depth, r.dir
		r.bestPath = r.bestPath[:0]
		for _, v := range r.path {
			r.bestPath = append(r.bestPath, r.comp.cells[v])
		}
	}
	g := r.comp
	s := r.s
	big := s.memoMin > 0 && len(g.cells) >= max(s.memoMin, s.memoComp)
	var rg set
	var n, ub int
	if big {
		rg = flood(g, h, avail)
		n = rg.count()
		ub = n
	} else {
		// Small regions: one pass gives both the region and the bound.
		ub, rg = s.bctBound(g, h, avail)
		n = rg.count()
	}
	if n == 0 {
		return 0
	}
	if r.stop == nil && r.nodes&1023 == 0 {
		if err := r.ctx.Err(); err != nil {
			r.stop = fmt.Errorf("%w: %w", search.ErrLimit, err)
		}
	}
	if max := r.opt.Limits.MaxNodes; r.stop == nil && max > 0 && r.nodes >= max {
		r.stop = fmt.Errorf("%w: node cap of %d", search.ErrLimit, max)
	}
	t := r.cut(r.dir, depth)
	if r.probing {
		r.probeLeft--
	}
	if ub <= t || r.stop != nil || r.probing && r.probeLeft < 0 {
		return ub
	}
	// Large regions: the memo first, then the block-cut bound.
	useMemo := big && n >= s.memoMin
	if useMemo {
		if u, ok := s.memo.get(g.gen, h, rg); ok {
			if u <= t {
				return u
			}
			ub = u
		}
	}
	if big {
		if b, _ := s.bctBound(g, h, rg); b < ub {
			ub = b
		}
	}
	if ub <= t {
		if useMemo {
			s.memo.put(g.gen, h, rg, ub)
		}
		return ub
	}
	// Moves, fewest onward moves first (Warnsdorff's rule).
	var moves [8]int
	var keys [8]int
	k := 0
	for m := g.nbr[h].and(rg); ; {
		v := m.pop()
		if v < 0 {
			break
		}
		key := 0
		if !s.noWarnsdorff {
			key = g.nbr[v].and(rg).count()
		}
		if r.probing {
			r.rng ^= r.rng << 13
			r.rng ^= r.rng >> 7
			r.rng ^= r.rng << 17
			key = key<<3 | int(r.rng&7)
		}
		insertMove(&moves, &keys, k, v, key)
		k++
	}
	best := 0
	for _, v := range moves[:k] {
		rest := rg
		rest.remove(v)
		if u := 1 + r.dfs(v, rest, depth+1); u > best {
			best = u
		}
		if r.stop != nil || r.probing && r.probeLeft < 0 {
			return ub
		}
	}
	best = min(best, ub)
	if useMemo && !r.probing {
		s.memo.put(g.gen, h, rg, best)
	}
	return best
}

// flood returns the cells of avail reachable from h's neighbours in avail.
func flood(g *component, h int, avail set) set {
	var reach set
	var queue [maxComponent]uint8
	n := 0
	a := &g.adj[h]
	for k := uint8(0); k < a.n; k++ {
		if w := int(a.v[k]); avail.has(w) {
			reach.add(w)
			queue[n] = uint8(w)
			n++
		}
	}
	for i := 0; i < n; i++ {
		a := &g.adj[queue[i]]
		for k := uint8(0); k < a.n; k++ {
			if w := int(a.v[k]); avail.has(w) && !reach.has(w) {
				reach.add(w)
				queue[n] = uint8(w)
				n++
			}
		}
	}
	return reach
}

// bctBound returns an upper bound on the number of tiles a chain from h can
// add over avail, and the cells of avail reachable from h. The bound is the
// best sum over a path of blocks in the block-cut tree of the reachable
// cells plus h, rooted at h: a simple path from h passes through the blocks
// of one root-to-leaf path of that tree, entering each at a cut cell already
// counted, so each block adds at most its size less one.
//
// It runs Tarjan's biconnected components iteratively from h. f[v] is the
// best gain below cell v over the blocks whose top (the cell nearest h) is v.
func (s *Solver) bctBound(g *component, h int, avail set) (int, set) {
	disc, low, f := s.disc, s.low, s.f
	var seen set
	seen.add(h)
	all := avail
	all.add(h)
	var clock int32 = 1
	disc[h], low[h], f[h] = 1, 1, 0
	fv, fk := s.fv, s.fk
	fv[0], fk[0] = h, 0
	sp := 1
	vs := s.vs[:0]
	for sp > 0 {
		v := fv[sp-1]
		a := &g.adj[v]
		if k := fk[sp-1]; k < a.n {
			fk[sp-1] = k + 1
			w := int(a.v[k])
			if !all.has(w) {
				continue
			}
			if !seen.has(w) {
				seen.add(w)
				clock++
				disc[w], low[w], f[w] = clock, clock, 0
				vs = append(vs, w)
				fv[sp], fk[sp] = w, 0
				sp++
			} else if disc[w] < low[v] {
				low[v] = disc[w]
			}
			continue
		}
		sp--
		if sp == 0 {
			break
		}
		p := fv[sp-1]
		if low[v] < low[p] {
			low[p] = low[v]
		}
		if low[v] >= disc[p] {
			// The cells above v on the stack, v included, and p form a
			// block whose top is p.
			var cnt, mf int32
			for {
				u := vs[len(vs)-1]
				vs = vs[:len(vs)-1]
				cnt++
				mf = max(mf, f[u])
				if u == v {
					break
				}
			}
			f[p] = max(f[p], cnt+mf)
		}
	}
	s.vs = vs
	seen.remove(h)
	return int(f[h]), seen
}

// insertMove inserts move v with sort key key into the first k entries of
// moves and keys, which are sorted by key; equal keys keep their order.
func insertMove(moves, keys *[8]int, k, v, key int) {
	j := k
	for j > 0 && keys[j-1] > key {
		moves[j], keys[j] = moves[j-1], keys[j-1]
		j--
	}
	moves[j], keys[j] = v, key
}
