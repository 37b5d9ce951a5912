package atomicfile_test

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/searchlab/searchlab/internal/atomicfile"
)

func TestWriteFile(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	path := filepath.Join(dir, "f")
	for _, data := range []string{"first", "second, longer"} {
		if err := atomicfile.WriteFile(path, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
		got, err := os.ReadFile(path)
		if err != nil || string(got) != data {
			t.Errorf("read %q, %v; want %q", got, err, data)
		}
	}
	if fi, err := os.Stat(path); err != nil || fi.Mode().Perm() != 0o644 {
		t.Errorf("mode %v, %v; want 0644", fi.Mode(), err)
	}
}

// TestWriteFails checks that a failed write leaves the old file and no
// temporary one.
func TestWriteFails(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	path := filepath.Join(dir, "f")
	if err := atomicfile.WriteFile(path, []byte("old"), 0o644); err != nil {
		t.Fatal(err)
	}
	boom := errors.New("boom")
	err := atomicfile.Write(path, 0o644, func(w io.Writer) error {
		io.WriteString(w, "partial")
		return boom
	})
	if !errors.Is(err, boom) {
		t.Fatalf("Write = %v, want %v", err, boom)
	}
	if got, _ := os.ReadFile(path); string(got) != "old" {
		t.Errorf("file holds %q after a failed write, want %q", got, "old")
	}
	if files, _ := os.ReadDir(dir); len(files) != 1 {
		t.Errorf("files left: %v", files)
	}
	if err := atomicfile.WriteFile(filepath.Join(dir, "missing", "f"), nil, 0o644); err == nil {
		t.Error("WriteFile into a missing directory succeeded")
	}
}
