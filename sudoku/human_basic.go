package sudoku

import (
	"fmt"
	"math/bits"
)

// The basic techniques of the human-style solver: singles, the direct
// techniques, intersections, subsets and fish. Each returns the first step
// it finds in SE's search order, or false.

// seHouseTypes is the order in which SE looks through the kinds of house
// for singles and subsets: blocks, columns, rows.
var seHouseTypes = [3]int{0, 2, 1}

// hiddenSingle finds the last empty cell of a house (1.0), then a digit
// with one place left in a block (1.2) or a column or row (1.5).
func (g *hgrid) hiddenSingle() (Step, bool) {
	for _, alone := range [2]bool{true, false} {
		for _, t := range seHouseTypes {
			for k := 0; k < 9; k++ {
				h := 9*t + k
				for d := 1; d <= 9; d++ {
					pos := g.positions(h, d)
					if pop(pos) != 1 {
						continue
					}
					if (g.emptyIn(h) == 1) != alone {
						continue
					}
					c := int(hHouse[h][bits.TrailingZeros16(pos)])
					st := Step{Technique: "Hidden Single", Digits: []int{d}, Houses: []string{houseName(h)},
						Cells: []int{c}, Placements: []Candidate{{c, d}}}
					switch {
					case alone:
						st.Technique, st.se = "Full House", 1.0
					case t == 0:
						st.se = 1.2
					default:
						st.se = 1.5
					}
					return st, true
				}
			}
		}
	}
	return Step{}, false
}

// nakedSingle finds a cell with one candidate left (2.3).
func (g *hgrid) nakedSingle() (Step, bool) {
	for i, c := range g.cand {
		if g.val[i] == 0 && pop(c) == 1 {
			d := bits.TrailingZeros16(c)
			return Step{Technique: "Naked Single", se: 2.3, Digits: []int{d}, Cells: []int{i},
				Placements: []Candidate{{i, d}}}, true
		}
	}
	return Step{}, false
}

// lockingPairs are the (house kind, house kind) pairs SE's intersections
// look at, in its order: block-column, block-row (pointing), column-block,
// row-block (claiming).
var lockingPairs = [4][2]int{{0, 2}, {0, 1}, {2, 0}, {1, 0}}

// locking finds pointing and claiming: a digit whose places in house h1 all
// lie in a crossing house h2 leaves the rest of h2. Direct, it counts only
// when the removal leaves the digit one place in another house of h1's
// kind, which it then fills (Direct Pointing 1.7, Direct Claiming 1.9);
// otherwise Pointing is 2.6 and Claiming 2.8.
func (g *hgrid) locking(direct bool) (Step, bool) {
	slot := 1
	if direct {
		slot = 0
	}
	memo, planes := g.digitMemo(slot)
	skip := memo.same(&planes)
	for _, pr := range lockingPairs {
		t1, t2 := pr[0], pr[1]
		for d := 1; d <= 9; d++ {
			if skip&(1<<d) != 0 {
				continue
			}
			for i1 := 0; i1 < 9; i1++ {
				h1 := 9*t1 + i1
				pos := g.positions(h1, d)
				if pop(pos) < 2 {
					continue
				}
				for i2 := 0; i2 < 9; i2++ {
					h2 := 9*t2 + i2
					if !crosses(h1, h2) || !g.allIn(h1, pos, h2) {
						continue
					}
					if !direct {
						if g.hpos[h2][d]&^hCrossMask[h2][h1] != 0 {
							return g.lockingStep(h1, h2, d), true
						}
						continue
					}
					for i3 := 0; i3 < 9; i3++ {
						h3 := 9*t1 + i3
						if i3 == i1 || !crosses(h3, h2) {
							continue
						}
						pos3 := g.positions(h3, d)
						if pop(pos3) < 2 {
							continue
						}
						left, at := 0, 0
						for j, c := range hHouse[h3] {
							if pos3&(1<<j) != 0 && !hInHouse[h2][c] {
								left++
								at = int(c)
							}
						}
						if left == 1 {
							st := g.lockingStep(h1, h2, d)
							st.Technique, st.se = "Direct Pointing", 1.7
							if t1 != 0 {
								st.Technique, st.se = "Direct Claiming", 1.9
							}
							st.Houses = append(st.Houses, houseName(h3))
							// A direct step only places: the removals are its
							// reason, not applied (as in SE).
							st.Detail = fmt.Sprintf("%d leaves %s, so %s is the last place for %d in %s",
								d, candidateCells(st.Eliminations), cellName(9, at), d, houseName(h3))
							st.Eliminations = nil
							st.Placements = []Candidate{{at, d}}
							return st, true
						}
					}
				}
			}
		}
	}
	memo.nothing(&planes)
	return Step{}, false
}

