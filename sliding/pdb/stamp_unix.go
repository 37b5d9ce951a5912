//go:build unix

package pdb

import (
	"io/fs"
	"syscall"
)

// fileIdentity returns the inode, device and change time (in nanoseconds)
// of a file, where the system reports them.
func fileIdentity(fi fs.FileInfo) (ino, dev uint64, ctime int64) {
	st, ok := fi.Sys().(*syscall.Stat_t)
	if !ok {
		return 0, 0, 0
	}
	return uint64(st.Ino), uint64(st.Dev), ctimeNanos(st)
}
