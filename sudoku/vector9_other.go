//go:build !(goexperiment.simd && amd64)

package sudoku

// vectorUnits says whether propagateV uses vector instructions: not in
// this build (it needs GOEXPERIMENT=simd on amd64).
var vectorUnits = false

// propagateV applies the rules of coreVector until nothing changes
// (vector9.go). It returns false on a contradiction; on success s.biv
// holds the unplaced cells of each band with two candidates.
func (s *stateV) propagateV() bool { return s.propagateScalar() }
