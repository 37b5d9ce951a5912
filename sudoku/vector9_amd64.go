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
		return cpu.X86.HasAVX512F && cpu.X86.HasAVX512VL && cpu.X86.HasAVX2 && hasPOPCNT
	case coreVectorAVX2:
		return cpu.X86.HasAVX2 && hasPOPCNT
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

// putGridAVX2 writes the digits of a solved grid to sol, given the bit
// planes of each cell's digit less one, pl[k][b] for bit k and band b
// (putBand's p0-p3), by byte comparisons in three 256-bit registers
// (vector9_avx2_amd64.s): cells 0-31, 27-58 and 49-80, each stored
// whole, the overlaps the same digits.
//
//go:noescape
func putGridAVX2(sol *[81]uint8, pl *[4][4]uint32, tab *putTable)

// putTable holds putGridAVX2's constants: for register r (cells from
// putBase[r]), ctl[r] the VPSHUFB control that gives each cell the byte
// of its band's word in a plane's broadcast pair of bands (0 and 1 for
// register 0, 1 and 2 for the others) that holds its bit, and bit[r]
// that bit; weight[k] bytes of 1<<k; one bytes of 1. The assembly knows
// the offsets of the fields.
type putTable struct {
	ctl, bit [3][32]uint8
	weight   [4][32]uint8
	one      [32]uint8
}

var putTab putTable

func init() {
	t := &putTab
	for r, base := range [3]int{0, 27, 49} {
		first := min(r, 1) // the first band of the register's pair
		for i := range 32 {
			cell := base + i
			b, p := cell/27, cell%27
			t.ctl[r][i] = uint8(4*(b-first) + p/8)
			t.bit[r][i] = 1 << (p % 8)
		}
	}
	for i := range 32 {
		for k := range 4 {
			t.weight[k][i] = 1 << k
		}
		t.one[i] = 1
	}
}

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
