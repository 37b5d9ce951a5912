package sudoku

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"strconv"
	"time"

	"github.com/searchlab/searchlab/internal/shard"
	"github.com/searchlab/searchlab/internal/syntaxerr"
)

// MaxJobs caps Batch.Jobs: each job holds runs of puzzles in flight, and
// more jobs than this gain nothing on any machine.
const MaxJobs = 1024

// Batch solves a bulk input of puzzles on one or many goroutines and
// writes one text for each answer, in input order. The zero Batch reads
// the line format on the calling goroutine and writes nothing.
type Batch struct {
	// Format is the input's format.
	Format Format
	// Options are the options of each search.
	Options Options
	// Jobs is the number of puzzles solved at once, from 1 to MaxJobs;
	// 0 is 1.
	Jobs int
	// Shard and Shards select the puzzles to solve, as in LineOptions.
	Shard, Shards int
	// Timed asks for each answer's Elapsed and for the slowest puzzle in
	// BatchStats. An untimed Batch of the line format on one job takes
	// the fastest path, Solver.SolveLines.
	Timed bool
	// Append appends the text of one answer to dst and returns it, or
	// returns an error that stops the run (the texts before the answer
	// are written, nothing after it). It is called for every answer, Err
	// set or not, in input order on one job and concurrently on many.
	// The answer and its solution's cells are not to be kept.
	// AnswerText.Append writes the usual texts.
	Append func(dst []byte, a *Answer) ([]byte, error)
	// Progress, when not nil, is called from time to time with the
	// number of input bytes consumed, and once at the end of a run that
	// succeeds.
	Progress func(bytesRead int64)
}

// Answer is what Batch.Run reports for one puzzle.
type Answer struct {
	// Index is the puzzle's place among the input's puzzles, from 0.
	Index int
	// Seq is the answer's place among the answers of the run, from 0.
	Seq int
	// Line is the line number of the puzzle's first line, from 1.
	Line int
	// Result and Err are what Solver.Solve returns for the puzzle.
	Result Result
	Err    error
	// Elapsed is the time the puzzle took, when Batch.Timed.
	Elapsed time.Duration
}

// BatchStats sums up a run of Batch.Run.
type BatchStats struct {
	// Puzzles is the number of puzzles solved.
	Puzzles int
	// Jobs is the number of puzzles solved at once.
	Jobs int
	// Elapsed is the run's wall time.
	Elapsed time.Duration
	// Slowest and SlowestLine are the longest time one puzzle took and
	// the line of that puzzle, when Batch.Timed.
	Slowest     time.Duration
	SlowestLine int
}

// Run reads puzzles in b.Format from r, solves those of b's shard and
// writes b.Append's text for each to w in input order. The first error
// stops it: an error from b.Append, returned as it is; a puzzle whose
// search failed (Answer.Err), as a *PuzzleError; a puzzle that does not
// parse, or a read error, as the Scanner words it (wrapping ErrInvalid
// for bad input); w's error; or ctx's. The texts of the answers before the
// error are written, nothing after it.
func (b *Batch) Run(ctx context.Context, r io.Reader, w io.Writer) (BatchStats, error) {
	start := time.Now()
	jobs := max(b.Jobs, 1)
	var st BatchStats
	var err error
	switch {
	case jobs == 1 && b.Format == FormatLine && !b.Timed:
		st, err = b.runLines(ctx, r, w)
	case jobs == 1:
		st, err = b.runSerial(ctx, r, w)
	default:
		st, err = b.runParallel(ctx, r, w, jobs)
	}
	st.Elapsed, st.Jobs = time.Since(start), jobs
	return st, err
}

// PuzzleError is the error that stops Batch.Run at a puzzle whose search
// failed: the puzzle's line, the guesses the search made, and its error
// (a *ConflictError, ErrLimit at the guess cap, or the context's error).
type PuzzleError struct {
	Line    int
	Guesses int64
	Err     error
}

// Error returns "sudoku: line N: " and the search's error.
func (e *PuzzleError) Error() string { return syntaxerr.Message("sudoku", e.Line, e.Err.Error()) }

// Unwrap returns the search's error.
func (e *PuzzleError) Unwrap() error { return e.Err }

// puzzleErr returns the error that stops a run at a, nil if a has none.
func (a *Answer) puzzleErr() error {
	if a.Err == nil {
		return nil
	}
	return &PuzzleError{Line: a.Line, Guesses: a.Result.Guesses, Err: a.Err}
}

