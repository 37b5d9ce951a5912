package sudoku

import (
	"math/bits"
	"sort"
)

// The pattern techniques of the human-style solver: XY- and XYZ-Wing,
// unique rectangles and loops, BUG, and aligned pair and triplet
// exclusion, each searched in SE's order.

// xyWing finds a pivot cell xy (xyz: three candidates) that sees two
// bivalue cells xz and yz: z leaves every cell that sees both wings (and,
// for XYZ, the pivot). XY-Wing 4.2, XYZ-Wing 4.4.
func (g *hgrid) xyWing(xyz bool) (Step, bool) {
	size := 2
	if xyz {
		size = 3
	}
	for i := 0; i < 81; i++ {
		xy := g.cand[i]
		if pop(xy) != size {
			continue
		}
		// The wings are the pivot's bivalue peers, in peer order.
		var wingsAt [20]uint8
		wings := wingsAt[:0]
		for _, p := range hPeers[i] {
			if pop(g.cand[p]) == 2 {
				wings = append(wings, p)
			}
		}
		for _, a := range wings {
			xz := g.cand[a]
			if pop(xy&^xz) != 1 {
				continue
			}
			for _, b := range wings {
				yz := g.cand[b]
				if pop(xy|xz|yz) != 3 {
					continue
				}
				inter := pop(xy & xz & yz)
				if (xyz && inter != 1) || (!xyz && inter != 0) {
					continue
				}
				z := bits.TrailingZeros16(xz & yz)
				// z leaves the cells, in order, that see both wings (and
				// the pivot, for XYZ); the step is made only if there are some.
				see := hPeerSet[a].and(hPeerSet[b])
				if xyz {
					see = see.and(hPeerSet[i])
				}
				var at [81]int
				el := at[:0]
				for k := 0; k < 2; k++ {
					for m := see[k]; m != 0; m &= m - 1 {
						c := 64*k + bits.TrailingZeros64(m)
						if c != i && g.cand[c]&(1<<z) != 0 {
							el = append(el, c)
						}
					}
				}
				if len(el) == 0 {
					continue
				}
				st := Step{Technique: "XY-Wing", se: 4.2, Digits: digitsOf(xy | xz | yz), Cells: []int{i, int(a), int(b)}}
				if xyz {
					st.Technique, st.se = "XYZ-Wing", 4.4
				}
				for _, c := range el {
					st.Eliminations = append(st.Eliminations, Candidate{c, z})
				}
				return st, true
			}
		}
	}
	return Step{}, false
}

// ulHint is a unique loop step with SE's sort keys.
type ulHint struct {
	st  Step
	typ int
}

// uniqueLoops finds unique rectangles and loops of types 1 to 4 in SE's
// way: loops of cells that all hold the same two digits (at most two cells
// with more), found from each bivalue cell; the steps found are sorted by
// difficulty, then type, and the first is taken. A rectangle is 4.5, a loop
// of 6, 8, 10+ cells 4.6, 4.7, 5.0; type 3 adds 0.1 for each digit of its
// naked set past the first (hidden set: each cell past the first).
func (g *hgrid) uniqueLoops() (Step, bool) {
	var hints []ulHint
	ls := &loopSearch{}
	if g.memo != nil {
		ls = &g.memo.loops
	}
	ls.g = g
	for i := 0; i < 81; i++ {
		if pop(g.cand[i]) != 2 {
			continue
		}
		v1 := bits.TrailingZeros16(g.cand[i])
		v2 := bits.TrailingZeros16(g.cand[i] &^ (1 << v1))
		ls.v1, ls.v2, ls.cells, ls.ends = v1, v2, ls.cells[:0], ls.ends[:0]
		ls.from(i, 2, 0, -1)
		for k, end := range ls.ends {
			start := 0
			if k > 0 {
				start = ls.ends[k-1]
			}
			var lpAt [81]int
			lp := lpAt[:0]
			for _, c := range ls.cells[start:end] {
				lp = append(lp, int(c))
			}
			if !validLoop(lp) {
				continue
			}
			var extra []int
			for _, c := range lp {
				if pop(g.cand[c]) > 2 {
					extra = append(extra, c)
				}
			}
			base := 4.5
			if len(lp) >= 10 {
				base += 0.3
			}
			if len(lp) >= 8 {
				base += 0.2
			} else if len(lp) >= 6 {
				base += 0.1
			}
			mk := func(typ int, se float64) Step {
				name := "Unique Rectangle"
				if len(lp) > 4 {
					name = "Unique Loop"
				}
				return Step{Technique: name + " type " + string(rune('0'+typ)), se: se,
					Digits: []int{v1, v2}, Cells: append([]int(nil), lp...)}
			}
			both := uint16(1)<<v1 | 1<<v2
			switch {
			case len(extra) == 1:
				st := mk(1, base)
				st.Eliminations = []Candidate{{extra[0], v1}, {extra[0], v2}}
				hints = append(hints, ulHint{st, 1})
			case len(extra) > 2:
				if st, ok := g.ulType2(mk(2, base), extra, both); ok {
					hints = append(hints, ulHint{st, 2})
				}
			case len(extra) == 2:
				c1, c2 := extra[0], extra[1]
				rest := (g.cand[c1] | g.cand[c2]) &^ both
				if pop(rest) == 1 {
					if st, ok := g.ulType2(mk(2, base), extra, both); ok {
						hints = append(hints, ulHint{st, 2})
					}
				} else if pop(rest) >= 2 {
					for _, st := range g.ulType3(mk(3, base), c1, c2, v1, v2) {
						hints = append(hints, ulHint{st, 3})
					}
				}
				if st, ok := g.ulType4(mk(4, base), c1, c2, v1, v2); ok {
					hints = append(hints, ulHint{st, 4})
				}
			}
		}
	}
	if len(hints) == 0 {
		return Step{}, false
	}
	sort.SliceStable(hints, func(a, b int) bool {
		if hints[a].st.se != hints[b].st.se {
			return hints[a].st.se < hints[b].st.se
		}
		return hints[a].typ < hints[b].typ
	})
	return hints[0].st, true
}

