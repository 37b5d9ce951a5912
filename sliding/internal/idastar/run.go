package idastar

import (
	"errors"
	"fmt"
	"math"
	"runtime"
	"sort"
	"sync"
	"time"

	"github.com/searchlab/searchlab/search"
	"github.com/searchlab/searchlab/sliding"
)

// RunOptions adjust one solve (see Engine.Long): the threads it uses, a
// checkpoint file that it keeps and resumes from, and reports on its
// progress. The zero value is what Engine.Solve does alone: every processor, no
// checkpoint, no reports.
type RunOptions struct {
	// Threads is the number of workers; 0 means runtime.GOMAXPROCS(0).
	Threads int
	// Checkpoint, if not "", is a file that holds the state of the search:
	// the iteration's bound, which of its subtrees are finished and the
	// node counts so far. Long resumes from it when it exists (it must
	// be for the same board, goal and databases, or Long fails with an
	// error matching ErrCheckpoint), rewrites it every CheckpointEvery and
	// when it stops, and records the solution in it when it finishes, so
	// that a solve stopped by Ctrl-C, a crash or a reboot goes on where it
	// was and a finished one answers at once.
	Checkpoint string
	// CheckpointEvery is the time between checkpoints; 0 means a minute.
	CheckpointEvery time.Duration
	// Progress, if not nil, is called every ProgressEvery (0: a second)
	// from a goroutine of its own while the search runs.
	Progress func(Progress)
	// ProgressEvery is the time between Progress calls.
	ProgressEvery time.Duration
	// Iteration, if not nil, is called at the end of each IDA* iteration,
	// from the goroutine that called Long.
	Iteration func(IterationReport)
}

// Progress is a snapshot of a running solve.
type Progress struct {
	Bound      int   // the iteration's bound on the moves of a solution
	Iterations int   // iterations started, this one included (and those of earlier runs)
	Expanded   int64 // nodes expanded in all iterations so far, about (counted in batches)
	// IterationExpanded is the part of Expanded in this iteration.
	IterationExpanded int64
	// Rate is nodes a second in this run since the last report (the
	// workers' nodes, each one walking the top of the tree too).
	Rate float64
	// IterationTime is the wall time spent in this iteration, earlier runs
	// included; Elapsed the wall time of the whole solve.
	IterationTime, Elapsed time.Duration
	// Subtrees is the number of subtrees of this iteration finished (see
	// IterationReport).
	Subtrees int64
	// Resumed reports that this run started from a checkpoint.
	Resumed bool
	// Saved is when the checkpoint was last written; zero if never.
	Saved time.Time
}

// IterationReport describes one finished IDA* iteration.
type IterationReport struct {
	Bound int
	// Expanded and Generated count the iteration's nodes, those of its
	// subtrees finished before a resume included.
	Expanded, Generated int64
	// Elapsed is the iteration's wall time in this run.
	Elapsed time.Duration
	// Subtrees is the number of subtrees at the split depth, the units of
	// work that the workers take in turn, searched in this iteration.
	Subtrees int64
	// Workers describes each worker's share of the iteration in this run.
	Workers []WorkerReport
	// Resumed reports an iteration that an earlier run had begun.
	Resumed bool
}

// WorkerReport is one worker's share of an iteration.
type WorkerReport struct {
	Subtrees int64         // subtrees it searched
	Expanded int64         // nodes it expanded in them (worker 0 also counts the tree above them)
	Busy     time.Duration // time from the iteration's start to its last subtree's end
}

// ErrCheckpoint reports a checkpoint file that cannot be used: damaged, of
// another version, or made for another board, goal or set of databases.
var ErrCheckpoint = errors.New("pdb: unusable checkpoint")

