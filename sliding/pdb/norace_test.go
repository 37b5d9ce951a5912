//go:build !race

package pdb

// raceEnabled reports a test binary built with -race (see race_test.go).
const raceEnabled = false
