// Package units is the wire protocol of one hard sliding board's IDA*
// search cut into work units (see solve.UnitSet.Split) that separate processes or
// machines search: the JSON lines of units and of their results, their
// checks, and Run, which searches many units on several goroutines. The
// command's "searchlab sliding split|run-units|drive" and the Beam
// pipelines speak it.
package units

import (
	"cmp"
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/searchlab/searchlab/search"
	"github.com/searchlab/searchlab/sliding"
	"github.com/searchlab/searchlab/sliding/solve"
)

// WorkUnit is one unit of a board's IDA* search (see solve.UnitSet.Split): one line
// of "searchlab sliding split", the input of "searchlab sliding run-units",
// and what the Beam pipeline hands its workers. A line is complete in
// itself: it names the board, the goal and the pattern databases, so that
// any worker can search it.
type WorkUnit struct {
	// Line is the input line of the board the unit belongs to.
	Line int `json:"line"`
	// Unit is the unit's index in depth-first order, from 0; Units is the
	// number of units of the board.
	Unit  int `json:"unit"`
	Units int `json:"units"`
	// Depth is the split depth; H the board's heuristic, the first bound.
	Depth int `json:"depth"`
	H     int `json:"h"`
	// Size is the board's size as WxH; Board, Goal and State hold tiles in
	// reading order, 0 for the blank.
	Size  string `json:"size"`
	Board string `json:"board"`
	Goal  string `json:"goal"`
	// Partition names the pattern databases, as "searchlab sliding
	// --partition" does.
	Partition string `json:"partition"`
	// Prefix holds the blank's moves from Board to State, as U D L R.
	Prefix string `json:"prefix"`
	State  string `json:"state"`
	// Bound, when not 0, is the bound to search the unit to: "searchlab
	// sliding drive" sets it on the units it hands out.
	Bound int `json:"bound,omitempty"`
}

// UnitAnswer is the result of searching one unit to a bound: one line of
// "searchlab sliding run-units".
type UnitAnswer struct {
	// Line, Unit and Units name the unit, as in WorkUnit.
	Line  int `json:"line"`
	Unit  int `json:"unit"`
	Units int `json:"units"`
	// Bound is the bound searched.
	Bound int `json:"bound"`
	// Found reports a path of at most Bound moves; Moves holds it, from
	// the board (not from the unit's state).
	Found bool   `json:"found"`
	Moves string `json:"moves,omitempty"`
	// Next is the least f over Bound met, 0 when none.
	Next int `json:"next"`
	// Expanded and Generated count the unit's nodes.
	Expanded  int64 `json:"expanded"`
	Generated int64 `json:"generated"`
	ElapsedNS int64 `json:"elapsed_ns"`
}

// New returns the lines of a split of the board on line, made with the
// given partition.
func New(line int, sp solve.Split, partition string) []WorkUnit {
	out := make([]WorkUnit, len(sp.Units))
	size := fmt.Sprintf("%dx%d", sp.Board.W, sp.Board.H)
	board, goal := Tiles(sp.Board), Tiles(sp.Goal)
	for i, u := range sp.Units {
		out[i] = WorkUnit{Line: line, Unit: u.Index, Units: len(sp.Units), Depth: sp.Depth, H: sp.H,
			Size: size, Board: board, Goal: goal, Partition: partition,
			Prefix: sliding.MovesString(u.Prefix), State: Tiles(u.State)}
	}
	return out
}

// Plan is one board's search split into work units, ready to hand out.
type Plan struct {
	// Split is the board's split, and Units its lines (as from New).
	Split solve.Split
	Units []WorkUnit
	// Method names the set that searches the units, as
	// sliding.Solution.Method does.
	Method string
}

// String describes the plan on one line, such as "depth 12, 1200 units
// (1500 paths), first bound 50 (pdb 6-6-6-6)".
func (p Plan) String() string {
	sp := p.Split
	return fmt.Sprintf("depth %d, %d units (%d paths), first bound %d (%s)", sp.Depth, len(sp.Units), sp.Paths, sp.H, p.Method)
}

// SplitBoard splits the search of b towards goal at depth (see
// solve.UnitSet.Split) with the pattern databases that solver uses for
// partition (see solve.Solver.Units), and returns the units of the board
// on line. The units name the partition for the processes that search
// them: partition, or when it is "" the sizes of the set's own, such as
// 6-6-3, which are the same for every goal. An unsolvable b is
// sliding.ErrUnsolvable; a partition that does not fit matches
// solve.ErrInput.
func SplitBoard(ctx context.Context, solver *solve.Solver, line int, b, goal sliding.Board, partition string, depth int, lim search.Limits) (Plan, error) {
	set, err := solver.Units(ctx, b.W, b.H, goal.Blank(), partition)
	if err != nil {
		return Plan{}, err
	}
	sp, err := set.Split(ctx, b, goal, depth, lim)
	if err != nil {
		return Plan{}, err
	}
	return Plan{Split: sp, Units: New(line, sp, cmp.Or(partition, set.Partition())), Method: set.Method()}, nil
}

