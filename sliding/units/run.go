package units

import (
	"bytes"
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"slices"
	"sync"
	"time"

	"github.com/searchlab/searchlab/search"
	"github.com/searchlab/searchlab/sliding"
	"github.com/searchlab/searchlab/sliding/solve"
)

// Job is one unit to search: its line, its boards and unit (from
// WorkUnit.Parse), the bound to search it to, and the set to search with.
type Job struct {
	Line        WorkUnit
	Board, Goal sliding.Board
	Unit        solve.Unit
	Bound       int
	Set         *solve.UnitSet
}

// ErrNoBound reports a unit line that carries no bound, searched without
// one given.
var ErrNoBound = errors.New("no bound")

// Jobs checks unit lines and returns their jobs for Run: each unit to be
// searched to bound, or when bound is 0 to the bound its line carries,
// with the set that solver uses for the line's partition. Errors name
// the line, from 1: a line that does not parse matches solve.ErrInput,
// and one without a bound ErrNoBound too.
func Jobs(ctx context.Context, solver *solve.Solver, lines []WorkUnit, bound int) ([]Job, error) {
	jobs := make([]Job, len(lines))
	for i, u := range lines {
		b, g, pu, err := u.Parse()
		if err != nil {
			return nil, solve.InputErrorf("line %d: %v", i+1, err)
		}
		j := Job{Line: u, Board: b, Goal: g, Unit: pu, Bound: cmp.Or(bound, u.Bound)}
		if j.Bound == 0 {
			return nil, solve.InputErrorf("line %d: %w", i+1, ErrNoBound)
		}
		if j.Set, err = solver.Units(ctx, b.W, b.H, g.Blank(), u.Partition); err != nil {
			return nil, fmt.Errorf("line %d: %w", i+1, err)
		}
		jobs[i] = j
	}
	return jobs, nil
}

// Outcome is what Run did with one job: Searched is false for a job left
// out, because a unit before it of the same board and bound found a
// solution (those after it need no search, see solve.MergeRound) or because
// ctx ended first; otherwise Answer is its result line, or Err its error.
type Outcome struct {
	Searched bool
	Answer   UnitAnswer
	Err      error
}

// Run searches the jobs on the given number of goroutines, each unit to
// its bound with lim, and returns the outcome of each, in the jobs' order.
// It stops handing out jobs when ctx ends.
func Run(ctx context.Context, jobs []Job, workers int, lim search.Limits) []Outcome {
	out := make([]Outcome, len(jobs))
	// The lowest unit of each board and bound that found a solution.
	type boardBound struct{ line, bound int }
	var mu sync.Mutex
	found := map[boardBound]int{}
	next := 0
	var wg sync.WaitGroup
	for range min(workers, len(jobs)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				mu.Lock()
				i := next
				next++
				mu.Unlock()
				if i >= len(jobs) || ctx.Err() != nil {
					return
				}
				j := jobs[i]
				key := boardBound{j.Line.Line, j.Bound}
				mu.Lock()
				f, ok := found[key]
				mu.Unlock()
				if ok && f < j.Unit.Index {
					continue
				}
				r, err := j.Set.SearchUnit(ctx, j.Goal, j.Unit, j.Bound, lim)
				out[i] = Outcome{Searched: true, Answer: NewAnswer(j.Line, r), Err: err}
				if err == nil && r.Found {
					mu.Lock()
					if f, ok := found[key]; !ok || j.Unit.Index < f {
						found[key] = j.Unit.Index
					}
					mu.Unlock()
				}
			}
		}()
	}
	wg.Wait()
	return out
}

// Answers returns the result lines of Run's outcomes that were searched,
// in order, up to the first outcome that failed or that Run left out
// because ctx ended; it returns that outcome's index too, with its error
// (for one left out, search.ErrLimit with ctx's error). The index is -1
// when there is none. Outcomes left out after a solution are skipped.
func Answers(ctx context.Context, outcomes []Outcome) ([]UnitAnswer, int, error) {
	var answers []UnitAnswer
	for i, o := range outcomes {
		switch {
		case o.Err != nil:
			return answers, i, o.Err
		case !o.Searched && ctx.Err() != nil:
			return answers, i, fmt.Errorf("%w: %w", search.ErrLimit, ctx.Err())
		case o.Searched:
			answers = append(answers, o.Answer)
		}
	}
	return answers, -1, nil
}

// Board is one board's search after Pending merged its results.
type Board struct {
	// Line is the board's line in its input (WorkUnit.Line).
	Line int
	// Split is the split its units describe; Partition names their sets.
	Split     solve.Split
	Partition string
	// Rounds are the bounds merged so far.
	Rounds []solve.Round
	// Solution is optimal once the board is solved; its Method names the
	// partition, as "pdb 6-6-3 (work units)".
	Solution sliding.Solution
	// Next is the bound to search next, and Todo the units still to search
	// there (each with Bound set), when the board is not solved.
	Next int
	Todo []WorkUnit
}

