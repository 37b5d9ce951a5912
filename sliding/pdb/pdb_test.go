package pdb

import (
	"context"
	"errors"
	"fmt"
	"io"
	"maps"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/searchlab/searchlab/internal/racetest"
	"github.com/searchlab/searchlab/sliding"
)

// patternState is a state of zeroOneBFS: the cell of each pattern tile (in
// the first tiles of pos) and the blank's exact cell.
type patternState struct {
	pos   [8]uint8
	blank int
}

// zeroOneBFS computes the fewest moves of pattern tiles from the goal (the
// tiles on cells, at most 8, the blank on cell blank) to every state it
// reaches, the slow, obvious way: a 0-1 breadth-first search over states
// kept in a map, where the blank swapping with a non-pattern cell costs 0
// and with a pattern tile costs 1. It shares no code with the builders.
func zeroOneBFS(w, h, blank int, cells []int) map[patternState]int {
	start := patternState{blank: blank}
	for i, c := range cells {
		start.pos[i] = uint8(c)
	}
	dist := map[patternState]int{start: 0}
	// Two buckets: states at distance d (grown while it is worked through by
	// free moves) and at d+1.
	cur := []patternState{start}
	var next []patternState
	for d := 0; len(cur) > 0; d++ {
		for len(cur) > 0 {
			s := cur[len(cur)-1]
			cur = cur[:len(cur)-1]
			if dist[s] != d {
				continue
			}
			r, c := s.blank/w, s.blank%w
			for _, dd := range [][2]int{{-1, 0}, {1, 0}, {0, -1}, {0, 1}} {
				nr, nc := r+dd[0], c+dd[1]
				if nr < 0 || nr >= h || nc < 0 || nc >= w {
					continue
				}
				ns := patternState{s.pos, nr*w + nc}
				cost := 0
				for i := range cells {
					if int(ns.pos[i]) == ns.blank {
						ns.pos[i] = uint8(s.blank)
						cost = 1
					}
				}
				if old, ok := dist[ns]; ok && old <= d+cost {
					continue
				}
				dist[ns] = d + cost
				if cost == 0 {
					cur = append(cur, ns)
				} else {
					next = append(next, ns)
				}
			}
		}
		cur, next = next, cur[:0]
	}
	return dist
}

// refPattern computes a pattern's distances: a placement's distance is the
// least of zeroOneBFS over the blank's cells.
func refPattern(w, h, blank int, cells []int) map[[8]uint8]int {
	best := map[[8]uint8]int{}
	for s, d := range zeroOneBFS(w, h, blank, cells) {
		if old, ok := best[s.pos]; !ok || d < old {
			best[s.pos] = d
		}
	}
	return best
}

// patternCase is a pattern of a test: the cells of its tiles on a w x h
// board whose goal has the blank on cell blank.
type patternCase struct {
	w, h, blank int
	cells       []int
}

// forEachPattern runs check on the pattern of each case, in a subtest named
// after the case.
func forEachPattern(t *testing.T, cases []patternCase, check func(t *testing.T, tc patternCase, p *pattern)) {
	for _, tc := range cases {
		t.Run(fmt.Sprintf("%dx%d-b%d-%v", tc.w, tc.h, tc.blank, tc.cells), func(t *testing.T) {
			check(t, tc, mustPattern(t, tc.w, tc.h, tc.cells))
		})
	}
}

