package sliding

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	"github.com/searchlab/searchlab/internal/syntaxerr"
)

// Format names a text format for boards.
type Format string

// The formats ParseAll and Write know.
const (
	// Grid is rows of space-separated numbers, 0, # or _ for the blank,
	// boards separated by blank lines. Each board's size is its shape.
	Grid Format = "grid"
	// Line is one board a line in reading order; the size comes from the
	// caller (--size WxH) or is the square with that many cells.
	Line Format = "line"
	// BOJ11112 is Baekjoon 11112: a case count T, then T 3x3 boards of three
	// rows like "12#" (# is the blank), blank lines between them allowed.
	BOJ11112 Format = "boj11112"
	// BOJ1525 is Baekjoon 1525: one 3x3 board, three rows of three numbers,
	// 0 for the blank.
	BOJ1525 Format = "boj1525"
)

// formats lists every Format.
var formats = [...]Format{Grid, Line, BOJ11112, BOJ1525}

// Formats returns every Format, in a new slice.
func Formats() []Format { return append([]Format(nil), formats[:]...) }

// ParseFormat returns the Format named s, or an error naming the choices.
func ParseFormat(s string) (Format, error) {
	return parseName(formats[:], s, "format", "grid, line, boj11112 or boj1525")
}

// Size returns the size of every board in format f where the format
// fixes it, 3x3 for BOJ11112 and BOJ1525, and 0, 0 where the input gives
// it (Grid, Line).
func (f Format) Size() (w, h int) {
	if f == BOJ11112 || f == BOJ1525 {
		return 3, 3
	}
	return 0, 0
}

// parseName returns the member of names spelt s, or an error that says s is
// an unknown what and lists the choices, want.
func parseName[T ~string](names []T, s, what, want string) (T, error) {
	for _, n := range names {
		if string(n) == s {
			return n, nil
		}
	}
	return "", fmt.Errorf("unknown %s %q (want %s)", what, s, want)
}

// Case is one board read from input, with the line it starts on.
type Case struct {
	Board Board
	Line  int
}

// SyntaxError reports malformed input: the line (counted from 1; 0 for a
// board given as a string), the column (the 1-based byte of the fault on
// its line; 0 when not given, as for faults of a whole line or board) and
// the fault. It matches ErrInvalid under errors.Is.
type SyntaxError struct {
	Line, Column int
	Msg          string
}

// Error returns "sliding: line N: " and the fault ("sliding: " and the
// fault when Line is 0).
func (e *SyntaxError) Error() string { return syntaxerr.Message("sliding", e.Line, e.Msg) }

// Is reports whether target is ErrInvalid.
func (e *SyntaxError) Is(target error) bool { return target == ErrInvalid }

func syntaxErr(line int, format string, args ...any) error {
	return &SyntaxError{Line: line, Msg: fmt.Sprintf(format, args...)}
}

// maxLine is the longest input line accepted.
const maxLine = 1 << 20

// lineReader yields input lines, trimmed, with their numbers.
type lineReader struct {
	sc   *bufio.Scanner
	line int
	err  error
}

func newLineReader(r io.Reader) *lineReader {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64*1024), maxLine)
	return &lineReader{sc: sc}
}

// next returns the next line, trimmed of spaces, and false at the end of
// input or on a read error (then lr.err is set).
func (lr *lineReader) next() (string, bool) {
	b, ok := lr.nextBytes()
	return string(b), ok
}

// ended returns the read error that stopped next, or, where the input
// simply ended, short: the fault of input that ends too soon.
func (lr *lineReader) ended(short error) error {
	if lr.err != nil {
		return lr.err
	}
	return short
}

// nextBytes is next without a copy: the line is valid until the next call.
func (lr *lineReader) nextBytes() ([]byte, bool) {
	if !lr.sc.Scan() {
		if err := lr.sc.Err(); err != nil {
			if errors.Is(err, bufio.ErrTooLong) {
				lr.err = syntaxErr(lr.line+1, "line longer than %d bytes", maxLine)
			} else {
				lr.err = fmt.Errorf("reading input after line %d: %w", lr.line, err)
			}
		}
		return nil, false
	}
	lr.line++
	return bytes.TrimSpace(lr.sc.Bytes()), true
}