// loopSearch finds the loops of two digits from a cell, as uniqueLoops
// wants them: loop is the path so far (in, its cells as a set); the loops
// found follow each other in cells, the k-th ending at ends[k].
type loopSearch struct {
	g      *hgrid
	v1, v2 int
	loop   []int
	in     cellSet
	cells  []uint8
	ends   []int
}

// from extends the loop by cell in SE's depth-first way: the next cell
// shares a house of another kind than the last link, holds both digits,
// and has no extra digit unless the loop may still take one (two cells
// with extras in all, or any number sharing one extra digit). The cells of
// a house that hold both digits are taken in the house's order, as SE
// takes them.
func (s *loopSearch) from(cell int, allowedEx int, exValues uint16, lastType int) {
	g := s.g
	s.loop = append(s.loop, cell)
	s.in.add(cell)
	both := uint16(1)<<s.v1 | 1<<s.v2
	for t := 0; t < 3; t++ {
		if t == lastType {
			continue
		}
		h := hCellHouse[cell][t]
		for m := g.hpos[h][s.v1] & g.hpos[h][s.v2]; m != 0; m &= m - 1 {
			next := int(hHouse[h][bits.TrailingZeros16(m)])
			if next == s.loop[0] && len(s.loop) >= 4 {
				for _, c := range s.loop {
					s.cells = append(s.cells, uint8(c))
				}
				s.ends = append(s.ends, len(s.cells))
				continue
			}
			if s.in.has(next) {
				continue
			}
			p := g.cand[next]
			newEx := (exValues | p) &^ both
			if pop(p) == 2 || pop(newEx) == 1 || allowedEx > 0 {
				na := allowedEx
				if pop(p) > 2 {
					na--
				}
				s.from(next, na, newEx, t)
			}
		}
	}
	s.loop = s.loop[:len(s.loop)-1]
	s.in[cell>>6] &^= 1 << (cell & 63)
}

func containsInt(a []int, x int) bool {
	for _, v := range a {
		if v == x {
			return true
		}
	}
	return false
}

// validLoop reports whether every house the loop visits is visited by
// exactly two of its cells, one at an even and one at an odd position.
func validLoop(lp []int) bool {
	var odd, even [27]bool
	for k, c := range lp {
		for t := 0; t < 3; t++ {
			h := hCellHouse[c][t]
			set := &even
			if k%2 == 1 {
				set = &odd
			}
			if set[h] {
				return false
			}
			set[h] = true
		}
	}
	return odd == even
}

// ulType2: the cells with extras share one extra digit, which leaves every
// cell that sees them all.
func (g *hgrid) ulType2(st Step, extra []int, both uint16) (Step, bool) {
	v := bits.TrailingZeros16(g.cand[extra[0]] &^ both)
	for c := 0; c < 81; c++ {
		if containsInt(extra, c) || g.cand[c]&(1<<v) == 0 {
			continue
		}
		all := true
		for _, e := range extra {
			if !hSees(c, e) {
				all = false
				break
			}
		}
		if all {
			st.Eliminations = append(st.Eliminations, Candidate{c, v})
		}
	}
	return st, len(st.Eliminations) > 0
}

