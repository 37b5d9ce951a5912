package sliding

import (
	"context"
	"fmt"
	"math"
	"time"

	"github.com/searchlab/searchlab/search"
)

// tunedIDAStar finds a fewest-move solution from b to goal by IDA* with the
// heuristic h, which must be admissible and made for goal. It is the tuned
// solver: the board is changed in place, the move that undoes the last one
// is never tried, and Manhattan and LinearConflict heuristics of this package
// are updated incrementally per move (other heuristics are called on every
// node). It returns ErrUnsolvable at once for a board that cannot reach the
// goal, and an error matching search.ErrLimit when ctx ends or lim's node
// cap is reached.
func tunedIDAStar(ctx context.Context, b, goal Board, h Heuristic, lim search.Limits) (Solution, error) {
	ctx, err := prepare(ctx, b, goal)
	if err != nil {
		return Solution{}, err
	}
	start := time.Now()
	s := newIDA(ctx, b, goal, h, lim)
	sol := Solution{Method: "idastar+" + h.Name()}
	hval := s.initial()
	bound := hval
	for {
		sol.Stats.Iterations++
		s.nextBound = math.MaxInt
		if s.dfs(s.blank0, 0, hval, bound, 0) {
			sol.Moves = append([]Move(nil), s.path...)
			sol.Optimal = true
			break
		}
		if s.err != nil {
			err = s.err
			break
		}
		if s.nextBound == math.MaxInt {
			err = fmt.Errorf("%w: IDA* found no path", search.ErrNotFound)
			break
		}
		bound = s.nextBound
	}
	sol.Stats.Expanded = s.expanded
	sol.Stats.Generated = s.generated
	sol.Stats.PeakFrontier = s.peak
	sol.Stats.PeakStored = s.peak
	sol.Stats.Elapsed = time.Since(start)
	if err != nil {
		return sol, err
	}
	return sol, nil
}

// The ways idaSolver computes h.
const (
	idaManhattan = iota
	idaLinear
	idaMisplaced
	idaOther
)

type idaSolver struct {
	ctx       context.Context
	maxNodes  int64
	w, n      int
	tiles     []uint8
	goal      []uint8
	blank0    int
	mode      int
	md        []uint8
	gpos      []int
	grow      []uint8 // goal row of each tile
	gcol      []uint8 // goal column of each tile
	crow      []uint8 // row of each cell
	ccol      []uint8 // column of each cell
	lc        *LinearConflictHeuristic
	other     Heuristic
	rowC      []int
	colC      []int
	steps     [][]step
	path      []Move
	peak      int
	expanded  int64
	generated int64
	nextBound int
	err       error
}

func newIDA(ctx context.Context, b, goal Board, h Heuristic, lim search.Limits) *idaSolver {
	n := b.W * b.H
	s := &idaSolver{
		ctx:      ctx,
		maxNodes: lim.MaxNodes,
		w:        b.W,
		n:        n,
		tiles:    append([]uint8(nil), b.Tiles...),
		goal:     goal.Tiles,
		blank0:   b.Blank(),
		steps:    stepsFor(b.W, b.H),
		rowC:     make([]int, b.H),
		colC:     make([]int, b.W),
	}
	switch h := h.(type) {
	case *ManhattanHeuristic:
		s.mode, s.md = idaManhattan, h.md
	case *LinearConflictHeuristic:
		s.mode, s.md, s.lc, s.grow, s.gcol = idaLinear, h.md, h, h.grow, h.gcol
		s.crow, s.ccol = make([]uint8, n), make([]uint8, n)
		for c := range n {
			s.crow[c], s.ccol[c] = uint8(c/b.W), uint8(c%b.W)
		}
	case *MisplacedHeuristic:
		s.mode, s.gpos = idaMisplaced, h.g.gpos
	default:
		s.mode, s.other = idaOther, h
	}
	return s
}

