// Package racetest tells tests whether they run under the race detector.
// The detector slows single-threaded code tens of times and finds nothing
// in it, so the heaviest exhaustive comparisons against references then
// take a sample of their instances, while the concurrent paths run whole.
package racetest