// Long solves a board with the options of opt: the number of threads, a
// checkpoint file to keep and resume from, and progress reports. solve
// solves the board of id (by Engine.Solve with the run it is given, as
// its rs). A solve resumed from a checkpoint skips the iterations and
// subtrees that were finished, finds the same optimal solution, and
// reports in its Stats the nodes and wall time of all its runs; a
// finished one answers from the checkpoint at once.
//
// When solve returns an error (its context ended, or its node cap was
// reached), the checkpoint is written before Long returns, and the error
// says so.
func (e *Engine) Long(opt RunOptions, id Identity, solve func(rs *Run) (sliding.Solution, error)) (sliding.Solution, error) {
	rs := &Run{opt: opt, split: splitDepth(e.n), doneNext: math.MaxInt, skipNext: math.MaxInt}
	var ck *checkpoint
	if opt.Checkpoint != "" {
		key, err := checkpointKey()
		if err != nil {
			return sliding.Solution{}, err
		}
		ck = newCheckpoint(id, e.pruneLen, rs.split)
		ck.key, ck.trusted = key, true
		old, err := readCheckpoint(opt.Checkpoint, key)
		switch {
		case errors.Is(err, errNoCheckpoint):
		case err != nil:
			return sliding.Solution{}, err
		default:
			if err := old.matches(ck, opt.Checkpoint); err != nil {
				return sliding.Solution{}, err
			}
			if err := old.plausible(id, opt.Checkpoint); err != nil {
				return sliding.Solution{}, err
			}
			if old.Solved {
				return old.solution(id)
			}
			rs.resume(old)
		}
	}
	stopReports := rs.startReports(ck)
	sol, err := solve(rs)
	stopReports()
	if ck == nil {
		return sol, err
	}
	if err == nil && rs.unverified {
		unproven(&sol, id.Lower)
	}
	if err == nil {
		ck.Solved = true
		ck.trusted = !rs.unverified
		ck.Moves = sliding.MovesString(sol.Moves)
		ck.Iterations = sol.Stats.Iterations
		ck.Expanded, ck.Generated = sol.Stats.Expanded, sol.Stats.Generated
		ck.ElapsedNs = int64(sol.Stats.Elapsed)
		ck.Bound = len(sol.Moves)
		ck.IterationNs, ck.Done, ck.DoneExpanded, ck.DoneGenerated, ck.DoneNext = 0, nil, 0, 0, 0
		if werr := ck.write(opt.Checkpoint); werr != nil {
			return sol, fmt.Errorf("pdb: solved, but writing checkpoint %s failed: %w", opt.Checkpoint, werr)
		}
		return sol, nil
	}
	rs.fill(ck)
	if werr := ck.write(opt.Checkpoint); werr != nil {
		return sol, fmt.Errorf("%w (and writing checkpoint %s failed: %v)", err, opt.Checkpoint, werr)
	}
	return sol, fmt.Errorf("%w; progress saved in %s (bound %d, %d of its subtrees finished): solve again with the same checkpoint file to resume",
		err, opt.Checkpoint, ck.Bound, spans(ck.Done).count())
}

// spans is a sorted list of disjoint, non-adjacent half-open ranges [lo,
// hi) of subtree numbers: a set of subtrees. Subtrees are handed out in order and finish roughly in order,
// so the set of finished ones is a few spans.
type spans [][2]int64

// find returns the end of the span holding t, if one does.
func (s spans) find(t int64) (int64, bool) {
	i := sort.Search(len(s), func(i int) bool { return s[i][1] > t })
	if i < len(s) && s[i][0] <= t {
		return s[i][1], true
	}
	return 0, false
}

// add puts t in the set.
func (s *spans) add(t int64) {
	a := *s
	i := sort.Search(len(a), func(i int) bool { return a[i][1] >= t })
	switch {
	case i < len(a) && a[i][0] <= t && t < a[i][1]:
		return
	case i < len(a) && a[i][1] == t:
		a[i][1] = t + 1
		if i+1 < len(a) && a[i+1][0] == t+1 {
			a[i][1] = a[i+1][1]
			a = append(a[:i+1], a[i+2:]...)
		}
	case i < len(a) && a[i][0] == t+1:
		a[i][0] = t
	default:
		a = append(a, [2]int64{})
		copy(a[i+1:], a[i:])
		a[i] = [2]int64{t, t + 1}
	}
	*s = a
}

// count returns the number of subtrees in the set.
func (s spans) count() int64 {
	var n int64
	for _, r := range s {
		n += r[1] - r[0]
	}
	return n
}

// valid reports whether s is sorted, disjoint and non-adjacent.
func (s spans) valid() bool {
	for i, r := range s {
		if r[0] < 0 || r[1] <= r[0] || i > 0 && r[0] <= s[i-1][1] {
			return false
		}
	}
	return true
}