// allIn reports whether the places pos of house h1 all lie in house h2.
func (g *hgrid) allIn(h1 int, pos uint16, h2 int) bool {
	return pos&^hCrossMask[h1][h2] == 0
}

// lockingStep is the pointing (h1 a block) or claiming step of digit d in
// h1 and h2: d leaves the cells of h2 outside h1.
func (g *hgrid) lockingStep(h1, h2, d int) Step {
	st := Step{Technique: "Pointing", se: 2.6, Digits: []int{d}, Houses: []string{houseName(h1), houseName(h2)}}
	if h1 >= 9 {
		st.Technique, st.se = "Claiming", 2.8
	}
	for _, c := range hHouse[h2] {
		if g.cand[c]&(1<<d) == 0 {
			continue
		}
		if hInHouse[h1][c] {
			st.Cells = append(st.Cells, int(c))
		} else {
			st.Eliminations = append(st.Eliminations, Candidate{int(c), d})
		}
	}
	return st
}

var subsetNames = [5]string{2: "Pair", 3: "Triplet", 4: "Quad"}

// hiddenSet finds n digits whose places in a house are n cells (each digit
// in two or more): the other candidates leave those cells. Direct, it counts
// only when that leaves another digit one place in the house, which it
// fills (Direct Hidden Pair 2.0, Triplet 2.5); otherwise Hidden Pair,
// Triplet, Quad are 3.4, 4.0, 5.4.
func (g *hgrid) hiddenSet(n int, direct bool) (Step, bool) {
	slot := 2 * (n - 2)
	if direct {
		slot++
	}
	memo := g.houseMemo(slot)
	for _, t := range seHouseTypes {
		for k := 0; k < 9; k++ {
			h := 9*t + k
			empty := g.emptyIn(h)
			if !(empty > 2*n || (direct && empty > n)) || memo.unchanged(g, h) {
				continue
			}
			var found Step
			stopped := !g.hiddenSets(h, n, func(digits, union uint16) bool {
				// Whether the set does something is decided before the
				// step is made: most sets found do nothing.
				var place Candidate
				if direct {
					placed := false
					for d := 1; d <= 9 && !placed; d++ {
						pos := g.positions(h, d)
						if digits&(1<<d) != 0 || pop(pos) <= 1 {
							continue
						}
						if rest := pos &^ union; pop(rest) == 1 {
							place = Candidate{int(hHouse[h][bits.TrailingZeros16(rest)]), d}
							placed = true
						}
					}
					if !placed {
						return true
					}
				} else {
					removes := false
					for m := union; m != 0 && !removes; m &= m - 1 {
						removes = g.cand[hHouse[h][bits.TrailingZeros16(m)]]&^digits != 0
					}
					if !removes {
						return true
					}
				}
				st := Step{Technique: "Hidden " + subsetNames[n], Digits: digitsOf(digits), Houses: []string{houseName(h)}}
				for j, c := range hHouse[h] {
					if union&(1<<j) == 0 {
						continue
					}
					st.Cells = append(st.Cells, int(c))
					for _, d := range digitsOf(g.cand[c] &^ digits) {
						st.Eliminations = append(st.Eliminations, Candidate{int(c), d})
					}
				}
				if direct {
					st.Technique = "Direct " + st.Technique
					st.se = [5]float64{2: 2.0, 3: 2.5, 4: 4.3}[n]
					st.Placements = []Candidate{place}
					st.Detail = fmt.Sprintf("the other candidates leave %s, so %s is the last place for %d in %s",
						candidateCells(st.Eliminations), cellName(9, place.Cell), place.Digit, houseName(h))
					st.Eliminations = nil
				} else {
					st.se = [5]float64{2: 3.4, 3: 4.0, 4: 5.4}[n]
				}
				found = st
				return false
			})
			if stopped {
				return found, true
			}
			memo.nothing(g, h)
		}
	}
	return Step{}, false
}

