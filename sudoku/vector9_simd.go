//go:build goexperiment.simd && amd64

package sudoku

import (
	"math/bits"
	"simd/archsimd"
)

// vectorUnits says whether propagateV (and recordV, cellDigits, parse9)
// use vector instructions: in this build, when the processor has AVX-512
// (VPRORD on 256-bit vectors needs AVX-512VL, the byte operations
// AVX-512BW).
var vectorUnits = archsimd.X86.AVX512()

// defaultCore9 is the 9x9 core that Solve and Solver use: coreVector when
// it has the vector instructions, which makes it faster than coreBands on
// every benchmark set (docs/benchmarks.md), else coreBands.
var defaultCore9 = func() core9 {
	if vectorUnits {
		return coreVector
	}
	return coreBands
}()

// propagateV applies the rules of coreVector until nothing changes
// (vector9.go). It returns false on a contradiction; on success s.biv
// holds the unplaced cells of each band with two candidates. e8 false
// says that digit 8's words are at its rules' fixed point (searchV knows
// when: see there), which lets the vector pass skip them at first.
func (s *stateV) propagateV(e8 bool) bool {
	// propagateAVX512 falls back to propagateScalar itself (one call, so
	// that this one is inlined).
	return s.propagateAVX512(e8)
}

// initV sets s to the state of the givens in p, as initScalar does. It
// returns false if a given is not a digit 1 to 9 or two givens conflict.
// With the vector instructions, one comparison of 64 cells a digit finds
// the givens of cells 0-63 and another those of cells 17-80, and the
// checks run on digits 0-7 in the lanes of a vector and digit 8 beside it.
func (s *stateV) initV(p *[81]uint8) bool {
	if !vectorUnits {
		return s.initScalar(p)
	}
	lo := archsimd.LoadUint8x64((*[64]uint8)(p[:64]))
	hi := archsimd.LoadUint8x64((*[64]uint8)(p[17:]))
	k9 := archsimd.BroadcastUint8x64(9)
	if lo.Greater(k9).ToBits()|hi.Greater(k9).ToBits() != 0 {
		return false
	}
	var dm [3][9]uint32 // dm[b][d]: the cells of band b that hold digit d+1
	one := archsimd.BroadcastUint8x64(1)
	v := one
	for d := range 9 {
		l, h := lo.Equal(v).ToBits(), hi.Equal(v).ToBits()
		dm[0][d], dm[1][d], dm[2][d] = uint32(l)&full27, uint32(l>>27)&full27, uint32(h>>37)
		v = v.Add(one)
	}
	bc := archsimd.BroadcastUint32x8
	k511, kLow8, kHigh := bc(511), bc(rowLow8), bc(rowHigh)
	kFull, k333, k111, one32 := bc(full27), bc(0o333), bc(0o111), bc(1)
	// At most one given of a digit in a row, a column and a box of a band;
	// the columns of its givens then tell the boxes, and no two bands may
	// share a column.
	check := func(m vec) (cols, bad vec) {
		r0, r1, r2 := m.And(k511), m.ShiftAllRight(9).And(k511), m.ShiftAllRight(18)
		c := r0.Or(r1).Or(r2)
		bad = r0.And(r0.Sub(one32)).Or(r1.And(r1.Sub(one32))).Or(r2.And(r2.Sub(one32)))
		bad = bad.Or(r0.And(r1)).Or(r0.And(r2)).Or(r1.And(r2))
		bad = bad.Or(c.And(c.ShiftAllRight(1)).And(k333)).Or(c.And(c.ShiftAllRight(2)).And(k111))
		return c, bad
	}
	check1 := func(m uint32) (uint32, uint32) {
		r0, r1, r2 := m&511, m>>9&511, m>>18
		c := r0 | r1 | r2
		return c, r0&(r0-1) | r1&(r1-1) | r2&(r2-1) | r0&r1 | r0&r2 | r1&r2 | c&(c>>1)&0o333 | c&(c>>2)&0o111
	}
	m0, m1, m2 := loadV(&dm[0]), loadV(&dm[1]), loadV(&dm[2])
	c0, x0 := check(m0)
	c1, x1 := check(m1)
	c2, x2 := check(m2)
	bad := x0.Or(x1).Or(x2).Or(c0.And(c1)).Or(c0.And(c2)).Or(c1.And(c2))
	n0, n1, n2 := dm[0][8], dm[1][8], dm[2][8]
	g0, y0 := check1(n0)
	g1, y1 := check1(n1)
	g2, y2 := check1(n2)
	if !bad.IsZero() || y0|y1|y2|g0&g1|g0&g2|g1&g2 != 0 {
		return false
	}
	var given [3]uint32
	for d := range 9 {
		given[0] |= dm[0][d]
		given[1] |= dm[1][d]
		given[2] |= dm[2][d]
	}
	// A digit keeps its givens and loses the other givens' cells and the
	// rest of the rows and boxes, and the columns in every band, that
	// hold one of its givens; the givens count as placed.
	kBox, kRow1 := bc(7*rowOnes), bc(rowOnes)
	peers := func(m, c, all vec) vec {
		nz := m.And(kLow8).Add(kLow8).Or(m).And(kHigh)
		rows := nz.Or(nz.Sub(nz.ShiftAllRight(8)))
		boxes := c.Or(c.ShiftAllRight(1)).Or(c.ShiftAllRight(2)).And(k111).Mul(kBox)
		return rows.Or(boxes).Or(all.Mul(kRow1)).AndNot(m)
	}
	call := c0.Or(c1).Or(c2)
	storeV(kFull.AndNot(bc(given[0]).AndNot(m0)).AndNot(peers(m0, c0, call)), &s.cand[0])
	storeV(kFull.AndNot(bc(given[1]).AndNot(m1)).AndNot(peers(m1, c1, call)), &s.cand[1])
	storeV(kFull.AndNot(bc(given[2]).AndNot(m2)).AndNot(peers(m2, c2, call)), &s.cand[2])
	gall := g0 | g1 | g2
	s.cand[0][8] = full27 &^ (given[0] &^ n0) &^ (givenPeers(n0, g0, gall) &^ n0)
	s.cand[1][8] = full27 &^ (given[1] &^ n1) &^ (givenPeers(n1, g1, gall) &^ n1)
	s.cand[2][8] = full27 &^ (given[2] &^ n2) &^ (givenPeers(n2, g2, gall) &^ n2)
	s.solved = given
	s.biv = [3]uint32{}
	return true
}

