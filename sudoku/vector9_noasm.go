//go:build !amd64

package sudoku

// supported reports whether the processor runs core c: on this
// architecture, the cores written in Go.
func (c core9) supported() bool { return c <= coreVector }

// propagateAsm is propagateScalar on this architecture (never called).
func propagateAsm(s *stateV, _ bool) bool { return s.propagateScalar() }

// propagateAVX2 is propagateScalar on this architecture (never called).
func propagateAVX2(s *stateV, _ bool) bool { return s.propagateScalar() }

// givensAVX2 exists only on amd64 (never called here).
func givensAVX2(p *[81]uint8, m *[9][2]uint64) bool { panic("sudoku: no AVX2") }

// putTable is empty on this architecture.
type putTable struct{}

var putTab putTable

// putGridAVX2 exists only on amd64 (never called here).
func putGridAVX2(sol *[81]uint8, pl *[4][4]uint32, tab *putTable) { panic("sudoku: no AVX2") }

// setupAVX2 exists only on amd64 (never called here).
func setupAVX2(dm *[3][10]uint32, given *[3]uint32, cand *[3][9]uint32, hi bool) bool {
	panic("sudoku: no AVX2")
}
