package sudoku

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/bits"
	"strings"
)

// The human-style solver: 9x9 only. It solves a puzzle the way Sudoku
// Explainer (SE, SukakuExplainer 1.2.1's technique set) does: at each step
// it asks the techniques in SE's fixed order and takes the first step the
// first technique finds, so that the path, and with it the rating on SE's
// scale, is SE's.

// Candidate is one digit in one cell: a placement or an elimination.
type Candidate struct {
	Cell  int `json:"cell"`  // row-major index 0..80
	Digit int `json:"digit"` // 1..9
}

// String names the candidate as "r5c4=3".
func (c Candidate) String() string { return fmt.Sprintf("%s=%d", cellName(9, c.Cell), c.Digit) }

// Step is one step of the human-style solver: a technique applied to the
// grid, which places digits or removes candidates.
type Step struct {
	// Technique is SE's name for the technique, such as "Naked Pair".
	Technique string `json:"technique"`
	// Difficulty is the step's value on SE's scale, one decimal.
	Difficulty float64 `json:"difficulty"`
	// Digits are the digits the pattern is about, ascending.
	Digits []int `json:"digits,omitempty"`
	// Houses name the rows, columns and blocks of the pattern, such as
	// "row 5" or "block 3" (blocks are numbered 1..9 in reading order).
	Houses []string `json:"houses,omitempty"`
	// Cells are the cells of the pattern (row-major indexes).
	Cells []int `json:"cells,omitempty"`
	// Detail says in words what a chain or loop shows, when the technique
	// needs more than cells and digits to say it.
	Detail string `json:"detail,omitempty"`
	// Placements are the digits the step places; Eliminations are the
	// candidates it removes (before it places anything).
	Placements   []Candidate `json:"placements,omitempty"`
	Eliminations []Candidate `json:"eliminations,omitempty"`

	se float64 // the difficulty as SE computes it, before rounding
}

// String says the step in a player's words, for example
// "Naked Pair 3,7 in row 5 (r5c2, r5c8): removes 3 from r5c4, r5c6".
func (s Step) String() string {
	var b strings.Builder
	b.WriteString(s.Technique)
	if len(s.Digits) > 0 {
		b.WriteByte(' ')
		for i, d := range s.Digits {
			if i > 0 {
				b.WriteByte(',')
			}
			fmt.Fprint(&b, d)
		}
	}
	if len(s.Houses) > 0 {
		b.WriteString(" in ")
		b.WriteString(strings.Join(s.Houses, ", "))
	}
	if len(s.Cells) > 0 {
		b.WriteString(" (")
		for i, c := range s.Cells {
			if i > 0 {
				b.WriteString(", ")
			}
			b.WriteString(cellName(9, c))
		}
		b.WriteByte(')')
	}
	if s.Detail != "" {
		b.WriteString(": ")
		b.WriteString(s.Detail)
	}
	sep := ": "
	if s.Detail != "" {
		sep = "; "
	}
	if len(s.Eliminations) > 0 {
		b.WriteString(sep)
		sep = "; "
		b.WriteString("removes ")
		b.WriteString(eliminationWords(s.Eliminations))
	}
	for _, p := range s.Placements {
		b.WriteString(sep)
		sep = "; "
		fmt.Fprintf(&b, "places %d in %s", p.Digit, cellName(9, p.Cell))
	}
	return b.String()
}

// eliminationWords groups eliminations by digit: "3 from r5c4, r5c6 and 7
// from r5c4".
func eliminationWords(el []Candidate) string {
	var parts []string
	for d := 1; d <= 9; d++ {
		var cells []string
		for _, c := range el {
			if c.Digit == d {
				cells = append(cells, cellName(9, c.Cell))
			}
		}
		if len(cells) > 0 {
			parts = append(parts, fmt.Sprintf("%d from %s", d, strings.Join(cells, ", ")))
		}
	}
	if len(parts) <= 1 {
		return strings.Join(parts, "")
	}
	return strings.Join(parts[:len(parts)-1], ", ") + " and " + parts[len(parts)-1]
}

