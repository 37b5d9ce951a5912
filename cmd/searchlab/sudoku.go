package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"runtime"
	"strconv"
	"time"

	"github.com/searchlab/searchlab/api"
	"github.com/searchlab/searchlab/internal/progress"
	"github.com/searchlab/searchlab/internal/shard"
	"github.com/searchlab/searchlab/search"
	"github.com/searchlab/searchlab/sudoku"
)

func init() {
	register(command{
		name:    "sudoku",
		summary: "solve, count or generate Sudoku puzzles (4x4 to 25x25, bulk files)",
		run:     runSudoku,
	})
}

const sudokuDescription = `
Reads Sudoku puzzles from the files named or stdin and prints, for each, a
solution (or "no solution"), the lexicographically smallest solution
(--first), or the number of solutions up to a limit (--count). Output keeps
the input's order.

Formats (--format; detected from the first line when not given: numbers
separated by spaces are grid, nine digits boj2239, anything else line):
  line     one puzzle a line: 81 characters for 9x9 (16, 256 or 625 for 4x4,
           16x16, 25x25), '1'-'9' then 'A'-'P', '.' or '0' for a blank.
           A solution is printed the same way on one line.
  grid     rows of space-separated numbers (0 or '.' blank), any size,
           puzzles separated by blank lines; solutions printed likewise.
  boj2580  Baekjoon 2580: 9 rows of 9 space-separated numbers, 0 blank.
  boj2239  Baekjoon 2239: 9 rows of 9 digits, 0 blank; prints the
           lexicographically smallest solution as 9 rows of digits.

Bulk files are solved on all cores (--jobs); a progress bar is drawn on a
terminal for large input files, and --stats reports puzzles per second and
the slowest puzzle. A bad line stops the run with exit status 2 and a
message naming the line; no answer after it is printed.

"searchlab sudoku generate -h" describes the generator.

Examples:
  searchlab sudoku examples/sudoku.txt > solutions.txt
  searchlab sudoku --count examples/sudoku.txt    # 1 for each proper puzzle
  searchlab sudoku generate --count 3 | searchlab sudoku
  searchlab sudoku --json < examples/sudoku.txt   # what "searchlab serve" answers
`

// sudokuConfig is what the solve command was asked to do.
type sudokuConfig struct {
	format     sudoku.Format
	first      bool
	count      bool
	json       bool
	limit      int
	jobs       int
	stats      bool
	maxGuesses int64
	shard      shard.Shard // the puzzles to answer
	continued  bool        // an earlier file's answers come before these
}

func runSudoku(ctx context.Context, e *env, args []string) error {
	if len(args) > 0 && args[0] == "generate" {
		return runSudokuGenerate(ctx, e, args[1:])
	}
	fs := newFlagSet(e, "sudoku", "[generate] [flags] [file ...]", sudokuDescription)
	format := fs.String("format", "", "input and output `format`: line, grid, boj2580 or boj2239 (default: detected from the input)")
	first := fs.Bool("first", false, "print the lexicographically smallest solution")
	count := fs.Bool("count", false, "print the number of solutions, up to --limit")
	limit := fs.Int("limit", 2, "with --count or --json, stop counting at this many solutions")
	asJSON := fs.Bool("json", false, "print one JSON object per puzzle: line, solutions (up to --limit), unique, solution, guesses, elapsed_ns")
	jobs := fs.Int("jobs", runtime.NumCPU(), "number of puzzles solved at once")
	stats := fs.Bool("stats", false, "print puzzles per second and the slowest puzzle on stderr at the end")
	maxGuesses := fs.Int64("max-guesses", 0, "give up on a puzzle after this many guesses, an error naming its line (0: no cap)")
	var sh shard.Shard
	registerShard(fs, &sh)
	files, err := parseArgs(fs, args)
	if err != nil {
		return err
	}
	var f sudoku.Format
	if *format != "" {
		if f, err = sudoku.ParseFormat(*format); err != nil {
			return badInput(err)
		}
	}
	if *limit < 1 {
		return badInputf("--limit must be at least 1, not %d", *limit)
	}
	if *maxGuesses < 0 {
		return badInputf("--max-guesses must not be negative, not %d", *maxGuesses)
	}
	if *jobs < 1 || *jobs > maxSudokuJobs {
		return badInputf("--jobs must be from 1 to %d, not %d", maxSudokuJobs, *jobs)
	}
	srcs, err := e.inputs(files)
	if err != nil {
		return err
	}
	defer closeSources(srcs)
	for i, src := range srcs {
		if *format == "" {
			f = sudoku.DetectFormat(src.peek(1))
		}
		cfg := sudokuConfig{format: f, first: *first || f == sudoku.FormatBOJ2239, count: *count, json: *asJSON, limit: *limit, jobs: *jobs, stats: *stats, maxGuesses: *maxGuesses, shard: sh, continued: i > 0}
		in := *e
		in.stdin = src.reader()
		if err := solveSudokuStream(ctx, &in, cfg); err != nil {
			return src.inFile(err)
		}
	}
	return nil
}

