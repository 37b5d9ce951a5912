package sudoku

import (
	"context"
	"fmt"
	"math/bits"
)

// The explaining solver: slower than Solve, it solves the way a person
// explains a solution, one step at a time, each with the rule that made it.
// Solve and the reference backtracker check its answers.

// StepKind names the rule behind one TraceStep of Explain.
type StepKind string

// The steps Explain reports.
const (
	// StepNakedSingle: the cell has one candidate left.
	StepNakedSingle StepKind = "naked-single"
	// StepHiddenSingle: the symbol has one place left in the unit.
	StepHiddenSingle StepKind = "hidden-single"
	// StepLockedCandidate: within one unit the symbol's places all lie in a
	// second unit (a box and a row or column), so it is removed from the
	// second unit's other cells (Removed). Nothing is placed.
	StepLockedCandidate StepKind = "locked-candidate"
	// StepGuess: no rule applies; the symbol is tried in the cell with the
	// fewest candidates, the others left for backtracking.
	StepGuess StepKind = "guess"
	// StepContradiction: the grid cannot be completed: the cell has no
	// candidate, or the symbol has no place in the unit.
	StepContradiction StepKind = "contradiction"
	// StepBacktrack: the last open guess (Cell = Value) was wrong; the grid
	// goes back to how it was before it, and Value is removed from Cell's
	// candidates.
	StepBacktrack StepKind = "backtrack"
	// StepSolved: every cell is filled.
	StepSolved StepKind = "solved"
)

// TraceStep is one step of Explain.
type TraceStep struct {
	Kind StepKind `json:"kind"`
	// Cell is the cell placed, guessed, emptied or backtracked to, as a
	// row-major index; -1 when the step is about a unit alone.
	Cell int `json:"cell"`
	// Value is the symbol placed, guessed, removed or missing; 0 if none.
	Value int `json:"value,omitempty"`
	// Unit names the row, column or box of a hidden single, a locked
	// candidate or a contradiction, such as "row 3" (1-based).
	Unit string `json:"unit,omitempty"`
	// Removed lists the cells that lost Value as a candidate (locked
	// candidates).
	Removed []int `json:"removed,omitempty"`
	// Depth is the number of open guesses after the step.
	Depth int `json:"depth"`
	// Reason says in a sentence why the step was taken.
	Reason string `json:"reason"`
}

// Explanation is what Explain found.
type Explanation struct {
	// Steps are the first MaxSteps steps, in order.
	Steps []TraceStep
	// Truncated reports that more steps were taken than kept; Dropped
	// counts them.
	Truncated bool
	Dropped   int64
	// Solution is the grid solved, with Cells nil when there is none.
	Solution Grid
	// Guesses counts the guesses made.
	Guesses int64
}

// Explain solves g one explained step at a time: naked singles first, then
// hidden singles, then locked candidates, and a guess (the cell with the
// fewest candidates, its smallest symbol) only when no rule applies; a
// contradiction backtracks to the last guess. It keeps the first maxSteps
// steps (0 means 10,000) and goes on to the solution without recording the
// rest. It returns the first solution it finds, which for a puzzle with a
// unique solution is the one Solve finds. Givens that conflict are a
// *ConflictError; ctx stops a long search with ctx.Err().
func Explain(ctx context.Context, g Grid, maxSteps int) (Explanation, error) {
	if maxSteps <= 0 {
		maxSteps = 10_000
	}
	return explain(ctx, g, &explainer{max: maxSteps, ctx: ctx})
}

// ExplainSteps is Explain that hands each step to keep as it is taken
// instead of keeping it, so that the caller can write the steps out or
// bound them as it likes: the Explanation returned has no Steps. When keep
// returns false the step and every later one are dropped (Truncated, and
// counted in Dropped), and the solver goes on to the solution without
// calling keep again.
func ExplainSteps(ctx context.Context, g Grid, keep func(TraceStep) bool) (Explanation, error) {
	return explain(ctx, g, &explainer{ctx: ctx, keep: keep})
}

// explain runs x on g.
func explain(ctx context.Context, g Grid, x *explainer) (Explanation, error) {
	if err := g.Check(); err != nil {
		return Explanation{}, err
	}
	l := layoutFor(g.Box)
	x.l = l
	st := estate{cells: append([]uint8(nil), g.Cells...), cand: make([]uint32, len(g.Cells))}
	all := uint32(1)<<(l.n+1) - 2
	for i := range st.cand {
		if st.cells[i] == 0 {
			st.cand[i] = all
		}
	}
	for i, v := range st.cells {
		if v != 0 {
			x.clearPeers(&st, i, v)
		}
	}
	err := x.run(st)
	return x.out, err
}

