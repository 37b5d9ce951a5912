package prune_test

import (
	"bytes"
	"context"
	"errors"
	"testing"

	"github.com/searchlab/searchlab/sliding"
	"github.com/searchlab/searchlab/sliding/prune"
)

// step returns the cell next to c in direction d on a w x h board, or -1:
// the Machine numbers directions in the order of sliding.Moves.
func step(w, h, c, d int) int {
	if t, ok := sliding.Target(w, h, c, sliding.Moves()[d]); ok {
		return t
	}
	return -1
}

type board [prune.MaxCells]byte

// distances returns, by breadth-first search over every move, the fewest
// moves from the board with tile c on cell c (the blank on cell s) to each
// board within depth moves.
func distances(w, h, s, depth int) map[board]int {
	var b board
	for c := range w * h {
		b[c] = byte(c)
	}
	dist := map[board]int{b: 0}
	level := []board{b}
	blank := map[board]int{b: s}
	for d := 1; d <= depth; d++ {
		var next []board
		for _, u := range level {
			bl := blank[u]
			for dir := range prune.Dirs {
				c := step(w, h, bl, dir)
				if c < 0 {
					continue
				}
				v := u
				v[bl], v[c] = v[c], v[bl]
				if _, ok := dist[v]; !ok {
					dist[v] = d
					blank[v] = c
					next = append(next, v)
				}
			}
		}
		level = next
	}
	return dist
}

// walk follows m depth first from the blank on cell s to every depth up to
// depth and returns the fewest moves at which it reaches each board, and
// the number of paths it walked.
func walk(m *prune.Machine, w, h, s, depth int) (map[board]int, int) {
	var b board
	for c := range w * h {
		b[c] = byte(c)
	}
	reached := map[board]int{}
	paths := 0
	var rec func(st int32, bl, g int)
	rec = func(st int32, bl, g int) {
		paths++
		if d, ok := reached[b]; !ok || g < d {
			reached[b] = g
		}
		if g == depth {
			return
		}
		for dir := range prune.Dirs {
			t := m.Next(st, dir)
			if t == prune.Pruned {
				continue
			}
			c := step(w, h, bl, dir)
			if c < 0 || m.Cell(t) != c {
				panic("machine moves the blank off the board or to the wrong cell")
			}
			b[bl], b[c] = b[c], b[bl]
			rec(t, c, g+1)
			b[bl], b[c] = b[c], b[bl]
		}
	}
	rec(m.Start(s), s, 0)
	return reached, paths
}

// TestShortestPathsSurvive checks, against breadth-first search, that a
// search following the machine still reaches every board by a shortest
// path, from every blank cell, and that it walks fewer paths than a search
// that only never undoes its last move.
func TestShortestPathsSurvive(t *testing.T) {
	ctx := context.Background()
	for _, tc := range []struct{ w, h, maxLen, depth int }{
		{2, 2, 12, 14},
		{3, 2, 12, 16},
		{3, 3, 12, 14},
		{3, 3, 16, 15},
		{4, 2, 14, 15},
		{4, 4, 12, 12},
	} {
		m, err := prune.New(ctx, tc.w, tc.h, tc.maxLen)
		if err != nil {
			t.Fatal(err)
		}
		parent, err := prune.New(ctx, tc.w, tc.h, 2)
		if err != nil {
			t.Fatal(err)
		}
		for s := range tc.w * tc.h {
			dist := distances(tc.w, tc.h, s, tc.depth)
			got, paths := walk(m, tc.w, tc.h, s, tc.depth)
			_, parentPaths := walk(parent, tc.w, tc.h, s, tc.depth)
			for b, d := range dist {
				if g, ok := got[b]; !ok || g != d {
					t.Fatalf("%dx%d up to %d moves, blank on %d: a board %d moves away is reached in %d (reached %v)", tc.w, tc.h, tc.maxLen, s, d, g, ok)
				}
			}
			if tc.w > 1 && tc.h > 1 && paths >= parentPaths {
				t.Errorf("%dx%d up to %d moves, blank on %d: %d paths, no fewer than the %d that never undo a move", tc.w, tc.h, tc.maxLen, s, paths, parentPaths)
			}
		}
		t.Logf("%dx%d up to %d moves: %d states, %d redundant sequences", tc.w, tc.h, tc.maxLen, m.States(), m.Forbidden())
	}
}

