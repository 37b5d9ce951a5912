package pdbsearch

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/searchlab/searchlab/search"
	"github.com/searchlab/searchlab/sliding"
	"github.com/searchlab/searchlab/sliding/internal/idastar"
)

// Work units split the IDA* search of one board into independent pieces
// that separate processes or machines can search. Split walks the tree
// down to a depth d and returns its frontier: each Unit is the path from the
// board to one node at depth d and that node. SearchUnit searches one unit
// to a bound f, as IDA* does below that node, and reports whether it found
// the goal, the least f over the bound it met, and its nodes. MergeRound
// combines the results of every unit for one bound: the solution of the
// first unit (in depth-first order) that found one, or the next bound.
// Package sliding/units drives that loop (units.Drive); the Beam pipeline
// runs the same steps across machines.
//
// The split depth is at most the heuristic of the board, so every solution
// passes through a unit. Paths never undo their last move, in the prefix
// and across the boundary (a unit remembers where the blank came from). A
// node at depth d that is also reachable in fewer moves, or by an earlier
// path of d moves, lies on no shortest solution that an earlier unit does
// not also hold, so it is dropped: the units are distinct. The solution
// found is the one single-process IDA* finds: the first in depth-first
// order at the first bound that has one.

// Unit is one subtree of the IDA* search of a board: the blank moves from
// the board to a node of the split depth, and that node.
type Unit struct {
	// Index is the unit's place in depth-first order among the board's
	// units, from 0; of two solutions the one of the lower index wins.
	Index int
	// Prefix holds the moves from the board to State.
	Prefix []sliding.Move
	// State is the board after Prefix.
	State sliding.Board
}

// Split is a board's search split into units.
type Split struct {
	// Board and Goal are the board to solve and its goal.
	Board, Goal sliding.Board
	// Depth is the length of every unit's prefix: the depth asked for, or
	// the heuristic of Board when that is smaller.
	Depth int
	// H is the heuristic of Board: the first bound to search.
	H int
	// Units lists the units in depth-first order.
	Units []Unit
	// Paths counts the paths of Depth moves before duplicates were dropped.
	Paths int64
	// Expanded counts the nodes above the split depth that were expanded.
	Expanded int64
}

// UnitResult is what searching one unit to a bound found.
type UnitResult struct {
	// Index is the unit's Index.
	Index int
	// Bound is the bound the unit was searched to.
	Bound int
	// Found reports a path to the goal of at most Bound moves.
	Found bool
	// Moves holds that path from the board (not from the unit's state):
	// the unit's prefix, then the moves below it.
	Moves []sliding.Move
	// Next is the least f = g + h over Bound that the search met, 0 when it
	// met none (or found the goal).
	Next int
	// Stats counts the unit's nodes (Expanded, Generated) and its time.
	Stats search.Stats
}

// Round is the outcome of one bound over all the units of a board.
type Round struct {
	// Bound is the bound searched.
	Bound int
	// Solved reports that some unit found a path; Moves is the path of the
	// first such unit, Unit its index.
	Solved bool
	Moves  []sliding.Move
	Unit   int
	// Next is the bound to search next when not solved: the least f over
	// Bound among all units.
	Next int
	// Expanded and Generated add up the units' nodes.
	Expanded, Generated int64
}

// String describes the round on one line, such as "bound 50: next bound
// 52; expanded 1200, generated 2500" or "bound 52: solved by unit 3: 52
// moves; expanded 900, generated 1800".
func (r Round) String() string {
	what := fmt.Sprintf("next bound %d", r.Next)
	if r.Solved {
		what = fmt.Sprintf("solved by unit %d: %d moves", r.Unit, len(r.Moves))
	}
	return fmt.Sprintf("bound %d: %s; expanded %d, generated %d", r.Bound, what, r.Expanded, r.Generated)
}

// ErrMissingUnits reports results that do not cover every unit of a bound
// exactly once: the bound cannot be proven to hold no solution.
var ErrMissingUnits = errors.New("pdb: results do not cover every unit")

