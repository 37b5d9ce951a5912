package main

import (
	"flag"
	"fmt"
	"io"
	"strings"
	"sync"
	"time"

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
func (f *longFlags) setup(e *env, sf *slidingFlags, cases []sliding.Case) (o solve.Options, _ *progressPrinter, _ error) {
	if f.threads < 0 {
		return o, nil, badInputf("--threads must not be negative")
	}
	if f.every <= 0 {
		return o, nil, badInputf("--checkpoint-every must be positive")
	}
	if f.checkpoint != "" {
		if len(cases) != 1 {
			return o, nil, badInputf("--checkpoint keeps the search of one board; the input has %d", len(cases))
		}
		b := cases[0].Board
		if sf.algo != "auto" && sf.algo != "idastar" || sf.algo == "idastar" && sf.heuristic != "pdb" {
			return o, nil, badInputf("--checkpoint works with the pattern-database search (--algo auto, or --algo idastar --heuristic pdb)")
		}
		if sliding.TableSize(b.W, b.H) {
			return o, nil, badInputf("--checkpoint: a %dx%d board is answered from a table at once; nothing to resume", b.W, b.H)
		}
		if _, ok := pdb.DefaultPartition(b.W, b.H); !ok {
			return o, nil, badInputf("--checkpoint: no pattern databases for a %dx%d board (at most 32 cells)", b.W, b.H)
		}
	}
	if f.prune != 0 && (f.prune < 2 || f.prune > 40) {
		return o, nil, badInputf("--prune must be 0 (the default) or from 2 to 40 moves")
	}
	o = solve.Options{PruneLength: f.prune, InMemory: f.inMemory,
		Run: pdb.RunOptions{Threads: f.threads, Checkpoint: f.checkpoint, CheckpointEvery: f.every}}
	if f.progress < 0 {
		return o, nil, badInputf("--progress must not be negative")
	}
	if f.progress == 0 && (!e.stderrTerminal || len(cases) != 1) {
		return o, nil, nil
	}
	p := &progressPrinter{w: e.stderr, terminal: e.stderrTerminal && f.progress == 0}
	o.Run.Progress = p.progress
	o.Run.Iteration = p.iteration
	o.Run.ProgressEvery = time.Second
	if f.progress > 0 {
		o.Run.ProgressEvery = f.progress
	}
	return o, p, nil
}

// progressPrinter writes a solve's progress on stderr: on a terminal one
// line redrawn in place, otherwise a line every report; and a line for
// each finished iteration.
type progressPrinter struct {
	mu       sync.Mutex
	w        io.Writer
	terminal bool
	drawn    bool // a line is drawn in place and not yet ended
	shown    bool // a report was written: iterations get a line from then on
}

func (p *progressPrinter) progress(pr pdb.Progress) {
	if p == nil {
		return
	}
	line := fmt.Sprintf("bound %d | %s expanded, %s this iteration | %s/s | iteration %v, all %v | %d subtrees done",
		pr.Bound, count(float64(pr.Expanded)), count(float64(pr.IterationExpanded)), count(pr.Rate),
		pr.IterationTime.Round(time.Second), pr.Elapsed.Round(time.Second), pr.Subtrees)
	if !pr.Saved.IsZero() {
		line += fmt.Sprintf(" | saved %v ago", time.Since(pr.Saved).Round(time.Second))
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.shown = true
	if p.terminal {
		fmt.Fprintf(p.w, "\r%s\x1b[K", line)
		p.drawn = true
		return
	}
	fmt.Fprintln(p.w, line)
}

func (p *progressPrinter) iteration(r pdb.IterationReport) {
	if p == nil {
		return
	}
	busy := make([]string, len(r.Workers))
	for i, w := range r.Workers {
		busy[i] = w.Busy.Round(time.Millisecond).String()
	}
	resumed := ""
	if r.Resumed {
		resumed = " (resumed)"
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if !p.shown {
		return // a quick solve: no lines
	}
	p.clearLocked()
	fmt.Fprintf(p.w, "bound %d done%s: %d expanded, %d subtrees, %v; workers busy %s\n",
		r.Bound, resumed, r.Expanded, r.Subtrees, r.Elapsed.Round(time.Millisecond), strings.Join(busy, " "))
}

// clear removes a line drawn in place.
func (p *progressPrinter) clear() {
	if p == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.clearLocked()
}

func (p *progressPrinter) clearLocked() {
	if p.drawn {
		fmt.Fprint(p.w, "\r\x1b[K")
		p.drawn = false
	}
}

// count writes a number of nodes shortly: 950, 12.3k, 4.56M, 7.89G.
func count(x float64) string {
	switch {
	case x >= 1e12:
		return fmt.Sprintf("%.2fT", x/1e12)
	case x >= 1e9:
		return fmt.Sprintf("%.2fG", x/1e9)
	case x >= 1e6:
		return fmt.Sprintf("%.2fM", x/1e6)
	case x >= 1e3:
		return fmt.Sprintf("%.1fk", x/1e3)
	}
	return fmt.Sprintf("%.0f", x)
}
