package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"time"

	"github.com/searchlab/searchlab/api"
	"github.com/searchlab/searchlab/internal/cli"
	"github.com/searchlab/searchlab/internal/input"
	"github.com/searchlab/searchlab/internal/progress"
	"github.com/searchlab/searchlab/search"
	"github.com/searchlab/searchlab/sliding"
	"github.com/searchlab/searchlab/sliding/solve"
)

const slidingDescription = `
Reads sliding-tile boards from the files named (in order) or stdin ("-" or
none) and prints, for each, the fewest moves to the goal, or "impossible"
("-1" in boj1525 format) if the board cannot reach it. The library's
solve.Solver picks the method, as in "searchlab serve": an exact distance
table for boards of up to 9 cells; pattern databases where "searchlab pdb"
covers the size (a small set is built once, in seconds, until the large
one is); else IDA* with linear conflicts. Batches are solved on every core
and printed in input order; every printed path is replayed to the goal.

Formats (--format): grid (rows of numbers, 0, # or _ for the blank), line
(one board a line), boj11112 (a count, then 3x3 boards of rows like "12#")
and boj1525; without --format each file's is told from its first lines.
Output: the length; with --path also the moves as letters U D L R (the way
the blank moves); with --json one object per board.

--algo runs one algorithm of the generic search package with --heuristic
(what "searchlab compare" compares). Searches that cannot finish on a
board are refused unless --max-nodes or --timeout bounds them; one that
hits a limit is an error (exit status 1), never a wrong answer.
"searchlab sliding split|run-units|drive" search one hard board as work
units in separate processes ("searchlab sliding split -h"). docs/cli.md
describes it all.

Examples:
  searchlab sliding examples/eight.txt
  echo "8 1 3 4 0 2 7 6 5" | searchlab sliding
  echo "2 8 3 1 6 4 7 0 5" | searchlab sliding --goal "1 2 3 / 8 0 4 / 7 6 5" --path
  searchlab sliding examples/fifteen.txt --json
`

// slidingFlags are the flags that sliding and compare share.
type slidingFlags struct {
	format    string
	size      string
	goal      string
	algo      string
	heuristic string
	weight    float64
	partition string
	maxNodes  int64
	maxDepth  int
	timeout   time.Duration
}

func (f *slidingFlags) register(fs *flag.FlagSet, defFormat string) {
	usage := "input `format`: grid, line, boj11112 or boj1525"
	if defFormat == "" {
		usage += " (default: detected from the input)"
	}
	fs.StringVar(&f.format, "format", defFormat, usage)
	fs.StringVar(&f.size, "size", "", "board size `WxH` for --format line (default: a square), checked for grid")
	fs.StringVar(&f.goal, "goal", "", "goal `tiles` in reading order, 0 for the blank, rows may be separated by / as in \"1 2 3 / 8 0 4 / 7 6 5\" (default: 1..n-1, blank last)")
	fs.StringVar(&f.partition, "partition", "", "pattern database `partition` for --heuristic pdb, such as 7-8, 6-6-6-6, or on 5x5 catalogue3 or catalogue (the largest of several 6-6-6-6 partitions) or catalogue7 (6-6-6-6 and 7-7-5-5); prefixed with zero: (such as zero:6-6-6-6 or zero:catalogue) for zero-aware tables, which also know the blank's region (stronger, about 1.4 times the memory; default: the database's own)")
	fs.Int64Var(&f.maxNodes, "max-nodes", 0, "stop a search after `n` expansions (0: no cap, but BFS and A* stop at 2,000,000)")
	fs.IntVar(&f.maxDepth, "max-depth", 0, "depth bound for dfs and iddfs (0: the board's largest optimal length where known, 31 for 3x3, 80 for 4x4)")
	fs.DurationVar(&f.timeout, "timeout", 0, "stop after this `duration`, such as 10s (0: none)")
}

