package atomicfile

import (
	"encoding"
	"os"
	"path/filepath"
)

// WriteMarshaled replaces the file dir/name with the binary form of v, as
// WriteFile does, making dir first if it does not exist: the way a cache
// keeps what it built.
func WriteMarshaled(dir, name string, v encoding.BinaryMarshaler, perm os.FileMode) error {
	data, err := v.MarshalBinary()
	if err != nil {
		return err
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	return WriteFile(filepath.Join(dir, name), data, perm)
}
