package pdb

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/searchlab/searchlab/sliding"
)

// evaluated returns the partition that sum view of a set evaluates, as the
// goal cells of each term's pattern on the board itself (a reflected
// lookup evaluates the reflection of its table's pattern), each sorted,
// the terms in order.
func evaluated(g *geom, groups [][]int, view []lookup) [][]int {
	var out [][]int
	for _, l := range view {
		cells := slices.Clone(groups[l.table])
		if l.mirror {
			for i, c := range cells {
				cells[i] = g.transpose(c)
			}
			slices.Sort(cells)
		}
		out = append(out, cells)
	}
	return out
}

// checkSums fails the test unless every sum of views evaluates tables that
// cover each tile of the board, none twice and not the blank's cell, and
// returns what each sum evaluates.
func checkSums(t *testing.T, g *geom, blank int, groups [][]int, views [][]lookup) [][][]int {
	t.Helper()
	parts := make([][][]int, len(views))
	for k, view := range views {
		parts[k] = evaluated(g, groups, view)
		seen := map[int]bool{}
		for _, grp := range parts[k] {
			for _, c := range grp {
				if c < 0 || c >= g.n || c == blank || seen[c] {
					t.Fatalf("sum %d: cell %d off the board, the blank's or twice", k, c)
				}
				seen[c] = true
			}
		}
		if len(seen) != g.n-1 {
			t.Fatalf("sum %d covers %d tiles, want %d", k, len(seen), g.n-1)
		}
	}
	return parts
}

// catalogue24 builds the sums of catalogue spec on the 24-puzzle (blank
// on cell 0, reflections included), checks their counts of tables and
// sums and, with checkSums, what each sum covers, and returns the board,
// the tables and what each sum evaluates.
func catalogue24(t *testing.T, spec string, tables, sums int) (*geom, [][]int, [][][]int) {
	t.Helper()
	groups, views, err := catalogueSet(5, 5, 0, spec, true)
	if err != nil {
		t.Fatal(err)
	}
	if len(groups) != tables || len(views) != sums {
		t.Fatalf("%d tables and %d sums, want %d and %d", len(groups), len(views), tables, sums)
	}
	g, _ := newGeom(5, 5)
	return g, groups, checkSums(t, g, 0, groups, views)
}

// TestCatalogueSums checks the 24-puzzle catalogue's tables and sums: 14
// distinct tables, our 6-6-6-6's first; 14 sums that evaluate exactly the
// seven published partitions and their reflections, each covering every
// tile once.
func TestCatalogueSums(t *testing.T) {
	g, groups, parts := catalogue24(t, CataloguePartition, 14, 14)
	if kf := shaped24(5, 5, 0, "6-6-6-6"); !slices.EqualFunc(groups[:4], kf, slices.Equal) {
		t.Errorf("first tables %v, want our 6-6-6-6 %v", groups[:4], kf)
	}
	for i, a := range groups {
		for _, b := range groups[:i] {
			if slices.Equal(a, b) {
				t.Errorf("table %v twice", a)
			}
		}
	}
	key := func(part [][]int) string {
		var s []string
		for _, grp := range part {
			c := slices.Clone(grp)
			slices.Sort(c)
			s = append(s, fmt.Sprint(c))
		}
		slices.Sort(s)
		return strings.Join(s, "/")
	}
	want := map[string]bool{}
	published := append([][][]int{shaped24(5, 5, 0, "6-6-6-6")}, cataloguePatterns...)
	for _, part := range published {
		want[key(part)] = true
		var refl [][]int
		for _, grp := range part {
			var r []int
			for _, c := range grp {
				r = append(r, g.transpose(c))
			}
			refl = append(refl, r)
		}
		want[key(refl)] = true
	}
	if len(want) != 14 {
		t.Fatalf("%d distinct partitions published, want 14", len(want))
	}
	got := map[string]bool{}
	for _, part := range parts {
		got[key(part)] = true
	}
	for p := range want {
		if !got[p] {
			t.Errorf("partition %s is not among the sums", p)
		}
	}
	// Without the mirror, only the seven partitions as published.
	_, plain, err := catalogueSet(5, 5, 0, CataloguePartition, false)
	if err != nil || len(plain) != 7 {
		t.Fatalf("without mirror: %d sums, %v", len(plain), err)
	}
	for k, view := range plain {
		if key(evaluated(g, groups, view)) != key(published[k]) {
			t.Errorf("plain sum %d evaluates %v, want %v", k, evaluated(g, groups, view), published[k])
		}
	}
}

