package sudoku

import (
	"encoding/binary"
	"math/bits"
)

// This file holds coreVector, the 9x9 core laid out for vector
// instructions. It applies the same rules as coreBands (fast9.go) to the
// same 27-bit band words, but to all nine digits at once and without
// table look-ups, so that one vector instruction serves eight digits of a
// band: cand[b][d] is digit d's word in band b. A pass computes, for every
// digit and band,
//   - the columns only this band holds (claimed), whose boxes lose their
//     other two columns;
//   - the triads (three cells of a row in one box) that lie on some
//     permutation of the band's 3x3 triad matrix, by rotating the matrix
//     rows and boxes (the rest go);
//   - rows left with one cell (placements), which every other digit loses;
//   - box columns that are the only one of their box, which the other two
//     bands lose;
// and repeats until a pass changes nothing; then cells with one candidate
// left (naked singles) restrict their digit's row to them, and the passes
// resume. The rules are monotone, so this reaches their fixed point, which
// coreBands may stop short of (it does not re-examine a digit whose
// columns shrank under the permutation rule), so coreVector makes a few
// per cent fewer branch points. propagateV runs the passes in assembly
// with AVX-512 or AVX2 instructions (the core, coreVectorAVX512 or
// coreVectorAVX2, says which), else propagateScalar, the same passes one
// digit at a time in Go and the reference for the assembly.

const (
	rowOnes  = 1 | 1<<9 | 1<<18 // bit 0 of each row of a band word
	rowLow8  = 0xff * rowOnes   // the low 8 bits of each row
	rowHigh  = 0x100 * rowOnes  // the high bit of each row
	triadPos = 0o111 * rowOnes  // the first cell of each triad
	triadK01 = 0o011 * rowOnes  // the first cell of the triads in boxes 0 and 1
	triadK2  = 0o100 * rowOnes  // ... in box 2
	triadK0  = 0o001 * rowOnes  // ... in box 0
	triadK12 = 0o110 * rowOnes  // ... in boxes 1 and 2
)

// stateV is the candidate state of coreVector.
type stateV struct {
	cand   [3][9]uint32 // cand[b][d]: cells of band b where digit d may go
	solved [3]uint32    // placed cells of each band
	biv    [3]uint32    // set by propagateV: unplaced cells with two candidates
}

// rowsNonzero returns x with each 9-bit row that is not 0 set to 0x1ff.
func rowsNonzero(x uint32) uint32 {
	nz := ((x & rowLow8) + rowLow8 | x) & rowHigh
	return nz | (nz - nz>>8)
}

// colsOf returns the 9-bit set of columns in which band word a has a cell.
func colsOf(a uint32) uint32 { return (a | a>>9 | a>>18) & 511 }

// boxRot1 and boxRot2 rotate each box's three bits of a 9-bit column set
// by one and two places: bit j of a box gets bit j+1 (j+2) mod 3.
func boxRot1(x uint32) uint32 { return x>>1&0o333 | x<<2&0o444 }
func boxRot2(x uint32) uint32 { return x>>2&0o111 | x<<1&0o666 }

// onTriadPerm returns the cells of band word a whose triad lies on a
// permutation of the band's triad matrix (one triad per row and per box),
// 0 if there is none.
func onTriadPerm(a uint32) uint32 {
	t := (a | a>>1 | a>>2) & triadPos
	// b1 (b2): each triad gets the triad one (two) boxes to its right in its
	// row; r1 and r2 then move rows up by one and two.
	b1 := t>>3&triadK01 | t<<6&triadK2
	b2 := t>>6&triadK0 | t<<3&triadK12
	r1 := func(x uint32) uint32 { return x>>9 | x<<18&full27 }
	r2 := func(x uint32) uint32 { return x>>18 | x<<9&full27 }
	p := t & (r1(b1)&r2(b2) | r1(b2)&r2(b1))
	return a & (p | p<<1 | p<<2)
}

// claimKeep[g] holds the cells of a band word that column claiming
// keeps when the other two bands hold the columns g: all but the other
// columns of the boxes of the columns only this band holds. boxAlone[g]
// holds, spread over the three rows, the columns of g that are the only
// one of their box in g.
var claimKeep, boxAlone [512]uint32

// triadKeep[m] is the triad-first-cell mask of the triads on a
// permutation of the triad matrix m (bit 3r+c: row r, box c), spread to
// their three cells.
var triadKeep [512]uint32

