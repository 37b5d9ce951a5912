package api

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/searchlab/searchlab/search"
	"github.com/searchlab/searchlab/sliding"
	"github.com/searchlab/searchlab/sliding/pdb"
)

// SlidingOptions choose how SolveSliding answers a board.
type SlidingOptions struct {
	// Algorithm is sliding.Auto (the fastest exact method available; also
	// the zero value) or a generic algorithm of package search.
	Algorithm sliding.Algorithm
	// Heuristic names the heuristic of the informed algorithms: misplaced,
	// manhattan, linear, or pdb for pattern databases ("" is linear).
	Heuristic string
	// Partition names the pattern database set; "" is the set PDB chooses
	// (see pdb.Solver).
	Partition string
	// MaxDepth bounds DFS and IDDFS; 0 is the board's default.
	MaxDepth int
	// Limits caps the search.
	Limits search.Limits
	// PDB is the solver that picks the fastest exact method, pattern
	// databases included (see pdb.Solver); nil means none: boards over 9
	// cells are then solved by IDA* with linear conflicts.
	PDB *pdb.Solver
}

// SolveSliding answers one board. An unsolvable board returns
// sliding.ErrUnsolvable with a solution whose Method says how that was
// decided. With Algorithm sliding.Auto the answer is opt.PDB's (see
// pdb.Solver: the distance table, pattern databases, or IDA* with linear
// conflicts), or without one sliding.Solve's. Errors caused by the options
// match ErrInput.
func SolveSliding(ctx context.Context, b, goal sliding.Board, opt SlidingOptions) (sliding.Solution, error) {
	if !sliding.Solvable(b, goal) {
		return sliding.Solution{Optimal: true, Method: "parity"}, sliding.ErrUnsolvable
	}
	if opt.Algorithm == "" {
		opt.Algorithm = sliding.Auto
	}
	heuristic := opt.Heuristic
	if heuristic == "" {
		heuristic = "linear"
	}
	if heuristic == "pdb" {
		if opt.Algorithm != sliding.Auto && opt.Algorithm != sliding.IDAStar {
			return sliding.Solution{}, inputErrorf("heuristic pdb works with algorithm auto or idastar, not %s", opt.Algorithm)
		}
		if opt.PDB == nil {
			return sliding.Solution{}, inputErrorf("heuristic pdb: this searchlab has no pattern databases")
		}
		sol, err := opt.PDB.SolvePartition(ctx, b, goal, opt.Partition, opt.Limits)
		switch {
		case errors.Is(err, pdb.ErrNoDatabase):
			return sliding.Solution{}, inputErrorf("heuristic pdb: %v", err)
		case errors.Is(err, pdb.ErrNotReady):
			return sliding.Solution{}, inputErrorf("heuristic pdb: the pattern databases for %dx%d boards are not ready yet", b.W, b.H)
		}
		return sol, err
	}
	if opt.Algorithm == sliding.Auto {
		if opt.Partition != "" && !sliding.TableSize(b.W, b.H) && opt.PDB != nil {
			sol, err := opt.PDB.SolvePartition(ctx, b, goal, opt.Partition, opt.Limits)
			if errors.Is(err, pdb.ErrNoDatabase) {
				return sliding.Solution{}, inputErrorf("partition: %v", err)
			}
			return sol, err
		}
		if opt.PDB != nil {
			return opt.PDB.Solve(ctx, b, goal, opt.Limits)
		}
	}
	var h sliding.Heuristic
	if opt.Algorithm.Informed() {
		var err error
		if h, err = sliding.HeuristicByName(heuristic, goal); err != nil {
			return sliding.Solution{}, inputErrorf("%v", err)
		}
	}
	return sliding.SolveWith(ctx, b, goal, sliding.Options{Algorithm: opt.Algorithm, Heuristic: h, MaxDepth: opt.MaxDepth, Limits: opt.Limits})
}

// CompareRow is one algorithm's run in a CompareAnswer.
type CompareRow struct {
	// Algorithm is bfs, dfs, iddfs, astar, idastar, "idastar (tuned)"
	// (package sliding's own IDA*), table, or "idastar (pdb)".
	Algorithm string `json:"algorithm"`
	// Heuristic is misplaced, manhattan, linear or pdb; "-" for none.
	Heuristic string `json:"heuristic"`
	// Status is ok; node-cap or timeout when a limit stopped the run (the
	// stats count the work up to the stop); none when DFS or IDDFS found no
	// path within the depth limit; n/a when the method does not apply.
	Status string `json:"status"`
	// Length is the number of moves found, -1 unless Status is ok.
	Length int `json:"length"`
	// Optimal reports that Length is proven the fewest.
	Optimal bool `json:"optimal"`
	// Bound is, for anytime, the proven lower bound on the fewest moves
	// (Length when Optimal); omitted for the other rows.
	Bound int `json:"bound,omitempty"`
	// Stats is the work the run did.
	Stats Stats `json:"stats"`
}

// CompareAnswer is the output of "searchlab compare --json" and the body of
// POST /api/sliding/compare.
type CompareAnswer struct {
	// Solvable is false when the board cannot reach the goal; then no
	// algorithm runs and Rows is empty.
	Solvable bool `json:"solvable"`
	// MaxDepth is the depth bound that DFS and IDDFS used.
	MaxDepth int `json:"max_depth"`
	// Rows holds one run per algorithm and heuristic, in a fixed order.
	Rows []CompareRow `json:"rows"`
	// OptimalSolutions is, for boards of up to 9 cells, the number of
	// distinct fewest-move solutions (in decimal: it can exceed 64 bits on
	// larger boards); omitted for larger boards.
	OptimalSolutions string `json:"optimal_solutions,omitempty"`
}

