package sudoku

import (
	"math/bits"
	"strings"
	"sync"
)

// The chaining techniques of the human-style solver, after SE's Chaining
// rule: implications between candidates ("r1c2 is 5" and "r1c2 is not 5")
// followed breadth first from an assumption. Forcing X/Y-chains and
// bidirectional cycles follow one assumption; Nishio, multiple and dynamic
// forcing chains follow both states of a candidate, or every candidate of
// a cell or every place of a digit in a house, and keep what all branches
// agree on, or the branch that contradicts itself. Every step found is
// rated base + a length increment for the number of distinct candidates in
// its chains, and the smallest (difficulty, complexity, kind) wins, the
// first found among equals, as in SE.

// Causes of an implication.
const (
	causeNone int8 = iota
	causeNaked
	causeBlock
	causeRow
	causeCol
	causeAdvanced
)

// A cnode is one candidate state in a chain: candidate c (cell*10+digit) on
// or off, with the nodes that imply it.
type cnode struct {
	c     int16
	on    bool
	cause int8
	p0    int32 // the first parent, -1 for a root
	depth int32 // links from the root along first parents
	// The other parents are extra[moreAt : moreAt+moreN] of the chainer.
	moreAt, moreN int32
}

// potKey is the identity of a node's candidate state: 0..1619.
func potKey(c int, on bool) int {
	if on {
		return 2*c + 1
	}
	return 2 * c
}

// A potSet is a set of candidate states in insertion order, each with the
// node that first reached it (SE's LinkedSet).
type potSet struct {
	id    [810]int32 // node+1, 0 when absent
	order []int16
}

func (s *potSet) get(c int) int32 { return s.id[c] - 1 }
func (s *potSet) has(c int) bool  { return s.id[c] != 0 }
func (s *potSet) add(c int, n int32) {
	if s.id[c] == 0 {
		s.id[c] = n + 1
		s.order = append(s.order, int16(c))
	}
}
func (s *potSet) reset() {
	for _, c := range s.order {
		s.id[c] = 0
	}
	s.order = s.order[:0]
}

// chainHint is a chaining step found, with SE's sort keys.
type chainHint struct {
	diff       float64
	complexity int
	sortKey    int
}

func (a chainHint) less(b chainHint) bool {
	if a.diff != b.diff {
		return a.diff < b.diff
	}
	if a.complexity != b.complexity {
		return a.complexity < b.complexity
	}
	return a.sortKey < b.sortKey
}

// chainer runs one chaining technique over a position.
type chainer struct {
	g        *hgrid // the position; restored after each dynamic chain
	nodes    []cnode
	stamp    []uint32
	gen      uint32
	queue    []int32
	free     []*potSet
	used     []*potSet
	impBuf   []imp
	onBuf    []imp
	extra    []int32
	qOn      []int32
	qOff     []int32
	pendA    []int32 // unary's queues and results
	pendB    []int32
	cycles   []int32
	chains   []int32
	cellOn   []int16 // forCell's and regionChains' common states
	cellOff  []int16
	regOn    []int16
	regOff   []int16
	targets  []int32
	lk       *offLinkCache
	saves    []*hgrid // doChaining's saved positions, by nesting depth
	nsave    int
	onIdx    [810]int32 // c -> index+1 in onObjs of chainOn(c)'s result
	onObjs   []*onChain // chainOn's results, reused
	nOn      int
	onKeys   []int16
	anc      []int32 // ancestor counts by node, 0 when not known
	reach    *stateReach
	nb       *nishioBits
	multiple bool
	dynamic  bool
	nishio   bool
	level    int
	base     float64
	// nestLimit is the level of the dynamic chains that a level-4 chain
	// nests (SE's nestingLimit).
	nestLimit int
	// collect, when set, receives every step found instead of the best
	// one: the chainer is a nested chain's inner technique.
	collect func(h chainHint, targets []int32, removes []int, kind int8)
	// nestOf maps the nodes that an inner chaining step removed to that
	// step, in nests.
	nestOf map[int32]int32
	nests  []nestRef

	best     chainHint
	bestStep Step
	found    bool
}

// chainers keeps chainers, with their arenas, for reuse.
var chainers = sync.Pool{New: func() any { return &chainer{stamp: make([]uint32, 1620)} }}

// newChainer returns a chainer for g; done gives it back.
func newChainer(g *hgrid) *chainer {
	ch := chainers.Get().(*chainer)
	*ch = chainer{g: g, stamp: ch.stamp, gen: ch.gen, nodes: ch.nodes[:0], extra: ch.extra[:0], anc: ch.anc[:0],
		queue: ch.queue, free: ch.free, used: ch.used[:0], impBuf: ch.impBuf, onBuf: ch.onBuf, qOn: ch.qOn, qOff: ch.qOff, pendA: ch.pendA, pendB: ch.pendB, cycles: ch.cycles, chains: ch.chains,
		cellOn: ch.cellOn, cellOff: ch.cellOff, regOn: ch.regOn, regOff: ch.regOff, targets: ch.targets, lk: ch.lk,
		saves: ch.saves, onObjs: ch.onObjs, onKeys: ch.onKeys[:0], reach: ch.reach, nb: ch.nb}
	return ch
}

func (ch *chainer) done() {
	ch.release()
	ch.g = nil
	chainers.Put(ch)
}

// addParent adds parent p to node m, the last node made.
func (ch *chainer) addParent(m, p int32) {
	nd := &ch.nodes[m]
	if nd.moreN == 0 {
		nd.moreAt = int32(len(ch.extra))
	}
	ch.extra = append(ch.extra, p)
	nd.moreN++
}

func (ch *chainer) set() *potSet {
	var s *potSet
	if n := len(ch.free); n > 0 {
		s = ch.free[n-1]
		ch.free = ch.free[:n-1]
	} else {
		s = new(potSet)
	}
	ch.used = append(ch.used, s)
	return s
}

// release frees every node and set: the chains found so far are summed up
// in ch.best.
func (ch *chainer) release() {
	for _, s := range ch.used {
		s.reset()
		ch.free = append(ch.free, s)
	}
	ch.used = ch.used[:0]
	ch.nodes = ch.nodes[:0]
	ch.extra = ch.extra[:0]
	for _, c := range ch.onKeys {
		ch.onIdx[c] = 0
	}
	ch.onKeys = ch.onKeys[:0]
	ch.nOn = 0
	ch.anc = ch.anc[:0]
	ch.nestOf = nil
	ch.nests = ch.nests[:0]
}

