package main

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/searchlab/searchlab/api"
	"github.com/searchlab/searchlab/internal/cli"
	"github.com/searchlab/searchlab/internal/input"
	"github.com/searchlab/searchlab/search"
	"github.com/searchlab/searchlab/sliding"
	"github.com/searchlab/searchlab/sliding/solve"
)

const compareDescription = `
Reads one sliding-tile board from the file named or stdin (in any --format
of "searchlab sliding") and runs every algorithm and heuristic on it under
the same limits: the generic search package's BFS, bidirectional BFS, DFS,
IDDFS, A*, IDA*, NBS, weighted and anytime A* (the informed ones with each
heuristic), then the tuned IDA*, the distance table and pattern databases
where this searchlab has them. It prints a table: length, whether it is
proven optimal, states expanded and generated, peak frontier and stored
states, and time. --max-nodes and --timeout bound the whole table, shared
out among the runs; a run that hits its share says so in its row.

Example:
  echo "8 6 7 2 5 4 3 0 1" | searchlab compare
  echo "2 8 3 1 6 4 7 0 5" | searchlab compare --goal "1 2 3 / 8 0 4 / 7 6 5"
`

func runCompare(ctx context.Context, e *env, args []string) error {
	fs := cli.NewFlagSet(e.stdout, "searchlab compare", "[flags] [file ...]", compareDescription)
	var f slidingFlags
	f.register(fs, "")
	fs.Lookup("partition").Usage = "pattern database `partition` of the pdb rows, as in \"searchlab sliding --partition\" (default: the database's own)"
	fs.Lookup("max-nodes").DefValue = "20000000"
	fs.Lookup("timeout").DefValue = "10s"
	f.maxNodes, f.timeout = 20_000_000, 10*time.Second
	fs.Lookup("max-nodes").Usage = "expansions of all the runs together, shared out among them (`n`, 0: no cap)"
	fs.Lookup("timeout").Usage = "time for the whole table, shared out among its runs (`duration`, 0: none)"
	asJSON := fs.Bool("json", false, "print the table as one JSON object: solvable, max_depth, rows")
	f.algo, f.heuristic = "auto", "linear"
	files, err := cli.Parse(fs, args)
	if err != nil {
		return err
	}
	srcs, err := e.inputs(files)
	if err != nil {
		return err
	}
	defer input.Close(srcs)
	cases, goals, err := f.readSources(srcs)
	if err != nil {
		return err
	}
	if len(cases) != 1 {
		return cli.Inputf("compare takes one board, the input has %d", len(cases))
	}
	b, goal := cases[0].Board, goals[0]
	opt := solve.CompareOptions{Limits: search.Limits{MaxNodes: f.maxNodes, MaxBytes: solve.MemoryBudget}, Timeout: f.timeout, MaxDepth: f.maxDepth, Partition: f.partition}
	solver := newSolver(e, solve.Options{})
	defer solver.Close()
	if !*asJSON {
		fmt.Fprintf(e.stdout, "board %dx%d (line %d): %s\ngoal: %s\n", b.W, b.H, cases[0].Line, oneLine(b), oneLine(goal))
		if !sliding.Solvable(b, goal) {
			fmt.Fprintln(e.stdout, "impossible: the board cannot reach the goal (permutation parity and blank row), so no search runs")
			return nil
		}
		limit := "no node cap"
		if f.maxNodes > 0 {
			limit = fmt.Sprintf("at most %d expansions", f.maxNodes)
		}
		if f.timeout > 0 {
			limit += fmt.Sprintf(", %v", f.timeout)
		}
		depth := f.maxDepth
		if depth == 0 {
			depth = sliding.DefaultMaxDepth(b.W, b.H)
		}
		fmt.Fprintf(e.stdout, "limits for the whole table: %s, shared out among the runs; dfs and iddfs depth %d\n\n", limit, depth)
	}
	c, err := solver.Compare(ctx, b, goal, opt)
	if err != nil {
		return err
	}
	ans := api.NewCompareAnswer(c)
	if *asJSON {
		return json.NewEncoder(e.stdout).Encode(ans)
	}
	tw := tabwriter.NewWriter(e.stdout, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "algorithm\theuristic\tlength\toptimal\texpanded\tgenerated\tpeak frontier\tpeak stored\ttime\t")
	for _, r := range ans.Rows {
		length, optimal := r.Status, "-"
		if r.Status == "ok" {
			length, optimal = strconv.Itoa(r.Length), yesNo(r.Optimal)
			if !r.Optimal && r.Bound > 0 {
				optimal = fmt.Sprintf(">=%d", r.Bound)
			}
		}
		st := r.Stats
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%d\t%d\t%d\t%d\t%v\t\n", r.Algorithm, r.Heuristic, length, optimal,
			st.Expanded, st.Generated, st.PeakFrontier, st.PeakStored, time.Duration(st.ElapsedNS).Round(time.Microsecond))
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	if ans.OptimalSolutions != "" {
		fmt.Fprintf(e.stdout, "\ndistinct fewest-move solutions: %s\n", ans.OptimalSolutions)
	}
	fmt.Fprintf(e.stdout, "\nwastar, anytime: weight %g on the heuristic; anytime gives its best path within the limits, and >=N in the optimal column when the fewest moves are only proven to be at least N", float64(sliding.DefaultWeight))
	fmt.Fprintln(e.stdout, "\nnode-cap / timeout: the run hit its share of --max-nodes or --timeout (figures up to the stop); none: no path within the depth limit; n/a: not available for this board; not-run: the table's --max-nodes or --timeout was spent first")
	if sliding.TableSize(b.W, b.H) {
		t := sliding.TableFor(goal)
		fmt.Fprintf(e.stdout, "table: built once per goal (%d states) in %v, not counted in its row\n", t.States(), t.BuildTime().Round(time.Microsecond))
	}
	return nil
}

func yesNo(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}

// oneLine writes a board in reading order with rows separated by " / ".
func oneLine(b sliding.Board) string {
	return strings.ReplaceAll(b.String(), "\n", " / ")
}
