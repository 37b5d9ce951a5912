package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/searchlab/searchlab/api"
	"github.com/searchlab/searchlab/internal/progress"
	"github.com/searchlab/searchlab/search"
	"github.com/searchlab/searchlab/sliding"
	"github.com/searchlab/searchlab/sliding/pdb"
)

// memoryGuard caps the expansions of BFS and A* when --max-nodes is not
// given: they keep every state they reach, and this keeps them to a few
// hundred megabytes.
const memoryGuard = 2_000_000

// uninformedCells is the board size from which BFS and IDDFS are refused
// unless bounded: 3x4 has 239 million states, 4x4 over 10^13.
const uninformedCells = 12

const slidingDescription = `
Reads sliding-tile boards on stdin and prints, for each, the fewest moves to
the goal, or "impossible" ("-1" in boj1525 format) if the board cannot reach
it. Solvability is decided at once from permutation parity and the blank's
position. Boards of up to 9 cells (3x3, 2x4 ...) are answered from an exact
distance table built once per goal and kept in the database cache; larger
boards by pattern databases where "searchlab pdb" covers the size (cached;
until "searchlab pdb build" has built the large default set, a small one is
built once, in seconds), else by IDA* with Manhattan distance and linear
conflicts. The library's pdb.Solver makes that choice, here as in
"searchlab serve" and in Go programs. Batches of boards whose search runs
on one core are solved on every core, printed in input order; a progress
bar shows on a terminal. Every printed path is replayed to the goal before
it is printed.

Formats (--format): grid (rows of numbers, 0, # or _ for the blank, boards
separated by blank lines), line (one board a line, size from --size or a
square), boj11112 (a count, then 3x3 boards of rows like "12#") and boj1525
(one 3x3 board of numbers, 0 for the blank).

Output: one line per board: the length; with --path the length, a space and
the moves as letters U D L R (the direction the blank moves); with --json one
object per board: line, solvable, length (-1 if unsolvable), moves, optimal,
method, stats.

--algo bfs|dfs|iddfs|astar|idastar run the generic search package with the
--heuristic of choice (what "searchlab compare" compares). DFS is depth
limited (--max-depth) and not optimal. BFS and IDDFS on boards of 12 cells
or more (3x4, 4x4 ...) are refused unless --max-nodes or --timeout bounds
them; BFS and A* stop after 2,000,000 expansions unless --max-nodes says
otherwise, to stay within memory. A search that hits a limit is an error
(exit status 1), never a wrong answer.

"searchlab sliding split|run-units|drive" search one hard board as IDA*
work units in separate processes or on many machines, and --shard k/n
answers one shard of a file ("searchlab sliding split -h" describes them).

Examples:
  searchlab sliding --format boj11112 < examples/eight.txt
  echo "2 8 3 1 6 4 7 0 5" | searchlab sliding --format line --goal "1 2 3 8 0 4 7 6 5" --path
  searchlab sliding --format line --json < examples/fifteen.txt
`

func init() {
	register(command{
		name:    "sliding",
		summary: "fewest moves for sliding-tile boards (8-puzzle, 15-puzzle, any W x H)",
		run:     runSliding,
	})
}

// slidingFlags are the flags that sliding and compare share.
type slidingFlags struct {
	format    string
	size      string
	goal      string
	algo      string
	heuristic string
	partition string
	maxNodes  int64
	maxDepth  int
	timeout   time.Duration
}

func (f *slidingFlags) register(fs *flag.FlagSet, defFormat string) {
	fs.StringVar(&f.format, "format", defFormat, "input `format`: grid, line, boj11112 or boj1525")
	fs.StringVar(&f.size, "size", "", "board size `WxH` for --format line (default: a square), checked for grid")
	fs.StringVar(&f.goal, "goal", "", "goal `tiles` in reading order, 0 for the blank (default: 1..n-1, blank last)")
	fs.StringVar(&f.partition, "partition", "", "pattern database `partition` for --heuristic pdb, such as 7-8, 6-6-6-6, or on 5x5 catalogue3 or catalogue (the largest of several 6-6-6-6 partitions) or catalogue7 (6-6-6-6 and 7-7-5-5); prefixed with zero: (such as zero:6-6-6-6 or zero:catalogue) for zero-aware tables, which also know the blank's region (stronger, about 1.4 times the memory; default: the database's own)")
	fs.Int64Var(&f.maxNodes, "max-nodes", 0, "stop a search after `n` expansions (0: no cap, but BFS and A* stop at 2,000,000)")
	fs.IntVar(&f.maxDepth, "max-depth", 0, "depth bound for dfs and iddfs (0: the board's largest optimal length where known, 31 for 3x3, 80 for 4x4)")
	fs.DurationVar(&f.timeout, "timeout", 0, "stop after this `duration`, such as 10s (0: none)")
}