// sudokuBatch is a run of consecutive puzzles handled by one worker.
type sudokuBatch struct {
	first   bool // holds the first puzzle of the input
	recs    []sudoku.Record
	readErr error // a read error after these records
	bytes   int64 // input bytes consumed up to the end of this batch
	done    chan struct{}

	// Filled in by the worker.
	out         []byte
	err         error
	solved      int
	slowest     time.Duration
	slowestLine int
}

// maxSudokuJobs caps --jobs: each job holds batches of puzzles in flight,
// and more jobs than this gain nothing on any machine it runs on.
const maxSudokuJobs = 1024

// solveSudokuStream reads batches of puzzles, solves them on cfg.jobs
// workers and writes the answers in input order. The first error stops
// it: the answers before the bad puzzle are written, nothing after it.
func solveSudokuStream(ctx context.Context, e *env, cfg sudokuConfig) error {
	var bar *progress.Bar
	if f, ok := e.stdin.(*os.File); ok && e.stderrTerminal {
		if st, err := f.Stat(); err == nil && st.Mode().IsRegular() && st.Size() > 1<<20 {
			bar = progress.New(e.stderr, "sudoku", st.Size())
		}
	}
	batchSize := 64
	if cfg.format != sudoku.FormatLine {
		batchSize = 4
	}
	if cfg.jobs == 1 {
		if cfg.format == sudoku.FormatLine && !cfg.json && !cfg.stats {
			return solveSudokuLines(ctx, e, cfg, bar)
		}
		return solveSudokuSerial(ctx, e, cfg, bar, batchSize)
	}

	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	work := make(chan *sudokuBatch, cfg.jobs*2)
	order := make(chan *sudokuBatch, cfg.jobs*4)

	go func() { // reader
		defer close(work)
		defer close(order)
		sc := sudoku.NewScanner(e.stdin, cfg.format)
		isFirst := !cfg.continued
		index := 0 // of the next puzzle in the input
		for {
			b := &sudokuBatch{first: isFirst, done: make(chan struct{})}
			isFirst = false
			for len(b.recs) < batchSize && sc.Scan() {
				if cfg.shard.Has(index) {
					b.recs = append(b.recs, sc.Record())
				}
				index++
			}
			end := len(b.recs) < batchSize
			if end {
				b.readErr = sc.Err()
			}
			b.bytes = sc.BytesRead()
			if len(b.recs) == 0 && b.readErr == nil {
				return
			}
			select {
			case order <- b:
			case <-ctx.Done():
				return
			}
			select {
			case work <- b:
			case <-ctx.Done():
				return
			}
			if end {
				return
			}
		}
	}()

	// Workers end when the reader closes work. They are not waited for:
	// after an error the reader may be blocked reading stdin.
	for w := 0; w < cfg.jobs; w++ {
		go func() {
			var sv sudoku.Solver
			var g sudoku.Grid
			for b := range work {
				if ctx.Err() == nil {
					solveSudokuBatch(ctx, cfg, &sv, &g, b)
				} else {
					b.err = ctx.Err()
				}
				close(b.done)
			}
		}()
	}

	start := time.Now()
	var total int
	var slowest time.Duration
	slowestLine := 0
	for b := range order {
		select {
		case <-b.done:
		case <-ctx.Done():
			return ctx.Err()
		}
		if _, err := e.stdout.Write(b.out); err != nil {
			return err
		}
		total += b.solved
		if b.slowest > slowest {
			slowest, slowestLine = b.slowest, b.slowestLine
		}
		bar.Set(b.bytes)
		if b.err != nil {
			cancel()
			if bar != nil {
				bar.Finish()
			}
			return b.err
		}
		if b.readErr != nil {
			cancel()
			if errors.Is(b.readErr, sudoku.ErrInvalid) {
				return badInput(b.readErr)
			}
			return b.readErr
		}
	}
	if bar != nil {
		bar.Finish()
	}
	printSudokuStats(e, cfg, time.Since(start), total, slowest, slowestLine)
	return nil
}