func TestBuildMatchesReference(t *testing.T) {
	forEachPattern(t, []patternCase{
		{3, 3, 0, []int{1, 2, 3, 4}},
		{3, 3, 0, []int{5, 6, 7, 8}},
		{3, 3, 8, []int{0, 1, 2, 3}},
		{3, 3, 4, []int{0, 2, 6, 8}},
		{2, 4, 7, []int{0, 1, 2, 3}},
		{4, 2, 0, []int{4, 5, 6, 7}},
		{3, 4, 11, []int{0, 5, 10}},
		{4, 3, 5, []int{0, 1, 2, 3}},
		{3, 6, 0, []int{1, 3, 4}},   // 18 cells: no region table
		{5, 4, 19, []int{0, 6, 12}}, // 20 cells
		{5, 5, 0, []int{1, 5, 6}},   // 25 cells: a corner walled off at once
	}, func(t *testing.T, tc patternCase, p *pattern) {
		g := p.g
		table, err := build(context.Background(), p, tc.blank, nil)
		if err != nil {
			t.Fatal(err)
		}
		ref := refPattern(tc.w, tc.h, tc.blank, tc.cells)
		if int64(len(ref)) != p.size {
			t.Fatalf("reference has %d placements, want %d", len(ref), p.size)
		}
		for key, d := range ref {
			pos := key[:len(tc.cells)]
			md := 0
			for i, c := range tc.cells {
				md += g.dist(int(pos[i]), c)
			}
			want := min((d-md)/2, maxExcess)
			if got := entry(table, rank(g.n, pos)); got != want {
				t.Fatalf("placement %v: entry %d, want %d (distance %d, taxicab %d)", pos, got, want, d, md)
			}
		}
	})
}

func TestRankRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, n := range []int{8, 9, 16, 25} {
		for k := 1; k <= 8 && k < n; k++ {
			size := int64(1)
			for i := range k {
				size *= int64(n - i)
			}
			pos := make([]uint8, k)
			for range 200 {
				r := rng.Int64N(size)
				unrank(n, r, pos)
				if got := rank(n, pos); got != r {
					t.Fatalf("n=%d k=%d: rank(unrank(%d)) = %d (%v)", n, k, r, got, pos)
				}
			}
		}
	}
}

var distCache = map[string]map[string]int{}

// allDistances returns the exact distance of every board of goal's size to
// goal, by breadth-first search from it (once per goal).
func allDistances(goal sliding.Board) map[string]int {
	key := fmt.Sprint(goal.W, goal.H, goal.Tiles)
	if d, ok := distCache[key]; ok {
		return d
	}
	d := bfsDistances(goal)
	distCache[key] = d
	return d
}

func bfsDistances(goal sliding.Board) map[string]int {
	dist := map[string]int{string(goal.Tiles): 0}
	queue := []sliding.Board{goal}
	for len(queue) > 0 {
		b := queue[0]
		queue = queue[1:]
		d := dist[string(b.Tiles)]
		for _, m := range sliding.Moves() {
			nb, err := b.Apply(m)
			if err != nil {
				continue
			}
			if _, ok := dist[string(nb.Tiles)]; !ok {
				dist[string(nb.Tiles)] = d + 1
				queue = append(queue, nb)
			}
		}
	}
	return dist
}