func (ch *chainer) node(c int, on bool, cause int8, parent int32) int32 {
	var depth int32
	if parent >= 0 {
		depth = ch.nodes[parent].depth + 1
	}
	ch.nodes = append(ch.nodes, cnode{c: int16(c), on: on, cause: cause, p0: parent, depth: depth})
	return int32(len(ch.nodes) - 1)
}

func (ch *chainer) key(n int32) int { return potKey(int(ch.nodes[n].c), ch.nodes[n].on) }

// ancestors counts the distinct candidate states that n depends on,
// itself included, breadth first as SE does (the first node reached of a
// state stands for it).
func (ch *chainer) ancestors(n int32) int {
	if int(n) < len(ch.anc) && ch.anc[n] != 0 {
		return int(ch.anc[n])
	}
	k := ch.countAncestors(n)
	for len(ch.anc) <= int(n) {
		ch.anc = append(ch.anc, 0)
	}
	ch.anc[n] = int32(k)
	return k
}

func (ch *chainer) countAncestors(n int32) int {
	count := 0
	ch.bfsStates(n, func(int32) { count++ })
	return count
}

// bfsStates calls f with each node of n's chain in SE's breadth-first
// order, the first node of each candidate state standing for it. f must
// not call bfsStates.
func (ch *chainer) bfsStates(n int32, f func(x int32)) {
	ch.gen++
	q := append(ch.queue[:0], n)
	defer func() { ch.queue = q[:0] }()
	for i := 0; i < len(q); i++ {
		x := q[i]
		k := ch.key(x)
		if ch.stamp[k] == ch.gen {
			continue
		}
		ch.stamp[k] = ch.gen
		f(x)
		nd := &ch.nodes[x]
		if nd.p0 >= 0 {
			q = append(q, nd.p0)
			q = append(q, ch.extra[nd.moreAt:nd.moreAt+nd.moreN]...)
		}
	}
}

// lengthDifficulty is SE's increment for a chain of the given complexity:
// 0.1 for each step past 4, 6, 8, 12, 16, 24, 32 ... candidate states.
func lengthDifficulty(complexity int) float64 {
	added := 0.0
	ceil := 4
	length := complexity - 2
	odd := false
	for length > ceil {
		added += 0.1
		if !odd {
			ceil = ceil * 3 / 2
		} else {
			ceil = ceil * 4 / 3
		}
		odd = !odd
	}
	return added
}

// onToOff returns the states that c "on" turns off: the cell's
// other candidates (with Y-links), then the digit's other places in its
// block, row and column, in SE's order.
func (ch *chainer) onToOff(g *hgrid, c int, yLinks bool) []imp {
	cell, d := c/10, c%10
	out := ch.impBuf[:0]
	if yLinks {
		for m := g.cand[cell] &^ (1 << d); m != 0; m &= m - 1 {
			out = append(out, imp{int16(cell*10 + bits.TrailingZeros16(m)), causeNaked})
		}
	}
	for t := 0; t < 3; t++ {
		h := hCellHouse[cell][t]
		pos := g.hpos[h][d] &^ hSkip[cell][t]
		for ; pos != 0; pos &= pos - 1 {
			x := int(hHouse[h][bits.TrailingZeros16(pos)])
			out = append(out, imp{int16(x*10 + d), causeBlock + int8(t)})
		}
	}
	ch.impBuf = out
	return out
}

// An imp is an implied "off" state not yet made a node (most are met
// before and dropped).
type imp struct {
	c     int16
	cause int8
}

// hSkip[c][t] masks, in house t of cell c, the cell itself and, for its row
// and column, the cells of its block (met first in the block).
var hSkip [81][3]uint16

func init() {
	for c := 0; c < 81; c++ {
		hSkip[c][0] = 1 << hCellIndex[c][0]
		hSkip[c][1] = 7 << (3 * (c % 9 / 3))
		hSkip[c][2] = 7 << (3 * (c / 27))
	}
}

// offToOn returns the states that c "off" turns on, not yet
// made nodes (most are met before and dropped): the cell's other candidate
// when two are left (Y-links), and the digit's other place in a house where
// two are left (X-links).
func (ch *chainer) offToOn(g *hgrid, c int, yLinks, xLinks bool) []imp {
	cell, d := c/10, c%10
	out := ch.onBuf[:0]
	if yLinks && pop(g.cand[cell]) == 2 {
		o := bits.TrailingZeros16(g.cand[cell] &^ (1 << d))
		out = append(out, imp{int16(cell*10 + o), causeNaked})
	}
	if xLinks {
		for t := 0; t < 3; t++ {
			h := hCellHouse[cell][t]
			pos := g.hpos[h][d] &^ (1 << hCellIndex[cell][t])
			if pop(pos) != 1 {
				continue
			}
			oc := int16(int(hHouse[h][bits.TrailingZeros16(pos)])*10 + d)
			dup := false
			for _, o := range out {
				if o.c == oc {
					dup = true
				}
			}
			if !dup {
				out = append(out, imp{oc, causeBlock + int8(t)})
			}
		}
	}
	ch.onBuf = out
	return out
}

// onNode makes the "on" node im that the "off" node n implies. With src
// (the position before a dynamic chain; g is the position as the chain has
// left it) the candidates removed since, of the cell for a Y-link or of the
// digit in the link's house for an X-link, become parents too.
func (ch *chainer) onNode(g, src *hgrid, offs *potSet, n int32, im imp) int32 {
	m := ch.node(int(im.c), true, im.cause, n)
	if src == nil {
		return m
	}
	cell, d := int(im.c)/10, int(im.c)%10
	if im.cause == causeNaked {
		for gone := src.cand[cell] &^ g.cand[cell]; gone != 0; gone &= gone - 1 {
			ch.addParent(m, offs.get(cell*10+bits.TrailingZeros16(gone)))
		}
		return m
	}
	h := hCellHouse[cell][im.cause-causeBlock]
	for gone := src.hpos[h][d] &^ g.hpos[h][d]; gone != 0; gone &= gone - 1 {
		x := int(hHouse[h][bits.TrailingZeros16(gone)])
		ch.addParent(m, offs.get(x*10+d))
	}
	return m
}

