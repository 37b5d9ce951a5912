package solve

import (
	"context"

	"github.com/searchlab/searchlab/search"
	"github.com/searchlab/searchlab/sliding"
	"github.com/searchlab/searchlab/sliding/pdb"
	"github.com/searchlab/searchlab/sliding/solve/internal/pdbsearch"
)

// Work units cut one hard board's pattern-database search into pieces
// that separate processes or machines search (package sliding/units
// holds their protocol and Drive). The search and these types are package
// sliding/solve/internal/pdbsearch's, named here for the doors above the solver.
type (
	// Unit is one subtree of a board's IDA* search: Index, its place in
	// depth-first order among the board's units; Prefix, the moves from
	// the board to State.
	Unit = pdbsearch.Unit
	// Split is a board's search split into units: Board and Goal, the
	// Depth of every unit's prefix, H the heuristic of Board (the first
	// bound), the Units in depth-first order, and the Paths and Expanded
	// nodes of the split.
	Split = pdbsearch.Split
	// UnitResult is what searching one unit to a bound found: whether it
	// Found a path (Moves, from the board), else the Next bound it met,
	// and its Stats.
	UnitResult = pdbsearch.UnitResult
	// Round is the outcome of one bound over all the units of a board:
	// Solved by Unit with Moves, or the Next bound, and the nodes.
	Round = pdbsearch.Round
)

// ErrMissingUnits reports results that do not cover every unit of a bound
// exactly once (see MergeRound).
var ErrMissingUnits = pdbsearch.ErrMissingUnits

// MergeRound combines the results of searching all units units of a board
// to bound: the solution of the lowest unit that found one, or the next
// bound. It returns an error matching ErrMissingUnits unless results cover
// every unit up to the first that found a solution, and fails for a result
// of another bound or of a unit that does not exist, or two results of one
// unit that disagree.
func MergeRound(bound, units int, results []UnitResult) (Round, error) {
	return pdbsearch.MergeRound(bound, units, results)
}

// UnitSet is the set of pattern databases that splits one board size's
// searches into units and searches the units, as a Solver opened it.
type UnitSet struct{ set *pdbsearch.Searcher }

// Units returns the set the Solver uses for w x h boards whose goal has
// the blank on cell goalBlank, with the given partition ("" for the
// Solver's choice), for splitting and searching work units. Its errors
// are those of Set.
func (s *Solver) Units(ctx context.Context, w, h, goalBlank int, partition string) (*UnitSet, error) {
	set, err := s.searcher(ctx, w, h, goalBlank, partition)
	if err != nil {
		return nil, err
	}
	return &UnitSet{set}, nil
}

// Split returns the units of b's search towards goal at the given depth
// (at most the heuristic of b): every path of depth moves that never undoes
// its last move, in the order IDA* meets them, without the nodes that an
// earlier path or a shorter one reaches. It returns
// sliding.ErrUnsolvable for a board that cannot reach the goal, and an
// error matching search.ErrLimit when ctx ends or more than lim.MaxNodes
// paths are walked.
func (u *UnitSet) Split(ctx context.Context, b, goal sliding.Board, depth int, lim search.Limits) (Split, error) {
	return u.set.Split(ctx, b, goal, depth, lim)
}

// SearchUnit searches unit un of a board's search towards goal to bound,
// as IDA* does below the unit's node in the iteration with that bound (a
// unit whose prefix already passes the bound is cut off there). It
// returns an error matching search.ErrLimit when ctx ends or more than
// lim.MaxNodes nodes are expanded, and fails for a unit that does not fit
// the set or the goal.
func (u *UnitSet) SearchUnit(ctx context.Context, goal sliding.Board, un Unit, bound int, lim search.Limits) (UnitResult, error) {
	return u.set.SearchUnit(ctx, goal, un, bound, lim)
}

// Method names the set as a solution's Method does, such as "pdb 6-6-3".
func (u *UnitSet) Method() string { return u.set.Set().Method() }

// Partition returns the set's partition as the sizes of its patterns,
// such as 6-6-3 (see pdb.Set.Partition).
func (u *UnitSet) Partition() string { return u.set.Set().Partition() }

// PartitionMethod names the pattern-database search with partition as a
// solution's Method does, such as "pdb 6-6-3".
func PartitionMethod(partition string) string { return HeuristicPDB + " " + partition }

// PartitionFor returns partition checked for w x h boards, or when it is
// "" the size's default partition (pdb.DefaultPartition): the strongest
// set, which the searches of hard boards by work units want even when it
// takes a while to build. The error, when no set fits, matches ErrInput.
func PartitionFor(w, h int, partition string) (string, error) {
	p, err := pdb.PartitionFor(w, h, partition)
	if err != nil {
		return "", InputErrorf("%v", err)
	}
	return p, nil
}
