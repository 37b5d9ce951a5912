//go:build race

package racetest

// Enabled reports a binary built with -race.
const Enabled = true