// String writes st as one line: the puzzles, the time, the rate, the jobs
// and the 9x9 core (CoreName), and the slowest puzzle's line and time
// when st has one, such as "sudoku: 95 puzzles in 12ms (7917 puzzles/s,
// 2 jobs, core vector-avx2); slowest: line 12 (1.234ms)".
func (st BatchStats) String() string {
	rate := 0.0
	if st.Elapsed > 0 {
		rate = float64(st.Puzzles) / st.Elapsed.Seconds()
	}
	s := fmt.Sprintf("sudoku: %d puzzles in %v (%.0f puzzles/s, %d jobs, core %s)", st.Puzzles, st.Elapsed.Round(time.Millisecond), rate, st.Jobs, CoreName())
	if st.Puzzles > 0 {
		s += fmt.Sprintf("; slowest: line %d (%v)", st.SlowestLine, st.Slowest.Round(time.Microsecond))
	}
	return s
}

// AnswerText writes the answers of a Batch as text, one after another:
// each puzzle's solution in Format, or "no solution", with a blank line
// between the grids of a format other than FormatLine; with Count, the
// number of solutions (up to Options.Limit) alone on a line.
type AnswerText struct {
	Format Format
	Count  bool
	// Continued reports that the answers follow grids written before (of
	// an earlier input): a blank line comes before the first grid too.
	Continued bool
}

// Append appends a's text to dst: it is a Batch.Append. An answer with an
// Err gets no text, and Batch.Run stops with its PuzzleError.
func (t AnswerText) Append(dst []byte, a *Answer) ([]byte, error) {
	switch {
	case a.Err != nil:
		return dst, nil
	case t.Count:
		return append(strconv.AppendInt(dst, int64(a.Result.Count), 10), '\n'), nil
	case t.Format != FormatLine && (t.Continued || a.Seq > 0):
		dst = append(dst, '\n') // a blank line between grids
	}
	if a.Result.Count == 0 {
		return append(dst, "no solution\n"...), nil
	}
	return AppendFormat(dst, t.Format, a.Result.Solution), nil
}

// runSize is the number of puzzles read, solved and written together.
func (b *Batch) runSize() int {
	if b.Format != FormatLine {
		return 4
	}
	return 64
}

// batchRun is a run of consecutive puzzles handled by one worker.
type batchRun struct {
	seq     int // of the run's first answer
	recs    []Record
	index   []int // of each record in the input
	readErr error // a read error after these records
	bytes   int64 // input bytes consumed up to the end of this run
	done    chan struct{}

	// Filled in by the worker.
	out         []byte
	err         error
	solved      int
	slowest     time.Duration
	slowestLine int
}

// read fills run with up to n puzzles of sh from sc; next is the index
// of the next puzzle in the input.
func (run *batchRun) read(sc *Scanner, sh shard.Shard, n int, next *int) {
	for len(run.recs) < n && sc.Scan() {
		if sh.Has(*next) {
			run.recs = append(run.recs, sc.Record())
			run.index = append(run.index, *next)
		}
		*next++
	}
}

// solve parses the puzzles of run into g and solves them with sv,
// appending their texts to run.out. It stops at the first error and
// records it.
func (b *Batch) solve(ctx context.Context, sv *Solver, g *Grid, run *batchRun) {
	var a Answer
	for k, rec := range run.recs {
		if err := ParseInto(g, b.Format, rec); err != nil {
			run.err = err
			return
		}
		var t0 time.Time
		if b.Timed {
			t0 = time.Now()
		}
		a.Result, a.Err = sv.Solve(ctx, *g, b.Options)
		a.Index, a.Seq, a.Line = run.index[k], run.seq+k, rec.Line
		if b.Timed {
			a.Elapsed = time.Since(t0)
			if a.Err == nil && a.Elapsed > run.slowest {
				run.slowest, run.slowestLine = a.Elapsed, rec.Line
			}
		}
		if b.Append != nil {
			out, err := b.Append(run.out, &a)
			run.out = out
			if err != nil {
				run.err = err
				return
			}
		}
		if a.Err != nil {
			run.err = a.puzzleErr()
			return
		}
		run.solved++
	}
}

// runSerial is Run for one job: it reads, solves and writes run after
// run on the calling goroutine and buffers its output.
func (b *Batch) runSerial(ctx context.Context, r io.Reader, w io.Writer) (st BatchStats, err error) {
	bw := bufio.NewWriterSize(w, 64<<10)
	defer func() {
		if ferr := bw.Flush(); err == nil {
			err = ferr
		}
	}()
	sc := NewScanner(r, b.Format)
	sh := shard.Shard{Index: b.Shard, Count: b.Shards}
	size := b.runSize()
	run := &batchRun{}
	var sv Solver
	var g Grid
	next := 0
	for {
		run.recs, run.index, run.out, run.solved = run.recs[:0], run.index[:0], run.out[:0], 0
		run.read(sc, sh, size, &next)
		if len(run.recs) > 0 {
			if err := ctx.Err(); err != nil {
				return st, err
			}
			b.solve(ctx, &sv, &g, run)
			sc.Release() // the run's records are done with
			run.seq += len(run.recs)
			if _, err := bw.Write(run.out); err != nil {
				return st, err
			}
			st.add(run)
			if run.err != nil {
				return st, run.err
			}
			if b.Progress != nil {
				b.Progress(sc.BytesRead())
			}
		}
		if len(run.recs) < size {
			break
		}
	}
	if err := sc.Err(); err != nil {
		return st, err
	}
	if b.Progress != nil {
		b.Progress(sc.BytesRead())
	}
	return st, nil
}