func runSliding(ctx context.Context, e *env, args []string) error {
	if len(args) > 0 {
		if sub, ok := unitCommands[args[0]]; ok {
			return sub(ctx, e, args[1:])
		}
	}
	fs := newFlagSet(e, "sliding", "[flags] < boards", slidingDescription)
	var f slidingFlags
	f.register(fs, "grid")
	fs.StringVar(&f.algo, "algo", "auto", "`algorithm`: auto, bfs, dfs, iddfs, astar or idastar")
	fs.StringVar(&f.heuristic, "heuristic", "linear", "`heuristic` for astar and idastar: misplaced, manhattan, linear or pdb")
	path := fs.Bool("path", false, "print the moves after the length")
	asJSON := fs.Bool("json", false, "print one JSON object per board")
	stats := fs.Bool("stats", false, "print search statistics to stderr")
	var sh shard
	registerShard(fs, &sh)
	var lf longFlags
	lf.register(fs)
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if err := f.check(); err != nil {
		return err
	}
	// Lengths alone of table-sized boards are one lookup each: no path to
	// walk (or verify), since none is printed.
	lengthOnly := f.algo == string(sliding.Auto) && f.heuristic != "pdb" && !*path && !*asJSON && !*stats
	in := e.stdin
	if lengthOnly && f.format == string(sliding.BOJ11112) && sh.n <= 1 {
		// The judge's batch: read it whole and answer it from the table,
		// unless it is malformed (then the parser below reads it again and
		// names the fault).
		data, err := readInput(in)
		if err != nil {
			return err
		}
		if done, err := boj11112Lengths(e, newPDBSolver(e), &f, data); done || err != nil {
			return err
		}
		in = bytes.NewReader(data)
	}
	cases, goals, err := f.read(in)
	if err != nil {
		return err
	}
	prog, err := lf.setup(e, &f, cases)
	if err != nil {
		return err
	}
	solver := newPDBSolver(e)                 // after setup, which sets the solves' threads and checkpoint
	algo, _ := sliding.ParseAlgorithm(f.algo) // checked by read
	if err := f.refuse(algo, cases); err != nil {
		return err
	}
	if f.timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, f.timeout)
		defer cancel()
	}
	out := bufio.NewWriterSize(e.stdout, 64*1024)
	defer out.Flush()
	var bar *progress.Bar
	if e.stderrTerminal && !*stats && len(cases) > 1 {
		bar = progress.New(e.stderr, "sliding", int64(len(cases)))
		defer bar.Finish()
	}
	var total search.Stats
	start := time.Now()
	// The tables of the lookups, one per board size (each size has one
	// goal), fetched before the boards are.
	tables := map[[2]int]*sliding.Table{}
	if lengthOnly {
		for i, c := range cases {
			size := [2]int{c.Board.W, c.Board.H}
			if sh.has(i) && tables[size] == nil && sliding.TableSize(size[0], size[1]) {
				tables[size] = tableFor(solver, goals[i])
			}
		}
	}
	// answer solves board i; it is called from several goroutines at once
	// when boards are solved side by side.
	answer := func(ctx context.Context, i int) boardAnswer {
		if !sh.has(i) {
			return boardAnswer{skip: true}
		}
		c, goal := cases[i], goals[i]
		if t := tables[[2]int{c.Board.W, c.Board.H}]; t != nil {
			return boardAnswer{lookup: true, length: t.Distance(c.Board)}
		}
		sol, err := f.solve(ctx, solver, algo, c.Board, goal)
		prog.clear()
		a := boardAnswer{sol: sol, solvable: !errors.Is(err, sliding.ErrUnsolvable)}
		switch {
		case err != nil && a.solvable:
			a.err = fmt.Errorf("board %d (line %d): %w", i+1, c.Line, explain(err))
		case a.solvable:
			if err := sliding.Verify(c.Board, goal, sol.Moves); err != nil {
				a.err = fmt.Errorf("board %d (line %d): internal error: %s's path does not reach the goal: %v", i+1, c.Line, sol.Method, err)
			}
		}
		return a
	}
	err = eachAnswer(ctx, len(cases), slidingWorkers(solver, algo, f.heuristic, cases), answer, func(i int, a boardAnswer) error {
		c := cases[i]
		if a.err != nil {
			return a.err
		}
		if a.skip {
			bar.Add(1)
			return nil
		}
		if a.lookup {
			switch {
			case a.length >= 0:
				out.WriteString(strconv.Itoa(a.length))
				out.WriteByte('\n')
			case f.format == string(sliding.BOJ1525):
				out.WriteString("-1\n")
			default:
				out.WriteString("impossible\n")
			}
			bar.Add(1)
			return nil
		}
		sol, solvable := a.sol, a.solvable
		if *stats {
			printStats(e.stderr, fmt.Sprintf("board %d (line %d)", i+1, c.Line), solvable, sol)
			addStats(&total, sol.Stats)
		}
		switch {
		case *asJSON:
			writeJSON(out, c.Line, solvable, sol)
		case !solvable && f.format == string(sliding.BOJ1525):
			out.WriteString("-1\n")
		case !solvable:
			out.WriteString("impossible\n")
		default:
			out.WriteString(strconv.Itoa(sol.Len()))
			if *path && sol.Len() > 0 {
				out.WriteByte(' ')
				for _, m := range sol.Moves {
					out.WriteByte(byte(m))
				}
			}
			out.WriteByte('\n')
		}
		bar.Add(1)
		return nil
	})
	if err != nil {
		out.Flush()
		return err
	}
	if *stats && len(cases) > 1 {
		total.Elapsed = time.Since(start)
		printStats(e.stderr, fmt.Sprintf("all %d boards", len(cases)), true, sliding.Solution{Method: f.algo, Optimal: algo != sliding.DFS, Stats: total})
	}
	if algo == sliding.DFS && len(cases) > 0 && !*asJSON {
		fmt.Fprintln(e.stderr, "searchlab: note: --algo dfs finds a path within the depth limit; its length is not proven the fewest")
	}
	return nil
}

