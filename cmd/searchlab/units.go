package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"runtime"
	"strconv"

	"github.com/searchlab/searchlab/internal/cli"
	"github.com/searchlab/searchlab/internal/input"
	"github.com/searchlab/searchlab/search"
	"github.com/searchlab/searchlab/sliding"
	"github.com/searchlab/searchlab/sliding/solve"
	"github.com/searchlab/searchlab/sliding/units"
)

const unitsDescription = `
Splits the IDA* search of hard sliding-tile boards into work units that
separate processes or machines search, one bound at a time, as JSON lines:

  split      reads boards (as "searchlab sliding" does) and writes, for
             each, one unit per node at --depth d of its search tree.
  run-units  searches each unit read to --bound f (or the bound its line
             carries) and writes its result; of one board's units, those
             after one that found a solution are skipped.
  drive      with --units FILE, merges every result so far on stdin and
             prints the answers (exit status 0) or the units still to
             search at each board's next bound (exit status 3). Without
             --units it runs the whole loop in --procs child processes.

The answer is that of IDA* in one process. A loop with any scheduler (here
GNU parallel; docs/many-machines.md has more):

  searchlab sliding split --depth 12 --format line --size 5x5 < board.txt > units.jsonl
  : > results.jsonl
  until searchlab sliding drive --units units.jsonl < results.jsonl > todo.jsonl; do
    [ $? -eq 3 ] || exit 1
    parallel --pipe -N 200 searchlab sliding run-units < todo.jsonl >> results.jsonl
  done
  cat todo.jsonl   # the answers
`

// unitCommands are the subcommands of "searchlab sliding" for work units.
var unitCommands = map[string]func(context.Context, *env, []string) error{
	"split":     runSplit,
	"run-units": runRunUnits,
	"drive":     runDrive,
}

// exitMore is the exit status of "drive --units" when units remain.
const exitMore = 3

// errMore reports that drive printed units still to search.
var errMore = cli.StatusError{Code: exitMore, Err: errors.New("units remain to search")}

func runSplit(ctx context.Context, e *env, args []string) (err error) {
	fs := cli.NewFlagSet(e.stdout, "searchlab sliding split", "[--depth d] [flags] [file ...]", unitsDescription)
	var f slidingFlags
	f.registerUnits(fs)
	depth := fs.Int("depth", 10, "split `depth`: the length of every unit's prefix (at most the board's heuristic)")
	files, err := cli.Parse(fs, args)
	if err != nil {
		return err
	}
	f.algo, f.heuristic = defaultMethod()
	if *depth < 0 || *depth > 40 {
		return cli.Inputf("--depth %d: want 0 to 40", *depth)
	}
	cases, goals, err := f.readFiles(e, files)
	if err != nil {
		return err
	}
	solver := newSolver(e, solve.Options{})
	defer solver.Close()
	ctx, cancel := cli.WithTimeout(ctx, f.timeout)
	defer cancel()
	out := bufio.NewWriter(e.stdout)
	defer cli.Flush(out, &err)
	for i, c := range cases {
		p, err := units.SplitBoard(ctx, solver, c.Line, c.Board, goals[i], f.partition, *depth, search.Limits{MaxNodes: f.maxNodes})
		if errors.Is(err, sliding.ErrUnsolvable) {
			return cli.Inputf("board %d (line %d): the board cannot reach the goal; there is nothing to split", i+1, c.Line)
		}
		if err != nil {
			return fmt.Errorf("board %d (line %d): %w", i+1, c.Line, err)
		}
		if err := units.WriteLines(out, p.Units); err != nil {
			return err
		}
		fmt.Fprintf(e.stderr, "searchlab: line %d: %v\n", c.Line, p)
	}
	return nil
}

