package search

import (
	"math/rand/v2"
	"reflect"
	"testing"
)

// checkNumbering numbers keys (repeats included) with a fresh nodes and
// checks every number against a Go map's, that every probe ends, and that
// the table stays within its bounds: at most 16 slots a state beyond
// its first 65,536 slots, and few probes beyond the first on average.
func checkNumbering[S comparable](t *testing.T, what string, keys []S) {
	t.Helper()
	nd := newNodes[S](nil)
	if nd.tab == nil {
		t.Fatalf("%s: %T is not hashed", what, keys[0])
	}
	want := map[S]int32{}
	for i, k := range keys {
		id, fresh := nd.find(k)
		w, seen := want[k]
		if !seen {
			w = int32(len(want))
			want[k] = w
		}
		if id != w || fresh == seen {
			t.Fatalf("%s: key %d (%v): number %d fresh %v, want %d fresh %v", what, i, k, id, fresh, w, !seen)
		}
	}
	if nd.len() != len(want) {
		t.Fatalf("%s: %d numbered, want %d", what, nd.len(), len(want))
	}
	for k, w := range want {
		if got := nd.state(w); got != k {
			t.Fatalf("%s: state %d is %v, want %v", what, w, got, k)
		}
	}
	if len(nd.tab) > max(16*len(want), 1<<17) {
		t.Errorf("%s: %d slots for %d states", what, len(nd.tab), len(want))
	}
	// The mean probe length of the states in the table: a table that
	// crowds its states makes it grow.
	total := 0
	for id := range nd.len() {
		lane, tile := nd.slot(words(nd.keys.at(int32(id))))
		mask := uint(len(nd.tab) - 1)
		for i := tile + lane; nd.tab[i&mask] != uint32(id)+1; i += 1 << nd.tile.bits {
			total++
		}
	}
	if mean := float64(total) / float64(nd.len()); mean > 1.5 {
		t.Errorf("%s: %.1f probes a state beyond the first (tiles of %d)", what, mean, 1<<nd.tile.bits)
	}
}

type cell32 struct{ R, C int32 }

type cell16 struct {
	X, Y int16
	Dir  uint8
	Keys uint8
	Z    uint16
}

// TestNodesNumbering checks the hashed numbering on patterns that crowd
// a hash or a tiling: dense grids, grids of every fourth cell (one lane),
// sequential and strided integers, keys that differ only in high bits,
// and states of odd sizes.
func TestNodesNumbering(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(1, 2))
	var grid, sparse, line, diag []cell32
	for i := range int32(300) {
		for j := range int32(300) {
			grid = append(grid, cell32{i, j}, cell32{j, i})
			sparse = append(sparse, cell32{4 * i, 4 * j})
			line = append(line, cell32{0, 16 * (300*i + j)})
		}
		diag = append(diag, cell32{i, i}, cell32{i << 20, -i << 20})
	}
	checkNumbering(t, "dense grid", grid)
	var wideGrid, wideSparse []Cell
	for _, c := range grid {
		wideGrid = append(wideGrid, Cell{int(c.R), int(c.C)})
	}
	for _, c := range sparse {
		wideSparse = append(wideSparse, Cell{int(c.R), int(c.C)})
	}
	checkNumbering(t, "dense grid of Cells", wideGrid)
	checkNumbering(t, "every fourth Cell", wideSparse)
	if tl := tilingOf(reflect.TypeFor[Cell]()); unaligned && tl.bits == 0 {
		t.Errorf("a Cell is not tiled: %+v", tl)
	}
	checkNumbering(t, "every fourth cell", sparse)
	checkNumbering(t, "a strided line", line)
	checkNumbering(t, "diagonals", diag)
	var seq, strided, high []uint64
	var random []int64
	for i := range uint64(100_000) {
		seq = append(seq, i)
		strided = append(strided, i<<4)
		high = append(high, i<<44)
		random = append(random, r.Int64())
	}
	checkNumbering(t, "sequential", seq)
	checkNumbering(t, "multiples of 16", strided)
	checkNumbering(t, "high bits", high)
	checkNumbering(t, "random", append(random, random...))
	var small []cell16
	var bytes3 [][3]byte
	var wide [][3]int64
	var flags []struct {
		A bool
		B int8
	}
	for i := range 20_000 {
		small = append(small, cell16{int16(i % 150), int16(i / 150), uint8(i % 4), 0, 7})
		bytes3 = append(bytes3, [3]byte{byte(i), byte(i >> 8), byte(i >> 16)})
		wide = append(wide, [3]int64{int64(i), int64(i) << 32, -1})
		flags = append(flags, struct {
			A bool
			B int8
		}{i%2 == 0, int8(i)})
	}
	checkNumbering(t, "a struct of 8 bytes", small)
	checkNumbering(t, "3 bytes", bytes3)
	checkNumbering(t, "24 bytes", wide)
	checkNumbering(t, "booleans", flags)
}

func TestBytesEqual(t *testing.T) {
	t.Parallel()
	type padded struct {
		A int8
		B int32
	}
	type blank struct {
		A int32
		_ int32
	}
	type nested struct {
		C [2]cell32
		D uint64
	}
	for _, c := range []struct {
		v    any
		want bool
	}{
		{0, true}, {uint8(0), true}, {false, true}, {cell32{}, true}, {cell16{}, true},
		{nested{}, true}, {[4]uint16{}, true},
		{padded{}, false}, {blank{}, false}, {0.0, false}, {"", false}, {[2]float32{}, false},
		{new(int), false}, {struct{ S string }{}, false},
	} {
		if got := bytesEqual(reflect.TypeOf(c.v)); got != c.want {
			t.Errorf("bytesEqual(%T) = %v, want %v", c.v, got, c.want)
		}
	}
}
