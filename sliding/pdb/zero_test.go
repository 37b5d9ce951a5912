package pdb

import (
	"context"
	"errors"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/searchlab/searchlab/sliding"
)

// TestZeroAwareTableAgainstZeroOneBFS checks every entry of zero-aware
// tables against an independent 0-1 breadth-first search over the tiles'
// cells and the blank's exact cell: every state the search reaches has the
// entry (distance - taxicab)/2 in the table (capped at 15).
func TestZeroAwareTableAgainstZeroOneBFS(t *testing.T) {
	tests := []patternCase{
		{3, 3, 0, []int{1, 2, 3, 4}},
		{3, 3, 0, []int{5, 6, 7, 8}},
		{3, 3, 0, []int{1, 2, 3, 4, 5, 6, 7, 8}},
		{3, 3, 4, []int{0, 2, 6}},
		{3, 3, 8, []int{1, 3, 4, 5, 7}},
		{2, 4, 0, []int{1, 2, 3}},
		{4, 4, 0, []int{1, 2, 3, 4}},
		{4, 4, 0, []int{5, 10, 15}},
		{4, 4, 15, []int{0, 5, 6, 10}},
		{5, 5, 0, []int{1, 5, 6}},
		{5, 5, 12, []int{3, 4, 9}},
	}
	ctx := context.Background()
	overflow := 0 // states whose entry is in the overflow part
	for _, tc := range tests {
		g, _ := newGeom(tc.w, tc.h)
		p, err := newZeroPattern(g, tc.cells)
		if err != nil {
			t.Fatal(err)
		}
		tab, err := build(ctx, p, tc.blank, nil)
		if err != nil {
			t.Fatal(err)
		}
		bl := blockLayout(g, len(tc.cells))
		checked, above := 0, 0
		for s, d := range zeroOneBFS(tc.w, tc.h, tc.blank, tc.cells) {
			pos, b := s.pos[:len(tc.cells)], s.blank
			md := 0
			for j, c := range pos {
				md += g.dist(int(c), tc.cells[j])
			}
			idx := bl.zeroIndex(p, pos, b)
			if idx >= bl.ovBase(p) {
				overflow++
			}
			want := min((d-md)/2, maxExcess)
			if got := entry(tab, idx); got != want {
				t.Fatalf("%dx%d %v: tiles on %v, blank on %d: entry %d, 0-1 distance %d (taxicab %d)", tc.w, tc.h, tc.cells, pos, b, got, d, md)
			}
			// The blank-unaware entry of the same placement is never larger.
			if plain := buildPlainEntry(t, g, tc.cells, tc.blank, pos); plain > want {
				t.Fatalf("%dx%d %v: tiles on %v: blank-unaware %d above zero-aware %d", tc.w, tc.h, tc.cells, pos, plain, want)
			} else if plain < want {
				above++
			}
			checked++
		}
		if checked == 0 {
			t.Fatalf("%dx%d %v: no states", tc.w, tc.h, tc.cells)
		}
		t.Logf("%dx%d %v: %d states checked, %d entries above the blank-unaware ones", tc.w, tc.h, tc.cells, checked, above)
	}
	if overflow == 0 {
		t.Errorf("no state with its entry in the overflow part")
	}
	t.Logf("%d states with their entry in the overflow part", overflow)
}

// plainTables caches the blank-unaware tables buildPlainEntry reads.
var plainTables = map[string][]uint32{}

func buildPlainEntry(t *testing.T, g *geom, cells []int, blank int, pos []uint8) int {
	key := fileName(g.w, g.h, blank, cells)
	tab, ok := plainTables[key]
	if !ok {
		p, err := newPattern(g, cells)
		if err != nil {
			t.Fatal(err)
		}
		if tab, err = build(context.Background(), p, blank, nil); err != nil {
			t.Fatal(err)
		}
		plainTables[key] = tab
	}
	return entry(tab, rank(g.n, pos))
}