// estate is one position of the explaining solver: the symbols placed and
// the candidates of the empty cells.
type estate struct {
	cells []uint8
	cand  []uint32
}

func (s estate) clone() estate {
	return estate{cells: append([]uint8(nil), s.cells...), cand: append([]uint32(nil), s.cand...)}
}

// guessFrame is an open guess: the position before it, and the guess.
type guessFrame struct {
	before estate
	cell   int
	value  uint8
}

type explainer struct {
	l     *layout
	max   int                  // steps kept in out.Steps, when keep is nil
	keep  func(TraceStep) bool // takes each step instead, if not nil
	ctx   context.Context
	out   Explanation
	stack []guessFrame
	steps int64
}

func (x *explainer) add(s TraceStep) {
	s.Depth = len(x.stack)
	if x.keep != nil {
		if !x.out.Truncated && x.keep(s) {
			return
		}
	} else if len(x.out.Steps) < x.max {
		x.out.Steps = append(x.out.Steps, s)
		return
	}
	x.out.Truncated = true
	x.out.Dropped++
}

func (x *explainer) clearPeers(s *estate, i int, v uint8) {
	for _, p := range x.l.peers[i] {
		s.cand[p] &^= 1 << v
	}
}

func (x *explainer) place(s *estate, i int, v uint8) {
	s.cells[i] = v
	s.cand[i] = 0
	x.clearPeers(s, i, v)
}

// unitName names unit u of the layout (rows, columns and boxes interleave).
func unitName(u int) string {
	return [3]string{"row", "column", "box"}[u%3] + fmt.Sprint(" ", u/3+1)
}

func (x *explainer) name(i int) string { return cellName(x.l.n, i) }

func (x *explainer) run(s estate) error {
	n := x.l.n
	for {
		x.steps++
		if x.steps%256 == 1 && x.ctx != nil {
			if err := x.ctx.Err(); err != nil {
				return err
			}
		}
		if bad, ok := x.contradiction(&s); !ok {
			x.add(bad)
			if len(x.stack) == 0 {
				return nil // no solution
			}
			f := x.stack[len(x.stack)-1]
			x.stack = x.stack[:len(x.stack)-1]
			s = f.before
			s.cand[f.cell] &^= 1 << f.value
			x.add(TraceStep{Kind: StepBacktrack, Cell: f.cell, Value: int(f.value),
				Reason: fmt.Sprintf("the guess %s = %c was wrong: back to the grid before it, without %c in %s", x.name(f.cell), symbolChar(f.value), symbolChar(f.value), x.name(f.cell))})
			continue
		}
		if step, ok := x.single(&s); ok {
			x.add(step)
			continue
		}
		if step, ok := x.locked(&s); ok {
			x.add(step)
			continue
		}
		// No rule applies: solved, or guess.
		best, bestN := -1, n+1
		for i, c := range s.cand {
			if s.cells[i] == 0 && bits.OnesCount32(c) < bestN {
				best, bestN = i, bits.OnesCount32(c)
			}
		}
		if best < 0 {
			x.out.Solution = Grid{Box: x.l.box, Cells: s.cells}
			x.add(TraceStep{Kind: StepSolved, Cell: -1, Reason: "every cell is filled"})
			return nil
		}
		v := uint8(bits.TrailingZeros32(s.cand[best]))
		x.out.Guesses++
		x.stack = append(x.stack, guessFrame{before: s.clone(), cell: best, value: v})
		x.place(&s, best, v)
		x.add(TraceStep{Kind: StepGuess, Cell: best, Value: int(v),
			Reason: fmt.Sprintf("no rule applies: guess %c in %s, one of its %d candidates %s", symbolChar(v), x.name(best), bestN, candString(s.cand[best]|x.stack[len(x.stack)-1].before.cand[best]))})
	}
}

// candString lists the symbols of a candidate set: "{1,4,7}".
func candString(c uint32) string {
	out := []byte{'{'}
	for c != 0 {
		v := uint8(bits.TrailingZeros32(c))
		c &^= 1 << v
		if len(out) > 1 {
			out = append(out, ',')
		}
		out = append(out, symbolChar(v))
	}
	return string(append(out, '}'))
}