// hiddenSets calls f, in SE's order, for each set of n digits of house h
// whose places there (at least two a digit) make n cells together: the
// digits as a mask and those cells as a mask of the house's positions. It
// stops, and returns false, when f does.
func (g *hgrid) hiddenSets(h, n int, f func(digits, union uint16) bool) bool {
	// The sets are walked over the digits with two places or more only:
	// the combinations of those, in increasing numeric order, are the
	// combinations of all nine without a digit of fewer places, in order.
	var pos [10]uint16
	var ds [9]uint8
	k := 0
	for d := 1; d <= 9; d++ {
		pos[d] = g.positions(h, d)
		if pop(pos[d]) >= 2 {
			ds[k] = uint8(d)
			k++
		}
	}
	if k < n {
		return true
	}
	for combo, ok := uint16(1)<<n-1, true; ok; combo, ok = nextComboN(combo, k) {
		var union, digits uint16
		for m := combo; m != 0; m &= m - 1 {
			d := ds[bits.TrailingZeros16(m)]
			union |= pos[d]
			digits |= 1 << d
		}
		if pop(union) == n && !f(digits, union) {
			return false
		}
	}
	return true
}

// nakedSets calls f with every set of n cells of house h (combo, bits by
// place in the house) whose candidates, two or more each, are n digits in
// all (union), until f returns false; it reports whether f never did.
func (g *hgrid) nakedSets(h, n int, f func(combo, union uint16) bool) bool {
	// Walked over the house's cells of two candidates or more only, as
	// hiddenSets walks digits: the order is that of all nine.
	var cs [9]uint16
	var at [9]uint8
	k := 0
	for j, c := range hHouse[h] {
		if m := g.cand[c]; pop(m) >= 2 {
			cs[k], at[k] = m, uint8(j)
			k++
		}
	}
	if k < n {
		return true
	}
	for combo, ok := uint16(1)<<n-1, true; ok; combo, ok = nextComboN(combo, k) {
		var union, places uint16
		for m := combo; m != 0; m &= m - 1 {
			j := bits.TrailingZeros16(m)
			union |= cs[j]
			places |= 1 << at[j]
		}
		if pop(union) == n && !f(places, union) {
			return false
		}
	}
	return true
}

// nakedSet finds n cells of a house whose candidates (two or more each) are
// n digits in all: those digits leave the house's other cells (Naked Pair,
// Triplet, Quad: 3.0, 3.6, 5.0).
func (g *hgrid) nakedSet(n int) (st Step, found bool) {
	memo := g.houseMemo(6 + n - 2)
	for _, t := range seHouseTypes {
		for k := 0; k < 9; k++ {
			h := 9*t + k
			if g.emptyIn(h) < 2*n || memo.unchanged(g, h) {
				continue
			}
			g.nakedSets(h, n, func(combo, union uint16) bool {
				// The step is made only for a set that removes something.
				removes := false
				for j, c := range hHouse[h] {
					if combo&(1<<j) == 0 && g.cand[c]&union != 0 {
						removes = true
						break
					}
				}
				if !removes {
					return true
				}
				st = Step{Technique: "Naked " + subsetNames[n], se: [5]float64{2: 3.0, 3: 3.6, 4: 5.0}[n],
					Digits: digitsOf(union), Houses: []string{houseName(h)}}
				for j, c := range hHouse[h] {
					if combo&(1<<j) != 0 {
						st.Cells = append(st.Cells, int(c))
						continue
					}
					for _, d := range digitsOf(g.cand[c] & union) {
						st.Eliminations = append(st.Eliminations, Candidate{int(c), d})
					}
				}
				found = len(st.Eliminations) > 0
				return !found
			})
			if found {
				return st, true
			}
			memo.nothing(g, h)
		}
	}
	return Step{}, false
}

var fishNames = [5]string{2: "X-Wing", 3: "Swordfish", 4: "Jellyfish"}