// add counts run's puzzles in st.
func (st *BatchStats) add(run *batchRun) {
	st.Puzzles += run.solved
	if run.slowest > st.Slowest {
		st.Slowest, st.SlowestLine = run.slowest, run.slowestLine
	}
}

// runParallel is Run for many jobs: one goroutine reads runs of
// puzzles, jobs goroutines solve them, and the calling goroutine writes
// their texts in input order.
func (b *Batch) runParallel(ctx context.Context, r io.Reader, w io.Writer, jobs int) (BatchStats, error) {
	var st BatchStats
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	work := make(chan *batchRun, jobs*2)
	order := make(chan *batchRun, jobs*4)
	size := b.runSize()

	go func() { // reader
		defer close(work)
		defer close(order)
		sc := NewScanner(r, b.Format)
		sh := shard.Shard{Index: b.Shard, Count: b.Shards}
		next, seq := 0, 0
		for {
			run := &batchRun{seq: seq, done: make(chan struct{})}
			run.read(sc, sh, size, &next)
			seq += len(run.recs)
			end := len(run.recs) < size
			if end {
				run.readErr = sc.Err()
			}
			run.bytes = sc.BytesRead()
			if len(run.recs) == 0 && run.readErr == nil {
				return
			}
			select {
			case order <- run:
			case <-ctx.Done():
				return
			}
			select {
			case work <- run:
			case <-ctx.Done():
				return
			}
			if end {
				return
			}
		}
	}()

	// Workers end when the reader closes work. They are not waited for:
	// after an error the reader may be blocked reading r.
	for range jobs {
		go func() {
			var sv Solver
			var g Grid
			for run := range work {
				if ctx.Err() == nil {
					b.solve(ctx, &sv, &g, run)
				} else {
					run.err = ctx.Err()
				}
				close(run.done)
			}
		}()
	}

	var last int64
	for run := range order {
		select {
		case <-run.done:
		case <-ctx.Done():
			return st, ctx.Err()
		}
		if _, err := w.Write(run.out); err != nil {
			return st, err
		}
		st.add(run)
		last = run.bytes
		if b.Progress != nil {
			b.Progress(run.bytes)
		}
		if run.err != nil {
			return st, run.err
		}
		if run.readErr != nil {
			return st, run.readErr
		}
	}
	if b.Progress != nil {
		b.Progress(last)
	}
	return st, nil
}

// runLines is Run for the line format on one job without timing: the
// fast path of Solver.SolveLines.
func (b *Batch) runLines(ctx context.Context, r io.Reader, w io.Writer) (BatchStats, error) {
	var st BatchStats
	opt := LineOptions{Options: b.Options, Shard: b.Shard, Shards: b.Shards}
	out := make([]byte, 0, 64<<10)
	var werr error // a write error, which stops the run
	flush := func() {
		if werr == nil && len(out) > 0 {
			_, werr = w.Write(out)
		}
		out = out[:0]
	}
	var counted *countReader // the bytes read, for the last Progress
	if b.Progress != nil {
		counted = &countReader{r: r}
		r = counted
	}
	var a Answer
	var sv Solver
	err := sv.SolveLines(ctx, r, opt, func(la *LineAnswer) error {
		a.Index, a.Seq, a.Line, a.Result, a.Err = la.Index, st.Puzzles, la.Line, la.Result, la.Err
		if b.Append != nil {
			var err error
			if out, err = b.Append(out, &a); err != nil {
				return err
			}
		}
		if a.Err != nil {
			return a.puzzleErr()
		}
		st.Puzzles++
		if b.Progress != nil && la.Index&1023 == 0 {
			b.Progress(la.BytesRead)
		}
		if len(out) > cap(out)-1024 {
			flush()
			return werr
		}
		return nil
	})
	flush()
	if err != nil {
		return st, err
	}
	if werr != nil {
		return st, werr
	}
	if b.Progress != nil {
		b.Progress(counted.n)
	}
	return st, nil
}

// countReader counts the bytes read from r.
type countReader struct {
	r io.Reader
	n int64
}

func (c *countReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += int64(n)
	return n, err
}