// offLinkCache keeps offToOn's and onToOff's answers while the position
// and the kinds of links stay the same (the searches of one kind in
// unaryScan).
type offLinkCache struct {
	gen     uint32
	stamp   [810]uint32
	n       [810]uint8
	links   [810][4]imp
	onStamp [810]uint32
	onN     [810]uint8
	onLinks [810][28]imp // 8 other digits, 20 peers
}

// newLinks forgets the links cached.
func (ch *chainer) newLinks() {
	if ch.lk == nil {
		ch.lk = new(offLinkCache)
	}
	ch.lk.gen++
}

// offToOnFixed is offToOn for a position that does not change between
// calls until newLinks, with the same yLinks and xLinks.
func (ch *chainer) offToOnFixed(g *hgrid, c int, yLinks, xLinks bool) []imp {
	lk := ch.lk
	if lk.stamp[c] != lk.gen {
		lk.stamp[c] = lk.gen
		lk.n[c] = uint8(copy(lk.links[c][:], ch.offToOn(g, c, yLinks, xLinks)))
	}
	return lk.links[c][:lk.n[c]]
}

// onToOffFixed is onToOff for a position that does not change between
// calls until newLinks, with the same yLinks.
func (ch *chainer) onToOffFixed(g *hgrid, c int, yLinks bool) []imp {
	lk := ch.lk
	if lk.onStamp[c] != lk.gen {
		lk.onStamp[c] = lk.gen
		lk.onN[c] = uint8(copy(lk.onLinks[c][:], ch.onToOff(g, c, yLinks)))
	}
	return lk.onLinks[c][:lk.onN[c]]
}

// doChaining completes toOn and toOff with everything they imply (SE's
// doChaining: "on" states first, one "off" state at a time; a dynamic
// chain removes each "off" candidate from the grid as it goes). It returns
// the two nodes of the first contradiction, if any.
func (ch *chainer) doChaining(toOn, toOff *potSet) (int32, int32, bool) {
	g := ch.g
	var src *hgrid
	if ch.dynamic {
		if ch.nsave == len(ch.saves) {
			ch.saves = append(ch.saves, new(hgrid))
		}
		src = ch.saves[ch.nsave]
		ch.nsave++
		*src = *g
		defer func() { *g = *src; ch.nsave-- }()
	}
	pendOn, pendOff := ch.qOn[:0], ch.qOff[:0]
	hOn, hOff := 0, 0
	defer func() { ch.qOn, ch.qOff = pendOn[:0], pendOff[:0] }()
	for _, c := range toOn.order {
		pendOn = append(pendOn, toOn.get(int(c)))
	}
	for _, c := range toOff.order {
		pendOff = append(pendOff, toOff.get(int(c)))
	}
	yLinks := !ch.nishio
	for {
		if hOn < len(pendOn) {
			p := pendOn[hOn]
			hOn++
			var offs []imp
			if ch.dynamic {
				offs = ch.onToOff(g, int(ch.nodes[p].c), yLinks)
			} else {
				offs = ch.onToOffFixed(g, int(ch.nodes[p].c), yLinks)
			}
			for _, im := range offs {
				c := int(im.c)
				if toOn.has(c) {
					return toOn.get(c), ch.node(c, false, im.cause, p), true
				}
				if !toOff.has(c) {
					o := ch.node(c, false, im.cause, p)
					toOff.add(c, o)
					pendOff = append(pendOff, o)
				}
			}
			continue
		}
		if hOff < len(pendOff) {
			p := pendOff[hOff]
			hOff++
			var ons []imp
			if ch.dynamic {
				ons = ch.offToOn(g, int(ch.nodes[p].c), yLinks, true)
			} else {
				ons = ch.offToOnFixed(g, int(ch.nodes[p].c), yLinks, true)
			}
			for _, im := range ons {
				c := int(im.c)
				if toOff.has(c) {
					return ch.onNode(g, src, toOff, p, im), toOff.get(c), true
				}
				if !toOn.has(c) {
					o := ch.onNode(g, src, toOff, p, im)
					toOn.add(c, o)
					pendOn = append(pendOn, o)
				}
			}
			if ch.dynamic {
				c := int(ch.nodes[p].c)
				g.remove(c/10, c%10)
			}
			continue
		}
		if ch.level > 0 {
			added := false
			for _, n := range ch.advanced(g, src, toOff) {
				c := int(ch.nodes[n].c)
				if !toOff.has(c) {
					toOff.add(c, n)
					pendOff = append(pendOff, n)
					added = true
				}
			}
			if added {
				continue
			}
		}
		return -1, -1, false
	}
}

// offer keeps the step when it sorts before the best so far; build makes
// the step only then.
func (ch *chainer) offer(h chainHint, build func() Step) {
	if ch.found && !h.less(ch.best) {
		return
	}
	ch.best, ch.bestStep, ch.found = h, build(), true
}

// chainWords says the chain that leads to n: "r1c2=5 → r3c2≠5 → ...".
func (ch *chainer) chainWords(n int32) string {
	var parts []string
	for x := n; x >= 0; x = ch.nodes[x].p0 {
		c := int(ch.nodes[x].c)
		op := "≠"
		if ch.nodes[x].on {
			op = "="
		}
		parts = append(parts, cellName(9, c/10)+op+string(rune('0'+c%10)))
		if len(parts) > 200 {
			break
		}
	}
	for i, j := 0, len(parts)-1; i < j; i, j = i+1, j-1 {
		parts[i], parts[j] = parts[j], parts[i]
	}
	return strings.Join(parts, " → ")
}

// removals is what a chain's result removes: for "c is d", the cell's
// other candidates; for "c is not d", d.
func (ch *chainer) removals(c int, on bool) ([]Candidate, []Candidate) {
	cell, d := c/10, c%10
	if !on {
		return []Candidate{{cell, d}}, nil
	}
	var el []Candidate
	for m := ch.g.cand[cell] &^ (1 << d); m != 0; m &= m - 1 {
		el = append(el, Candidate{cell, bits.TrailingZeros16(m)})
	}
	return el, []Candidate{{cell, d}}
}

// --- Forcing chains and cycles (one assumption, no dynamics) ---

// chainsAndCycles is SE's "Forcing Chains & Cycles": bidirectional X-, Y-
// and XY-cycles (6.5, 6.5, 7.0) and forcing X- and XY-chains (6.6, 7.0),
// plus the length increment.
func (g *hgrid) chainsAndCycles() (Step, bool) {
	ch := newChainer(g)
	ch.unaryScan()
	st, ok := ch.bestStep, ch.found
	ch.done()
	return st, ok
}

