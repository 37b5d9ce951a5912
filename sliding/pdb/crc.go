package pdb

import (
	"hash/crc32"
	"os"
	"runtime"
	"sync"
)

// crcCombine returns the CRC-32C of the concatenation A||B from crcA, the
// CRC-32C of A, and crcB, the CRC-32C of B, which is n bytes long: it
// appends n zero bits' worth of shifts to crcA by squaring the shift
// operator over GF(2) (the method of zlib's crc32_combine).
func crcCombine(crcA, crcB uint32, n int64) uint32 {
	if n <= 0 {
		return crcA
	}
	var even, odd [32]uint32 // operators: shift by 2^k zero bits
	odd[0] = crc32.Castagnoli
	for i, row := 1, uint32(1); i < 32; i, row = i+1, row<<1 {
		odd[i] = row
	}
	square(&even, &odd) // 2 zero bits
	square(&odd, &even) // 4 zero bits
	for {
		square(&even, &odd) // 1 zero byte, then 4, 16, ...
		if n&1 != 0 {
			crcA = times(&even, crcA)
		}
		if n >>= 1; n == 0 {
			break
		}
		square(&odd, &even)
		if n&1 != 0 {
			crcA = times(&odd, crcA)
		}
		if n >>= 1; n == 0 {
			break
		}
	}
	return crcA ^ crcB
}

// times applies the operator mat to vec over GF(2).
func times(mat *[32]uint32, vec uint32) uint32 {
	var sum uint32
	for i := 0; vec != 0; i, vec = i+1, vec>>1 {
		if vec&1 != 0 {
			sum ^= mat[i]
		}
	}
	return sum
}

// square sets sq to mat applied twice.
func square(sq, mat *[32]uint32) {
	for i := range mat {
		sq[i] = times(mat, mat[i])
	}
}

// fileCRC returns the CRC-32C of the n bytes of f from offset off, read in
// one part per processor at once and the parts' checksums combined, and
// whether every byte could be read.
func fileCRC(f *os.File, off, n int64) (uint32, bool) {
	parts := int64(runtime.GOMAXPROCS(0))
	if parts < 1 || n < 1<<24 {
		parts = 1
	}
	size := (n + parts - 1) / parts
	crcs := make([]uint32, parts)
	lens := make([]int64, parts)
	oks := make([]bool, parts)
	var wg sync.WaitGroup
	for i := range parts {
		lo := off + int64(i)*size
		hi := min(off+n, lo+size)
		lens[i] = max(0, hi-lo)
		wg.Add(1)
		go func() {
			defer wg.Done()
			buf := make([]byte, 1<<20)
			var sum uint32
			for at := lo; at < hi; {
				k := min(hi-at, int64(len(buf)))
				if _, err := f.ReadAt(buf[:k], at); err != nil {
					return
				}
				sum = crc32.Update(sum, castagnoli, buf[:k])
				at += k
			}
			crcs[i], oks[i] = sum, true
		}()
	}
	wg.Wait()
	var sum uint32
	for i := range parts {
		if !oks[i] {
			return 0, false
		}
		sum = crcCombine(sum, crcs[i], lens[i])
	}
	return sum, true
}
