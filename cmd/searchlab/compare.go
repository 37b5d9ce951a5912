package main

import (
	"context"
	"encoding/json"
	"time"

	"github.com/searchlab/searchlab/api"
	"github.com/searchlab/searchlab/internal/cli"
	"github.com/searchlab/searchlab/internal/input"
	"github.com/searchlab/searchlab/search"
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
out among the runs; what runs that finish early leave goes to those their
share stopped, which run again; a run stopped in the end says so in its row.

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
	f.algo, f.heuristic = defaultMethod()
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
		if solvable, err := opt.WriteHeader(e.stdout, b, goal, cases[0].Line); !solvable || err != nil {
			return err
		}
	}
	c, err := solver.Compare(ctx, b, goal, opt)
	if err != nil {
		return err
	}
	if *asJSON {
		return json.NewEncoder(e.stdout).Encode(api.NewCompareAnswer(c))
	}
	return c.WriteText(e.stdout, goal)
}
