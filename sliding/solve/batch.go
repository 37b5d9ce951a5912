package solve

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"runtime"
	"time"

	"github.com/searchlab/searchlab/internal/pool"
	"github.com/searchlab/searchlab/search"
	"github.com/searchlab/searchlab/sliding"
)

// Batch is a list of boards to solve with one method, each toward its own
// goal.
type Batch struct {
	// Boards and Goals hold the boards and the goal of each.
	Boards, Goals []sliding.Board
	// Method and Limits are passed to Run for every board, except that the
	// memory budget (Limits.MaxBytes, MemoryBudget when 0) is the whole
	// batch's: the boards solved at once share it equally.
	Method Method
	Limits search.Limits
	// Lengths asks for the length alone of boards answered from a distance
	// table: one lookup each, no path to walk (Answer.Lookup).
	Lengths bool
	// Skip, if not nil, leaves out the boards it reports (Answer.Skipped).
	Skip func(i int) bool
}

// Answer is one board's answer in a batch.
type Answer struct {
	// Skipped marks a board that Batch.Skip left out.
	Skipped bool
	// Lookup marks a length looked up in a distance table: Length is the
	// fewest moves, or -1 when the board cannot reach the goal.
	Lookup bool
	Length int
	// Solution is Run's answer, and Solvable whether the board can reach
	// its goal.
	Solution sliding.Solution
	Solvable bool
	// Err is Run's error (other than sliding.ErrUnsolvable), or a path that
	// does not replay to the goal: every path is checked.
	Err error
}

// Unbounded returns the first board of bt, by its index, that Run would
// refuse (see Bounded) with bt's limits and, if deadline, a deadline on
// the context; the index is -1 and the error nil when there is none. A
// command refuses the batch up front with it, before any board is solved.
func (bt Batch) Unbounded(deadline bool) (int, *UnboundedError) {
	algo := cmp.Or(bt.Method.Algorithm, sliding.Auto)
	for i, b := range bt.Boards {
		var ue *UnboundedError
		if errors.As(Bounded(algo, b.W, b.H, bt.Limits.MaxNodes > 0 || deadline), &ue) {
			return i, ue
		}
	}
	return -1, nil
}

// Len returns the board's fewest moves: the length looked up, or that of
// the solution; -1 when the board cannot reach its goal.
func (a Answer) Len() int {
	switch {
	case !a.Solvable:
		return -1
	case a.Lookup:
		return a.Length
	}
	return a.Solution.Len()
}

// Report describes on one line how the answer was found (see
// sliding.Solution.Report), or that the board cannot reach its goal and
// needed no search.
func (a Answer) Report() string {
	if !a.Solvable {
		return "unsolvable (parity), no search"
	}
	return a.Solution.Report()
}

// Tally adds up the searches of a batch's answers for one summary: their
// counts, and whether every length is proven the fewest. Its zero value
// is empty.
type Tally struct {
	stats   search.Stats
	guessed bool // some length is not proven the fewest
}

// Add adds the search of a; a lookup or a skipped board adds nothing.
func (t *Tally) Add(a Answer) {
	if a.Lookup || a.Skipped {
		return
	}
	t.stats.Add(a.Solution.Stats)
	t.guessed = t.guessed || a.Solvable && !a.Solution.Optimal
}

// Solution returns the tally as one solution found by method in elapsed,
// for its Report.
func (t *Tally) Solution(method string, elapsed time.Duration) sliding.Solution {
	st := t.stats
	st.Elapsed = elapsed
	return sliding.Solution{Method: method, Optimal: !t.guessed, Stats: st}
}

// Workers returns how many boards of boards SolveBatch solves at once with
// m: one when a board's search already runs on every core (pattern
// databases), else one per core.
func (s *Solver) Workers(m Method, boards []sliding.Board) int {
	n := runtime.GOMAXPROCS(0)
	if len(boards) < 2 || n < 2 {
		return 1
	}
	if s.opts.NoDatabases || (m.Algorithm != sliding.Auto && m.Algorithm != "" && !usesDatabases(m.Heuristic)) {
		return n
	}
	for _, b := range boards {
		if !sliding.TableSize(b.W, b.H) {
			return 1 // pattern databases (or their IDA* fallback) per board
		}
	}
	return n
}

// SolveBatch solves the boards of bt on Workers goroutines and hands each
// answer to emit in input order, as soon as it and all before it are
// ready. It stops at the first error emit returns (emit may return an
// Answer's Err), cancels the searches under way, and returns that error.
func (s *Solver) SolveBatch(ctx context.Context, bt Batch, emit func(i int, a Answer) error) error {
	m := bt.Method
	lengths := bt.Lengths && m.Fastest()
	// The tables of the lookups, one per board size and goal, fetched
	// before the boards are.
	type key struct {
		w, h int
		goal string
	}
	tables := map[key]*sliding.Table{}
	tableOf := func(i int) *sliding.Table {
		b, g := bt.Boards[i], bt.Goals[i]
		return tables[key{b.W, b.H, string(g.Tiles)}]
	}
	if lengths {
		for i, b := range bt.Boards {
			k := key{b.W, b.H, string(bt.Goals[i].Tiles)}
			if (bt.Skip == nil || !bt.Skip(i)) && tables[k] == nil && sliding.TableSize(b.W, b.H) {
				tables[k] = s.Table(bt.Goals[i])
			}
		}
	}
	workers := s.Workers(m, bt.Boards)
	lim := bt.Limits
	lim.MaxBytes = cmp.Or(lim.MaxBytes, MemoryBudget) / int64(workers)
	answer := func(ctx context.Context, i int) Answer {
		if bt.Skip != nil && bt.Skip(i) {
			return Answer{Skipped: true}
		}
		b, goal := bt.Boards[i], bt.Goals[i]
		if t := tableOf(i); t != nil {
			d := t.Distance(b)
			return Answer{Lookup: true, Length: d, Solvable: d >= 0}
		}
		sol, err := s.Solve(ctx, b, goal, m, lim)
		a := Answer{Solution: sol, Solvable: !errors.Is(err, sliding.ErrUnsolvable)}
		switch {
		case err != nil && a.Solvable:
			a.Err = err
		case a.Solvable:
			if err := sliding.Verify(b, goal, sol.Moves); err != nil {
				a.Err = fmt.Errorf("internal error: %s's path does not reach the goal: %v", sol.Method, err)
			}
		}
		return a
	}
	return pool.Ordered(ctx, len(bt.Boards), workers, answer, emit)
}
