//go:build unix

package pdbsearch_test

import (
	"syscall"
	"time"
)

// cpuTime returns the processor time this process has used, user and
// system, on all threads.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