// Run is the state of one solve across its iterations: what a
// checkpoint records, the subtrees handed out, and the reports.
type Run struct {
	opt   RunOptions
	split int

	mu      sync.Mutex
	resumed bool // this run started from a checkpoint
	// unverified reports that the iterations below the bound, or the
	// subtrees of this iteration taken as finished, are claims of a
	// checkpoint whose signature did not verify. A whole iteration
	// searched by this run proves them and clears it.
	unverified bool
	// iterResumed reports that the current iteration was begun by an
	// earlier run.
	iterResumed bool
	bound       int          // the current iteration's bound; 0 before the first
	base        search.Stats // finished iterations: Expanded, Generated, Iterations
	before      time.Duration
	iterPrev    time.Duration // of the current iteration, in earlier runs
	skip        spans         // subtrees finished by earlier runs (their iteration only)
	skipExp     int64
	skipGen     int64
	skipNext    int
	done        spans // subtrees finished in this iteration, skip included
	doneExp     int64
	doneGen     int64
	doneNext    int // least f above the bound in finished subtrees
	nextFree    int64
	sh          *shared
	runStart    time.Time
	iterAt      time.Time
	saved       time.Time
}

// resume sets rs to continue from checkpoint c.
func (rs *Run) resume(c *checkpoint) {
	rs.resumed, rs.iterResumed = true, true
	rs.unverified = !c.trusted && (c.Bound != 0 || c.Iterations != 0 || len(c.Done) != 0)
	rs.split = c.Split
	rs.bound = c.Bound
	rs.base = search.Stats{Expanded: c.Expanded, Generated: c.Generated, Iterations: c.Iterations}
	rs.before = time.Duration(c.ElapsedNs)
	rs.iterPrev = time.Duration(c.IterationNs)
	rs.skip = append(spans(nil), c.Done...)
	rs.done = append(spans(nil), c.Done...)
	rs.skipExp, rs.skipGen, rs.skipNext = c.DoneExpanded, c.DoneGenerated, math.MaxInt
	if c.DoneNext > 0 {
		rs.skipNext = c.DoneNext
	}
	rs.doneExp, rs.doneGen, rs.doneNext = rs.skipExp, rs.skipGen, rs.skipNext
}

// threads returns the number of workers.
func (rs *Run) threads() int {
	if rs.opt.Threads > 0 {
		return rs.opt.Threads
	}
	return runtime.GOMAXPROCS(0)
}

// startIteration begins the iteration of sh (whose bound is rs.bound).
func (rs *Run) startIteration(sh *shared) {
	rs.mu.Lock()
	defer rs.mu.Unlock()
	rs.sh = sh
	rs.nextFree = 0
	rs.iterAt = time.Now()
}

// endIteration returns the totals of the iteration that the workers
// finished, given their counts and least f above the bound: the subtrees
// finished before a resume are added once. seen is the number of subtrees
// the iteration has (-1 when unknown): a checkpoint that said subtrees past
// them were finished was not made by this search, and its iteration cannot
// be trusted.
func (rs *Run) endIteration(exp, gen int64, next int, seen int64) (int64, int64, int, error) {
	rs.mu.Lock()
	defer rs.mu.Unlock()
	if n := len(rs.skip); n > 0 && seen >= 0 && rs.skip[n-1][1] > seen {
		return 0, 0, 0, fmt.Errorf("%w: %s says subtrees up to %d of the iteration with bound %d are finished, but it has %d; delete it to start the solve afresh",
			ErrCheckpoint, rs.opt.Checkpoint, rs.skip[n-1][1], rs.bound, seen)
	}
	return exp + rs.skipExp, gen + rs.skipGen, min(next, rs.skipNext), nil
}

// advance moves to the next iteration with the given bound after one of
// exp and gen nodes.
func (rs *Run) advance(bound int, exp, gen int64) {
	rs.mu.Lock()
	defer rs.mu.Unlock()
	rs.base.Expanded += exp
	rs.base.Generated += gen
	rs.base.Iterations++
	rs.bound = bound
	if len(rs.skip) == 0 {
		// This run searched the whole iteration: no solution is shorter than bound.
		rs.unverified = false
	}
	rs.skip, rs.done = nil, nil
	rs.skipExp, rs.skipGen, rs.skipNext = 0, 0, math.MaxInt
	rs.doneExp, rs.doneGen, rs.doneNext = 0, 0, math.MaxInt
	rs.iterPrev = 0
	rs.iterResumed = false
}

