package pdb

import "syscall"

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