func mustBoard(t testing.TB, w, h int, tiles ...int) sliding.Board {
	t.Helper()
	b, err := sliding.New(w, h, tiles)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestSmallBoardsAgainstBFS checks, on every board of small sizes and for
// several goals, that the heuristic never exceeds the true distance
// (package sliding/solve/internal/pdbsearch solves a sample of them).
func TestSmallBoardsAgainstBFS(t *testing.T) {
	tests := []struct {
		name      string
		goal      sliding.Board
		partition string
		mirror    bool
		setBlank  int // the set's blank cell, -1 for the goal's
	}{
		{"3x3 standard 4-4", sliding.Standard(3, 3), "4-4", true, -1},
		{"3x3 korf 4-4", mustBoard(t, 3, 3, 0, 1, 2, 3, 4, 5, 6, 7, 8), "4-4", true, -1},
		{"3x3 korf 3-3-2", mustBoard(t, 3, 3, 0, 1, 2, 3, 4, 5, 6, 7, 8), "3-3-2", true, -1},
		{"3x3 spiral 4-4", mustBoard(t, 3, 3, 1, 2, 3, 8, 0, 4, 7, 6, 5), "4-4", true, -1},
		{"3x3 standard 8", sliding.Standard(3, 3), "8", true, -1},
		{"2x4 standard 4-3", sliding.Standard(2, 4), "4-3", false, -1},
		{"4x2 odd goal 3-4", mustBoard(t, 4, 2, 7, 6, 0, 5, 4, 3, 2, 1), "3-4", false, -1},
		{"2x3 standard 5", sliding.Standard(2, 3), "5", false, -1},
		{"3x3 standard, set for corner 0", sliding.Standard(3, 3), "4-4", true, 0},
		{"3x3 korf, set for corner 8", mustBoard(t, 3, 3, 0, 1, 2, 3, 4, 5, 6, 7, 8), "3-5", true, 8},
		{"2x4 standard, set for corner 0", sliding.Standard(2, 4), "4-3", false, 0},
		{"4x2 odd goal, set for cell 1", mustBoard(t, 4, 2, 7, 6, 0, 5, 4, 3, 2, 1), "4-3", false, 1},
	}
	ctx := context.Background()
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			blank := tc.goal.Blank()
			if tc.setBlank >= 0 {
				blank = tc.setBlank
			}
			s, err := Build(ctx, tc.goal.W, tc.goal.H, blank, tc.partition, nil)
			if err != nil {
				t.Fatal(err)
			}
			if s.Mirror() != tc.mirror {
				t.Errorf("Mirror() = %v, want %v", s.Mirror(), tc.mirror)
			}
			dist := allDistances(tc.goal)
			exact := tc.partition == "8" || tc.partition == "5"
			keys := sample(slices.Sorted(maps.Keys(dist)))
			for _, k := range keys {
				b := sliding.Board{W: tc.goal.W, H: tc.goal.H, Tiles: []uint8(k)}
				hv, err := s.Heuristic(b, tc.goal)
				if err != nil {
					t.Fatal(err)
				}
				if hv > dist[k] || (exact && hv != dist[k]) {
					t.Fatalf("board %v: heuristic %d, distance %d", b.Tiles, hv, dist[k])
				}
			}
		})
	}
}

// sample returns the boards of a test that checks every board: all of
// them, or under the race detector every eighth.
func sample(keys []string) []string {
	if !racetest.Enabled {
		return keys
	}
	var some []string
	for i := 0; i < len(keys); i += 8 {
		some = append(some, keys[i])
	}
	return some
}

// eightSet builds the 4-4 databases of the standard 3x3 goal and returns
// them with the goal.
func eightSet(t *testing.T) (*Set, sliding.Board) {
	t.Helper()
	goal := sliding.Standard(3, 3)
	s, err := Build(context.Background(), 3, 3, 8, "4-4", nil)
	if err != nil {
		t.Fatal(err)
	}
	return s, goal
}

// TestWithoutMirror checks that the plain heuristic is never above the
// mirrored one, and still a lower bound.
func TestWithoutMirror(t *testing.T) {
	s, goal := eightSet(t)
	p := s.WithoutMirror()
	if !s.Mirror() || p.Mirror() || p.Method() != "pdb 4-4" {
		t.Fatalf("Mirror %v / %v, method %q", s.Mirror(), p.Mirror(), p.Method())
	}
	dist := allDistances(goal)
	stricter := 0
	for k, d := range dist {
		b := sliding.Board{W: 3, H: 3, Tiles: []uint8(k)}
		hm, _ := s.Heuristic(b, goal)
		hp, _ := p.Heuristic(b, goal)
		if hp > hm || hm > d {
			t.Fatalf("board %v: plain %d, mirrored %d, distance %d", b.Tiles, hp, hm, d)
		}
		if hm > hp {
			stricter++
		}
	}
	if stricter == 0 {
		t.Error("the mirror lookup never raised the heuristic")
	}
}

func TestCanonicalBlank(t *testing.T) {
	tests := []struct{ w, h, blank, want int }{
		{4, 4, 0, 0}, {4, 4, 3, 0}, {4, 4, 12, 0}, {4, 4, 15, 0},
		{4, 4, 5, 5}, {4, 4, 10, 5}, {4, 4, 1, 1}, {4, 4, 4, 1}, {4, 4, 14, 1},
		{3, 3, 4, 4}, {3, 3, 8, 0}, {3, 3, 7, 1},
		{2, 4, 7, 0}, {2, 4, 5, 2}, {4, 2, 6, 1}, {5, 5, 24, 0},
	}
	for _, tc := range tests {
		if got := CanonicalBlank(tc.w, tc.h, tc.blank); got != tc.want {
			t.Errorf("CanonicalBlank(%d, %d, %d) = %d, want %d", tc.w, tc.h, tc.blank, got, tc.want)
		}
	}
}

