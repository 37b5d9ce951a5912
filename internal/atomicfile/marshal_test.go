package atomicfile_test

import (
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/searchlab/searchlab/internal/atomicfile"
)

type marshaler struct {
	data string
	err  error
}

func (m marshaler) MarshalBinary() ([]byte, error) { return []byte(m.data), m.err }

// TestWriteMarshaled checks that the directory is made, the file holds the
// binary form, and a marshalling error leaves no file.
func TestWriteMarshaled(t *testing.T) {
	t.Parallel()
	dir := filepath.Join(t.TempDir(), "a", "b")
	if err := atomicfile.WriteMarshaled(dir, "f", marshaler{data: "bytes"}, 0o644); err != nil {
		t.Fatal(err)
	}
	if got, err := os.ReadFile(filepath.Join(dir, "f")); err != nil || string(got) != "bytes" {
		t.Errorf("read %q, %v; want %q", got, err, "bytes")
	}
	bad := errors.New("cannot marshal")
	if err := atomicfile.WriteMarshaled(dir, "g", marshaler{err: bad}, 0o644); !errors.Is(err, bad) {
		t.Errorf("error %v, want %v", err, bad)
	}
	if _, err := os.Stat(filepath.Join(dir, "g")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("a file after a failed marshal: %v", err)
	}
}