// ulType4: one of the loop's digits is locked in a house shared by the two
// cells with extras, so the other digit leaves both.
func (g *hgrid) ulType4(st Step, c1, c2, v1, v2 int) (Step, bool) {
	lock := -1
	var r1, r2 = -1, -1
	for t := 0; t < 3; t++ {
		h := int(hCellHouse[c1][t])
		if h != int(hCellHouse[c2][t]) {
			continue
		}
		has1, has2 := false, false
		for _, c := range hHouse[h] {
			if int(c) == c1 || int(c) == c2 {
				continue
			}
			has1 = has1 || g.cand[c]&(1<<v1) != 0
			has2 = has2 || g.cand[c]&(1<<v2) != 0
		}
		if !has1 {
			r1 = h
		}
		if !has2 {
			r2 = h
		}
	}
	rem := 0
	switch {
	case r1 >= 0:
		lock, rem = r1, v2
	case r2 >= 0:
		lock, rem = r2, v1
	default:
		return Step{}, false
	}
	st.Houses = []string{houseName(lock)}
	st.Eliminations = []Candidate{{c1, rem}, {c2, rem}}
	sortCands(st.Eliminations)
	return st, true
}

// ulType3 finds the type 3 steps of a loop whose two cells with extras, c1
// and c2, share a house: their extras with other cells of the house make a
// naked set, or the loop digits with others a hidden set, in SE's order.
func (g *hgrid) ulType3(proto Step, c1, c2, v1, v2 int) []Step {
	var out []Step
	both := uint16(1)<<v1 | 1<<v2
	extra := (g.cand[c1] | g.cand[c2]) &^ both
	for degree := 2; degree <= 7; degree++ {
		for t := 0; t < 3; t++ {
			h := int(hCellHouse[c1][t])
			if h != int(hCellHouse[c2][t]) {
				continue
			}
			empty := g.emptyIn(h)
			index1, index2 := houseIndex(h, c1), houseIndex(h, c2)
			if degree*2 <= empty && degree >= pop(extra) {
				for combo, ok := uint16(1)<<degree-1, true; ok; combo, ok = nextComboN(combo, 9) {
					if combo&(1<<index1) == 0 || combo&(1<<index2) != 0 {
						continue
					}
					naked := extra & g.cand[c1] & g.cand[c2]
					var othersAt [9]int
					others := othersAt[:0]
					good := true
					var union uint16
					for m := combo; m != 0; m &= m - 1 {
						j := bits.TrailingZeros16(m)
						p := extra
						if j != index1 {
							c := int(hHouse[h][j])
							p = g.cand[c]
							naked |= p
							others = append(others, c)
						}
						if pop(p) <= 1 {
							good = false
						}
						union |= p
					}
					if pop(naked) != degree || !good || pop(union) != degree {
						continue
					}
					// The eliminations first: the step is made only if there
					// are some.
					holders := append(others, c1, c2)
					var elAt [81]Candidate
					el := elAt[:0]
					for m := union; m != 0; m &= m - 1 {
						el = g.seenByAll(holders, bits.TrailingZeros16(m), el)
					}
					if len(el) == 0 {
						continue
					}
					st := cloneStep(proto)
					st.se += float64(degree-1) * 0.1
					st.Houses = []string{houseName(h)}
					st.Detail = "naked set " + digitList(union) + " with " + cellList(others)
					st.Eliminations = append(st.Eliminations, el...)
					sortCands(st.Eliminations)
					out = append(out, st)
				}
			}
			if degree*2 < empty {
				var remAt [9]int
				rem := remAt[:0]
				for v := 1; v <= 9; v++ {
					if v != v1 && v != v2 && extra&(1<<v) == 0 {
						rem = append(rem, v)
					}
				}
				if degree-2 > len(rem) {
					continue
				}
				for combo, ok := uint16(1)<<(degree-2)-1, true; ok; combo, ok = nextComboN(combo, len(rem)) {
					values := both
					for m := combo; m != 0; m &= m - 1 {
						values |= 1 << rem[bits.TrailingZeros16(m)]
					}
					var union uint16
					good := true
					for m := values; m != 0; m &= m - 1 {
						p := g.positions(h, bits.TrailingZeros16(m)) &^ (1 << index2)
						if p == 0 {
							good = false
						}
						union |= p
					}
					if !good || pop(union) != degree {
						continue
					}
					union &^= 1<<index1 | 1<<index2
					removes := false
					for m := union; m != 0 && !removes; m &= m - 1 {
						removes = g.cand[hHouse[h][bits.TrailingZeros16(m)]]&^values != 0
					}
					if !removes {
						continue
					}
					st := cloneStep(proto)
					st.se += float64(pop(union)-1) * 0.1
					st.Houses = []string{houseName(h)}
					var cells []int
					for j, c := range hHouse[h] {
						if union&(1<<j) == 0 {
							continue
						}
						cells = append(cells, int(c))
						for _, v := range digitsOf(g.cand[c] &^ values) {
							st.Eliminations = append(st.Eliminations, Candidate{int(c), v})
						}
					}
					st.Detail = "hidden set " + digitList(values) + " with " + cellList(cells)
					if len(st.Eliminations) > 0 {
						out = append(out, st)
					}
				}
			}
		}
	}
	return out
}

