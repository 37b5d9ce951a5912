package sudoku

import (
	"math/bits"
	"sort"
)

// The nested levels of the dynamic forcing chains (SE's Chaining with
// level > 0): when a dynamic chain runs out of direct implications, it asks
// simple techniques (and, from level 2, whole chaining techniques) on the
// grid as the chain has left it; what they remove goes off, its parents
// being the candidates the chain removed that the technique needed.

// advRule is one technique an advanced chain asks: it calls emit for each
// step it finds on g, with the candidates the step removes (in the order SE
// lists them) and its parents (the "off" states it depends on, as c*10+d),
// and, for a nested chain, its complexity.
type advHint struct {
	removes    []int // c*10+d
	parents    []int // c*10+d, "off"
	complexity int   // of a nested chain, 0 otherwise
}

// javaMapOrder orders the cells of a java.util.HashMap<Cell,...> the way
// it iterates them: by bucket (cell index modulo the table size), then in
// insertion order. cells are distinct and in insertion order.
func javaMapOrder(cells []int) []int {
	size := 16
	for len(cells) > size*3/4 {
		size *= 2
	}
	out := append([]int(nil), cells...)
	sort.SliceStable(out, func(i, j int) bool { return out[i]&(size-1) < out[j]&(size-1) })
	return out
}

// removalList turns a map cell -> digits (with the cells in insertion
// order) into SE's iteration order of its candidates.
func removalList(cells []int, digits *[81]uint16) []int {
	var out []int
	for _, c := range javaMapOrder(cells) {
		for m := digits[c]; m != 0; m &= m - 1 {
			out = append(out, c*10+bits.TrailingZeros16(m))
		}
	}
	return out
}

// mapAdd records digit d for cell c in an insertion-ordered map.
func mapAdd(cells *[]int, digits *[81]uint16, c, d int) {
	if digits[c] == 0 {
		*cells = append(*cells, c)
	}
	digits[c] |= 1 << d
}

// advLocking is SE's Locking(false) giving every hint: pointing and
// claiming, by (block, column), (block, row), (column, block), (row,
// block), then digit, then the first house and the second.
func advLocking(g, src *hgrid, emit func(advHint)) {
	for _, types := range [4][2]int{{0, 2}, {0, 1}, {2, 0}, {1, 0}} {
		for d := 1; d <= 9; d++ {
			for k1 := 0; k1 < 9; k1++ {
				h1 := 9*types[0] + k1
				pos := g.positions(h1, d)
				if pop(pos) < 2 {
					continue
				}
				for k2 := 0; k2 < 9; k2++ {
					h2 := 9*types[1] + k2
					if !g.allIn(h1, pos, h2) {
						continue
					}
					var cells []int
					var digits [81]uint16
					for _, c := range hHouse[h2] {
						if !hInHouse[h1][c] && g.cand[c]&(1<<d) != 0 {
							mapAdd(&cells, &digits, int(c), d)
						}
					}
					if len(cells) == 0 {
						continue
					}
					var parents []int
					for _, c := range hHouse[h1] {
						if src.cand[c]&(1<<d) != 0 && g.cand[c]&(1<<d) == 0 && !hInHouse[h2][c] {
							parents = append(parents, int(c)*10+d)
						}
					}
					emit(advHint{removes: removalList(cells, &digits), parents: parents})
				}
			}
		}
	}
}

// advNakedSetPair is SE's NakedSet(2) giving every hint: two cells of a
// house with the same two candidates leave them to the house's other
// cells, by blocks, columns, rows.
func advNakedSetPair(g, src *hgrid, emit func(advHint)) {
	const n = 2
	for _, t := range seHouseTypes {
		for k := 0; k < 9; k++ {
			h := 9*t + k
			if g.emptyIn(h) < 2*n {
				continue
			}
			g.nakedSets(h, n, func(combo, union uint16) bool {
				var cells []int
				var digits [81]uint16
				for j, c := range hHouse[h] {
					if combo&(1<<j) != 0 {
						continue
					}
					for m := g.cand[c] & union; m != 0; m &= m - 1 {
						mapAdd(&cells, &digits, int(c), bits.TrailingZeros16(m))
					}
				}
				if len(cells) == 0 {
					return true
				}
				var parents []int
				for m := combo; m != 0; m &= m - 1 {
					s := int(hHouse[h][bits.TrailingZeros16(m)])
					for m := src.cand[s] &^ union; m != 0; m &= m - 1 {
						parents = append(parents, s*10+bits.TrailingZeros16(m))
					}
				}
				emit(advHint{removes: removalList(cells, &digits), parents: parents})
				return true
			})
		}
	}
}