// boardAnswer is the answer for one board: a table lookup (length, -1 if
// unsolvable) or a solution, or the error that stops the run at this board;
// skip marks a board outside the run's shard.
type boardAnswer struct {
	skip     bool // not in this run's --shard
	lookup   bool
	length   int
	sol      sliding.Solution
	solvable bool
	err      error
}

// slidingWorkers returns how many boards to solve at once: one when a
// board's search already runs on every core (pattern databases), else one
// per core. BFS and A* keep to the memory guard each.
func slidingWorkers(solver *pdb.Solver, algo sliding.Algorithm, heuristic string, cases []sliding.Case) int {
	n := runtime.GOMAXPROCS(0)
	if len(cases) < 2 || n < 2 {
		return 1
	}
	if solver == nil || (algo != sliding.Auto && heuristic != "pdb") {
		return n
	}
	for _, c := range cases {
		if !sliding.TableSize(c.Board.W, c.Board.H) {
			return 1 // pattern databases (or their IDA* fallback) per board
		}
	}
	return n
}

// eachAnswer computes answer(ctx, i) for i in 0..n-1 with the given number
// of workers and hands each to emit in order of i, as soon as it and all
// before it are ready. It stops at the first error emit returns, cancels
// the work still under way (answer must return soon once ctx is done), and
// returns that error.
func eachAnswer[A any](ctx context.Context, n, workers int, answer func(context.Context, int) A, emit func(int, A) error) error {
	if workers <= 1 {
		for i := range n {
			if err := emit(i, answer(ctx, i)); err != nil {
				return err
			}
		}
		return nil
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	// Boards are handed out in blocks, so that a batch of cheap boards
	// costs few synchronisations.
	const block = 64
	blocks := (n + block - 1) / block
	results := make([]A, n)
	done := make([]chan struct{}, blocks)
	for b := range done {
		done[b] = make(chan struct{})
	}
	var next atomic.Int64
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				// A cancelled context is no reason to stop: every block must
				// be done, and answers come back at once then.
				b := int(next.Add(1) - 1)
				if b >= blocks {
					return
				}
				for i := b * block; i < min(n, (b+1)*block); i++ {
					results[i] = answer(ctx, i)
				}
				close(done[b])
			}
		}()
	}
	defer wg.Wait()
	for b := range blocks {
		<-done[b]
		for i := b * block; i < min(n, (b+1)*block); i++ {
			if err := emit(i, results[i]); err != nil {
				return err
			}
		}
	}
	return nil
}