// TestCatalogueAgainstBFS checks a catalogue on the 8-puzzle against exact
// distances: its heuristic is the largest of its partitions' (each with
// its reflection) and never above the distance (package
// sliding/solve/internal/pdbsearch solves with it).
//
// It is not consistent, nor is any one partition's: an entry is the fewest
// pattern moves over every region the blank may be in, so one move can
// lower it by more than one (the board 8 5 6 0 3 2 4 7 1 has 25 for 4-4
// and its reflection, and after the blank moves up 22). IDA* needs only
// admissibility.
func TestCatalogueAgainstBFS(t *testing.T) {
	ctx := context.Background()
	goal := mustBoard(t, 3, 3, 0, 1, 2, 3, 4, 5, 6, 7, 8)
	parts := []string{"1,2,3,4/5,6,7,8", "1,3,4,6/2,5,7,8", "1,2,5/3,4,6,7,8"}
	spec := strings.Join(parts, "|")
	cat, err := Build(ctx, 3, 3, 0, spec, nil)
	if err != nil {
		t.Fatal(err)
	}
	if !cat.Mirror() || len(cat.views()) != 6 {
		t.Fatalf("Mirror %v, %d sums; want true and 6", cat.Mirror(), len(cat.views()))
	}
	var single []*Set
	for _, p := range parts {
		s, err := Build(ctx, 3, 3, 0, p, nil)
		if err != nil {
			t.Fatal(err)
		}
		single = append(single, s)
	}
	dist := allDistances(goal)
	hOf := func(s *Set, b sliding.Board) int {
		h, err := s.Heuristic(b, goal)
		if err != nil {
			t.Fatal(err)
		}
		return h
	}
	above := 0
	for k, d := range dist {
		b := sliding.Board{W: 3, H: 3, Tiles: []uint8(k)}
		h := hOf(cat, b)
		best := 0
		for _, s := range single {
			best = max(best, hOf(s, b))
		}
		if h != best || h > d {
			t.Fatalf("board %v: catalogue %d, largest single %d, distance %d", b.Tiles, h, best, d)
		}
		if h > hOf(single[0], b) {
			above++
		}
	}
	if above == 0 {
		t.Error("the catalogue never beat its first partition")
	}
}

// TestCatalogueSpecs checks which boards and specs a catalogue accepts,
// and that Canonical carries a catalogue to the canonical blank cell.
func TestCatalogueSpecs(t *testing.T) {
	for _, tc := range []struct {
		w, h, blank int
		spec        string
		ok          bool
	}{
		{5, 5, 0, CataloguePartition, true},
		{5, 5, 24, CataloguePartition, true},
		{5, 5, 12, CataloguePartition, false},
		{4, 4, 0, CataloguePartition, false},
		{5, 5, 0, Catalogue7Partition, true},
		{5, 5, 4, Catalogue7Partition, true},
		{5, 5, 12, Catalogue7Partition, false},
		{3, 3, 0, "1,2,3,4/5,6,7,8|1,3,4,6/2,5,7,8", true},
		{3, 3, 8, "0,1,2,3/4,5,6,7|0,1,3,4/2,5,6,7", true},
		{3, 3, 0, "4-4|1,3,4,6/2,5,7,8", false},
		{3, 3, 0, "1,2,3,4/5,6,7,8|", false},
		{3, 3, 0, "1,2,3,4/5,6,7,8|1,2,3/4,5,6", false},
		{3, 3, 0, strings.Repeat("1,2,3,4/5,6,7,8|", 8) + "1,2,3,4/5,6,7,8", false},
	} {
		blank, canon, err := Canonical(tc.w, tc.h, tc.blank, tc.spec)
		if (err == nil) != tc.ok {
			t.Errorf("Canonical(%d, %d, %d, %q): %v, want ok %v", tc.w, tc.h, tc.blank, tc.spec, err, tc.ok)
			continue
		}
		if err != nil {
			continue
		}
		if blank != 0 {
			t.Errorf("Canonical(%d, %d, %d, %q): blank %d, want 0", tc.w, tc.h, tc.blank, tc.spec, blank)
		}
		if _, _, err := newSet(tc.w, tc.h, blank, canon); err != nil {
			t.Errorf("newSet(%d, %d, %d, %q): %v", tc.w, tc.h, blank, canon, err)
		}
	}
}

// FuzzCatalogue checks that any catalogue spec is either refused or gives
// sums that each cover every tile but the blank exactly once.
func FuzzCatalogue(f *testing.F) {
	f.Add(5, 5, 0, CataloguePartition)
	f.Add(5, 5, 0, Catalogue7Partition)
	f.Add(3, 3, 0, "1,2,3,4/5,6,7,8|1,3,4,6/2,5,7,8")
	f.Add(3, 3, 4, "0,1,2,3/5,6,7,8|0,2,6,8/1,3,5,7")
	f.Add(2, 4, 0, "1,2,3/4,5,6,7|1,2,5/3,4,6,7")
	f.Add(3, 3, 0, "|")
	f.Fuzz(func(t *testing.T, w, h, blank int, spec string) {
		if !isCatalogue(spec) {
			return
		}
		groups, views, err := catalogueSet(w, h, blank, spec, true)
		if err != nil {
			return
		}
		g, _ := newGeom(w, h)
		checkSums(t, g, blank, groups, views)
	})
}

// TestCatalogue7 checks the catalogue7 set: the 6-6-6-6 and 7-7-5-5
// partitions, each summed plain and reflected, over eight distinct tables
// (2,422,728,000 entries in each 7-tile one, above 2^31), every sum covering
// every tile once.
func TestCatalogue7(t *testing.T) {
	g, _, _ := catalogue24(t, Catalogue7Partition, 8, 4)
	want := [][]int{{1, 2, 5, 6, 7, 10, 11}, {3, 4, 8, 9, 12, 13, 14}, {15, 16, 17, 20, 21}, {18, 19, 22, 23, 24}}
	if got, _ := ParsePartition(5, 5, 0, "7-7-5-5"); !slices.EqualFunc(got, want, slices.Equal) {
		t.Fatalf("7-7-5-5 is %v, want %v", got, want)
	}
	p, err := newPattern(g, want[0])
	if err != nil {
		t.Fatal(err)
	}
	if p.size != 2_422_728_000 {
		t.Fatalf("a 7-tile pattern on 5x5 has %d entries", p.size)
	}
}
