package sudoku

import "math/bits"

// This file holds the triad rules of the 9x9 solver, which look across
// digits at the triads of a band: the three cells of a row inside one box
// (a minirow) and the three cells of a column inside one box (a
// minicolumn). Each triad holds exactly three digits, so:
//   - if only three digits can go in a triad's cells (naked triad), each
//     of them is in the triad: it leaves the rest of the triad's row or
//     column and the rest of its box;
//   - if three digits must go in a triad (hidden triad: the triad is the
//     only place left for the digit in its row, or in its box for a
//     minicolumn), the triad's cells hold no other digit;
//   - fewer than three possible or more than three forced digits is a
//     contradiction.
// The band pass decides each digit alone; these rules are what tdoku's
// triad representation adds across digits. They are applied only when
// the band pass and naked singles have stalled, before a branch.

var (
	// minirowRest maps a 9-bit set of minirows to the cells of the band
	// in their rows or boxes but not in them.
	minirowRest [512]uint32
	// minicolBoxRest maps a 9-bit set of minicolumns (columns of the
	// band) to the cells of the band in their boxes but not in them.
	minicolBoxRest [512]uint32
)

func init() {
	for x := uint32(0); x < 512; x++ {
		for i := uint32(0); i < 9; i++ {
			if x>>i&1 == 0 {
				continue
			}
			r, k := i/3, i%3
			cells := uint32(7) << (r*9 + 3*k)
			row := uint32(511) << (r * 9)
			box := uint32(7|7<<9|7<<18) << (3 * k)
			minirowRest[x] |= (row | box) &^ cells
			c := i
			col := uint32(1|1<<9|1<<18) << c
			minicolBoxRest[x] |= (uint32(7|7<<9|7<<18) << (c / 3 * 3)) &^ col
		}
	}
}

// triadPass applies the triad rules once. It returns false on a
// contradiction, and whether it removed a candidate.
//
// The triads a digit may use are found without table look-ups, all 27 of
// each kind in one word: minirow i = r*3+k of band b (row r, box k) is
// bit 3i+b, minicolumn c of band b is bit 32+9b+c. The counts over the
// digits are bit-sliced.
func (s *state9) triadPass() (ok, changed bool) {
	const (
		spread3 = 0x1249249 // bits 0, 3, ..., 24
		rowLo   = 0x1c0e07  // bits 9r+b: the first minirow of each row of each band
	)
	var x, y [9]uint64
	var n1, n2, n3, n4, f1, f2, f3, f4 uint64
	for d := 0; d < 9; d++ {
		c := (*[3]uint32)(s.cand[d*3 : d*3+3])
		a0, a1, a2 := c[0], c[1], c[2]
		// Minirows, then those that are the only one of their row.
		z := (a0|a0>>1|a0>>2)&spread3 | (a1|a1>>1|a1>>2)&spread3<<1 | (a2|a2>>1|a2>>2)&spread3<<2
		q0, q1, q2 := z&rowLo, z>>3&rowLo, z>>6&rowLo
		m := q0&q1 | q0&q2 | q1&q2
		zf := z &^ (m | m<<3 | m<<6)
		// Minicolumns, then those that are the only one of their box.
		w := (a0|a0>>9|a0>>18)&511 | (a1|a1>>9|a1>>18)&511<<9 | (a2|a2>>9|a2>>18)&511<<18
		p0, p1, p2 := w&spread3, w>>1&spread3, w>>2&spread3
		m = p0&p1 | p0&p2 | p1&p2
		wf := w &^ (m | m<<1 | m<<2)
		xd, yd := uint64(z)|uint64(w)<<32, uint64(zf)|uint64(wf)<<32
		x[d], y[d] = xd, yd
		n4 |= n3 & xd
		n3 |= n2 & xd
		n2 |= n1 & xd
		n1 |= xd
		f4 |= f3 & yd
		f3 |= f2 & yd
		f2 |= f1 & yd
		f1 |= yd
	}
	const all = full27 | full27<<32
	if n3 != all || f4 != 0 {
		return false, true
	}
	// A triad with three possible digits that are also forced into it is
	// settled: the band pass has done what either rule would do.
	naked, hidden := n3&^n4, f3&^f4
	naked, hidden = naked&^hidden, hidden&^naked
	if naked|hidden == 0 {
		return true, false
	}
	for d := 0; d < 9; d++ {
		m := x[d] & naked
		h := hidden &^ y[d]
		if m|h == 0 {
			continue
		}
		c := (*[3]uint32)(s.cand[d*3 : d*3+3])
		var out [3]uint32 // cells d leaves in each band
		for b := 0; b < 3; b++ {
			mr, hr := uint32(m>>b)&spread3, uint32(h>>b)&spread3
			mc, hc := uint32(m>>(32+9*b))&511, uint32(h>>(32+9*b))&511
			rm := hr | hr<<1 | hr<<2 | minicolBoxRest[mc] | hc*(1|1<<9|1<<18)
			for ; mr != 0; mr &= mr - 1 {
				rm |= minirowRest[1<<(bits.TrailingZeros32(mr)/3)]
			}
			out[b] |= rm
			spread := mc * (1 | 1<<9 | 1<<18)
			out[(b+1)%3] |= spread
			out[(b+2)%3] |= spread
		}
		for b := 0; b < 3; b++ {
			if c[b]&out[b] != 0 {
				c[b] &^= out[b]
				changed = true
			}
		}
	}
	return true, changed
}