// check checks the flags on their own, before any input is read.
func (f *slidingFlags) check() error {
	format, err := sliding.ParseFormat(f.format)
	if err != nil {
		return badInputf("--format: %v", err)
	}
	if _, err := sliding.ParseAlgorithm(f.algo); err != nil {
		return badInputf("--algo: %v", err)
	}
	if f.heuristic != "pdb" {
		if _, err := sliding.HeuristicByName(f.heuristic, sliding.Standard(3, 3)); err != nil {
			return badInputf("--heuristic: %v", err)
		}
	} else if f.algo != "auto" && f.algo != "idastar" {
		return badInputf("--heuristic pdb works with --algo auto or idastar, not %s", f.algo)
	}
	if f.maxNodes < 0 || f.maxDepth < 0 || f.timeout < 0 {
		return badInputf("--max-nodes, --max-depth and --timeout must not be negative")
	}
	w, h := 0, 0
	if f.size != "" {
		if format == sliding.BOJ11112 || format == sliding.BOJ1525 {
			return badInputf("--size: %s boards are always 3x3", format)
		}
		if w, h, err = sliding.ParseSize(f.size); err != nil {
			return badInputf("--size: %v", err)
		}
	}
	if f.goal != "" {
		// Check the goal on its own when the size is known already.
		gw, gh := w, h
		if format == sliding.BOJ11112 || format == sliding.BOJ1525 {
			gw, gh = 3, 3
		}
		if gw != 0 {
			if _, err := sliding.ParseGoal(f.goal, gw, gh); err != nil {
				return badInputf("--goal: %v", err)
			}
		}
	}
	return nil
}

// read checks the flags and reads the boards, with the goal of each.
func (f *slidingFlags) read(r io.Reader) ([]sliding.Case, []sliding.Board, error) {
	if err := f.check(); err != nil {
		return nil, nil, err
	}
	format, _ := sliding.ParseFormat(f.format)
	w, h := 0, 0
	if f.size != "" {
		w, h, _ = sliding.ParseSize(f.size)
	}
	var goalToks []string
	if f.goal != "" {
		goalToks = strings.Fields(f.goal)
	}
	cases, err := sliding.ParseAll(r, format, w, h)
	if err != nil {
		if errors.Is(err, sliding.ErrInvalid) {
			return nil, nil, badInput(err)
		}
		return nil, nil, err
	}
	goals := make([]sliding.Board, len(cases))
	bySize := map[[2]int]sliding.Board{}
	for i, c := range cases {
		key := [2]int{c.Board.W, c.Board.H}
		g, ok := bySize[key]
		if !ok {
			if goalToks == nil {
				g = sliding.Standard(c.Board.W, c.Board.H)
			} else {
				if len(goalToks) != c.Board.W*c.Board.H {
					return nil, nil, badInputf("line %d: the board is %dx%d but --goal has %d tiles", c.Line, c.Board.W, c.Board.H, len(goalToks))
				}
				if g, err = sliding.ParseGoal(f.goal, c.Board.W, c.Board.H); err != nil {
					return nil, nil, badInputf("--goal: %v", err)
				}
			}
			bySize[key] = g
		}
		goals[i] = g
	}
	return cases, goals, nil
}

// refuse rejects, up front, uninformed searches that cannot finish on the
// largest of the boards unless the user bounded them.
func (f *slidingFlags) refuse(algo sliding.Algorithm, cases []sliding.Case) error {
	if algo != sliding.BFS && algo != sliding.IDDFS {
		return nil
	}
	if f.maxNodes > 0 || f.timeout > 0 {
		return nil
	}
	for _, c := range cases {
		if n := c.Board.W * c.Board.H; n >= uninformedCells {
			return badInputf("line %d: --algo %s cannot search a %dx%d board (%s states) in memory or time; use --algo auto, or bound it with --max-nodes or --timeout",
				c.Line, algo, c.Board.W, c.Board.H, stateCount(n))
		}
	}
	return nil
}

// stateCount describes n!/2, the number of boards of n cells that reach one goal.
func stateCount(n int) string {
	f := 0.5
	for i := 2; i <= n; i++ {
		f *= float64(i)
	}
	return fmt.Sprintf("%.3g", f)
}

// limits returns the node cap for algo: the user's, or the memory guard.
func (f *slidingFlags) limits(algo sliding.Algorithm) search.Limits {
	if f.maxNodes == 0 && (algo == sliding.BFS || algo == sliding.AStar) {
		return search.Limits{MaxNodes: memoryGuard}
	}
	return search.Limits{MaxNodes: f.maxNodes}
}

// solve answers one board with the flags' algorithm and heuristic; auto
// is the library's choice of method (pdb.Solver), pattern databases
// included.
func (f *slidingFlags) solve(ctx context.Context, solver *pdb.Solver, algo sliding.Algorithm, b, goal sliding.Board) (sliding.Solution, error) {
	return api.SolveSliding(ctx, b, goal, api.SlidingOptions{Algorithm: algo, Heuristic: f.heuristic, Partition: f.partition, MaxDepth: f.maxDepth, Limits: f.limits(algo), PDB: solver})
}

