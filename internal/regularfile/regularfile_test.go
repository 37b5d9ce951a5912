//go:build unix

package regularfile_test

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/searchlab/searchlab/internal/regularfile"
)

// TestOpen checks that a regular file opens and reads, and that a
// directory, a named pipe with no writer (an open that waited would hang
// the test) and a device are refused with an error that names what they
// are.
func TestOpen(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	file := filepath.Join(dir, "table")
	if err := os.WriteFile(file, []byte("bytes"), 0o644); err != nil {
		t.Fatal(err)
	}
	if b, err := regularfile.ReadFile(file); err != nil || string(b) != "bytes" {
		t.Errorf("ReadFile(regular) = %q, %v; want \"bytes\", nil", b, err)
	}
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ path, kind string }{
		{dir, "a directory"},
		{fifo, "a named pipe"},
		{"/dev/null", "a device"},
	} {
		f, err := regularfile.Open(tc.path)
		if err == nil {
			f.Close()
			t.Errorf("Open(%s) succeeded, want it refused", tc.path)
			continue
		}
		if !strings.Contains(err.Error(), tc.kind) {
			t.Errorf("Open(%s) = %v, want an error naming %s", tc.path, err, tc.kind)
		}
	}
	if _, err := regularfile.Open(filepath.Join(dir, "missing")); !os.IsNotExist(err) {
		t.Errorf("Open(missing) = %v, want a not-exist error", err)
	}
}
