package sudoku

//go:generate go run gen_fast9.go

import (
	"context"
	"math/bits"
)

// This file holds the 9x9 solver. Its representation follows the idea of
// JCZSolve and fsss2: for each digit, the candidate cells of each band
// (three rows) are one 27-bit word, bit r*9+c for row r of the band and
// column c, so the whole grid is 27 words. A band word is checked with
// table look-ups: the occupied triads (three cells of a row inside one box)
// form a 3x3 matrix that must contain a permutation (one triad per row and
// per box), which gives locked candidates within the band; a row left with
// one cell is a placement (hidden single in a row, and so in a box), and a
// placement removes its column from the other two bands of the digit and
// its cell from the other eight digits. Cells with one candidate left
// (naked singles) are found with a bit-parallel count over the nine
// digits. When propagation stalls, the solver guesses on a cell with two
// candidates (or, in lexicographic mode, on the first empty cell).

const full27 = 1<<27 - 1

var chooseVariant = 3

var (
	// triadOf maps a 9-bit row to its 3-bit triad occupancy.
	triadOf [512]uint32
	// complexMask maps a 9-bit triad occupancy (bit r*3+k: row r of the
	// band has a candidate in box k) to the 27-bit mask of the triads that
	// lie on some permutation; 0 if there is none.
	complexMask [512]uint32
	// claimMask maps a 9-bit set of columns that only one band can hold
	// to the cells of that band to remove: the rest of each such column's
	// box.
	claimMask [512]uint32
	// pointCols maps the 9-bit column occupancy of a band to the columns
	// that are the only one of their box.
	pointCols [512]uint32
	// triadKeep maps a 9-bit set of triads a digit must occupy to the
	// triads it may occupy: none other in the same row or box.
	triadKeep [512]uint32
	// triadCells maps a 9-bit set of triads to its 27-bit cells.
	triadCells [512]uint32
	// rowSingle maps a 9-bit row to itself if it has exactly one bit, else 0.
	rowSingle [512]uint32
)

func init() {
	for x := uint32(0); x < 512; x++ {
		var t uint32
		for k := 0; k < 3; k++ {
			if x>>(3*k)&7 != 0 {
				t |= 1 << k
			}
		}
		triadOf[x] = t
		for k := 0; k < 3; k++ {
			if y := x >> (3 * k) & 7; bits.OnesCount32(y) == 1 {
				pointCols[x] |= y << (3 * k)
			}
		}
		if bits.OnesCount32(x) == 1 {
			rowSingle[x] = x
		}
	}
	for x := uint32(0); x < 512; x++ {
		var m uint32
		for c := uint32(0); c < 9; c++ {
			if x>>c&1 != 0 {
				box := uint32(7) << (c / 3 * 3)
				m |= (box &^ (1 << c)) * (1 | 1<<9 | 1<<18)
			}
		}
		claimMask[x] = m
	}
	for x := uint32(0); x < 512; x++ {
		keep := uint32(511)
		var cells uint32
		for j := uint32(0); j < 9; j++ {
			if x>>j&1 != 0 {
				r, k := j/3, j%3
				rowT := uint32(7) << (3 * r)
				boxT := uint32(1|8|64) << k
				keep &^= (rowT | boxT) &^ (1 << j)
				cells |= 7 << (r*9 + 3*k)
			}
		}
		triadKeep[x] = keep
		triadCells[x] = cells
	}
	perms := [6][3]int{{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}}
	for t := uint32(0); t < 512; t++ {
		var m uint32
		for _, p := range perms {
			ok := true
			for r := 0; r < 3; r++ {
				if t>>(r*3+p[r])&1 == 0 {
					ok = false
				}
			}
			if ok {
				for r := 0; r < 3; r++ {
					m |= 7 << (r*9 + 3*p[r])
				}
			}
		}
		complexMask[t] = m
	}
}

// state9 is the candidate state of a 9x9 grid.
type state9 struct {
	cand   [27]uint32 // cand[d*3+b]: cells of band b where digit d may go
	prev   [27]uint32 // cand as last examined by propagate
	solved [3]uint32  // placed cells of each band
}

// solver9 searches a 9x9 grid.
type solver9 struct {
	limit      int   // stop after this many solutions
	count      int   // solutions found
	lexmin     bool  // branch on the first empty cell, digits ascending
	guesses    int64 // branches tried
	maxGuesses int64 // 0: no cap
	aborted    bool  // the guess cap was hit or ctx was cancelled
	ctx        context.Context
	ctxErr     error
	nextCheck  int64 // guesses at which to look at ctx again
	sol        [81]uint8
}