// TestBuildCancelled checks that a cancelled build stops with the
// context's error and saves nothing.
func TestBuildCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Build(ctx, 4, 4, 0, "5-5-5", nil); !errors.Is(err, context.Canceled) {
		t.Errorf("Build: err = %v, want context.Canceled", err)
	}
	dir := t.TempDir()
	if _, err := Open(ctx, 4, 4, 0, "5-5-5", Options{Dir: dir}); !errors.Is(err, context.Canceled) {
		t.Errorf("Open: err = %v, want context.Canceled", err)
	}
	if files, _ := os.ReadDir(dir); len(files) != 0 {
		t.Errorf("files left behind: %v", files)
	}
}

func TestCanonical(t *testing.T) {
	tests := []struct {
		w, h, blank int
		spec        string
		wantBlank   int
		wantSpec    string
	}{
		{4, 4, 15, "7-8", 0, "7-8"},
		{3, 3, 8, "0,1,2,3/4,5,6,7", 0, "5,6,7,8/1,2,3,4"},
		{3, 3, 0, "1,2,3,4/5,6,7,8", 0, "1,2,3,4/5,6,7,8"},
		{2, 4, 7, "0,1,2/3,4,5,6", 0, "5,6,7/1,2,3,4"},
	}
	for _, tc := range tests {
		b, s, err := Canonical(tc.w, tc.h, tc.blank, tc.spec)
		if err != nil || b != tc.wantBlank || s != tc.wantSpec {
			t.Errorf("Canonical(%d, %d, %d, %q) = %d, %q, %v; want %d, %q", tc.w, tc.h, tc.blank, tc.spec, b, s, err, tc.wantBlank, tc.wantSpec)
		}
	}
	if _, _, err := Canonical(3, 3, 8, "0,1,2,3/4,5,6,8"); err == nil {
		t.Error("Canonical accepted a pattern holding the blank's goal")
	}
}

func TestParsePartition(t *testing.T) {
	tests := []struct {
		w, h, blank int
		spec        string
		want        string // groups, or the start of the error
	}{
		{4, 4, 0, "7-8", "[[1 2 3 4 5 6 7] [8 9 10 11 12 13 14 15]]"},
		{4, 4, 15, "5-5-5", "[[0 1 2 3 4] [5 6 7 8 9] [10 11 12 13 14]]"},
		{3, 3, 4, "4-4", "[[0 1 2 3] [5 6 7 8]]"},
		{5, 5, 0, "6-6-6-6", "[[1 2 5 6 7 12] [3 4 8 9 13 14] [10 11 15 16 20 21] [17 18 19 22 23 24]]"},
		{5, 5, 24, "6-6-6-6", "[[12 17 18 19 22 23] [10 11 15 16 20 21] [3 4 8 9 13 14] [0 1 2 5 6 7]]"},
		{4, 4, 0, "1,5,6,9,10,13/7,8,11,12,14,15/4,3,2", "[[1 5 6 9 10 13] [7 8 11 12 14 15] [2 3 4]]"},
		{3, 3, 8, "0,1,2,3/4,5,6,7", "[[0 1 2 3] [4 5 6 7]]"},
		{3, 3, 8, "0,1,2,3/4,5,6", "pdb: partition \"0,1,2,3/4,5,6\" leaves out cell 7"},
		{3, 3, 8, "0,1,2,3/4,5,6,8", "pdb: partition \"0,1,2,3/4,5,6,8\": cell 8 is the blank's goal"},
		{3, 3, 8, "0,1,2,3/3,4,5,6,7", "pdb: partition \"0,1,2,3/3,4,5,6,7\": cell 3 in two patterns"},
		{3, 3, 8, "0,1,2,3/4,5,6,9", "pdb: partition \"0,1,2,3/4,5,6,9\": cell 9 outside"},
		{3, 3, 8, "0,1,2,3/4,5,x", "pdb: partition \"0,1,2,3/4,5,x\": \"x\" is not a cell"},
		{3, 3, 8, "0,1,2,3,4,5,6,7", "[[0 1 2 3 4 5 6 7]]"},
		{3, 3, 8, "0,1,2,3//4,5,6,7", "pdb: partition \"0,1,2,3//4,5,6,7\": \"\" is not a cell"},
		{4, 4, 0, "7-7", "pdb: partition \"7-7\" covers 14 tiles"},
		{4, 4, 0, "7-x", "pdb: partition \"7-x\": \"x\" is not"},
		{4, 4, 0, "", "pdb: partition \"\": \"\" is not"},
		{4, 4, 0, "0-15", "pdb: partition \"0-15\": \"0\" is not"},
		{4, 4, 0, "15", "pdb: partition \"15\": pdb: a pattern of 15 tiles on 4x4 has over"},
		{4, 4, 16, "7-8", "pdb: blank goal cell 16 outside"},
		{8, 8, 0, "63", "pdb: board 8x8 not supported"},
	}
	for _, tc := range tests {
		groups, err := ParsePartition(tc.w, tc.h, tc.blank, tc.spec)
		got := fmt.Sprint(groups)
		if err != nil {
			got = err.Error()
		}
		if !strings.HasPrefix(got, tc.want) {
			t.Errorf("ParsePartition(%d, %d, %d, %q) = %s, want %s", tc.w, tc.h, tc.blank, tc.spec, got, tc.want)
		}
	}
}