func houseIndex(h, c int) int {
	for j, x := range hHouse[h] {
		if int(x) == c {
			return j
		}
	}
	return -1
}

func cloneStep(s Step) Step {
	s.Cells = append([]int(nil), s.Cells...)
	s.Digits = append([]int(nil), s.Digits...)
	s.Houses = append([]string(nil), s.Houses...)
	s.Eliminations = append([]Candidate(nil), s.Eliminations...)
	return s
}

func sortCands(a []Candidate) {
	sort.Slice(a, func(i, j int) bool {
		if a[i].Cell != a[j].Cell {
			return a[i].Cell < a[j].Cell
		}
		return a[i].Digit < a[j].Digit
	})
}

func digitList(m uint16) string {
	out := ""
	for i, d := range digitsOf(m) {
		if i > 0 {
			out += ","
		}
		out += string(rune('0' + d))
	}
	return out
}

func cellList(cells []int) string {
	out := ""
	for i, c := range cells {
		if i > 0 {
			out += ", "
		}
		out += cellName(9, c)
	}
	return out
}

// nextComboN steps a k-of-n combination mask in increasing numeric order;
// the empty combination (k = 0) has no successor.
func nextComboN(m uint16, n int) (uint16, bool) {
	if m == 0 {
		return 0, false
	}
	low := m & -m
	ripple := m + low
	ones := ((m ^ ripple) >> 2) / low
	next := ripple | ones
	return next, next < 1<<n
}

