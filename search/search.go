// Package search holds generic state-space search algorithms. It knows no
// puzzle: a caller brings a state type, a successor function and a goal
// test, and gets back a path, its cost and statistics that are comparable
// from one algorithm to the next.
//
// # Choosing an algorithm
//
// b is the branching factor, d the depth of the answer, C* the least
// cost, V the states the search reaches. "Optimal" is least cost unless
// it says steps; the informed searches need an admissible h (one that
// never overestimates) for what they promise.
//
//	algorithm          answer                       memory          use it when
//	BFS, BFSFrom       fewest steps                 O(V)            steps cost the same; no estimate
//	BidirectionalBFS   fewest steps                 O(b^(d/2))      one goal state and predecessors (or reversible moves)
//	Dijkstra(From)     least cost                   O(V)            costs differ; no estimate
//	AStar, AStarFrom   least cost                   O(V)            an admissible estimate and memory to spare
//	NBS                least cost                   O(V), two ends  one goal state, predecessors, estimates both ways
//	WeightedAStar      cost <= w * C*               O(V)            a good answer fast, with a stated bound
//	AnytimeAStar       best so far + lower bound    O(V)            a node or time budget: returns within Gap of optimal
//	IDAStar            least cost                   O(d)            memory is short; few paths to each state
//	IDDFS              fewest steps                 O(d)            memory is short; no estimate
//	DFS                some path                    O(d)            any path will do; a depth limit
//	BranchAndBound     greatest value               O(d)            maximising over a tree, with an upper bound
//	AllOptimal         every least-cost path        O(V)            how many optimal answers, and which
//	Yen                k cheapest loopless paths    O(V) per search alternatives to the best path
//	BFSReach,          every state by distance      O(V)            no goal: what lies within reach, in order
//	DijkstraReach
//	FringeSearch       least cost                   O(V)            IDA*'s bounds, no search again from the start
//	JumpPointSearch    least cost on a Grid         O(cells)        an 8-connected map: A*'s cost, fewer expansions
//
// The informed searches take a nil h as the estimate 0, every one of them
// alike (they then search as Dijkstra does, or IDA* as iterative
// deepening on cost). Step costs must be 0 or more: the searches that
// order states by cost stop with ErrNegativeCost at a negative step; those
// that count steps (BFS, DFS, IDDFS, BidirectionalBFS) only add the costs
// up.
//
// Every algorithm takes a context.Context and a Limits value. When the
// context is done or the node cap is reached, the search stops and returns an
// error that matches ErrLimit (and, for the context, the context's own error),
// never a path that is not what the algorithm promises; AnytimeAStar and
// BranchAndBound return their best answer so far with its bound as well.
//
// # Traversals, cycles and grids
//
// Without a goal, the package answers questions about the graph that a
// successor function spans, with the same Limits and Stats: DFSReach
// (depth-first preorder, beside BFSReach), CountPaths (path counting in a
// directed acyclic graph, exact in a *big.Int), TopologicalSort (each state
// before its successors; a cycle is a *CycleError that names one),
// StronglyConnectedComponents (Tarjan's algorithm, sinks first) and
// ConnectedComponents (steps taken both ways). Brent and Floyd do cycle
// detection on a sequence x0, f(x0), f(f(x0)), .... FringeSearch is fringe
// search: IDA*'s rising f bounds over a list of the states at the edge of
// the last iteration. Grid is a map of open cells and walls whose methods
// are successor functions for every algorithm (4- or 8-connected, Moving
// AI's costs and corner rules, the octile distance), and JumpPointSearch
// finds A*'s least cost on it from fewer expansions (far fewer on open
// maps). Maximum flow, assignment and spanning trees are not search and are
// left out (gonum.org/v1/gonum/graph/path has Kruskal and Prim).
//
// # Float costs
//
// Step costs may be of any integer or floating-point type (see Cost); the
// type is inferred from the successor function, and an int search gives
// exactly what it always did. With float costs the searches compare costs
// exactly as the type compares them and add them in path order, start
// first: the cost of a path is the rounded sum g = ((c1 + c2) + c3) + ...,
// which is what Result.Cost holds. Rounding is monotone, so Dijkstra,
// DijkstraFrom, DijkstraReach and BFS on unit steps return a path whose
// rounded sum is the least over all paths: optimal in the arithmetic of the
// type. The informed searches add h to g, and an estimate that is
// admissible in exact arithmetic may exceed a rounded remainder by an ulp,
// so A*, IDA*, FringeSearch, JumpPointSearch, NBS and AllOptimal are
// optimal to within the rounding of a path's sum (a relative error of about
// n*eps for n steps, eps = 2^-53 for float64). Ties are equalities of
// rounded sums: two paths whose exact costs are equal may round apart, so
// the tie-break (and AllOptimal's set of optimal paths) can differ from
// exact arithmetic. Costs that are exact in
// binary (integers below 2^53, multiples of a power of two) have no
// rounding; where a count of optimal answers matters, use those or integers.
//
// A search can be watched: Limits.Observe receives every step as an Event
// (expand, generate, duplicate, reopen, threshold, prune, improve, goal,
// meet), and a Trace keeps a bounded number of them. Each algorithm has
// one body: events are built only when Observe is set, so a search without
// an observer pays one predictable branch per event for them.
package search

