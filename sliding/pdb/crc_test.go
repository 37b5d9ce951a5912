package pdb

import (
	"hash/crc32"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"
)

// TestCRCCombine checks crcCombine against the checksum of the whole, at
// random split points.
func TestCRCCombine(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(1, 2))
	b := make([]byte, 5000)
	for i := range b {
		b[i] = byte(r.Uint32())
	}
	for range 200 {
		n := r.IntN(len(b) + 1)
		k := r.IntN(n + 1)
		want := crc32.Checksum(b[:n], castagnoli)
		got := crcCombine(crc32.Checksum(b[:k], castagnoli), crc32.Checksum(b[k:n], castagnoli), int64(n-k))
		if got != want {
			t.Fatalf("split %d of %d: %08x, want %08x", k, n, got, want)
		}
	}
}

// TestFileCRC checks fileCRC on a file large enough to be read in parts,
// and on one cut short.
func TestFileCRC(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(3, 4))
	b := make([]byte, 1<<24+12345)
	for i := range b {
		b[i] = byte(r.Uint32())
	}
	path := filepath.Join(t.TempDir(), "f")
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if got, ok := fileCRC(f, 7, int64(len(b)-7)); !ok || got != crc32.Checksum(b[7:], castagnoli) {
		t.Errorf("fileCRC = %08x, %v; want %08x, true", got, ok, crc32.Checksum(b[7:], castagnoli))
	}
	if _, ok := fileCRC(f, 7, int64(len(b))); ok {
		t.Error("fileCRC past the end reported every byte read")
	}
}
