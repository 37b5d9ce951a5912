//go:build !amd64

package sudoku

// supported reports whether the processor runs core c: on this
// architecture, the cores written in Go.
func (c core9) supported() bool { return c <= coreVector }

// propagateAsm is propagateScalar on this architecture (never called).
func propagateAsm(s *stateV, _ bool) bool { return s.propagateScalar() }

// propagateAVX2 is propagateScalar on this architecture (never called).
func propagateAVX2(s *stateV, _ bool) bool { return s.propagateScalar() }
