//go:build !amd64

package sudoku

// chooseKeyFast is chooseKey on this architecture (see choose_amd64.go).
func chooseKeyFast(solved, biv *[3]uint32) uint32 { return chooseKey(solved, biv) }