func TestDefaultPartition(t *testing.T) {
	tests := []struct {
		w, h int
		want string
		ok   bool
	}{
		{4, 4, "7-8", true},
		{5, 5, "6-6-6-6", true},
		{3, 3, "8", true},
		{2, 4, "7", true},
		{3, 4, "6-5", true},
		{4, 5, "5-5-5-4", true},
		{3, 7, "5-5-5-5", true},
		{4, 6, "5-5-5-4-4", true},
		{4, 8, "5-5-5-4-4-4-4", true},
		{2, 16, "5-5-5-4-4-4-4", true},
		{6, 6, "", false},
	}
	for _, tc := range tests {
		got, ok := DefaultPartition(tc.w, tc.h)
		if got != tc.want || ok != tc.ok {
			t.Errorf("DefaultPartition(%d, %d) = %q, %v; want %q, %v", tc.w, tc.h, got, ok, tc.want, tc.ok)
		}
		if ok {
			if _, _, err := newSet(tc.w, tc.h, 0, got); err != nil {
				t.Errorf("DefaultPartition(%d, %d) = %q: %v", tc.w, tc.h, got, err)
			}
		}
		// PartitionFor gives the same default, an error where there is
		// none, and a partition asked for as it is.
		p, err := PartitionFor(tc.w, tc.h, "")
		if p != tc.want || (err == nil) != tc.ok || (err != nil && !errors.Is(err, ErrNoDatabase)) {
			t.Errorf("PartitionFor(%d, %d, \"\") = %q, %v; want %q", tc.w, tc.h, p, err, tc.want)
		}
		if p, err := PartitionFor(tc.w, tc.h, "1-2"); p != "1-2" || err != nil {
			t.Errorf("PartitionFor(%d, %d, \"1-2\") = %q, %v; want it unchanged", tc.w, tc.h, p, err)
		}
	}
}

// TestDefaultPartitionEverySize checks that every board of 2 to 32 cells,
// both sides at least 2, has a default partition whose patterns each have
// at most 2^26 placements, so that each builds within the memory of a
// build (about 3.5 bytes a placement); 4x4's and 5x5's are chosen.
func TestDefaultPartitionEverySize(t *testing.T) {
	for w := 2; w <= 16; w++ {
		for h := 2; w*h <= maxCells; h++ {
			spec, ok := DefaultPartition(w, h)
			if !ok {
				t.Errorf("%dx%d: no default partition", w, h)
				continue
			}
			_, pats, err := newSet(w, h, 0, spec)
			if err != nil {
				t.Errorf("%dx%d: default %q: %v", w, h, spec, err)
				continue
			}
			for _, p := range pats {
				// 7-8 on 4x4 and 6-6-6-6 on 5x5 are chosen larger, on purpose.
				if p.places > maxDefaultPlaces && w != h {
					t.Errorf("%dx%d: default %q has a pattern of %d placements", w, h, spec, p.places)
				}
			}
		}
	}
}

