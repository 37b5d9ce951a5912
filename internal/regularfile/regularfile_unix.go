//go:build unix

package regularfile

import "syscall"

// openNoWait makes opening a named pipe return at once.
const openNoWait = syscall.O_NONBLOCK
