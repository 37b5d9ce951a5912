package sliding

import (
	"bytes"
	"io"
	"math/bits"
	"slices"
)

// AppendAnswers appends to dst the answer line (AppendAnswer) of each
// board of data in format f, in order: the fewest moves from it to t's
// goal, without the moves. Its errors are those of Distances, and dst is
// returned unchanged with them.
func (t *Table) AppendAnswers(dst, data []byte, f Format) ([]byte, error) {
	dist, err := t.Distances(nil, data, f)
	if err != nil {
		return dst, err
	}
	dst = slices.Grow(dst, 3*len(dist))
	for _, d := range dist {
		dst = AppendAnswer(dst, f, int(d), nil) // d is -1 if unsolvable
	}
	return dst, nil
}

// answerChunk is the size of WriteAnswers' buffer: large enough that its
// writes are few, small enough that a batch's answers are never held whole.
const answerChunk = 32 << 10

// WriteAnswers writes to w the answer line (AppendAnswer) of each length in
// dist (-1 for a board that cannot reach the goal), in order, without
// moves, through one buffer of fixed size: a large batch's answers go out
// in chunks instead of being gathered whole first. It returns the first
// error of w.
func WriteAnswers(w io.Writer, f Format, dist []int8) error {
	const longest = len("impossible\n") // of the lines without moves
	buf := make([]byte, 0, min(answerChunk, longest*len(dist)))
	for _, d := range dist {
		if len(buf)+longest > cap(buf) {
			if _, err := w.Write(buf); err != nil {
				return err
			}
			buf = buf[:0]
		}
		buf = AppendAnswer(buf, f, int(d), nil)
	}
	if len(buf) == 0 {
		return nil
	}
	_, err := w.Write(buf)
	return err
}

// Distances appends to dst, for each board of data in format f in order,
// the fewest moves from it to t's goal, or -1 if it cannot reach the goal.
// Line and Grid boards take the goal's size. A malformed input gets
// ParseAll's error, and boards of another size than the goal an error
// matching ErrInvalid (a *SyntaxError naming the board's line); dst is
// returned unchanged with either.
//
// A BOJ 11112 input in the plain layout (a count line, then three-cell
// rows, empty lines allowed) is read in one pass without making a Board per
// case, several times faster than ParseAll and Distance.
func (t *Table) Distances(dst []int8, data []byte, f Format) ([]int8, error) {
	if f == BOJ11112 {
		if out, ok := t.distancesBOJ11112(dst, data); ok {
			return out, nil
		}
	}
	w, h := t.goal.W, t.goal.H
	cases, err := ParseAll(bytes.NewReader(data), f, w, h)
	if err != nil {
		return dst, err
	}
	for _, c := range cases {
		if c.Board.W != w || c.Board.H != h {
			return dst, syntaxErr(c.Line, "board is %dx%d but the goal is %dx%d", c.Board.W, c.Board.H, w, h)
		}
	}
	for _, c := range cases {
		dst = append(dst, int8(t.Distance(c.Board)))
	}
	return dst, nil
}

// distancesBOJ11112 is Distances for a BOJ 11112 input in the plain layout:
// a line with the number of cases, then each case as three lines of exactly
// three cells (1 to 8, # for the blank), with empty lines anywhere between
// them and "\r\n" line ends allowed. For anything else (spaces in a row, a
// bad cell, a count that does not match the cases, a repeated tile) or a
// table that is not 3x3 it returns dst unchanged and false.
func (t *Table) distancesBOJ11112(dst []int8, data []byte) ([]int8, bool) {
	if t.n != 9 || t.goal.W != 3 {
		return dst, false
	}
	orig := len(dst)
	n := len(data)
	p := 0
	// eol reports whether p is at the end of a line ("\n", "\r\n", or a
	// "\r" or nothing at the end of data), and the position after it.
	eol := func(p int) (int, bool) {
		switch {
		case p == n:
			return p, true
		case data[p] == '\n':
			return p + 1, true
		case data[p] == '\r' && (p+1 == n || data[p+1] == '\n'):
			return min(p+2, n), true
		}
		return p, false
	}
	// skip moves p past empty lines.
	skip := func() {
		for p < n {
			q, ok := eol(p)
			if !ok || q == p {
				return
			}
			p = q
		}
	}
	skip()
	count, digits := 0, 0
	for ; p < n && data[p] >= '0' && data[p] <= '9' && digits < 9; p, digits = p+1, digits+1 {
		count = count*10 + int(data[p]-'0')
	}
	var ok bool
	if p, ok = eol(p); digits == 0 || !ok {
		return dst[:orig], false
	}
	// A case takes at least 11 bytes (three rows of three cells, the last
	// one's line end optional): room for what data can hold, at once.
	dst = slices.Grow(dst, min(count, (n-p)/11+1))
	// code maps an input byte to its tile's goal cell + 1 (0: not a cell).
	var code [256]uint8
	for v := 1; v <= 8; v++ {
		code['0'+v] = t.gpos[v] + 1
	}
	code['#'] = t.gpos[0] + 1
	dist := t.dist
	for range count {
		// Rank the permutation (goal cell of the tile on each cell) as
		// Table.rank does.
		used := uint32(0)
		r := 0
		k := 9
		for range 3 {
			skip()
			if p+3 > n {
				return dst[:orig], false
			}
			for j := range 3 {
				v := uint32(code[data[p+j]]) - 1 // wraps for a bad cell
				if v > 8 || used&(1<<v) != 0 {
					return dst[:orig], false
				}
				r = r*k + int(v) - bits.OnesCount32(used&(1<<v-1))
				used |= 1 << v
				k--
			}
			if p, ok = eol(p + 3); !ok {
				return dst[:orig], false
			}
		}
		d := dist[r]
		if d == unreachable {
			dst = append(dst, -1)
		} else {
			dst = append(dst, int8(d))
		}
	}
	if skip(); p != n {
		return dst[:orig], false
	}
	return dst, true
}