// init9 sets s to the state of the givens in p (0 = blank). It returns
// false if two givens conflict in a way the placement notices at once; a
// full check of the givens is done by the callers that need a message.
func (s *state9) init9(p *[81]uint8) bool {
	for i := range s.cand {
		s.cand[i] = full27
		s.prev[i] = 0
	}
	s.solved = [3]uint32{}
	for i := 0; i < 81; i++ {
		v := p[i]
		if v == 0 {
			continue
		}
		d := int(v-1) % 9
		b := i / 27
		bit := uint32(1) << (i % 27)
		if s.cand[d*3+b]&bit == 0 {
			return false
		}
		s.assign(d, b, bit)
	}
	return true
}

// assign restricts digit d in band b to cell bit within its row and removes
// bit from the other digits. propagate then makes it a placement.
func (s *state9) assign(d, b int, bit uint32) {
	row := uint32(0x1ff) << (uint(bits.TrailingZeros32(bit)) / 9 * 9)
	s.cand[d*3+b] &^= row &^ bit
	for e := b; e < 27; e += 3 {
		if e != d*3+b {
			s.cand[e] &^= bit
		}
	}
}

// propagate applies the band rules and naked singles until nothing
// changes. It returns false on a contradiction.
func (s *state9) propagate() bool {
	for {
		for {
			ok, changed := s.bandPass()
			if !ok {
				return false
			}
			if !changed {
				break
			}
		}
		// Naked singles.
		found := false
		for b := 0; b < 3; b++ {
			var one, two uint32
			for d := 0; d < 9; d++ {
				x := s.cand[d*3+b]
				two |= one & x
				one |= x
			}
			if one != full27 {
				return false
			}
			ns := one &^ two &^ s.solved[b]
			for ns != 0 {
				bit := ns & -ns
				ns &^= bit
				d := 0
				for d < 9 && s.cand[d*3+b]&bit == 0 {
					d++
				}
				if d == 9 {
					return false
				}
				row := uint32(0x1ff) << (uint(bits.TrailingZeros32(bit)) / 9 * 9)
				s.cand[d*3+b] &^= row &^ bit
				found = true
			}
		}
		if !found {
			if !useTriads {
				return true
			}
			ok, changed := s.triads()
			if !ok {
				return false
			}
			if !changed {
				return true
			}
		}
	}
}

var useTriads = false

// triads applies the triad rule: the three cells of a row inside one box
// hold three different digits, so a triad with only three candidate digits
// holds all three, and each of them leaves the rest of that row and box.
// It returns false on a contradiction (a triad with fewer than three
// digits) and whether it removed anything.
func (s *state9) triads() (ok, changed bool) {
	for b := 0; b < 3; b++ {
		var t [9]uint32
		var c1, c2, c4 uint32 // bit-sliced count of digits per triad
		for d := 0; d < 9; d++ {
			a := s.cand[d*3+b]
			x := triadOf[a&511] | triadOf[a>>9&511]<<3 | triadOf[a>>18&511]<<6
			t[d] = x
			carry := c1 & x
			c1 ^= x
			carry2 := c2 & carry
			c2 ^= carry
			c4 |= carry2
		}
		if (c1|c2|c4)&511 != 511 || (c2|c4)&511 != 511 || (c4|(c1&c2))&511 != 511 {
			return false, false
		}
		three := c1 & c2 &^ c4 & 511
		if three == 0 {
			continue
		}
		for d := 0; d < 9; d++ {
			forced := t[d] & three
			if forced == 0 {
				continue
			}
			keep := triadKeep[forced]
			if t[d]&^keep == 0 {
				continue
			}
			s.cand[d*3+b] &= triadCells[keep]
			changed = true
		}
	}
	return true, changed
}