// bug finds a Bivalue Universal Grave in SE's way: every house would hold
// each digit 0 or 2 times and every cell two candidates, but for the extra
// digits of a few cells; one of those must be true. Type 1 (one such cell,
// its other candidates go) 5.6; types 2 and 4 5.7; type 3 (a naked set with
// the extras) 5.7 + 0.1 per digit of the set past the first.
func (g *hgrid) bug() (Step, bool) {
	temp := g.cand
	var bugCells []int
	var bugValues [81]uint16
	var allBug uint16
	var common [81]bool
	haveCommon := false
	var allExtra [81]bool
	haveExtra, oneValue, onlyValue := false, true, 0
	inBug := func(c int) bool { return containsInt(bugCells, c) }
	addCommon := func(c int) bool {
		var seen [81]bool
		for _, p := range hPeers[c] {
			seen[p] = true
		}
		if !haveCommon {
			common, haveCommon = seen, true
		} else {
			for k := range common {
				common[k] = common[k] && seen[k]
			}
		}
		empty := true
		for k := range common {
			if common[k] && inBug(k) {
				common[k] = false
			}
			if common[k] {
				empty = false
			}
		}
		return !(len(bugCells) > 1 && pop(allBug) > 1 && empty)
	}
	for t := 0; t < 3; t++ {
		for k := 0; k < 9; k++ {
			h := 9*t + k
			for v := 1; v <= 9; v++ {
				pos := g.positions(h, v)
				if n := pop(pos); n == 0 || n == 2 {
					continue
				}
				var newBugAt [9]int
				newBug := newBugAt[:0]
				for j, c := range hHouse[h] {
					if pos&(1<<j) != 0 && pop(g.cand[c]) >= 3 {
						newBug = append(newBug, int(c))
					}
				}
				if !haveExtra {
					haveExtra, onlyValue = true, v
					for _, c := range newBug {
						allExtra[c] = true
					}
				} else if oneValue {
					if onlyValue == v {
						for _, c := range newBug {
							allExtra[c] = true
						}
					} else {
						oneValue = false
					}
				}
				if len(newBug) == 1 {
					c := newBug[0]
					if !inBug(c) {
						bugCells = append(bugCells, c)
					}
					bugValues[c] |= 1 << v
					allBug |= 1 << v
					temp[c] &^= 1 << v
					if !addCommon(c) {
						return Step{}, false
					}
				}
				if len(newBug) == 0 {
					return Step{}, false
				}
			}
		}
	}
	if oneValue && haveExtra {
		n := 0
		for c := range allExtra {
			if allExtra[c] {
				n++
			}
		}
		if n > len(bugCells) {
			for c := 0; c < 81; c++ {
				if !allExtra[c] || inBug(c) {
					continue
				}
				bugCells = append(bugCells, c)
				bugValues[c] = 1 << onlyValue
				temp[c] &^= 1 << onlyValue
				if !addCommon(c) {
					return Step{}, false
				}
			}
		}
	}
	for i := range temp {
		if g.val[i] == 0 && pop(temp[i]) != 2 {
			return Step{}, false
		}
	}
	for h := 0; h < 27; h++ {
		for v := 1; v <= 9; v++ {
			n := 0
			for _, c := range hHouse[h] {
				if temp[c]&(1<<v) != 0 {
					n++
				}
			}
			if n != 0 && n != 2 {
				return Step{}, false
			}
		}
	}
	cells := append([]int(nil), bugCells...)
	commonEmpty := true
	for k := range common {
		if common[k] {
			commonEmpty = false
		}
	}
	switch {
	case len(bugCells) == 1:
		c := bugCells[0]
		st := Step{Technique: "BUG type 1", se: 5.6, Digits: digitsOf(allBug), Cells: cells}
		for _, d := range digitsOf(g.cand[c] &^ allBug) {
			st.Eliminations = append(st.Eliminations, Candidate{c, d})
		}
		return st, true
	case pop(allBug) == 1:
		v := bits.TrailingZeros16(allBug)
		if haveCommon && !commonEmpty {
			st := Step{Technique: "BUG type 2", se: 5.7, Digits: []int{v}, Cells: cells}
			for c := 0; c < 81; c++ {
				if common[c] && g.cand[c]&(1<<v) != 0 {
					st.Eliminations = append(st.Eliminations, Candidate{c, v})
				}
			}
			if len(st.Eliminations) > 0 {
				return st, true
			}
		}
		if len(bugCells) == 2 {
			return g.bug4(bugCells, &bugValues, allBug)
		}
	case haveCommon && !commonEmpty:
		if len(bugCells) == 2 {
			if st, ok := g.bug4(bugCells, &bugValues, allBug); ok {
				return st, true
			}
		}
		return g.bug3(bugCells, allBug, &common)
	}
	return Step{}, false
}

func (g *hgrid) bug4(bugCells []int, bugValues *[81]uint16, allBug uint16) (Step, bool) {
	c1, c2 := bugCells[0], bugCells[1]
	common := g.cand[c1] & g.cand[c2] &^ allBug
	if pop(common) != 1 {
		return Step{}, false
	}
	v := bits.TrailingZeros16(common)
	for t := 0; t < 3; t++ {
		h := int(hCellHouse[c1][t])
		if h != int(hCellHouse[c2][t]) {
			continue
		}
		st := Step{Technique: "BUG type 4", se: 5.7, Digits: digitsOf(allBug | common), Houses: []string{houseName(h)}, Cells: []int{c1, c2}}
		for _, c := range []int{c1, c2} {
			for _, d := range digitsOf(g.cand[c] &^ bugValues[c] &^ (1 << v)) {
				st.Eliminations = append(st.Eliminations, Candidate{c, d})
			}
		}
		return st, true
	}
	return Step{}, false
}