// unaryScan follows every candidate with X-, Y- and then XY-links.
func (ch *chainer) unaryScan() {
	g := ch.g
	for _, mode := range [3][2]bool{{false, true}, {true, false}, {true, true}} {
		y, x := mode[0], mode[1]
		if y && x && ch.found && ch.best.diff < 7.0 {
			// Every XY step is rated 7.0 or more: none can come first.
			break
		}
		ch.newLinks()
		// With X- and Y-links, most chains from "off" lead nowhere, and
		// the links' components show which; X-links alone make chains
		// too short to be worth it.
		useReach := x && y
		if useReach {
			ch.findReach(y, false)
		}
		for i := 0; i < 81; i++ {
			if g.val[i] != 0 || pop(g.cand[i]) < 2 || g.stopped() {
				continue
			}
			for m := g.cand[i]; m != 0; m &= m - 1 {
				ch.unary(i*10+bits.TrailingZeros16(m), y, x, useReach)
				ch.release()
			}
		}
	}
}

// maxComplexity is the largest complexity a step of the given base and
// kind may have and still come before the best step so far.
func (ch *chainer) maxComplexity(base float64, sortKey int) int {
	if !ch.found {
		return 1 << 30
	}
	c := 0
	for (chainHint{base + lengthDifficulty(c+1), c + 1, sortKey}).less(ch.best) {
		c++
	}
	return c
}

func (ch *chainer) isParent(child int32, k int) bool {
	for x := ch.nodes[child].p0; x >= 0; x = ch.nodes[x].p0 {
		if ch.key(x) == k {
			return true
		}
	}
	return false
}

func (ch *chainer) unary(c int, y, x, useReach bool) {
	g := ch.g
	if !x && pop(g.cand[c/10]) > 2 {
		return
	}
	sortKey := sortKeyOf(y, x)
	cycleBase, chainBase := 6.5, 6.6
	if y && x {
		cycleBase, chainBase = 7.0, 7.0
	}
	root := ch.node(c, true, causeNone, -1)
	pendOn, pendOff := ch.pendA[:0], ch.pendB[:0]
	defer func() { ch.pendA, ch.pendB = pendOn[:0], pendOff[:0] }()
	// The "off" states that turn c on: those that c "off" turns on, the
	// links being symmetric.
	var back [4]int16
	nBack := 0
	for _, im := range ch.offToOnFixed(g, c, y, x) {
		back[nBack] = im.c
		nBack++
	}
	// Cycles, and the forcing chain from c "on" to c "off": a search from
	// c "on" meets the same states in the same order for both (the "off"
	// states it meets again only close cycles), so one search finds both,
	// its first node of c "off" ending the chain.
	cycles := ch.cycles[:0]
	chains := ch.chains[:0]
	{
		toOn, toOff := ch.set(), ch.set()
		toOn.add(c, root)
		pendOn = append(pendOn, root)
		length := 0
		srcKey := potKey(c, true)
		// The search is layered: a cycle closed at half-layer length has
		// complexity length, and a chain ending there length+1, so none
		// past maxC can come first.
		maxC := ch.maxComplexity(cycleBase, sortKey)
		if x {
			maxC = max(maxC, ch.maxComplexity(chainBase, sortKey))
		}
		for len(pendOn) > 0 || len(pendOff) > 0 {
			if length+2 > maxC {
				break
			}
			length++
			for _, p := range pendOn {
				for _, im := range ch.onToOffFixed(g, int(ch.nodes[p].c), y) {
					oc := int(im.c)
					if toOff.has(oc) {
						// A state met before is expanded before this one,
						// so its "on" states are all known by then: again,
						// it can only close a cycle, by turning c on.
						isBack := false
						for _, b := range back[:nBack] {
							isBack = isBack || int(b) == oc
						}
						if isBack && !ch.isParent(p, potKey(oc, false)) {
							pendOff = append(pendOff, ch.node(oc, false, im.cause, p))
						}
						continue
					}
					o := ch.node(oc, false, im.cause, p)
					pendOff = append(pendOff, o)
					toOff.add(oc, o)
					if x && oc == c {
						chains = append(chains, o)
					}
				}
			}
			pendOn = pendOn[:0]
			length++
			for _, p := range pendOff {
				for _, im := range ch.offToOnFixed(g, int(ch.nodes[p].c), y, x) {
					oc := int(im.c)
					cycle := length >= 4 && potKey(oc, true) == srcKey
					if !cycle && toOn.has(oc) {
						continue
					}
					o := ch.onNode(g, nil, nil, p, im)
					if cycle {
						cycles = append(cycles, o)
					}
					if !toOn.has(oc) {
						pendOn = append(pendOn, o)
						toOn.add(oc, o)
					}
				}
			}
			pendOff = pendOff[:0]
		}
	}
	ch.cycles = cycles
	// The forcing chain from c "off" to c "on", unless useReach and the
	// links do not lead there; the first node of c "on" ends it.
	if x && (!useReach || ch.offReaches(c)) {
		toOn, toOff := ch.set(), ch.set()
		pendOn, pendOff = pendOn[:0], pendOff[:0]
		src := ch.node(c, false, causeNone, -1)
		toOff.add(c, src)
		pendOff = append(pendOff, src)
		// Layered too: a chain ending below node p has complexity at
		// least depth(p)+2.
		maxC := ch.maxComplexity(chainBase, sortKey)
	search:
		for len(pendOn) > 0 || len(pendOff) > 0 {
			if (len(pendOn) > 0 && ch.nodes[pendOn[0]].depth+2 > int32(maxC)) ||
				(len(pendOn) == 0 && ch.nodes[pendOff[0]].depth+2 > int32(maxC)) {
				break
			}
			for _, p := range pendOn {
				for _, im := range ch.onToOffFixed(g, int(ch.nodes[p].c), y) {
					oc := int(im.c)
					if !toOff.has(oc) {
						o := ch.node(oc, false, im.cause, p)
						pendOff = append(pendOff, o)
						toOff.add(oc, o)
					}
				}
			}
			pendOn = pendOn[:0]
			for _, p := range pendOff {
				for _, im := range ch.offToOnFixed(g, int(ch.nodes[p].c), y, true) {
					oc := int(im.c)
					if oc == c {
						chains = append(chains, ch.onNode(g, nil, nil, p, im))
						break search
					}
					if !toOn.has(oc) {
						o := ch.onNode(g, nil, nil, p, im)
						pendOn = append(pendOn, o)
						toOn.add(oc, o)
					}
				}
			}
			pendOff = pendOff[:0]
		}
	}
	ch.chains = chains
	for _, dst := range cycles {
		ch.cycleHint(dst, y, x, sortKey)
	}
	for _, t := range chains {
		cx := ch.ancestors(t)
		h := chainHint{chainBase + lengthDifficulty(cx), cx, sortKey}
		if ch.collect != nil {
			ch.collect(h, []int32{t}, ch.removalKeys(int(ch.nodes[t].c), ch.nodes[t].on), nestPlain)
			continue
		}
		ch.offer(h, func() Step {
			name := "Forcing X-Chain"
			if y && x {
				name = "Forcing Chain"
			} else if y {
				name = "Forcing Y-Chain"
			} else if cx == 6 {
				name = "Turbot Fish"
			}
			tc := int(ch.nodes[t].c)
			el, pl := ch.removals(tc, ch.nodes[t].on)
			return Step{Technique: name, se: h.diff, Digits: []int{c % 10}, Cells: []int{c / 10},
				Detail: ch.chainWords(t), Eliminations: el, Placements: pl}
		})
	}
}

