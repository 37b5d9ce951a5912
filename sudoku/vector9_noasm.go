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

// setupAVX2 exists only on amd64 (never called here).
func setupAVX2(dm *[3][10]uint32, given *[3]uint32, cand *[3][9]uint32, hi bool) bool {
	panic("sudoku: no AVX2")
}