func (g *hgrid) bug3(bugCells []int, allBug uint16, common *[81]bool) (Step, bool) {
	for degree := 2; degree <= 6; degree++ {
		for t := 0; t < 3; t++ {
			h := int(hCellHouse[bugCells[0]][t])
			shared := true
			for _, c := range bugCells[1:] {
				if int(hCellHouse[c][t]) != h {
					shared = false
				}
			}
			if !shared {
				continue
			}
			var regionCells []int
			for c := 0; c < 81; c++ {
				if common[c] && hInHouse[h][c] {
					regionCells = append(regionCells, c)
				}
			}
			if len(regionCells) < degree {
				continue
			}
			for combo, ok := uint16(1)<<(degree-1)-1, true; ok; combo, ok = nextComboN(combo, len(regionCells)) {
				var naked []int
				var other uint16
				good := pop(allBug) >= 2
				for m := combo; m != 0; m &= m - 1 {
					c := regionCells[bits.TrailingZeros16(m)]
					naked = append(naked, c)
					if pop(g.cand[c]) <= 1 {
						good = false
					}
					other |= g.cand[c]
				}
				if pop(other) != degree || !good || pop(other|allBug) != degree {
					continue
				}
				set := other | allBug
				st := Step{Technique: "BUG type 3", se: 5.7 + float64(pop(set)-1)*0.1, Digits: digitsOf(allBug),
					Houses: []string{houseName(h)}, Cells: append([]int(nil), bugCells...),
					Detail: "naked set " + digitList(set) + " with " + cellList(naked)}
				holders := append(append([]int(nil), naked...), bugCells...)
				for _, v := range digitsOf(set) {
					st.Eliminations = g.seenByAll(holders, v, st.Eliminations)
				}
				if len(st.Eliminations) > 0 {
					sortCands(st.Eliminations)
					return st, true
				}
			}
		}
	}
	return Step{}, false
}

// alignedExclusion finds aligned pair (n = 2, 6.2) and triplet (n = 3,
// 7.5) exclusions in SE's order: for n cells with common excluding cells
// (cells of 2..n candidates that see them all), a candidate that belongs to
// no combination of digits that both leaves every excluding cell a
// candidate and repeats no digit between cells that see each other goes.
//
// With g.memo set, a search that finds nothing keeps the candidates it
// saw; a later search skips every set of cells whose result depends only on
// cells whose candidates are still those (see alignedCache).
func (g *hgrid) alignedExclusion(n int) (Step, bool) {
	var candsAt [81]int
	cands := candsAt[:0]
	var excl [81]cellSet
	var isBase cellSet
	anySingle := false
	// singles: the cells of one candidate; small, of 2..n (the excluders).
	var singles, small cellSet
	for i := 0; i < 81; i++ {
		if k := pop(g.cand[i]); k == 1 {
			singles.add(i)
		} else if k >= 2 && k <= n {
			small.add(i)
		}
	}
	for i := 0; i < 81; i++ {
		if pop(g.cand[i]) < 2 {
			continue
		}
		single := !hPeerSet[i].and(singles).empty()
		ex := hPeerSet[i].and(small)
		anySingle = anySingle || single
		if !single && !ex.empty() {
			cands = append(cands, i)
			excl[i] = ex
			isBase.add(i)
		}
	}
	// dirty: the cells whose candidates differ from those of the last
	// position where this search found nothing (every cell, without one).
	dirty := cellSet{^uint64(0), ^uint64(0)}
	var cache *alignedCache
	if g.memo != nil {
		cache = &g.memo.aligned
	}
	if cache != nil && cache.valid[n] {
		dirty = cellSet{}
		for i := range g.cand {
			if g.cand[i] != cache.cand[n][i] {
				dirty.add(i)
			}
		}
	}
	if st, ok := g.alignedSearch(n, cands, &excl, isBase, dirty); ok {
		return st, true
	}
	if cache != nil && !anySingle {
		cache.valid[n], cache.cand[n] = true, g.cand
	}
	return Step{}, false
}

// alignedCache holds, for aligned pair (n = 2) and triplet (n = 3)
// exclusion, the candidates of the last position in which the search found
// nothing and no cell had a single candidate. A set of base cells and its
// excluding cells gives the same answer wherever those cells hold the same
// candidates: those candidates decide whether the cells are base cells,
// whether a cell excludes, and which combinations are allowed. The set was
// tried in that position (its cells were base cells then, and its excluding
// cells now excluded then) and freed every candidate, with at least the
// excluders it has now; fewer excluders forbid no more. So it finds nothing
// again, and alignedExclusion tries only the sets that touch a changed cell.
type alignedCache struct {
	valid [4]bool
	cand  [4][81]uint16
}

