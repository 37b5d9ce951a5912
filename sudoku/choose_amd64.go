package sudoku

import "golang.org/x/sys/cpu"

// hasPOPCNT says whether the processor has the POPCNT instruction, which
// chooseKeyAsm needs.
var hasPOPCNT = cpu.X86.HasPOPCNT

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