// Split returns the units of b's search towards goal at the given depth
// (at most the heuristic of b, which is the first bound): every path of
// depth moves that never undoes its last move, in the order IDA* meets
// them, without the nodes that an earlier path or a shorter one reaches.
// It returns sliding.ErrUnsolvable for a board that cannot reach the goal,
// and an error matching search.ErrLimit when ctx ends or more than
// lim.MaxNodes paths are walked.
func (s *Searcher) Split(ctx context.Context, b, goal sliding.Board, depth int, lim search.Limits) (Split, error) {
	set := s.set
	if err := set.Check(b, goal); err != nil {
		return Split{}, err
	}
	if depth < 0 {
		return Split{}, fmt.Errorf("pdb: split depth %d is negative", depth)
	}
	if !sliding.Solvable(b, goal) {
		return Split{}, sliding.ErrUnsolvable
	}
	inv := inverse(set.Symmetry(goal.Blank()))
	cells := set.Cells(b, goal)
	e := s.engine()
	sp := Split{Board: b.Clone(), Goal: goal.Clone()}
	var leaves [][]int8
	err := set.Sound(ctx, func(ctx context.Context) (err error) {
		sp.H = e.H(cells)
		sp.Depth = min(depth, sp.H)
		// Every path of sp.Depth moves without undo, in the engine's move
		// order: the order IDA* meets the nodes.
		leaves, sp.Paths, sp.Expanded, err = e.Frontier(ctx, cells, sp.Depth, lim)
		return err
	})
	if err != nil {
		return Split{}, err
	}
	for _, path := range leaves {
		moves := idastar.MovesOf(b.W, b.Blank(), path, inv)
		st, err := b.Apply(moves...)
		if err != nil {
			return Split{}, fmt.Errorf("pdb: internal error: split path does not replay: %v", err)
		}
		sp.Units = append(sp.Units, Unit{Index: len(sp.Units), Prefix: moves, State: st})
	}
	return sp, nil
}

// SearchUnit searches unit u of a board's search towards goal to bound, as
// IDA* does below u's node in the iteration with that bound: a node whose
// f = g + h exceeds bound is cut off (g counts the prefix), and no move
// undoes the one before it, the prefix's last move included. When a node
// on the prefix already exceeds the bound, the unit is cut off there, as
// IDA* cuts it, and nothing is searched. The path found, if any, is the
// first in IDA*'s order. It returns an error matching search.ErrLimit when
// ctx ends or more than lim.MaxNodes nodes are expanded, and fails for a
// unit that does not fit the set or the goal.
func (s *Searcher) SearchUnit(ctx context.Context, goal sliding.Board, u Unit, bound int, lim search.Limits) (UnitResult, error) {
	start := time.Now()
	res := UnitResult{Index: u.Index, Bound: bound}
	set := s.set
	if err := set.Check(u.State, goal); err != nil {
		return res, err
	}
	if bound < 0 || bound >= idastar.MaxDepth {
		return res, fmt.Errorf("pdb: bound %d outside 0..%d", bound, idastar.MaxDepth-1)
	}
	d := len(u.Prefix)
	if d >= idastar.MaxDepth {
		return res, fmt.Errorf("pdb: prefix of %d moves, at most %d", d, idastar.MaxDepth-1)
	}
	if !sliding.Solvable(u.State, goal) {
		return res, sliding.ErrUnsolvable
	}
	m := set.Symmetry(goal.Blank())
	inv := inverse(m)
	e := s.engine()

	// The boards along the prefix, from the unit's state back to the root:
	// each must be within the bound, as IDA* would have cut it off.
	boards := make([]sliding.Board, d+1)
	boards[d] = u.State
	for i := d - 1; i >= 0; i-- {
		prev, err := boards[i+1].Apply(u.Prefix[i].Opposite())
		if err != nil {
			return res, fmt.Errorf("pdb: unit %d: move %d of the prefix (%v) does not fit the board", u.Index, i+1, u.Prefix[i])
		}
		boards[i] = prev
	}
	var cells []uint8
	cutAt := -1 // the f of the first prefix node over the bound
	if err := set.Sound(ctx, func(ctx context.Context) error {
		for i := 0; i <= d && cutAt < 0; i++ {
			cells = set.Cells(boards[i], goal)
			if f := i + e.H(cells); f > bound {
				cutAt = f
			}
		}
		return nil
	}); err != nil {
		return res, err
	}
	if cutAt >= 0 {
		res.Next = cutAt
		res.Stats.Elapsed = time.Since(start)
		return res, nil
	}
	// cells holds the unit's node now; the machine's state follows the
	// prefix in the engine's (reflected) cells.
	st := e.Start(m[boards[0].Blank()])
	for i := range d {
		c := m[boards[i+1].Blank()]
		if st = e.Follow(st, m[boards[i].Blank()], c); st < 0 {
			return res, fmt.Errorf("pdb: unit %d: its prefix is redundant (move %d): it was split with other move pruning", u.Index, i+1)
		}
	}
	var below idastar.Below
	err := set.Sound(ctx, func(ctx context.Context) (err error) {
		below, err = e.SearchBelow(ctx, cells, d, st, bound, lim)
		return err
	})
	res.Stats.Expanded, res.Stats.Generated = below.Expanded, below.Generated
	res.Stats.Elapsed = time.Since(start)
	if err != nil {
		return res, err
	}
	if below.Found {
		res.Found = true
		res.Moves = append(append([]sliding.Move(nil), u.Prefix...), idastar.MovesOf(goal.W, u.State.Blank(), below.Path, inv)...)
		return res, nil
	}
	res.Next = below.Next
	return res, nil
}

