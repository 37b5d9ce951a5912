package sudoku

import "golang.org/x/sys/cpu"

// supported reports whether the processor (and the operating system,
// which must save the vector registers) runs core c: propagateAsm needs
// AVX-512 F and VL (VPTERNLOGD, VPRORD and mask registers on 256-bit
// vectors); propagateAVX2 needs AVX2, and both cores' set-up (initV)
// uses AVX2.
func (c core9) supported() bool {
	switch c {
	case coreVectorAVX512:
		return cpu.X86.HasAVX512F && cpu.X86.HasAVX512VL && cpu.X86.HasAVX2
	case coreVectorAVX2:
		return cpu.X86.HasAVX2
	}
	return true
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

// propagateAVX2 is propagateAsm for processors with AVX2
// (vector9_avx2_amd64.s).
//
//go:noescape
func propagateAVX2(s *stateV, e8 bool) bool

// givensAVX2 sets m[v-1] to the cells of p that hold v, cells 0-63 in
// m[v-1][0] and 64-80 in m[v-1][1] (vector9_avx2_amd64.s). It returns
// false if a cell holds more than 9.
//
//go:noescape
func givensAVX2(p *[81]uint8, m *[9][2]uint64) bool

// setupAVX2 is initV's checks and candidates (setDigit) for digits 1-8
// at once, one a lane (vector9_avx2_amd64.s): it writes cand[b][0-7], or
// returns false if two givens of one of those digits conflict. With hi
// it does the same for digits 2-9 (cand[b][1-8]).
//
//go:noescape
func setupAVX2(dm *[3][10]uint32, given *[3]uint32, cand *[3][9]uint32, hi bool) bool