import (
	"context"
	"errors"
	"fmt"
	"iter"
	"math"
	"time"
	"unsafe"
)

// Cost is the constraint on step costs: any integer or floating-point type.
// A search adds costs in the type itself, so C must hold the cost of every
// path it meets (an int8 overflows soon; a float rounds, see the package
// doc on float costs).
type Cost interface {
	~int | ~int8 | ~int16 | ~int32 | ~int64 |
		~uint | ~uint8 | ~uint16 | ~uint32 | ~uint64 |
		~float32 | ~float64
}

// Successors yields the states one step from s, each with the cost of that
// step. Costs must be non-negative. The order in which states are yielded is
// the order in which depth-first algorithms try them. The cost type C is
// inferred from the function a caller passes: a func(S) iter.Seq2[S, int]
// makes every cost of the search an int, a func(S) iter.Seq2[S, float64] a
// float64.
type Successors[S any, C Cost] func(s S) iter.Seq2[S, C]

// Stats describes the work one search did. The same fields are filled by
// every algorithm, so that algorithms can be compared on one instance.
type Stats struct {
	// Expanded counts the states whose successors were generated.
	Expanded int64
	// Generated counts the successor states produced, duplicates included.
	Generated int64
	// PeakFrontier is the most states held at once in the open list (BFS,
	// A*) or on the current path (DFS, IDDFS, IDA*, branch and bound).
	PeakFrontier int
	// PeakStored is the most states held in memory at once: the frontier
	// plus any visited or closed set. It is the memory an algorithm needs.
	PeakStored int
	// Iterations counts the depth or cost thresholds that iterative
	// algorithms tried; it is 1 for the others.
	Iterations int
	// Elapsed is the wall-clock time the search took.
	Elapsed time.Duration
}

// Add adds the counts of t (expanded, generated, iterations) and its
// elapsed time to s, and keeps the larger of each peak: the stats of
// several searches taken as one. A caller that ran them at once sets
// Elapsed to the wall-clock time afterwards.
func (s *Stats) Add(t Stats) {
	s.Expanded += t.Expanded
	s.Generated += t.Generated
	s.PeakFrontier = max(s.PeakFrontier, t.PeakFrontier)
	s.PeakStored = max(s.PeakStored, t.PeakStored)
	s.Iterations += t.Iterations
	s.Elapsed += t.Elapsed
}

