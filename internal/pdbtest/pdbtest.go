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

// Flip flips the bits of the byte fromEnd bytes from the end of the file
// name, in place, as a bad disk might; with keepTime it sets the file's
// modification time back, so that the file's stamp alone does not tell.
func Flip(t testing.TB, name string, fromEnd int, bits byte, keepTime bool) {
	t.Helper()
	fi, err := os.Stat(name)
	if err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	data[len(data)-fromEnd] ^= bits
	if err := os.WriteFile(name, data, 0o644); err != nil {
		t.Fatal(err)
	}
	if keepTime {
		os.Chtimes(name, fi.ModTime(), fi.ModTime())
	}
}
