//go:build !linux

package pdb

import (
	"os"

	"github.com/searchlab/searchlab/internal/regularfile"
)

// allocWords returns n zeroed words; free does nothing.
func allocWords(n int64) (words []uint32, free func()) {
	return make([]uint32, n), func() {}
}

// allocPages is allocWords.
func allocPages(n int64) (words []uint32, free func()) {
	return allocWords(n)
}

// loadWords returns the n bytes of f from offset off as words, read into
// memory.
func loadWords(f *os.File, off, n int64) ([]uint32, error) {
	return readWords(f, off, n)
}

// readResident returns the n bytes of f from offset off as words, read
// into memory.
func readResident(f *os.File, off, n int64) ([]uint32, error) {
	return readWords(f, off, n)
}

// mapFile returns the contents of the file at path.
func mapFile(path string) ([]byte, error) {
	return regularfile.ReadFile(path)
}
