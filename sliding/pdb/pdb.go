// Package pdb builds, stores, opens, verifies and looks up additive
// disjoint pattern databases (Korf & Felner 2002) for sliding-tile boards of
// up to 32 cells and any goal layout: the 15-puzzle with the 7-8 partition
// and the mirror lookup, the 24-puzzle with 6-6-6-6, and any partition that
// fits in memory. Databases are built once by a breadth-first search and
// cached on disk in a checked file format. A Set looks up its heuristic
// (Set.Heuristic, Set.For) and describes it to a search (Set.Sums); it
// runs no search itself.
//
// Which set a board should use, and the search with it, are the business
// of package sliding/solve, whose Solver gives the fastest exact answer to
// any board.
package pdb

import (
	"context"
	"fmt"
	"hash/crc32"
	"io"
	"strconv"
	"strings"
	"sync"

	"github.com/searchlab/searchlab/sliding"
	"github.com/searchlab/searchlab/sliding/prune"
)

// Limits of the arrays of a set. The search engine (package
// sliding/internal/idastar) has its own, at least as large.
const (
	maxPatterns = 16 // groups in a partition
	maxViews    = 16 // additive sums whose largest is the heuristic
	maxLookups  = 64 // terms of all the sums together
)

// Set is an additive set of pattern databases for one board size and one
// goal cell of the blank: each tile belongs to exactly one pattern, and the
// heuristic of a board is the sum of its patterns' entries (and, on square
// boards whose blank goal lies on the main diagonal, the larger of that sum
// and the sum for the board reflected about the diagonal).
//
// Tiles are named by their goal cells, so one Set serves every goal layout
// whose blank sits on the same cell. A Set is safe for concurrent use.
type Set struct {
	w, h      int
	blank     int
	partition string
	g         *geom
	groups    [][]int    // goal cells of each pattern's tiles
	tables    [][]uint32 // 4-bit entries, 8 to a word
	catalogue bool       // the sums are those of the catalogue, not one partition's
	zero      bool       // the tables are zero-aware (see zero.go)
	noMirror  bool
	machine   *prune.Machine // the move pruning its searches follow
	sumsOnce  sync.Once
	sumsOf    [][]lookup // views(), made on first use
	refl      [32]uint8  // each cell's reflection about the diagonal (square boards)
	fpOnce    sync.Once
	fp        uint32
	health    *health // of the files the tables were mapped from; nil if built here
}

// WithoutMirror returns a set that shares s's tables but never looks up the
// reflected board: a weaker heuristic, for comparison.
func (s *Set) WithoutMirror() *Set {
	return &Set{w: s.w, h: s.h, blank: s.blank, partition: s.partition, g: s.g, groups: s.groups, tables: s.tables, catalogue: s.catalogue, zero: s.zero, noMirror: true, machine: s.machine}
}

// views returns the additive sums whose largest is the heuristic: for one
// partition its patterns' plain lookups and, with the mirror, their
// reflected ones; for the catalogue each of its partitions both ways.
func (s *Set) views() [][]lookup {
	if s.catalogue {
		spec, _ := splitZero(s.partition)
		_, views, _ := catalogueSet(s.w, s.h, s.blank, spec, !s.noMirror)
		return views
	}
	plain := make([]lookup, len(s.groups))
	refl := make([]lookup, len(s.groups))
	for i := range s.groups {
		plain[i] = lookup{table: i}
		refl[i] = lookup{table: i, mirror: true}
	}
	if s.Mirror() {
		return [][]lookup{plain, refl}
	}
	return [][]lookup{plain}
}

// WithPruning returns a set that shares s's tables but whose searches
// follow the move-pruning machine m instead (see package prune): with a
// machine of length 2, the searches only never undo their last move, as
// before pruning machines; longer machines expand fewer nodes.
func (s *Set) WithPruning(m *prune.Machine) (*Set, error) {
	if w, h := m.Size(); w != s.w || h != s.h {
		return nil, fmt.Errorf("pdb: a %dx%d pruning machine for a %dx%d database", w, h, s.w, s.h)
	}
	return &Set{w: s.w, h: s.h, blank: s.blank, partition: s.partition, g: s.g, groups: s.groups, tables: s.tables, catalogue: s.catalogue, zero: s.zero, noMirror: s.noMirror, machine: m}, nil
}