// Pending merges the results so far with the units of one board (all of
// them, as from New): the board is solved, or Todo lists the units still
// to search at the next bound. Errors in the units match solve.ErrInput;
// results that do not fit the split are errors (those of solve.MergeRound), with Rounds
// set to the bounds merged before them.
func Pending(us []WorkUnit, results []solve.UnitResult) (Board, error) {
	sp, err := SplitOf(us)
	if err != nil {
		return Board{}, err
	}
	b := Board{Line: us[0].Line, Split: sp, Partition: us[0].Partition}
	sol, next, rounds, err := resume(sp, results)
	b.Rounds = rounds
	if err != nil {
		return b, err
	}
	if sol.Optimal {
		sol.Method = solve.PartitionMethod(b.Partition) + workUnits
		b.Solution = sol
		return b, nil
	}
	b.Next = next
	have := map[int]bool{}
	for _, r := range results {
		if r.Bound == next {
			have[r.Index] = true
		}
	}
	for _, u := range us {
		if !have[u.Unit] {
			u.Bound = next
			b.Todo = append(b.Todo, u)
		}
	}
	return b, nil
}

// resume replays the rounds that results hold (of any bounds, in any
// order, as a scheduler collects them) from the first bound sp.H: it
// returns the solution when a round found one (checked, with the rounds'
// nodes in its Stats), and otherwise the bound to search next. A round
// lacking results for some units ends the replay there: its bound is the
// one to search (again, for the units missing).
func resume(sp solve.Split, results []solve.UnitResult) (sol sliding.Solution, next int, rounds []solve.Round, err error) {
	byBound := map[int][]solve.UnitResult{}
	for _, r := range results {
		byBound[r.Bound] = append(byBound[r.Bound], r)
	}
	sol.Stats.Expanded = sp.Expanded
	for bound := sp.H; ; {
		rs, ok := byBound[bound]
		if !ok {
			return sol, bound, rounds, nil
		}
		r, err := solve.MergeRound(bound, len(sp.Units), rs)
		if errors.Is(err, solve.ErrMissingUnits) {
			return sol, bound, rounds, nil
		}
		if err != nil {
			return sol, 0, rounds, err
		}
		rounds = append(rounds, r)
		sol.Stats.Iterations++
		sol.Stats.Expanded += r.Expanded
		sol.Stats.Generated += r.Generated
		if r.Solved {
			if err := sliding.Verify(sp.Board, sp.Goal, r.Moves); err != nil {
				return sol, 0, rounds, fmt.Errorf("units: the units' path does not reach the goal: %v", err)
			}
			sol.Moves, sol.Optimal = r.Moves, true
			sol.Stats.PeakFrontier = len(r.Moves)
			return sol, 0, rounds, nil
		}
		bound = r.Next
	}
}

// Deal hands the units to procs workers, worker p every procs-th unit from
// unit p, runs search on each worker's share at once (in a process of its
// own, say), and returns every result read back. The first errors, joined,
// are returned when any worker fails.
func Deal(ctx context.Context, us []WorkUnit, procs int, search func(ctx context.Context, p int, share []WorkUnit) ([]UnitAnswer, error)) ([]solve.UnitResult, error) {
	procs = min(procs, len(us))
	results := make([][]solve.UnitResult, procs)
	errs := make([]error, procs)
	var wg sync.WaitGroup
	for p := range procs {
		var share []WorkUnit
		for i := p; i < len(us); i += procs {
			share = append(share, us[i])
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			answers, err := search(ctx, p, share)
			if err != nil {
				errs[p] = err
				return
			}
			for _, a := range answers {
				r, err := a.Result()
				if err != nil {
					errs[p] = err
					return
				}
				results[p] = append(results[p], r)
			}
		}()
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		return nil, err
	}
	return slices.Concat(results...), nil
}

// RunCommands searches the units in procs processes at once, dealt as
// Deal deals them: for each share, command returns a process (an
// *exec.Cmd, not started) that reads the share's units as JSON lines on
// its stdin and writes their results as JSON lines on its stdout, as
// "searchlab sliding run-units" does. RunCommands sets the process's
// stdin and stdout, runs it, and returns every result read back; a
// process that fails is an error naming it. The processes write to a
// Stderr that is not a file through one lock.
func RunCommands(ctx context.Context, us []WorkUnit, procs int, command func(ctx context.Context) *exec.Cmd) ([]solve.UnitResult, error) {
	n := min(procs, len(us))
	var mu sync.Mutex
	return Deal(ctx, us, procs, func(ctx context.Context, p int, share []WorkUnit) ([]UnitAnswer, error) {
		var in bytes.Buffer
		if err := WriteLines(&in, share); err != nil {
			return nil, err
		}
		cmd := command(ctx)
		if _, file := cmd.Stderr.(*os.File); cmd.Stderr != nil && !file {
			// exec copies into a writer that is not a file from a
			// goroutine of each process.
			cmd.Stderr = &lockedWriter{mu: &mu, w: cmd.Stderr}
		}
		cmd.Stdin = &in
		out, err := cmd.Output()
		if err != nil {
			return nil, fmt.Errorf("run-units (process %d of %d): %w", p+1, n, err)
		}
		return ReadAnswers(bytes.NewReader(out))
	})
}

