package solve

import (
	"fmt"
	"io"
	"strconv"
	"text/tabwriter"
	"time"

	"github.com/searchlab/searchlab/sliding"
)

// WriteHeader writes the lines that open the text form of a comparison of
// b with goal under opt, before it runs: the board (read on input line
// line) and the goal in the one-line notation, then the limits of the
// whole table, or, when b cannot reach goal, a line saying that no search
// runs. It reports whether b can reach goal.
func (opt CompareOptions) WriteHeader(w io.Writer, b, goal sliding.Board, line int) (solvable bool, err error) {
	if _, err := fmt.Fprintf(w, "board %dx%d (line %d): %s\ngoal: %s\n", b.W, b.H, line, b.OneLine(), goal.OneLine()); err != nil {
		return false, err
	}
	if !sliding.Solvable(b, goal) {
		_, err := fmt.Fprintln(w, "impossible: the board cannot reach the goal (permutation parity and blank row), so no search runs")
		return false, err
	}
	limit := "no node cap"
	if opt.Limits.MaxNodes > 0 {
		limit = fmt.Sprintf("at most %d expansions", opt.Limits.MaxNodes)
	}
	if opt.Timeout > 0 {
		limit += fmt.Sprintf(", %v", opt.Timeout)
	}
	depth := opt.MaxDepth
	if depth == 0 {
		depth = sliding.DefaultMaxDepth(b.W, b.H)
	}
	_, err = fmt.Fprintf(w, "limits for the whole table: %s, shared out among the runs; dfs and iddfs depth %d\n\n", limit, depth)
	return true, err
}

// WriteText writes c, a comparison on boards with the goal goal, as a
// table aligned in columns, a row per run (length, whether it is proven
// the fewest moves, the search statistics and the time), followed by the
// count of fewest-move solutions where c has it and the notes that explain
// the columns and statuses.
func (c Comparison) WriteText(w io.Writer, goal sliding.Board) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "algorithm\theuristic\tlength\toptimal\texpanded\tgenerated\tpeak frontier\tpeak stored\ttime\t")
	for _, r := range c.Runs {
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t", r.Algorithm, r.Heuristic, r.length(), r.optimal())
		st := r.Solution.Stats
		fmt.Fprintf(tw, "%d\t%d\t%d\t%d\t%v\t\n", st.Expanded, st.Generated, st.PeakFrontier, st.PeakStored, st.Elapsed.Round(time.Microsecond))
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	if c.OptimalSolutions != nil {
		fmt.Fprintf(w, "\ndistinct fewest-move solutions: %s\n", c.OptimalSolutions)
	}
	fmt.Fprintf(w, "\nwastar, anytime: weight %g on the heuristic; anytime gives its best path within the limits, and >=N in the optimal column when the fewest moves are only proven to be at least N", float64(sliding.DefaultWeight))
	fmt.Fprintln(w, "\nnode-cap / timeout: the run hit its share of --max-nodes or --timeout (figures up to the stop); none: no path within the depth limit; n/a: not available for this board; not-run: the table's --max-nodes or --timeout was spent first")
	var err error
	if sliding.TableSize(goal.W, goal.H) {
		t := sliding.TableFor(goal)
		_, err = fmt.Fprintf(w, "table: built once per goal (%d states) in %v, not counted in its row\n", t.States(), t.BuildTime().Round(time.Microsecond))
	}
	return err
}

// length is the run's column of moves: their number, or the status of a
// run that found no path.
func (r CompareRun) length() string {
	if r.Status != "ok" {
		return r.Status
	}
	return strconv.Itoa(r.Solution.Len())
}

// optimal is the run's column of optimality: yes, no, >=N for an anytime
// path whose fewest moves are only proven to be at least N, or - for a run
// that found no path.
func (r CompareRun) optimal() string {
	switch {
	case r.Status != "ok":
		return "-"
	case r.Solution.Optimal:
		return "yes"
	case r.Algorithm == string(sliding.Anytime) && r.Solution.Bound > 0:
		return ">=" + strconv.Itoa(r.Solution.Bound)
	}
	return "no"
}
