package sliding

// Heuristic estimates the fewest moves from a board to one fixed goal. An
// admissible heuristic never overestimates, which makes A* and IDA* optimal.
// Package sliding/pdb implements it with pattern databases (Set.For).
type Heuristic interface {
	// Name is a short name such as "manhattan", used in Solution.Method.
	Name() string
	// Estimate returns a lower bound on the moves from b to the goal. b must
	// be a valid board of the goal's size.
	Estimate(b Board) int
}

// Reversible is a Heuristic that can estimate toward another goal: the
// backward half of a bidirectional search (NBS) estimates the moves to the
// start board with it. Misplaced, Manhattan and LinearConflict are; which
// heuristics a program offers, and by what names, is the registry of
// package sliding/solve's.
type Reversible interface {
	Heuristic
	// Toward returns the same heuristic toward goal.
	Toward(goal Board) Heuristic
}

// goalInfo is what every heuristic needs to know about a goal.
type goalInfo struct {
	w, h int
	gpos []int // goal cell of each tile
}

func newGoalInfo(goal Board) goalInfo {
	g := goalInfo{w: goal.W, h: goal.H, gpos: make([]int, len(goal.Tiles))}
	for i, t := range goal.Tiles {
		g.gpos[t] = i
	}
	return g
}

// MisplacedHeuristic counts the tiles (not the blank) off their goal cell.
type MisplacedHeuristic struct{ g goalInfo }

// Misplaced returns the misplaced-tiles heuristic for goal.
func Misplaced(goal Board) *MisplacedHeuristic { return &MisplacedHeuristic{newGoalInfo(goal)} }

// Name returns "misplaced".
func (*MisplacedHeuristic) Name() string { return "misplaced" }

// Toward returns the misplaced-tiles heuristic for goal.
func (*MisplacedHeuristic) Toward(goal Board) Heuristic { return Misplaced(goal) }

// Estimate returns the number of tiles of b that are not on their goal cell.
func (h *MisplacedHeuristic) Estimate(b Board) int {
	n := 0
	for i, t := range b.Tiles {
		if t != 0 && h.g.gpos[t] != i {
			n++
		}
	}
	return n
}

// ManhattanHeuristic sums each tile's row and column distance to its goal
// cell.
type ManhattanHeuristic struct {
	g  goalInfo
	md []uint8 // md[t*n+c]: distance of tile t on cell c from its goal cell
}

// Manhattan returns the Manhattan-distance heuristic for goal.
func Manhattan(goal Board) *ManhattanHeuristic {
	g := newGoalInfo(goal)
	n := len(goal.Tiles)
	h := &ManhattanHeuristic{g: g, md: make([]uint8, n*n)}
	for t := 1; t < n; t++ {
		for c := range n {
			h.md[t*n+c] = uint8(abs(c/g.w-g.gpos[t]/g.w) + abs(c%g.w-g.gpos[t]%g.w))
		}
	}
	return h
}

// Name returns "manhattan".
func (*ManhattanHeuristic) Name() string { return "manhattan" }

// Toward returns the Manhattan-distance heuristic for goal.
func (*ManhattanHeuristic) Toward(goal Board) Heuristic { return Manhattan(goal) }

// Estimate returns the sum of the tiles' Manhattan distances to their goal
// cells.
func (h *ManhattanHeuristic) Estimate(b Board) int {
	n := len(b.Tiles)
	s := 0
	for c, t := range b.Tiles {
		s += int(h.md[int(t)*n+c])
	}
	return s
}

// LinearConflictHeuristic is Manhattan distance plus linear conflicts, in
// the admissible form: in each row, the tiles whose goal is in that row must
// end in goal order, so all but a longest increasing run of them (by goal
// column) must leave the row and come back, two moves each that Manhattan
// distance does not count; likewise for each column. The row and column
// terms count different (vertical and horizontal) moves, so their sum with
// Manhattan distance never overestimates.
type LinearConflictHeuristic struct {
	*ManhattanHeuristic
	grow, gcol []uint8 // goal row and column of each tile
}

// LinearConflict returns the linear-conflict heuristic for goal.
func LinearConflict(goal Board) *LinearConflictHeuristic {
	h := &LinearConflictHeuristic{ManhattanHeuristic: Manhattan(goal)}
	n := len(goal.Tiles)
	h.grow, h.gcol = make([]uint8, n), make([]uint8, n)
	for t, p := range h.g.gpos {
		h.grow[t], h.gcol[t] = uint8(p/goal.W), uint8(p%goal.W)
	}
	return h
}

// Name returns "linear".
func (*LinearConflictHeuristic) Name() string { return "linear" }

// Toward returns the linear-conflict heuristic for goal.
func (*LinearConflictHeuristic) Toward(goal Board) Heuristic { return LinearConflict(goal) }

// Estimate returns Manhattan distance plus the linear conflicts of b.
func (h *LinearConflictHeuristic) Estimate(b Board) int {
	s := h.ManhattanHeuristic.Estimate(b)
	for r := range b.H {
		s += h.rowConflict(b.Tiles, r)
	}
	for c := range b.W {
		s += h.colConflict(b.Tiles, c)
	}
	return s
}

// rowConflict returns the extra moves row r of tiles needs: 2 for each of
// its goal-row tiles outside a longest run in goal order.
func (h *LinearConflictHeuristic) rowConflict(tiles []uint8, r int) int {
	w := h.g.w
	var keys [MaxSide]uint8
	k := 0
	row := tiles[r*w : r*w+w]
	for _, t := range row {
		if t != 0 && int(h.grow[t]) == r {
			keys[k] = h.gcol[t]
			k++
		}
	}
	if k < 2 {
		return 0
	}
	return 2 * (k - lis(keys[:k]))
}

// colConflict is rowConflict for column c.
func (h *LinearConflictHeuristic) colConflict(tiles []uint8, c int) int {
	w := h.g.w
	var keys [MaxSide]uint8
	k := 0
	for i := c; i < len(tiles); i += w {
		if t := tiles[i]; t != 0 && int(h.gcol[t]) == c {
			keys[k] = h.grow[t]
			k++
		}
	}
	if k < 2 {
		return 0
	}
	return 2 * (k - lis(keys[:k]))
}

// lis returns the length of the longest strictly increasing subsequence of
// keys (at most MaxSide of them).
func lis(keys []uint8) int {
	if len(keys) < 2 {
		return len(keys)
	}
	var tails [MaxSide]uint8
	n := 0
	for _, x := range keys {
		i := 0
		for i < n && tails[i] < x {
			i++
		}
		tails[i] = x
		if i == n {
			n++
		}
	}
	return n
}