func init() {
	for u := uint32(0); u < 512; u++ {
		only := 511 &^ u
		claimKeep[u] = full27 &^ ((boxRot1(only) | boxRot2(only)) * rowOnes)
		boxAlone[u] = (u &^ boxRot1(u) &^ boxRot2(u)) * rowOnes
		var a uint32
		for k := 0; k < 9; k++ {
			if u>>k&1 != 0 {
				a |= 7 << (9*(k/3) + 3*(k%3))
			}
		}
		triadKeep[u] = onTriadPerm(a)
	}
}

// permT is onTriadPerm by table (the way the assembly applies the rule to
// digit 8): the triads' first cells gathered into 9 bits by two
// multiplications without carries. Multiplying by 0x54 puts each row's
// first cells (bits 0, 3, 6 of the row) at bits 6-8 of the row; those
// alone, multiplied by 0x1041, put the three rows side by side at bits
// 18-26.
func permT(a uint32) uint32 {
	t := (a | a>>1 | a>>2) & triadPos
	m := t * 0x54 & (0o700 * rowOnes)
	return a & triadKeep[m*0x1041>>18&511]
}

// propagateV applies the rules of coreVector until nothing changes, with
// the passes of core c. It returns false on a contradiction; on success
// s.biv holds the unplaced cells of each band with two candidates. e8
// false says that digit 8's words are at its rules' fixed point (searchV
// knows when: see there), which lets the assembly skip them at first.
//
// The assembly keeps digits 0-7 of a band in the lanes of one 256-bit
// vector and digit 8 beside them in a general register, so that the
// vector and the scalar units share the work (a 512-bit vector with nine
// lanes in use costs twice as much on processors whose vector units are
// 256 bits wide). Digit 8's box and permutation rules are table look-ups
// (claimKeep, boxAlone, triadKeep as permT uses it), and a pass skips
// them when digit 8's words came through the pass before unchanged (which
// leaves them at the rules' fixed point): after a call's first pass, 73
// per cent of the passes on serg_benchmark, and the pass 9-11 per cent
// faster on serg, top95 and magictour. The first pass skips them too when
// e8 is false (a branch that did not touch digit 8): 2.5-5 per cent more
// on serg, 5 on top95; and so does the pass after naked singles that left
// digit 8's words as they were (2.4 per cent of the instructions on serg). TestVectorScalar compares every result with
// propagateScalar.
func (s *stateV) propagateV(c core9, e8 bool) bool {
	switch c {
	case coreVectorAVX512:
		return propagateAsm(s, e8)
	case coreVectorAVX2:
		return propagateAVX2(s, e8)
	}
	return s.propagateScalar()
}

