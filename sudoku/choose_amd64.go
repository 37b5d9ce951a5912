package sudoku

// hasPOPCNT says whether the processor has the POPCNT instruction, which
// chooseKeyAsm needs.
var hasPOPCNT = cpuHasPOPCNT()

// cpuHasPOPCNT asks the processor (CPUID) whether it has POPCNT.
func cpuHasPOPCNT() bool

// chooseKeyAsm is chooseKey written in assembly with POPCNT (the Go
// version, in a default GOAMD64=v1 build, tests for the instruction before
// each of its four bit counts a cell and keeps few values in registers
// around the fallback calls). It returns the same key.
//
//go:noescape
func chooseKeyAsm(solved, biv *[3]uint32, masks *[32][2]uint64) uint32

// chooseKeyFast is chooseKeyAsm when the processor has POPCNT, else
// chooseKey.
func chooseKeyFast(solved, biv *[3]uint32) uint32 {
	if hasPOPCNT {
		return chooseKeyAsm(solved, biv, &peerMasks)
	}
	return chooseKey(solved, biv)
}

// moreUnitCandsAsm is moreUnitCands in assembly with POPCNT.
//
//go:noescape
func moreUnitCandsAsm(c *[3][9]uint32, b int, p uint, d0, d1 int) bool

// moreUnitCands reports whether digit d1 has more places than digit d0
// in the row, box and column of the cell at position p of band b
// (unitCands), given the digits' words c[band][digit]. It uses
// moreUnitCandsAsm when the processor has POPCNT.
func moreUnitCands(c *[3][9]uint32, b int, p uint, d0, d1 int) bool {
	if hasPOPCNT && uint(b) < 3 && uint(d0) < 9 && uint(d1) < 9 {
		return moreUnitCandsAsm(c, b, p, d0, d1)
	}
	return moreUnitCandsGo(c, b, p, d0, d1)
}