// sortKeyOf is SE's rank of a cycle or forcing chain by its links.
func sortKeyOf(y, x bool) int {
	switch {
	case y && x:
		return 4
	case y:
		return 3
	}
	return 2
}

func (ch *chainer) cycleHint(dst int32, y, x bool, sortKey int) {
	g := ch.g
	var cells []int
	var inCells [81]bool
	for p := dst; ch.nodes[p].p0 >= 0; p = ch.nodes[p].p0 {
		cell := int(ch.nodes[p].c) / 10
		if !inCells[cell] {
			inCells[cell] = true
			cells = append(cells, cell)
		}
	}
	var forw, back [810]bool
	var order []int
	for p := dst; ch.nodes[p].p0 >= 0; p = ch.nodes[p].p0 {
		c := int(ch.nodes[p].c)
		cell, d := c/10, c%10
		for _, q := range hPeers[cell] {
			if inCells[q] || g.cand[q]&(1<<d) == 0 {
				continue
			}
			k := int(q)*10 + d
			if ch.nodes[p].on {
				if !forw[k] {
					forw[k] = true
					order = append(order, k)
				}
			} else {
				back[k] = true
			}
		}
	}
	var el []Candidate
	for _, k := range order {
		if back[k] {
			el = append(el, Candidate{k / 10, k % 10})
		}
	}
	if len(el) == 0 {
		return
	}
	cx := ch.ancestors(dst)
	base := 6.5
	if y && x {
		base = 7.0
	}
	h := chainHint{base + lengthDifficulty(cx), cx, sortKey}
	if ch.collect != nil {
		ch.collect(h, []int32{dst}, cycleRemovals(el), nestCycle)
		return
	}
	ch.offer(h, func() Step {
		name := "Bidirectional Cycle"
		if !x {
			name = "Bidirectional Y-Cycle"
		} else if !y {
			name = "Bidirectional X-Cycle"
			if len(cells) == 4 {
				name = "Generalized X-Wing"
			}
		}
		sortCands(el)
		return Step{Technique: name, se: h.diff, Cells: cells, Detail: ch.chainWords(dst), Eliminations: el}
	})
}

// --- Nishio, multiple and dynamic forcing chains ---

// forcingChains runs SE's Chaining(multiple, dynamic, nishio, level=0):
// Nishio 7.5, Multiple 8.0, Dynamic 8.5, plus the length increment.
func (g *hgrid) forcingChains(multiple, dynamic, nishio bool, level int) (Step, bool) {
	ch := newChainer(g)
	ch.setForcing(multiple, dynamic, nishio, level)
	ch.cellScan()
	st, ok := ch.bestStep, ch.found
	ch.done()
	return st, ok
}

// setForcing makes ch SE's Chaining(multiple, dynamic, nishio, level).
func (ch *chainer) setForcing(multiple, dynamic, nishio bool, level int) {
	ch.multiple, ch.dynamic, ch.nishio, ch.level = multiple, dynamic, nishio, level
	switch {
	case level > 0:
		ch.base = 8.5 + 0.5*float64(level)
	case nishio:
		ch.base = 7.5
	case dynamic:
		ch.base = 8.5
	default:
		ch.base = 8.0
	}
}

// cellScan follows the candidates of every cell that SE's forcing chains
// start from.
func (ch *chainer) cellScan() {
	g := ch.g
	prune := false
	if !ch.dynamic {
		ch.newLinks() // the position stays as it is: links are kept
		if prune = ch.multiple && !ch.nishio; prune {
			ch.findReach(true, true)
		}
	}
	if ch.nishio {
		if ch.nb == nil {
			ch.nb = new(nishioBits)
		}
		ch.nb.set(g)
	}
	for i := 0; i < 81; i++ {
		if g.val[i] != 0 || g.stopped() {
			continue
		}
		card := pop(g.cand[i])
		if card > 2 || (card > 1 && ch.dynamic) {
			if prune && !ch.multipleMayFind(i) {
				continue
			}
			ch.forCell(i, card)
		}
	}
}

func (ch *chainer) name(kind string) string {
	switch {
	case ch.nishio:
		return "Nishio Forcing Chains"
	case ch.dynamic:
		return "Dynamic " + kind + " Forcing Chains" + [5]string{"", " (+)", " (+ Forcing Chains)", " (+ Multiple Forcing Chains)", " (+ Dynamic Forcing Chains)"}[min(ch.level, 4)]
	default:
		return kind + " Forcing Chains"
	}
}

