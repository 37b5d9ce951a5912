//go:build race

package pdb

// raceEnabled reports a test binary built with -race. The detector slows
// the exhaustive, single-threaded comparisons against references about
// tenfold and finds nothing in them, so under it those tests take a
// sample of their boards and patterns; the concurrent paths run whole.
const raceEnabled = true