// search counts the solutions of s up to sv.limit.
func (sv *solver9) search(s *state9) {
	for {
		if !s.propagate() {
			return
		}
		if s.solved[0]&s.solved[1]&s.solved[2] == full27 {
			if sv.count == 0 {
				sv.record(s)
			}
			sv.count++
			return
		}
		if sv.maxGuesses > 0 && sv.guesses >= sv.maxGuesses {
			sv.aborted = true
			return
		}
		if sv.guesses >= sv.nextCheck && sv.ctx != nil {
			sv.nextCheck = sv.guesses + 1024
			if err := sv.ctx.Err(); err != nil {
				sv.ctxErr = err
				sv.aborted = true
				return
			}
		}
		b, bit := sv.choose(s)
		// Try each candidate digit of the cell but the last on a copy; the
		// last one continues in s itself.
		var digits [9]int
		n := 0
		for d := 0; d < 9; d++ {
			if s.cand[d*3+b]&bit != 0 {
				digits[n] = d
				n++
			}
		}
		for k := 0; k < n-1; k++ {
			c := *s
			c.assign(digits[k], b, bit)
			sv.guesses++
			sv.search(&c)
			if sv.count >= sv.limit || sv.aborted {
				return
			}
		}
		sv.guesses++
		s.assign(digits[n-1], b, bit)
	}
}

// choose picks the cell to branch on: in lexicographic mode the first
// empty cell, otherwise the first cell with two candidates, else the first
// with the fewest.
func (sv *solver9) choose(s *state9) (int, uint32) {
	if sv.lexmin {
		for b := 0; b < 3; b++ {
			if free := full27 &^ s.solved[b]; free != 0 {
				return b, free & -free
			}
		}
	}
	var ones, twos, threes [3]uint32
	for b := 0; b < 3; b++ {
		var one, two, three uint32
		for d := 0; d < 9; d++ {
			x := s.cand[d*3+b]
			three |= two & x
			two |= one & x
			one |= x
		}
		ones[b], twos[b], threes[b] = one, two, three
	}
	switch chooseVariant {
	case 0:
		for b := 0; b < 3; b++ {
			if biv := twos[b] &^ threes[b] &^ s.solved[b]; biv != 0 {
				return b, biv & -biv
			}
		}
	case 1:
		for b := 2; b >= 0; b-- {
			if biv := twos[b] &^ threes[b] &^ s.solved[b]; biv != 0 {
				return b, uint32(1) << (31 - bits.LeadingZeros32(biv))
			}
		}
	case 2:
		bb, bn := -1, -1
		for b := 0; b < 3; b++ {
			if biv := twos[b] &^ threes[b] &^ s.solved[b]; biv != 0 {
				if n := bits.OnesCount32(s.solved[b]); n > bn {
					bb, bn = b, n
				}
			}
		}
		if bb >= 0 {
			biv := twos[bb] &^ threes[bb] &^ s.solved[bb]
			return bb, biv & -biv
		}
	case 3:
		bb, bn := -1, 100
		for b := 0; b < 3; b++ {
			if biv := twos[b] &^ threes[b] &^ s.solved[b]; biv != 0 {
				if n := bits.OnesCount32(s.solved[b]); n < bn {
					bb, bn = b, n
				}
			}
		}
		if bb >= 0 {
			biv := twos[bb] &^ threes[bb] &^ s.solved[bb]
			return bb, biv & -biv
		}
	}
	bestB, bestBit, best := 0, uint32(0), 10
	for b := 0; b < 3; b++ {
		free := full27 &^ s.solved[b]
		for free != 0 {
			bit := free & -free
			free &^= bit
			n := 0
			for d := 0; d < 9; d++ {
				if s.cand[d*3+b]&bit != 0 {
					n++
				}
			}
			if n < best {
				bestB, bestBit, best = b, bit, n
			}
		}
	}
	return bestB, bestBit
}

// record copies the solution in s to sv.sol.
func (sv *solver9) record(s *state9) {
	for d := 0; d < 9; d++ {
		for b := 0; b < 3; b++ {
			x := s.cand[d*3+b]
			for x != 0 {
				p := bits.TrailingZeros32(x)
				x &= x - 1
				sv.sol[b*27+p] = uint8(d + 1)
			}
		}
	}
}

// solve9 counts the solutions of p up to limit and records the first found
// (the lexicographically smallest if lexmin) in sv.sol.
func (sv *solver9) solve9(p *[81]uint8, limit int) int {
	sv.limit = max(limit, 1)
	sv.count = 0
	sv.guesses = 0
	sv.aborted = false
	sv.ctxErr = nil
	sv.nextCheck = 0
	var s state9
	if !s.init9(p) {
		return 0
	}
	sv.search(&s)
	return sv.count
}

// err reports why the last search stopped early, if it did.
func (sv *solver9) err() error {
	switch {
	case sv.ctxErr != nil:
		return sv.ctxErr
	case sv.aborted:
		return ErrLimit
	}
	return nil
}