// A digit's configuration in a band is where it lies in each row of the
// band: one box per row, a different box for each row, so one of six
// permutations; in a stack, one column per band. tdoku branches on these;
// coreTriads does so on the hardest puzzles (see configAfter).
var (
	// permOf maps a 3x3 occupancy (bit r*3+k: row r may use box k, or
	// band r may use column k of the stack) to the permutations it allows.
	permOf [512]uint8
	// permTriads gives permutation p as a 3x3 occupancy.
	permTriads [6]uint32
	// permCells gives the cells of a band that permutation p keeps.
	permCells [6]uint32
	// permCol gives the box (or column) permutation p picks in each row
	// (or band).
	permCol [6][3]uint32
)

func init() {
	perms := [6][3]int{{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}}
	for p, q := range perms {
		for r := 0; r < 3; r++ {
			permTriads[p] |= 1 << (r*3 + q[r])
			permCells[p] |= 7 << (r*9 + 3*q[r])
			permCol[p][r] = uint32(q[r])
		}
	}
	for t := 0; t < 512; t++ {
		for p := 0; p < 6; p++ {
			if uint32(t)&permTriads[p] == permTriads[p] {
				permOf[t] |= 1 << p
			}
		}
	}
}

// chooseConfig picks a unit, a band (0-2) or a stack (3-5), and a digit
// to branch on, and returns the digit's configurations there (two or
// more), as tdoku does: the unit with the fewest configurations over all
// digits that is not fixed, and in it the digit with the fewest. ok is
// false if every unit is fixed.
func (s *state9) chooseConfig() (unit, digit int, cfg uint8, ok bool) {
	var cf [6][9]uint8
	var tot [6]int
	for d := 0; d < 9; d++ {
		var cols [3]uint32
		for b := 0; b < 3; b++ {
			a := s.cand[d*3+b]
			t := triadOf[a&511] | triadOf[a>>9&511]<<3 | triadOf[a>>18&511]<<6
			cf[b][d] = permOf[t]
			tot[b] += bits.OnesCount8(cf[b][d])
			cols[b] = (a | a>>9 | a>>18) & 511
		}
		for j := 0; j < 3; j++ {
			v := cols[0]>>(3*j)&7 | (cols[1]>>(3*j)&7)<<3 | (cols[2]>>(3*j)&7)<<6
			cf[3+j][d] = permOf[v]
			tot[3+j] += bits.OnesCount8(cf[3+j][d])
		}
	}
	best, bu := 1<<30, -1
	for u := 0; u < 6; u++ {
		if tot[u] > 9 && tot[u] < best {
			best, bu = tot[u], u
		}
	}
	if bu < 0 {
		return 0, 0, 0, false
	}
	bd, bc := -1, 10
	for d := 0; d < 9; d++ {
		n := bits.OnesCount8(cf[bu][d])
		if n > 1 && n < bc {
			bd, bc = d, n
		}
	}
	return bu, bd, cf[bu][bd], true
}

// applyConfig restricts digit d in unit u (as in chooseConfig) to
// configuration p.
func (s *state9) applyConfig(u, d, p int) {
	if u < 3 {
		s.cand[d*3+u] &= permCells[p]
		return
	}
	j := u - 3
	for b := 0; b < 3; b++ {
		c := uint32(3*j) + permCol[p][b]
		box := uint32(7) << (3 * j)
		s.cand[d*3+b] &^= (box &^ (1 << c)) * (1 | 1<<9 | 1<<18)
	}
}