// openLogged opens the 3x3 4-4 set for the blank cell in a new temporary
// directory, logging to a builder, and returns it with its Options and log.
func openLogged(t *testing.T, blank int) (*Set, Options, *strings.Builder) {
	t.Helper()
	log := new(strings.Builder)
	opts := Options{Dir: t.TempDir(), Log: log}
	s, err := Open(context.Background(), 3, 3, blank, "4-4", opts)
	if err != nil {
		t.Fatal(err)
	}
	return s, opts, log
}

// TestCache checks that Open builds, saves and reloads a set, and that a
// damaged or mismatched file is refused and rebuilt, never used.
func TestCache(t *testing.T) {
	ctx := context.Background()
	s1, opts, log := openLogged(t, 8)
	dir := opts.Dir
	if !strings.Contains(log.String(), "building") {
		t.Errorf("first Open logged %q, want a note on building", log.String())
	}
	infos, err := List(dir)
	if err != nil || len(infos) != 2 {
		t.Fatalf("List = %v, %v; want two files", infos, err)
	}
	for _, in := range infos {
		if in.Err != nil || in.W != 3 || in.H != 3 || in.Blank != 8 || len(in.Cells) != 4 || in.Entries != 3024 {
			t.Errorf("List entry %+v", in)
		}
	}
	log.Reset()
	s2, err := Open(ctx, 3, 3, 8, "4-4", opts)
	if err != nil {
		t.Fatal(err)
	}
	if log.Len() != 0 {
		t.Errorf("second Open logged %q, want nothing", log.String())
	}
	for i := range s1.tables {
		if !slices.Equal(s1.tables[i], s2.tables[i]) {
			t.Fatalf("table %d differs after reload", i)
		}
	}

	name := filepath.Join(dir, infos[0].Name)
	good, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	damage := []struct {
		what string
		data []byte
		want string
	}{
		{"flipped table bit", flip(good, len(good)-3), "checksum mismatch"},
		{"flipped header cell", flip(good, 17), "header does not match"},
		{"truncated", good[:len(good)-5], "cut short"},
		{"extra bytes", append(slices.Clone(good), 0), "data after"},
		{"empty", nil, "short header"},
		{"other magic", flip(good, 0), "not a searchlab"},
		{"other version", flip(good, 8), "format version"},
	}
	for _, d := range damage {
		if err := os.WriteFile(name, d.data, 0o644); err != nil {
			t.Fatal(err)
		}
		log.Reset()
		s3, err := Open(ctx, 3, 3, 8, "4-4", opts)
		if err != nil {
			t.Fatalf("%s: %v", d.what, err)
		}
		if !strings.Contains(log.String(), d.want) || !strings.Contains(log.String(), "rebuilding") {
			t.Errorf("%s: logged %q, want %q and rebuilding", d.what, log.String(), d.want)
		}
		for i := range s1.tables {
			if !slices.Equal(s1.tables[i], s3.tables[i]) {
				t.Fatalf("%s: table %d differs after rebuild", d.what, i)
			}
		}
		again, _ := os.ReadFile(name)
		if !slices.Equal(again, good) {
			t.Errorf("%s: the rebuilt file differs from the original", d.what)
		}
	}
	files, _ := os.ReadDir(dir)
	for _, f := range files {
		if strings.Contains(f.Name(), ".tmp") {
			t.Errorf("temporary file %s left behind", f.Name())
		}
	}
}

