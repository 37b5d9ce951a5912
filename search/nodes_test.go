package search

import (
	"context"
	"fmt"
	"iter"
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"
)

// mode names how a nodes numbers its states now.
func (t *nodes[S]) mode() string {
	switch {
	case t.paged:
		return "paged"
	case t.tab != nil && t.base > 0:
		return "paged, then hashed"
	case t.tab != nil:
		return "hashed"
	case t.index != nil:
		return "indexed"
	}
	return "map"
}

// checkNumbering numbers keys (repeats included) with a fresh nodes and
// checks that each state keeps one number, that no two states share one,
// that each number gives its state back, and that the numbering ends in
// the mode want. It checks the bounds on memory: pages hold at most
// 16 slots a state beyond the first freePages; the hashed table at
// most 16 slots a state beyond its first 65,536 slots, and few probes
// beyond the first on average.
func checkNumbering[S comparable](t *testing.T, what string, keys []S, want string) {
	t.Helper()
	nd := newNodes[S](nil, 16)
	ids := map[S]int32{}
	taken := map[int32]bool{}
	for i, k := range keys {
		id, fresh := nd.find(k)
		w, seen := ids[k]
		switch {
		case id < 0:
			t.Fatalf("%s: key %d (%v) not numbered", what, i, k)
		case seen && (fresh || id != w):
			t.Fatalf("%s: key %d (%v) again: number %d fresh %v, want %d", what, i, k, id, fresh, w)
		case !seen && (!fresh || taken[id]):
			t.Fatalf("%s: key %d (%v) is new: number %d fresh %v (taken %v)", what, i, k, id, fresh, taken[id])
		}
		ids[k], taken[id] = id, true
	}
	if nd.len() != len(ids) {
		t.Fatalf("%s: %d numbered, want %d", what, nd.len(), len(ids))
	}
	for k, id := range ids {
		if got := nd.state(id); got != k {
			t.Fatalf("%s: state %d is %v, want %v", what, id, got, k)
		}
	}
	n := 0
	nd.each(func(id int32) {
		n++
		if !taken[id] {
			t.Fatalf("%s: each gives %d, no state's number", what, id)
		}
	})
	if n != len(ids) {
		t.Fatalf("%s: each gives %d numbers, want %d", what, n, len(ids))
	}
	if got := nd.mode(); got != want {
		t.Errorf("%s: %s, want %s (%d pages, %d states)", what, got, want, len(nd.pageKeys), nd.len())
	}
	if pages := len(nd.pageKeys); pages > freePages && pages*pageLen > nd.sparse*nd.len()+pageLen {
		t.Errorf("%s: %d pages for %d states", what, pages, nd.len())
	}
	if nd.tab == nil {
		return
	}
	if len(nd.tab) > max(16*len(ids), 1<<17) {
		t.Errorf("%s: %d slots for %d states", what, len(nd.tab), len(ids))
	}
	// The mean probe length of the states in the table: a table that
	// crowds its states makes it grow.
	total := 0
	nd.each(func(id int32) {
		s := nd.state(id)
		lane, tile := nd.slot(words(&s))
		mask := uint(len(nd.tab) - 1)
		for i := tile + lane; nd.tab[i&mask] != uint32(id)+1; i += 1 << nd.tile.bits {
			total++
		}
	})
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

// TestNodesNumbering checks the numbering on patterns that crowd a hash,
// a tiling or the pages: dense grids (negative coordinates too), grids of
// every fourth cell (one lane of a tile, a sixteenth of each page),
// sequential and strided integers, keys that differ only in high bits,
// states of every size, and a search that turns sparse after a dense
// start.
func TestNodesNumbering(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(1, 2))
	// grid is a 300 x 300 square as a search from a corner reaches it,
	// by diagonals, and again; rows is the same in reading order, which
	// the pages take for a sparse pattern at first.
	var grid, rows, sparse, line, diag, centred, shuffled []cell32
	for d := range int32(599) {
		for i := max(0, d-299); i <= min(d, 299); i++ {
			grid = append(grid, cell32{i, d - i}, cell32{d - i, i})
		}
	}
	// centred is the square around 0 by rings of one distance from it.
	for d := range int32(300) {
		for i := -d; i <= d; i++ {
			if j := d - max(i, -i); j > 0 {
				centred = append(centred, cell32{i, j}, cell32{i, -j})
			} else {
				centred = append(centred, cell32{i, 0})
			}
		}
	}
	for i := range int32(300) {
		for j := range int32(300) {
			rows = append(rows, cell32{i, j})
			sparse = append(sparse, cell32{4 * i, 4 * j})
			line = append(line, cell32{0, 16 * (300*i + j)})
		}
		diag = append(diag, cell32{i, i}, cell32{i << 20, -i << 20})
	}
	shuffled = append(shuffled, grid...)
	r.Shuffle(len(shuffled), func(i, j int) { shuffled[i], shuffled[j] = shuffled[j], shuffled[i] })
	// A dense square, then every 16th cell of a line far away: paged,
	// then hashed with the square's numbers kept.
	turning := append([]cell32{}, grid[:20_000]...)
	for i := range int32(50_000) {
		turning = append(turning, cell32{-1 << 30, 16 * i}, grid[i%1000])
	}
	checkNumbering(t, "dense grid", grid, "paged")
	checkNumbering(t, "dense grid around 0", centred, "paged")
	checkNumbering(t, "dense grid, shuffled", shuffled, "paged, then hashed")
	checkNumbering(t, "dense grid by rows", rows, "paged, then hashed")
	checkNumbering(t, "dense, then sparse", turning, "paged, then hashed")
	var wideGrid, wideSparse, highGrid []Cell
	for _, c := range grid {
		wideGrid = append(wideGrid, Cell{int(c.R), int(c.C)})
		highGrid = append(highGrid, Cell{int(c.R) - 1<<40, int(c.C) + 1<<60})
	}
	for _, c := range sparse {
		wideSparse = append(wideSparse, Cell{int(c.R), int(c.C)})
	}
	checkNumbering(t, "dense grid of Cells", wideGrid, "paged")
	checkNumbering(t, "dense grid of Cells far out", highGrid, "paged")
	checkNumbering(t, "every fourth Cell", wideSparse, "paged, then hashed")
	if tl := tilingOf(reflect.TypeFor[Cell](), maxTileBits); unaligned && tl.bits == 0 {
		t.Errorf("a Cell is not tiled: %+v", tl)
	}
	checkNumbering(t, "every fourth cell", sparse, "paged, then hashed")
	checkNumbering(t, "a strided line", line, "paged, then hashed")
	checkNumbering(t, "diagonals", diag, "paged, then hashed")
	var seq, strided, high []uint64
	var random []int64
	for i := range uint64(100_000) {
		seq = append(seq, i)
		strided = append(strided, i<<4)
		high = append(high, i<<44)
		random = append(random, r.Int64())
	}
	checkNumbering(t, "sequential", seq, "paged")
	checkNumbering(t, "multiples of 16", strided, "paged, then hashed")
	checkNumbering(t, "high bits", high, "paged, then hashed")
	checkNumbering(t, "random", append(random, random...), "paged, then hashed")
	var small []cell16
	var bytes3 [][3]byte
	var wide [][3]int64
	var int16s []int16
	var six [][3]int16
	var mixed []struct {
		A    uint16
		B, C int8
	}
	var flags []struct {
		A bool
		B int8
	}
	for i := range 20_000 {
		c := grid[i%len(grid)]
		small = append(small, cell16{int16(c.R), int16(c.C), uint8(i % 4), 0, 7})
		bytes3 = append(bytes3, [3]byte{byte(i), byte(i >> 8), byte(i >> 16)})
		wide = append(wide, [3]int64{int64(i), int64(i) << 32, -1})
		int16s = append(int16s, int16(i-10_000))
		six = append(six, [3]int16{int16(c.R), int16(c.C), -3})
		mixed = append(mixed, struct {
			A    uint16
			B, C int8
		}{uint16(i), int8(i % 3), -1})
		flags = append(flags, struct {
			A bool
			B int8
		}{i%2 == 0, int8(i)})
	}
	checkNumbering(t, "a struct of 8 bytes", small, "paged")
	checkNumbering(t, "int16", int16s, "paged")
	checkNumbering(t, "6 bytes", six, "paged")
	checkNumbering(t, "4 bytes, one wide field", mixed, "paged")
	checkNumbering(t, "3 bytes", bytes3, "hashed")
	checkNumbering(t, "24 bytes", wide, "hashed")
	checkNumbering(t, "booleans", flags, "hashed")
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

// spreading is a graph on cells that is a grid of unit steps near the
// origin and, farther out, of steps of 32 cells between the cells of
// rows and columns that are multiples of 32: a search from the origin
// fills its first pages densely, then a cell in every fourth page, and
// its numbering goes from pages to the hashed table midway.
// Steps cost 1 to 5 by where they land.
func spreading(p cell32) iter.Seq2[cell32, int] {
	return func(yield func(cell32, int) bool) {
		d := int32(1)
		if max(p.R, -p.R, p.C, -p.C) >= 24 {
			d, p = 32, cell32{p.R &^ 31, p.C &^ 31}
		}
		for _, q := range [4]cell32{{p.R - d, p.C}, {p.R + d, p.C}, {p.R, p.C - d}, {p.R, p.C + d}} {
			if max(q.R, -q.R, q.C, -q.C) <= 2000 && !yield(q, 1+int(uint32(q.R*7+q.C*3)%5)) {
				return
			}
		}
	}
}

// TestPagedThenHashedSearches checks that BFS, Dijkstra and A* give the
// same answers and work on a graph whose numbering turns from pages to
// the hashed table midway as with the same states as strings (a Go map),
// and that the numbering does turn.
func TestPagedThenHashedSearches(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	key := func(c cell32) string { return fmt.Sprint(c.R, c.C) }
	cellOf := func(s string) cell32 {
		var c cell32
		fmt.Sscan(s, &c.R, &c.C)
		return c
	}
	byString := func(s string) iter.Seq2[string, int] {
		return func(yield func(string, int) bool) {
			for q, c := range spreading(cellOf(s)) {
				if !yield(key(q), c) {
					return
				}
			}
		}
	}
	goalCell := cell32{32 * 40, -32 * 30}
	isGoal := func(c cell32) bool { return c == goalCell }
	h := func(c cell32) int { return 0 }
	for _, alg := range []string{"BFS", "Dijkstra", "AStar"} {
		var got Result[cell32, int]
		var want Result[string, int]
		var gerr, werr error
		switch alg {
		case "BFS":
			got, gerr = BFS(ctx, cell32{}, spreading, isGoal, Limits{})
			want, werr = BFS(ctx, key(cell32{}), byString, func(s string) bool { return s == key(goalCell) }, Limits{})
		case "Dijkstra":
			got, gerr = Dijkstra(ctx, cell32{}, spreading, isGoal, Limits{})
			want, werr = Dijkstra(ctx, key(cell32{}), byString, func(s string) bool { return s == key(goalCell) }, Limits{})
		default:
			got, gerr = AStar(ctx, cell32{}, spreading, h, isGoal, Limits{})
			want, werr = AStar(ctx, key(cell32{}), byString, func(s string) int { return h(cellOf(s)) }, func(s string) bool { return s == key(goalCell) }, Limits{})
		}
		if gerr != nil || werr != nil {
			t.Fatalf("%s: %v, %v", alg, gerr, werr)
		}
		path := make([]string, len(got.Path))
		for i, c := range got.Path {
			path[i] = key(c)
		}
		got.Stats.Elapsed, want.Stats.Elapsed = 0, 0
		if !slices.Equal(path, want.Path) || got.Cost != want.Cost || got.Stats != want.Stats {
			t.Errorf("%s: with cells %d %+v, with strings %d %+v", alg, got.Cost, got.Stats, want.Cost, want.Stats)
		}
	}
	// The states in the order BFS reaches them turn the numbering.
	nd := newNodes[cell32](nil, 16)
	queue := []cell32{{}}
	nd.find(cell32{})
	for len(queue) > 0 && nd.len() < 100_000 {
		for q := range spreading(queue[0]) {
			if _, fresh := nd.find(q); fresh {
				queue = append(queue, q)
			}
		}
		queue = queue[1:]
	}
	if m := nd.mode(); m != "paged, then hashed" {
		t.Errorf("the numbering is %s, want paged, then hashed (%d pages, %d states)", m, len(nd.pageKeys), nd.len())
	}
}

// TestNodesSparseBound checks that the pages hold at most the slots a
// state they are given: a band of 6 cells along a diagonal (about 40
// states a page of 256) stays paged with 16 slots a state, and goes on
// hashed with 4, as under a cap of bytes.
func TestNodesSparseBound(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		sparse int
		want   string
	}{{16, "paged"}, {4, "paged, then hashed"}} {
		nd := newNodes[cell32](nil, c.sparse)
		for d := range int32(3000) {
			for k := range int32(6) {
				nd.find(cell32{d, d + k})
			}
			if pages := len(nd.pageKeys); pages > freePages && pages*pageLen > c.sparse*nd.len()+pageLen {
				t.Fatalf("%d slots a state: %d pages for %d states", c.sparse, pages, nd.len())
			}
		}
		if m := nd.mode(); m != c.want {
			t.Errorf("%d slots a state: %s, want %s", c.sparse, m, c.want)
		}
	}
}