// lockedWriter serialises the writes of several goroutines to w.
type lockedWriter struct {
	mu *sync.Mutex
	w  io.Writer
}

func (l *lockedWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(p)
}

// RoundFunc searches every unit of a split to bound and returns their
// results, in any order; Drive calls it once a bound.
type RoundFunc func(ctx context.Context, bound int) ([]solve.UnitResult, error)

// Commands returns the RoundFunc that searches the units us in procs
// processes at once (RunCommands): command returns the process that
// searches a share of the units to the bound given. A search that ctx
// stops is a search.ErrLimit error.
func Commands(us []WorkUnit, procs int, command func(ctx context.Context, bound int) *exec.Cmd) RoundFunc {
	return func(ctx context.Context, bound int) ([]solve.UnitResult, error) {
		rs, err := RunCommands(ctx, us, procs, func(ctx context.Context) *exec.Cmd { return command(ctx, bound) })
		if err != nil && ctx.Err() != nil {
			return nil, fmt.Errorf("%w: %w", search.ErrLimit, ctx.Err())
		}
		return rs, err
	}
}

// Drive runs IDA* over the units of one board's plan: it searches every
// unit to the split's first bound with run (in this process, in child
// processes with Commands, on a cluster), merges the results
// (solve.MergeRound), raises the bound to the least f over it, and stops
// at the first bound that has a solution. The solution is checked to
// reach the goal; it is optimal, and the path that single-process IDA*
// finds. Its Stats add up the units' nodes and the split's, with one
// iteration per bound, and its Method is the plan's, as "pdb 6-6-3 (work
// units)". The rounds are returned too. A search that ctx stops is a
// search.ErrLimit error.
func Drive(ctx context.Context, p Plan, run RoundFunc) (sliding.Solution, []solve.Round, error) {
	start := time.Now()
	sp := p.Split
	sol := sliding.Solution{Method: p.Method + workUnits, Stats: search.Stats{Expanded: sp.Expanded}}
	var rounds []solve.Round
	for bound := sp.H; ; {
		if err := ctx.Err(); err != nil {
			sol.Stats.Elapsed = time.Since(start)
			return sol, rounds, fmt.Errorf("%w: %w", search.ErrLimit, err)
		}
		results, err := run(ctx, bound)
		if err != nil {
			sol.Stats.Elapsed = time.Since(start)
			return sol, rounds, err
		}
		r, err := solve.MergeRound(bound, len(sp.Units), results)
		if err != nil {
			sol.Stats.Elapsed = time.Since(start)
			return sol, rounds, err
		}
		rounds = append(rounds, r)
		sol.Stats.Iterations++
		sol.Stats.Expanded += r.Expanded
		sol.Stats.Generated += r.Generated
		if r.Solved {
			sol.Stats.Elapsed = time.Since(start)
			if err := sliding.Verify(sp.Board, sp.Goal, r.Moves); err != nil {
				return sol, rounds, fmt.Errorf("units: internal error: the units' path does not reach the goal: %v", err)
			}
			sol.Moves, sol.Optimal, sol.Bound = r.Moves, true, len(r.Moves)
			sol.Stats.PeakFrontier = len(r.Moves)
			return sol, rounds, nil
		}
		bound = r.Next
	}
}

// workUnits ends the Method of a solution found by work units.
const workUnits = " (work units)"

// Step merges the results read back so far with the units of every board
// (GroupByBoard, then Pending for each), the boards in the order of their
// first unit. When a board's merge fails, Step returns the boards before
// it and that board (its Rounds up to the fault), with the error.
func Step(us []WorkUnit, answers []UnitAnswer) ([]Board, error) {
	groups, err := GroupByBoard(us, answers)
	if err != nil {
		return nil, err
	}
	boards := make([]Board, 0, len(groups))
	for _, g := range groups {
		b, err := Pending(g.Units, g.Results)
		b.Line = g.Line
		boards = append(boards, b)
		if err != nil {
			return boards, err
		}
	}
	return boards, nil
}

// Todo returns the units still to search of the boards not solved, in
// the boards' order: what is left after Step, none when every board is
// solved.
func Todo(boards []Board) []WorkUnit {
	var todo []WorkUnit
	for _, b := range boards {
		if !b.Solution.Optimal {
			todo = append(todo, b.Todo...)
		}
	}
	return todo
}
