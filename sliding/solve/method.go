package solve

import (
	"context"
	"errors"
	"fmt"

	"github.com/searchlab/searchlab/search"
	"github.com/searchlab/searchlab/sliding"
	"github.com/searchlab/searchlab/sliding/pdb"
)

// ErrInput marks an error caused by the request rather than by the solver:
// an unknown heuristic, a partition that does not fit the board, pattern
// databases asked for where there are none, a search that cannot finish
// unbounded. The command line answers it with exit status 2, the HTTP API
// with 400 Bad Request.
var ErrInput = errors.New("bad input")

// InputErrorf returns an error that matches ErrInput and prints as the
// message alone: for the packages above and beside the solve layer (work
// units, traces) whose faults of input are the solver's callers' too.
func InputErrorf(format string, args ...any) error {
	return inputError{fmt.Errorf(format, args...)}
}

type inputError struct{ err error }

func (e inputError) Error() string   { return e.err.Error() }
func (e inputError) Unwrap() []error { return []error{e.err, ErrInput} }

// Method names how Run solves a board. Its zero value is the fastest exact
// method, as Solve. The names are those of the registry (Algorithms,
// Heuristics); Check validates them.
type Method struct {
	// Algorithm is sliding.Auto (the fastest exact method; also "") or a
	// generic algorithm of package search.
	Algorithm sliding.Algorithm
	// Heuristic names the heuristic of the informed algorithms: misplaced,
	// manhattan, linear, or HeuristicPDB for pattern databases ("" is
	// linear).
	Heuristic string
	// Weight is the weight on the heuristic of the weighted algorithms
	// (wastar, anytime); 0 is sliding.DefaultWeight.
	Weight float64
	// Partition names the pattern-database set; "" is the set Solve
	// chooses.
	Partition string
	// MaxDepth bounds DFS and IDDFS; 0 is the board's default.
	MaxDepth int
}

// Check checks m against the registry, before any board: the algorithm
// and the heuristic are known, a heuristic that needs pattern databases
// goes with auto or idastar, and the weight and depth are not negative.
// Its errors match ErrInput: a *FieldError naming algo, heuristic, weight
// or max depth, or ErrPDBAlgorithm.
func (m Method) Check() error {
	algo, err := AlgorithmOf(string(m.Algorithm))
	if err != nil {
		return &FieldError{"algo", err}
	}
	h, err := HeuristicOf(m.Heuristic)
	if err != nil {
		return &FieldError{"heuristic", err}
	}
	if h.Databases {
		if err := pdbAlgorithm(algo.Name); err != nil {
			return err
		}
	}
	if m.Weight < 0 || m.Weight != m.Weight {
		return &FieldError{"weight", errors.New("must be a positive number, or 0 for the default")}
	}
	if m.MaxDepth < 0 {
		return &FieldError{"max-depth", errors.New("must not be negative")}
	}
	return nil
}

// Fastest reports whether m leaves the method to the Solver: the algorithm
// auto with a heuristic that needs no pattern databases, so that boards
// of up to 9 cells are looked up in their distance table.
func (m Method) Fastest() bool {
	return (m.Algorithm == "" || m.Algorithm == sliding.Auto) && !usesDatabases(m.Heuristic)
}

// Lookup reports whether Run answers a w x h board by m with a look-up in
// the board's distance table (microseconds once the table is loaded): the
// fastest method on a board of up to 9 cells. A server gives such
// requests a lane of their own, never queued behind searches.
func (m Method) Lookup(w, h int) bool {
	return m.Fastest() && sliding.TableSize(w, h)
}

// MemoryGuard is the node cap that Run puts on the searches that keep every
// state they reach (BFS, A* and their kin) when the limits set none, and
// MemoryBudget the memory budget (see search.Limits.MaxBytes) it puts on
// every search whose limits set none, whatever their node cap: a node cap
// alone let a 16x16 BFS take 3 GB (6 GB for bidirectional BFS at
// 20,000,000 nodes); the budget holds every board size to about 1 GB.
const (
	MemoryGuard  = 2_000_000
	MemoryBudget = 1 << 30
)

// UninformedCells is the board size from which Run refuses BFS, DFS and
// IDDFS unless a node cap or a deadline bounds them: 3x4 has 239 million
// states, 4x4 over 10^13, and a depth-first search to the default depth
// bound of such a board runs for ages.
const UninformedCells = 12

// UnboundedError is Run's answer to an uninformed search that cannot
// finish on the board without a bound. It matches ErrInput.
type UnboundedError struct {
	Algorithm sliding.Algorithm
	W, H      int
}

func (e *UnboundedError) Error() string {
	return fmt.Sprintf("%s cannot search a %dx%d board (%s states) in memory or time without a node cap or a deadline",
		e.Algorithm, e.W, e.H, e.States())
}

// Is reports whether target is ErrInput.
func (e *UnboundedError) Is(target error) bool { return target == ErrInput }

// States describes n!/2, the number of boards that reach one goal.
func (e *UnboundedError) States() string {
	f := 0.5
	for i := 2; i <= e.W*e.H; i++ {
		f *= float64(i)
	}
	return fmt.Sprintf("%.3g", f)
}

// Bounded returns the refusal of Run for algo on a w x h board, or nil:
// BFS, DFS and IDDFS on boards of UninformedCells or more need a node cap
// or a deadline (bounded).
func Bounded(algo sliding.Algorithm, w, h int, bounded bool) error {
	if (algo == sliding.BFS || algo == sliding.DFS || algo == sliding.IDDFS) && !bounded && w*h >= UninformedCells {
		return &UnboundedError{algo, w, h}
	}
	return nil
}