// take returns the next subtree to search, passing over those finished
// before; rs.mu must be held.
func (rs *Run) take() int64 {
	t := rs.nextFree
	for {
		hi, ok := rs.skip.find(t)
		if !ok {
			break
		}
		t = hi
	}
	rs.nextFree = t + 1
	return t
}

// first returns a worker's first subtree of the iteration.
func (rs *Run) first() int64 {
	rs.mu.Lock()
	defer rs.mu.Unlock()
	return rs.take()
}

// finish records subtree t as searched to the end, with its nodes and the
// least f above the bound met in it, and returns the next subtree.
func (rs *Run) finish(t, exp, gen int64, next int) int64 {
	rs.mu.Lock()
	defer rs.mu.Unlock()
	rs.done.add(t)
	rs.doneExp += exp
	rs.doneGen += gen
	rs.doneNext = min(rs.doneNext, next)
	return rs.take()
}

// fill copies the state of the search into c.
func (rs *Run) fill(c *checkpoint) {
	rs.mu.Lock()
	defer rs.mu.Unlock()
	now := time.Now()
	c.trusted = !rs.unverified
	c.Bound = rs.bound
	c.Iterations = rs.base.Iterations
	c.Expanded, c.Generated = rs.base.Expanded, rs.base.Generated
	c.ElapsedNs = int64(rs.before + now.Sub(rs.runStart))
	c.IterationNs = int64(rs.iterPrev)
	if rs.sh != nil {
		c.IterationNs += int64(now.Sub(rs.iterAt))
	}
	c.Done = append([][2]int64(nil), rs.done...)
	c.DoneExpanded, c.DoneGenerated = rs.doneExp, rs.doneGen
	c.DoneNext = 0
	if rs.doneNext != math.MaxInt {
		c.DoneNext = rs.doneNext
	}
}

// progress returns a snapshot of the search; last is the previous one, for
// the rate.
func (rs *Run) progress(last Progress, lastAt time.Time) Progress {
	rs.mu.Lock()
	defer rs.mu.Unlock()
	now := time.Now()
	p := Progress{Bound: rs.bound, Iterations: rs.base.Iterations + 1, Resumed: rs.resumed, Saved: rs.saved,
		Elapsed: rs.before + now.Sub(rs.runStart), Subtrees: rs.done.count()}
	var run int64
	if rs.sh != nil {
		run = rs.sh.total.Load()
		p.IterationTime = rs.iterPrev + now.Sub(rs.iterAt)
	}
	p.IterationExpanded = rs.skipExp + run
	p.Expanded = rs.base.Expanded + p.IterationExpanded
	if !lastAt.IsZero() && now.After(lastAt) && last.Iterations == p.Iterations {
		p.Rate = float64(p.IterationExpanded-last.IterationExpanded) / now.Sub(lastAt).Seconds()
	} else if p.IterationTime > 0 && rs.sh != nil {
		p.Rate = float64(run) / now.Sub(rs.iterAt).Seconds()
	}
	return p
}

// startReports starts the goroutine that calls opt.Progress and writes the
// checkpoint c (if not nil) periodically, and returns a function that
// stops it and waits for it.
func (rs *Run) startReports(c *checkpoint) (stop func()) {
	rs.runStart = time.Now()
	if rs.opt.Progress == nil && c == nil {
		return func() {}
	}
	every := rs.opt.ProgressEvery
	if every <= 0 {
		every = time.Second
	}
	ckEvery := rs.opt.CheckpointEvery
	if ckEvery <= 0 {
		ckEvery = time.Minute
	}
	quit := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		var pt, ct <-chan time.Time
		if rs.opt.Progress != nil {
			t := time.NewTicker(every)
			defer t.Stop()
			pt = t.C
		}
		if c != nil {
			t := time.NewTicker(ckEvery)
			defer t.Stop()
			ct = t.C
		}
		var last Progress
		var lastAt time.Time
		for {
			select {
			case <-quit:
				return
			case <-pt:
				p := rs.progress(last, lastAt)
				last, lastAt = p, time.Now()
				rs.opt.Progress(p)
			case <-ct:
				rs.fill(c)
				if err := c.write(rs.opt.Checkpoint); err == nil {
					rs.mu.Lock()
					rs.saved = time.Now()
					rs.mu.Unlock()
				}
			}
		}
	}()
	return func() {
		close(quit)
		wg.Wait()
	}
}
