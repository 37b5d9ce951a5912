// Package pdbtest damages pattern-database files on disk, for the tests of
// sliding/pdb and of the packages that serve its tables.
package pdbtest

import (
	"os"
	"path/filepath"
	"testing"
)

// Truncate cuts every file that matches pattern (a filepath.Glob pattern,
// such as dir/4x4-*.pdb) to its first 4 KB, in place, as a disk or a
// careless copy might while a server maps the tables, and returns the
// files. It fails the test when no file matches.
func Truncate(t testing.TB, pattern string) []string {
	t.Helper()
	files, err := filepath.Glob(pattern)
	if err != nil || len(files) == 0 {
		t.Fatalf("no tables match %s (%v)", pattern, err)
	}
	for _, f := range files {
		if err := os.Truncate(f, 4096); err != nil {
			t.Fatal(err)
		}
	}
	return files
}