// W and H return the board size the set is for.
func (s *Set) W() int { return s.w }

// H returns the number of rows of the boards the set is for.
func (s *Set) H() int { return s.h }

// BlankGoal returns the goal cell of the blank (in reading order, from 0)
// that the set is for.
func (s *Set) BlankGoal() int { return s.blank }

// Partition returns the partition, as pattern sizes such as "7-8", or
// CataloguePartition, after ZeroPrefix for zero-aware tables.
func (s *Set) Partition() string { return s.partition }

// ZeroAware reports whether the set's tables are zero-aware (see
// ZeroPrefix): indexed by the blank's region as well as the placement.
func (s *Set) ZeroAware() bool { return s.zero }

// Groups returns the goal cells of the tiles of each pattern (for the
// catalogue, of each distinct table).
func (s *Set) Groups() [][]int {
	out := make([][]int, len(s.groups))
	for i, g := range s.groups {
		out[i] = append([]int(nil), g...)
	}
	return out
}

// Mirror reports whether the set also looks up the board reflected about
// the main diagonal: it does on square boards whose blank goal cell lies on
// the diagonal, unless made by WithoutMirror.
func (s *Set) Mirror() bool {
	return !s.noMirror && s.w == s.h && s.g.transpose(s.blank) == s.blank
}

// Method names the heuristic for Solution.Method, e.g. "pdb 7-8+mirror".
func (s *Set) Method() string {
	spec, _ := splitZero(s.partition)
	m := "pdb " + spec
	switch spec {
	case CataloguePartition:
		m = "pdb catalogue (7 x 6-6-6-6)"
	case Catalogue3Partition:
		m = "pdb catalogue3 (3 x 6-6-6-6)"
	case Catalogue7Partition:
		m = "pdb catalogue7 (6-6-6-6, 7-7-5-5)"
	}
	if s.zero {
		m = "pdb zero-aware " + m[len("pdb "):]
	}
	if s.Mirror() {
		m += "+mirror"
	}
	return m
}

// Bytes returns the memory the tables take.
func (s *Set) Bytes() int64 {
	var n int64
	for _, t := range s.tables {
		n += int64(len(t)) * 4
	}
	return n
}

// Heuristic returns the set's lower bound on the moves from b to goal. The
// boards must be of the set's size, with the blank's goal on a cell that a
// symmetry of the board takes to the set's (see CanonicalBlank).
func (s *Set) Heuristic(b, goal sliding.Board) (int, error) {
	if err := s.check(b, goal); err != nil {
		return 0, err
	}
	m := s.symmetry(goal.Blank())
	return s.lookupH(cells(transform(b, m), transform(goal, m))), nil
}

// For returns the set's heuristic toward goal as a sliding.Heuristic, for
// the generic algorithms of package search (sliding.Search). It
// returns an error when goal does not fit the set: another size, or the
// blank on a cell that no symmetry takes to the set's.
func (s *Set) For(goal sliding.Board) (sliding.Heuristic, error) {
	if err := s.check(goal, goal); err != nil {
		return nil, err
	}
	m := s.symmetry(goal.Blank())
	return heuristic{s: s, goal: goal, m: m, tgoal: transform(goal, m)}, nil
}

// heuristic is a Set toward one goal, with what Heuristic would work out
// again for every board: the symmetry that takes the goal to the set's,
// and the goal under it.
type heuristic struct {
	s     *Set
	goal  sliding.Board
	m     []int
	tgoal sliding.Board
}

// Name returns the set's method, such as "pdb 7-8+mirror".
func (h heuristic) Name() string { return h.s.Method() }

// Estimate returns the set's lower bound on the moves from b to the goal,
// or 0 for a board of another size.
func (h heuristic) Estimate(b sliding.Board) int {
	if b.W != h.goal.W || b.H != h.goal.H {
		return 0
	}
	return h.s.lookupH(cells(transform(b, h.m), h.tgoal))
}

