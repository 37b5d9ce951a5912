package sliding

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/searchlab/searchlab/search"
)

// ErrUnsolvable reports a board that cannot reach its goal by any sequence
// of moves. Search returns it at once, before any search.
var ErrUnsolvable = errors.New("board cannot reach the goal")

// Solution is the answer for one board.
type Solution struct {
	Moves   []Move       // blank moves from the board to the goal
	Optimal bool         // the length is proven the fewest
	Method  string       // how it was found, e.g. "table", "idastar+linear", "astar+manhattan"
	Stats   search.Stats // the work the search did
	// Bound is a proven lower bound on the fewest moves: the length itself
	// when Optimal, and for Anytime stopped by its node cap the bound it
	// proved (0 when nothing is known, as for DFS and WAStar).
	Bound int
}

// Len returns the number of moves in s.
func (s Solution) Len() int { return len(s.Moves) }

// Report describes on one line how s was found: the method, whether the
// length is proven the fewest, and the search's counts and time (to the
// microsecond), as "searchlab sliding --stats" prints it.
func (s Solution) Report() string {
	st := s.Stats
	return fmt.Sprintf("method %s, optimal %v, expanded %d, generated %d, peak frontier %d, peak stored %d, iterations %d, time %v",
		s.Method, s.Optimal, st.Expanded, st.Generated, st.PeakFrontier, st.PeakStored, st.Iterations, st.Elapsed.Round(time.Microsecond))
}

// Mark returns "" when s's length is proven the fewest moves, and
// otherwise the note that every door prints beside the length: "not
// proven optimal: METHOD", with "; at least N" when a lower bound N is
// proven, such as "not proven optimal: anytime+linear*5; at least 29".
// The line formats print it in parentheses after the answer (see
// AppendMarked), the Baekjoon formats print the length alone and the note
// on the error stream, and JSON carries "optimal" and "bound".
func (s Solution) Mark() string {
	if s.Optimal {
		return ""
	}
	m := "not proven optimal"
	if s.Method != "" {
		m += ": " + s.Method
	}
	if s.Bound > 0 {
		m += fmt.Sprintf("; at least %d", s.Bound)
	}
	return m
}

// Line returns the answer as a line format prints it, without the
// newline: the length, the moves if path, and the mark in parentheses when
// the length is not proven the fewest, such as "45 (not proven optimal:
// wastar+linear*5)".
func (s Solution) Line(path bool) string {
	var moves []Move
	if path {
		moves = s.Moves
	}
	b := AppendMarked(nil, Line, s.Len(), moves, s.Mark())
	return string(b[:len(b)-1])
}