// ParseAll reads every board in r in format f. For Line, w and h give the size
// (0, 0: the square with as many cells as the line has numbers); for Grid
// they are checked against each board's shape when non-zero; BOJ formats are
// always 3x3. A malformed input gets a *SyntaxError that names the line and
// the fault: a ragged row, a missing, duplicate or out-of-range tile, two
// blanks or none, text where a number belongs, or a case count that does not
// match. On an error it returns no boards.
func ParseAll(r io.Reader, f Format, w, h int) ([]Case, error) {
	sc := NewScanner(r, f, w, h)
	var cases []Case
	for sc.Scan() {
		if cases == nil && f == BOJ11112 {
			// Trust the count only so far: a bad header must not allocate much.
			cases = make([]Case, 0, min(sc.count, 1<<12))
		}
		cases = append(cases, sc.Case())
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	return cases, nil
}

// Scanner reads the boards of an input in one format one at a time: the
// boards, lines and errors of ParseAll, each board as soon as its text is
// read. A BOJ 11112 input whose count does not match its cases gets its
// error after the boards before the fault.
type Scanner struct {
	lr   *lineReader
	f    Format
	w, h int
	c    Case
	err  error
	done bool

	cells   []cell  // the cells of the board being read, reused
	started bool    // BOJ formats: the header (or the one board) is read
	count   int     // BOJ 11112: the case count
	countAt int     // BOJ 11112: the line of the count
	read    int     // BOJ 11112: the cases read
	slab    []uint8 // BOJ 11112: tiles for the next boards
}

// NewScanner returns a Scanner of the boards in r in format f, with w and h
// as for ParseAll.
func NewScanner(r io.Reader, f Format, w, h int) *Scanner {
	return &Scanner{lr: newLineReader(r), f: f, w: w, h: h}
}

// Scan advances to the next board, which Case then returns. It returns false
// at the end of the input or at the first error (see Err).
func (s *Scanner) Scan() bool {
	if s.done {
		return false
	}
	var (
		ok  bool
		err error
	)
	switch s.f {
	case Grid:
		s.c, ok, err = s.nextGrid()
	case Line:
		s.c, ok, err = s.nextLine()
	case BOJ11112:
		s.c, ok, err = s.nextBOJ11112()
	case BOJ1525:
		s.c, ok, err = s.nextBOJ1525()
	default:
		err = fmt.Errorf("unknown format %q", s.f)
	}
	if err == nil && !ok {
		err = s.lr.err
	}
	if err != nil || !ok {
		s.c, s.err, s.done = Case{}, err, true
		return false
	}
	return true
}

// Case returns the board read by the last call to Scan, with its line.
func (s *Scanner) Case() Case { return s.c }

// Err returns the error that stopped Scan, or nil at the end of the input.
// Faults in the text are a *SyntaxError.
func (s *Scanner) Err() error { return s.err }

// cell is one number of a board with the line it is on.
type cell struct {
	v    int
	line int
}

// number reads one grid or line token: a tile number, or 0, # or _ for the
// blank.
func number(tok string, line int) (int, error) {
	switch tok {
	case "#", "_":
		return 0, nil
	}
	v, err := strconv.Atoi(tok)
	if err != nil {
		if len(tok) > 20 {
			tok = tok[:20] + "..."
		}
		if digits(tok) {
			return 0, syntaxErr(line, "tile %s out of range (too large for any board)", tok)
		}
		return 0, syntaxErr(line, "%q is not a number (tiles are numbers; 0, # or _ is the blank)", tok)
	}
	return v, nil
}

// digits reports whether tok is a run of decimal digits, a number however
// large.
func digits(tok string) bool {
	for _, c := range []byte(tok) {
		if c < '0' || c > '9' {
			return false
		}
	}
	return tok != ""
}

// build checks that cells make a valid w x h board and returns it; faults
// name the line they are on.
func build(cells []cell, w, h, start int) (Board, error) {
	return buildInto(nil, cells, w, h, start)
}

// buildInto is build with the tiles stored in dst when it has room.
func buildInto(dst []uint8, cells []cell, w, h, start int) (Board, error) {
	if w < MinSide || h < MinSide || w > MaxSide || h > MaxSide {
		return Board{}, syntaxErr(start, "board is %dx%d; sides must be %d to %d", w, h, MinSide, MaxSide)
	}
	n := w * h
	if len(cells) != n {
		return Board{}, syntaxErr(start, "board has %d numbers, want %d for %dx%d", len(cells), n, w, h)
	}
	var seenArr [64]int
	seenAt := seenArr[:]
	if n > len(seenArr) {
		seenAt = make([]int, n)
	}
	if cap(dst) < n {
		dst = make([]uint8, n)
	}
	b := Board{W: w, H: h, Tiles: dst[:n:n]}
	for i, c := range cells {
		switch {
		case c.v < 0 || c.v >= n:
			return Board{}, syntaxErr(c.line, "tile %d out of range (a %dx%d board has tiles 1..%d and one blank)", c.v, w, h, n-1)
		case seenAt[c.v] != 0 && c.v == 0:
			return Board{}, syntaxErr(c.line, "two blanks (the first on line %d)", seenAt[0])
		case seenAt[c.v] != 0:
			return Board{}, syntaxErr(c.line, "tile %d appears twice (also on line %d)", c.v, seenAt[c.v])
		}
		seenAt[c.v] = c.line
		b.Tiles[i] = uint8(c.v)
	}
	// n cells, none repeated and all in range: nothing can be missing.
	return b, nil
}

// nextGrid reads the next board of rows, up to a blank line or the end.
func (s *Scanner) nextGrid() (Case, bool, error) {
	lr := s.lr
	cells := s.cells[:0]
	start, rowW, rows := 0, 0, 0
	for {
		text, ok := lr.next()
		if !ok {
			break
		}
		if text == "" {
			if rows == 0 {
				continue
			}
			break
		}
		toks := strings.Fields(text)
		if rows == 0 {
			start, rowW = lr.line, len(toks)
		} else if len(toks) != rowW {
			return Case{}, false, syntaxErr(lr.line, "ragged row: %d numbers, but the board's first row (line %d) has %d", len(toks), start, rowW)
		}
		if rows == MaxSide {
			return Case{}, false, syntaxErr(lr.line, "board has more than %d rows (separate boards with a blank line)", MaxSide)
		}
		if rowW > MaxSide {
			return Case{}, false, syntaxErr(lr.line, "row has %d numbers; at most %d", rowW, MaxSide)
		}
		for _, tok := range toks {
			v, err := number(tok, lr.line)
			if err != nil {
				return Case{}, false, err
			}
			cells = append(cells, cell{v, lr.line})
		}
		rows++
	}
	s.cells = cells
	if rows == 0 {
		return Case{}, false, nil
	}
	if (s.w != 0 && rowW != s.w) || (s.h != 0 && rows != s.h) {
		return Case{}, false, syntaxErr(start, "board is %dx%d, but --size says %dx%d", rowW, rows, s.w, s.h)
	}
	b, err := build(cells, rowW, rows, start)
	if err != nil {
		return Case{}, false, err
	}
	return Case{b, start}, true, nil
}

// nextLine reads the next board of one line.
func (s *Scanner) nextLine() (Case, bool, error) {
	lr := s.lr
	text, ok := lr.nextNonBlank()
	if !ok {
		return Case{}, false, nil
	}
	toks, rowW, err := rowFields(text, lr.line)
	if err != nil {
		return Case{}, false, err
	}
	bw, bh := s.w, s.h
	if rowW > 0 {
		// Rows separated by " / ", as boards are printed on one line.
		if rh := len(toks) / rowW; bw == 0 && bh == 0 || bw == rowW && bh == rh {
			bw, bh = rowW, rh
		} else {
			return Case{}, false, syntaxErr(lr.line, "board is %dx%d, but --size says %dx%d", rowW, rh, bw, bh)
		}
	}
	if bw == 0 && bh == 0 {
		side := int(math.Sqrt(float64(len(toks))))
		for side*side < len(toks) {
			side++
		}
		if side*side != len(toks) {
			return Case{}, false, syntaxErr(lr.line, "%d numbers do not make a square board (give the size with --size WxH)", len(toks))
		}
		bw, bh = side, side
	}
	if len(toks) != bw*bh {
		return Case{}, false, syntaxErr(lr.line, "%d numbers, want %d for a %dx%d board", len(toks), bw*bh, bw, bh)
	}
	cells := s.cells[:0]
	for _, tok := range toks {
		v, err := number(tok, lr.line)
		if err != nil {
			return Case{}, false, err
		}
		cells = append(cells, cell{v, lr.line})
	}
	s.cells = cells
	b, err := build(cells, bw, bh, lr.line)
	if err != nil {
		return Case{}, false, err
	}
	return Case{b, lr.line}, true, nil
}

// rowFields splits a line board into its tiles. Rows may be separated by
// "/", the notation boards are printed in on one line ("8 1 3 / 4 0 2 /
// 7 6 5"); then every row must have the same number of tiles, returned as
// rowW (0 when the line has no slashes).
func rowFields(text string, line int) (toks []string, rowW int, err error) {
	if !strings.Contains(text, "/") {
		return strings.Fields(text), 0, nil
	}
	for i, row := range strings.Split(text, "/") {
		f := strings.Fields(row)
		switch {
		case len(f) == 0:
			return nil, 0, syntaxErr(line, "row %d of the board is empty", i+1)
		case i > 0 && len(f) != rowW:
			return nil, 0, syntaxErr(line, "ragged row: row %d has %d numbers, the first has %d", i+1, len(f), rowW)
		}
		rowW = len(f)
		toks = append(toks, f...)
	}
	return toks, rowW, nil
}

// nextNonBlankBytes is nextNonBlank without a copy.
func (lr *lineReader) nextNonBlankBytes() ([]byte, bool) {
	for {
		text, ok := lr.nextBytes()
		if !ok || len(text) != 0 {
			return text, ok
		}
	}
}

// nextNonBlank returns the next line that is not blank.
func (lr *lineReader) nextNonBlank() (string, bool) {
	for {
		text, ok := lr.next()
		if !ok || text != "" {
			return text, ok
		}
	}
}

// nextBOJ11112 reads the count first, then the next case, and after the
// last case checks that no more input follows.
func (s *Scanner) nextBOJ11112() (Case, bool, error) {
	lr := s.lr
	if !s.started {
		s.started = true
		text, ok := lr.nextNonBlank()
		if !ok {
			return Case{}, false, lr.ended(syntaxErr(lr.line+1, "empty input: BOJ 11112 starts with the number of cases"))
		}
		s.countAt = lr.line
		t, err := strconv.Atoi(text)
		if err != nil || t < 0 {
			return Case{}, false, syntaxErr(lr.line, "%q is not a case count (BOJ 11112 starts with the number of cases)", clip(text))
		}
		s.count = t
		s.slab = make([]uint8, 9*min(t, 1<<12))
	}
	k, t := s.read, s.count
	if k == t {
		if text, ok := lr.nextNonBlank(); ok {
			return Case{}, false, syntaxErr(lr.line, "more input (%q) after the %d cases that line %d announces", clip(text), t, s.countAt)
		}
		return Case{}, false, nil
	}
	var cells [9]cell
	start := 0
	for r := range 3 {
		text, ok := lr.nextNonBlankBytes()
		if !ok {
			return Case{}, false, lr.ended(syntaxErr(lr.line, "input ends inside case %d, but line %d says there are %d cases", k+1, s.countAt, t))
		}
		if r == 0 {
			start = lr.line
		}
		row := text
		if bytes.IndexByte(row, ' ') >= 0 || bytes.IndexByte(row, '\t') >= 0 {
			row = bytes.Join(bytes.Fields(row), nil)
		}
		if len(row) != 3 {
			return Case{}, false, syntaxErr(lr.line, "row %q of case %d has %d cells, want 3 (like 12#)", clip(string(text)), k+1, len(row))
		}
		for c := range 3 {
			ch := row[c]
			v := 0
			switch {
			case ch == '#':
			case ch >= '1' && ch <= '8':
				v = int(ch - '0')
			default:
				return Case{}, false, syntaxErr(lr.line, "%q is not a BOJ 11112 cell (1 to 8, # for the blank)", rune(ch))
			}
			cells[r*3+c] = cell{v, lr.line}
		}
	}
	if len(s.slab) < 9 {
		s.slab = make([]uint8, 9*min(t-k, 1<<16))
	}
	b, err := buildInto(s.slab[:9], cells[:], 3, 3, start)
	if err != nil {
		return Case{}, false, err
	}
	s.slab = s.slab[9:]
	s.read++
	return Case{b, start}, true, nil
}

// nextBOJ1525 reads the one board and checks that no more input follows.
func (s *Scanner) nextBOJ1525() (Case, bool, error) {
	if s.started {
		return Case{}, false, nil
	}
	s.started = true
	lr := s.lr
	var cells []cell
	start := 0
	for r := range 3 {
		text, ok := lr.nextNonBlank()
		if !ok {
			return Case{}, false, lr.ended(syntaxErr(lr.line+1, "input ends after %d rows; BOJ 1525 is 3 rows of 3 numbers", r))
		}
		if r == 0 {
			start = lr.line
		}
		toks := strings.Fields(text)
		if len(toks) != 3 {
			return Case{}, false, syntaxErr(lr.line, "row has %d numbers, want 3", len(toks))
		}
		for _, tok := range toks {
			v, err := strconv.Atoi(tok)
			if err != nil {
				return Case{}, false, syntaxErr(lr.line, "%q is not a number (BOJ 1525 uses 0 to 8, 0 for the blank)", clip(tok))
			}
			cells = append(cells, cell{v, lr.line})
		}
	}
	if text, ok := lr.nextNonBlank(); ok {
		return Case{}, false, syntaxErr(lr.line, "more input (%q) after the 3 rows of the board", clip(text))
	}
	b, err := build(cells, 3, 3, start)
	if err != nil {
		return Case{}, false, err
	}
	return Case{b, start}, true, nil
}

func clip(s string) string {
	if len(s) > 20 {
		return s[:20] + "..."
	}
	return s
}

// ParseGoal reads a goal given in reading order ("1 2 3 8 0 4 7 6 5", or
// with rows separated by slashes, "1 2 3 / 8 0 4 / 7 6 5"), 0, # or _ for
// the blank, for a board of w x h cells; with w and h 0 the goal is the
// square with that many cells.
func ParseGoal(s string, w, h int) (Board, error) {
	toks, rowW, err := goalFields(s)
	if err != nil {
		return Board{}, err
	}
	if rowW > 0 && w == 0 && h == 0 {
		w, h = rowW, len(toks)/rowW
	} else if rowW > 0 && rowW != w {
		return Board{}, fmt.Errorf("%w: the goal's rows have %d tiles, the board's %d", ErrInvalid, rowW, w)
	}
	if w == 0 && h == 0 {
		side := int(math.Sqrt(float64(len(toks))))
		for side*side < len(toks) {
			side++
		}
		w, h = side, side
	}
	cells := make([]cell, len(toks))
	for i, tok := range toks {
		v, err := number(tok, 1)
		if err != nil {
			return Board{}, err
		}
		cells[i] = cell{v, 1}
	}
	b, err := build(cells, w, h, 1)
	if err != nil {
		var se *SyntaxError
		if errors.As(err, &se) {
			return Board{}, fmt.Errorf("%w: %s", ErrInvalid, se.Msg)
		}
		return Board{}, err
	}
	return b, nil
}

// GoalFor returns the goal that goal names for w x h boards: the
// standard goal (see Standard) when goal is "", else goal as ParseGoal
// reads it.
func GoalFor(goal string, w, h int) (Board, error) {
	if goal == "" {
		return Standard(w, h), nil
	}
	return ParseGoal(goal, w, h)
}

// GoalSizeError reports a goal whose count of tiles is not the count of
// cells of a board it is given for.
type GoalSizeError struct {
	// Line is the board's line in its input, W and H its size, and Tiles
	// the goal's count of tiles.
	Line, W, H, Tiles int
}

func (e *GoalSizeError) Error() string {
	return fmt.Sprintf("line %d: the board is %dx%d but the goal has %d tiles", e.Line, e.W, e.H, e.Tiles)
}

// Is makes a GoalSizeError match ErrInvalid.
func (e *GoalSizeError) Is(target error) bool { return target == ErrInvalid }

// Goals returns the goal of each case (GoalFor), read once for each size
// of board. A goal with fewer or more tiles than a board has cells is a
// *GoalSizeError naming the first such board; one that does not parse
// for a size is ParseGoal's error.
func Goals(cases []Case, goal string) ([]Board, error) {
	goals := make([]Board, len(cases))
	bySize := map[[2]int]Board{}
	toks, _, ferr := goalFields(goal) // a fault here is ParseGoal's, below
	tiles := len(toks)
	for i, c := range cases {
		key := [2]int{c.Board.W, c.Board.H}
		g, ok := bySize[key]
		if !ok {
			if goal != "" && ferr == nil && tiles != c.Board.W*c.Board.H {
				return nil, &GoalSizeError{Line: c.Line, W: c.Board.W, H: c.Board.H, Tiles: tiles}
			}
			var err error
			if g, err = GoalFor(goal, c.Board.W, c.Board.H); err != nil {
				return nil, err
			}
			bySize[key] = g
		}
		goals[i] = g
	}
	return goals, nil
}

// AppendAnswer appends to dst the answer line for one board read in
// format f, and returns it: the length, then a space and the moves if moves
// is not empty; for length -1, a board that cannot reach the goal,
// "impossible", or "-1" in BOJ1525 (the judge's answer).
func AppendAnswer(dst []byte, f Format, length int, moves []Move) []byte {
	switch {
	case length < 0 && f == BOJ1525:
		return append(dst, "-1\n"...)
	case length < 0:
		return append(dst, "impossible\n"...)
	}
	dst = strconv.AppendInt(dst, int64(length), 10)
	if len(moves) > 0 {
		dst = AppendMoves(append(dst, ' '), moves)
	}
	return append(dst, '\n')
}

// AppendMarked is AppendAnswer with a mark for a length not proven the
// fewest (Solution.Mark): the grid and line formats append it in
// parentheses, as "45 (not proven optimal: wastar+linear*5)"; the Baekjoon
// formats, whose answers a judge reads as numbers, leave it out, and their
// callers print it elsewhere (the command, on the error stream). An empty
// mark appends nothing.
func AppendMarked(dst []byte, f Format, length int, moves []Move, mark string) []byte {
	dst = AppendAnswer(dst, f, length, moves)
	if mark == "" || length < 0 || f == BOJ11112 || f == BOJ1525 {
		return dst
	}
	dst = append(dst[:len(dst)-1], " ("...)
	return append(append(dst, mark...), ")\n"...)
}

// Write writes boards to w in format f: the inverse of ParseAll. BOJ 11112
// starts with the count; BOJ 1525 takes exactly one board; both need 3x3.
func Write(w io.Writer, f Format, boards []Board) error {
	bw := bufio.NewWriter(w)
	switch f {
	case Grid:
		for i, b := range boards {
			if i > 0 {
				bw.WriteByte('\n')
			}
			bw.WriteString(b.String())
			bw.WriteByte('\n')
		}
	case Line:
		for _, b := range boards {
			for i, t := range b.Tiles {
				if i > 0 {
					bw.WriteByte(' ')
				}
				bw.WriteString(strconv.Itoa(int(t)))
			}
			bw.WriteByte('\n')
		}
	case BOJ11112:
		fmt.Fprintf(bw, "%d\n", len(boards))
		for _, b := range boards {
			if b.W != 3 || b.H != 3 {
				return fmt.Errorf("BOJ 11112 holds 3x3 boards, not %dx%d", b.W, b.H)
			}
			bw.WriteByte('\n')
			for i, t := range b.Tiles {
				if t == 0 {
					bw.WriteByte('#')
				} else {
					bw.WriteByte('0' + t)
				}
				if i%3 == 2 {
					bw.WriteByte('\n')
				}
			}
		}
	case BOJ1525:
		if len(boards) != 1 || boards[0].W != 3 || boards[0].H != 3 {
			return errors.New("BOJ 1525 holds exactly one 3x3 board")
		}
		bw.WriteString(boards[0].String())
		bw.WriteByte('\n')
	default:
		return fmt.Errorf("unknown format %q", f)
	}
	return bw.Flush()
}
