package pdb

import (
	"context"

	"github.com/searchlab/searchlab/sliding"
	"github.com/searchlab/searchlab/sliding/prune"
)

// What a search needs from a set: its heuristic as sums of table look-ups
// (Sums), the frame its tables are indexed in (Symmetry, Cells), the
// guard of its mapped memory (Sound, Guard) and its identity for
// checkpoints (Fingerprint). Package sliding/solve hands them to its IDA*
// engine; the set itself runs no search.

// Term is one table look-up of an additive sum: the table is indexed by
// the rank of the cells of its tiles, in order.
type Term struct {
	// Tiles are the goal cells of the tiles whose cells the table ranks.
	Tiles []int
	// Mirror says that the term ranks the board reflected about the main
	// diagonal: tile t's cell is looked up as its reflection's, for the
	// tile whose goal cell is the reflection of t.
	Mirror bool
	// Table holds 4-bit entries, eight to a word, lowest first: half the
	// moves the pattern needs beyond its tiles' taxicab distance.
	Table []uint32
	// Zero, if not nil, makes the table zero-aware: the index depends on
	// the blank's region as well as the placement (see ZeroPrefix).
	Zero *ZeroIndex
}

// ZeroIndex is the layout of a zero-aware table: its entries are indexed
// by the placement's rank where the blank lies in the main free region of
// the pattern's cells, and past the placements for the other regions.
type ZeroIndex struct {
	bl   *blocks
	base int64 // the first entry of the overflow part
}

// MultiRegion returns the colex rank of the set of cells s and whether its
// free cells split into more than one region.
func (z *ZeroIndex) MultiRegion(s uint32) (int, bool) { return z.bl.multiRegion(s) }

// Overflow returns the index of the tiles on cells pos (of set s, of colex
// rank si, with more than one region) with the blank on cell c, or -1 when
// c lies in the main region.
func (z *ZeroIndex) Overflow(si int, s uint32, pos []uint8, c int) int64 {
	return z.bl.overflowIndex(z.base, si, s, pos, c)
}

// Sums returns the set's heuristic as additive sums of look-ups: the
// heuristic of a board is its tiles' taxicab distance plus twice the
// largest sum of entries. Every tile but the blank belongs to exactly one
// term of each sum. Tiles and cells are in the set's frame (see Cells).
func (s *Set) Sums() [][]Term {
	var out [][]Term
	for _, view := range s.views() {
		sum := make([]Term, len(view))
		for i, l := range view {
			grp := s.groups[l.table]
			sum[i] = Term{Tiles: grp, Mirror: l.mirror, Table: s.tables[l.table]}
			if s.zero {
				sum[i].Zero = &ZeroIndex{blockLayout(s.g, len(grp)), overflowBase(s.g.n, len(grp))}
			}
		}
		out = append(out, sum)
	}
	return out
}

// overflowBase returns the first entry of the overflow part of a
// zero-aware table of k tiles on n cells: after the placements, rounded
// up to a word (see blocks.ovBase).
func overflowBase(n, k int) int64 {
	places := int64(1)
	for j := range k {
		places *= int64(n - j)
	}
	return (places + 7) &^ 7
}

// Pruning returns the move-pruning machine the set's searches follow: the
// one it was built or opened with, or for a set without one the machine
// that only never undoes the last move.
func (s *Set) Pruning() *prune.Machine {
	if s.machine != nil {
		return s.machine
	}
	m, _ := machineFor(context.Background(), s.w, s.h, 2) // cannot fail: it takes microseconds
	return m
}

// Check returns an error unless b and goal fit the set: of its size, and
// the goal's blank on a cell that a symmetry of the board takes to the
// set's (see CanonicalBlank).
func (s *Set) Check(b, goal sliding.Board) error { return s.check(b, goal) }

// Symmetry returns the map of cells (cell c goes to m[c]) that takes a
// goal whose blank is on cell goalBlank to the set's frame, or nil when no
// symmetry of the board does.
func (s *Set) Symmetry(goalBlank int) []int { return s.symmetry(goalBlank) }

// Cells returns b in the set's frame, as its tables and Sums take it: b
// and goal mapped by Symmetry(goal.Blank()), then the tile on each cell
// named by its goal cell, so that the blank's name is its goal cell. The
// boards must fit the set (Check).
func (s *Set) Cells(b, goal sliding.Board) []uint8 {
	m := s.symmetry(goal.Blank())
	return cells(transform(b, m), transform(goal, m))
}

// Fingerprint returns a CRC-32C of the set's patterns and tables, which
// names its heuristic in a checkpoint.
func (s *Set) Fingerprint() uint32 { return s.fingerprint() }

// Sound runs f, which reads s's tables, so that a damaged table gives an
// error matching ErrDamaged, never a crash or an answer: see sound. Every
// search on the set's tables runs under it.
func (s *Set) Sound(ctx context.Context, f func(ctx context.Context) error) error {
	return s.sound(ctx, f)
}

// Guard runs f with faults on mapped memory turned into an error matching
// ErrDamaged, not a crash of the process: a search guards each of its
// goroutines that reads a set's tables with it.
func Guard(f func() error) error { return guarded(f) }