// advHiddenPair is SE's HiddenSet(2) giving every hint.
func advHiddenPair(g, src *hgrid, emit func(advHint)) {
	const n = 2
	for _, t := range seHouseTypes {
		for k := 0; k < 9; k++ {
			h := 9*t + k
			if g.emptyIn(h) <= 2*n {
				continue
			}
			g.hiddenSets(h, n, func(digs, union uint16) bool {
				var cells []int
				var digits [81]uint16
				for j, c := range hHouse[h] {
					if union&(1<<j) == 0 {
						continue
					}
					for m := g.cand[c] &^ digs; m != 0; m &= m - 1 {
						mapAdd(&cells, &digits, int(c), bits.TrailingZeros16(m))
					}
				}
				if len(cells) == 0 {
					return true
				}
				var parents []int
				for j, c := range hHouse[h] {
					if union&(1<<j) != 0 {
						continue
					}
					for m := digs; m != 0; m &= m - 1 {
						d := bits.TrailingZeros16(m)
						if src.cand[c]&(1<<d) != 0 {
							parents = append(parents, int(c)*10+d)
						}
					}
				}
				emit(advHint{removes: removalList(cells, &digits), parents: parents})
				return true
			})
		}
	}
}

// advXWing is SE's Fisherman(2) giving every hint.
func advXWing(g, src *hgrid, emit func(advHint)) {
	g.fishSets(2, func(base, cover int, combo uint16, d int, union uint16) bool {
		var cells []int
		var digits [81]uint16
		for m := union; m != 0; m &= m - 1 {
			h := 9*cover + bits.TrailingZeros16(m)
			for j, c := range hHouse[h] {
				if combo&(1<<j) == 0 && g.cand[c]&(1<<d) != 0 {
					mapAdd(&cells, &digits, int(c), d)
				}
			}
		}
		if len(cells) == 0 {
			return true
		}
		var parents []int
		for m := combo; m != 0; m &= m - 1 {
			h := 9*base + bits.TrailingZeros16(m)
			for j, c := range hHouse[h] {
				if src.cand[c]&(1<<d) != 0 && g.cand[c]&(1<<d) == 0 && union&(1<<j) == 0 {
					parents = append(parents, int(c)*10+d)
				}
			}
		}
		emit(advHint{removes: removalList(cells, &digits), parents: parents})
		return true
	})
}

// advRules are the simple techniques a chain of level 1 and up asks, as
// SE asks them on a grid of plain Sudoku: pointing and claiming, hidden
// pair, naked pair, X-Wing.
var advRules = []func(g, src *hgrid, emit func(advHint)){advLocking, advHiddenPair, advNakedSetPair, advXWing}

// Kinds of an inner chaining step, for the candidates it depends on.
const (
	nestPlain  int8 = iota // forcing chain, double or contradiction: its roots have no cause
	nestCycle              // bidirectional cycle: its reversed chain is a target too
	nestCell               // cell forcing chains: the roots stand for the cell's naked single
	nestRegion             // + the house type: the roots stand for the house's hidden single
)

// A nestRef is an inner chaining step that removed candidates of an outer
// chain: its complexity, and its whole chains as a key (SE's FullChain:
// two steps with the same targets and the same chains count once).
type nestRef struct {
	complexity int
	key        uint64
}

// innerHint is a step of an inner chaining technique: what it removes (in
// SE's order), the "on" states of its chains that the outer chain's
// removals they stand on are read from (c*8+cause, in SE's order), and
// itself.
type innerHint struct {
	h       chainHint
	removes []int
	needs   []int32
	nest    nestRef
}

// innerCache keeps the steps of the inner forcing chains and cycles by the
// grid they were found on: level 3 asks them on the grids that level 2
// asked them on before, for the same position.
type innerCache struct {
	fc map[[81]uint16][]innerHint
}

// Inner chaining techniques of the nested levels.
const (
	innerFC  = iota // forcing chains and cycles (level 2 and up)
	innerMFC        // multiple forcing chains (level 3)
	innerDFC        // dynamic forcing chains of level nestLimit (level 4)
)