// propagateScalar applies coreVector's rules one digit at a time, with
// naked singles in every pass, which reaches the same fixed point: for
// builds and processors without the vector instructions, and the
// reference for the assembly.
func (s *stateV) propagateScalar() bool {
	sv := s.solved
	for {
		prev := s.cand
		var placed [3][9]uint32
		var all [3]uint32
		for d := 0; d < 9; d++ {
			a0, a1, a2 := s.cand[0][d], s.cand[1][d], s.cand[2][d]
			f0, f1, f2 := colsOf(a0), colsOf(a1), colsOf(a2)
			if f0|f1|f2 != 511 {
				return false
			}
			u0, u1, u2 := 511&^(f1|f2), 511&^(f0|f2), 511&^(f0|f1)
			a0 &^= (boxRot1(u0) | boxRot2(u0)) * rowOnes
			a1 &^= (boxRot1(u1) | boxRot2(u1)) * rowOnes
			a2 &^= (boxRot1(u2) | boxRot2(u2)) * rowOnes
			a0, a1, a2 = onTriadPerm(a0), onTriadPerm(a1), onTriadPerm(a2)
			if a0 == 0 || a1 == 0 || a2 == 0 {
				return false
			}
			placed[0][d] = (a0 &^ rowsNonzero(a0&(a0-rowOnes))) &^ sv[0]
			placed[1][d] = (a1 &^ rowsNonzero(a1&(a1-rowOnes))) &^ sv[1]
			placed[2][d] = (a2 &^ rowsNonzero(a2&(a2-rowOnes))) &^ sv[2]
			all[0] |= placed[0][d]
			all[1] |= placed[1][d]
			all[2] |= placed[2][d]
			g0, g1, g2 := colsOf(a0), colsOf(a1), colsOf(a2)
			c0 := (g0 &^ boxRot1(g0) &^ boxRot2(g0)) * rowOnes
			c1 := (g1 &^ boxRot1(g1) &^ boxRot2(g1)) * rowOnes
			c2 := (g2 &^ boxRot1(g2) &^ boxRot2(g2)) * rowOnes
			s.cand[0][d] = a0 &^ (c1 | c2)
			s.cand[1][d] = a1 &^ (c0 | c2)
			s.cand[2][d] = a2 &^ (c0 | c1)
		}
		var ns [3]uint32
		for b := 0; b < 3; b++ {
			sv[b] |= all[b]
			var o, t, h uint32
			c := &s.cand[b]
			for d := 0; d < 9; d++ {
				x := c[d] &^ (all[b] &^ placed[b][d])
				c[d] = x
				h |= t & x
				t |= o & x
				o |= x
			}
			if o != full27 || t&sv[b] != 0 {
				return false
			}
			ns[b] = o &^ t &^ sv[b]
			s.biv[b] = t &^ h &^ sv[b]
		}
		for b := 0; b < 3; b++ {
			c := &s.cand[b]
			for d := 0; d < 9; d++ {
				m := c[d] & ns[b]
				c[d] &^= rowsNonzero(m) &^ m
			}
		}
		if s.cand == prev {
			// A naked single left unplaced at the fixed point shares its
			// row with another of the same digit.
			if ns[0]|ns[1]|ns[2] != 0 {
				return false
			}
			break
		}
	}
	s.solved = sv
	return true
}

// initV sets s to the state of the givens in p, with init9's checks,
// written straight into this core's layout, and the givens placed: a
// digit also loses the boxes and columns of its givens (which init9
// leaves to the first pass), and the givens count as placed. It returns
// false if a given is not a digit 1 to 9 or two givens conflict. Core c
// says whether it may use AVX2 instructions.
func (s *stateV) initV(p *[81]uint8, c core9) bool {
	var dm [3][10]uint32 // dm[b][v]: the cells of band b that hold given v
	if c >= coreVectorAVX2 {
		// Nine comparisons of all 81 cells with a digit.
		var m [9][2]uint64
		if !givensAVX2(p, &m) {
			return false
		}
		for v := 1; v < 10; v++ {
			lo, hi := m[v-1][0], m[v-1][1]
			dm[0][v] = uint32(lo) & full27
			dm[1][v] = uint32(lo>>27) & full27
			dm[2][v] = uint32(lo>>54 | hi<<10)
		}
	} else if !givens(p, &dm) {
		return false
	}
	var given [3]uint32
	for v := 1; v < 10; v++ {
		given[0] |= dm[0][v]
		given[1] |= dm[1][v]
		given[2] |= dm[2][v]
	}
	d := 0
	if c >= coreVectorAVX2 {
		// Digits 1-8 in the lanes of vectors, then 2-9 (which does
		// 2-8 again, and costs less than digit 9 alone in Go).
		if !setupAVX2(&dm, &given, &s.cand, false) || !setupAVX2(&dm, &given, &s.cand, true) {
			return false
		}
		d = 9
	}
	for ; d < 9; d++ {
		if !s.setDigit(&dm, &given, d) {
			return false
		}
	}
	s.solved = given
	s.biv = [3]uint32{}
	return true
}

// setDigit sets the candidates of digit d (0-8) from the givens dm and
// all givens given, as initV does, and returns false if two givens of
// the digit conflict.
func (s *stateV) setDigit(dm *[3][10]uint32, given *[3]uint32, d int) bool {
	var cols [3]uint32
	for b := 0; b < 3; b++ {
		c, ok := bandCols(dm[b][d+1])
		if !ok {
			return false
		}
		cols[b] = c
	}
	if cols[0]&cols[1]|cols[0]&cols[2]|cols[1]&cols[2] != 0 {
		return false
	}
	// The digit keeps its givens and loses the other givens' cells and
	// its givens' peers.
	all := cols[0] | cols[1] | cols[2]
	for b := 0; b < 3; b++ {
		m := dm[b][d+1]
		s.cand[b][d] = full27 &^ (given[b] &^ m) &^ (givenPeers(m, cols[b], all) &^ m)
	}
	return true
}

