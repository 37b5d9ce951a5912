package sudoku

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Format is a text format for puzzles and solutions.
type Format int

// The formats. FormatLine is one puzzle a line, n*n characters: '1'-'9'
// then 'A'-'P' for symbols 10 to 25, '.' or '0' for a blank; the length
// gives the size (16, 81, 256 or 625). FormatGrid is n rows of n
// space-separated numbers (0 or '.' for a blank), any size, puzzles
// separated by blank lines. FormatBOJ2580 is Baekjoon 2580: 9 rows of 9
// space-separated numbers, 0 for a blank. FormatBOJ2239 is Baekjoon 2239:
// 9 rows of 9 digits, 0 (or '.', read only) for a blank.
const (
	FormatLine Format = iota
	FormatGrid
	FormatBOJ2580
	FormatBOJ2239
)

var formatNames = []string{"line", "grid", "boj2580", "boj2239"}

// String returns the format's name as ParseFormat accepts it.
func (f Format) String() string {
	if f < 0 || int(f) >= len(formatNames) {
		return "Format(" + strconv.Itoa(int(f)) + ")"
	}
	return formatNames[f]
}

// First reports whether answers in format f are the lexicographically
// smallest solution (Options.First) whatever the caller asks: Baekjoon
// 2239 (FormatBOJ2239) wants that one of several solutions.
func (f Format) First() bool {
	return f == FormatBOJ2239
}

// ParseFormat returns the format called name: line, grid, boj2580 or
// boj2239.
func ParseFormat(name string) (Format, error) {
	for i, n := range formatNames {
		if n == name {
			return Format(i), nil
		}
	}
	return 0, fmt.Errorf("unknown format %q (want one of %s)", name, strings.Join(formatNames, ", "))
}

// symbolChar returns the line-format character of symbol v (0 is '.').
func symbolChar(v uint8) byte {
	switch {
	case v == 0:
		return '.'
	case v <= 9:
		return '0' + v
	default:
		return 'A' + v - 10
	}
}

// symbolValue returns the symbol of a line-format character: 0 for a blank
// ('.' or '0'), 1-9, 10-25 for 'A'-'P' (or 'a'-'p'); ok is false for any
// other character.
func symbolValue(ch byte) (v uint8, ok bool) {
	switch {
	case ch == '.' || ch == '0':
		return 0, true
	case ch >= '1' && ch <= '9':
		return ch - '0', true
	case ch >= 'A' && ch <= 'P':
		return ch - 'A' + 10, true
	case ch >= 'a' && ch <= 'p':
		return ch - 'a' + 10, true
	}
	return 0, false
}

// describe quotes a byte for an error message.
func describe(ch byte) string {
	if ch >= 0x20 && ch < 0x7f {
		return strconv.QuoteRune(rune(ch))
	}
	return fmt.Sprintf("byte 0x%02x", ch)
}

// ParseLine parses one puzzle in the line format. Its length gives the
// size: 16 (4x4), 81 (9x9), 256 (16x16) or 625 (25x25) characters. The
// grid's givens are not checked for conflicts (see Grid.Check). Its errors
// are a *SyntaxError with Line 0.
func ParseLine(s string) (Grid, error) {
	return parseLine([]byte(s))
}

func parseLine(s []byte) (Grid, error) {
	return parseLineTo(s, nil)
}