// TestInMemory checks that a set read into memory (Options.InMemory) has
// the tables and heuristic of the mapped one: 4x4 6-6-3, whose
// 6-tile tables (721,000 words each) are large enough to be read outside
// the Go heap.
func TestInMemory(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	mapped, err := Open(ctx, 4, 4, 0, "6-6-3", Options{Dir: dir})
	if err != nil {
		t.Fatal(err)
	}
	read, err := Open(ctx, 4, 4, 0, "6-6-3", Options{Dir: dir, InMemory: true})
	if err != nil {
		t.Fatal(err)
	}
	for i := range mapped.tables {
		if len(mapped.tables[i]) < 1<<18 && i < 2 {
			t.Errorf("table %d has %d words: too few for memory outside the heap", i, len(mapped.tables[i]))
		}
		if !slices.Equal(mapped.tables[i], read.tables[i]) {
			t.Errorf("table %d read into memory differs from the mapped one", i)
		}
	}
	goal := mustBoard(t, 4, 4, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15)
	r := rand.New(rand.NewPCG(3, 4))
	for range 100 {
		b := sliding.Random(r, 4, 4)
		hm, err := mapped.Heuristic(b, goal)
		if err != nil {
			t.Fatal(err)
		}
		if hr, err := read.Heuristic(b, goal); err != nil || hr != hm {
			t.Fatalf("board %v: in memory %d (%v), mapped %d", b.Tiles, hr, err, hm)
		}
	}
}

// TestCacheWriteFails checks that a set whose files cannot be written (a
// directory stands where each file would go) is still built and used, with
// a message, and leaves no temporary file behind.
func TestCacheWriteFails(t *testing.T) {
	// A directory of procfs: reading a table there finds nothing, and
	// writing one fails, even as root.
	if runtime.GOOS != "linux" {
		t.Skip("needs /proc")
	}
	dir := "/proc/self"
	var log strings.Builder
	s, err := Open(context.Background(), 3, 3, 0, "4-4", Options{Dir: dir, Log: &log})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(log.String(), "could not save") {
		t.Errorf("logged %q, want a note that it could not save", log.String())
	}
	if h, err := s.Heuristic(mustBoard(t, 3, 3, 1, 0, 2, 3, 4, 5, 6, 7, 8), mustBoard(t, 3, 3, 0, 1, 2, 3, 4, 5, 6, 7, 8)); err != nil || h != 1 {
		t.Errorf("Heuristic = %d, %v; want 1", h, err)
	}
}

