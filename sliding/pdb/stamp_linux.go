package pdb

import "syscall"

// ctimeNanos returns a file's change time in nanoseconds.
func ctimeNanos(st *syscall.Stat_t) int64 { return st.Ctim.Nano() }
