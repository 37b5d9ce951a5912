//go:build goexperiment.simd && amd64

package sudoku

import "simd/archsimd"

// vectorUnits says whether propagateV uses vector instructions: in this
// build, when the processor has AVX-512.
var vectorUnits = archsimd.X86.AVX512()

// propagateV applies the rules of coreVector until nothing changes
// (vector9.go). It returns false on a contradiction; on success s.biv
// holds the unplaced cells of each band with two candidates.
func (s *stateV) propagateV() bool {
	if !vectorUnits {
		return s.propagateScalar()
	}
	return s.propagateAVX512()
}

// swapLanes[k] swaps lane i with lane i^(8>>k).
var swapLanes = func() (p [2][16]uint32) {
	for k := range p {
		for i := range p[k] {
			p[k][i] = uint32(i ^ (8 >> k))
		}
	}
	return p
}()

type vec = archsimd.Uint32x16

// spreadV copies a 9-bit column set to the three rows of a band word.
func spreadV(x vec) vec { return x.Or(x.ShiftAllLeft(9)).Or(x.ShiftAllLeft(18)) }

// colsV is colsOf for each lane.
func colsV(a, k511 vec) vec {
	return a.Or(a.RotateAllRight(9)).Or(a.RotateAllRight(18)).And(k511)
}

// boxRotV returns boxRot1(x) | boxRot2(x) and boxRot1(x), boxRot2(x) for
// each lane's 9-bit column set.
func boxRotV(x vec, k333, k444, k111, k666 vec) (vec, vec) {
	r1 := x.RotateAllRight(1).And(k333).Or(x.ShiftAllLeft(2).And(k444))
	r2 := x.RotateAllRight(2).And(k111).Or(x.ShiftAllLeft(1).And(k666))
	return r1, r2
}

// rowsNonzeroV is rowsNonzero for each lane.
func rowsNonzeroV(x, kLow8, kHigh vec) vec {
	nz := x.And(kLow8).Add(kLow8).Or(x).And(kHigh)
	return nz.Or(nz.Sub(nz.RotateAllRight(8)))
}

