package pdb

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// FuzzParsePartition checks that any spec is either refused with an error
// or gives patterns that cover every tile but the blank exactly once.
func FuzzParsePartition(f *testing.F) {
	for _, s := range []string{"7-8", "6-6-3", "5-5-5", "8", "4-4", "", "-", "7--8", "+7-8", "99999999999999999999", "1-1-1-1-1-1-1-1-1-1-1-1-1-1-1-1-1"} {
		f.Add(4, 4, 0, s)
	}
	f.Add(5, 5, 0, "6-6-6-6")
	f.Add(3, 3, 4, "4-4")
	f.Add(4, 4, 0, "1,5,6,9,10,13/7,8,11,12,14,15/2,3,4")
	f.Add(3, 3, 8, "0,1,2,3/4,5,6,7")
	f.Add(3, 3, 8, "0,1,2,3//4,5,6,7")
	f.Fuzz(func(t *testing.T, w, h, blank int, spec string) {
		groups, err := ParsePartition(w, h, blank, spec)
		if err != nil {
			return
		}
		seen := map[int]bool{}
		for _, g := range groups {
			for _, c := range g {
				if c < 0 || c >= w*h || c == blank || seen[c] {
					t.Fatalf("ParsePartition(%d, %d, %d, %q) = %v: bad cell %d", w, h, blank, spec, groups, c)
				}
				seen[c] = true
			}
		}
		if len(seen) != w*h-1 {
			t.Fatalf("ParsePartition(%d, %d, %d, %q) = %v: %d tiles, want %d", w, h, blank, spec, groups, len(seen), w*h-1)
		}
	})
}

// FuzzCanonical checks that any partition, zero-aware or not, is either
// refused by Canonical with an error or opens as a set of that many cells
// (on boards of up to 16 cells, whose sets take no time to lay out).
func FuzzCanonical(f *testing.F) {
	for _, s := range []string{"4-4", "zero:4-4", "zero:zero:4-4", "zero:", "zero:1,2,3,4/5,6,7,8|1,3,5,7/2,4,6,8", "zero:catalogue", "4-4|4-4", "zero:8"} {
		f.Add(3, 3, 0, s)
	}
	f.Add(4, 4, 15, "zero:7-8")
	f.Add(2, 4, 3, "zero:0,1,2/4,5,6,7")
	f.Fuzz(func(t *testing.T, w, h, blank int, spec string) {
		if w < 2 || h < 2 || w*h > 16 || blank < 0 || blank >= w*h {
			return
		}
		canon, part, err := Canonical(w, h, blank, spec)
		if err != nil {
			return
		}
		s, _, err := newSet(w, h, canon, part)
		if err != nil {
			t.Fatalf("Canonical(%d, %d, %d, %q) = %d, %q, which does not open: %v", w, h, blank, spec, canon, part, err)
		}
		if _, zero := splitZero(spec); s.ZeroAware() != zero {
			t.Fatalf("%q: ZeroAware() = %v", spec, s.ZeroAware())
		}
	})
}

// FuzzReadTable feeds arbitrary file contents to the reader: it must refuse
// anything but the exact table, and never panic.
func FuzzReadTable(f *testing.F) {
	dir := f.TempDir()
	g, _ := newGeom(3, 3)
	p, _ := newPattern(g, []int{1, 2, 3, 4})
	tab, err := build(context.Background(), p, 0, nil)
	if err != nil {
		f.Fatal(err)
	}
	if err := writeTable(dir, p, 0, tab); err != nil {
		f.Fatal(err)
	}
	name := filepath.Join(dir, fileName(3, 3, 0, p.cells))
	good, err := os.ReadFile(name)
	if err != nil {
		f.Fatal(err)
	}
	f.Add(good)
	f.Add(good[:40])
	f.Add([]byte("SLABPDB\x00"))
	f.Add([]byte{})
	f.Fuzz(func(t *testing.T, data []byte) {
		if err := os.WriteFile(name, data, 0o644); err != nil {
			t.Fatal(err)
		}
		for _, inMemory := range []bool{false, true} {
			got, err := readTable(dir, p, 0, inMemory)
			if err == nil && !bytes.Equal(data, good) {
				t.Fatalf("in memory %v: accepted a file that differs from the one written (%d bytes)", inMemory, len(data))
			}
			if err == nil && !slices.Equal(got, tab) {
				t.Fatalf("in memory %v: table of %d words differs from the one written (%d words)", inMemory, len(got), len(tab))
			}
		}
	})
}
