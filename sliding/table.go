package sliding

import (
	"context"
	"math/bits"
	"sync"
	"time"

	"github.com/searchlab/searchlab/search"
)

// TableSize reports whether boards of w x h cells are small enough for a
// distance table (at most 9 cells: 3x3, 2x4, 4x2, 2x3, 3x2, 2x2), which is
// how Solve answers them.
func TableSize(w, h int) bool {
	return w >= MinSide && h >= MinSide && w*h <= maxTableCells
}

const maxTableCells = 9

// Table holds the exact distance to one goal from every board of its size,
// found by one breadth-first pass backwards from the goal. A board is looked
// up by the rank of its permutation (its Lehmer code), so a query costs a
// ranking and a load, and a path is a greedy walk to a neighbour one move
// closer. A Table is safe for concurrent use.
type Table struct {
	goal    Board
	n       int
	gpos    [maxTableCells]uint8 // goal cell of each tile
	dist    []uint8              // by rank; unreachable marks states of the other parity
	states  int                  // reachable states
	maxDist int
	build   time.Duration
	steps   [][]step // moves from each blank cell
}

// step is a move of the blank and the cell it goes to.
type step struct {
	m  Move
	to uint8
}

// stepsFor lists, for each cell of a w x h board, the moves of a blank on
// it, in the order of Moves.
func stepsFor(w, h int) [][]step {
	steps := make([][]step, w*h)
	for c := range steps {
		for _, m := range allMoves {
			if to, ok := Target(w, h, c, m); ok {
				steps[c] = append(steps[c], step{m, uint8(to)})
			}
		}
	}
	return steps
}

const unreachable = 0xFF

// NewTable builds the distance table for goal, a board of at most 9 cells.
// It panics if goal is larger; TableFor caches tables by goal.
func NewTable(goal Board) *Table {
	if !TableSize(goal.W, goal.H) {
		panic("sliding: NewTable: board too large for a table")
	}
	start := time.Now()
	n := goal.W * goal.H
	t := &Table{goal: goal.Clone(), n: n}
	for i, tile := range goal.Tiles {
		t.gpos[tile] = uint8(i)
	}
	t.steps = stepsFor(goal.W, goal.H)
	t.dist = make([]uint8, factorial(n))
	for i := range t.dist {
		t.dist[i] = unreachable
	}
	// State: the goal cell of the tile on cell i in bits 4i..4i+3, and the
	// blank's cell in bits 60..63. The goal is the identity.
	var s0 uint64
	for i := range n {
		s0 |= uint64(i) << (4 * i)
	}
	bl := uint64(goal.Blank())
	s0 |= bl << 60
	queue := make([]uint64, 0, len(t.dist)/2)
	queue = append(queue, s0)
	t.dist[t.rank(s0)] = 0
	d := 0
	for head := 0; head < len(queue); {
		end := len(queue)
		for ; head < end; head++ {
			s := queue[head]
			b := int(s >> 60)
			for _, st := range t.steps[b] {
				ns := moveBlank(s, b, int(st.to))
				r := t.rank(ns)
				if t.dist[r] == unreachable {
					t.dist[r] = uint8(d + 1)
					queue = append(queue, ns)
				}
			}
		}
		if len(queue) > end {
			d++
		}
	}
	t.states = len(queue)
	t.maxDist = d
	t.build = time.Since(start)
	return t
}

// moveBlank moves the blank from cell b to cell c of packed state s.
func moveBlank(s uint64, b, c int) uint64 {
	v := (s >> (4 * c)) & 15
	bl := (s >> (4 * b)) & 15
	s &^= 15<<(4*b) | 15<<(4*c) | 15<<60
	return s | v<<(4*b) | bl<<(4*c) | uint64(c)<<60
}

// rank returns the Lehmer rank of the permutation in the low 4n bits of s.
func (t *Table) rank(s uint64) int {
	n := t.n
	used := uint32(0)
	r := 0
	for i := range n {
		v := uint32(s>>(4*i)) & 15
		r = r*(n-i) + int(v) - bits.OnesCount32(used&(1<<v-1))
		used |= 1 << v
	}
	return r
}