// Solvable reports whether b can reach goal. Both must be valid boards of the
// same size (it returns false otherwise). Every move swaps the blank with a
// tile and moves the blank one cell, so a board can reach the goal exactly
// when the parity of the permutation that takes it to the goal equals the
// parity of the blank's taxicab distance to its goal cell; this holds for
// every W x H board of at least 2 x 2 and every goal.
func Solvable(b, goal Board) bool {
	if b.W != goal.W || b.H != goal.H || len(b.Tiles) != len(goal.Tiles) || len(b.Tiles) != b.W*b.H {
		return false
	}
	n := len(b.Tiles)
	if n > MaxSide*MaxSide {
		return false
	}
	var gpos [MaxSide * MaxSide]uint8
	for i, t := range goal.Tiles {
		gpos[t] = uint8(i)
	}
	// perm[i] is the goal cell of the tile on cell i; count its cycles.
	var seen [MaxSide * MaxSide]bool
	cycles := 0
	for i := range n {
		if seen[i] {
			continue
		}
		cycles++
		for j := i; !seen[j]; j = int(gpos[b.Tiles[j]]) {
			seen[j] = true
		}
	}
	permOdd := (n-cycles)%2 == 1
	bl, gl := b.Blank(), goal.Blank()
	dist := abs(bl/b.W-gl/b.W) + abs(bl%b.W-gl%b.W)
	return permOdd == (dist%2 == 1)
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// Algorithm names a way to search for a solution.
type Algorithm string

// The algorithms Search knows. Auto is the table or the tuned IDA*; the
// others run the generic algorithms of package search on boards as states.
// The registry of package sliding/solve lists them with their properties.
const (
	Auto    Algorithm = "auto"    // the fastest exact method (see Search)
	BFS     Algorithm = "bfs"     // breadth-first search: optimal, memory-bound
	DFS     Algorithm = "dfs"     // depth-limited depth-first search: not optimal
	IDDFS   Algorithm = "iddfs"   // iterative deepening: optimal, slow
	AStar   Algorithm = "astar"   // A* with a heuristic: optimal, memory-bound
	IDAStar Algorithm = "idastar" // IDA* with a heuristic: optimal, little memory
	BiBFS   Algorithm = "bibfs"   // bidirectional BFS: optimal, meets in the middle
	NBS     Algorithm = "nbs"     // bidirectional A* (NBS) with a heuristic both ways: optimal
	WAStar  Algorithm = "wastar"  // weighted A*: at most Weight times the fewest moves
	Anytime Algorithm = "anytime" // anytime weighted A*: best path within the node cap, with a bound
)

// Informed reports whether a uses a heuristic.
func (a Algorithm) Informed() bool {
	return a == AStar || a == IDAStar || a == NBS || a == WAStar || a == Anytime
}

// Options selects how Search searches.
type Options struct {
	// Algorithm is the search to run; "" means Auto.
	Algorithm Algorithm
	// Heuristic guides the informed algorithms and the tuned IDA*; nil
	// means LinearConflict. The heuristic must have been made for the same
	// goal.
	Heuristic Heuristic
	// Tuned runs IDAStar by this package's tuned solver (the board changed
	// in place, Manhattan and linear conflicts updated move by move)
	// instead of package search's generic one. Auto uses it on boards too
	// large for a table.
	Tuned bool
	// Table is the distance table Auto answers boards of up to 9 cells
	// from; nil means TableFor(goal).
	Table *Table
	// MaxDepth bounds DFS and IDDFS; 0 means the largest optimal length to
	// the goal for boards of up to 9 cells (from the distance table), else
	// DefaultMaxDepth.
	MaxDepth int
	// Limits caps the search. Its Observe, if not nil, receives every step
	// of a generic algorithm's search, with Event.State and Event.Parent as
	// Boards of b's size (Auto and the tuned IDA* are not traced).
	Limits search.Limits
	// Weight is the weight of WAStar and Anytime on the heuristic (f = g +
	// Weight*h); 0 means DefaultWeight.
	Weight float64
}

// DefaultWeight is the weight WAStar and Anytime use when Options.Weight is
// 0: enough for Anytime to find a first path on most 5x5 boards within
// 100,000 expansions with linear conflicts.
const DefaultWeight = 5

// Search runs one search of this package on b towards goal, as o says: the
// building block that package sliding/solve's Solver composes, with pattern
// databases and its files, into the fastest exact answer and into named
// methods; programs call the Solver. Auto answers boards of up to 9 cells
// from a distance table and larger ones by the tuned IDA* with linear
// conflicts; the other algorithms run package search's generic algorithms
// with boards as states. Every path it returns leads from b to goal;
// Solution.Optimal says whether its length is proven the fewest (it is
// for every algorithm except DFS, WAStar, and Anytime stopped by a limit).
// It returns ErrUnsolvable at once for a board that cannot reach the goal,
// an error matching ErrInvalid if the boards are not valid or differ in
// size, and an error matching search.ErrLimit if ctx ends or a limit is
// reached.
func Search(ctx context.Context, b, goal Board, o Options) (Solution, error) {
	ctx, err := prepare(ctx, b, goal)
	if err != nil {
		return Solution{}, err
	}
	h := o.Heuristic
	if h == nil {
		h = LinearConflict(goal)
	}
	tuned := o.Algorithm == IDAStar && o.Tuned || o.Algorithm == "" || o.Algorithm == Auto
	if o.Limits.Observe != nil {
		if tuned {
			return Solution{}, fmt.Errorf("algorithm %s cannot be traced; pick one of package search's", cmp.Or(o.Algorithm, Auto))
		}
		o.Limits.Observe = boardEvents(b.W, b.H, o.Limits.Observe)
	}
	switch o.Algorithm {
	case "", Auto:
		if TableSize(b.W, b.H) {
			t := o.Table
			if t == nil {
				t = tableFor(goal)
			}
			return t.solve(ctx, b)
		}
		return tunedIDAStar(ctx, b, goal, h, o.Limits)
	case IDAStar:
		if o.Tuned {
			return tunedIDAStar(ctx, b, goal, h, o.Limits)
		}
		return genericSolve(ctx, b, goal, o, h)
	case BFS, DFS, IDDFS, AStar, BiBFS, NBS, WAStar, Anytime:
		return genericSolve(ctx, b, goal, o, h)
	}
	return Solution{}, fmt.Errorf("unknown algorithm %q", o.Algorithm)
}

// prepare checks b and goal before a search: an error matching ErrInvalid
// unless both are valid boards of one size, ErrUnsolvable if b cannot reach
// goal. It returns ctx, or context.Background() for a nil ctx.
func prepare(ctx context.Context, b, goal Board) (context.Context, error) {
	if err := checkPair(b, goal); err != nil {
		return nil, err
	}
	if !Solvable(b, goal) {
		return nil, ErrUnsolvable
	}
	if ctx == nil {
		ctx = context.Background()
	}
	return ctx, nil
}

// Check reports an error matching ErrInvalid unless b and goal are valid
// boards of the same size: each a permutation of 0..W*H-1 on a supported
// size. It does not allocate.
func Check(b, goal Board) error { return checkPair(b, goal) }

// checkPair reports an error matching ErrInvalid unless b and goal are valid
// boards of the same size.
func checkPair(b, goal Board) error {
	for _, x := range [2]Board{b, goal} {
		if err := x.valid(); err != nil {
			return err
		}
	}
	if b.W != goal.W || b.H != goal.H {
		return fmt.Errorf("%w: board is %dx%d but the goal is %dx%d", ErrInvalid, b.W, b.H, goal.W, goal.H)
	}
	return nil
}

// valid reports an error matching ErrInvalid unless b is a valid board: a
// permutation of 0..W*H-1 on a supported size. It does not allocate.
func (b Board) valid() error {
	if b.W < MinSide || b.H < MinSide || b.W > MaxSide || b.H > MaxSide || len(b.Tiles) != b.W*b.H {
		return fmt.Errorf("%w: %d tiles on a %dx%d board", ErrInvalid, len(b.Tiles), b.W, b.H)
	}
	var seen [MaxSide * MaxSide]bool
	for _, t := range b.Tiles {
		if int(t) >= len(b.Tiles) || seen[t] {
			return fmt.Errorf("%w: tile %d out of range or repeated", ErrInvalid, t)
		}
		seen[t] = true
	}
	return nil
}

// Verify reports an error unless moves take b exactly to goal.
func Verify(b, goal Board, moves []Move) error {
	end, err := b.Apply(moves...)
	if err != nil {
		return err
	}
	if !end.Equal(goal) {
		return fmt.Errorf("the %d moves end on\n%v\nnot on the goal\n%v", len(moves), end, goal)
	}
	return nil
}

// DefaultMaxDepth returns the depth bound DFS and IDDFS use for a W x H
// board when Options.MaxDepth is 0: the largest optimal solution length for
// the standard goal where it is known (31 for 3x3, 80 for 4x4, and the exact
// figure from the distance table for boards of up to 9 cells), else
// W*H*(W+H), a generous bound.
func DefaultMaxDepth(w, h int) int {
	if TableSize(w, h) {
		return tableFor(Standard(w, h)).maxDist
	}
	if w > h {
		w, h = h, w
	}
	switch {
	case w == 3 && h == 4:
		return 53
	case w == 4 && h == 4:
		return 80
	}
	return w * h * (w + h)
}