// TestZeroAwareAgainstBFS checks zero-aware sets on every 3x3 board against
// breadth-first distances: never above them (exact for one pattern of all
// the tiles), never below the blank-unaware set's heuristic, consistent (a
// move changes the heuristic by one); package sliding/solve/internal/pdbsearch
// solves with them.
func TestZeroAwareAgainstBFS(t *testing.T) {
	if testing.Short() {
		t.Skip("every 3x3 board: -short")
	}
	tests := []struct {
		goal      sliding.Board
		partition string
	}{
		{sliding.Standard(3, 3), "4-4"},
		{mustBoard(t, 3, 3, 1, 2, 3, 8, 0, 4, 7, 6, 5), "3-3-2"},
		{mustBoard(t, 3, 3, 0, 1, 2, 3, 4, 5, 6, 7, 8), "1,2,3,4/5,6,7,8|1,3,5,7/2,4,6,8"},
		{sliding.Standard(2, 4), "4-3"},
	}
	ctx := context.Background()
	for _, tc := range tests {
		t.Run(tc.partition, func(t *testing.T) {
			blank := tc.goal.Blank()
			part := tc.partition
			if strings.Contains(part, "|") {
				blank = CanonicalBlank(tc.goal.W, tc.goal.H, blank)
			}
			z, err := Build(ctx, tc.goal.W, tc.goal.H, blank, ZeroPrefix+part, nil)
			if err != nil {
				t.Fatal(err)
			}
			plain, err := Build(ctx, tc.goal.W, tc.goal.H, blank, part, nil)
			if err != nil {
				t.Fatal(err)
			}
			if !z.ZeroAware() || plain.ZeroAware() || !strings.Contains(z.Method(), "zero-aware") {
				t.Errorf("ZeroAware() %v and %v, Method() = %q", z.ZeroAware(), plain.ZeroAware(), z.Method())
			}
			dist := allDistances(tc.goal)
			keys := sample(slices.Sorted(maps.Keys(dist)))
			stronger := 0
			for i, k := range keys {
				b := sliding.Board{W: tc.goal.W, H: tc.goal.H, Tiles: []uint8(k)}
				hz, err := z.Heuristic(b, tc.goal)
				if err != nil {
					t.Fatal(err)
				}
				hp, _ := plain.Heuristic(b, tc.goal)
				switch {
				case hz > dist[k]:
					t.Fatalf("board %v: zero-aware heuristic %d, distance %d", b.Tiles, hz, dist[k])
				case hz < hp:
					t.Fatalf("board %v: zero-aware %d below blank-unaware %d", b.Tiles, hz, hp)
				case hz > hp:
					stronger++
				}
				if i%4 != 0 {
					continue // consistency on a quarter of the boards
				}
				for _, m := range []sliding.Move{sliding.Up, sliding.Down, sliding.Left, sliding.Right} {
					if b2, err := b.Apply(m); err == nil {
						h2, _ := z.Heuristic(b2, tc.goal)
						if h2-hz > 1 || hz-h2 > 1 {
							t.Fatalf("board %v: heuristic %d, after %v %d: not consistent", b.Tiles, hz, m, h2)
						}
					}
				}
			}
			if stronger == 0 {
				t.Errorf("zero-aware heuristic never above the blank-unaware one")
			}
			t.Logf("%d of %d boards with a larger heuristic", stronger, len(keys))
		})
	}
}

// TestZeroAwareOldEncodingRebuilt checks that a zero-aware file in the
// earlier layout (encoding 2) is never read as a table: List marks it, and
// Open rebuilds it, saying so, into a table equal to a fresh build.
func TestZeroAwareOldEncodingRebuilt(t *testing.T) {
	dir := t.TempDir()
	ctx := context.Background()
	if _, err := Open(ctx, 3, 3, 0, "zero:4-4", Options{Dir: dir}); err != nil {
		t.Fatal(err)
	}
	g, _ := newGeom(3, 3)
	p, err := newZeroPattern(g, []int{1, 2, 3, 4})
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, p.fileName(0))
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if b[16+4+8] != encodingZero4 {
		t.Fatalf("encoding byte %d, want %d", b[16+4+8], encodingZero4)
	}
	b[16+4+8] = encodingZeroOld
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
	infos, err := List(dir)
	if err != nil {
		t.Fatal(err)
	}
	marked := false
	for _, inf := range infos {
		if inf.Name == p.fileName(0) {
			marked = inf.ZeroAware && errors.Is(inf.Err, ErrCorrupt) && strings.Contains(inf.Err.Error(), "earlier layout")
		}
	}
	if !marked {
		t.Errorf("List does not mark the encoding 2 file: %+v", infos)
	}
	var log strings.Builder
	s, err := Open(ctx, 3, 3, 0, "zero:4-4", Options{Dir: dir, Log: &log})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(log.String(), p.fileName(0)) || !strings.Contains(log.String(), "rebuilding") {
		t.Errorf("log %q does not say the file is rebuilt", log.String())
	}
	fresh, err := build(ctx, p, 0, nil)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(s.tables[0], fresh) {
		t.Errorf("the rebuilt table differs from a fresh build")
	}
}
