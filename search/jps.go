package search

import (
	"context"
	"errors"
	"fmt"
	"math"
)

// JumpPointSearch returns a least-cost path from start to goal on an
// EightWay grid with NoCornerCutting, by the costs of Grid.Neighbours
// (straight steps 1, diagonal √2): A* over jump points (Harabor and
// Grastien, 2011, in its variant without corner cutting). From each cell
// it expands, it scans along straight and diagonal lines, past every cell
// that an equally cheap path reaches without it, and stops only at cells
// where a wall forces a turn or at the goal: on open maps it expands a
// small fraction of the cells that A* expands, and it returns a path of
// the same cost.
//
// The path lists every cell from start to goal, and Cost is the sum of
// its steps added from the start, as AStar adds them; with rounding, two
// paths whose exact costs are equal may differ in the last bits, and the
// cost is least to within that rounding. Ties between equal f go to the
// greater g, then to the cell reached first, as in AStar.
//
// It holds 13 bytes for each cell of the grid, plus its open list: when
// Limits.MaxBytes is below the grid's part it stops at once with
// ErrMemory, and otherwise it stops with ErrMemory when its open list
// would pass what is left (40 bytes an entry). Stats.Expanded counts the jump points expanded,
// Stats.PeakStored the cells given a cost. Trace events: expand (State is
// a Cell), generate, duplicate and reopen for the jump points found from
// it (Parent is the cell expanded), and goal. It returns ErrNotFound when
// start or goal is not an open cell or no path joins them, and an error
// matching errors.ErrUnsupported for a FourWay grid or another corner rule.
func JumpPointSearch(ctx context.Context, g *Grid, start, goal Cell, lim Limits) (res Result[Cell, float64], err error) {
	m := newMeter(ctx, lim, &res.Stats)
	defer m.done()
	res.Stats.Iterations = 1
	if g.Moves != EightWay || g.Corners != NoCornerCutting {
		return res, fmt.Errorf("%w: jump point search needs an EightWay grid with NoCornerCutting", errors.ErrUnsupported)
	}
	if !g.Open(start) || !g.Open(goal) {
		return res, ErrNotFound
	}
	if err := m.begin(); err != nil {
		return res, err
	}
	n := g.rows * g.cols
	maxOpen := math.MaxInt
	if lim.MaxBytes > 0 {
		left := lim.MaxBytes - int64(n)*jpsCellBytes
		if left < jpsEntryBytes {
			return res, fmt.Errorf("%w of %d bytes: a grid of %d cells needs %d", ErrMemory, lim.MaxBytes, n, int64(n)*jpsCellBytes)
		}
		maxOpen = int(left / jpsEntryBytes)
	}
	j := jumper{g: g, goal: goal}
	cost := make([]float64, n)
	parent := make([]int32, n)
	closed := make([]bool, n)
	for i := range cost {
		cost[i] = math.Inf(1)
	}
	obs := m.obs != nil
	idx := func(c Cell) int32 { return int32(c.Row*g.cols + c.Col) }
	cell := func(i int32) Cell { return Cell{int(i) / g.cols, int(i) % g.cols} }
	h := func(c Cell) float64 { return Octile(c, goal) }

	var open jpsHeap
	s := idx(start)
	cost[s], parent[s] = 0, s
	open.push(jpsItem{f: h(start), cell: s})
	touched := 1
	for len(open.items) > 0 {
		it := open.pop()
		if closed[it.cell] || it.g != cost[it.cell] {
			continue // a stale entry: the cell was reached more cheaply since
		}
		c := cell(it.cell)
		if c == goal {
			res.Path, res.Cost = jpsPath(parent, it.cell, cell)
			if obs {
				emitState(&m, c, ev[float64]{kind: Goal, g: res.Cost, depth: len(res.Path) - 1, frontier: len(open.items), stored: touched})
			}
			return res, nil
		}
		m.stored(touched)
		if len(open.items) >= maxOpen {
			return res, fmt.Errorf("%w of %d bytes (%d cells and %d open entries)", ErrMemory, lim.MaxBytes, n, len(open.items)+1)
		}
		if err := m.expand(); err != nil {
			return res, err
		}
		closed[it.cell] = true
		if obs {
			emitState(&m, c, ev[float64]{kind: Expand, g: it.g, h: it.f - it.g, frontier: len(open.items), stored: touched})
		}
		p := cell(parent[it.cell])
		for _, d := range j.directions(c, p) {
			t, ok := j.jump(c, d[0], d[1])
			if !ok {
				continue
			}
			res.Stats.Generated++
			steps := max(abs(t.Row-c.Row), abs(t.Col-c.Col))
			gt := it.g + float64(steps)
			if d[0] != 0 && d[1] != 0 {
				gt = it.g + float64(steps)*math.Sqrt2
			}
			ti := idx(t)
			kind := Generate
			switch {
			case gt >= cost[ti]:
				if obs {
					emitChild(&m, t, c, ev[float64]{kind: Duplicate, g: gt, frontier: len(open.items), stored: touched})
				}
				continue
			case closed[ti]:
				closed[ti] = false
				kind = Reopen
			case math.IsInf(cost[ti], 1):
				touched++
			}
			cost[ti], parent[ti] = gt, it.cell
			ht := h(t)
			open.push(jpsItem{f: gt + ht, g: gt, cell: ti})
			if obs {
				emitChild(&m, t, c, ev[float64]{kind: kind, g: gt, h: ht, frontier: len(open.items), stored: touched})
			}
		}
		m.frontier(len(open.items))
	}
	return res, ErrNotFound
}