// parseLineTo is parseLine writing the cells into buf when it has the
// capacity.
func parseLineTo(s, buf []byte) (Grid, error) {
	box := 0
	switch len(s) {
	case 16:
		box = 2
	case 81:
		box = 3
	case 256:
		box = 4
	case 625:
		box = 5
	default:
		return Grid{}, syntaxErr(0, 0, "%d characters, want 81 (or 16, 256, 625 for 4x4, 16x16, 25x25)", len(s))
	}
	n := box * box
	g := Grid{Box: box, Cells: cellsFor(buf, n*n)}
	if box == 3 && parse9(s, g.Cells) {
		return g, nil
	}
	var hi uint8 // the largest value; notSymbol if a character is none
	for i, ch := range s {
		v := symbolTable[ch]
		hi = max(hi, v)
		g.Cells[i] = v
	}
	if hi > uint8(n) {
		for i, ch := range s {
			v, ok := symbolValue(ch)
			if !ok {
				return Grid{}, syntaxErr(0, i+1, "character %d is %s, not a symbol or a blank ('.' or '0')", i+1, describe(ch))
			}
			if int(v) > n {
				return Grid{}, syntaxErr(0, i+1, "character %d is %s, beyond the symbols of a %dx%d grid (1-%c)", i+1, describe(ch), n, n, symbolChar(uint8(n)))
			}
		}
	}
	return g, nil
}

// cellsFor returns buf resized to n cells if it has the capacity, else a
// new slice of n cells. The cells' contents are not cleared.
func cellsFor(buf []uint8, n int) []uint8 {
	if cap(buf) >= n {
		return buf[:n]
	}
	return make([]uint8, n)
}

// parse9 writes the symbols of the 81 line-format characters s of a 9x9
// puzzle to cells, eight at a time, and reports whether every character
// was '1'-'9', '.' or '0' (if not, the caller parses s again to name the
// fault).
func parse9(s []byte, cells []uint8) bool {
	if len(s) != 81 || len(cells) != 81 {
		return false
	}
	return parse9Words((*[81]byte)(s), (*[81]uint8)(cells))
}

// parse9Words is parse9 eight cells at a time in general registers.
func parse9Words(s *[81]byte, cells *[81]uint8) bool {
	const lo7, hi1 = 0x7f7f7f7f7f7f7f7f, 0x8080808080808080
	for i := 0; i < 80; i += 8 {
		// '0'-'9' become 0-9 and '.' becomes 0x1e; then the bytes that
		// are 0x1e (z is 0 there) are cleared, and every byte must be
		// at most 9.
		d := binary.LittleEndian.Uint64(s[i:]) ^ 0x3030303030303030
		z := d ^ 0x1e1e1e1e1e1e1e1e
		dot := ^((z & lo7) + lo7 | z) & hi1
		d &^= dot >> 7 * 0xff
		if ((d&lo7)+0x7676767676767676|d)&hi1 != 0 {
			return false
		}
		binary.LittleEndian.PutUint64(cells[i:], d)
	}
	v := symbolTable[s[80]]
	cells[80] = v
	return v <= 9
}

// notSymbol is the value in symbolTable of the characters that are not
// symbols: more than any grid's largest symbol.
const notSymbol = 0x80

// symbolTable maps a line-format character to its symbol value, or to
// notSymbol.
var symbolTable = func() (t [256]uint8) {
	for ch := range t {
		v, ok := symbolValue(byte(ch))
		if !ok {
			v = notSymbol
		}
		t[ch] = v
	}
	return t
}()

// Record is the raw text of one puzzle as a Scanner splits it: Lines are
// the puzzle's lines without line endings, the first of them line number
// Line (1-based) of the input.
type Record struct {
	Line  int
	Lines [][]byte
}

// Scanner splits an input into puzzle records of one format without
// parsing them, so that parsing and solving can happen elsewhere (in
// parallel). Blank lines between puzzles are skipped.
type Scanner struct {
	f    Format
	r    io.Reader
	line int
	rec  Record
	err  error
	peek []byte // a line read but not yet used
	has  bool
	n    int64 // bytes consumed

	// Lines are cut in place from buf, the input read so far: buf[pos:]
	// is not yet cut. A chunk is never written again below its end, and
	// a full one is replaced by a new one, so that a record stays valid
	// after later Scans and costs no copy or allocation of its own.
	buf      []byte
	pos      int
	rerr     error // the reader's error (io.EOF at the end), once it gave one
	lines    [][]byte
	spare    []byte // the chunk before buf, for reuse once released
	released bool   // no record cut from spare is in use (Release)
}