// advanced returns the "off" states that the advanced techniques of the
// chainer's level find on the grid as the chain has left it, each with its
// parents; the first technique that finds any is the only one asked. From
// level 2 whole chaining techniques follow the simple ones, and the step
// each removal comes from is kept for the outer chain's complexity.
func (ch *chainer) advanced(g, src *hgrid, offs *potSet) []int32 {
	rules := advRules
	var out []int32
	add := func(removes, parents []int, nest int32) {
		var ps []int32
		for _, p := range parents {
			if n := offs.get(p); n >= 0 {
				ps = append(ps, n)
			}
		}
		for _, r := range removes {
			n := ch.node(r, false, causeAdvanced, -1)
			if len(ps) > 0 {
				ch.nodes[n].p0 = ps[0]
				for _, p := range ps[1:] {
					ch.addParent(n, p)
				}
			}
			if nest >= 0 {
				if ch.nestOf == nil {
					ch.nestOf = make(map[int32]int32)
				}
				ch.nestOf[n] = nest
			}
			out = append(out, n)
		}
	}
	for _, rule := range rules {
		rule(g, src, func(h advHint) {
			if len(h.parents) > 0 {
				add(h.removes, h.parents, -1)
			}
		})
		if len(out) > 0 {
			return out
		}
	}
	var inner []int
	switch {
	case ch.level == 2:
		inner = []int{innerFC}
	case ch.level == 3:
		inner = []int{innerFC, innerMFC}
	case ch.level >= 4:
		inner = []int{innerDFC}
	}
	for _, kind := range inner {
		var hints []innerHint
		if c := g.nested; kind == innerFC && c != nil {
			var ok bool
			if hints, ok = c.fc[g.cand]; !ok {
				hints = ch.innerHints(kind)
				c.fc[g.cand] = hints
			}
		} else {
			hints = ch.innerHints(kind)
		}
		for _, ih := range hints {
			parents := ruleParents(ih.needs, src, g)
			if len(parents) == 0 {
				continue
			}
			ch.nests = append(ch.nests, ih.nest)
			add(ih.removes, parents, int32(len(ch.nests)-1))
		}
		if len(out) > 0 {
			return out
		}
	}
	return nil
}

// innerHints runs an inner chaining technique on the grid as the outer
// chain has left it (ch.g) and returns every step it finds, sorted as SE
// sorts them.
func (ch *chainer) innerHints(kind int) []innerHint {
	in := newChainer(ch.g)
	var out []innerHint
	in.collect = func(h chainHint, targets []int32, removes []int, k int8) {
		out = append(out, innerHint{h: h, removes: removes,
			needs: in.ruleNeeds(targets, k), nest: nestRef{h.complexity, in.chainKey(targets, k)}})
	}
	switch kind {
	case innerFC:
		in.unaryScan()
	case innerMFC:
		in.setForcing(true, false, false, 0)
		in.cellScan()
	default:
		in.setForcing(true, true, false, ch.nestLimit)
		in.cellScan()
	}
	in.done()
	sort.SliceStable(out, func(i, j int) bool { return out[i].h.less(out[j].h) })
	return out
}

// cyclePath returns the nodes of a cycle from its root to dst's parent.
func (ch *chainer) cyclePath(dst int32) []int32 {
	var path []int32
	for p := ch.nodes[dst].p0; p >= 0; p = ch.nodes[p].p0 {
		path = append(path, p)
	}
	for i, j := 0, len(path)-1; i < j; i, j = i+1, j-1 {
		path[i], path[j] = path[j], path[i]
	}
	return path
}

// ruleNeeds lists the "on" states of an inner step's chains, with their
// causes, in SE's order (breadth first from each target, then the
// reversed chain of a cycle, each state flipped with its cause kept): the
// outer chain's removals that the step depends on are read from them.
func (ch *chainer) ruleNeeds(targets []int32, kind int8) []int32 {
	var out []int32
	for _, t := range targets {
		ch.bfsStates(t, func(x int32) {
			nd := &ch.nodes[x]
			if !nd.on {
				return
			}
			cause := nd.cause
			if nd.p0 < 0 {
				switch {
				case kind == nestCell:
					cause = causeNaked
				case kind >= nestRegion:
					cause = causeBlock + kind - nestRegion
				}
			}
			if cause != causeNone {
				out = append(out, int32(nd.c)*8+int32(cause))
			}
		})
	}
	if kind == nestCycle {
		for _, p := range ch.cyclePath(targets[0]) {
			if nd := &ch.nodes[p]; !nd.on && nd.cause != causeNone {
				out = append(out, int32(nd.c)*8+int32(nd.cause))
			}
		}
	}
	return out
}