// TestCacheNotRegular checks that a table path that is not a regular file
// (here a directory) is refused with an error that says so.
func TestCacheNotRegular(t *testing.T) {
	dir := t.TempDir()
	_, pats, err := newSet(3, 3, 0, "4-4")
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range pats {
		if err := os.Mkdir(filepath.Join(dir, p.fileName(0)), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	_, err = Open(context.Background(), 3, 3, 0, "4-4", Options{Dir: dir, Log: io.Discard})
	if err == nil || !strings.Contains(err.Error(), "not a regular file") {
		t.Errorf("Open = %v, want an error naming a file that is not regular", err)
	}
}

func flip(b []byte, i int) []byte {
	c := slices.Clone(b)
	c[i] ^= 0x10
	return c
}

// mustPattern returns the pattern of cells on a w x h board, or fails t.
func mustPattern(t *testing.T, w, h int, cells []int) *pattern {
	t.Helper()
	g, err := newGeom(w, h)
	if err != nil {
		t.Fatal(err)
	}
	p, err := newPattern(g, cells)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// TestStamp checks the verified stamps: a file is stamped when written, a
// file changed in place after its stamp (even with its modification time
// set back) is read whole, found damaged and rebuilt, and Verify checks
// every file whatever its stamp says.
func TestStamp(t *testing.T) {
	ctx := context.Background()
	want, opts, log := openLogged(t, 0)
	dir := opts.Dir
	name := filepath.Join(dir, "3x3-b0-1.2.3.4.pdb")
	if _, err := os.Stat(stampName(name)); err != nil {
		t.Fatalf("no stamp after writing: %v", err)
	}
	corrupt := func() {
		t.Helper()
		fi, err := os.Stat(name)
		if err != nil {
			t.Fatal(err)
		}
		f, err := os.OpenFile(name, os.O_RDWR, 0)
		if err != nil {
			t.Fatal(err)
		}
		b := make([]byte, 1)
		f.ReadAt(b, fi.Size()-7)
		b[0] ^= 0x21
		if _, err := f.WriteAt(b, fi.Size()-7); err != nil {
			t.Fatal(err)
		}
		f.Close()
		if err := os.Chtimes(name, fi.ModTime(), fi.ModTime()); err != nil {
			t.Fatal(err)
		}
	}
	corrupt()
	log.Reset()
	got, err := Open(ctx, 3, 3, 0, "4-4", opts)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(log.String(), "checksum mismatch; rebuilding") {
		t.Errorf("Open after damage in place logged %q, want a checksum mismatch and a rebuild", log.String())
	}
	for i := range want.tables {
		if !slices.Equal(want.tables[i], got.tables[i]) {
			t.Fatalf("table %d differs after the rebuild", i)
		}
	}

	infos, err := Verify(dir)
	if err != nil || len(infos) != 2 || infos[0].Err != nil || infos[1].Err != nil {
		t.Fatalf("Verify of good files = %+v, %v", infos, err)
	}
	// Damage that leaves the stamp matching (as bit rot on the disk would):
	// Open trusts the stamp, but Verify reads every byte.
	corrupt()
	fi, _ := os.Stat(name)
	stamp := readStamp(name)
	crc := stamp[strings.LastIndex(stamp, " ")+1 : len(stamp)-1]
	var c uint32
	fmt.Sscanf(crc, "%x", &c)
	os.WriteFile(stampName(name), []byte(stampOf(fi, c)), 0o644)
	infos, err = Verify(dir)
	if err != nil || len(infos) != 2 || !errors.Is(infos[0].Err, ErrCorrupt) || infos[1].Err != nil {
		t.Fatalf("Verify after damage = %+v, %v; want the first file corrupt", infos, err)
	}
	log.Reset()
	if _, err := Open(ctx, 3, 3, 0, "4-4", opts); err != nil || !strings.Contains(log.String(), "rebuilding") {
		t.Errorf("Open after Verify found damage: %v, logged %q", err, log.String())
	}
}

// TestForMatchesHeuristic checks that the set's heuristic toward a goal
// (For) estimates every board as Heuristic does, for a goal the set holds
// as it is and one it reaches by a symmetry.
func TestForMatchesHeuristic(t *testing.T) {
	s, err := Open(context.Background(), 4, 4, 0, "5-5-5", Options{Dir: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	first := mustBoard(t, 4, 4, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15)
	last := sliding.Standard(4, 4)
	if CanonicalBlank(4, 4, last.Blank()) != 0 {
		t.Fatalf("no symmetry takes the blank's goal cell %d to 0", last.Blank())
	}
	r := rand.New(rand.NewPCG(11, 12))
	for _, goal := range []sliding.Board{first, last} {
		h, err := s.For(goal)
		if err != nil {
			t.Fatal(err)
		}
		for range 200 {
			b := sliding.Scramble(r, goal, 60)
			want, err := s.Heuristic(b, goal)
			if err != nil {
				t.Fatal(err)
			}
			if got := h.Estimate(b); got != want {
				t.Fatalf("goal blank %d: Estimate(%v) = %d, Heuristic = %d", goal.Blank(), b, got, want)
			}
		}
	}
}

// TestMustSave checks that CheckDir and Open with MustSave refuse a
// directory that cannot be saved in, naming it.
func TestMustSave(t *testing.T) {
	file := filepath.Join(t.TempDir(), "file")
	if err := os.WriteFile(file, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(file, "D")
	if err := CheckDir(dir); err == nil || !strings.Contains(err.Error(), dir) {
		t.Errorf("CheckDir(%s) = %v, want an error naming it", dir, err)
	}
	if err := CheckDir(t.TempDir()); err != nil {
		t.Errorf("CheckDir of a new temporary directory: %v", err)
	}
	if _, err := Open(context.Background(), 2, 3, 0, "5", Options{Dir: dir, MustSave: true}); err == nil || !strings.Contains(err.Error(), dir) {
		t.Errorf("Open with MustSave in %s: %v, want an error naming it", dir, err)
	}
}
