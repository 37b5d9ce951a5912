//go:build !amd64

package sudoku

// hasPOPCNT is false on this architecture: chooseKeyAsm and
// moreUnitCandsAsm (choose_amd64.s) exist only on amd64.
const hasPOPCNT = false

// chooseKeyFast is chooseKey on this architecture.
func chooseKeyFast(solved, biv *[3]uint32) uint32 { return chooseKey(solved, biv) }

// chooseKeyAsm is chooseKey on this architecture (never called).
func chooseKeyAsm(solved, biv *[3]uint32, _ *[32][2]uint64) uint32 { return chooseKey(solved, biv) }

// moreUnitCandsAsm is moreUnitCandsGo on this architecture (never called).
func moreUnitCandsAsm(c *[3][9]uint32, b int, p uint, d0, d1 int) bool {
	return moreUnitCandsGo(c, b, p, d0, d1)
}