// scanChunk is the size of the Scanner's input chunks, scanRead the most
// it reads at once, and maxLine the longest line it accepts, newline
// included. Reads are kept short so that a read system call ends before
// the Go runtime hands the thread's processor to another thread (it does
// after 20 us), which costs more than the read: longer reads move the
// solving goroutine between threads.
const (
	scanChunk = 256 << 10
	scanRead  = 32 << 10
	maxLine   = 1 << 20
)

// NewScanner returns a Scanner reading puzzles of format f from r.
func NewScanner(r io.Reader, f Format) *Scanner {
	return &Scanner{f: f, r: r}
}

// BytesRead returns the number of input bytes consumed so far.
func (s *Scanner) BytesRead() int64 { return s.n }

// next returns the next line without its line ending ("\n" or "\r\n").
func (s *Scanner) next() ([]byte, bool) {
	if s.has {
		s.has = false
		return s.peek, true
	}
	for {
		rest := s.buf[s.pos:]
		i := bytes.IndexByte(rest, '\n')
		if i < 0 && s.rerr != nil {
			if len(rest) == 0 {
				return nil, false
			}
			i = len(rest) // the last line, with no newline
		}
		if i >= 0 {
			if i >= maxLine {
				s.rerr = bufio.ErrTooLong
				return nil, false
			}
			b := rest[:i:i]
			s.pos = min(s.pos+i+1, len(s.buf))
			s.line++
			s.n += int64(i) + 1
			if len(b) > 0 && b[len(b)-1] == '\r' {
				b = b[: len(b)-1 : len(b)-1]
			}
			return b, true
		}
		if len(rest) >= maxLine {
			s.rerr = bufio.ErrTooLong
			return nil, false
		}
		s.fill()
	}
}

// Release tells the Scanner that the records it has returned so far are
// no longer in use, so that it may reuse their memory: a program that
// handles each batch of records before it scans the next calls it after
// each batch, and reads its input without allocating. The records it
// returned before are invalid after Release.
func (s *Scanner) Release() {
	s.released = true
	s.lines = s.lines[:0]
}

// fill reads more input after buf. When the current chunk is full, the
// part not yet cut moves to a new chunk: the one before it (spare) if
// Release was called since it was left, else a new one.
func (s *Scanner) fill() {
	if len(s.buf) == cap(s.buf) {
		rest := s.buf[s.pos:]
		var nb []byte
		if s.released && len(rest) < cap(s.spare)/2 {
			nb = s.spare[:len(rest)]
		} else {
			nb = make([]byte, len(rest), max(scanChunk, 2*len(rest)))
		}
		copy(nb, rest)
		s.spare, s.released = s.buf, false
		s.buf, s.pos = nb, 0
	}
	for empty := 0; empty < 100; empty++ {
		n, err := s.r.Read(s.buf[len(s.buf):min(cap(s.buf), len(s.buf)+scanRead)])
		s.buf = s.buf[:len(s.buf)+n]
		if err != nil {
			s.rerr = err
			return
		}
		if n > 0 {
			return
		}
	}
	s.rerr = io.ErrNoProgress
}

// isBlank reports whether b is empty or white space only.
func isBlank(b []byte) bool {
	if len(b) > 0 && b[0] > ' ' && b[0] < utf8.RuneSelf {
		return false
	}
	return len(bytes.TrimSpace(b)) == 0
}

// trimSpace is bytes.TrimSpace with a fast path for a line that starts and
// ends with a printable ASCII character.
func trimSpace(b []byte) []byte {
	if n := len(b); n > 0 && b[0] > ' ' && b[0] < utf8.RuneSelf && b[n-1] > ' ' && b[n-1] < utf8.RuneSelf {
		return b
	}
	return bytes.TrimSpace(b)
}

