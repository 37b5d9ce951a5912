package sudoku

import (
	"os"
	"strings"
)

// core9 names a propagation and branching method of the 9x9 solver.
type core9 uint8

const (
	// coreBands is the band pass and naked singles, branching on a cell:
	// the default where the processor has no AVX2.
	coreBands core9 = iota
	// coreVector (vector9.go) applies coreBands' rules to all digits at
	// once, its passes in portable Go (propagateScalar): the reference
	// for the two below, which make the same branches.
	coreVector
	// coreVectorAVX2 is coreVector with its passes in AVX2 assembly.
	coreVectorAVX2
	// coreVectorAVX512 is coreVector with its passes in AVX-512 assembly
	// (propagateAsm).
	coreVectorAVX512
)

// vector reports whether c is one of the coreVector family.
func (c core9) vector() bool { return c >= coreVector }

// coreNames are the names of the cores, as CoreName returns them and
// the environment variable CoreEnv takes them (without "vector-").
var coreNames = [...]string{
	coreBands:        "bands",
	coreVector:       "vector-portable",
	coreVectorAVX2:   "vector-avx2",
	coreVectorAVX512: "vector-avx512",
}

func (c core9) String() string { return coreNames[c] }

// CoreEnv is the environment variable that forces the 9x9 core: avx512,
// avx2, bands or portable (coreVector's passes in Go). A core the
// processor cannot run, or an unknown name, leaves the choice to the
// processor.
const CoreEnv = "SEARCHLAB_SUDOKU_CORE"

// defaultCore9 is the 9x9 core that Solve, Solver and SolveLines use:
// the one CoreEnv names, else the fastest the processor runs.
var defaultCore9 = chooseCore9(os.Getenv(CoreEnv))

// chooseCore9 returns the core named name (as CoreEnv takes it) if the
// processor runs it, else coreVectorAVX512, coreVectorAVX2 or coreBands,
// the first the processor runs.
func chooseCore9(name string) core9 {
	name = strings.TrimPrefix(strings.ToLower(strings.TrimSpace(name)), "vector-")
	for c, n := range coreNames {
		if strings.TrimPrefix(n, "vector-") == name && core9(c).supported() {
			return core9(c)
		}
	}
	for _, c := range []core9{coreVectorAVX512, coreVectorAVX2} {
		if c.supported() {
			return c
		}
	}
	return coreBands
}

// CoreName returns the name of the 9x9 core in use: "vector-avx512",
// "vector-avx2" (coreVector's passes in assembly for those instruction
// sets), "bands" (the portable default without them) or
// "vector-portable" (coreVector in Go, forced by CoreEnv).
func CoreName() string { return defaultCore9.String() }