// solveSudokuSerial is solveSudokuStream for one job: it reads, solves and
// writes batch after batch on the calling goroutine, with no hand-over
// between goroutines, and buffers its output.
func solveSudokuSerial(ctx context.Context, e *env, cfg sudokuConfig, bar *progress.Bar, batchSize int) (err error) {
	start := time.Now()
	w := bufio.NewWriterSize(e.stdout, 64<<10)
	defer func() {
		if ferr := w.Flush(); err == nil {
			err = ferr
		}
		if bar != nil && err == nil {
			bar.Finish()
		}
	}()
	sc := sudoku.NewScanner(e.stdin, cfg.format)
	var total int
	var slowest time.Duration
	slowestLine := 0
	b := &sudokuBatch{first: !cfg.continued}
	var sv sudoku.Solver
	var g sudoku.Grid
	index := 0 // of the next puzzle in the input
	for {
		b.recs, b.out, b.solved = b.recs[:0], b.out[:0], 0
		for len(b.recs) < batchSize && sc.Scan() {
			if cfg.shard.Has(index) {
				b.recs = append(b.recs, sc.Record())
			}
			index++
		}
		if len(b.recs) > 0 {
			if err := ctx.Err(); err != nil {
				return err
			}
			solveSudokuBatch(ctx, cfg, &sv, &g, b)
			sc.Release() // the batch's records are done with
			b.first = false
			if _, err := w.Write(b.out); err != nil {
				return err
			}
			total += b.solved
			if b.slowest > slowest {
				slowest, slowestLine = b.slowest, b.slowestLine
			}
			if b.err != nil {
				return b.err
			}
			bar.Set(sc.BytesRead())
		}
		if len(b.recs) < batchSize {
			break
		}
	}
	if err := sc.Err(); err != nil {
		if errors.Is(err, sudoku.ErrInvalid) {
			return badInput(err)
		}
		return err
	}
	printSudokuStats(e, cfg, time.Since(start), total, slowest, slowestLine)
	return nil
}

