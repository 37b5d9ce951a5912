//go:build !amd64

package sudoku

// hasPOPCNT is false on this architecture: chooseKeyAsm and
// moreUnitCandsAsm (choose_amd64.s) exist only on amd64.
const hasPOPCNT = false

// hasAVX2 is false on this architecture: chooseKeyAVX2 exists only on
// amd64.
const hasAVX2 = false

// chooseTable is empty on this architecture.
type chooseTable struct{}

var chooseTab chooseTable

// chooseKeyAVX2 is chooseKey on this architecture (never called).
func chooseKeyAVX2(solved, biv *[3]uint32, _ *chooseTable) uint32 { return chooseKey(solved, biv) }

// cellBranchAsm exists only on amd64 (never called here).
func cellBranchAsm(c *[3][9]uint32, b int, p uint) (cands uint32, swap bool) {
	panic("sudoku: no AVX2")
}

// chooseKeyAsm is chooseKey on this architecture (never called).
func chooseKeyAsm(solved, biv *[3]uint32, _ *[32][2]uint64) uint32 { return chooseKey(solved, biv) }

// moreUnitCandsAsm is moreUnitCandsGo on this architecture (never called).
func moreUnitCandsAsm(c *[3][9]uint32, b int, p uint, d0, d1 int) bool {
	return moreUnitCandsGo(c, b, p, d0, d1)
}
