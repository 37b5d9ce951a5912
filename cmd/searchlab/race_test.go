//go:build race

package main

// raceEnabled reports whether the tests run under the race detector, which
// slows single-threaded code about fifty times: the heaviest brute-force
// comparisons then check fewer random instances (see where it is used).
const raceEnabled = true