// fingerprint returns a CRC-32C of the set's patterns and tables, which
// names the heuristic in a checkpoint.
func (s *Set) fingerprint() uint32 {
	s.fpOnce.Do(func() {
		id := fmt.Sprint(s.w, s.h, s.blank, s.groups, s.Mirror())
		if s.zero {
			id += " zero-aware"
		}
		if s.catalogue {
			id += fmt.Sprint(" catalogue ", s.views())
		}
		crc := crc32.Checksum([]byte(id), castagnoli)
		for _, t := range s.tables {
			crc = crc32.Update(crc, castagnoli, tableBytes(t))
		}
		s.fp = crc
	})
	return s.fp
}

func (s *Set) check(b, goal sliding.Board) error {
	if b.W != s.w || b.H != s.h || goal.W != s.w || goal.H != s.h {
		return fmt.Errorf("pdb: board %dx%d and goal %dx%d for a %dx%d database", b.W, b.H, goal.W, goal.H, s.w, s.h)
	}
	if len(b.Tiles) != s.w*s.h || len(goal.Tiles) != s.w*s.h {
		return fmt.Errorf("pdb: %w", sliding.ErrInvalid)
	}
	if s.symmetry(goal.Blank()) == nil {
		return fmt.Errorf("pdb: goal blank on cell %d, database built for cell %d", goal.Blank(), s.blank)
	}
	return nil
}

// symmetry returns a map of cells that takes the blank goal cell blank to
// the set's, or nil if there is none.
func (s *Set) symmetry(blank int) []int {
	for _, m := range symmetries(s.w, s.h) {
		if m[blank] == s.blank {
			return m
		}
	}
	return nil
}

// transform returns b with the tile on each cell c moved to cell m[c].
func transform(b sliding.Board, m []int) sliding.Board {
	out := sliding.Board{W: b.W, H: b.H, Tiles: make([]uint8, len(b.Tiles))}
	for c, t := range b.Tiles {
		out.Tiles[m[c]] = t
	}
	return out
}

// ParsePartition reads a partition of the w*h-1 tiles of a board into
// patterns and returns the goal cells of each pattern's tiles for a goal
// whose blank is on cell blank. A partition is written either as pattern
// sizes joined by '-' (such as "7-8" or "6-6-6-6"), whose patterns take the
// tiles' goal cells in reading order, skipping the blank's (for the 5x5
// board with the blank goal in a corner, "6-6-6-6" is instead the four
// blocks 1 2 5 6 7 12 / 3 4 8 9 13 14 / 10 11 15 16 20 21 / 17 18 19 22 23 24,
// and "7-7-5-5" the blocks 1 2 5 6 7 10 11 / 3 4 8 9 12 13 14 / 15 16 17 20 21 /
// 18 19 22 23 24),
// or as the goal cells of each pattern, joined by ',' within a pattern and
// by '/' between them, such as "1,5,6,9,10,13/7,8,11,12,14,15/2,3,4".
func ParsePartition(w, h, blank int, spec string) ([][]int, error) {
	g, err := newGeom(w, h)
	if err != nil {
		return nil, err
	}
	if blank < 0 || blank >= g.n {
		return nil, fmt.Errorf("pdb: blank goal cell %d outside the board", blank)
	}
	if strings.ContainsAny(spec, ",/") {
		return parseGroups(g, blank, spec)
	}
	parts := strings.Split(spec, "-")
	sizes := make([]int, len(parts))
	sum := 0
	for i, p := range parts {
		k, err := strconv.Atoi(p)
		if err != nil || k < 1 {
			return nil, fmt.Errorf("pdb: partition %q: %q is not a pattern size (a whole number from 1)", spec, p)
		}
		sizes[i] = k
		sum += k
	}
	if sum != g.n-1 {
		return nil, fmt.Errorf("pdb: partition %q covers %d tiles, a %dx%d board has %d", spec, sum, w, h, g.n-1)
	}
	if len(sizes) > maxPatterns {
		return nil, fmt.Errorf("pdb: partition %q has more than %d patterns", spec, maxPatterns)
	}
	if groups := shaped24(w, h, blank, spec); groups != nil {
		return groups, nil
	}
	var cells []int
	for c := range g.n {
		if c != blank {
			cells = append(cells, c)
		}
	}
	groups := make([][]int, len(sizes))
	for i, k := range sizes {
		groups[i], cells = cells[:k:k], cells[k:]
	}
	for _, grp := range groups {
		if _, err := newPattern(g, grp); err != nil {
			return nil, fmt.Errorf("pdb: partition %q: %w", spec, err)
		}
	}
	return groups, nil
}