// recordV copies the solution in s to sv.sol. With the vector
// instructions, each digit is blended into cells 0-63 and 17-80 under the
// masks of its cells.
func (sv *solver9) recordV(s *stateV) {
	if !vectorUnits {
		sv.recordScalar(s)
		return
	}
	var lo, hi archsimd.Uint8x64
	one := archsimd.BroadcastUint8x64(1)
	v := one
	for d := range 9 {
		l := uint64(s.cand[0][d]) | uint64(s.cand[1][d])<<27 | uint64(s.cand[2][d])<<54
		h := l>>17 | uint64(s.cand[2][d])<<37
		lo = v.Merge(lo, archsimd.Mask8x64FromBits(l))
		hi = v.Merge(hi, archsimd.Mask8x64FromBits(h))
		v = v.Add(one)
	}
	lo.Store((*[64]uint8)(sv.sol[:64]))
	hi.Store((*[64]uint8)(sv.sol[17:]))
}

// cellDigits returns the set of digits (bit d for digit d) that may go in
// cell bit of band b, as digitsScalar does.
func (s *stateV) cellDigits(b int, bit uint32) uint32 {
	if !vectorUnits {
		return s.digitsScalar(b, bit)
	}
	p := uint(bits.TrailingZeros32(bit)) % 32
	m := loadV(&s.cand[b]).And(archsimd.BroadcastUint32x8(bit)).NotEqual(archsimd.BroadcastUint32x8(0)).ToBits()
	return uint32(m) | (s.cand[b][8]>>p&1)<<8
}

type vec = archsimd.Uint32x8

// loadV and storeV move digits 0-7 of a band between s.cand and a vector.
func loadV(c *[9]uint32) vec     { return archsimd.LoadUint32x8((*[8]uint32)(c[:8])) }
func storeV(x vec, c *[9]uint32) { x.Store((*[8]uint32)(c[:8])) }

// propagateAVX512 is propagateScalar with digits 0-7 of a band in the
// lanes of one 256-bit vector and digit 8 beside them in a general
// register, so that the vector and the scalar units share the work (a
// 512-bit vector with nine lanes in use costs twice as much on processors
// whose vector units are 256 bits wide). It runs in assembly
// (propagateAsm, vector9_amd64.s), which keeps every value in the 32
// vector registers of AVX-512 and fuses the logic into three-input
// instructions. Digit 8's box and permutation rules are table look-ups
// (boxOthers, boxAlone, triadKeep as permT uses it), which keeps the
// scalar side from holding up the vector side, and a pass skips them when
// digit 8's words came through the pass before unchanged (which leaves
// them at the rules' fixed point), as they do in most passes after a
// call's first. The first pass skips them too when e8 is false (a branch
// that did not touch digit 8). TestVectorScalar compares every result
// with propagateScalar.
func (s *stateV) propagateAVX512(e8 bool) bool {
	if !vectorUnits {
		return s.propagateScalar()
	}
	return propagateAsm(s, e8)
}

// propagateAsm is propagateScalar in assembly (vector9_amd64.s) for
// processors with AVX-512 (F, VL): the band rules and placements pass
// after pass until a pass changes nothing, with digit 8's rules skipped
// while e8 is false and its words come through a pass unchanged; then the
// naked singles, and the passes again, until there are none. It returns
// false on a contradiction, leaving s unusable; on success s.biv holds
// the unplaced cells of each band with two candidates.
//
//go:noescape
func propagateAsm(s *stateV, e8 bool) bool

// parse9V is parse9 with AVX-512: the 81 characters as two overlapping
// 64-byte vectors (characters 0-63 and 17-80), '0'-'9' turned into 0-9 by
// one subtraction, '.' cleared to 0, and every byte then at most 9.
func parse9V(s *[81]byte, cells *[81]uint8) bool {
	zero, dot, nine := archsimd.Uint8x64{}, archsimd.BroadcastUint8x64('.'), archsimd.BroadcastUint8x64(9)
	ascii0 := archsimd.BroadcastUint8x64('0')
	lo := archsimd.LoadUint8x64((*[64]uint8)(s[:64]))
	hi := archsimd.LoadUint8x64((*[64]uint8)(s[17:]))
	dl := zero.Merge(lo.Sub(ascii0), lo.Equal(dot))
	dh := zero.Merge(hi.Sub(ascii0), hi.Equal(dot))
	dl.Store((*[64]uint8)(cells[:64]))
	dh.Store((*[64]uint8)(cells[17:]))
	return dl.LessEqual(nine).ToBits()&dh.LessEqual(nine).ToBits() == ^uint64(0)
}