// Limits bounds a search. The zero value sets no bound beyond the context.
type Limits struct {
	// MaxNodes caps the number of states expanded; 0 means no cap.
	MaxNodes int64
	// MaxBytes caps, in bytes, the memory of the states a search holds
	// at once: it stops with ErrMemory when PeakStored times StateBytes of
	// a start state would pass it. Every algorithm counts what it holds:
	// the searches with a table of every state reached (BFS, A* and its
	// weighted, anytime and bidirectional kin, AllOptimal, the Reach
	// searches) the table; the depth-first ones (DFS, IDDFS, IDA*,
	// BranchAndBound) their path and the successors waiting on it; the
	// traversals (FringeSearch, DFSReach, CountPaths, TopologicalSort and
	// the components) their table and stack. The
	// table-keeping searches check at each expansion, so they may pass
	// the cap by one expansion's successors; the depth-first ones never
	// pass it. JumpPointSearch counts its own tables (see its doc);
	// Brent and Floyd hold two states and have nothing to bound.
	// 0 means no cap.
	MaxBytes int64
	// Index, when set, numbers the states densely for the best-first
	// searches (AStar, AStarFrom, Dijkstra, DijkstraFrom, WeightedAStar):
	// it must be a func(S) int for the search's state type S that returns
	// a small non-negative integer, a different one for each state (for a
	// grid cell, row*width + column). They then keep their table of the
	// states reached in a slice by that number instead of a hash table: no
	// hashing, and the neighbours of a state near each other in memory,
	// which on a large grid is about twice as fast. The slice is as long as
	// the greatest index returned, 4 bytes an entry. The answer is the same
	// as without it. A function of another type is an error; the other
	// algorithms ignore Index.
	//
	// Without it, states whose bytes are their value (integers, booleans,
	// and arrays and structs of them without padding, such as a struct of
	// a row and a column) are numbered by the searches' own table: in
	// pages of 16 x 16 cells (by the low bits of the first two integer
	// fields, or 256 values of the only one) while the states fill them,
	// which is about as fast as Index; otherwise hashed, the cells of a
	// small square of the grid in one cache line. Other types (strings,
	// floats, pointers) go in a Go map.
	Index any
	// Observe, when not nil, receives every step of the search as an
	// Event, in order (see EventKind for what each algorithm reports); the
	// answer and the Stats are the same as without it. A nil Observe
	// costs nothing. A Trace's Observe method keeps a bounded number of
	// events.
	Observe Observer
}

// Result is the outcome of a path-finding search with step costs of type C.
type Result[S any, C Cost] struct {
	// Path holds the states from the start (first) to the goal (last).
	Path []S
	// Cost is the sum of the step costs along Path, added start first.
	Cost C
	// Stats describes the work done, also when the search failed.
	Stats Stats
}

// ErrNotFound reports that the search space, within any depth limit the
// algorithm was given, holds no goal state.
var ErrNotFound = errors.New("search: no path to a goal")

// ErrLimit reports that a search stopped before it could finish, because its
// node cap was reached or its context was done. Errors caused by the context
// also match the context's error (context.Canceled or
// context.DeadlineExceeded) under errors.Is.
var ErrLimit = errors.New("search: limit reached")

// ErrMemory reports that a search stopped at its memory budget,
// Limits.MaxBytes. It matches ErrLimit too.
var ErrMemory error = &reasonError{ErrLimit, "memory budget"}

// reasonError is err with a reason after it, as fmt.Errorf("%w: reason")
// makes it, for the package's error variables: made without fmt, so that
// a process that links the package runs no fmt at start-up.
type reasonError struct {
	err    error
	reason string
}

func (e *reasonError) Error() string { return e.err.Error() + ": " + e.reason }
func (e *reasonError) Unwrap() error { return e.err }

// ErrNegativeCost reports a step whose cost is negative (or NaN), which
// the searches that order states by their cost (Dijkstra, A* and its kin,
// IDA*, fringe search, NBS, AllOptimal, Yen, DijkstraReach) cannot take:
// with such a step the least-cost path they return could be wrong, and a
// cycle of negative cost has no least. They stop with it at the first
// such step they meet; a step out of a state they never expand goes
// unseen, so their answers hold only for steps of 0 or more.
var ErrNegativeCost = errors.New("search: a step of negative cost")

// negative reports whether c is below 0 or NaN.
func negative[C Cost](c C) bool { return !(c >= 0) }

// negativeError is the error of a search that met a step of cost c.
func negativeError[C Cost](c C) error {
	return fmt.Errorf("%w (%v); the searches by cost need steps of 0 or more", ErrNegativeCost, c)
}

// limitError is the error returned when a context ends a search.
type limitError struct{ cause error }

func (e limitError) Error() string        { return "search: stopped: " + e.cause.Error() }
func (e limitError) Is(target error) bool { return target == ErrLimit }
func (e limitError) Unwrap() error        { return e.cause }

// StateBytes estimates the memory one state held by BFS or A* costs: its
// own size (with the bytes behind a string or a byte slice), the tables'
// bookkeeping, and as much again for the garbage collector's headroom.
// MaxBytes divided by it is the most states a search may hold.
func StateBytes[S any](s S) int64 {
	n := int64(unsafe.Sizeof(s))
	switch v := any(s).(type) {
	case string:
		n += int64(len(v))
	case []byte:
		n += int64(cap(v))
	}
	return 2 * (n + stateOverhead)
}

// stateOverhead is the bytes a held state costs beyond its own: its parent
// and cost in the visited table, the table's slack and the queue's slot.
// (A best-first search with an int cost: 24 bytes of node, 8 to 16 of
// hashed slots or a map's share, 32 for an entry of its open list; or,
// paged, at most 4 nodes' room under a cap of bytes, see sparseFor.)
const stateOverhead = 80