func runRunUnits(ctx context.Context, e *env, args []string) (err error) {
	fs := cli.NewFlagSet(e.stdout, "searchlab sliding run-units", "[--bound f] [--jobs n] [--max-nodes n] < units", unitsDescription)
	bound := fs.Int("bound", 0, "search every unit to bound `f` (0: the bound each unit line carries)")
	jobs := fs.Int("jobs", runtime.NumCPU(), "units searched at once")
	maxNodes := fs.Int64("max-nodes", 0, "stop a unit after `n` expansions, an error (0: no cap)")
	timeout := fs.Duration("timeout", 0, "stop after this `duration` (0: none)")
	if err := cli.ParseFlags(fs, args); err != nil {
		return err
	}
	if *bound < 0 || *jobs < 1 || *maxNodes < 0 || *timeout < 0 {
		return cli.Inputf("--bound, --max-nodes and --timeout must not be negative, --jobs at least 1")
	}
	solver := newSolver(e, solve.Options{})
	defer solver.Close()
	lines, err := units.ReadUnits(e.stdin)
	if err != nil {
		return err
	}
	ctx, cancel := cli.WithTimeout(ctx, *timeout)
	defer cancel()
	work, err := units.Jobs(ctx, solver, lines, *bound)
	if errors.Is(err, units.ErrNoBound) {
		return cli.Inputf("%v: give --bound, or units from \"searchlab sliding drive --units\"", err)
	}
	if err != nil {
		return err
	}
	outcomes := units.Run(ctx, work, *jobs, search.Limits{MaxNodes: *maxNodes})
	answers, i, err := units.Answers(ctx, outcomes)
	out := bufio.NewWriter(e.stdout)
	defer cli.Flush(out, &err)
	units.WriteLines(out, answers) // a write error shows at the flush
	switch {
	case err != nil && outcomes[i].Searched:
		return fmt.Errorf("line %d (board line %d, unit %d): %w", i+1, lines[i].Line, lines[i].Unit, explain(err, sliding.Auto))
	case err != nil:
		return fmt.Errorf("line %d: %w", i+1, explain(err, sliding.Auto))
	}
	return nil
}

func runDrive(ctx context.Context, e *env, args []string) (err error) {
	fs := cli.NewFlagSet(e.stdout, "searchlab sliding drive", "--units FILE < results | [--depth d] [--procs n] [flags] [file ...]", unitsDescription)
	var f slidingFlags
	f.registerUnits(fs)
	unitsFile := fs.String("units", "", "`file` of units from \"searchlab sliding split\": merge the results on stdin once and print the answers or the units left")
	depth := fs.Int("depth", 10, "split `depth`, without --units")
	procs := fs.Int("procs", 2, "child processes that search units, without --units")
	path := fs.Bool("path", false, "print the moves after the length")
	asJSON := fs.Bool("json", false, "print one JSON object per board, as \"searchlab sliding --json\"")
	stats := fs.Bool("stats", false, "print each bound's merged result to stderr")
	files, err := cli.Parse(fs, args)
	if err != nil {
		return err
	}
	f.algo, f.heuristic = defaultMethod()
	if *procs < 1 || *depth < 0 || *depth > 40 {
		return cli.Inputf("--procs must be at least 1, --depth 0 to 40")
	}
	if *unitsFile != "" && len(files) > 0 {
		return cli.Inputf("--units merges the results on stdin; boards in files (%s) go without --units", files[0])
	}
	ctx, cancel := cli.WithTimeout(ctx, f.timeout)
	defer cancel()
	out := bufio.NewWriter(e.stdout)
	defer cli.Flush(out, &err)
	answers := answerWriter{out: out, format: sliding.Format(f.format), path: *path, asJSON: *asJSON}
	report := func(line int, rounds []solve.Round) {
		if !*stats {
			return
		}
		for _, r := range rounds {
			fmt.Fprintf(e.stderr, "line %d: %v\n", line, r)
		}
	}

	if *unitsFile != "" {
		return driveStep(e, out, *unitsFile, answers, report)
	}
	cases, goals, err := f.readFiles(e, files)
	if err != nil {
		return err
	}
	solver := newSolver(e, solve.Options{})
	defer solver.Close()
	exe, err := os.Executable()
	if err != nil {
		return fmt.Errorf("drive: cannot find this program to run units: %w", err)
	}
	for i, c := range cases {
		p, err := units.SplitBoard(ctx, solver, c.Line, c.Board, goals[i], f.partition, *depth, search.Limits{})
		if errors.Is(err, sliding.ErrUnsolvable) {
			answers.write(c.Line, -1, sliding.Solution{Optimal: true, Method: "parity"}, "")
			continue
		}
		if err != nil {
			return fmt.Errorf("board %d (line %d): %w", i+1, c.Line, err)
		}
		sol, rounds, err := units.Drive(ctx, p, units.Commands(p.Units, *procs, func(ctx context.Context, bound int) *exec.Cmd {
			return runUnitsCommand(ctx, e, exe, bound, f.maxNodes)
		}))
		report(c.Line, rounds)
		if err != nil {
			out.Flush()
			return fmt.Errorf("board %d (line %d): %w", i+1, c.Line, explain(err, sliding.Auto))
		}
		answers.write(c.Line, sol.Len(), sol, sol.Mark())
	}
	return nil
}