// ruleParents are the "off" states of the outer chain (removed from src
// in cur) that an inner step depends on, in SE's order: for each "on"
// state it needs, the candidates removed from its cell (a naked single)
// or of its digit from its house (a hidden single).
func ruleParents(needs []int32, src, cur *hgrid) []int {
	var out []int
	var seen [810]bool
	for _, n := range needs {
		c, cause := int(n/8), int8(n%8)
		cell, d := c/10, c%10
		switch {
		case cause == causeNaked:
			for m := src.cand[cell] &^ cur.cand[cell]; m != 0; m &= m - 1 {
				k := cell*10 + bits.TrailingZeros16(m)
				if !seen[k] {
					seen[k] = true
					out = append(out, k)
				}
			}
		case cause >= causeBlock && cause <= causeCol:
			for _, x := range hHouse[hCellHouse[cell][cause-causeBlock]] {
				if src.cand[x]&(1<<d) != 0 && cur.cand[x]&(1<<d) == 0 {
					k := int(x)*10 + d
					if !seen[k] {
						seen[k] = true
						out = append(out, k)
					}
				}
			}
		}
	}
	return out
}

// chainKey hashes an inner step's targets and the states of their chains
// in breadth-first order (FNV-1a).
func (ch *chainer) chainKey(targets []int32, kind int8) uint64 {
	h := uint64(14695981039346656037)
	mix := func(v int) {
		h ^= uint64(v)
		h *= 1099511628211
	}
	for _, t := range targets {
		mix(5000 + ch.key(t))
		ch.bfsStates(t, func(x int32) { mix(ch.key(x)) })
	}
	if kind == nestCycle {
		path := ch.cyclePath(targets[0])
		mix(5000 + potKey(int(ch.nodes[path[0]].c), false))
		for _, p := range path {
			mix(potKey(int(ch.nodes[p].c), !ch.nodes[p].on))
		}
	}
	return h
}

// nestedComplexity sums the complexities of the distinct inner steps that
// the chains to targets went through (SE's getNestedComplexity).
func (ch *chainer) nestedComplexity(targets []int32) int {
	if len(ch.nests) == 0 {
		return 0
	}
	var seen []uint64
	sum := 0
	for _, t := range targets {
		ch.bfsStates(t, func(x int32) {
			i, ok := ch.nestOf[x]
			if !ok {
				return
			}
			r := ch.nests[i]
			for _, k := range seen {
				if k == r.key {
					return
				}
			}
			seen = append(seen, r.key)
			sum += r.complexity
		})
	}
	return sum
}

// removalKeys is what a chain's result removes, as c*10+d: for "c is d",
// the cell's other candidates; for "c is not d", d.
func (ch *chainer) removalKeys(c int, on bool) []int {
	if !on {
		return []int{c}
	}
	cell, d := c/10, c%10
	var out []int
	for m := ch.g.cand[cell] &^ (1 << d); m != 0; m &= m - 1 {
		out = append(out, cell*10+bits.TrailingZeros16(m))
	}
	return out
}

// cycleRemovals puts a cycle's removals (in the order found) in the order
// of SE's map of them.
func cycleRemovals(el []Candidate) []int {
	var cells []int
	var digits [81]uint16
	for _, e := range el {
		mapAdd(&cells, &digits, e.Cell, e.Digit)
	}
	return removalList(cells, &digits)
}

// nestedForcingChains is SE's Chaining(true, true, false, level, false,
// limit): dynamic forcing chains whose implications, when the direct ones
// run out, come from simple techniques and, by level, forcing chains (2),
// multiple forcing chains (3) or dynamic forcing chains of level limit (4).
func (g *hgrid) nestedForcingChains(level, limit int) (Step, bool) {
	switch level {
	case 2: // a new position: the last one's cache is of no use
		g.nested = &innerCache{fc: make(map[[81]uint16][]innerHint)}
	case 4: // level 4 asks no forcing chains
		g.nested = nil
	}
	ch := newChainer(g)
	ch.setForcing(true, true, false, level)
	ch.nestLimit = limit
	ch.cellScan()
	st, ok := ch.bestStep, ch.found
	ch.done()
	return st, ok
}