// The memory model of JumpPointSearch: a cost, a parent and a closed flag
// for each cell, and an entry of the open list.
const (
	jpsCellBytes  = 8 + 4 + 1
	jpsEntryBytes = 40
)

// jpsPath walks the parents back from the goal's index and returns every
// cell from the start, with the cost of the path summed from the start.
func jpsPath(parent []int32, at int32, cell func(int32) Cell) ([]Cell, float64) {
	var jumps []Cell
	for {
		jumps = append(jumps, cell(at))
		if parent[at] == at {
			break
		}
		at = parent[at]
	}
	path := []Cell{jumps[len(jumps)-1]}
	cost := 0.0
	for i := len(jumps) - 2; i >= 0; i-- {
		from, to := jumps[i+1], jumps[i]
		dr, dc := sign(to.Row-from.Row), sign(to.Col-from.Col)
		step := 1.0
		if dr != 0 && dc != 0 {
			step = math.Sqrt2
		}
		for c := from; c != to; {
			c = Cell{c.Row + dr, c.Col + dc}
			path = append(path, c)
			cost += step
		}
	}
	return path, cost
}

func sign(x int) int {
	switch {
	case x > 0:
		return 1
	case x < 0:
		return -1
	}
	return 0
}

// jumper scans a grid for jump points towards goal.
type jumper struct {
	g    *Grid
	goal Cell
	dirs [8][2]int // the directions of the last call of directions
}

// directions returns the directions to scan from c, reached from its
// parent p (p == c at the start): every allowed step at the start; after a
// diagonal step, its two straight parts and itself; after a straight step,
// the step itself, the diagonals forward beside it and the steps to either
// side, which hold the forced neighbours where a wall stands behind them.
func (j *jumper) directions(c, p Cell) [][2]int {
	g := j.g
	r, col := c.Row, c.Col
	dr, dc := sign(c.Row-p.Row), sign(c.Col-p.Col)
	out := j.dirs[:0]
	add := func(ddr, ddc int) {
		ok := g.openAt(r+ddr, col+ddc)
		if ddr != 0 && ddc != 0 {
			ok = g.diagonal(r, col, ddr, ddc)
		}
		if ok {
			out = append(out, [2]int{ddr, ddc})
		}
	}
	switch {
	case dr == 0 && dc == 0:
		for _, d := range gridSteps {
			add(d[0], d[1])
		}
	case dr != 0 && dc != 0:
		add(dr, 0)
		add(0, dc)
		add(dr, dc)
	case dr == 0: // along a row
		add(0, dc)
		add(-1, dc)
		add(1, dc)
		add(-1, 0)
		add(1, 0)
	default: // along a column
		add(dr, 0)
		add(dr, -1)
		add(dr, 1)
		add(0, -1)
		add(0, 1)
	}
	return out
}