// ErrNoCheckpoint is Checkpointable's refusal of a method other than the
// pattern-database search. It matches ErrInput.
var ErrNoCheckpoint = inputError{errors.New("solve: only the pattern-database search keeps a checkpoint")}

// Checkpointable returns nil when the search of a w x h board by m can
// keep a checkpoint to resume from (RunOptions.Checkpoint), that is,
// when m is the pattern-database search (the zero Method, or IDA* with the
// heuristic pdb) and the board is too large for a distance table and has
// pattern databases. Its errors match ErrInput.
func Checkpointable(m Method, w, h int) error {
	switch {
	case m.Algorithm != "" && m.Algorithm != sliding.Auto && (m.Algorithm != sliding.IDAStar || !usesDatabases(m.Heuristic)):
		return ErrNoCheckpoint
	case sliding.TableSize(w, h):
		return InputErrorf("a %dx%d board is answered from a table at once; nothing to resume", w, h)
	}
	if _, err := pdb.PartitionFor(w, h, ""); err != nil {
		return InputErrorf("%v", err)
	}
	return nil
}

// Limits returns lim with the memory guard of algo: MemoryBudget as the
// memory budget of every search when lim sets none, whatever its node cap,
// and MemoryGuard as the node cap of the searches that keep every state
// they reach (BFS, bidirectional BFS, A*, NBS, weighted and anytime A*)
// when lim sets none.
func Limits(algo sliding.Algorithm, lim search.Limits) search.Limits {
	if lim.MaxBytes == 0 {
		lim.MaxBytes = MemoryBudget
	}
	switch algo {
	case sliding.BFS, sliding.BiBFS, sliding.AStar, sliding.NBS, sliding.WAStar, sliding.Anytime:
		if lim.MaxNodes == 0 {
			lim.MaxNodes = MemoryGuard
		}
	}
	return lim
}

// Solve answers one board by the method m names, which it checks first
// (Method.Check): the zero Method is the fastest exact method, which the
// Solver chooses for the board's size and goal (see Solver); a Method may
// name a pattern-database partition, or a generic algorithm of package
// search with a heuristic and a weight. Every answer says whether its
// length is proven the fewest (sliding.Solution.Optimal and Mark).
//
// It returns an error matching sliding.ErrInvalid for boards that are not
// valid or differ in size, and sliding.ErrUnsolvable at once, with a
// solution whose Method says how that was decided, for a board that cannot
// reach the goal. A search stopped by ctx or by lim returns an error
// matching search.ErrLimit; lim.Observe, if set, sees every step of a
// traceable algorithm (AlgorithmInfo.Traceable) with boards as states. BFS
// and A* are capped by MemoryGuard unless lim sets a cap, and BFS and
// IDDFS are refused on large boards unless lim or ctx bounds them (see
// Bounded). Errors caused by m, and a checkpoint file (Options.Run) that
// cannot be used, match ErrInput.
func (s *Solver) Solve(ctx context.Context, b, goal sliding.Board, m Method, lim search.Limits) (sliding.Solution, error) {
	if err := m.Check(); err != nil {
		return sliding.Solution{}, err
	}
	if err := sliding.Check(b, goal); err != nil {
		return sliding.Solution{}, err
	}
	if !sliding.Solvable(b, goal) {
		return sliding.Solution{Optimal: true, Method: "parity"}, sliding.ErrUnsolvable
	}
	algo, _ := AlgorithmOf(string(m.Algorithm)) // checked
	if lim.Observe != nil && !algo.Traceable {
		return sliding.Solution{}, InputErrorf("algorithm %s cannot be traced; pick %s", algo.Name, TraceableNames())
	}
	heuristic, _ := HeuristicOf(m.Heuristic) // checked
	if heuristic.Databases {
		if s.opts.NoDatabases {
			return sliding.Solution{}, InputErrorf("heuristic %s: this searchlab has no pattern databases", heuristic.Name)
		}
		sol, err := s.solvePartition(ctx, b, goal, m.Partition, lim)
		switch {
		case errors.Is(err, pdb.ErrNoDatabase):
			return sliding.Solution{}, InputErrorf("heuristic %s: %v", heuristic.Name, err)
		case errors.Is(err, ErrNotReady):
			// Both ErrInput and ErrNotReady: a server answers 503, to retry.
			return sliding.Solution{}, InputErrorf("heuristic %s: %dx%d boards: %w; retry in a few seconds", heuristic.Name, b.W, b.H, err)
		}
		return sol, err
	}
	if algo.Name == sliding.Auto {
		if m.Partition != "" && !sliding.TableSize(b.W, b.H) && !s.opts.NoDatabases {
			sol, err := s.solvePartition(ctx, b, goal, m.Partition, lim)
			if errors.Is(err, pdb.ErrNoDatabase) {
				return sliding.Solution{}, InputErrorf("partition: %v", err)
			}
			return sol, err
		}
		return s.fastest(ctx, b, goal, lim)
	}
	_, deadline := ctx.Deadline()
	if err := Bounded(algo.Name, b.W, b.H, lim.MaxNodes > 0 || deadline); err != nil {
		return sliding.Solution{}, err
	}
	var h sliding.Heuristic
	if algo.Informed {
		h = heuristic.New(goal)
	}
	return sliding.Search(ctx, b, goal, sliding.Options{Algorithm: algo.Name, Heuristic: h, Weight: m.Weight, MaxDepth: m.MaxDepth, Limits: Limits(algo.Name, lim)})
}
