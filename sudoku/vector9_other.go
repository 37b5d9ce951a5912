//go:build !(goexperiment.simd && amd64)

package sudoku

// vectorUnits says whether propagateV uses vector instructions: not in
// this build (it needs GOEXPERIMENT=simd on amd64).
var vectorUnits = false

// defaultCore9 is the 9x9 core that Solve and Solver use: in this build
// coreBands, faster than coreVector's scalar pass.
const defaultCore9 = coreBands

// propagateV applies the rules of coreVector until nothing changes
// (vector9.go). It returns false on a contradiction; on success s.biv
// holds the unplaced cells of each band with two candidates.
func (s *stateV) propagateV(e8 bool) bool { return s.propagateScalar() }

// initV sets s to the state of the givens in p (initScalar in this build).
// It returns false if a given is not a digit 1 to 9 or two givens conflict.
func (s *stateV) initV(p *[81]uint8) bool { return s.initScalar(p) }

// recordV copies the solution in s to sv.sol (recordScalar in this build).
func (sv *solver9) recordV(s *stateV) { sv.recordScalar(s) }

// cellDigits returns the set of digits that may go in cell bit of band b
// (digitsScalar in this build).
func (s *stateV) cellDigits(b int, bit uint32) uint32 { return s.digitsScalar(b, bit) }

// parse9V is parse9Words: there are no vector instructions in this build.
func parse9V(s *[81]byte, cells *[81]uint8) bool { return parse9Words(s, cells) }
