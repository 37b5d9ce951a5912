package main

import (
	"errors"
	"flag"
	"fmt"
	"strings"
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
	p := progressPrinter{progress.NewLines(e.stderr, e.stderrTerminal && f.progress == 0)}
	o.Run.Progress = p.progress
	o.Run.Iteration = p.iteration
	o.Run.ProgressEvery = time.Second
	if f.progress > 0 {
		o.Run.ProgressEvery = f.progress
	}
	return o, p.Lines, nil
}

// progressPrinter writes a pattern-database search's reports, a line each
// (progress.Lines), and a line for each finished iteration.
type progressPrinter struct{ *progress.Lines }

func (p progressPrinter) progress(pr pdb.Progress) {
	line := fmt.Sprintf("bound %d | %s expanded, %s this iteration | %s/s | iteration %v, all %v | %d subtrees done",
		pr.Bound, progress.Count(float64(pr.Expanded)), progress.Count(float64(pr.IterationExpanded)), progress.Count(pr.Rate),
		pr.IterationTime.Round(time.Second), pr.Elapsed.Round(time.Second), pr.Subtrees)
	if !pr.Saved.IsZero() {
		line += fmt.Sprintf(" | saved %v ago", time.Since(pr.Saved).Round(time.Second))
	}
	p.Report(line)
}

func (p progressPrinter) iteration(r pdb.IterationReport) {
	busy := make([]string, len(r.Workers))
	for i, w := range r.Workers {
		busy[i] = w.Busy.Round(time.Millisecond).String()
	}
	resumed := ""
	if r.Resumed {
		resumed = " (resumed)"
	}
	p.Done(fmt.Sprintf("bound %d done%s: %d expanded, %d subtrees, %v; workers busy %s",
		r.Bound, resumed, r.Expanded, r.Subtrees, r.Elapsed.Round(time.Millisecond), strings.Join(busy, " ")))
}
