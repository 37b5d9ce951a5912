// Package regularfile opens files that must be regular files (databases,
// tables, checkpoints) without waiting: a named pipe or a device where such
// a file should be is an error at once, not a hang.
package regularfile

import (
	"fmt"
	"io"
	"os"
)

// Open opens the file at path for reading, refusing anything but a
// regular file. The open itself never waits: a named pipe or a device put
// where a database, table or checkpoint should be is an error at once,
// not a hang.
func Open(path string) (*os.File, error) {
	f, err := os.OpenFile(path, os.O_RDONLY|openNoWait, 0)
	if err != nil {
		return nil, err
	}
	fi, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, err
	}
	if !fi.Mode().IsRegular() {
		f.Close()
		return nil, fmt.Errorf("%s is not a regular file (%s)", path, fileKind(fi.Mode()))
	}
	return f, nil
}

// ReadFile reads the whole regular file at path (see Open).
func ReadFile(path string) ([]byte, error) {
	f, err := Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return io.ReadAll(f)
}

// fileKind names the kind of file that mode describes.
func fileKind(mode os.FileMode) string {
	switch {
	case mode.IsDir():
		return "a directory"
	case mode&os.ModeNamedPipe != 0:
		return "a named pipe"
	case mode&os.ModeSocket != 0:
		return "a socket"
	case mode&os.ModeDevice != 0:
		return "a device"
	}
	return "not a plain file"
}