// alignedSearch tries the cell sets of alignedExclusion in SE's order,
// skipping those whose base and excluding cells are all outside dirty.
func (g *hgrid) alignedSearch(n int, cands []int, excl *[81]cellSet, isBase, dirty cellSet) (Step, bool) {
	if len(cands) < n {
		return Step{}, false
	}
	// A pair of cells neither of which changed or excludes with a changed
	// cell has nothing to try (its common excluders and tail cells are
	// among their excluders): the second cell of a pair is any of cands,
	// the first (before it) any when the second is near, else one of near
	// (places in cands, as every is).
	var nearAt, every [81]int
	near := nearAt[:0]
	var isNear [81]bool
	for k, c := range cands {
		every[k] = k
		if dirty.has(c) || !excl[c].and(dirty).empty() {
			near, isNear[k] = append(near, k), true
		}
	}
	var tail []int
	for n2 := 1; n2 < len(cands); n2++ {
		c1 := cands[n2]
		firsts := near
		if isNear[n2] {
			firsts = every[:n2]
		}
		for _, n1 := range firsts {
			if n1 >= n2 {
				break
			}
			c0 := cands[n1]
			both := excl[c0].and(excl[c1])
			if !both.many() {
				// Every set of these two cells has fewer than two
				// excluding cells.
				continue
			}
			pairClean := !dirty.has(c0) && !dirty.has(c1) && both.and(dirty).empty()
			if n == 2 {
				if pairClean {
					continue
				}
				if st, ok := g.alignedTry([]int{c0, c1}, both); ok {
					return st, true
				}
				continue
			}
			// The tail cells: the base cells among the excluders of c0, then
			// of c1, in that order (SE's twin area); with c0, c1 and their
			// common excluders unchanged, only the changed ones.
			only := cellSet{^uint64(0), ^uint64(0)}
			if pairClean {
				only = dirty
			}
			tail = tail[:0]
			b0 := excl[c0].and(isBase).and(only)
			for k := 0; k < 2; k++ {
				for m := b0[k]; m != 0; m &= m - 1 {
					if c := 64*k + bits.TrailingZeros64(m); c != c1 {
						tail = append(tail, c)
					}
				}
			}
			b1 := excl[c1].and(isBase).and(only)
			for k := 0; k < 2; k++ {
				for m := b1[k] &^ excl[c0][k]; m != 0; m &= m - 1 {
					if c := 64*k + bits.TrailingZeros64(m); c != c0 {
						tail = append(tail, c)
					}
				}
			}
			for _, c2 := range tail {
				cs := both.and(excl[c2])
				if !cs.many() {
					continue
				}
				if !dirty.has(c0) && !dirty.has(c1) && !dirty.has(c2) && cs.and(dirty).empty() {
					continue
				}
				if st, ok := g.alignedTry([]int{c0, c1, c2}, cs); ok {
					return st, true
				}
			}
		}
	}
	return Step{}, false
}

// alignedTry tries the 2 or 3 cells with their common excluding cells cs:
// the step that removes the candidates no allowed combination uses, if
// there are any.
func (g *hgrid) alignedTry(cells []int, cs cellSet) (Step, bool) {
	// Only an excluding cell whose candidates all belong to the base cells
	// can forbid a combination. One with two candidates x, y forbids x and
	// y together (pairBad); one with three (only for triplets) forbids the
	// three cells holding exactly its three digits (triples).
	var union uint16
	for _, c := range cells {
		union |= g.cand[c]
	}
	var pairBad [10]uint16
	var triples [20]uint16 // the excluding cells are peers of cells[0]
	nt := 0
	for k := 0; k < 2; k++ {
		for m := cs[k]; m != 0; m &= m - 1 {
			e := g.cand[64*k+bits.TrailingZeros64(m)]
			if e&^union != 0 {
				continue
			}
			if pop(e) == 2 {
				x := bits.TrailingZeros16(e)
				y := bits.TrailingZeros16(e &^ (1 << x))
				pairBad[x] |= 1 << y
				pairBad[y] |= 1 << x
			} else {
				triples[nt] = e
				nt++
			}
		}
	}
	allowed, all := alignedAllowed(g, cells, &pairBad, triples[:nt])
	if all {
		return Step{}, false
	}
	var el []Candidate
	for k, c := range cells {
		for m := g.cand[c] &^ allowed[k]; m != 0; m &= m - 1 {
			el = append(el, Candidate{c, bits.TrailingZeros16(m)})
		}
	}
	if len(el) == 0 {
		return Step{}, false
	}
	st := Step{Technique: "Aligned Pair Exclusion", se: 6.2, Cells: append([]int(nil), cells...), Eliminations: el}
	if len(cells) == 3 {
		st.Technique, st.se = "Aligned Triplet Exclusion", 7.5
	}
	return st, true
}

