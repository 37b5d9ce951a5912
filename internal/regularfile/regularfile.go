// Package regularfile opens, reads and maps files that must be regular
// files (databases, tables, checkpoints) without waiting: a named pipe or a
// device where such a file should be is an error at once, not a hang.
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
	f, _, err := open(path)
	return f, err
}

// open is Open, which also returns the file's size.
func open(path string) (*os.File, int64, error) {
	f, err := os.OpenFile(path, os.O_RDONLY|openNoWait, 0)
	if err != nil {
		return nil, 0, err
	}
	fi, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, 0, err
	}
	if !fi.Mode().IsRegular() {
		f.Close()
		return nil, 0, fmt.Errorf("%s is not a regular file (%s)", path, fileKind(fi.Mode()))
	}
	return f, fi.Size(), nil
}

// ReadFile reads the whole regular file at path (see Open).
func ReadFile(path string) ([]byte, error) {
	f, size, err := open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return readAll(f, size)
}

// readAll reads f whole into a buffer of its size as it was opened, then
// whatever it has grown by since.
func readAll(f *os.File, size int64) ([]byte, error) {
	if size <= 0 || size > 1<<30 {
		return io.ReadAll(f)
	}
	data := make([]byte, size)
	n, err := io.ReadFull(f, data)
	switch err {
	case nil:
		rest, err := io.ReadAll(f)
		return append(data, rest...), err
	case io.EOF, io.ErrUnexpectedEOF: // cut short since
		return data[:n], nil
	}
	return nil, err
}

// Map returns the contents of the regular file at path (see Open), mapped
// read-only into memory where the system allows it (MapFile), else read as
// ReadFile does. The mapping is never undone: Map suits files read for the
// life of the process and replaced only whole, by renaming a new file over
// them (as internal/atomicfile does), since a file cut short in place
// would fault the reader of its mapping. The bytes must not be written.
func Map(path string) ([]byte, error) {
	f, size, err := open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if b, ok := mapFile(f, size); ok {
		return b, nil
	}
	return readAll(f, size)
}

// MapFile maps the regular file f, whole as it is now, read-only into
// memory, and reports whether it could (not for an empty file, nor where
// the system has no mappings). A mapping shares the pages of the system's
// file cache instead of copying them into the heap; on Linux they are
// mapped at once, which costs far fewer page faults than a copy. Unmap
// undoes it; until then the file must not be cut short (its reader would
// fault) and the bytes must not be written.
func MapFile(f *os.File) ([]byte, bool) {
	fi, err := f.Stat()
	if err != nil || !fi.Mode().IsRegular() {
		return nil, false
	}
	return mapFile(f, fi.Size())
}

// Unmap undoes a mapping that MapFile made; b must not be used after.
func Unmap(b []byte) error { return unmap(b) }

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