func (ch *chainer) forCell(cell, card int) {
	g := ch.g
	if ch.nishio {
		ch.nishioCell(cell)
		return
	}
	var valueOn, valueOff [9]*potSet
	reduce := !ch.nishio && (card == 2 || (ch.multiple && card > 2))
	cellOn, cellOff := ch.cellOn[:0], ch.cellOff[:0]
	k := 0
	for m := g.cand[cell]; m != 0; m &= m - 1 {
		d := bits.TrailingZeros16(m)
		doDouble := card >= 3 && !ch.nishio && ch.dynamic
		doContra := ch.dynamic || ch.nishio
		needOff := doDouble || doContra
		if card == 2 && ch.dynamic && ch.level == 0 {
			// With two candidates left, d off and the other on lead to
			// the same states, so the chain from d off meets a
			// contradiction exactly when the one from the other on does.
			needOff = ch.chainOn(cell*10 + bits.TrailingZeros16(g.cand[cell]&^(1<<d))).bad
		}
		onToOn, onToOff := ch.binary(cell*10+d, doDouble, doContra, needOff)
		if !ch.nishio {
			ch.regionChains(cell, d, onToOn, onToOff)
		}
		if !reduce {
			continue
		}
		valueOn[k], valueOff[k] = onToOn, onToOff
		if k == 0 {
			cellOn = append(cellOn, onToOn.order...)
			cellOff = append(cellOff, onToOff.order...)
		} else {
			cellOn = retain(cellOn, onToOn)
			cellOff = retain(cellOff, onToOff)
		}
		k++
	}
	ch.cellOn, ch.cellOff = cellOn, cellOff
	if !reduce {
		return
	}
	step := func(h chainHint, detail string, el, pl []Candidate) Step {
		return Step{Technique: ch.name("Cell"), se: h.diff, Cells: []int{cell}, Detail: detail, Eliminations: el, Placements: pl}
	}
	ch.reductions(cellOn, true, valueOn[:k], 5, nestCell, step)
	ch.reductions(cellOff, false, valueOff[:k], 5, nestCell, step)
}

// reductions offers, for each candidate state (c on, or off) of list, the
// step that every one of the alternatives' chains (sets, in SE's order)
// reaches; step makes it (kind is the step's kind for a nested chain).
func (ch *chainer) reductions(list []int16, on bool, sets []*potSet, sortKey int, kind int8, step func(h chainHint, detail string, el, pl []Candidate) Step) {
	for _, c16 := range list {
		c := int(c16)
		cx := 0
		targets := ch.targets[:0]
		for _, s := range sets {
			t := s.get(c)
			targets = append(targets, t)
			cx += ch.ancestors(t)
		}
		ch.targets = targets
		if on && ch.g.cand[c/10]&^(1<<(c%10)) == 0 {
			continue // nothing to remove
		}
		cx += ch.nestedComplexity(targets)
		h := chainHint{ch.base + lengthDifficulty(cx), cx, sortKey}
		if ch.collect != nil {
			ch.collect(h, append([]int32(nil), targets...), ch.removalKeys(c, on), kind)
			continue
		}
		ch.offer(h, func() Step {
			words := make([]string, len(sets))
			for i, s := range sets {
				words[i] = ch.chainWords(s.get(c))
			}
			el, pl := ch.removals(c, on)
			return step(h, strings.Join(words, "; "), el, pl)
		})
	}
}

func retain(list []int16, s *potSet) []int16 {
	out := list[:0]
	for _, c := range list {
		if s.has(int(c)) {
			out = append(out, c)
		}
	}
	return out
}

// onChain is what a chainer found from one candidate "on".
type onChain struct {
	toOn, toOff *potSet
	a, b        int32
	bad         bool
}

// chainOn follows candidate c on; within one search every chain from the
// same candidate on is the same, so it is made once.
func (ch *chainer) chainOn(c int) *onChain {
	if k := ch.onIdx[c]; k != 0 {
		return ch.onObjs[k-1]
	}
	if ch.nOn == len(ch.onObjs) {
		ch.onObjs = append(ch.onObjs, new(onChain))
	}
	oc := ch.onObjs[ch.nOn]
	ch.nOn++
	*oc = onChain{toOn: ch.set(), toOff: ch.set()}
	oc.toOn.add(c, ch.node(c, true, causeNone, -1))
	oc.a, oc.b, oc.bad = ch.doChaining(oc.toOn, oc.toOff)
	ch.onIdx[c] = int32(ch.nOn)
	ch.onKeys = append(ch.onKeys, int16(c))
	return oc
}

// nishioCell looks for Nishio's contradictions from each candidate of
// cell, on and then off, as binary does, but follows only the assumptions
// that ch.nb says end in one.
func (ch *chainer) nishioCell(cell int) {
	for m := ch.g.cand[cell]; m != 0; m &= m - 1 {
		c := cell*10 + bits.TrailingZeros16(m)
		if ch.nb.conflict(c, true) {
			if oc := ch.chainOn(c); oc.bad {
				ch.binaryHint(oc.a, oc.b, c, false, true, 7)
			}
		}
		if ch.nb.conflict(c, false) {
			offToOn, offToOff := ch.set(), ch.set()
			offToOff.add(c, ch.node(c, false, causeNone, -1))
			if a, b, bad := ch.doChaining(offToOn, offToOff); bad {
				ch.binaryHint(a, b, c, true, true, 7)
			}
		}
	}
}

// hHouseBits and hPeerBits are the cells of each house and the peers of
// each cell as bit sets.
var hHouseBits [27][2]uint64
var hPeerBits [81][2]uint64

func init() {
	for h := range hHouse {
		for _, c := range hHouse[h] {
			hHouseBits[h][c>>6] |= 1 << (c & 63)
		}
	}
	for c := range hPeers {
		for _, q := range hPeers[c] {
			hPeerBits[c][q>>6] |= 1 << (q & 63)
		}
	}
}

// nishioBits are, for each digit, the cells where it is a candidate and
// its places in each house that has two or more, as bit sets of cells: what
// conflict follows a digit over.
type nishioBits struct {
	avail  [10][2]uint64
	houses [10][27][2]uint64
	n      [10]uint8
}

// set fills b for the position g.
func (b *nishioBits) set(g *hgrid) {
	*b = nishioBits{}
	for h := 0; h < 27; h++ {
		for d := 1; d <= 9; d++ {
			pos := g.hpos[h][d]
			if pop(pos) < 2 {
				continue
			}
			var cells [2]uint64
			for m := pos; m != 0; m &= m - 1 {
				x := hHouse[h][bits.TrailingZeros16(m)]
				cells[x>>6] |= 1 << (x & 63)
			}
			b.houses[d][b.n[d]] = cells
			b.n[d]++
		}
	}
	for i := 0; i < 81; i++ {
		for m := g.cand[i]; g.val[i] == 0 && m != 0; m &= m - 1 {
			d := bits.TrailingZeros16(m)
			b.avail[d][i>>6] |= 1 << (i & 63)
		}
	}
}