// jump scans from c by (dr, dc), the first step known to be allowed, and
// returns the first jump point on the way: the goal, a cell with a forced
// neighbour, or (diagonally) a cell from which a straight scan finds one.
func (j *jumper) jump(c Cell, dr, dc int) (Cell, bool) {
	if dr != 0 && dc != 0 {
		return j.diagonal(c.Row, c.Col, dr, dc)
	}
	return j.straight(c.Row, c.Col, dr, dc)
}

func (j *jumper) straight(r, c, dr, dc int) (Cell, bool) {
	g := j.g
	for {
		r, c = r+dr, c+dc
		if !g.openAt(r, c) {
			return Cell{}, false
		}
		if r == j.goal.Row && c == j.goal.Col {
			return Cell{r, c}, true
		}
		// A cell beside this one that is open while the cell behind it is
		// a wall can be reached at least cost only through this one.
		if dr == 0 {
			if g.openAt(r-1, c) && !g.openAt(r-1, c-dc) || g.openAt(r+1, c) && !g.openAt(r+1, c-dc) {
				return Cell{r, c}, true
			}
		} else if g.openAt(r, c-1) && !g.openAt(r-dr, c-1) || g.openAt(r, c+1) && !g.openAt(r-dr, c+1) {
			return Cell{r, c}, true
		}
	}
}

func (j *jumper) diagonal(r, c, dr, dc int) (Cell, bool) {
	g := j.g
	for g.diagonal(r, c, dr, dc) {
		r, c = r+dr, c+dc
		if r == j.goal.Row && c == j.goal.Col {
			return Cell{r, c}, true
		}
		if _, ok := j.straight(r, c, 0, dc); ok {
			return Cell{r, c}, true
		}
		if _, ok := j.straight(r, c, dr, 0); ok {
			return Cell{r, c}, true
		}
	}
	return Cell{}, false
}

// jpsItem is an entry of JumpPointSearch's open list.
type jpsItem struct {
	f, g float64
	seq  uint64
	cell int32
}

// jpsHeap is a binary heap of jpsItems ordered by f ascending, g
// descending, then the order of pushes, as AStar's open list.
type jpsHeap struct {
	items []jpsItem
	seq   uint64
}

func (h *jpsHeap) less(a, b *jpsItem) bool {
	if a.f != b.f {
		return a.f < b.f
	}
	if a.g != b.g {
		return a.g > b.g
	}
	return a.seq < b.seq
}

func (h *jpsHeap) push(it jpsItem) {
	it.seq = h.seq
	h.seq++
	h.items = append(h.items, it)
	i := len(h.items) - 1
	for i > 0 {
		p := (i - 1) / 2
		if !h.less(&h.items[i], &h.items[p]) {
			break
		}
		h.items[i], h.items[p] = h.items[p], h.items[i]
		i = p
	}
}

func (h *jpsHeap) pop() jpsItem {
	top := h.items[0]
	n := len(h.items) - 1
	h.items[0] = h.items[n]
	h.items = h.items[:n]
	for i := 0; ; {
		l, least := 2*i+1, i
		if l < n && h.less(&h.items[l], &h.items[least]) {
			least = l
		}
		if l+1 < n && h.less(&h.items[l+1], &h.items[least]) {
			least = l + 1
		}
		if least == i {
			break
		}
		h.items[i], h.items[least] = h.items[least], h.items[i]
		i = least
	}
	return top
}