// MergeRound combines the results of searching all units units of a board
// to bound. It returns an error matching ErrMissingUnits unless results
// cover every unit up to the first that found a solution (the units after
// it need not be searched), and fails for a result of another bound or of a unit
// that does not exist, or two results of one unit that disagree (a unit
// searched twice, as schedulers retry, must find the same). The solution
// is that of the lowest unit index that found one. A round without a
// solution and without a next bound means the board has no solution in
// the search's reach.
func MergeRound(bound, units int, results []UnitResult) (Round, error) {
	r := Round{Bound: bound, Unit: -1}
	have := make([]*UnitResult, units)
	for i := range results {
		u := &results[i]
		if u.Bound != bound {
			return r, fmt.Errorf("pdb: result of unit %d is for bound %d, not %d", u.Index, u.Bound, bound)
		}
		if u.Index < 0 || u.Index >= units {
			return r, fmt.Errorf("pdb: result for unit %d, but there are %d units", u.Index, units)
		}
		if p := have[u.Index]; p != nil {
			if p.Found != u.Found || p.Next != u.Next || p.Stats.Expanded != u.Stats.Expanded || !sameMoves(p.Moves, u.Moves) {
				return r, fmt.Errorf("pdb: two results of unit %d disagree", u.Index)
			}
			continue
		}
		have[u.Index] = u
		r.Expanded += u.Stats.Expanded
		r.Generated += u.Stats.Generated
		if u.Found && (!r.Solved || u.Index < r.Unit) {
			r.Solved, r.Unit, r.Moves = true, u.Index, u.Moves
		}
		if !u.Found && u.Next > 0 && (r.Next == 0 || u.Next < r.Next) {
			r.Next = u.Next
		}
	}
	// Units after the first that found a solution cannot change the
	// answer: they may be missing (a worker may skip them).
	missing, first := 0, -1
	for i, p := range have {
		if r.Solved && i > r.Unit {
			break
		}
		if p == nil {
			if first < 0 {
				first = i
			}
			missing++
		}
	}
	if missing > 0 {
		return r, fmt.Errorf("%w: bound %d lacks %d of %d units (the first is unit %d)", ErrMissingUnits, bound, missing, units, first)
	}
	if r.Solved {
		r.Next = 0
	} else if r.Next == 0 || r.Next >= idastar.MaxDepth {
		return r, fmt.Errorf("pdb: no solution within %d moves", idastar.MaxDepth-1)
	}
	return r, nil
}

func sameMoves(a, b []sliding.Move) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
