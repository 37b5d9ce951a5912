package main

import (
	"errors"
	"flag"
	"time"

	"github.com/searchlab/searchlab/internal/cli"
	"github.com/searchlab/searchlab/internal/progress"
	"github.com/searchlab/searchlab/sliding"
	"github.com/searchlab/searchlab/sliding/pdb"
	"github.com/searchlab/searchlab/sliding/solve"
)

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
	fs.StringVar(&f.checkpoint, "checkpoint", "", "keep the state of a pattern-database search in `file` and resume from it (one board)")
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
	}
	if f.prune != 0 && (f.prune < 2 || f.prune > 40) {
		return o, nil, cli.Inputf("--prune must be 0 (the default) or from 2 to 40 moves")
	}
	o = solve.Options{PruneLength: f.prune, InMemory: f.inMemory,
		Run: pdb.RunOptions{Threads: f.threads, Checkpoint: f.checkpoint, CheckpointEvery: f.every}}
	if f.progress < 0 {
		return o, nil, cli.Inputf("--progress must not be negative")
	}
	if f.progress == 0 && (!e.stderrTerminal || len(cases) != 1) {
		return o, nil, nil
	}
	lines := progress.NewLines(e.stderr, e.stderrTerminal && f.progress == 0)
	o.Run.Progress = func(p pdb.Progress) { lines.Report(p.String()) }
	o.Run.Iteration = func(r pdb.IterationReport) { lines.Done(r.String()) }
	o.Run.ProgressEvery = time.Second
	if f.progress > 0 {
		o.Run.ProgressEvery = f.progress
	}
	return o, lines, nil
}