func runSliding(ctx context.Context, e *env, args []string) (err error) {
	if len(args) > 0 {
		if sub, ok := unitCommands[args[0]]; ok {
			return sub(ctx, e, args[1:])
		}
	}
	fs := cli.NewFlagSet(e.stdout, "searchlab sliding", "[flags] [file ...]", slidingDescription)
	var f slidingFlags
	f.register(fs, "")
	defAlgo, defHeuristic := defaultMethod()
	fs.StringVar(&f.algo, "algo", defAlgo, "`algorithm`: "+solve.AlgorithmNames())
	fs.StringVar(&f.heuristic, "heuristic", defHeuristic, "`heuristic` for the informed algorithms: "+solve.HeuristicNames(true)+" (pattern databases: with auto or idastar)")
	fs.Float64Var(&f.weight, "weight", 0, "`w` on the heuristic of wastar and anytime, f = g + w*h (0: the default, "+strconv.Itoa(sliding.DefaultWeight)+")")
	path := fs.Bool("path", false, "print the moves after the length")
	asJSON := fs.Bool("json", false, "print one JSON object per board")
	stats := fs.Bool("stats", false, "print search statistics to stderr")
	sh := cli.ShardFlag(fs)
	var lf longFlags
	lf.register(fs)
	files, err := cli.Parse(fs, args)
	if err != nil {
		return err
	}
	if err := f.check(); err != nil {
		return err
	}
	srcs, err := e.inputs(files)
	if err != nil {
		return err
	}
	defer input.Close(srcs)
	// Lengths alone of table-sized boards are one lookup each: no path to
	// walk (or verify), since none is printed.
	lengthOnly := f.method(sliding.Auto).Fastest() && f.algo == string(sliding.Auto) && !*path && !*asJSON && !*stats
	goal3, gerr := sliding.GoalFor(f.goal, 3, 3)
	if format, ferr := f.formatOf(srcs[0]); lengthOnly && ferr == nil && format == sliding.BOJ11112 && sh.Count <= 1 && len(srcs) == 1 && gerr == nil {
		// The judge's batch: answer it whole from the table, unless it is
		// malformed (then the parser below reads it again and names the
		// fault).
		solver := newSolver(e, solve.Options{})
		defer solver.Close()
		table := solver.Table(goal3)
		var dist []int8
		var derr error
		if err := srcs[0].View(func(data []byte) error {
			dist, derr = table.Distances(nil, data, sliding.BOJ11112)
			return nil
		}); err != nil {
			return err
		}
		if derr == nil {
			return sliding.WriteAnswers(e.stdout, sliding.BOJ11112, dist)
		}
	}
	cases, goals, err := f.readSources(srcs)
	if err != nil {
		return err
	}
	run, prog, err := lf.setup(e, &f, cases)
	if err != nil {
		return err
	}
	solver := newSolver(e, run)
	defer solver.Close()
	algo, _ := solve.ParseAlgorithm(f.algo) // checked by f.check
	bt := solve.Batch{Boards: make([]sliding.Board, len(cases)), Goals: goals, Lengths: lengthOnly, Skip: func(i int) bool { return !sh.Has(i) },
		Method: f.method(algo), Limits: search.Limits{MaxNodes: f.maxNodes}}
	for i, c := range cases {
		bt.Boards[i] = c.Board
	}
	if i, ue := bt.Unbounded(f.timeout > 0); ue != nil {
		return cli.Inputf("line %d: --algo %s cannot search a %dx%d board (%s states) in memory or time; use --algo auto, or bound it with --max-nodes or --timeout",
			cases[i].Line, algo, ue.W, ue.H, ue.States())
	}
	ctx, cancel := cli.WithTimeout(ctx, f.timeout)
	defer cancel()
	out := bufio.NewWriterSize(e.stdout, 64*1024)
	defer cli.Flush(out, &err)
	answers := answerWriter{out: out, format: sliding.Format(f.format), path: *path, asJSON: *asJSON}
	if detected, err := f.formatOf(srcs[0]); err == nil && (detected == sliding.BOJ11112 || detected == sliding.BOJ1525) {
		answers.judge = true
	}
	unproven, firstMethod := 0, "" // lengths not proven the fewest
	var bar *progress.Bar
	if e.stderrTerminal && !*stats && len(cases) > 1 {
		bar = progress.New(e.stderr, "sliding", int64(len(cases)))
		defer bar.Finish()
	}
	var tally solve.Tally // of the searches, for --stats
	start := time.Now()
	err = solver.SolveBatch(ctx, bt, func(i int, a solve.Answer) error {
		c := cases[i]
		if !a.Lookup && !a.Skipped {
			prog.Clear()
		}
		if a.Err != nil {
			return fmt.Errorf("board %d (line %d): %w", i+1, c.Line, explain(a.Err, algo))
		}
		if a.Skipped {
			bar.Add(1)
			return nil
		}
		if *stats { // never with Batch.Lengths, whose lookups have no search
			fmt.Fprintf(e.stderr, "board %d (line %d): %s\n", i+1, c.Line, a.Report())
			tally.Add(a)
		}
		mark := ""
		if a.Solvable && !a.Lookup {
			mark = a.Solution.Mark()
		}
		answers.write(c.Line, a.Len(), a.Solution, mark)
		if mark != "" {
			if unproven++; unproven == 1 {
				firstMethod = a.Solution.Method
			}
		}
		bar.Add(1)
		return nil
	})
	if err != nil {
		out.Flush()
		return err
	}
	if *stats && len(cases) > 1 {
		fmt.Fprintf(e.stderr, "all %d boards: %s\n", len(cases), tally.Solution(f.algo, time.Since(start)).Report())
	}
	if unproven > 0 && !*asJSON {
		// The line formats mark each such length; the Baekjoon formats,
		// read by judges as numbers, get the note here only.
		fmt.Fprintf(e.stderr, "searchlab: note: lengths not proven the fewest: %d of %d (method %s)\n", unproven, len(cases), firstMethod)
	}
	return nil
}