// alignedAllowed returns, for each of the 2 or 3 cells, the digits that
// belong to at least one combination that repeats no digit between cells
// that see each other, holds no pair x, y of pairBad (y in pairBad[x]) and
// is not the three digits of a mask of triples; all reports that every
// candidate of every cell does (it stops as soon as they do).
func alignedAllowed(g *hgrid, cells []int, pairBad *[10]uint16, triples []uint16) (allowed [3]uint16, all bool) {
	c0, c1 := cells[0], cells[1]
	m0, m1 := g.cand[c0], g.cand[c1]
	var same01 uint16 // all ones when c0 and c1 see each other
	if hSees(c0, c1) {
		same01 = ^uint16(0)
	}
	if len(cells) == 2 {
		for a := m0; a != 0; a &= a - 1 {
			d0 := bits.TrailingZeros16(a)
			b0 := uint16(1) << d0
			if ok1 := m1 &^ pairBad[d0] &^ (b0 & same01); ok1 != 0 {
				allowed[0] |= b0
				allowed[1] |= ok1
			}
		}
		return allowed, allowed[0] == m0 && allowed[1] == m1
	}
	c2 := cells[2]
	m2 := g.cand[c2]
	var same02, same12 uint16
	if hSees(c0, c2) {
		same02 = ^uint16(0)
	}
	if hSees(c1, c2) {
		same12 = ^uint16(0)
	}
	for a := m0; a != 0; a &= a - 1 {
		d0 := bits.TrailingZeros16(a)
		b0 := uint16(1) << d0
		// The digits c1 may take beside d0, and those c2 may take beside
		// d0 whatever c1 holds.
		ok1 := m1 &^ pairBad[d0] &^ (b0 & same01)
		ok2 := m2 &^ pairBad[d0] &^ (b0 & same02)
		for b := ok1; b != 0; b &= b - 1 {
			d1 := bits.TrailingZeros16(b)
			b1 := uint16(1) << d1
			ok := ok2 &^ pairBad[d1] &^ (b1 & same12)
			if d0 != d1 {
				for _, e := range triples {
					if e&(b0|b1) == b0|b1 {
						ok &^= e &^ (b0 | b1)
					}
				}
			}
			if ok != 0 {
				allowed[0] |= b0
				allowed[1] |= b1
				allowed[2] |= ok
			}
		}
		if allowed[0] == m0 && allowed[1] == m1 && allowed[2] == m2 {
			return allowed, true
		}
	}
	return allowed, false
}

// seenByAll appends to el digit v in each cell, in order, that sees every
// cell of holders that has v as a candidate (none when none has it).
func (g *hgrid) seenByAll(holders []int, v int, el []Candidate) []Candidate {
	see, some := cellSet{^uint64(0), ^uint64(0)}, false
	for _, c := range holders {
		if g.cand[c]&(1<<v) != 0 {
			see, some = see.and(hPeerSet[c]), true
		}
	}
	if !some {
		return el
	}
	for k := 0; k < 2; k++ {
		for m := see[k]; m != 0; m &= m - 1 {
			if c := 64*k + bits.TrailingZeros64(m); c < 81 && g.cand[c]&(1<<v) != 0 {
				el = append(el, Candidate{c, v})
			}
		}
	}
	return el
}

// cellSet is a set of cells as a bitset.
type cellSet [2]uint64

func (s *cellSet) add(c int)     { s[c>>6] |= 1 << (c & 63) }
func (s cellSet) has(c int) bool { return s[c>>6]&(1<<(c&63)) != 0 }
func (s cellSet) empty() bool    { return s[0] == 0 && s[1] == 0 }
func (s cellSet) count() int     { return bits.OnesCount64(s[0]) + bits.OnesCount64(s[1]) }

// many reports whether s has two cells or more.
func (s cellSet) many() bool {
	return s[0]&(s[0]-1) != 0 || s[1]&(s[1]-1) != 0 || (s[0] != 0 && s[1] != 0)
}
func (s cellSet) and(t cellSet) cellSet { return cellSet{s[0] & t[0], s[1] & t[1]} }
func (s cellSet) list(out []int) []int {
	for k := 0; k < 2; k++ {
		for m := s[k]; m != 0; m &= m - 1 {
			out = append(out, 64*k+bits.TrailingZeros64(m))
		}
	}
	return out
}

// nextCombo64 steps a k-of-n combination mask (n <= 64) in increasing
// numeric order.
func nextCombo64(m uint64, n int) (uint64, bool) {
	low := m & -m
	ripple := m + low
	ones := ((m ^ ripple) >> 2) / low
	next := ripple | ones
	return next, n == 64 || next < 1<<n
}
