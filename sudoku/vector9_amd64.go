package sudoku

import "golang.org/x/sys/cpu"

// supported reports whether the processor (and the operating system,
// which must save the vector registers) runs core c: propagateAsm needs
// AVX-512 F and VL (VPTERNLOGD, VPRORD and mask registers on 256-bit
// vectors); propagateAVX2 needs AVX2.
func (c core9) supported() bool {
	switch c {
	case coreVectorAVX512:
		return cpu.X86.HasAVX512F && cpu.X86.HasAVX512VL
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