// check checks the flags on their own, before any input is read
// (solve.Request.Check), and names the flag of a fault.
func (f *slidingFlags) check() error {
	err := solve.Request{Format: f.format, Size: f.size, Goal: f.goal, Algo: f.algo, Heuristic: f.heuristic, Weight: f.weight,
		Partition: f.partition, MaxNodes: f.maxNodes, MaxDepth: f.maxDepth, Timeout: f.timeout}.Check()
	switch {
	case errors.Is(err, solve.ErrPDBAlgorithm):
		return cli.Inputf("--heuristic %s works with --algo auto or idastar, not %s", f.heuristic, f.algo)
	case errors.Is(err, solve.ErrNegative):
		return cli.Inputf("--max-nodes, --max-depth, --timeout and --weight must not be negative")
	case err != nil:
		return cli.Inputf("--%v", err) // a *solve.FieldError, named as the flag is
	}
	return nil
}

// read checks the flags and reads the boards in r, with the goal of each.
func (f *slidingFlags) read(r io.Reader) ([]sliding.Case, []sliding.Board, error) {
	return f.readSources([]*input.Source{input.New("", r)})
}

// method returns the flags' way of solving a board; auto is the library's
// choice of method, pattern databases included.
// defaultMethod returns the registry's default algorithm and heuristic
// names, which the flags show and the commands without those flags use.
func defaultMethod() (algo, heuristic string) {
	a, _ := solve.AlgorithmOf("")
	h, _ := solve.HeuristicOf("")
	return string(a.Name), h.Name
}

func (f *slidingFlags) method(algo sliding.Algorithm) solve.Method {
	return solve.Method{Algorithm: algo, Heuristic: f.heuristic, Weight: f.weight, Partition: f.partition, MaxDepth: f.maxDepth}
}