// givens sets dm[b][v] to the cells of band b that hold v, and returns
// false if a cell holds more than 9. It finds the givens eight cells at a
// time: a word's bytes that are not 0 get their high bit set in nz.
func givens(p *[81]uint8, dm *[3][10]uint32) bool {
	const lo7, hi1 = 0x7f7f7f7f7f7f7f7f, 0x8080808080808080
	for w := 0; w < 80; w += 8 {
		x := binary.LittleEndian.Uint64(p[w : w+8])
		if ((x&lo7)+0x7676767676767676|x)&hi1 != 0 {
			return false
		}
		for nz := ((x & lo7) + lo7 | x) & hi1; nz != 0; nz &= nz - 1 {
			i := w + bits.TrailingZeros64(nz)>>3
			dm[cellBand[i]][p[i]] |= cellBit[i]
		}
	}
	if v := p[80]; v > 9 {
		return false
	} else if v != 0 {
		dm[2][v] |= 1 << 26
	}
	return true
}

// givenPeers returns the cells of a band word that share a row or a box
// with one of the cells m (whose columns are cols), or a column with a
// cell of all (columns of the same digit's cells in every band): the
// places a digit placed at m loses. It includes m.
func givenPeers(m, cols, all uint32) uint32 {
	boxes := (cols | cols>>1 | cols>>2) & 0o111 * (7 * rowOnes)
	return rowsNonzero(m) | boxes | all*rowOnes
}

// assign places digit d in band b at cell bit: the other digits leave the
// cell, d leaves the rest of the cell's row and box and its column in the
// other bands, and the cell counts as placed. propagateV's rules would
// find the row, box and column themselves, but the column in the other
// bands only a pass later (7-10 per cent more passes on the hard sets, 4
// on serg, with the same branches).
func (s *stateV) assign(d, b int, bit uint32) {
	p := uint(bits.TrailingZeros32(bit)) % 32
	col := unitCol[p]
	c := &s.cand[b]
	keep := c[d] &^ ((unitRowBox[p] | col) &^ bit)
	// The column leaves all three bands (band b's part of it is in the
	// cell's box, which keep already lacks), then the cell's band gets
	// keep; written out, without a loop or a division by 3.
	s.cand[0][d] &^= col
	s.cand[1][d] &^= col
	s.cand[2][d] &^= col
	c[0] &^= bit
	c[1] &^= bit
	c[2] &^= bit
	c[3] &^= bit
	c[4] &^= bit
	c[5] &^= bit
	c[6] &^= bit
	c[7] &^= bit
	c[8] &^= bit
	c[d] = keep
	s.solved[b] |= bit
}

// cellDigits returns the set of digits (bit d for digit d) that may go
// in cell bit of band b.
func (s *stateV) cellDigits(b int, bit uint32) uint32 {
	p := uint(bits.TrailingZeros32(bit)) % 32
	c := &s.cand[b]
	return c[0]>>p&1 | c[1]>>p&1<<1 | c[2]>>p&1<<2 | c[3]>>p&1<<3 |
		c[4]>>p&1<<4 | c[5]>>p&1<<5 | c[6]>>p&1<<6 | c[7]>>p&1<<7 | c[8]>>p&1<<8
}