// conflict reports whether Nishio's chain from candidate c on (or off)
// ends in a contradiction, b being the position's nishioBits. Its links
// all keep c's digit, so it is followed here over bit sets of cells: "on"
// turns the digit off in the cell's peers; in a house where the digit went
// off somewhere, its one place left turns on, and a house left with none
// (of two or more places) is a contradiction too, as the last but one
// place going off turns the last on. What a chain turns on and off in the
// end, and so whether it meets a contradiction, does not depend on the
// order it goes in.
func (b *nishioBits) conflict(c int, on bool) bool {
	cell, d := c/10, c%10
	avail := b.avail[d]
	houses := b.houses[d][:b.n[d]]
	var onSet, offSet, spread [2]uint64
	if on {
		onSet[cell>>6] |= 1 << (cell & 63)
	} else {
		offSet[cell>>6] |= 1 << (cell & 63)
	}
	for {
		for k := 0; k < 2; k++ {
			for m := onSet[k] &^ spread[k]; m != 0; m &= m - 1 {
				x := 64*k + bits.TrailingZeros64(m)
				offSet[0] |= hPeerBits[x][0] & avail[0]
				offSet[1] |= hPeerBits[x][1] & avail[1]
			}
		}
		spread = onSet
		if onSet[0]&offSet[0] != 0 || onSet[1]&offSet[1] != 0 {
			return true
		}
		grew := false
		for _, hs := range houses {
			if hs[0]&offSet[0] == 0 && hs[1]&offSet[1] == 0 {
				continue
			}
			r0, r1 := hs[0]&^offSet[0], hs[1]&^offSet[1]
			switch bits.OnesCount64(r0) + bits.OnesCount64(r1) {
			case 0:
				return true
			case 1:
				if r0&^onSet[0] != 0 || r1&^onSet[1] != 0 {
					onSet[0] |= r0
					onSet[1] |= r1
					grew = true
				}
			}
		}
		if !grew {
			return false
		}
	}
}

// binary follows candidate c on and, when needOff, off (SE's
// doBinaryChaining) and returns what "on" implies.
func (ch *chainer) binary(c int, doDouble, doContra, needOff bool) (*potSet, *potSet) {
	oc := ch.chainOn(c)
	onToOn, onToOff := oc.toOn, oc.toOff
	if oc.bad && doContra {
		ch.binaryHint(oc.a, oc.b, c, false, true, 7)
	}
	if !needOff {
		// Nothing comes of following c off (SE follows it): it finds no
		// double forcing and meets no contradiction.
		return onToOn, onToOff
	}
	offToOn, offToOff := ch.set(), ch.set()
	pOff := ch.node(c, false, causeNone, -1)
	offToOff.add(c, pOff)
	if a, b, bad := ch.doChaining(offToOn, offToOff); bad && doContra {
		ch.binaryHint(a, b, c, true, true, 7)
	}
	if !doDouble {
		return onToOn, onToOff
	}
	for _, k := range onToOn.order {
		if offToOn.has(int(k)) {
			ch.binaryHint(onToOn.get(int(k)), offToOn.get(int(k)), int(k), true, false, 1)
		}
	}
	for _, k := range onToOff.order {
		if offToOff.has(int(k)) {
			ch.binaryHint(onToOff.get(int(k)), offToOff.get(int(k)), int(k), false, false, 1)
		}
	}
	return onToOn, onToOff
}

// binaryHint rates a contradiction (the assumption about c is false: the
// result is c on when resultOn) or a double forcing (both states of the
// source lead to c in state resultOn).
func (ch *chainer) binaryHint(a, b int32, c int, resultOn, absurd bool, sortKey int) {
	el, pl := ch.removals(c, resultOn)
	if len(el) == 0 {
		return
	}
	cx := ch.ancestors(a) + ch.ancestors(b)
	if len(ch.nests) > 0 {
		cx += ch.nestedComplexity([]int32{a, b})
	}
	h := chainHint{ch.base + lengthDifficulty(cx), cx, sortKey}
	if ch.collect != nil {
		ch.collect(h, []int32{a, b}, ch.removalKeys(c, resultOn), nestPlain)
		return
	}
	ch.offer(h, func() Step {
		kind := "Double"
		if absurd {
			kind = "Contradiction"
		}
		return Step{Technique: ch.name(kind), se: h.diff, Cells: []int{c / 10},
			Detail: ch.chainWords(a) + "; " + ch.chainWords(b), Eliminations: el, Placements: pl}
	})
}

// regionChains follows every place of digit d in each house of cell where
// cell is the digit's first place (SE's doRegionChainings).
func (ch *chainer) regionChains(cell, d int, onToOn, onToOff *potSet) {
	g := ch.g
	for t := 0; t < 3; t++ {
		h := int(hCellHouse[cell][t])
		pos := g.positions(h, d)
		n := pop(pos)
		if !(n == 2 || (ch.multiple && n > 2)) {
			continue
		}
		if int(hHouse[h][bits.TrailingZeros16(pos)]) != cell {
			continue
		}
		var posOn, posOff [9]*potSet
		regOn, regOff := append(ch.regOn[:0], onToOn.order...), append(ch.regOff[:0], onToOff.order...)
		posOn[0], posOff[0] = onToOn, onToOff
		k := 1
		for m := pos & (pos - 1); m != 0; m &= m - 1 {
			oc := ch.chainOn(int(hHouse[h][bits.TrailingZeros16(m)])*10 + d)
			posOn[k], posOff[k] = oc.toOn, oc.toOff
			regOn = retain(regOn, oc.toOn)
			regOff = retain(regOff, oc.toOff)
			k++
		}
		ch.regOn, ch.regOff = regOn, regOff
		step := func(hh chainHint, detail string, el, pl []Candidate) Step {
			return Step{Technique: ch.name("Region"), se: hh.diff, Digits: []int{d}, Houses: []string{houseName(h)},
				Detail: detail, Eliminations: el, Placements: pl}
		}
		ch.reductions(regOn, true, posOn[:k], 6, nestRegion+int8(h/9), step)
		ch.reductions(regOff, false, posOff[:k], 6, nestRegion+int8(h/9), step)
	}
}

// stateReach holds, for static links on a fixed position, the states
// that each state leads to: which candidates' "off" state leads to their
// own "on" state (only those start a unary forcing chain from "off"), and
// what all the assumptions of a multiple forcing chain lead to. It is found
// from the strongly connected components of the states (Tarjan's
// algorithm, which finishes a component after every component it
// reaches), each component's reach a bit set over the states' visiting
// order.
type stateReach struct {
	index  [1620]int32 // visiting order + 1, 0 when not visited
	low    [1620]int32
	comp   [1620]int32 // component, -1 while on the stack
	order  []int16     // the states in visiting order
	stack  []int16
	frames []reachFrame
	words  int
	reach  []uint64 // component k's bits at [k*words, (k+1)*words)
	acc    []uint64 // multipleMayFind's scratch
	acc2   []uint64
}