// Rating is a puzzle's rating on Sudoku Explainer's scale, each value with
// one decimal.
type Rating struct {
	// ER is the difficulty of the hardest step on SE's solving path.
	ER float64 `json:"er"`
	// EP is the difficulty of the hardest step up to and including the
	// first step that places a digit.
	EP float64 `json:"ep"`
	// ED is the difficulty of the first step.
	ED float64 `json:"ed"`
}

// String returns "ER EP ED" with one decimal each, as SE prints them.
func (r Rating) String() string { return fmt.Sprintf("%.1f %.1f %.1f", r.ER, r.EP, r.ED) }

// BeyondSolver is the ER that SE gives, and Rate returns, for a puzzle that
// none of the techniques can finish.
const BeyondSolver = 20.0

// NotUniqueError reports a puzzle that has no solution or more than one:
// the human-style techniques (uniqueness ones among them) assume exactly
// one, so such a puzzle is not rated.
type NotUniqueError struct {
	// Solutions is 0, or 2 for "at least two".
	Solutions int
}

// Error says which of the two it is.
func (e *NotUniqueError) Error() string {
	if e.Solutions == 0 {
		return "sudoku: the puzzle has no solution"
	}
	return "sudoku: the puzzle has more than one solution"
}

// ErrNotNine is returned by the human-style solver for a grid that is not
// 9x9.
var ErrNotNine = errors.New("sudoku: human-style solving is for 9x9 grids only")

// Rate solves p the way Sudoku Explainer does and returns its rating and
// every step of the path, in order. A puzzle without exactly one solution
// is a *NotUniqueError; one that the techniques cannot finish gets ER
// BeyondSolver and the steps up to where they stopped. ctx stops a long
// rating with ctx.Err().
func Rate(ctx context.Context, p Grid) (Rating, []Step, error) {
	h, err := newHumanSolver(ctx, p)
	if err != nil {
		return Rating{}, nil, err
	}
	return h.rate()
}

// rate takes Rate's steps from h's position to the end.
func (h *humanSolver) rate() (Rating, []Step, error) {
	var er, ep, ed float64
	var steps []Step
	if n := h.g.empty(); n > 0 {
		// A path takes a step for each empty cell, and on hard puzzles
		// some that only remove.
		steps = make([]Step, 0, n)
	}
	for h.g.empty() > 0 {
		st, ok, err := h.next()
		if err != nil {
			return Rating{}, steps, err
		}
		if !ok {
			er = BeyondSolver
			break
		}
		er = max(er, st.se)
		h.g.apply(&st)
		steps = append(steps, st)
		if ep == 0 {
			if ed == 0 {
				ed = er
			}
			if len(st.Placements) > 0 {
				ep = er
			}
		}
	}
	return Rating{ER: seRound(er), EP: seRound(ep), ED: seRound(ed)}, steps, nil
}

// Hint returns the step Sudoku Explainer would take next in p: the first
// step of Rate's path. A solved grid has no next step (ok false); a puzzle
// without exactly one solution is a *NotUniqueError.
func Hint(ctx context.Context, p Grid) (step Step, ok bool, err error) {
	h, err := newHumanSolver(ctx, p)
	if err != nil || h.g.empty() == 0 {
		return Step{}, false, err
	}
	return h.next()
}

// humanSolver holds a position of the human-style solver and the context
// that can stop it.
type humanSolver struct {
	g   hgrid
	ctx context.Context
	sol [81]uint8
}

func newHumanSolver(ctx context.Context, p Grid) (*humanSolver, error) {
	if p.Box != 3 || len(p.Cells) != 81 {
		if err := p.Check(); err != nil {
			return nil, err
		}
		return nil, ErrNotNine
	}
	if err := p.Check(); err != nil {
		return nil, err
	}
	res, err := Solve(ctx, p, Options{Limit: 2})
	if err != nil {
		return nil, err
	}
	if res.Count != 1 {
		return nil, &NotUniqueError{Solutions: res.Count}
	}
	h := &humanSolver{ctx: ctx}
	copy(h.sol[:], res.Solution.Cells)
	h.g.init((*[81]uint8)(p.Cells))
	h.g.memo = new(stepMemo)
	if ctx != nil {
		h.g.done = ctx.Done()
	}
	return h, nil
}