// Scan advances to the next record; it returns false at the end of the
// input or on a read error (see Err).
func (s *Scanner) Scan() bool {
	var first []byte
	for {
		b, ok := s.next()
		if !ok {
			if s.rerr != io.EOF {
				s.err = s.rerr
			}
			return false
		}
		if !isBlank(b) {
			first = b
			break
		}
	}
	if len(s.lines) == cap(s.lines) {
		s.lines = make([][]byte, 0, 512)
	}
	s.lines = append(s.lines, first)
	k := len(s.lines)
	s.rec = Record{Line: s.line, Lines: s.lines[k-1 : k : k]}
	rows := 1
	switch s.f {
	case FormatLine:
		return true
	case FormatGrid:
		rows = len(bytes.Fields(first))
	default:
		rows = 9
	}
	for len(s.rec.Lines) < rows {
		b, ok := s.next()
		if !ok || isBlank(b) {
			break
		}
		s.rec.Lines = append(s.rec.Lines, b)
	}
	return true
}

// Record returns the record found by the last call to Scan.
func (s *Scanner) Record() Record { return s.rec }

// Err returns the read error that stopped Scan, if any. A line over 1 MB is
// a *SyntaxError.
func (s *Scanner) Err() error {
	switch {
	case s.err == nil:
		return nil
	case errors.Is(s.err, bufio.ErrTooLong):
		return syntaxErr(s.line+1, 0, "longer than 1 MB")
	}
	return fmt.Errorf("sudoku: line %d: %w", s.line+1, s.err)
}

// Parse parses a record in format f. Its errors are a *SyntaxError naming
// the input line at fault. Conflicting givens are not checked here (see
// Grid.Check).
func Parse(f Format, rec Record) (Grid, error) {
	return parseTo(f, rec, nil)
}

// ParseInto is Parse writing the puzzle into dst, whose Cells' memory it
// reuses when it is large enough, so that a program parsing puzzle after
// puzzle does not allocate for each. On an error dst is left with Box 0
// and no cells (its memory kept for the next call).
func ParseInto(dst *Grid, f Format, rec Record) error {
	g, err := parseTo(f, rec, dst.Cells[:0])
	if err != nil {
		dst.Box, dst.Cells = 0, dst.Cells[:0]
		return err
	}
	*dst = g
	return nil
}

// parseTo is Parse writing the cells into buf when it has the capacity.
func parseTo(f Format, rec Record, buf []uint8) (Grid, error) {
	if len(rec.Lines) == 0 {
		return Grid{}, syntaxErr(rec.Line, 0, "no puzzle")
	}
	switch f {
	case FormatLine:
		g, err := parseLineTo(trimSpace(rec.Lines[0]), buf)
		if err != nil {
			return Grid{}, atLine(err, rec.Line)
		}
		return g, nil
	case FormatGrid, FormatBOJ2580:
		return parseRows(f, rec, buf)
	case FormatBOJ2239:
		return parseDigits(rec, buf)
	}
	return Grid{}, fmt.Errorf("unknown format %v", f)
}

// parseRows parses rows of space-separated numbers.
func parseRows(f Format, rec Record, buf []uint8) (Grid, error) {
	n := len(bytes.Fields(rec.Lines[0]))
	if f == FormatBOJ2580 && n != 9 {
		return Grid{}, syntaxErr(rec.Line, 0, "%d numbers, want 9", n)
	}
	box := 0
	for b := MinBox; b <= MaxBox; b++ {
		if b*b == n {
			box = b
		}
	}
	if box == 0 {
		return Grid{}, syntaxErr(rec.Line, 0, "%d numbers in a row, want 4, 9, 16 or 25", n)
	}
	if len(rec.Lines) < n {
		return Grid{}, syntaxErr(rec.Line+len(rec.Lines), 0, "the grid has %d rows, want %d", len(rec.Lines), n)
	}
	g := Grid{Box: box, Cells: cellsFor(buf, n*n)}
	for r, line := range rec.Lines {
		fields := bytes.Fields(line)
		if len(fields) != n {
			return Grid{}, syntaxErr(rec.Line+r, 0, "%d numbers, want %d (a ragged grid)", len(fields), n)
		}
		for c, fld := range fields {
			v := -1
			if string(fld) == "." {
				v = 0
			} else if x, err := strconv.Atoi(string(fld)); err == nil && x >= 0 && x <= n {
				v = x
			}
			if v < 0 {
				return Grid{}, syntaxErr(rec.Line+r, 0, "column %d is %q, not a number from 0 to %d", c+1, fld, n)
			}
			g.Cells[r*n+c] = uint8(v)
		}
	}
	return g, nil
}

