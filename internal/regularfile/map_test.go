package regularfile_test

import (
	"bytes"
	"os"
	"path/filepath"
	"runtime"
	"testing"

	"github.com/searchlab/searchlab/internal/regularfile"
)

// TestMap checks that Map and MapFile give a file's bytes, whole (several
// pages, one byte, none), that Map refuses a directory as Open does, that a
// missing file is a not-exist error, and that ReadFile reads the same.
func TestMap(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	for _, size := range []int{0, 1, 3*4096 + 5} {
		want := bytes.Repeat([]byte{'x'}, size)
		for i := range want {
			want[i] = byte(i * 7)
		}
		path := filepath.Join(dir, "table")
		if err := os.WriteFile(path, want, 0o644); err != nil {
			t.Fatal(err)
		}
		if got, err := regularfile.Map(path); err != nil || !bytes.Equal(got, want) {
			t.Errorf("Map of %d bytes: %d bytes, %v", size, len(got), err)
		}
		if got, err := regularfile.ReadFile(path); err != nil || !bytes.Equal(got, want) {
			t.Errorf("ReadFile of %d bytes: %d bytes, %v", size, len(got), err)
		}
		f, err := os.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		if got, ok := regularfile.MapFile(f); ok {
			if !bytes.Equal(got, want) {
				t.Errorf("MapFile of %d bytes: %d bytes, not the file's", size, len(got))
			}
			if err := regularfile.Unmap(got); err != nil {
				t.Errorf("Unmap: %v", err)
			}
		} else if size > 0 && runtime.GOOS == "linux" {
			t.Errorf("MapFile of %d bytes did not map it", size)
		}
		f.Close()
	}
	if _, err := regularfile.Map(dir); err == nil {
		t.Errorf("Map(directory) succeeded, want it refused")
	}
	if _, err := regularfile.Map(filepath.Join(dir, "missing")); !os.IsNotExist(err) {
		t.Errorf("Map(missing) = %v, want a not-exist error", err)
	}
}