// CompareOptions bound each run of Compare.
type CompareOptions struct {
	// Limits caps each run.
	Limits search.Limits
	// Timeout stops each run after this long; 0 sets no time limit.
	Timeout time.Duration
	// MaxDepth bounds DFS and IDDFS; 0 is the board's default.
	MaxDepth int
	// Partition names the pattern database set of the pdb row.
	Partition string
	// PDB adds the pattern database row; nil leaves it out.
	PDB *pdb.Solver
}

type compareRun struct {
	name      string
	algo      sliding.Algorithm
	heuristic string
	tuned     bool // package sliding's IDA*, not the generic one
	table     bool // the distance table
}

func compareRuns(pdb bool) []compareRun {
	runs := []compareRun{{name: "bfs", algo: sliding.BFS}, {name: "bibfs", algo: sliding.BiBFS}, {name: "dfs", algo: sliding.DFS}, {name: "iddfs", algo: sliding.IDDFS}}
	for _, h := range sliding.Heuristics {
		runs = append(runs, compareRun{name: string(sliding.AStar), algo: sliding.AStar, heuristic: h})
	}
	runs = append(runs, compareRun{name: "nbs", algo: sliding.NBS, heuristic: "manhattan"}, compareRun{name: "nbs", algo: sliding.NBS, heuristic: "linear"},
		compareRun{name: "wastar", algo: sliding.WAStar, heuristic: "linear"}, compareRun{name: "anytime", algo: sliding.Anytime, heuristic: "linear"})
	for _, h := range sliding.Heuristics {
		runs = append(runs, compareRun{name: string(sliding.IDAStar), algo: sliding.IDAStar, heuristic: h})
	}
	for _, h := range sliding.Heuristics {
		runs = append(runs, compareRun{name: "idastar (tuned)", algo: sliding.Auto, heuristic: h, tuned: true})
	}
	runs = append(runs, compareRun{name: "table", algo: sliding.Auto, table: true})
	if pdb {
		runs = append(runs, compareRun{name: "idastar (pdb)", algo: sliding.Auto, heuristic: "pdb"})
	}
	return runs
}

// Compare runs every algorithm and heuristic on one board under the same
// limits, one after another, and replays every path it reports to the goal.
// A run stopped by a limit is a row that says so, not an error; the error
// is the context's when ctx ends, or a solver fault.
func Compare(ctx context.Context, b, goal sliding.Board, opt CompareOptions) (CompareAnswer, error) {
	ans := CompareAnswer{Solvable: sliding.Solvable(b, goal), MaxDepth: opt.MaxDepth, Rows: []CompareRow{}}
	if ans.MaxDepth == 0 {
		ans.MaxDepth = sliding.DefaultMaxDepth(b.W, b.H)
	}
	if !ans.Solvable {
		return ans, nil
	}
	for _, r := range compareRuns(opt.PDB != nil) {
		if err := ctx.Err(); err != nil {
			return ans, err
		}
		sol, err := compareOne(ctx, r, b, goal, opt)
		row := CompareRow{Algorithm: r.name, Heuristic: r.heuristic, Length: -1, Stats: NewStats(sol.Stats)}
		if row.Heuristic == "" {
			row.Heuristic = "-"
		}
		switch {
		case err == nil:
			if verr := sliding.Verify(b, goal, sol.Moves); verr != nil {
				return ans, fmt.Errorf("internal error: %s/%s path does not reach the goal: %v", row.Algorithm, row.Heuristic, verr)
			}
			row.Status, row.Length, row.Optimal = "ok", sol.Len(), sol.Optimal
			if r.algo == sliding.Anytime {
				row.Bound = sol.Bound
			}
		case ctx.Err() != nil:
			return ans, ctx.Err()
		case errors.Is(err, context.DeadlineExceeded):
			row.Status = "timeout"
		case errors.Is(err, search.ErrLimit):
			row.Status = "node-cap"
		case errors.Is(err, search.ErrNotFound):
			row.Status = "none"
		case errors.Is(err, ErrInput):
			row.Status = "n/a"
		default:
			return ans, fmt.Errorf("%s/%s: %w", row.Algorithm, row.Heuristic, err)
		}
		ans.Rows = append(ans.Rows, row)
	}
	if len(b.Tiles) <= 9 {
		if _, n, _, err := sliding.CountOptimal(ctx, b, goal, opt.Limits); err == nil {
			ans.OptimalSolutions = n.String()
		} else if ctx.Err() != nil {
			return ans, ctx.Err()
		}
	}
	return ans, nil
}

// compareOne runs one row with its own timeout.
func compareOne(ctx context.Context, r compareRun, b, goal sliding.Board, opt CompareOptions) (sliding.Solution, error) {
	if opt.Timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, opt.Timeout)
		defer cancel()
	}
	switch {
	case r.table:
		if !sliding.TableSize(b.W, b.H) {
			return sliding.Solution{}, inputErrorf("no table for %dx%d boards", b.W, b.H)
		}
		return sliding.Solve(ctx, b, goal, opt.Limits)
	case r.tuned:
		h, err := sliding.HeuristicByName(r.heuristic, goal)
		if err != nil {
			return sliding.Solution{}, err
		}
		return sliding.IDAStarSolve(ctx, b, goal, h, opt.Limits)
	}
	return SolveSliding(ctx, b, goal, SlidingOptions{Algorithm: r.algo, Heuristic: r.heuristic, Partition: opt.Partition, MaxDepth: opt.MaxDepth, Limits: opt.Limits, PDB: opt.PDB})
}