// parseDigits parses 9 rows of 9 digits (Baekjoon 2239), '.' also read
// as a blank: the common text form of a puzzle.
func parseDigits(rec Record, buf []uint8) (Grid, error) {
	if len(rec.Lines) < 9 {
		return Grid{}, syntaxErr(rec.Line+len(rec.Lines), 0, "the grid has %d rows, want 9", len(rec.Lines))
	}
	g := Grid{Box: 3, Cells: cellsFor(buf, 81)}
	for r, line := range rec.Lines {
		line = bytes.TrimSpace(line)
		if len(line) != 9 {
			return Grid{}, syntaxErr(rec.Line+r, 0, "%d characters, want 9 digits", len(line))
		}
		for c, ch := range line {
			switch {
			case ch == '.':
				g.Cells[r*9+c] = 0
			case ch < '0' || ch > '9':
				return Grid{}, syntaxErr(rec.Line+r, c+1, "character %d is %s, not a digit or '.'", c+1, describe(ch))
			default:
				g.Cells[r*9+c] = ch - '0'
			}
		}
	}
	return g, nil
}

// ParseAll reads every puzzle of format f from r. On an error (which names
// the line) it returns the puzzles before it.
func ParseAll(r io.Reader, f Format) ([]Grid, error) {
	sc := NewScanner(r, f)
	var gs []Grid
	for sc.Scan() {
		g, err := Parse(f, sc.Record())
		if err != nil {
			return gs, err
		}
		gs = append(gs, g)
		sc.Release() // g has cells of its own
	}
	return gs, sc.Err()
}

// AppendFormat appends g in format f to dst: one line for FormatLine
// (with '.' for blanks), n rows otherwise, each ending in a newline.
// FormatBOJ2239 writes rows of digits, the other grid formats rows of
// space-separated numbers (0 for a blank).
func AppendFormat(dst []byte, f Format, g Grid) []byte {
	n := g.N()
	switch f {
	case FormatLine:
		k := len(dst)
		dst = slices.Grow(dst, len(g.Cells)+1)[:k+len(g.Cells)]
		out := dst[k:]
		i := 0
		// Eight cells at a time while they hold symbols 1 to 9.
		for ; i+8 <= len(g.Cells); i += 8 {
			const lo7, hi1 = 0x7f7f7f7f7f7f7f7f, 0x8080808080808080
			x := binary.LittleEndian.Uint64(g.Cells[i:])
			if ((x&lo7)+lo7|x)&hi1 != hi1 || ((x&lo7)+0x7676767676767676|x)&hi1 != 0 {
				break
			}
			binary.LittleEndian.PutUint64(out[i:], x+0x3030303030303030)
		}
		for ; i < len(g.Cells); i++ {
			out[i] = symbolChar(g.Cells[i])
		}
		return append(dst, '\n')
	case FormatBOJ2239:
		for r := 0; r < n; r++ {
			for _, v := range g.Cells[r*n : r*n+n] {
				if v == 0 {
					dst = append(dst, '0')
				} else {
					dst = append(dst, symbolChar(v))
				}
			}
			dst = append(dst, '\n')
		}
		return dst
	default:
		for r := 0; r < n; r++ {
			for c, v := range g.Cells[r*n : r*n+n] {
				if c > 0 {
					dst = append(dst, ' ')
				}
				dst = strconv.AppendInt(dst, int64(v), 10)
			}
			dst = append(dst, '\n')
		}
		return dst
	}
}

// String returns g in the line format, without a newline.
func (g Grid) String() string {
	b := AppendFormat(nil, FormatLine, g)
	return string(b[:len(b)-1])
}