// readInput reads r whole: a regular file (stdin redirected from one) in
// one read of its size, anything else with io.ReadAll.
func readInput(r io.Reader) ([]byte, error) {
	if f, ok := r.(*os.File); ok {
		if fi, err := f.Stat(); err == nil && fi.Mode().IsRegular() {
			if off, err := f.Seek(0, io.SeekCurrent); err == nil && fi.Size() >= off {
				data := make([]byte, fi.Size()-off)
				n, err := io.ReadFull(f, data)
				if err == nil {
					// The file may have grown since.
					rest, err := io.ReadAll(f)
					return append(data[:n], rest...), err
				}
				if err != io.ErrUnexpectedEOF {
					return nil, err
				}
				return data[:n], nil
			}
		}
	}
	return io.ReadAll(r)
}

// tableFor returns the distance table of goal: the solver's, cached on disk
// beside the pattern databases, or without one the process's.
func tableFor(solver *pdb.Solver, goal sliding.Board) *sliding.Table {
	if solver == nil {
		return sliding.TableFor(goal)
	}
	return solver.Table(goal)
}

// boj11112Answers are the printed answers by distance; index 0 is
// "impossible".
var boj11112Answers = func() [][]byte {
	out := [][]byte{[]byte("impossible\n")}
	for d := range 32 {
		out = append(out, []byte(strconv.Itoa(d)+"\n"))
	}
	return out
}()

// boj11112Lengths prints the lengths of a BOJ 11112 batch read in one pass
// (sliding.Table.Distances). done is false when data is not a valid batch;
// nothing is printed then, and the caller reports the fault.
func boj11112Lengths(e *env, solver *pdb.Solver, f *slidingFlags, data []byte) (done bool, err error) {
	goal := sliding.Standard(3, 3)
	if f.goal != "" {
		goal, _ = sliding.ParseGoal(f.goal, 3, 3) // checked by f.check
	}
	dist, err := tableFor(solver, goal).Distances(nil, data, sliding.BOJ11112)
	if err != nil {
		return false, nil
	}
	out := make([]byte, 0, 3*len(dist))
	for _, d := range dist {
		out = append(out, boj11112Answers[int(d)+1]...)
	}
	_, err = e.stdout.Write(out)
	return true, err
}

// explain adds advice to a limit error.
func explain(err error) error {
	switch {
	case errors.Is(err, pdb.ErrCheckpoint):
		return badInput(err)
	case errors.Is(err, context.Canceled):
		return interrupted{err}
	case errors.Is(err, context.DeadlineExceeded):
		return fmt.Errorf("%w (the --timeout ran out; raise it, or try --algo auto)", err)
	case errors.Is(err, search.ErrLimit):
		return fmt.Errorf("%w (raise --max-nodes, or try --algo auto)", err)
	case errors.Is(err, search.ErrNotFound):
		return fmt.Errorf("%w (raise --max-depth, or try --algo auto)", err)
	}
	return err
}

// interrupted reports a search stopped by Ctrl-C (its context canceled) as
// "interrupted" rather than as a limit reached, keeping what follows the
// cause, such as where a checkpoint saved the progress.
type interrupted struct{ err error }

func (e interrupted) Error() string {
	msg := e.err.Error()
	cause := context.Canceled.Error()
	if i := strings.Index(msg, cause); i >= 0 {
		return "interrupted" + msg[i+len(cause):]
	}
	return "interrupted: " + msg
}

func (e interrupted) Unwrap() error { return e.err }

func printStats(w io.Writer, what string, solvable bool, sol sliding.Solution) {
	if !solvable {
		fmt.Fprintf(w, "%s: unsolvable (parity), no search\n", what)
		return
	}
	st := sol.Stats
	fmt.Fprintf(w, "%s: method %s, optimal %v, expanded %d, generated %d, peak frontier %d, peak stored %d, iterations %d, time %v\n",
		what, sol.Method, sol.Optimal, st.Expanded, st.Generated, st.PeakFrontier, st.PeakStored, st.Iterations, st.Elapsed.Round(time.Microsecond))
}

func addStats(t *search.Stats, s search.Stats) {
	t.Expanded += s.Expanded
	t.Generated += s.Generated
	t.PeakFrontier = max(t.PeakFrontier, s.PeakFrontier)
	t.PeakStored = max(t.PeakStored, s.PeakStored)
	t.Iterations += s.Iterations
}

func writeJSON(w *bufio.Writer, line int, solvable bool, sol sliding.Solution) {
	data, _ := json.Marshal(api.NewSlidingAnswer(line, solvable, sol))
	w.Write(data)
	w.WriteByte('\n')
}
