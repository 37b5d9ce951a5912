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

// advVLocking is SE's generalized intersection: a digit with 2 to 6 places
// in a house leaves every cell that sees them all.
func advVLocking(g, src *hgrid, emit func(advHint)) {
	for t := 0; t < 3; t++ { // blocks, rows, columns
		for d := 1; d <= 9; d++ {
			for k := 0; k < 9; k++ {
				h := 9*t + k
				pos := g.positions(h, d)
				n := pop(pos)
				if n < 2 || n > 6 {
					continue
				}
				var cells []int
				var digits [81]uint16
				for c := 0; c < 81; c++ {
					if g.cand[c]&(1<<d) == 0 || hInHouse[h][c] {
						continue
					}
					all := true
					for m := pos; m != 0; m &= m - 1 {
						if !hSees(c, int(hHouse[h][bits.TrailingZeros16(m)])) {
							all = false
							break
						}
					}
					if all {
						mapAdd(&cells, &digits, c, d)
					}
				}
				if len(cells) == 0 {
					continue
				}
				var parents []int
				for j, c := range hHouse[h] {
					if pos&(1<<j) == 0 && src.cand[c]&(1<<d) != 0 {
						parents = append(parents, int(c)*10+d)
					}
				}
				emit(advHint{removes: removalList(cells, &digits), parents: parents})
			}
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
			g.hiddenSets(h, n, func(digs, union uint16, _ *[10]uint16) bool {
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

// advNakedPair is SE's NakedSetGen(2) giving every hint: each digit of
// the pair leaves the cells that see every cell of the pair holding it.
func advNakedPair(g, src *hgrid, emit func(advHint)) {
	const n = 2
	for _, t := range seHouseTypes {
		for k := 0; k < 9; k++ {
			h := 9*t + k
			if g.emptyIn(h) < 2*n {
				continue
			}
			for combo, ok := uint16(1)<<n-1, true; ok; combo, ok = nextCombo(combo) {
				var union uint16
				good := true
				var set []int
				for m := combo; m != 0; m &= m - 1 {
					c := int(hHouse[h][bits.TrailingZeros16(m)])
					set = append(set, c)
					if pop(g.cand[c]) <= 1 {
						good = false
						break
					}
					union |= g.cand[c]
				}
				if !good || pop(union) != n {
					continue
				}
				var cells []int
				var digits [81]uint16
				for m := union; m != 0; m &= m - 1 {
					d := bits.TrailingZeros16(m)
					for c := 0; c < 81; c++ {
						if g.cand[c]&(1<<d) == 0 {
							continue
						}
						all := true
						for _, s := range set {
							if g.cand[s]&(1<<d) != 0 && (s == c || !hSees(c, s)) {
								all = false
								break
							}
						}
						if all {
							mapAdd(&cells, &digits, c, d)
						}
					}
				}
				if len(cells) == 0 {
					continue
				}
				var parents []int
				for _, s := range set {
					for m := src.cand[s] &^ union; m != 0; m &= m - 1 {
						parents = append(parents, s*10+bits.TrailingZeros16(m))
					}
				}
				emit(advHint{removes: removalList(cells, &digits), parents: parents})
			}
		}
	}
}

// advXWing is SE's Fisherman(2) giving every hint.
func advXWing(g, src *hgrid, emit func(advHint)) {
	const n = 2
	var placed [10]int
	for _, v := range g.val {
		placed[v]++
	}
	for _, base := range [2]int{2, 1} {
		cover := 3 - base
		for combo, ok := uint16(1)<<n-1, true; ok; combo, ok = nextCombo(combo) {
			for d := 1; d <= 9; d++ {
				if placed[d]+2*n > 9 {
					continue
				}
				var union uint16
				good := true
				for m := combo; m != 0; m &= m - 1 {
					p := g.positions(9*base+bits.TrailingZeros16(m), d)
					if pop(p) <= 1 {
						good = false
						break
					}
					union |= p
				}
				if !good || pop(union) != n {
					continue
				}
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
					continue
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
			}
		}
	}
}

// advanced returns the "off" states that the advanced techniques of the
// chainer's level find on the grid as the chain has left it, each with its
// parents; the first technique that finds any is the only one asked.
func (ch *chainer) advanced(g, src *hgrid, offs *potSet) []int32 {
	rules := []func(g, src *hgrid, emit func(advHint)){advVLocking, advHiddenPair, advNakedPair, advXWing}
	var out []int32
	for _, rule := range rules {
		rule(g, src, func(h advHint) {
			if len(h.parents) == 0 {
				return
			}
			var ps []int32
			for _, p := range h.parents {
				if n := offs.get(p); n >= 0 {
					ps = append(ps, n)
				}
			}
			for _, r := range h.removes {
				n := ch.node(r, false, causeAdvanced, -1)
				if len(ps) > 0 {
					ch.nodes[n].p0 = ps[0]
					for _, p := range ps[1:] {
						ch.addParent(n, p)
					}
				}
				out = append(out, n)
			}
		})
		if len(out) > 0 {
			return out
		}
	}
	return nil
}