// parseGroups reads a partition written as its patterns' goal cells: cells
// joined by ',', patterns by '/'.
func parseGroups(g *geom, blank int, spec string) ([][]int, error) {
	seen := make([]bool, g.n)
	var groups [][]int
	for _, part := range strings.Split(spec, "/") {
		var grp []int
		for _, f := range strings.Split(part, ",") {
			c, err := strconv.Atoi(strings.TrimSpace(f))
			switch {
			case err != nil:
				return nil, fmt.Errorf("pdb: partition %q: %q is not a cell number", spec, f)
			case c < 0 || c >= g.n:
				return nil, fmt.Errorf("pdb: partition %q: cell %d outside the %dx%d board", spec, c, g.w, g.h)
			case c == blank:
				return nil, fmt.Errorf("pdb: partition %q: cell %d is the blank's goal", spec, c)
			case seen[c]:
				return nil, fmt.Errorf("pdb: partition %q: cell %d in two patterns", spec, c)
			}
			seen[c] = true
			grp = append(grp, c)
		}
		sortInts(grp)
		groups = append(groups, grp)
	}
	if len(groups) > maxPatterns {
		return nil, fmt.Errorf("pdb: partition %q has more than %d patterns", spec, maxPatterns)
	}
	for c := range g.n {
		if c != blank && !seen[c] {
			return nil, fmt.Errorf("pdb: partition %q leaves out cell %d", spec, c)
		}
	}
	for _, grp := range groups {
		if _, err := newPattern(g, grp); err != nil {
			return nil, fmt.Errorf("pdb: partition %q: %w", spec, err)
		}
	}
	return groups, nil
}

// shapes24 holds the 24-puzzle partitions that have a shape of their own
// instead of reading order, for the blank in the top-left corner:
// Korf and Felner's 6-6-6-6 (reflected: Döbbelin et al.'s), and a 7-7-5-5
// of ours, two 7-tile blocks over the top three rows and two 5-tile
// blocks below.
var shapes24 = map[string][][]int{
	"6-6-6-6": {
		{1, 2, 5, 6, 7, 12},
		{3, 4, 8, 9, 13, 14},
		{10, 11, 15, 16, 20, 21},
		{17, 18, 19, 22, 23, 24},
	},
	"7-7-5-5": {
		{1, 2, 5, 6, 7, 10, 11},
		{3, 4, 8, 9, 12, 13, 14},
		{15, 16, 17, 20, 21},
		{18, 19, 22, 23, 24},
	},
}

// shaped24 returns the shaped partition spec of the 24-puzzle (see
// shapes24) for the blank in the top-left corner (reflected for the other
// corners), or nil for any other board or partition.
func shaped24(w, h, blank int, spec string) [][]int {
	base := shapes24[spec]
	if w != 5 || h != 5 || base == nil {
		return nil
	}
	var flip func(c int) int
	switch blank {
	case 0:
		flip = func(c int) int { return c }
	case 4:
		flip = func(c int) int { return c/5*5 + 4 - c%5 }
	case 20:
		flip = func(c int) int { return (4-c/5)*5 + c%5 }
	case 24:
		flip = func(c int) int { return 24 - c }
	default:
		return nil
	}
	out := make([][]int, len(base))
	for i, grp := range base {
		for _, c := range grp {
			out[i] = append(out[i], flip(c))
		}
		sortInts(out[i])
	}
	return out
}

func sortInts(a []int) {
	for i := 1; i < len(a); i++ {
		for j := i; j > 0 && a[j] < a[j-1]; j-- {
			a[j], a[j-1] = a[j-1], a[j]
		}
	}
}