// next finds the next step: the first step of the first technique, in SE's
// order, that has one.
func (h *humanSolver) next() (Step, bool, error) {
	if h.ctx != nil {
		if err := h.ctx.Err(); err != nil {
			return Step{}, false, err
		}
	}
	for _, t := range humanTechniques {
		st, ok := t(&h.g)
		if h.ctx != nil {
			// The chaining techniques give up when ctx is done.
			if err := h.ctx.Err(); err != nil {
				return Step{}, false, err
			}
		}
		if ok {
			st.Difficulty = seRound(st.se)
			return st, true, nil
		}
	}
	return Step{}, false, nil
}

// seRound rounds a difficulty to one decimal as SE prints it.
func seRound(d float64) float64 { return float64(int((d+0.05)*10)) / 10 }

// humanTechniques are the step finders in SE's order.
var humanTechniques = []func(*hgrid) (Step, bool){
	(*hgrid).hiddenSingle,
	func(g *hgrid) (Step, bool) { return g.locking(true) },
	func(g *hgrid) (Step, bool) { return g.hiddenSet(2, true) },
	(*hgrid).nakedSingle,
	func(g *hgrid) (Step, bool) { return g.hiddenSet(3, true) },
	func(g *hgrid) (Step, bool) { return g.locking(false) },
	func(g *hgrid) (Step, bool) { return g.nakedSet(2) },
	func(g *hgrid) (Step, bool) { return g.fish(2) },
	func(g *hgrid) (Step, bool) { return g.hiddenSet(2, false) },
	func(g *hgrid) (Step, bool) { return g.nakedSet(3) },
	func(g *hgrid) (Step, bool) { return g.fish(3) },
	func(g *hgrid) (Step, bool) { return g.hiddenSet(3, false) },
	func(g *hgrid) (Step, bool) { return g.xyWing(false) },
	func(g *hgrid) (Step, bool) { return g.xyWing(true) },
	(*hgrid).uniqueLoops,
	func(g *hgrid) (Step, bool) { return g.nakedSet(4) },
	func(g *hgrid) (Step, bool) { return g.fish(4) },
	func(g *hgrid) (Step, bool) { return g.hiddenSet(4, false) },
	(*hgrid).bug,
	func(g *hgrid) (Step, bool) { return g.alignedExclusion(2) },
	(*hgrid).chainsAndCycles,
	func(g *hgrid) (Step, bool) { return g.alignedExclusion(3) },
	func(g *hgrid) (Step, bool) { return g.forcingChains(false, true, true, 0) },
	func(g *hgrid) (Step, bool) { return g.forcingChains(true, false, false, 0) },
	func(g *hgrid) (Step, bool) { return g.forcingChains(true, true, false, 0) },
	func(g *hgrid) (Step, bool) { return g.forcingChains(true, true, false, 1) },
	func(g *hgrid) (Step, bool) { return g.nestedForcingChains(2, 0) },
	func(g *hgrid) (Step, bool) { return g.nestedForcingChains(3, 0) },
	func(g *hgrid) (Step, bool) { return g.nestedForcingChains(4, 0) },
	func(g *hgrid) (Step, bool) { return g.nestedForcingChains(4, 1) },
	func(g *hgrid) (Step, bool) { return g.nestedForcingChains(4, 2) },
	func(g *hgrid) (Step, bool) { return g.nestedForcingChains(4, 3) },
}

// MarshalJSON writes the step with its String as "text".
func (s Step) MarshalJSON() ([]byte, error) {
	type plain Step
	return json.Marshal(struct {
		plain
		Text string `json:"text"`
	}{plain(s), s.String()})
}

// hgrid is a 9x9 position: the digits placed, the candidates (bit d for
// digit d) of the empty cells, and, kept in step with them, the places of
// each digit in each house and the empty cells of each house.
type hgrid struct {
	val    [81]uint8
	cand   [81]uint16
	hpos   [27][10]uint16 // places of digit d in house h, over the house's cells
	hempty [27]uint8
	done   <-chan struct{} // when closed, the long searches give up
	nested *innerCache     // the nested chains' steps by grid, for one position
	// memo keeps where step finders last found nothing, shared by the
	// copies of a position (nil: none kept)
	memo *stepMemo
}

