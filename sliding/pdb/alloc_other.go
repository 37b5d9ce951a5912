//go:build !linux

package pdb

// allocWords returns n zeroed words; free does nothing.
func allocWords(n int64) (words []uint32, free func()) {
	return make([]uint32, n), func() {}
}

// allocPages is allocWords.
func allocPages(n int64) (words []uint32, free func()) {
	return allocWords(n)
}