// initial returns h of the start board and sets up the line conflicts.
func (s *idaSolver) initial() int {
	switch s.mode {
	case idaOther:
		return s.other.Estimate(Board{W: s.w, H: s.n / s.w, Tiles: s.tiles})
	case idaMisplaced:
		h := 0
		for c, t := range s.tiles {
			if t != 0 && s.gpos[t] != c {
				h++
			}
		}
		return h
	}
	h := 0
	for c, t := range s.tiles {
		h += int(s.md[int(t)*s.n+c])
	}
	if s.mode == idaLinear {
		for r := range s.rowC {
			s.rowC[r] = s.lc.rowConflict(s.tiles, r)
			h += s.rowC[r]
		}
		for c := range s.colC {
			s.colC[c] = s.lc.colConflict(s.tiles, c)
			h += s.colC[c]
		}
	}
	return h
}

// dfs searches below the board with the blank on cell blank, reached in g
// moves, whose estimate is h, within bound. prev is the last move, or 0.
func (s *idaSolver) dfs(blank, g, h, bound int, prev Move) bool {
	if f := g + h; f > bound {
		if f < s.nextBound {
			s.nextBound = f
		}
		return false
	}
	if g+1 > s.peak {
		s.peak = g + 1
	}
	if h == 0 && string(s.tiles) == string(s.goal) {
		return true
	}
	if s.maxNodes > 0 && s.expanded >= s.maxNodes {
		s.err = fmt.Errorf("%w: node cap of %d expansions", search.ErrLimit, s.maxNodes)
		return false
	}
	s.expanded++
	if s.expanded&4095 == 0 {
		if err := s.ctx.Err(); err != nil {
			s.err = fmt.Errorf("%w: %w", search.ErrLimit, err)
			return false
		}
	}
	back := prev.Opposite()
	for _, st := range s.steps[blank] {
		if prev != 0 && st.m == back {
			continue
		}
		s.generated++
		c := int(st.to)
		t := s.tiles[c]
		s.tiles[blank], s.tiles[c] = t, 0
		var nh, i1, old1 int
		vertical := st.m == Up || st.m == Down
		switch s.mode {
		case idaOther:
			nh = s.other.Estimate(Board{W: s.w, H: s.n / s.w, Tiles: s.tiles})
		case idaMisplaced:
			nh = h
			if s.gpos[t] == c {
				nh++
			} else if s.gpos[t] == blank {
				nh--
			}
		case idaManhattan:
			nh = h - int(s.md[int(t)*s.n+c]) + int(s.md[int(t)*s.n+blank])
		case idaLinear:
			nh = h - int(s.md[int(t)*s.n+c]) + int(s.md[int(t)*s.n+blank])
			// Only lines that gain or lose a tile whose goal is in that
			// line change their conflicts: at most one line per move.
			i1 = -1
			if vertical {
				// The tile leaves row c/w for row blank/w; its goal row
				// is the one line whose conflicts may change.
				if gr := s.grow[t]; gr == s.crow[c] || gr == s.crow[blank] {
					i1, old1 = int(gr), s.rowC[gr]
					s.rowC[gr] = s.lc.rowConflict(s.tiles, int(gr))
					nh += s.rowC[gr] - old1
				}
			} else {
				if gc := s.gcol[t]; gc == s.ccol[c] || gc == s.ccol[blank] {
					i1, old1 = int(gc), s.colC[gc]
					s.colC[gc] = s.lc.colConflict(s.tiles, int(gc))
					nh += s.colC[gc] - old1
				}
			}
		}
		s.path = append(s.path, st.m)
		if s.dfs(c, g+1, nh, bound, st.m) {
			return true
		}
		s.path = s.path[:len(s.path)-1]
		s.tiles[blank], s.tiles[c] = 0, t
		if s.mode == idaLinear && i1 >= 0 {
			if vertical {
				s.rowC[i1] = old1
			} else {
				s.colC[i1] = old1
			}
		}
		if s.err != nil {
			return false
		}
	}
	return false
}
