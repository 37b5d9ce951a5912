//go:build unix

package pdb

import "syscall"

// openNoWait makes opening a named pipe return at once.
const openNoWait = syscall.O_NONBLOCK