type reachFrame struct {
	v  int16
	ei int16
}

// edges are state v's links (v = potKey(c, on)).
func (ch *chainer) edges(v int, y bool) []imp {
	if v&1 == 1 {
		return ch.onToOffFixed(ch.g, v>>1, y)
	}
	return ch.offToOnFixed(ch.g, v>>1, y, true)
}

// linkState is the state that link im of state from leads to.
func linkState(im imp, from int) int {
	if from&1 == 1 {
		return potKey(int(im.c), false)
	}
	return potKey(int(im.c), true)
}

// findReach computes ch.reach for the current links (with Y-links when
// y; X-links always), from every "off" state, and from every "on" state
// too when fromOn.
func (ch *chainer) findReach(y, fromOn bool) {
	g := ch.g
	if ch.reach == nil {
		ch.reach = new(stateReach)
	}
	r := ch.reach
	r.index = [1620]int32{}
	r.order = r.order[:0]
	n := 0 // the states: every link leads to a candidate's
	for i := 0; i < 81; i++ {
		n += 2 * pop(g.cand[i])
	}
	r.words = (n + 63) / 64
	r.reach = r.reach[:0]
	next := int32(0)
	ncomp := int32(0)
	visit := func(v int) {
		next++
		r.index[v], r.low[v], r.comp[v] = next, next, -1
		r.order = append(r.order, int16(v))
		r.stack = append(r.stack, int16(v))
		r.frames = append(r.frames, reachFrame{v: int16(v)})
	}
	for i := 0; i < 81; i++ {
		for m := 0; m < 20; m++ {
			// m is candidate m/2 off, then on.
			if g.cand[i]&(1<<(m/2)) == 0 || (m%2 == 1 && !fromOn) {
				continue
			}
			s := potKey(i*10+m/2, m%2 == 1)
			if r.index[s] != 0 {
				continue
			}
			visit(s)
			for len(r.frames) > 0 {
				f := &r.frames[len(r.frames)-1]
				v := int(f.v)
				if es := ch.edges(v, y); int(f.ei) < len(es) {
					w := linkState(es[f.ei], v)
					f.ei++
					if r.index[w] == 0 {
						visit(w)
					} else if r.comp[w] < 0 {
						r.low[v] = min(r.low[v], r.index[w])
					}
					continue
				}
				r.frames = r.frames[:len(r.frames)-1]
				if len(r.frames) > 0 {
					p := int(r.frames[len(r.frames)-1].v)
					r.low[p] = min(r.low[p], r.low[v])
				}
				if r.low[v] != r.index[v] {
					continue
				}
				// v roots a component: its members are on the stack down
				// to v; every component they reach is finished.
				k := ncomp
				ncomp++
				base := len(r.reach)
				for range r.words {
					r.reach = append(r.reach, 0)
				}
				bitsK := r.reach[base:]
				top := len(r.stack)
				for {
					top--
					u := int(r.stack[top])
					r.comp[u] = k
					x := r.index[u] - 1
					bitsK[x/64] |= 1 << (x % 64)
					if u == v {
						break
					}
				}
				for _, u16 := range r.stack[top:] {
					u := int(u16)
					for _, im := range ch.edges(u, y) {
						if kw := r.comp[linkState(im, u)]; kw != k {
							for j, b := range r.reach[int(kw)*r.words : int(kw+1)*r.words] {
								bitsK[j] |= b
							}
						}
					}
				}
				r.stack = r.stack[:top]
			}
		}
	}
}

// offReaches reports whether candidate c "off" leads to c "on" by the
// links findReach was last run with.
func (ch *chainer) offReaches(c int) bool {
	r := ch.reach
	on := r.index[potKey(c, true)]
	if on == 0 {
		return false
	}
	k := r.comp[potKey(c, false)]
	x := on - 1
	return r.reach[int(k)*r.words+int(x/64)]&(1<<(x%64)) != 0
}

// multipleMayFind reports whether forCell can find a static multiple
// forcing chain from cell: whether what all its candidates lead to, or
// what all the places of one of its digits lead to in a house where cell
// is the digit's first place, holds a state that removes something. What a
// static chain from an assumption turns on and off is what the assumption
// leads to by the links, or less when the chain stops at a contradiction.
func (ch *chainer) multipleMayFind(cell int) bool {
	g, r := ch.g, ch.reach
	w := r.words
	r.acc, r.acc2 = append(r.acc[:0], make([]uint64, w)...), append(r.acc2[:0], make([]uint64, w)...)
	of := func(c int) []uint64 {
		k := int(r.comp[potKey(c, true)])
		return r.reach[k*w : (k+1)*w]
	}
	first := true
	for m := g.cand[cell]; m != 0; m &= m - 1 {
		d := bits.TrailingZeros16(m)
		own := of(cell*10 + d)
		if first {
			copy(r.acc, own)
			first = false
		} else {
			for j := range r.acc {
				r.acc[j] &= own[j]
			}
		}
		for t := 0; t < 3; t++ {
			h := int(hCellHouse[cell][t])
			pos := g.positions(h, d)
			if pop(pos) < 2 || int(hHouse[h][bits.TrailingZeros16(pos)]) != cell {
				continue
			}
			copy(r.acc2, own)
			for p := pos & (pos - 1); p != 0; p &= p - 1 {
				for j, b := range of(int(hHouse[h][bits.TrailingZeros16(p)])*10 + d) {
					r.acc2[j] &= b
				}
			}
			if ch.removesAny(r.acc2) {
				return true
			}
		}
	}
	return ch.removesAny(r.acc)
}

// removesAny reports whether a set of states (bits over findReach's
// visiting order) holds one whose chain result removes something: any
// "off" state, or an "on" state of a cell with other candidates.
func (ch *chainer) removesAny(set []uint64) bool {
	r := ch.reach
	for j, b := range set {
		for ; b != 0; b &= b - 1 {
			s := int(r.order[64*j+bits.TrailingZeros64(b)])
			if s&1 == 0 {
				return true
			}
			c := s >> 1
			if ch.g.cand[c/10]&^(1<<(c%10)) != 0 {
				return true
			}
		}
	}
	return false
}