// propagateAVX512 is propagateScalar with the nine digits of a band in
// the lanes of one 512-bit vector.
func (s *stateV) propagateAVX512() bool {
	bc := archsimd.BroadcastUint32x16
	var (
		zero  = bc(0)
		k511  = bc(511)
		kFull = bc(full27)
		kRow1 = bc(rowOnes)
		kLow8 = bc(rowLow8)
		kHigh = bc(rowHigh)
		kTri  = bc(triadPos)
		kK01  = bc(triadK01)
		kK2   = bc(triadK2)
		kK0   = bc(triadK0)
		kK12  = bc(triadK12)
		k333  = bc(0o333)
		k444  = bc(0o444)
		k111  = bc(0o111)
		k666  = bc(0o666)
		sw0   = archsimd.LoadUint32x16(&swapLanes[0])
		sw1   = archsimd.LoadUint32x16(&swapLanes[1])
	)
	const digits = 0x1ff // the lanes in use
	a0 := archsimd.LoadUint32x16(&s.cand[0])
	a1 := archsimd.LoadUint32x16(&s.cand[1])
	a2 := archsimd.LoadUint32x16(&s.cand[2])
	s0, s1, s2 := bc(s.solved[0]), bc(s.solved[1]), bc(s.solved[2])
	// claim removes the other columns of the boxes of the columns u
	// that no other band holds.
	claim := func(a, u vec) vec {
		r1, r2 := boxRotV(u, k333, k444, k111, k666)
		return a.AndNot(spreadV(r1.Or(r2)))
	}
	// perm keeps the triads on a permutation (onTriadPerm): with b1 and b2
	// each triad's row rotated by one and two boxes and r1 moving rows up
	// by one, it keeps t & r1(b1 & r1(b2) | b2 & r1(b1)). r1 leaves bits
	// at 23, 26 and above the band word, which are not triads' first cells
	// and which the ands clear.
	//
	// Right shifts are 32-bit rotations throughout (RotateAllRight takes
	// a constant, ShiftAllRight a register): the bits they carry to the top
	// are masked off or, here, fall on no triad.
	perm := func(a vec) vec {
		t := a.Or(a.RotateAllRight(1)).Or(a.RotateAllRight(2)).And(kTri)
		b1 := t.RotateAllRight(3).And(kK01).Or(t.ShiftAllLeft(6).And(kK2))
		b2 := t.RotateAllRight(6).And(kK0).Or(t.ShiftAllLeft(3).And(kK12))
		r1b1 := b1.RotateAllRight(9).Or(b1.ShiftAllLeft(18))
		r1b2 := b2.RotateAllRight(9).Or(b2.ShiftAllLeft(18))
		x := b1.And(r1b2).Or(b2.And(r1b1))
		p := t.And(x.RotateAllRight(9).Or(x.ShiftAllLeft(18)))
		return a.And(p.Or(p.ShiftAllLeft(1)).Or(p.ShiftAllLeft(2)))
	}
	singles := func(a vec) vec {
		return a.AndNot(rowsNonzeroV(a.And(a.Sub(kRow1)), kLow8, kHigh))
	}
	points := func(a vec) vec {
		g := colsV(a, k511)
		r1, r2 := boxRotV(g, k333, k444, k111, k666)
		return spreadV(g.AndNot(r1).AndNot(r2))
	}
	// Lane i swaps with lane i^8 and i^4 by a full permutation, with
	// i^2 and i^1 within each 128-bit group, which is cheaper.
	orAll := func(x vec) vec {
		x = x.Or(x.Permute(sw0))
		x = x.Or(x.Permute(sw1))
		x = x.Or(x.PermuteScalarsGrouped(2, 3, 0, 1))
		return x.Or(x.PermuteScalarsGrouped(1, 0, 3, 2))
	}
	// counts returns, in every lane, the cells with at least one, two and
	// three candidates among the lanes of a.
	counts := func(a vec) (o, t, h vec) {
		x := a.Permute(sw0)
		o, t = a.Or(x), a.And(x)
		xo, xt := o.Permute(sw1), t.Permute(sw1)
		h = t.And(xo).Or(o.And(xt))
		t = t.Or(xt).Or(o.And(xo))
		o = o.Or(xo)
		xo, xt, xh := o.PermuteScalarsGrouped(2, 3, 0, 1), t.PermuteScalarsGrouped(2, 3, 0, 1), h.PermuteScalarsGrouped(2, 3, 0, 1)
		h = h.Or(xh).Or(t.And(xo)).Or(o.And(xt))
		t = t.Or(xt).Or(o.And(xo))
		o = o.Or(xo)
		xo, xt, xh = o.PermuteScalarsGrouped(1, 0, 3, 2), t.PermuteScalarsGrouped(1, 0, 3, 2), h.PermuteScalarsGrouped(1, 0, 3, 2)
		h = h.Or(xh).Or(t.And(xo)).Or(o.And(xt))
		t = t.Or(xt).Or(o.And(xo))
		o = o.Or(xo)
		return o, t, h
	}
	var t0, t1, t2, h0, h1, h2 vec
	for {
		// The band rules and placements until they change nothing.
		for {
			q0, q1, q2 := a0, a1, a2
			f0, f1, f2 := colsV(a0, k511), colsV(a1, k511), colsV(a2, k511)
			if f0.Or(f1).Or(f2).Equal(k511).ToBits()&digits != digits {
				return false
			}
			a0 = claim(a0, k511.AndNot(f1.Or(f2)))
			a1 = claim(a1, k511.AndNot(f0.Or(f2)))
			a2 = claim(a2, k511.AndNot(f0.Or(f1)))
			a0, a1, a2 = perm(a0), perm(a1), perm(a2)
			if (a0.Equal(zero).ToBits()|a1.Equal(zero).ToBits()|a2.Equal(zero).ToBits())&digits != 0 {
				return false
			}
			n0, n1, n2 := singles(a0).AndNot(s0), singles(a1).AndNot(s1), singles(a2).AndNot(s2)
			c0, c1, c2 := points(a0), points(a1), points(a2)
			a0, a1, a2 = a0.AndNot(c1.Or(c2)), a1.AndNot(c0.Or(c2)), a2.AndNot(c0.Or(c1))
			if n0.Or(n1).Or(n2).Equal(zero).ToBits() != 0xffff {
				p0, p1, p2 := orAll(n0), orAll(n1), orAll(n2)
				a0, a1, a2 = a0.AndNot(p0.AndNot(n0)), a1.AndNot(p1.AndNot(n1)), a2.AndNot(p2.AndNot(n2))
				s0, s1, s2 = s0.Or(p0), s1.Or(p1), s2.Or(p2)
			}
			if a0.Equal(q0).ToBits()&a1.Equal(q1).ToBits()&a2.Equal(q2).ToBits() == 0xffff {
				break
			}
		}
		// Every cell keeps a candidate, a placed cell only one; cells with
		// one left (naked singles) restrict their digit's row to them.
		var o0, o1, o2 vec
		o0, t0, h0 = counts(a0)
		o1, t1, h1 = counts(a1)
		o2, t2, h2 = counts(a2)
		if o0.And(o1).And(o2).Equal(kFull).ToBits()&1 == 0 {
			return false
		}
		if t0.And(s0).Or(t1.And(s1)).Or(t2.And(s2)).Equal(zero).ToBits()&1 == 0 {
			return false
		}
		ns0, ns1, ns2 := o0.AndNot(t0).AndNot(s0), o1.AndNot(t1).AndNot(s1), o2.AndNot(t2).AndNot(s2)
		if ns0.Or(ns1).Or(ns2).Equal(zero).ToBits()&1 != 0 {
			break
		}
		q0, q1, q2 := a0, a1, a2
		m0, m1, m2 := a0.And(ns0), a1.And(ns1), a2.And(ns2)
		a0 = a0.AndNot(rowsNonzeroV(m0, kLow8, kHigh).AndNot(m0))
		a1 = a1.AndNot(rowsNonzeroV(m1, kLow8, kHigh).AndNot(m1))
		a2 = a2.AndNot(rowsNonzeroV(m2, kLow8, kHigh).AndNot(m2))
		if a0.Equal(q0).ToBits()&a1.Equal(q1).ToBits()&a2.Equal(q2).ToBits() == 0xffff {
			// A naked single that is not a placement though its row
			// has no other cell for the digit shares that row with
			// another naked single of the same digit.
			return false
		}
	}
	a0.Store(&s.cand[0])
	a1.Store(&s.cand[1])
	a2.Store(&s.cand[2])
	var tmp [16]uint32
	s0.Store(&tmp)
	s.solved[0] = tmp[0]
	s1.Store(&tmp)
	s.solved[1] = tmp[0]
	s2.Store(&tmp)
	s.solved[2] = tmp[0]
	t0.AndNot(h0).AndNot(s0).Store(&tmp)
	s.biv[0] = tmp[0]
	t1.AndNot(h1).AndNot(s1).Store(&tmp)
	s.biv[1] = tmp[0]
	t2.AndNot(h2).AndNot(s2).Store(&tmp)
	s.biv[2] = tmp[0]
	return true
}
