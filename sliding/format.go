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
)

// Format names a text format for boards.
type Format string

// The formats Parse and Write know.
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

// Formats lists every Format.
var Formats = []Format{Grid, Line, BOJ11112, BOJ1525}

// ParseFormat returns the Format named s, or an error naming the choices.
func ParseFormat(s string) (Format, error) {
	for _, f := range Formats {
		if string(f) == s {
			return f, nil
		}
	}
	return "", fmt.Errorf("unknown format %q (want grid, line, boj11112 or boj1525)", s)
}

// Case is one board read from input, with the line it starts on.
type Case struct {
	Board Board
	Line  int
}

// SyntaxError reports malformed input: the line (counted from 1) and the
// fault. It matches ErrInvalid under errors.Is.
type SyntaxError struct {
	Line int
	Msg  string
}

// Error returns "line N: " and the fault.
func (e *SyntaxError) Error() string { return fmt.Sprintf("line %d: %s", e.Line, e.Msg) }

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

// Parse reads every board in r in format f. For Line, w and h give the size
// (0, 0: the square with as many cells as the line has numbers); for Grid
// they are checked against each board's shape when non-zero; BOJ formats are
// always 3x3. A malformed input gets a *SyntaxError that names the line and
// the fault: a ragged row, a missing, duplicate or out-of-range tile, two
// blanks or none, text where a number belongs, or a case count that does not
// match.
func Parse(r io.Reader, f Format, w, h int) ([]Case, error) {
	lr := newLineReader(r)
	var (
		cases []Case
		err   error
	)
	switch f {
	case Grid:
		cases, err = parseGrid(lr, w, h)
	case Line:
		cases, err = parseLine(lr, w, h)
	case BOJ11112:
		cases, err = parseBOJ11112(lr)
	case BOJ1525:
		cases, err = parseBOJ1525(lr)
	default:
		return nil, fmt.Errorf("unknown format %q", f)
	}
	if err != nil {
		return nil, err
	}
	if lr.err != nil {
		return nil, lr.err
	}
	return cases, nil
}

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
		return 0, syntaxErr(line, "%q is not a number (tiles are numbers; 0, # or _ is the blank)", tok)
	}
	return v, nil
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

func parseGrid(lr *lineReader, w, h int) ([]Case, error) {
	var (
		cases []Case
		cells []cell
		start int
		rowW  int
		rows  int
	)
	flush := func() error {
		if rows == 0 {
			return nil
		}
		if (w != 0 && rowW != w) || (h != 0 && rows != h) {
			return syntaxErr(start, "board is %dx%d, but --size says %dx%d", rowW, rows, w, h)
		}
		b, err := build(cells, rowW, rows, start)
		if err != nil {
			return err
		}
		cases = append(cases, Case{b, start})
		cells, rows = cells[:0], 0
		return nil
	}
	for {
		text, ok := lr.next()
		if !ok {
			break
		}
		if text == "" {
			if err := flush(); err != nil {
				return nil, err
			}
			continue
		}
		toks := strings.Fields(text)
		if rows == 0 {
			start, rowW = lr.line, len(toks)
		} else if len(toks) != rowW {
			return nil, syntaxErr(lr.line, "ragged row: %d numbers, but the board's first row (line %d) has %d", len(toks), start, rowW)
		}
		if rows == MaxSide {
			return nil, syntaxErr(lr.line, "board has more than %d rows (separate boards with a blank line)", MaxSide)
		}
		if rowW > MaxSide {
			return nil, syntaxErr(lr.line, "row has %d numbers; at most %d", rowW, MaxSide)
		}
		for _, tok := range toks {
			v, err := number(tok, lr.line)
			if err != nil {
				return nil, err
			}
			cells = append(cells, cell{v, lr.line})
		}
		rows++
	}
	if err := flush(); err != nil {
		return nil, err
	}
	return cases, nil
}

