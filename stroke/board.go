// Package stroke finds the longest one-stroke chain on a board of coloured
// tiles: the "max combo" of Alchemy Stars, where a stroke starts next to the
// player, moves in eight directions, stays on one colour and never touches a
// tile twice. It owns the board type, the classic text format, an exact
// branch-and-bound solver with block-cut-tree bounds and memoisation, and
// budgets that return the best chain found with a proven upper bound.
package stroke

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/searchlab/searchlab/internal/syntaxerr"
)

const (
	// Player is the cell letter of the player, where no chain may go.
	Player = 'O'
	// Hole is the cell letter of a hole, which no chain may use.
	Hole = '.'
	// MaxSide is the largest number of rows or columns a board may have.
	MaxSide = 256
)

// ErrInvalid is matched (with errors.Is) by every error about a malformed
// board or malformed input.
var ErrInvalid = errors.New("stroke: invalid board")

// SyntaxError is an error in the text of a board: the line (1-based,
// counting the lines of the whole input; for New, the row), the column (the
// 1-based cell of the fault on its line, 0 when the fault is the line or the
// board as a whole) and the fault. It matches ErrInvalid under errors.Is.
type SyntaxError struct {
	Line, Column int
	Msg          string
}

// Error formats e as "stroke: line N: message".
func (e *SyntaxError) Error() string { return syntaxerr.Message("stroke", e.Line, e.Msg) }

// Is reports whether target is ErrInvalid.
func (e *SyntaxError) Is(target error) bool { return target == ErrInvalid }

// Cell is a position on a board: Row and Col count from 0 at the top left.
type Cell struct {
	Row, Col int
}

// String formats c 1-based as "row,col", the form the command prints.
func (c Cell) String() string { return strconv.Itoa(c.Row+1) + "," + strconv.Itoa(c.Col+1) }

// Board is a grid of Rows x Cols cells in row-major order: colours 'A' to 'Z'
// other than 'O', the player 'O' (exactly one), and holes '.'.
type Board struct {
	Rows, Cols int
	Cells      []byte
}

// New makes a board from its rows, each a string of cell letters. It checks
// the alphabet, the row lengths and that there is exactly one player; errors
// match ErrInvalid and count rows from 1 as lines.
func New(rows []string) (*Board, error) {
	if len(rows) == 0 {
		return nil, &SyntaxError{Line: 1, Msg: "board has no rows"}
	}
	b := &Board{Rows: len(rows), Cols: len(rows[0])}
	if b.Rows > MaxSide || b.Cols > MaxSide {
		return nil, &SyntaxError{Line: 1, Msg: fmt.Sprintf("board of %d x %d is too large (at most %d rows and columns)", b.Rows, b.Cols, MaxSide)}
	}
	players := 0
	for i, r := range rows {
		if msg, col := checkRow(r, b.Cols, &players); msg != "" {
			return nil, &SyntaxError{Line: i + 1, Column: col, Msg: msg}
		}
		b.Cells = append(b.Cells, r...)
	}
	if players == 0 {
		return nil, &SyntaxError{Line: 1, Msg: "board has no player O"}
	}
	return b, nil
}

// checkRow checks one row against the alphabet and the width, counting
// players; it returns a message and the column at fault (0 for the row as a
// whole), or "" when the row is good.
func checkRow(r string, cols int, players *int) (string, int) {
	if len(r) != cols {
		return fmt.Sprintf("row %q has %d cells, want %d", r, len(r), cols), 0
	}
	for j := 0; j < len(r); j++ {
		ch := r[j]
		switch {
		case ch == Player:
			*players++
			if *players > 1 {
				return fmt.Sprintf("second player O at column %d (exactly one is allowed)", j+1), j + 1
			}
		case ch == Hole, ch >= 'A' && ch <= 'Z':
		default:
			return fmt.Sprintf("character %q at column %d is not a colour A-Z, the player O or a hole '.'", ch, j+1), j + 1
		}
	}
	return "", 0
}

// At returns the letter of the cell at row r, column c (0-based).
func (b *Board) At(r, c int) byte { return b.Cells[r*b.Cols+c] }

// PlayerCell returns the position of the first player O, or Cell{-1, -1}
// when there is none (a Board made by New or a Scanner has exactly one).
func (b *Board) PlayerCell() Cell {
	for i, ch := range b.Cells {
		if ch == Player {
			return Cell{i / b.Cols, i % b.Cols}
		}
	}
	return Cell{-1, -1}
}