// TestUndoIsPruned checks the length-2 machine against the rule it stands
// for: every move is allowed except the one that undoes the last.
func TestUndoIsPruned(t *testing.T) {
	const w, h = 4, 3
	m, err := prune.New(context.Background(), w, h, 2)
	if err != nil {
		t.Fatal(err)
	}
	for s := range w * h {
		for d1 := range prune.Dirs {
			st := m.Next(m.Start(s), d1)
			if (st == prune.Pruned) != (step(w, h, s, d1) < 0) {
				t.Fatalf("blank on %d, first move %d: state %d", s, d1, st)
			}
			if st == prune.Pruned {
				continue
			}
			c := step(w, h, s, d1)
			for d2 := range prune.Dirs {
				want := step(w, h, c, d2) >= 0 && d2 != d1^1
				if got := m.Next(st, d2) != prune.Pruned; got != want {
					t.Errorf("blank on %d, moves %d then %d: allowed %v, want %v", s, d1, d2, got, want)
				}
			}
		}
	}
}

func TestNewErrors(t *testing.T) {
	ctx := context.Background()
	for _, tc := range []struct{ w, h, maxLen int }{
		{1, 1, 4}, {0, 3, 4}, {3, 3, 1}, {3, 3, 41}, {8, 5, 4},
	} {
		if _, err := prune.New(ctx, tc.w, tc.h, tc.maxLen); err == nil {
			t.Errorf("New(%d, %d, %d): no error", tc.w, tc.h, tc.maxLen)
		}
	}
	cancelled, cancel := context.WithCancel(ctx)
	cancel()
	if _, err := prune.New(cancelled, 5, 5, 16); !errors.Is(err, context.Canceled) {
		t.Errorf("New with a cancelled context: %v, want context.Canceled", err)
	}
}

func TestNewIsDeterministic(t *testing.T) {
	ctx := context.Background()
	a, err := prune.New(ctx, 4, 3, 12)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := prune.New(ctx, 4, 3, 12)
	da, _ := a.MarshalBinary()
	db, _ := b.MarshalBinary()
	if !bytes.Equal(da, db) {
		t.Fatal("two builds of the same machine differ")
	}
}

func TestMarshalBinary(t *testing.T) {
	m, err := prune.New(context.Background(), 3, 3, 10)
	if err != nil {
		t.Fatal(err)
	}
	data, err := m.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	var back prune.Machine
	if err := back.UnmarshalBinary(data); err != nil {
		t.Fatal(err)
	}
	again, _ := back.MarshalBinary()
	if !bytes.Equal(data, again) {
		t.Fatal("the machine read back differs")
	}
	if w, h := back.Size(); w != 3 || h != 3 || back.MaxLen() != 10 || back.States() != m.States() || back.Forbidden() != m.Forbidden() {
		t.Fatalf("read back %dx%d, length %d, %d states, %d forbidden", w, h, back.MaxLen(), back.States(), back.Forbidden())
	}
	for name, bad := range map[string][]byte{
		"empty":     nil,
		"truncated": data[:len(data)-1],
		"flipped":   flip(data, len(data)/2),
		"header":    flip(data, 0),
		"longer":    append(append([]byte(nil), data...), 0),
	} {
		if err := new(prune.Machine).UnmarshalBinary(bad); !errors.Is(err, prune.ErrCorrupt) {
			t.Errorf("%s: %v, want ErrCorrupt", name, err)
		}
	}
}

func flip(data []byte, i int) []byte {
	out := append([]byte(nil), data...)
	out[i] ^= 0x10
	return out
}

// FuzzUnmarshalBinary checks that no input makes UnmarshalBinary panic, and
// that a machine it accepts only ever moves the blank to a cell next to it.
func FuzzUnmarshalBinary(f *testing.F) {
	m, _ := prune.New(context.Background(), 2, 3, 8)
	data, _ := m.MarshalBinary()
	f.Add(data)
	f.Add([]byte("SLPRUNE1"))
	f.Fuzz(func(t *testing.T, data []byte) {
		var m prune.Machine
		if m.UnmarshalBinary(data) != nil {
			return
		}
		w, h := m.Size()
		for s := range int32(m.States()) {
			for d := range prune.Dirs {
				if u := m.Next(s, d); u != prune.Pruned && m.Cell(u) != step(w, h, m.Cell(s), d) {
					t.Fatalf("state %d direction %d goes to state %d on cell %d", s, d, u, m.Cell(u))
				}
			}
		}
	})
}