func factorial(n int) int {
	f := 1
	for i := 2; i <= n; i++ {
		f *= i
	}
	return f
}

// pack returns the table state of b, which must be the goal's size.
func (t *Table) pack(b Board) uint64 {
	var s uint64
	for i, tile := range b.Tiles {
		s |= uint64(t.gpos[tile]) << (4 * i)
		if tile == 0 {
			s |= uint64(i) << 60
		}
	}
	return s
}

// Goal returns the goal the table was built for.
func (t *Table) Goal() Board { return t.goal.Clone() }

// States returns the number of boards that can reach the goal (n!/2).
func (t *Table) States() int { return t.states }

// BuildTime returns how long NewTable took to build t (for a table read by
// UnmarshalBinary, how long the reading and checking took).
func (t *Table) BuildTime() time.Duration { return t.build }

// MaxDistance returns the largest optimal solution length to the goal.
func (t *Table) MaxDistance() int { return t.maxDist }

// Distance returns the fewest moves from b to the goal, or -1 if b cannot
// reach it. b must be a valid board of the goal's size.
func (t *Table) Distance(b Board) int {
	d := t.dist[t.rank(t.pack(b))]
	if d == unreachable {
		return -1
	}
	return int(d)
}

// Path returns a fewest-move solution from b to the goal, and false if b
// cannot reach it. b must be a valid board of the goal's size.
func (t *Table) Path(b Board) ([]Move, bool) {
	moves, _, ok := t.walk(b)
	return moves, ok
}

func (t *Table) walk(b Board) (moves []Move, lookups int64, ok bool) {
	s := t.pack(b)
	d := t.dist[t.rank(s)]
	if d == unreachable {
		return nil, 1, false
	}
	moves = make([]Move, 0, d)
	lookups = 1
	for d > 0 {
		bl := int(s >> 60)
		next := false
		for _, st := range t.steps[bl] {
			ns := moveBlank(s, bl, int(st.to))
			lookups++
			if t.dist[t.rank(ns)] == d-1 {
				moves = append(moves, st.m)
				s, d, next = ns, d-1, true
				break
			}
		}
		if !next {
			panic("sliding: distance table has a state with no neighbour one move closer")
		}
	}
	return moves, lookups, true
}

// solve returns a fewest-move solution from b to the goal, with Method
// "table", or ErrUnsolvable if b cannot reach the goal. b must be a valid
// board of the goal's size (see Check).
func (t *Table) solve(ctx context.Context, b Board) (Solution, error) {
	start := time.Now()
	moves, lookups, ok := t.walk(b)
	if !ok {
		return Solution{}, ErrUnsolvable
	}
	return Solution{
		Moves:   moves,
		Optimal: true,
		Method:  "table",
		Stats: search.Stats{
			Expanded:   int64(len(moves)),
			Generated:  lookups,
			PeakStored: t.states,
			Iterations: 1,
			Elapsed:    time.Since(start),
		},
	}, nil
}

// The table cache: one lazily built table per goal.
var (
	tablesMu sync.Mutex
	tables   = map[string]*tableEntry{}
)

const maxCachedTables = 32

type tableEntry struct {
	once sync.Once
	t    *Table
}

// TableFor returns the distance table for goal (at most 9 cells), building it
// on first use. Tables are cached by goal and safe for concurrent use; at most
// 32 goals are kept, after which a table is built anew for each call.
func TableFor(goal Board) *Table { return tableFor(goal) }

func tableFor(goal Board) *Table {
	key := string([]byte{byte(goal.W), byte(goal.H)}) + string(goal.Tiles)
	tablesMu.Lock()
	e, ok := tables[key]
	if !ok {
		e = &tableEntry{}
		if len(tables) < maxCachedTables {
			tables[key] = e
		}
	}
	tablesMu.Unlock()
	e.once.Do(func() { e.t = NewTable(goal) })
	return e.t
}