// explain adds advice to a limit error of a search by algo: --algo auto
// is suggested only to a search by another algorithm.
func explain(err error, algo sliding.Algorithm) error {
	auto := ""
	if algo != "" && algo != sliding.Auto {
		auto = ", or try --algo auto"
	}
	switch {
	case errors.Is(err, context.Canceled):
		return cli.Interrupted(err)
	case errors.Is(err, context.DeadlineExceeded):
		return fmt.Errorf("%w (the --timeout ran out; raise it%s)", err, auto)
	case errors.Is(err, search.ErrMemory):
		return fmt.Errorf("%w (the searches hold at most %d MB%s)", err, solve.MemoryBudget>>20, auto)
	case errors.Is(err, search.ErrLimit):
		return fmt.Errorf("%w (raise --max-nodes%s)", err, auto)
	case errors.Is(err, search.ErrNotFound):
		return fmt.Errorf("%w (raise --max-depth%s)", err, auto)
	}
	return err
}

// answerWriter writes the answer of each board: its length, -1 for a
// board that cannot reach the goal, in the answer format of format (see
// sliding.AppendMarked), with the moves if path and the mark of a length
// not proven the fewest; or with asJSON a JSON line.
type answerWriter struct {
	out          io.Writer
	format       sliding.Format
	path, asJSON bool
	judge        bool // the input is in a Baekjoon format: no marks on the lines
}

func (w answerWriter) write(line, length int, sol sliding.Solution, mark string) {
	if w.asJSON {
		json.NewEncoder(w.out).Encode(api.NewSlidingAnswer(line, length >= 0, sol))
		return
	}
	var moves []sliding.Move
	if w.path {
		moves = sol.Moves
	}
	if w.judge {
		mark = ""
	}
	w.out.Write(sliding.AppendMarked(nil, w.format, length, moves, mark))
}

// formatOf returns the format of src's boards: --format, or detected from
// the input when --format is not given.
func (f *slidingFlags) formatOf(src *input.Source) (sliding.Format, error) {
	format, err := sliding.FormatOf(f.format, src.Peek) // --format is checked before
	return format, src.InFile(cli.Input(err))
}

// readSources checks the flags and reads the boards of every source in
// order, with the goal of each. Line numbers are those of each board's
// own file; errors name the file.
func (f *slidingFlags) readSources(srcs []*input.Source) ([]sliding.Case, []sliding.Board, error) {
	if err := f.check(); err != nil {
		return nil, nil, err
	}
	w, h := 0, 0
	if f.size != "" {
		w, h, _ = sliding.ParseSize(f.size)
	}
	var cases []sliding.Case
	for _, src := range srcs {
		format, err := f.formatOf(src)
		if err != nil {
			return nil, nil, err
		}
		cs, err := sliding.ParseAll(src.Reader(), format, w, h)
		if err != nil {
			if errors.Is(err, sliding.ErrInvalid) {
				err = cli.Input(err)
			}
			return nil, nil, src.InFile(err)
		}
		cases = append(cases, cs...)
	}
	goals, err := sliding.Goals(cases, f.goal)
	var gs *sliding.GoalSizeError
	switch {
	case errors.As(err, &gs):
		return nil, nil, cli.Inputf("line %d: the board is %dx%d but --goal has %d tiles", gs.Line, gs.W, gs.H, gs.Tiles)
	case err != nil:
		return nil, nil, cli.Inputf("--goal: %v", err)
	}
	return cases, goals, nil
}

// longFlags are the flags of "searchlab sliding" for long pattern-database
// solves: threads, progress and a checkpoint to resume from.
type longFlags struct {
	threads    int
	checkpoint string
	every      time.Duration
	progress   time.Duration
	prune      int
	inMemory   bool
}

