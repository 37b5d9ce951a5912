package sudoku

import (
	"runtime"
	"syscall"
	"time"
)

// threadCPU locks the goroutine to its thread and returns a function that
// reports the CPU time the thread has used since: on a loaded machine it
// is closer to the unloaded run time than the wall clock.
func threadCPU() func() time.Duration {
	runtime.LockOSThread()
	start := threadTime()
	return func() time.Duration { return threadTime() - start }
}

func threadTime() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(1 /* RUSAGE_THREAD */, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
