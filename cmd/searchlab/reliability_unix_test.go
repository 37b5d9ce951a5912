//go:build unix

package main

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestPipeForTable puts a named pipe where a cached table should be: the
// command must fail at once with a message naming the file, not hang past
// --timeout.
func TestPipeForTable(t *testing.T) {
	cache := t.TempDir()
	t.Setenv("XDG_CACHE_HOME", cache)
	const board = "5 1 2 3 9 6 7 4 13 10 11 8 0 14 15 12\n"
	if code, out, errOut := runCLI(t, board, "sliding"); code != 0 || strings.TrimSpace(out) != "9" {
		t.Fatalf("first solve: exit %d, %q, %s", code, out, errOut)
	}
	tables, _ := filepath.Glob(filepath.Join(cache, "searchlab", "pdb", "*.pdb"))
	if len(tables) == 0 {
		t.Fatal("no table cached")
	}
	os.Remove(tables[0])
	if err := syscall.Mkfifo(tables[0], 0o644); err != nil {
		t.Skip("no named pipes: ", err)
	}
	start := time.Now()
	code, _, errOut := runCLI(t, board, "sliding", "--timeout", "2s")
	if took := time.Since(start); code == 0 || !strings.Contains(errOut, "is not a regular file (a named pipe)") || took > 3*time.Second {
		t.Errorf("a pipe for a table: exit %d after %v: %s", code, took, errOut)
	}
}