// stepMemo is what step finders remember between the positions of a path:
// where they last found nothing. An entry holds the candidates the finder's
// answer depends on, so it is right wherever those are the same, whatever
// happened in between. It also holds the unique loops' buffers, reused
// from one search to the next.
type stepMemo struct {
	aligned alignedCache
	houses  [houseMemos]houseMemo
	digits  [digitMemos]digitMemo
	loops   loopSearch
}

// houseMemo remembers, for a finder that searches house by house, each
// house's contents (its digits' places, and in [0] its empty cells) when the
// finder last found nothing in it.
type houseMemo struct {
	valid [27]bool
	pos   [27][10]uint16
}

// The finders with a houseMemo: hiddenSet (n, direct) at 2(n-2)+direct,
// nakedSet (n) at 6+n-2.
const houseMemos = 9

// houseMemo returns finder k's house memo, or nil without a memo.
func (g *hgrid) houseMemo(k int) *houseMemo {
	if g.memo == nil {
		return nil
	}
	return &g.memo.houses[k]
}

// unchanged reports whether house h holds what it held when the finder
// found nothing in it.
func (m *houseMemo) unchanged(g *hgrid, h int) bool {
	if m == nil || !m.valid[h] {
		return false
	}
	pos := g.hpos[h]
	pos[0] = uint16(g.hempty[h])
	return pos == m.pos[h]
}

// nothing records that the finder found nothing in house h as it is.
func (m *houseMemo) nothing(g *hgrid, h int) {
	if m != nil {
		m.valid[h] = true
		m.pos[h] = g.hpos[h]
		m.pos[h][0] = uint16(g.hempty[h])
	}
}

// digitMemo remembers, for a finder that looks at one digit at a time,
// each digit's plane (its places row by row, and in [9] how many cells hold
// it) when the finder last searched the whole grid and found nothing.
type digitMemo struct {
	valid bool
	plane [10][10]uint16
}

// The finders with a digitMemo: locking (direct) at 0 (1 for not direct),
// fish (n) at 2+n-2.
const digitMemos = 5

// digitPlanes returns every digit's plane as digitMemo keeps it.
func (g *hgrid) digitPlanes() (p [10][10]uint16) {
	for _, v := range g.val {
		p[v][9]++
	}
	for d := 1; d <= 9; d++ {
		for r := 0; r < 9; r++ {
			p[d][r] = g.hpos[9+r][d]
		}
	}
	return p
}

// digitMemo returns finder k's digit memo and the planes of g (nil and
// zero without a memo).
func (g *hgrid) digitMemo(k int) (*digitMemo, [10][10]uint16) {
	if g.memo == nil {
		return nil, [10][10]uint16{}
	}
	return &g.memo.digits[k], g.digitPlanes()
}

// same returns, as a mask, the digits whose plane is what it was when the
// finder last found nothing: it finds nothing for them again.
func (m *digitMemo) same(planes *[10][10]uint16) (same uint16) {
	if m == nil || !m.valid {
		return 0
	}
	for d := 1; d <= 9; d++ {
		if planes[d] == m.plane[d] {
			same |= 1 << d
		}
	}
	return same
}

// nothing records that the finder found nothing in the grid of planes.
func (m *digitMemo) nothing(planes *[10][10]uint16) {
	if m != nil {
		m.valid, m.plane = true, *planes
	}
}

// stopped reports whether g's searches should give up.
func (g *hgrid) stopped() bool {
	select {
	case <-g.done:
		return true
	default:
		return false
	}
}

const hAllDigits = 0x3FE

func (g *hgrid) init(cells *[81]uint8) {
	for i := range g.cand {
		g.val[i], g.cand[i] = 0, hAllDigits
	}
	for h := range g.hpos {
		g.hempty[h] = 9
		for d := 1; d <= 9; d++ {
			g.hpos[h][d] = 0x1FF
		}
	}
	for i, v := range cells {
		if v != 0 {
			g.place(i, int(v))
		}
	}
}

// remove takes candidate d out of cell i, if it is there.
func (g *hgrid) remove(i, d int) {
	if g.cand[i]&(1<<d) == 0 {
		return
	}
	g.cand[i] &^= 1 << d
	for t := 0; t < 3; t++ {
		g.hpos[hCellHouse[i][t]][d] &^= 1 << hCellIndex[i][t]
	}
}

