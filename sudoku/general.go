package sudoku

import (
	"context"
	"math/bits"
	"sync"
)

// The general solver handles every box size with one candidate set per
// cell (bit v for symbol v): an assignment removes its symbol from the
// cell's peers, a cell left with one candidate is assigned (naked single),
// a symbol with one place left in a row, column or box is assigned there
// (hidden single), and when propagation stalls the search branches on the
// cell with the fewest candidates (or the first empty cell, for the
// lexicographically smallest solution).

// layout holds the units and peers of one box size.
type layout struct {
	box, n int
	units  [][]int32 // rows, then columns, then boxes
	peers  [][]int32 // the cells sharing a unit with each cell
}

var (
	layouts    [MaxBox + 1]*layout
	layoutOnce [MaxBox + 1]sync.Once
)

// layoutFor returns the units and peers of box size box, built on first use.
func layoutFor(box int) *layout {
	layoutOnce[box].Do(func() { layouts[box] = newLayout(box) })
	return layouts[box]
}

func newLayout(box int) *layout {
	n := box * box
	l := &layout{box: box, n: n}
	for u := 0; u < n; u++ {
		var row, col, bx []int32
		for k := 0; k < n; k++ {
			row = append(row, int32(u*n+k))
			col = append(col, int32(k*n+u))
			r := u/box*box + k/box
			c := u%box*box + k%box
			bx = append(bx, int32(r*n+c))
		}
		l.units = append(l.units, row, col, bx)
	}
	l.peers = make([][]int32, n*n)
	for i := 0; i < n*n; i++ {
		r, c := i/n, i%n
		for j := 0; j < n*n; j++ {
			r2, c2 := j/n, j%n
			if j != i && (r == r2 || c == c2 || (r/box == r2/box && c/box == c2/box)) {
				l.peers[i] = append(l.peers[i], int32(j))
			}
		}
	}
	return l
}

// gsolver is a search over one grid of any size.
type gsolver struct {
	l         *layout
	full      uint32
	opt       Options
	count     int
	guesses   int64
	sol       []uint8
	ctx       context.Context
	stopErr   error
	nextCheck int64
	queue     []int32
}

// gstate is the candidate sets of the cells; a cell with one candidate
// that is also marked in set is assigned.
type gstate struct {
	cand []uint32
	set  []bool
	left int // cells not yet assigned
}

func (s *gstate) clone() *gstate {
	return &gstate{cand: append([]uint32(nil), s.cand...), set: append([]bool(nil), s.set...), left: s.left}
}

func solveGeneral(ctx context.Context, g Grid, opt Options) (Result, error) {
	l := layoutFor(g.Box)
	n := l.n
	sv := &gsolver{l: l, full: (1<<n - 1) << 1, opt: opt, ctx: ctx}
	if sv.opt.Limit < 1 {
		sv.opt.Limit = 1
	}
	s := &gstate{cand: make([]uint32, n*n), set: make([]bool, n*n), left: n * n}
	for i := range s.cand {
		s.cand[i] = sv.full
	}
	ok := true
	for i, v := range g.Cells {
		if v != 0 && ok {
			ok = sv.assign(s, int32(i), uint32(v))
		}
	}
	if ok {
		sv.search(s)
	}
	res := Result{Count: sv.count, Guesses: sv.guesses}
	if sv.count > 0 && !opt.NoSolution {
		res.Solution = Grid{Box: g.Box, Cells: sv.sol}
	}
	return res, sv.stopErr
}

// assign puts v in cell i and propagates. It returns false on a
// contradiction.
func (sv *gsolver) assign(s *gstate, i int32, v uint32) bool {
	sv.queue = sv.queue[:0]
	if !sv.place(s, i, v) {
		return false
	}
	return sv.propagate(s)
}

// place sets cell i to v and removes v from its peers, queueing peers
// left with one candidate.
func (sv *gsolver) place(s *gstate, i int32, v uint32) bool {
	bit := uint32(1) << v
	if s.cand[i]&bit == 0 {
		return false
	}
	if s.set[i] {
		return true
	}
	s.cand[i] = bit
	s.set[i] = true
	s.left--
	for _, p := range sv.l.peers[i] {
		c := s.cand[p]
		if c&bit == 0 {
			continue
		}
		c &^= bit
		s.cand[p] = c
		if c == 0 {
			return false
		}
		if c&(c-1) == 0 {
			sv.queue = append(sv.queue, p)
		}
	}
	return true
}

// propagate assigns naked and hidden singles until none is left.
func (sv *gsolver) propagate(s *gstate) bool {
	for {
		for len(sv.queue) > 0 {
			p := sv.queue[len(sv.queue)-1]
			sv.queue = sv.queue[:len(sv.queue)-1]
			if s.set[p] {
				continue
			}
			if !sv.place(s, p, uint32(bits.TrailingZeros32(s.cand[p]))) {
				return false
			}
		}
		if s.left == 0 {
			return true
		}
		// Hidden singles.
		for _, u := range sv.l.units {
			var one, two uint32
			for _, c := range u {
				x := s.cand[c]
				two |= one & x
				one |= x
			}
			if one != sv.full {
				return false
			}
			once := one &^ two
			if once == 0 {
				continue
			}
			for _, c := range u {
				if s.set[c] {
					continue
				}
				x := s.cand[c] & once
				if x == 0 {
					continue
				}
				if x&(x-1) != 0 {
					return false // two symbols need this cell
				}
				if !sv.place(s, c, uint32(bits.TrailingZeros32(x))) {
					return false
				}
			}
		}
		if len(sv.queue) == 0 {
			return true
		}
	}
}

// search counts the solutions of s (already propagated) up to the limit.
func (sv *gsolver) search(s *gstate) {
	if s.left == 0 {
		if sv.count == 0 {
			sv.sol = make([]uint8, len(s.cand))
			for i, c := range s.cand {
				sv.sol[i] = uint8(bits.TrailingZeros32(c))
			}
		}
		sv.count++
		return
	}
	if max := sv.opt.Limits.MaxNodes; max > 0 && sv.guesses >= max {
		sv.stopErr = ErrLimit
		return
	}
	if sv.ctx != nil && sv.guesses >= sv.nextCheck {
		sv.nextCheck = sv.guesses + 256
		if err := sv.ctx.Err(); err != nil {
			sv.stopErr = err
			return
		}
	}
	best, bestN := -1, 99
	for i, c := range s.cand {
		if s.set[i] {
			continue
		}
		if sv.opt.First {
			best = i
			break
		}
		if k := bits.OnesCount32(c); k < bestN {
			best, bestN = i, k
			if k == 2 {
				break
			}
		}
	}
	for c := s.cand[best]; c != 0; c &= c - 1 {
		v := uint32(bits.TrailingZeros32(c))
		sv.guesses++
		t := s.clone()
		if sv.assign(t, int32(best), v) {
			sv.search(t)
		}
		if sv.count >= sv.opt.Limit || sv.stopErr != nil {
			return
		}
	}
}
