//go:build unix

package regularfile

import (
	"os"
	"syscall"
)

// openNoWait makes opening a named pipe return at once.
const openNoWait = syscall.O_NONBLOCK

// mapFile maps the size bytes of f read-only, shared with the file cache,
// and reports whether it could.
func mapFile(f *os.File, size int64) ([]byte, bool) {
	if size <= 0 || size > 1<<30 {
		return nil, false
	}
	sc, err := f.SyscallConn()
	if err != nil {
		return nil, false
	}
	var b []byte
	cerr := sc.Control(func(fd uintptr) {
		b, err = syscall.Mmap(int(fd), 0, int(size), syscall.PROT_READ, syscall.MAP_SHARED|mapPopulate)
	})
	return b, cerr == nil && err == nil
}

func unmap(b []byte) error { return syscall.Munmap(b) }
