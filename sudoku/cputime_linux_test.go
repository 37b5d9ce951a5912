package sudoku

import (
	"syscall"
	"time"
)

// threadCPU returns a function that reports the CPU time the process has
// used since: for a single-threaded benchmark that does not allocate, on a
// loaded machine, it is closer to the unloaded run time than the wall
// clock.
func threadCPU() func() time.Duration {
	start := processTime()
	return func() time.Duration { return processTime() - start }
}

func processTime() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