func (f *longFlags) register(fs *flag.FlagSet) {
	fs.IntVar(&f.threads, "threads", 0, "worker `threads` of a pattern-database search (0: every processor)")
	fs.StringVar(&f.checkpoint, "checkpoint", "", "keep the state of a pattern-database search in `file` and resume from it (one board); signed with a key of the user's: an answer that rests on one that does not verify is marked")
	fs.DurationVar(&f.every, "checkpoint-every", time.Minute, "time between checkpoints")
	fs.IntVar(&f.prune, "prune", 0, "prune redundant move sequences of up to `moves` in a pattern-database search, 2 to 40 (0: the library's choice for the board size, 2: only undoing the last move)")
	fs.BoolVar(&f.inMemory, "in-memory", false, "read the pattern databases into memory (on huge pages) instead of mapping their files: seconds more to start, faster long searches with large sets such as catalogue7")
	fs.DurationVar(&f.progress, "progress", 0, "report a pattern-database search's progress on stderr at this `interval`, such as 10s, one line each (default: on a terminal, one line redrawn every second)")
}

// setup checks the flags against the boards and returns the solver's
// options they set, and the progress printer (nil when there is none).
func (f *longFlags) setup(e *env, sf *slidingFlags, cases []sliding.Case) (o solve.Options, _ *progress.Lines, _ error) {
	if f.threads < 0 {
		return o, nil, cli.Inputf("--threads must not be negative")
	}
	if f.every <= 0 {
		return o, nil, cli.Inputf("--checkpoint-every must be positive")
	}
	if f.checkpoint != "" {
		if len(cases) != 1 {
			return o, nil, cli.Inputf("--checkpoint keeps the search of one board; the input has %d", len(cases))
		}
		b := cases[0].Board
		err := solve.Checkpointable(solve.Method{Algorithm: sliding.Algorithm(sf.algo), Heuristic: sf.heuristic}, b.W, b.H)
		if errors.Is(err, solve.ErrNoCheckpoint) {
			return o, nil, cli.Inputf("--checkpoint works with the pattern-database search (--algo auto, or --algo idastar --heuristic pdb)")
		}
		if err != nil {
			return o, nil, cli.Inputf("--checkpoint: %v", err)
		}
		if err := writableDir(filepath.Dir(f.checkpoint)); err != nil {
			return o, nil, cli.Inputf("--checkpoint %s: %v", f.checkpoint, err)
		}
	}
	if f.prune != 0 && (f.prune < 2 || f.prune > 40) {
		return o, nil, cli.Inputf("--prune must be 0 (the default) or from 2 to 40 moves")
	}
	o = solve.Options{PruneLength: f.prune, InMemory: f.inMemory,
		Run: solve.RunOptions{Threads: f.threads, Checkpoint: f.checkpoint, CheckpointEvery: f.every}}
	if f.progress < 0 {
		return o, nil, cli.Inputf("--progress must not be negative")
	}
	if f.progress == 0 && (!e.stderrTerminal || len(cases) != 1) {
		return o, nil, nil
	}
	lines := progress.NewLines(e.stderr, e.stderrTerminal && f.progress == 0)
	o.Run.Progress = func(p solve.Progress) { lines.Report(p.String()) }
	o.Run.Iteration = func(r solve.IterationReport) { lines.Done(r.String()) }
	o.Run.ProgressEvery = time.Second
	if f.progress > 0 {
		o.Run.ProgressEvery = f.progress
	}
	return o, lines, nil
}

// writableDir returns nil when a file can be made in dir, as a checkpoint
// is (written beside itself and renamed): checked before a search that may
// run for hours, not after it.
func writableDir(dir string) error {
	probe, err := os.CreateTemp(dir, ".searchlab-probe-*")
	if err != nil {
		var pe *fs.PathError
		if errors.As(err, &pe) {
			err = pe.Err
		}
		return fmt.Errorf("cannot write in directory %s: %v", dir, err)
	}
	probe.Close()
	return os.Remove(probe.Name())
}