// String formats b in the classic format: a line with the size ("N" for a
// square board, "R C" otherwise), then the rows, each line ending in a
// newline.
func (b *Board) String() string {
	var sb strings.Builder
	if b.Rows == b.Cols {
		fmt.Fprintf(&sb, "%d\n", b.Rows)
	} else {
		fmt.Fprintf(&sb, "%d %d\n", b.Rows, b.Cols)
	}
	for r := 0; r < b.Rows; r++ {
		sb.Write(b.Cells[r*b.Cols : (r+1)*b.Cols])
		sb.WriteByte('\n')
	}
	return sb.String()
}

// Scanner reads boards in the classic format one at a time: a line with the
// size, "N" for N x N or "R C" for R rows of C columns, then the rows. Boards
// may follow one another with or without blank lines between them; blank
// lines and trailing spaces are ignored.
type Scanner struct {
	sc       *bufio.Scanner
	line     int
	lastHead int // line of the previous board's size, 0 before any
	board    *Board
	err      error
}

// NewScanner returns a Scanner of the boards in r.
func NewScanner(r io.Reader) *Scanner {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 4096), 1<<20)
	return &Scanner{sc: sc}
}

// Line returns the number of lines read so far.
func (s *Scanner) Line() int { return s.line }

// Scan advances to the next board, which Board then returns. It returns
// false at the end of the input or at the first error (see Err).
func (s *Scanner) Scan() bool {
	if s.err != nil {
		return false
	}
	s.board, s.err = s.next()
	return s.err == nil && s.board != nil
}

// Board returns the board read by the last call to Scan.
func (s *Scanner) Board() *Board { return s.board }

// Err returns the error that stopped Scan, or nil at the end of the input.
// Errors in the text are a *SyntaxError that matches ErrInvalid and names
// the line.
func (s *Scanner) Err() error { return s.err }

// nextLine returns the next non-blank line, trimmed, and false at the end.
func (s *Scanner) nextLine() (string, bool, error) {
	for s.sc.Scan() {
		s.line++
		t := strings.TrimSpace(s.sc.Text())
		if t != "" {
			return t, true, nil
		}
	}
	if err := s.sc.Err(); err != nil {
		if errors.Is(err, bufio.ErrTooLong) {
			return "", false, &SyntaxError{Line: s.line + 1, Msg: "line too long"}
		}
		return "", false, err
	}
	return "", false, nil
}

// next returns the next board, or nil and no error at the end of the input.
func (s *Scanner) next() (*Board, error) {
	head, ok, err := s.nextLine()
	if err != nil || !ok {
		return nil, err
	}
	headLine := s.line
	rows, cols, perr := parseSize(head)
	if perr != "" {
		if s.lastHead > 0 && looksLikeRow(head) {
			perr = fmt.Sprintf("%q is a row where a size line (N or R C) belongs: more rows than the size on line %d says?", head, s.lastHead)
		}
		return nil, &SyntaxError{Line: headLine, Msg: perr}
	}
	s.lastHead = headLine
	b := &Board{Rows: rows, Cols: cols, Cells: make([]byte, 0, rows*cols)}
	players := 0
	for i := 0; i < rows; i++ {
		r, ok, err := s.nextLine()
		if err != nil {
			return nil, err
		}
		if !ok {
			return nil, &SyntaxError{Line: s.line + 1, Msg: fmt.Sprintf("input ends after %d of the %d rows of the board on line %d", i, rows, headLine)}
		}
		if msg, col := checkRow(r, cols, &players); msg != "" {
			return nil, &SyntaxError{Line: s.line, Column: col, Msg: msg}
		}
		b.Cells = append(b.Cells, r...)
	}
	if players == 0 {
		return nil, &SyntaxError{Line: headLine, Msg: "board has no player O"}
	}
	return b, nil
}

// looksLikeRow reports whether s is made of board letters only.
func looksLikeRow(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c != Hole && (c < 'A' || c > 'Z') {
			return false
		}
	}
	return true
}

// parseSize parses a size line, "N" or "R C"; it returns a message on error.
func parseSize(s string) (rows, cols int, msg string) {
	f := strings.Fields(s)
	if len(f) > 2 {
		return 0, 0, fmt.Sprintf("size line %q: want N or R C", s)
	}
	var v [2]int
	for i, w := range f {
		n, err := strconv.Atoi(w)
		if err != nil {
			return 0, 0, fmt.Sprintf("size %q is not a number (want N or R C before the rows)", w)
		}
		if n < 1 || n > MaxSide {
			return 0, 0, fmt.Sprintf("size %d out of range 1..%d", n, MaxSide)
		}
		v[i] = n
	}
	if len(f) == 1 {
		v[1] = v[0]
	}
	return v[0], v[1], ""
}

// ParseAll reads every board in r (see Scanner for the format). On an error
// it returns the boards before it.
func ParseAll(r io.Reader) ([]*Board, error) {
	sc := NewScanner(r)
	var bs []*Board
	for sc.Scan() {
		bs = append(bs, sc.Board())
	}
	return bs, sc.Err()
}