// NewAnswer returns the line for r, the result of unit u.
func NewAnswer(u WorkUnit, r solve.UnitResult) UnitAnswer {
	return UnitAnswer{Line: u.Line, Unit: u.Unit, Units: u.Units, Bound: r.Bound, Found: r.Found, Moves: sliding.MovesString(r.Moves),
		Next: r.Next, Expanded: r.Stats.Expanded, Generated: r.Stats.Generated, ElapsedNS: r.Stats.Elapsed.Nanoseconds()}
}

// Parse checks u and returns its boards and the unit. Errors match
// solve.ErrInput.
func (u WorkUnit) Parse() (board, goal sliding.Board, unit solve.Unit, err error) {
	w, h, err := sliding.ParseSize(u.Size)
	if err != nil {
		return board, goal, unit, solve.InputErrorf("size: %v", err)
	}
	if board, err = parseTiles(u.Board, w, h); err != nil {
		return board, goal, unit, solve.InputErrorf("board: %v", err)
	}
	if goal, err = parseTiles(u.Goal, w, h); err != nil {
		return board, goal, unit, solve.InputErrorf("goal: %v", err)
	}
	unit.Index = u.Unit
	if unit.State, err = parseTiles(u.State, w, h); err != nil {
		return board, goal, unit, solve.InputErrorf("state: %v", err)
	}
	if unit.Prefix, err = sliding.ParseMoves(u.Prefix); err != nil {
		return board, goal, unit, solve.InputErrorf("prefix: %v", err)
	}
	switch {
	case u.Units < 1 || u.Unit < 0 || u.Unit >= u.Units:
		return board, goal, unit, solve.InputErrorf("unit %d of %d", u.Unit, u.Units)
	case len(unit.Prefix) != u.Depth || u.Depth > u.H || u.Depth < 0:
		return board, goal, unit, solve.InputErrorf("a prefix of %d moves at depth %d (heuristic %d)", len(unit.Prefix), u.Depth, u.H)
	case u.Bound < 0:
		return board, goal, unit, solve.InputErrorf("bound %d is negative", u.Bound)
	}
	if st, err := board.Apply(unit.Prefix...); err != nil || !st.Equal(unit.State) {
		return board, goal, unit, solve.InputErrorf("the prefix does not lead from the board to the state")
	}
	return board, goal, unit, nil
}

// Result returns the unit result that a is the line of.
func (a UnitAnswer) Result() (solve.UnitResult, error) {
	moves, err := sliding.ParseMoves(a.Moves)
	if err != nil {
		return solve.UnitResult{}, solve.InputErrorf("moves: %v", err)
	}
	return solve.UnitResult{Index: a.Unit, Bound: a.Bound, Found: a.Found, Moves: moves, Next: a.Next,
		Stats: search.Stats{Expanded: a.Expanded, Generated: a.Generated}}, nil
}

// SplitOf returns the split that the units of one board describe; they
// must agree on the board and hold every unit once. Errors match
// solve.ErrInput.
func SplitOf(units []WorkUnit) (solve.Split, error) {
	if len(units) == 0 {
		return solve.Split{}, solve.InputErrorf("no units")
	}
	first := units[0]
	board, goal, _, err := first.Parse()
	if err != nil {
		return solve.Split{}, err
	}
	sp := solve.Split{Board: board, Goal: goal, Depth: first.Depth, H: first.H, Units: make([]solve.Unit, first.Units)}
	have := make([]bool, first.Units)
	for _, u := range units {
		if u.Line != first.Line || u.Units != first.Units || u.Board != first.Board || u.Goal != first.Goal ||
			u.Size != first.Size || u.H != first.H || u.Depth != first.Depth || u.Partition != first.Partition {
			return solve.Split{}, solve.InputErrorf("line %d: units %d and %d disagree on the board", first.Line, first.Unit, u.Unit)
		}
		_, _, pu, err := u.Parse()
		if err != nil {
			return solve.Split{}, fmt.Errorf("line %d, unit %d: %w", u.Line, u.Unit, err)
		}
		if have[u.Unit] {
			return solve.Split{}, solve.InputErrorf("line %d: unit %d appears twice", u.Line, u.Unit)
		}
		have[u.Unit] = true
		sp.Units[u.Unit] = pu
	}
	for i, ok := range have {
		if !ok {
			return solve.Split{}, solve.InputErrorf("line %d: unit %d of %d is missing", first.Line, i, first.Units)
		}
	}
	return sp, nil
}

// Tiles writes b's tiles in reading order, separated by spaces, as the
// lines hold them.
func Tiles(b sliding.Board) string {
	var sb strings.Builder
	for i, t := range b.Tiles {
		if i > 0 {
			sb.WriteByte(' ')
		}
		sb.WriteString(strconv.Itoa(int(t)))
	}
	return sb.String()
}

// parseTiles reads a w x h board written as tiles in reading order.
func parseTiles(s string, w, h int) (sliding.Board, error) {
	f := strings.Fields(s)
	tiles := make([]int, len(f))
	for i, x := range f {
		t, err := strconv.Atoi(x)
		if err != nil {
			return sliding.Board{}, fmt.Errorf("%q is not a tile number", x)
		}
		tiles[i] = t
	}
	return sliding.New(w, h, tiles)
}