// contradiction looks for an empty cell without candidates or a unit in
// which a missing symbol has no place.
func (x *explainer) contradiction(s *estate) (TraceStep, bool) {
	for i, c := range s.cand {
		if s.cells[i] == 0 && c == 0 {
			return TraceStep{Kind: StepContradiction, Cell: i, Reason: fmt.Sprintf("%s has no candidate left", x.name(i))}, false
		}
	}
	for u, cells := range x.l.units {
		var placed, possible uint32
		for _, i := range cells {
			placed |= 1 << s.cells[i]
			possible |= s.cand[i]
		}
		missing := uint32(1)<<(x.l.n+1) - 2
		missing &^= placed | possible
		if missing != 0 {
			v := uint8(bits.TrailingZeros32(missing))
			return TraceStep{Kind: StepContradiction, Cell: -1, Value: int(v), Unit: unitName(u),
				Reason: fmt.Sprintf("%c has no place left in %s", symbolChar(v), unitName(u))}, false
		}
	}
	return TraceStep{}, true
}

// single places a naked single, else a hidden single.
func (x *explainer) single(s *estate) (TraceStep, bool) {
	for i, c := range s.cand {
		if s.cells[i] == 0 && bits.OnesCount32(c) == 1 {
			v := uint8(bits.TrailingZeros32(c))
			x.place(s, i, v)
			return TraceStep{Kind: StepNakedSingle, Cell: i, Value: int(v),
				Reason: fmt.Sprintf("%s can only hold %c: every other symbol is in its row, column or box", x.name(i), symbolChar(v))}, true
		}
	}
	for u, cells := range x.l.units {
		for v := uint8(1); int(v) <= x.l.n; v++ {
			at, count := -1, 0
			for _, i := range cells {
				if s.cand[i]&(1<<v) != 0 {
					at = int(i)
					count++
				}
			}
			if count == 1 {
				x.place(s, at, v)
				return TraceStep{Kind: StepHiddenSingle, Cell: at, Value: int(v), Unit: unitName(u),
					Reason: fmt.Sprintf("%c has one place left in %s: %s", symbolChar(v), unitName(u), x.name(at))}, true
			}
		}
	}
	return TraceStep{}, false
}

// locked finds a symbol whose places in one unit all lie in one other
// unit (a box and a line) and removes it from the other unit's remaining
// cells; it reports false when no such removal changes anything.
func (x *explainer) locked(s *estate) (TraceStep, bool) {
	l := x.l
	for u, cells := range l.units {
		for v := uint8(1); int(v) <= l.n; v++ {
			var where []int32
			for _, i := range cells {
				if s.cand[i]&(1<<v) != 0 {
					where = append(where, i)
				}
			}
			if len(where) < 2 {
				continue
			}
			// The other units holding every place: for a box, its row or
			// column; for a row or column, its box.
			for _, w := range x.sharedUnits(u, where) {
				var removed []int
				for _, i := range l.units[w] {
					if s.cand[i]&(1<<v) != 0 && !contains(cells, i) {
						s.cand[i] &^= 1 << v
						removed = append(removed, int(i))
					}
				}
				if len(removed) > 0 {
					names := ""
					for k, i := range removed {
						if k > 0 {
							names += ", "
						}
						names += x.name(i)
					}
					return TraceStep{Kind: StepLockedCandidate, Cell: -1, Value: int(v), Unit: unitName(u), Removed: removed,
						Reason: fmt.Sprintf("in %s, %c can only go in %s, so it leaves the rest of %s: %s", unitName(u), symbolChar(v), unitName(w), unitName(w), names)}, true
				}
			}
		}
	}
	return TraceStep{}, false
}

// sharedUnits returns the units other than u that hold every cell of where.
func (x *explainer) sharedUnits(u int, where []int32) []int {
	n, box := x.l.n, x.l.box
	r0, c0 := int(where[0])/n, int(where[0])%n
	sameRow, sameCol, sameBox := true, true, true
	for _, i := range where[1:] {
		r, c := int(i)/n, int(i)%n
		sameRow = sameRow && r == r0
		sameCol = sameCol && c == c0
		sameBox = sameBox && r/box == r0/box && c/box == c0/box
	}
	var out []int
	if u%3 == 2 { // a box: pointing
		if sameRow {
			out = append(out, 3*r0)
		}
		if sameCol {
			out = append(out, 3*c0+1)
		}
	} else if sameBox { // a row or column: claiming
		out = append(out, 3*(r0/box*box+c0/box)+2)
	}
	return out
}

func contains(cells []int32, i int32) bool {
	for _, c := range cells {
		if c == i {
			return true
		}
	}
	return false
}
