//go:build !amd64

package sudoku

// chooseKeyFast is chooseKey on this architecture (see choose_amd64.go).
func chooseKeyFast(solved, biv *[3]uint32) uint32 { return chooseKey(solved, biv) }

// moreUnitCands is moreUnitCandsGo on this architecture.
func moreUnitCands(c *[3][9]uint32, b int, p uint, d0, d1 int) bool {
	return moreUnitCandsGo(c, b, p, d0, d1)
}