// searchV is search for coreVector. e8 false says that digit 8's words
// in s are at its rules' fixed point: s is a copy of a propagated state
// whose branch cell did not have 8 as a candidate, so that the branch
// left digit 8's words as they were (a digit's rules look only at its own
// words and the placed cells, and a placement it does not take part in
// makes no new row single of it).
func (sv *solver9) searchV(s *stateV, depth int, e8 bool) {
	for {
		if !s.propagateV(sv.core, e8) {
			return
		}
		if s.solved[0]&s.solved[1]&s.solved[2] == full27 {
			if sv.count == 0 && !sv.noRecord {
				sv.recordV(s)
			}
			sv.count++
			return
		}
		if sv.mustStop() {
			return
		}
		if depth == len(sv.vstack) {
			sv.vstack = append(sv.vstack, stateV{})
		}
		b, bit := chooseCell(sv.lexmin, &s.solved, &s.biv)
		if b < 0 {
			b, bit = fewestCell(&s.solved, &s.cand)
		}
		sv.points++
		var digits [9]int
		n := 0
		p := uint(bits.TrailingZeros32(bit))
		// The assembly cores find the digits and the order of two in
		// one call (b is clamped, which costs less than b%3).
		var cands uint32
		var swap bool
		asm := sv.core >= coreVectorAVX2
		if asm {
			cands, swap = cellBranchAsm(&s.cand, int(min(uint(b), 2)), p)
		} else {
			cands = s.cellDigits(b, bit)
		}
		e8 = cands&(1<<8) != 0
		for m := cands; m != 0; m &= m - 1 {
			digits[n] = bits.TrailingZeros32(m)
			n++
		}
		switch {
		case sv.lexmin:
		case n == 2:
			// orderDigits for two digits. b and the digits are in range
			// for the assembly version (clamped, which costs less than
			// b%3 and d%9).
			switch {
			case asm:
			case hasPOPCNT:
				swap = moreUnitCandsAsm(&s.cand, int(min(uint(b), 2)), p, min(digits[0], 8), min(digits[1], 8))
			default:
				swap = moreUnitCandsGo(&s.cand, b, p, digits[0], digits[1])
			}
			if swap {
				digits[0], digits[1] = digits[1], digits[0]
			}
		default:
			var ws [9][3]uint32
			for k, d := range digits[:n] {
				ws[k] = [3]uint32{s.cand[0][d], s.cand[1][d], s.cand[2][d]}
			}
			orderDigits(digits[:n], &ws, b, p)
		}
		for k := 0; k < n-1; k++ {
			cs := &sv.vstack[depth]
			*cs = *s
			cs.assign(digits[k], b, bit)
			sv.guesses++
			sv.searchV(cs, depth+1, e8)
			if sv.count >= sv.limit || sv.aborted {
				return
			}
		}
		sv.guesses++
		s.assign(digits[n-1], b, bit)
	}
}

// recordV copies the solution in s to sv.sol, from the digits' bit planes
// (see putBand) of the three bands: in AVX2 to all 81 cells at once where
// the core has it.
func (sv *solver9) recordV(s *stateV) {
	var pl [4][4]uint32
	for b := 0; b < 3; b++ {
		c := &s.cand[b]
		pl[0][b], pl[1][b] = c[1]|c[3]|c[5]|c[7], c[2]|c[3]|c[6]|c[7]
		pl[2][b], pl[3][b] = c[4]|c[5]|c[6]|c[7], c[8]
	}
	if sv.core >= coreVectorAVX2 {
		putGridAVX2(&sv.sol, &pl, &putTab)
		return
	}
	for b := 0; b < 3; b++ {
		putBand(&sv.sol, b, pl[0][b], pl[1][b], pl[2][b], pl[3][b])
	}
}

// spreadBits[x] holds bit i of x in byte i.
var spreadBits [256]uint64

func init() {
	for x := range 256 {
		for i := range 8 {
			spreadBits[x] |= uint64(x>>i&1) << (8 * i)
		}
	}
}

// putBand writes the digits of band b of a solved grid to sol, given the
// bit planes of each cell's digit less one (bit k of the digit d-1 of
// the cell at bit p of the band word is bit p of pk): eight cells at a
// time by table, without a branch on the digits, which a loop over each
// digit's cells takes at random.
func putBand(sol *[81]uint8, b int, p0, p1, p2, p3 uint32) {
	out := sol[b*27 : b*27+27]
	for k := 0; k < 24; k += 8 {
		v := 0x0101010101010101 + spreadBits[p0>>k&255] + 2*spreadBits[p1>>k&255] + 4*spreadBits[p2>>k&255] + 8*spreadBits[p3>>k&255]
		binary.LittleEndian.PutUint64(out[k:], v)
	}
	v := 0x010101 + spreadBits[p0>>24&7] + 2*spreadBits[p1>>24&7] + 4*spreadBits[p2>>24&7] + 8*spreadBits[p3>>24&7]
	out[24], out[25], out[26] = uint8(v), uint8(v>>8), uint8(v>>16)
}

// solveV is solve9 for coreVector.
func (sv *solver9) solveV(p *[81]uint8) int {
	if sv.vstack == nil {
		sv.vstack = make([]stateV, 82)
	}
	s := &sv.vstack[0]
	if sv.invalid = !s.initV(p, sv.core); sv.invalid {
		return 0
	}
	sv.searchV(s, 1, true)
	return sv.count
}