func parseLine(lr *lineReader, w, h int) ([]Case, error) {
	var cases []Case
	var cells []cell
	for {
		text, ok := lr.next()
		if !ok {
			break
		}
		if text == "" {
			continue
		}
		toks := strings.Fields(text)
		bw, bh := w, h
		if bw == 0 && bh == 0 {
			side := int(math.Sqrt(float64(len(toks))))
			for side*side < len(toks) {
				side++
			}
			if side*side != len(toks) {
				return nil, syntaxErr(lr.line, "%d numbers do not make a square board (give the size with --size WxH)", len(toks))
			}
			bw, bh = side, side
		}
		if len(toks) != bw*bh {
			return nil, syntaxErr(lr.line, "%d numbers, want %d for a %dx%d board", len(toks), bw*bh, bw, bh)
		}
		cells = cells[:0]
		for _, tok := range toks {
			v, err := number(tok, lr.line)
			if err != nil {
				return nil, err
			}
			cells = append(cells, cell{v, lr.line})
		}
		b, err := build(cells, bw, bh, lr.line)
		if err != nil {
			return nil, err
		}
		cases = append(cases, Case{b, lr.line})
	}
	return cases, nil
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

func parseBOJ11112(lr *lineReader) ([]Case, error) {
	text, ok := lr.nextNonBlank()
	if !ok {
		if lr.err != nil {
			return nil, lr.err
		}
		return nil, syntaxErr(lr.line+1, "empty input: BOJ 11112 starts with the number of cases")
	}
	countLine := lr.line
	t, err := strconv.Atoi(text)
	if err != nil || t < 0 {
		return nil, syntaxErr(lr.line, "%q is not a case count (BOJ 11112 starts with the number of cases)", clip(text))
	}
	// Trust the count only so far: a bad header must not allocate much.
	cases := make([]Case, 0, min(t, 1<<12))
	slab := make([]uint8, 9*min(t, 1<<12))
	var cells [9]cell
	for k := 0; k < t; k++ {
		start := 0
		for r := range 3 {
			text, ok := lr.nextNonBlankBytes()
			if !ok {
				if lr.err != nil {
					return nil, lr.err
				}
				return nil, syntaxErr(lr.line, "input ends inside case %d, but line %d says there are %d cases", k+1, countLine, t)
			}
			if r == 0 {
				start = lr.line
			}
			row := text
			if bytes.IndexByte(row, ' ') >= 0 || bytes.IndexByte(row, '\t') >= 0 {
				row = bytes.Join(bytes.Fields(row), nil)
			}
			if len(row) != 3 {
				return nil, syntaxErr(lr.line, "row %q of case %d has %d cells, want 3 (like 12#)", clip(string(text)), k+1, len(row))
			}
			for c := range 3 {
				ch := row[c]
				v := 0
				switch {
				case ch == '#':
				case ch >= '1' && ch <= '8':
					v = int(ch - '0')
				default:
					return nil, syntaxErr(lr.line, "%q is not a BOJ 11112 cell (1 to 8, # for the blank)", rune(ch))
				}
				cells[r*3+c] = cell{v, lr.line}
			}
		}
		if len(slab) < 9 {
			slab = make([]uint8, 9*min(t-k, 1<<16))
		}
		b, err := buildInto(slab[:9], cells[:], 3, 3, start)
		if err != nil {
			return nil, err
		}
		slab = slab[9:]
		cases = append(cases, Case{b, start})
	}
	if text, ok := lr.nextNonBlank(); ok {
		return nil, syntaxErr(lr.line, "more input (%q) after the %d cases that line %d announces", clip(text), t, countLine)
	}
	return cases, nil
}

func parseBOJ1525(lr *lineReader) ([]Case, error) {
	var cells []cell
	start := 0
	for r := range 3 {
		text, ok := lr.nextNonBlank()
		if !ok {
			if lr.err != nil {
				return nil, lr.err
			}
			return nil, syntaxErr(lr.line+1, "input ends after %d rows; BOJ 1525 is 3 rows of 3 numbers", r)
		}
		if r == 0 {
			start = lr.line
		}
		toks := strings.Fields(text)
		if len(toks) != 3 {
			return nil, syntaxErr(lr.line, "row has %d numbers, want 3", len(toks))
		}
		for _, tok := range toks {
			v, err := strconv.Atoi(tok)
			if err != nil {
				return nil, syntaxErr(lr.line, "%q is not a number (BOJ 1525 uses 0 to 8, 0 for the blank)", clip(tok))
			}
			cells = append(cells, cell{v, lr.line})
		}
	}
	if text, ok := lr.nextNonBlank(); ok {
		return nil, syntaxErr(lr.line, "more input (%q) after the 3 rows of the board", clip(text))
	}
	b, err := build(cells, 3, 3, start)
	if err != nil {
		return nil, err
	}
	return []Case{{b, start}}, nil
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

// Write writes boards to w in format f: the inverse of Parse. BOJ 11112
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
