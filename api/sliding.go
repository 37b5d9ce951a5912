package api

import (
	"github.com/searchlab/searchlab/sliding"
	"github.com/searchlab/searchlab/sliding/solve"
)

// CompareRow is one algorithm's run in a CompareAnswer.
type CompareRow struct {
	// Algorithm is bfs, dfs, iddfs, astar, idastar, "idastar (tuned)"
	// (package sliding's own IDA*), table, or "idastar (pdb)".
	Algorithm string `json:"algorithm"`
	// Label names the algorithm for people, such as "A*" or "distance
	// table" (solve.CompareRun.Label).
	Label string `json:"label"`
	// Heuristic is misplaced, manhattan, linear or pdb; "-" for none.
	Heuristic string `json:"heuristic"`
	// Status is ok; node-cap or timeout when a limit stopped the run (the
	// stats count the work up to the stop); none when DFS or IDDFS found no
	// path within the depth limit; n/a when the method does not apply;
	// not-run when the table's time or nodes were spent before its turn.
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

// NewCompareAnswer returns the JSON form of c.
func NewCompareAnswer(c solve.Comparison) CompareAnswer {
	ans := CompareAnswer{Solvable: c.Solvable, MaxDepth: c.MaxDepth, Rows: make([]CompareRow, len(c.Runs))}
	if c.OptimalSolutions != nil {
		ans.OptimalSolutions = c.OptimalSolutions.String()
	}
	for i, r := range c.Runs {
		row := CompareRow{Algorithm: r.Algorithm, Label: r.Label, Heuristic: r.Heuristic, Status: r.Status, Length: -1, Stats: NewStats(r.Solution.Stats)}
		if r.Status == "ok" {
			row.Length, row.Optimal = r.Solution.Len(), r.Solution.Optimal
			if r.Algorithm == string(sliding.Anytime) {
				row.Bound = r.Solution.Bound
			}
		}
		ans.Rows[i] = row
	}
	return ans
}