// meter counts expansions and enforces Limits. Checking the context costs a
// channel poll, so it is done once every checkEvery expansions.
type meter struct {
	ctx   context.Context
	lim   Limits
	stats *Stats
	start time.Time
	obs   Observer
	// maxStored is the most states that MaxBytes allows; 0 is no cap.
	maxStored int
}

const checkEvery = 1 << 10

func newMeter(ctx context.Context, lim Limits, stats *Stats) meter {
	if ctx == nil {
		ctx = context.Background()
	}
	return meter{ctx: ctx, lim: lim, stats: stats, start: time.Now(), obs: lim.Observe}
}

// expand records one expansion and reports an error when a limit is reached.
func (m *meter) expand() error {
	m.stats.Expanded++
	if m.lim.MaxNodes > 0 && m.stats.Expanded > m.lim.MaxNodes {
		m.stats.Expanded--
		return m.capError()
	}
	if m.maxStored > 0 && m.stats.PeakStored > m.maxStored {
		m.stats.Expanded--
		return m.memoryError(m.stats.PeakStored)
	}
	// The first expansion checks the context too, so that a search that
	// starts with its context done, or a short one run many times, stops
	// at once.
	if m.stats.Expanded%checkEvery == 1 {
		if err := m.ctx.Err(); err != nil {
			m.stats.Expanded--
			return limitError{err}
		}
	}
	return nil
}

// begin returns the error of a search whose context is done before it
// starts, so that it costs nothing.
func (m *meter) begin() error {
	if err := m.ctx.Err(); err != nil {
		return limitError{err}
	}
	return nil
}

// memoryError is the error of a search that would hold n states, more
// than Limits.MaxBytes allows.
func (m *meter) memoryError(n int) error {
	return fmt.Errorf("%w of %d bytes (%d states held)", ErrMemory, m.lim.MaxBytes, n)
}

// room returns the node cap's error when the search has made as many
// expansions as it may, so that a search that hands out states before
// it expands them (the Reach searches) stops at its cap.
func (m *meter) room() error {
	if m.lim.MaxNodes > 0 && m.stats.Expanded >= m.lim.MaxNodes {
		return m.capError()
	}
	return nil
}

// capError is the error of a search that reached its node cap.
func (m *meter) capError() error {
	return fmt.Errorf("%w: node cap of %d expansions", ErrLimit, m.lim.MaxNodes)
}

func (m *meter) frontier(n int) {
	if n > m.stats.PeakFrontier {
		m.stats.PeakFrontier = n
	}
}

func (m *meter) stored(n int) {
	if n > m.stats.PeakStored {
		m.stats.PeakStored = n
	}
}

func (m *meter) done() { m.stats.Elapsed = time.Since(m.start) }

// onePass returns the meter of a search that runs once from start
// (Stats.Iterations is 1), its cap on held states sized by start.
func onePass[S any](ctx context.Context, lim Limits, stats *Stats, start S) meter {
	m := newMeter(ctx, lim, stats)
	holds(&m, start)
	stats.Iterations = 1
	return m
}

// holds sets the meter's cap on held states from Limits.MaxBytes and the
// size of a state like s.
func holds[S any](m *meter, s S) {
	if m.lim.MaxBytes > 0 {
		m.maxStored = int(max(1, m.lim.MaxBytes/StateBytes(s)))
	}
}

// isFloat reports whether C is a floating-point type.
func isFloat[C Cost]() bool {
	one := C(1)
	return one/2 != 0
}

// infinity returns a cost of type C above every path's: +Inf for a float
// type, the greatest value for an integer type.
func infinity[C Cost]() C {
	if isFloat[C]() {
		return C(math.Inf(1))
	}
	var c C
	c--
	if c > 0 {
		return c // unsigned: the decrement wrapped to the greatest value
	}
	bits := unsafe.Sizeof(c) * 8
	return C(uint64(1)<<(bits-1) - 1)
}

// toInt returns c as an int: rounded to the nearest for a float type, and
// held within the range of int.
func toInt[C Cost](c C) int {
	f := float64(c)
	switch {
	case f >= math.MaxInt:
		return math.MaxInt
	case f <= math.MinInt:
		return math.MinInt
	case isFloat[C]():
		return int(math.Round(f))
	}
	return int(c)
}