// DefaultPartition returns the partition the Solver of package
// sliding/solve uses for a w x h board when
// none is given, which "searchlab pdb build" builds by default: "7-8" for
// 4x4, "6-6-6-6" for 5x5, and otherwise the fewest patterns, as even as
// can be, whose tables each have at most 2^26 entries (32 MB). ok is false
// when the board has more than 32 cells.
//
// On 5x5, CataloguePartition expands several times fewer nodes than
// 6-6-6-6, but each node costs about four times as much (fourteen lookups
// against three or four), so 6-6-6-6 stays the default. The zero-aware
// tables (ZeroPrefix) expand fewer nodes again, but the set rank and the
// blank's region that a child's entry waits for, and larger tables, make a
// node cost more, so they are not the default either. docs/benchmarks.md
// compares them.
func DefaultPartition(w, h int) (spec string, ok bool) {
	n := w * h
	switch {
	case w < 2 || h < 2 || n > maxCells:
		return "", false
	case w == 4 && h == 4:
		return "7-8", true
	case w == 5 && h == 5:
		return "6-6-6-6", true
	}
	tiles := n - 1
	for groups := 1; groups <= tiles && groups <= maxPatterns; groups++ {
		k := (tiles + groups - 1) / groups
		if defaultPlaces(n, k) <= maxDefaultPlaces {
			var parts []string
			left := tiles
			for i := range groups {
				ki := left / (groups - i)
				parts = append(parts, strconv.Itoa(ki))
				left -= ki
			}
			// Larger patterns first.
			for i, j := 0, len(parts)-1; i < j; i, j = i+1, j-1 {
				parts[i], parts[j] = parts[j], parts[i]
			}
			return strings.Join(parts, "-"), true
		}
	}
	return "", false
}

// maxDefaultPlaces is the most placements a pattern of a default
// partition has: its table takes 32 MB, and its build about 3.5 bytes a
// placement (the reached, current and next levels, and the table).
const maxDefaultPlaces = 1 << 26

// defaultPlaces returns n!/(n-k)!, the placements of k distinct tiles on n
// cells, or maxDefaultPlaces+1 when it is larger (so that it cannot
// overflow).
func defaultPlaces(n, k int) int64 {
	size := int64(1)
	for i := range k {
		size *= int64(n - i)
		if size > maxDefaultPlaces {
			return maxDefaultPlaces + 1
		}
	}
	return size
}

// PartitionFor returns partition, or when it is "" the default partition
// of w x h boards (DefaultPartition). For a size without one it returns an
// error that names the size and matches ErrNoDatabase.
func PartitionFor(w, h int, partition string) (string, error) {
	if partition != "" {
		return partition, nil
	}
	if p, ok := DefaultPartition(w, h); ok {
		return p, nil
	}
	return "", noDefaultError{w, h}
}

// noDefaultError reports a board size without a default partition.
type noDefaultError struct{ w, h int }

func (e noDefaultError) Error() string {
	return fmt.Sprintf("no pattern databases for %dx%d boards (at most %d cells)", e.w, e.h, maxCells)
}

func (e noDefaultError) Is(target error) bool { return target == ErrNoDatabase }

// Build computes the set for a w x h board, the blank's goal on cell blank
// and the given partition, without touching any cache. progress, if not
// nil, is called as the work goes on with the placements done and their
// total over all patterns. Its searches prune redundant move sequences up
// to PruneLength(w, h) moves on boards of up to 16 cells, and up to 12 on
// larger ones, whose longer machines are worth building only when kept
// (Open keeps them; Set.WithPruning sets another).
func Build(ctx context.Context, w, h, blank int, partition string, progress func(done, total int64)) (*Set, error) {
	s, pats, err := newSet(w, h, blank, partition)
	if err != nil {
		return nil, err
	}
	var total, before int64
	for _, p := range pats {
		total += p.places
	}
	for i, p := range pats {
		var cb func(int64)
		if progress != nil {
			cb = func(done int64) { progress(before+done, total) }
		}
		t, err := build(ctx, p, blank, cb)
		if err != nil {
			return nil, err
		}
		s.tables[i] = t
		before += p.places
	}
	l := PruneLength(w, h)
	if w*h > 16 {
		l = QuickPruneLength
	}
	if s.machine, err = machineFor(ctx, w, h, l); err != nil {
		return nil, err
	}
	return s, nil
}