// place sets cell i to d and removes d from its peers.
func (g *hgrid) place(i, d int) {
	for m := g.cand[i]; m != 0; m &= m - 1 {
		g.remove(i, bits.TrailingZeros16(m))
	}
	g.val[i] = uint8(d)
	for t := 0; t < 3; t++ {
		g.hempty[hCellHouse[i][t]]--
	}
	for _, p := range hPeers[i] {
		g.remove(int(p), d)
	}
}

func (g *hgrid) empty() int {
	n := 0
	for _, v := range g.val {
		if v == 0 {
			n++
		}
	}
	return n
}

// apply removes the step's eliminations, then places its placements.
func (g *hgrid) apply(s *Step) {
	for _, e := range s.Eliminations {
		g.remove(e.Cell, e.Digit)
	}
	for _, p := range s.Placements {
		g.place(p.Cell, p.Digit)
	}
}

// Houses are numbered as SE's regions: blocks 0..8, rows 9..17, columns
// 18..26, each in reading order; the cells of a house are in reading order.
var (
	hHouse     [27][9]uint8
	hCellHouse [81][3]uint8 // a cell's block, row and column
	hCellIndex [81][3]uint8 // the cell's place in each of them
	hPeers     [81][20]uint8
	hInHouse   [27][81]bool
)

func init() {
	for k := 0; k < 9; k++ {
		for j := 0; j < 9; j++ {
			b := 9*(k/3*3+j/3) + k%3*3 + j%3
			hHouse[k][j] = uint8(b)
			hHouse[9+k][j] = uint8(9*k + j)
			hHouse[18+k][j] = uint8(9*j + k)
		}
	}
	for h := range hHouse {
		for j, c := range hHouse[h] {
			hInHouse[h][c] = true
			hCellHouse[c][h/9] = uint8(h)
			hCellIndex[c][h/9] = uint8(j)
		}
	}
	for i := 0; i < 81; i++ {
		n := 0
		for j := 0; j < 81; j++ {
			if j != i && hSees(i, j) {
				hPeers[i][n] = uint8(j)
				n++
			}
		}
	}
}

// hSees reports whether cells a and b share a house.
func hSees(a, b int) bool {
	return a/9 == b/9 || a%9 == b%9 || (a/27 == b/27 && a%9/3 == b%9/3)
}

// houseName names house h: "block 3", "row 5", "column 2".
func houseName(h int) string { return houseNames[h] }

var houseNames = func() (n [27]string) {
	for h := range n {
		n[h] = [3]string{"block", "row", "column"}[h/9] + " " + string(rune('1'+h%9))
	}
	return n
}()

// positions returns the places of digit d in house h as a 9-bit mask over
// the house's cells.
func (g *hgrid) positions(h, d int) uint16 { return g.hpos[h][d] }

func (g *hgrid) emptyIn(h int) int { return int(g.hempty[h]) }

// crosses reports whether houses a and b share a cell.
func crosses(a, b int) bool { return a != b && hCrossMask[a][b] != 0 }

// hCrossMask[a][b] marks, over the cells of house a, those in house b;
// hPeerSet[c] is the peers of cell c as a cell set.
var (
	hCrossMask [27][27]uint16
	hPeerSet   [81]cellSet
)

func init() {
	// After the init that fills hHouse, hInHouse and hPeers (same file,
	// earlier).
	for c := range hPeers {
		for _, p := range hPeers[c] {
			hPeerSet[c].add(int(p))
		}
	}
	for a := range hCrossMask {
		for b := range hCrossMask[a] {
			for j, c := range hHouse[a] {
				if hInHouse[b][c] {
					hCrossMask[a][b] |= 1 << j
				}
			}
		}
	}
}

func pop(m uint16) int { return bits.OnesCount16(m) }

// digitsOf lists the digits of a candidate mask.
func digitsOf(m uint16) []int {
	var out []int
	for d := 1; d <= 9; d++ {
		if m&(1<<d) != 0 {
			out = append(out, d)
		}
	}
	return out
}

// nextCombo steps a k-of-9 combination mask in increasing numeric order
// (the order SE enumerates tuples in); it returns false after the last.
func nextCombo(m uint16) (uint16, bool) {
	low := m & -m
	ripple := m + low
	ones := ((m ^ ripple) >> 2) / low
	next := ripple | ones
	return next, next < 1<<9
}
