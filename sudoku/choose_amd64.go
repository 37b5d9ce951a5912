package sudoku

import "golang.org/x/sys/cpu"

// hasPOPCNT says whether the processor has the POPCNT instruction, which
// chooseKeyAsm needs; hasAVX2 whether it has AVX2, which chooseKeyAVX2
// needs.
var (
	hasPOPCNT = cpu.X86.HasPOPCNT
	hasAVX2   = cpu.X86.HasAVX2
)

// chooseKeyAVX2 is chooseKey in AVX2 assembly (choose_amd64.s), every
// cell of the grid at once and without a branch a cell: it returns the
// same key.
//
//go:noescape
func chooseKeyAVX2(solved, biv *[3]uint32, tab *chooseTable) uint32

// cellBranchAsm returns the digits that may go in cell p of band b
// (cellDigits) and, if there are two, whether to try the second first
// (moreUnitCandsGo), in one call with AVX2 and POPCNT
// (choose_amd64.s). It does not check its arguments: b must be below 3.
//
//go:noescape
func cellBranchAsm(c *[3][9]uint32, b int, p uint) (cands uint32, swap bool)

// chooseTable holds chooseKeyAVX2's constants, where its register k
// holds grid rows 2k and 2k+1 (row 9 does not exist), one a 128-bit
// lane, cell c of a row at byte c of its lane (bytes 9-15 unused). The
// assembly knows the offsets of the fields.
type chooseTable struct {
	// ctl[k]: the VPSHUFB control that gives each cell of register k the
	// byte of its band's word (broadcast: bands 0 and 1 side by side in
	// registers 0-2, band 2 in 3 and 4) that holds its bit, 0x80 (zero)
	// for unused bytes; bit[k]: that bit (1 for unused bytes).
	ctl, bit [5][32]uint8
	// tri: the VPSHUFB control that gives each cell the first byte of its
	// triad (bytes 0, 3 and 6 of its lane).
	tri [32]uint8
	// one and four: bytes of 1 and 4.
	one, four [32]uint8
	// low[64w+i]: band<<5 | position of the cell at bit i of word w of
	// the comparison masks (word 0: registers 0 and 1, word 1: 2 and 3,
	// word 2: 4).
	low [256]uint8
}

var chooseTab chooseTable

func init() {
	t := &chooseTab
	for k := range 5 {
		for h := range 2 {
			g := 2*k + h // grid row
			b, r := g/3, g%3
			src := 4 * b // the band's word in the broadcast
			if b == 2 {
				src = 0
			}
			for c := range 16 {
				i := 16*h + c
				if g > 8 || c > 8 {
					t.ctl[k][i], t.bit[k][i] = 0x80, 1
					continue
				}
				t.ctl[k][i] = uint8(src + (9*r+c)/8)
				t.bit[k][i] = 1 << ((9*r + c) % 8)
				t.low[64*(k/2)+32*(k%2)+i] = uint8(b<<5 | (9*r + c))
			}
		}
	}
	for i := range 32 {
		t.tri[i] = 0x80
		if c := i % 16; c < 9 {
			t.tri[i] = uint8(c / 3 * 3)
		}
		t.one[i], t.four[i] = 1, 4
	}
}

// chooseKeyAsm is chooseKey written in assembly with POPCNT (the Go
// version, in a default GOAMD64=v1 build, tests for the instruction before
// each of its four bit counts a cell and keeps few values in registers
// around the fallback calls). It returns the same key.
//
//go:noescape
func chooseKeyAsm(solved, biv *[3]uint32, masks *[32][2]uint64) uint32

// moreUnitCandsAsm is moreUnitCandsGo in assembly with POPCNT. It does
// not check its arguments: b must be below 3, d0 and d1 below 9.
//
//go:noescape
func moreUnitCandsAsm(c *[3][9]uint32, b int, p uint, d0, d1 int) bool