func newSet(w, h, blank int, partition string) (*Set, []*pattern, error) {
	var groups [][]int
	var err error
	spec, zero := splitZero(partition)
	if isCatalogue(spec) {
		groups, _, err = catalogueSet(w, h, blank, spec, true)
	} else {
		groups, err = ParsePartition(w, h, blank, spec)
	}
	if err != nil {
		return nil, nil, err
	}
	g, _ := newGeom(w, h)
	s := &Set{w: w, h: h, blank: blank, partition: partition, g: g, groups: groups, tables: make([][]uint32, len(groups)), catalogue: isCatalogue(spec), zero: zero}
	pats := make([]*pattern, len(groups))
	for i, grp := range groups {
		newPat := newPattern
		if zero {
			newPat = newZeroPattern
		}
		if pats[i], err = newPat(g, grp); err != nil {
			return nil, nil, err
		}
	}
	return s, pats, nil
}

// Options say where Open keeps its files and how it reports.
type Options struct {
	// Dir is the cache directory; "" means CacheDir().
	Dir string
	// Log, if not nil, receives a line for each database built or rebuilt.
	Log io.Writer
	// Progress, if not nil, is called as a database is built, with a label
	// naming it, the placements done and their total.
	Progress func(label string, done, total int64)
	// PruneLength is the longest redundant move sequence that the sets'
	// searches prune (see package prune and Set.WithPruning); 0 means
	// PruneLength(w, h), 2 only never to undo the last move.
	PruneLength int
	// MustSave makes Open fail when Dir cannot be written (see CheckDir,
	// which it calls before building anything) or a table or machine it
	// built cannot be saved; without it such a database is used uncached,
	// with a line to Log.
	MustSave bool
	// InMemory reads each table into memory (on huge pages where the
	// system allows it) instead of mapping its file. Opening then reads
	// the tables whole, a few seconds for gigabytes, but the search's
	// random look-ups miss the TLB less, and a long search is not slowed
	// when the system evicts mapped pages it needs again. The memory is
	// kept for the life of the process.
	InMemory bool
}

// lookupH returns the set's heuristic of the board whose cell c holds the
// tile named cells[c] (tiles named by their goal cells, in the set's
// frame): the taxicab distance plus twice the largest of the views' sums
// of entries (an entry is half the moves a pattern needs beyond its
// tiles' taxicab distance). It reads the tables directly, as the search
// search engine's heuristic does, so that looking up a heuristic needs
// no search.
func (s *Set) lookupH(cells []uint8) int {
	var pos, ps [32]uint8
	manhattan := 0
	for c, t := range cells {
		pos[t] = uint8(c)
		if int(t) != s.blank {
			manhattan += s.g.dist(int(t), c)
		}
	}
	best := 0
	sums := s.sums()
	for k, view := range sums {
		sum := 0
		for _, l := range view {
			grp := s.groups[l.table]
			for j, t := range grp {
				if l.mirror {
					ps[j] = s.refl[pos[s.refl[t]]]
				} else {
					ps[j] = pos[t]
				}
			}
			tiles := ps[:len(grp)]
			idx := rank(s.g.n, tiles)
			if s.zero {
				blank := int(pos[s.blank])
				if l.mirror {
					blank = int(s.refl[blank])
				}
				var set uint32
				for _, c := range tiles {
					set |= 1 << c
				}
				bl := blockLayout(s.g, len(grp))
				if si, multi := bl.multiRegion(set); multi {
					if o := bl.overflowIndex(overflowBase(s.g.n, len(grp)), si, set, tiles, blank); o >= 0 {
						idx = o
					}
				}
			}
			sum += entry(s.tables[l.table], idx)
		}
		if k == 0 || sum > best {
			best = sum
		}
	}
	return manhattan + 2*best
}

// sums returns s.views(), worked out once (with refl).
func (s *Set) sums() [][]lookup {
	s.sumsOnce.Do(func() {
		s.sumsOf = s.views()
		if s.w == s.h {
			for c := range s.g.n {
				s.refl[c] = uint8(s.g.transpose(c))
			}
		}
	})
	return s.sumsOf
}

// cells returns the board b with each tile named by its cell in goal, so
// that the blank's name is its goal cell: the board as lookupH takes it.
func cells(b, goal sliding.Board) []uint8 {
	home := make([]uint8, len(goal.Tiles))
	for c, t := range goal.Tiles {
		home[t] = uint8(c)
	}
	out := make([]uint8, len(b.Tiles))
	for c, t := range b.Tiles {
		out[c] = home[t]
	}
	return out
}
