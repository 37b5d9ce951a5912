package solve

import (
	"context"

	"github.com/searchlab/searchlab/search"
	"github.com/searchlab/searchlab/sliding"
	"github.com/searchlab/searchlab/sliding/pdb"
)

// Work units cut one hard board's pattern-database search into pieces
// that separate processes or machines search (package sliding/units
// holds their protocol and Drive). The types are package sliding/pdb's,
// named here so that the doors above the solver need not import it.
type (
	// Unit is one subtree of a board's IDA* search (see pdb.Unit).
	Unit = pdb.Unit
	// Split is a board's search split into units (see pdb.Split).
	Split = pdb.Split
	// UnitResult is what searching one unit to a bound found (see
	// pdb.UnitResult).
	UnitResult = pdb.UnitResult
	// Round is the outcome of one bound over all the units of a board
	// (see pdb.Round).
	Round = pdb.Round
)

// ErrMissingUnits reports results that do not cover every unit of a bound
// exactly once (see MergeRound).
var ErrMissingUnits = pdb.ErrMissingUnits

// MergeRound combines the results of searching all units units of a board
// to bound: the solution of the lowest unit that found one, or the next
// bound (see pdb.MergeRound for the checks).
func MergeRound(bound, units int, results []UnitResult) (Round, error) {
	return pdb.MergeRound(bound, units, results)
}

// Resume replays the rounds that results hold, from the split's first
// bound: the solution when a round found one, else the bound to search
// next (see pdb.Resume).
func Resume(sp Split, results []UnitResult) (sol sliding.Solution, next int, rounds []Round, err error) {
	return pdb.Resume(sp, results)
}

// UnitSet is the set of pattern databases that splits one board size's
// searches into units and searches the units, as a Solver opened it.
type UnitSet struct{ set *pdb.Set }

// Units returns the set the Solver uses for w x h boards whose goal has
// the blank on cell goalBlank, with the given partition ("" for the
// Solver's choice), for splitting and searching work units. Its errors
// are those of Set.
func (s *Solver) Units(ctx context.Context, w, h, goalBlank int, partition string) (*UnitSet, error) {
	set, err := s.Set(ctx, w, h, goalBlank, partition)
	if err != nil {
		return nil, err
	}
	return &UnitSet{set}, nil
}

// Split returns the units of b's search towards goal at the given depth
// (at most the heuristic of b): see pdb.Set.Split.
func (u *UnitSet) Split(ctx context.Context, b, goal sliding.Board, depth int, lim search.Limits) (Split, error) {
	return u.set.Split(ctx, b, goal, depth, lim)
}

// SearchUnit searches unit un of a board's search towards goal to bound,
// as IDA* does below the unit's node: see pdb.Set.SearchUnit.
func (u *UnitSet) SearchUnit(ctx context.Context, goal sliding.Board, un Unit, bound int, lim search.Limits) (UnitResult, error) {
	return u.set.SearchUnit(ctx, goal, un, bound, lim)
}

// Method names the set as a solution's Method does, such as "pdb 6-6-3".
func (u *UnitSet) Method() string { return u.set.Method() }

// Partition returns the set's partition as the sizes of its patterns,
// such as 6-6-3 (see pdb.Set.Partition).
func (u *UnitSet) Partition() string { return u.set.Partition() }

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
