package pdb

import (
	"io"
	"os"
	"syscall"

	"github.com/searchlab/searchlab/internal/regularfile"
)

// allocWords returns n zeroed words of memory outside the Go heap, backed by
// huge pages where the kernel allows it: the builder and the search touch
// these arrays at random, and huge pages spare most of the TLB misses.
// free gives the memory back; the words must not be used after.
func allocWords(n int64) (words []uint32, free func()) {
	return mmapWords(n, true)
}

// allocPages is allocWords with small pages: for the block builder, whose
// accesses stay within a few kilobytes at a time, faulting in huge pages
// (the kernel compacts memory for them) costs more than it saves.
func allocPages(n int64) (words []uint32, free func()) {
	return mmapWords(n, false)
}

func mmapWords(n int64, huge bool) (words []uint32, free func()) {
	if n < 1<<18 {
		return make([]uint32, n), func() {}
	}
	const madvHugepage = 14
	size := int(n * 4)
	b, err := syscall.Mmap(-1, 0, size, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_PRIVATE|syscall.MAP_ANON)
	if err != nil {
		return make([]uint32, n), func() {}
	}
	if huge {
		syscall.Madvise(b, madvHugepage)
	}
	return unsafeWords(b), func() { syscall.Munmap(b) }
}

// loadWords returns the n bytes of f from offset off as words, mapped
// read-only into memory: the pages are read from the page cache as they are
// touched, and nothing is copied. The mapping is kept for the life of the
// process. On a big-endian machine, or if the mapping fails, the bytes are
// read and copied instead.
func loadWords(f *os.File, off, n int64) ([]uint32, error) {
	if n == 0 {
		return nil, nil
	}
	if littleEndian && off%4 == 0 {
		b, err := syscall.Mmap(int(f.Fd()), 0, int(off+n), syscall.PROT_READ, syscall.MAP_SHARED)
		if err == nil {
			return unsafeWords(b[off:]), nil
		}
	}
	return readWords(f, off, n)
}

// readResident returns the n bytes of f from offset off as words, read
// into memory outside the Go heap, backed by huge pages where the kernel
// allows it (see allocWords). The memory is kept for the life of the
// process, like loadWords' mappings.
func readResident(f *os.File, off, n int64) ([]uint32, error) {
	if !littleEndian {
		return readWords(f, off, n)
	}
	t, free := allocWords(n / 4)
	if err := readInto(f, off, t); err != nil {
		free()
		return nil, err
	}
	return t, nil
}

// mapFile returns the contents of the file at path, mapped read-only into
// memory (kept for the life of the process), or read if it cannot be
// mapped. The bytes must not be written.
func mapFile(path string) ([]byte, error) {
	f, err := regularfile.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if n := fi.Size(); n > 0 && n < 1<<30 {
		if b, err := syscall.Mmap(int(f.Fd()), 0, int(n), syscall.PROT_READ, syscall.MAP_SHARED); err == nil {
			return b, nil
		}
	}
	return io.ReadAll(f)
}
