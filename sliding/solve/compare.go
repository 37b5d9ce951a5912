package solve

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"math/big"
	"runtime"
	"time"

	"github.com/searchlab/searchlab/search"
	"github.com/searchlab/searchlab/sliding"
)

// CompareOptions bound Compare as a whole.
type CompareOptions struct {
	// Limits caps the runs (see Run for the caps it adds). Its MaxNodes is
	// the expansions of all the runs together: each run may use what is
	// left divided by the runs still to go, so that what a quick run does
	// not use goes to the next, and a run its share stopped runs again at
	// the end with what the others left, when that is more. Its other
	// fields apply to each run.
	Limits search.Limits
	// Timeout bounds the whole comparison, shared out among the runs as
	// MaxNodes is (a run stopped by its share runs again with the time the
	// others left); a deadline of ctx bounds it too. 0 sets no time limit.
	Timeout time.Duration
	// MaxDepth bounds DFS and IDDFS; 0 is the board's default.
	MaxDepth int
	// Partition names the pattern-database set of the pdb run.
	Partition string
}

// Comparison is what Compare found.
type Comparison struct {
	// Solvable is false when the board cannot reach the goal; then no
	// algorithm runs and Runs is empty.
	Solvable bool
	// MaxDepth is the depth bound that DFS and IDDFS used.
	MaxDepth int
	// Runs holds one run per algorithm and heuristic, in a fixed order.
	Runs []CompareRun
	// OptimalSolutions is, for boards of up to 9 cells, the number of
	// distinct fewest-move solutions (sliding.CountOptimal); nil for larger
	// boards or when the limits stopped the count.
	OptimalSolutions *big.Int
}

// CompareRun is one algorithm's run in a Comparison.
type CompareRun struct {
	// Algorithm is bfs, bibfs, dfs, iddfs, astar, nbs, wastar, anytime,
	// idastar, "idastar (tuned)" (package sliding's own IDA*), table, or
	// "idastar (pdb)".
	Algorithm string
	// Label names the algorithm for people: the registry's label ("A*"),
	// or for the runs outside it "IDA* (tuned)" and "distance table".
	Label string
	// Heuristic is misplaced, manhattan, linear or pdb; "-" for none.
	Heuristic string
	// Status is ok; node-cap or timeout when a limit stopped the run (the
	// stats count the work up to the stop); none when DFS or IDDFS found no
	// path within the depth limit; n/a when the method does not apply;
	// not-run when the comparison's time or nodes were spent before its
	// turn.
	Status string
	// Solution is the run's answer: its moves when Status is ok, and its
	// statistics in every case.
	Solution sliding.Solution
}

type compareRun struct {
	name      string
	label     string
	algo      sliding.Algorithm
	heuristic string
	tuned     bool // package sliding's IDA*, not the generic one
	table     bool // the distance table
}

// compareRuns returns the rows of a comparison, from the registry: every
// algorithm but auto, with each heuristic it compares with when informed;
// package sliding's tuned IDA* with each heuristic; the distance table;
// and, if databases, the pattern-database search.
func compareRuns(databases bool) []compareRun {
	var runs []compareRun
	var boardHeuristics, dbHeuristics []string
	for _, h := range heuristics {
		if h.Databases {
			dbHeuristics = append(dbHeuristics, h.Name)
		} else {
			boardHeuristics = append(boardHeuristics, h.Name)
		}
	}
	ida, _ := AlgorithmOf(string(sliding.IDAStar))
	for _, a := range algorithms {
		switch {
		case a.Name == sliding.Auto:
		case !a.Informed:
			runs = append(runs, compareRun{name: string(a.Name), label: a.Label, algo: a.Name})
		default:
			hs := a.compare
			if hs == nil {
				hs = boardHeuristics
			}
			for _, h := range hs {
				runs = append(runs, compareRun{name: string(a.Name), label: a.Label, algo: a.Name, heuristic: h})
			}
		}
	}
	for _, h := range boardHeuristics {
		runs = append(runs, compareRun{name: "idastar (tuned)", label: ida.Label + " (tuned)", algo: sliding.Auto, heuristic: h, tuned: true})
	}
	runs = append(runs, compareRun{name: "table", label: "distance table", algo: sliding.Auto, table: true})
	if databases {
		for _, h := range dbHeuristics {
			runs = append(runs, compareRun{name: "idastar (" + h + ")", label: ida.Label, algo: sliding.Auto, heuristic: h})
		}
	}
	return runs
}