// fish finds n columns (then n rows) in which a digit's places (two or more
// in each) lie in n rows (columns) in all: the digit leaves those rows'
// (columns') other cells (X-Wing 3.2, Swordfish 3.8, Jellyfish 5.2).
func (g *hgrid) fish(n int) (st Step, ok bool) {
	memo, planes := g.digitMemo(2 + n - 2)
	g.fishSetsSkip(n, memo.same(&planes), func(base, cover int, combo uint16, d int, union uint16) bool {
		// The step is made only for a fish that removes something: d in a
		// cover house outside the base houses.
		removes := false
		for m := union; m != 0 && !removes; m &= m - 1 {
			removes = g.positions(9*cover+bits.TrailingZeros16(m), d)&^combo != 0
		}
		if !removes {
			return true
		}
		st = Step{Technique: fishNames[n], se: [5]float64{2: 3.2, 3: 3.8, 4: 5.2}[n], Digits: []int{d}}
		for m := combo; m != 0; m &= m - 1 {
			st.Houses = append(st.Houses, houseName(9*base+bits.TrailingZeros16(m)))
		}
		for m := union; m != 0; m &= m - 1 {
			st.Houses = append(st.Houses, houseName(9*cover+bits.TrailingZeros16(m)))
		}
		for m := union; m != 0; m &= m - 1 {
			h := 9*cover + bits.TrailingZeros16(m)
			for j, c := range hHouse[h] {
				if g.cand[c]&(1<<d) == 0 {
					continue
				}
				if combo&(1<<j) != 0 {
					st.Cells = append(st.Cells, int(c))
				} else {
					st.Eliminations = append(st.Eliminations, Candidate{int(c), d})
				}
			}
		}
		if len(st.Eliminations) > 0 {
			sortInts(st.Cells)
			ok = true
			return false
		}
		return true
	})
	if !ok {
		memo.nothing(&planes)
		return Step{}, false
	}
	return st, true
}

// fishSets calls f, in SE's order, with each set of n base houses (combo
// over the columns, then the rows) in which digit d has two or more places
// in each and n cover houses (union over the rows, or the columns) in all,
// until f returns false.
func (g *hgrid) fishSets(n int, f func(base, cover int, combo uint16, d int, union uint16) bool) {
	g.fishSetsSkip(n, 0, f)
}

// fishSetsSkip is fishSets without the digits of the mask skip.
func (g *hgrid) fishSetsSkip(n int, skip uint16, f func(base, cover int, combo uint16, d int, union uint16) bool) {
	var placed [10]int
	for _, v := range g.val {
		placed[v]++
	}
	for _, base := range [2]int{2, 1} { // columns, then rows
		cover := 3 - base
		// good[d]: the base houses in which d has two places or more (none
		// for a digit skipped or placed too often); anyGood, their union.
		var good [10]uint16
		var anyGood uint16
		for d := 1; d <= 9; d++ {
			if skip&(1<<d) != 0 || placed[d]+2*n > 9 {
				continue
			}
			for k := 0; k < 9; k++ {
				if pop(g.positions(9*base+k, d)) >= 2 {
					good[d] |= 1 << k
				}
			}
			anyGood |= good[d]
		}
		if pop(anyGood) < n {
			continue
		}
		for combo, ok := uint16(1)<<n-1, true; ok; combo, ok = nextCombo(combo) {
			if combo&^anyGood != 0 {
				continue
			}
			for d := 1; d <= 9; d++ {
				if combo&^good[d] != 0 {
					continue
				}
				var union uint16
				for m := combo; m != 0; m &= m - 1 {
					union |= g.positions(9*base+bits.TrailingZeros16(m), d)
				}
				if pop(union) == n && !f(base, cover, combo, d, union) {
					return
				}
			}
		}
	}
}

func sortInts(a []int) {
	for i := 1; i < len(a); i++ {
		for j := i; j > 0 && a[j] < a[j-1]; j-- {
			a[j], a[j-1] = a[j-1], a[j]
		}
	}
}

// candidateCells names the cells of a list of candidates, each once.
func candidateCells(cs []Candidate) string {
	var cells []int
	for _, c := range cs {
		if !containsInt(cells, c.Cell) {
			cells = append(cells, c.Cell)
		}
	}
	return cellList(cells)
}
