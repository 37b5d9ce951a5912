package sudoku

import "context"

// Backtrack searches g with the textbook method: cached row, column and
// box sets, the first empty cell in reading order, symbols in ascending
// order, no propagation. It is slow on hard puzzles but simple enough to
// trust, and it is the reference the fast solvers are tested against. Its
// first solution is the lexicographically smallest, whatever opt.First
// says. It honours ctx and opt.Limits as Solve does; Guesses counts
// the symbols it tried.
func Backtrack(ctx context.Context, g Grid, opt Options) (Result, error) {
	if err := g.Check(); err != nil {
		return Result{}, err
	}
	n, box := g.N(), g.Box
	bt := &backtracker{n: n, box: box, limit: max(opt.Limit, 1), maxGuesses: opt.Limits.MaxNodes, ctx: ctx,
		cells: append([]uint8(nil), g.Cells...),
		rows:  make([]uint32, n), cols: make([]uint32, n), boxes: make([]uint32, n)}
	for i, v := range g.Cells {
		if v == 0 {
			bt.empty = append(bt.empty, i)
			continue
		}
		r, c := i/n, i%n
		bt.rows[r] |= 1 << v
		bt.cols[c] |= 1 << v
		bt.boxes[r/box*box+c/box] |= 1 << v
	}
	bt.run(0)
	return Result{Count: bt.count, Solution: bt.sol, Guesses: bt.guesses}, bt.err
}

type backtracker struct {
	n, box            int
	cells             []uint8
	empty             []int
	rows, cols, boxes []uint32
	limit, count      int
	guesses           int64
	maxGuesses        int64
	ctx               context.Context
	err               error
	sol               Grid
}

func (bt *backtracker) run(k int) {
	if k == len(bt.empty) {
		if bt.count == 0 {
			bt.sol = Grid{Box: bt.box, Cells: append([]uint8(nil), bt.cells...)}
		}
		bt.count++
		return
	}
	i := bt.empty[k]
	r, c := i/bt.n, i%bt.n
	b := r/bt.box*bt.box + c/bt.box
	used := bt.rows[r] | bt.cols[c] | bt.boxes[b]
	for v := 1; v <= bt.n; v++ {
		bit := uint32(1) << v
		if used&bit != 0 {
			continue
		}
		bt.guesses++
		if bt.maxGuesses > 0 && bt.guesses > bt.maxGuesses {
			bt.err = ErrLimit
			return
		}
		if bt.guesses&4095 == 0 && bt.ctx != nil {
			if err := bt.ctx.Err(); err != nil {
				bt.err = err
				return
			}
		}
		bt.cells[i] = uint8(v)
		bt.rows[r] |= bit
		bt.cols[c] |= bit
		bt.boxes[b] |= bit
		bt.run(k + 1)
		bt.rows[r] &^= bit
		bt.cols[c] &^= bit
		bt.boxes[b] &^= bit
		bt.cells[i] = 0
		if bt.count >= bt.limit || bt.err != nil {
			return
		}
	}
}