// runUnitsCommand returns the child process of "searchlab sliding
// run-units" that searches units to bound.
func runUnitsCommand(ctx context.Context, e *env, exe string, bound int, maxNodes int64) *exec.Cmd {
	args := []string{"sliding", "run-units", "--bound", strconv.Itoa(bound), "--jobs", "1"}
	if maxNodes > 0 {
		args = append(args, "--max-nodes", strconv.FormatInt(maxNodes, 10))
	}
	cmd := exec.CommandContext(ctx, exe, args...)
	cmd.Stderr = e.stderr
	return cmd
}

// driveStep merges the results on stdin with the units of unitsFile, once:
// it prints the answers when every board is solved, and otherwise the
// units still to search at their boards' next bounds (errMore).
func driveStep(e *env, out *bufio.Writer, unitsFile string, print answerWriter, report func(int, []solve.Round)) error {
	uf, err := os.Open(unitsFile)
	if err != nil {
		return cli.Inputf("--units: %v", err)
	}
	us, err := units.ReadUnits(uf)
	uf.Close()
	if err != nil {
		return fmt.Errorf("--units %s: %w", unitsFile, err)
	}
	answers, err := units.ReadAnswers(e.stdin)
	if err != nil {
		return fmt.Errorf("results: %w", err)
	}
	boards, err := units.Step(us, answers)
	var nu *units.NoUnitsError
	switch {
	case errors.As(err, &nu):
		return cli.Inputf("%v in %s", nu, unitsFile)
	case err != nil && len(boards) == 0:
		return err
	}
	for i, b := range boards {
		last := i == len(boards)-1
		if last && errors.Is(err, solve.ErrInput) {
			return fmt.Errorf("--units %s: %w", unitsFile, err)
		}
		report(b.Line, b.Rounds)
		if last && err != nil {
			return fmt.Errorf("line %d: %w", b.Line, err)
		}
		if !b.Solution.Optimal {
			fmt.Fprintf(e.stderr, "searchlab: line %d: bound %d: %d units to search\n", b.Line, b.Next, len(b.Todo))
		}
	}
	if todo := units.Todo(boards); len(todo) > 0 {
		if err := units.WriteLines(out, todo); err != nil {
			return err
		}
		return errMore
	}
	for _, b := range boards {
		if b.Solution.Optimal {
			print.write(b.Line, b.Solution.Len(), b.Solution, b.Solution.Mark())
		}
	}
	return nil
}

// registerUnits registers the flags of "searchlab sliding" that split and
// drive use: the input's, the partition and the limits of the units'
// IDA* search; not --max-depth, which bounds only dfs and iddfs.
func (f *slidingFlags) registerUnits(fs *flag.FlagSet) {
	all := flag.NewFlagSet("", flag.ContinueOnError)
	f.register(all, "")
	for _, name := range []string{"format", "size", "goal", "partition", "max-nodes", "timeout"} {
		fl := all.Lookup(name)
		fs.Var(fl.Value, fl.Name, fl.Usage)
	}
	fs.Lookup("partition").Usage = "pattern database `partition` of the units' search, such as 7-8 or 6-6-6-6 (default: the database's own)"
	fs.Lookup("max-nodes").Usage = "stop a unit's search after `n` expansions, an error (0: no cap)"
}

// readFiles reads the boards of the files named (stdin when none), as
// "searchlab sliding" does: each file's format detected unless --format
// names it.
func (f *slidingFlags) readFiles(e *env, files []string) ([]sliding.Case, []sliding.Board, error) {
	srcs, err := e.inputs(files)
	if err != nil {
		return nil, nil, err
	}
	defer input.Close(srcs)
	return f.readSources(srcs)
}