// Compare runs every algorithm and heuristic on one board under the same
// limits, one after another, and replays every path it reports to the goal:
// the generic algorithms of package search, package sliding's tuned IDA*,
// the distance table, and pattern databases unless Options.NoDatabases.
// A run stopped by a limit is a run that says so, not an error, and so is
// a run never started because the comparison's limits were spent: the
// comparison ends within them with every run it has. The error is the
// context's when ctx is cancelled, or a solver fault.
func (s *Solver) Compare(ctx context.Context, b, goal sliding.Board, opt CompareOptions) (Comparison, error) {
	c := Comparison{Solvable: sliding.Solvable(b, goal), MaxDepth: opt.MaxDepth, Runs: []CompareRun{}}
	if c.MaxDepth == 0 {
		c.MaxDepth = sliding.DefaultMaxDepth(b.W, b.H)
	}
	if !c.Solvable {
		return c, nil
	}
	var deadline time.Time
	if opt.Timeout > 0 {
		deadline = time.Now().Add(opt.Timeout)
	}
	if d, ok := ctx.Deadline(); ok && (deadline.IsZero() || d.Before(deadline)) {
		deadline = d
	}
	// The count of optimal solutions costs about what A* costs: it comes
	// first, since the rows may use every moment that is left.
	if len(b.Tiles) <= 9 {
		if _, n, _, err := sliding.CountOptimal(ctx, b, goal, opt.Limits); err == nil {
			c.OptimalSolutions = n
		} else if errors.Is(ctx.Err(), context.Canceled) {
			return c, ctx.Err()
		}
	}
	nodesLeft := opt.Limits.MaxNodes
	runs := compareRuns(!s.opts.NoDatabases)
	// given[i] is the time and the nodes run i was last given; stopped[i]
	// says that its share stopped it, so that it may take what the rows
	// after it left.
	type share struct {
		time  time.Duration
		nodes int64
	}
	given := make([]share, len(runs))
	stopped := make([]stop, len(runs))
	spent := func() bool {
		return !deadline.IsZero() && !time.Now().Before(deadline) || opt.Limits.MaxNodes > 0 && nodesLeft <= 0
	}
	// attempt runs row i with the time and nodes left divided among left
	// rows, and records its run.
	attempt := func(i, left int) error {
		r := runs[i]
		run := CompareRun{Algorithm: r.name, Label: r.label, Heuristic: cmp.Or(r.heuristic, "-")}
		ro := opt
		var sh share
		if opt.Limits.MaxNodes > 0 {
			sh.nodes = max(1, nodesLeft/int64(left))
			ro.Limits.MaxNodes = sh.nodes
		}
		ro.Timeout = 0
		if !deadline.IsZero() {
			sh.time = max(time.Millisecond, time.Until(deadline)/time.Duration(left))
			ro.Timeout = sh.time
		}
		given[i], stopped[i] = sh, 0
		sol, err := s.compareOne(ctx, r, b, goal, ro)
		if sol.Stats.PeakStored > 1<<20 {
			// The row's states are garbage now: collect them before the
			// next row allocates, so that the process's peak stays that of
			// one row within the memory budget, not that row on top of the
			// last one's leavings.
			runtime.GC()
		}
		nodesLeft -= sol.Stats.Expanded
		run.Solution = sol
		switch {
		case err == nil:
			if verr := sliding.Verify(b, goal, sol.Moves); verr != nil {
				return fmt.Errorf("internal error: %s/%s path does not reach the goal: %v", run.Algorithm, run.Heuristic, verr)
			}
			run.Status = "ok"
		case errors.Is(ctx.Err(), context.Canceled):
			return ctx.Err()
		case errors.Is(err, context.DeadlineExceeded):
			run.Status = "timeout"
			if sh.time > 0 {
				stopped[i] = byTime
			}
		case errors.Is(err, search.ErrLimit):
			run.Status = "node-cap"
			if sh.nodes > 0 && sol.Stats.Expanded >= sh.nodes {
				stopped[i] = byNodes
			}
		case errors.Is(err, search.ErrNotFound):
			run.Status = "none"
		case errors.Is(err, ErrInput):
			run.Status = "n/a"
		default:
			return fmt.Errorf("%s/%s: %w", run.Algorithm, run.Heuristic, err)
		}
		c.Runs[i] = run
		return nil
	}
	c.Runs = make([]CompareRun, len(runs))
	for i, r := range runs {
		if errors.Is(ctx.Err(), context.Canceled) {
			c.Runs = c.Runs[:i]
			return c, ctx.Err()
		}
		if spent() {
			c.Runs[i] = CompareRun{Algorithm: r.name, Label: r.label, Heuristic: cmp.Or(r.heuristic, "-"), Status: "not-run"}
			continue
		}
		if err := attempt(i, len(runs)-i); err != nil {
			return c, err
		}
	}
	// Rows that finished early left time and nodes unused: the rows their
	// shares stopped run again in order, each with half of what is left
	// (the last with all of it) when that is more than it had, so that a
	// row that can finish does before one that cannot takes the rest. A
	// row stopped in the end had no unused share left to take.
	for again := true; again && !spent(); {
		again = false
		var waiting []int
		for i := range runs {
			if stopped[i] != 0 {
				waiting = append(waiting, i)
			}
		}
		for k, i := range waiting {
			if spent() {
				break
			}
			left := min(len(waiting)-k, 2)
			// Run it again only with more of what stopped it, and no less
			// of the other.
			g := given[i]
			nodes, tm := nodesLeft/int64(left), time.Until(deadline)/time.Duration(left)
			moreNodes, lessNodes := g.nodes > 0 && nodes > g.nodes+g.nodes/4, g.nodes > 0 && nodes < g.nodes
			moreTime, lessTime := g.time > 0 && tm > g.time+g.time/4, g.time > 0 && tm < g.time
			if stopped[i] == byNodes && (!moreNodes || lessTime) || stopped[i] == byTime && (!moreTime || lessNodes) {
				continue
			}
			if err := attempt(i, left); err != nil {
				return c, err
			}
			again = true
		}
	}
	return c, nil
}

// stop says what share stopped a row of Compare: none (0), its time or its
// nodes.
type stop int

const (
	byTime stop = 1 + iota
	byNodes
)

// compareOne runs one row within opt's limits, its share of the whole.
func (s *Solver) compareOne(ctx context.Context, r compareRun, b, goal sliding.Board, opt CompareOptions) (sliding.Solution, error) {
	if opt.Timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, opt.Timeout)
		defer cancel()
	}
	switch {
	case r.table:
		if !sliding.TableSize(b.W, b.H) {
			return sliding.Solution{}, InputErrorf("no table for %dx%d boards", b.W, b.H)
		}
		return sliding.Search(ctx, b, goal, sliding.Options{Limits: opt.Limits})
	case r.tuned:
		h, err := boardHeuristic(r.heuristic, goal)
		if err != nil {
			return sliding.Solution{}, err
		}
		return sliding.Search(ctx, b, goal, sliding.Options{Algorithm: sliding.IDAStar, Tuned: true, Heuristic: h, Limits: opt.Limits})
	}
	return s.Solve(ctx, b, goal, Method{Algorithm: r.algo, Heuristic: r.heuristic, Partition: opt.Partition, MaxDepth: opt.MaxDepth}, opt.Limits)
}
