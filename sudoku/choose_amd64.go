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