// solveSudokuLines is solveSudokuSerial for the line format without
// --json or --stats (which time each puzzle): the library reads and
// solves the puzzles (sudoku.Solver.SolveLines) and this writes the
// answers.
func solveSudokuLines(ctx context.Context, e *env, cfg sudokuConfig, bar *progress.Bar) (err error) {
	opt := sudoku.LineOptions{Options: sudoku.Options{Limit: 1, First: cfg.first, Limits: search.Limits{MaxNodes: cfg.maxGuesses}}, Shard: cfg.shard.Index, Shards: cfg.shard.Count}
	if cfg.count {
		opt.Options = sudoku.Options{Limit: cfg.limit, Limits: search.Limits{MaxNodes: cfg.maxGuesses}, NoSolution: true}
	}
	out := make([]byte, 0, 64<<10)
	var werr error // a write error, which stops the run
	flush := func() {
		if werr == nil && len(out) > 0 {
			_, werr = e.stdout.Write(out)
		}
		out = out[:0]
	}
	stopped := false // by the function below, with its own error
	in := e.stdin
	var counted *countReader // the bytes read, for the bar's end
	if bar != nil {
		counted = &countReader{r: in}
		in = counted
	}
	var sv sudoku.Solver
	err = sv.SolveLines(ctx, in, opt, func(a *sudoku.LineAnswer) error {
		if a.Err != nil {
			stopped = true
			switch {
			case errors.Is(a.Err, sudoku.ErrInvalid):
				return badInput(fmt.Errorf("line %d: %w", a.Line, a.Err))
			case errors.Is(a.Err, sudoku.ErrLimit):
				return fmt.Errorf("line %d: gave up after %d guesses (--max-guesses)", a.Line, a.Result.Guesses)
			}
			return a.Err
		}
		switch {
		case cfg.count:
			out = strconv.AppendInt(out, int64(a.Result.Count), 10)
			out = append(out, '\n')
		case a.Result.Count == 0:
			out = append(out, "no solution\n"...)
		default:
			out = sudoku.AppendFormat(out, sudoku.FormatLine, a.Result.Solution)
		}
		if bar != nil && a.Index&1023 == 0 {
			bar.Set(a.BytesRead)
		}
		if len(out) > cap(out)-1024 {
			flush()
			stopped = werr != nil
			return werr
		}
		return nil
	})
	flush()
	switch {
	case err == nil:
	case stopped:
		return err
	case errors.Is(err, sudoku.ErrInvalid):
		return badInput(err)
	default:
		return err
	}
	if werr != nil {
		return werr
	}
	if bar != nil {
		bar.Set(counted.n)
		bar.Finish()
	}
	return nil
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

// printSudokuStats prints the --stats line.
func printSudokuStats(e *env, cfg sudokuConfig, el time.Duration, total int, slowest time.Duration, slowestLine int) {
	if cfg.stats {
		rate := 0.0
		if el > 0 {
			rate = float64(total) / el.Seconds()
		}
		fmt.Fprintf(e.stderr, "sudoku: %d puzzles in %v (%.0f puzzles/s, %d jobs, core %s)", total, el.Round(time.Millisecond), rate, cfg.jobs, sudoku.CoreName())
		if total > 0 {
			fmt.Fprintf(e.stderr, "; slowest: line %d (%v)", slowestLine, slowest.Round(time.Microsecond))
		}
		fmt.Fprintln(e.stderr)
	}
}

// solveSudokuBatch parses the puzzles of b into g and solves them with sv,
// appending their answers to b.out. It stops at the first bad puzzle and
// records why.
func solveSudokuBatch(ctx context.Context, cfg sudokuConfig, sv *sudoku.Solver, g *sudoku.Grid, b *sudokuBatch) {
	opt := sudoku.Options{Limit: 1, First: cfg.first, Limits: search.Limits{MaxNodes: cfg.maxGuesses}}
	if cfg.count {
		opt = sudoku.Options{Limit: cfg.limit, Limits: search.Limits{MaxNodes: cfg.maxGuesses}, NoSolution: true}
	}
	if cfg.json {
		opt.Limit, opt.NoSolution = cfg.limit, false
	}
	for k, rec := range b.recs {
		if err := sudoku.ParseInto(g, cfg.format, rec); err != nil {
			b.err = badInput(err)
			return
		}
		var t0 time.Time
		if cfg.stats || cfg.json {
			t0 = time.Now()
		}
		res, err := sv.Solve(ctx, *g, opt)
		if err != nil {
			switch {
			case errors.Is(err, sudoku.ErrInvalid):
				err = badInput(fmt.Errorf("line %d: %w", rec.Line, err))
			case errors.Is(err, sudoku.ErrLimit):
				err = fmt.Errorf("line %d: gave up after %d guesses (--max-guesses)", rec.Line, res.Guesses)
			}
			b.err = err
			return
		}
		if cfg.stats {
			if d := time.Since(t0); d > b.slowest {
				b.slowest, b.slowestLine = d, rec.Line
			}
		}
		b.solved++
		switch {
		case cfg.json:
			data, err := json.Marshal(api.NewSudokuAnswer(rec.Line, opt, res, time.Since(t0)))
			if err != nil {
				b.err = err
				return
			}
			b.out = append(append(b.out, data...), '\n')
		case cfg.count:
			b.out = strconv.AppendInt(b.out, int64(res.Count), 10)
			b.out = append(b.out, '\n')
		default:
			if cfg.format != sudoku.FormatLine && !(b.first && k == 0) {
				b.out = append(b.out, '\n') // a blank line between grids
			}
			if res.Count == 0 {
				b.out = append(b.out, "no solution\n"...)
			} else {
				b.out = sudoku.AppendFormat(b.out, cfg.format, res.Solution)
			}
		}
	}
}

const sudokuGenerateDescription = `
Prints new puzzles, each with exactly one solution (checked by counting
solutions up to 2), one a line in the line format. Without --seed the
puzzles are new each time, and the seed that gives them again is printed on
stderr ("seed N"); the same --seed gives the same puzzles. Givens are
removed from a random full grid in random order while the puzzle stays
unique; --clues N stops at N givens (trying up to 2000 new grids when one
gets stuck above N: below about 22 that can fail, exit status 1), otherwise
every removable given goes. With --rate each line also carries the number of
guesses the solver needed to prove the puzzle unique: 0 for puzzles that
singles and locked candidates solve, more for harder ones.

Example:
  searchlab sudoku generate --count 5 --seed 7 --clues 25 --rate
`

func runSudokuGenerate(ctx context.Context, e *env, args []string) error {
	fs := newFlagSet(e, "sudoku generate", "[flags]", sudokuGenerateDescription)
	count := fs.Int("count", 1, "number of puzzles to print")
	seed := fs.Uint64("seed", 0, "random `seed`; the same seed gives the same puzzles (default: a new one, printed on stderr)")
	clues := fs.Int("clues", 0, "number of givens to stop at (0: as few as removal reaches)")
	box := fs.Int("box", 3, "box size: 2 (4x4), 3 (9x9), 4 (16x16) or 5 (25x25)")
	rate := fs.Bool("rate", false, "append the solver's guess count to each puzzle")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if *count < 0 {
		return badInputf("--count must not be negative, not %d", *count)
	}
	seeded := false
	fs.Visit(func(f *flag.Flag) { seeded = seeded || f.Name == "seed" })
	if !seeded {
		*seed = rand.Uint64N(1e10)
		fmt.Fprintf(e.stderr, "seed %d\n", *seed)
	}
	gen, err := sudoku.NewGenerator(*box, *seed)
	if err != nil {
		return badInput(fmt.Errorf("--box: %w", err))
	}
	var out []byte
	for k := 0; k < *count; k++ {
		p, _, err := gen.Generate(ctx, *clues)
		if err != nil {
			if errors.Is(err, sudoku.ErrInvalid) {
				return badInput(fmt.Errorf("--clues %d: %w", *clues, err))
			}
			return fmt.Errorf("--clues %d: %w", *clues, err)
		}
		out = append(out[:0], p.String()...)
		if *rate {
			res, err := sudoku.Solve(ctx, p, sudoku.Options{Limit: 2})
			if err != nil {
				return err
			}
			out = append(out, ' ')
			out = strconv.AppendInt(out, res.Guesses, 10)
		}
		out = append(out, '\n')
		if _, err := e.stdout.Write(out); err != nil {
			return err
		}
	}
	return nil
}
