// Package sliding solves sliding-tile puzzles (the 8-, 15- and 24-puzzle and
// boards of any W x H) for the fewest moves to any goal layout: text formats,
// solvability, heuristics, and the fastest exact solver for each size.
package sliding

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// Board sizes: each side from MinSide to MaxSide cells.
const (
	MinSide = 2
	MaxSide = 16
)

// ErrInvalid reports a board that is not a permutation of 0..n-1 on a
// W x H grid of a supported size. Errors from New and the parsers match it.
var ErrInvalid = errors.New("sliding: invalid board")

// Board is a sliding-tile board of W columns and H rows. Tiles holds the
// tile numbers in reading order (left to right, top to bottom); 0 is the
// blank. A Board made by New or a parser is always valid.
type Board struct {
	W, H  int
	Tiles []uint8
}

// New returns the W x H board with the given tiles in reading order, 0 for
// the blank. It fails, with an error matching ErrInvalid, unless both sides
// are in MinSide..MaxSide and the tiles are 0..W*H-1, each once.
func New(w, h int, tiles []int) (Board, error) {
	if w < MinSide || h < MinSide || w > MaxSide || h > MaxSide {
		return Board{}, fmt.Errorf("%w: size %dx%d outside %dx%d..%dx%d", ErrInvalid, w, h, MinSide, MinSide, MaxSide, MaxSide)
	}
	n := w * h
	if len(tiles) != n {
		return Board{}, fmt.Errorf("%w: %d tiles for a %dx%d board, want %d", ErrInvalid, len(tiles), w, h, n)
	}
	b := Board{W: w, H: h, Tiles: make([]uint8, n)}
	seen := make([]bool, n)
	for i, t := range tiles {
		switch {
		case t < 0 || t >= n:
			return Board{}, fmt.Errorf("%w: tile %d out of range 0..%d", ErrInvalid, t, n-1)
		case seen[t] && t == 0:
			return Board{}, fmt.Errorf("%w: more than one blank", ErrInvalid)
		case seen[t]:
			return Board{}, fmt.Errorf("%w: tile %d appears twice", ErrInvalid, t)
		}
		seen[t] = true
		b.Tiles[i] = uint8(t)
	}
	return b, nil
}

// Standard returns the default goal for a W x H board: tiles 1..n-1 in
// reading order, the blank last. It panics if the size is unsupported.
func Standard(w, h int) Board {
	tiles := make([]int, w*h)
	for i := range tiles {
		tiles[i] = i + 1
	}
	tiles[len(tiles)-1] = 0
	b, err := New(w, h, tiles)
	if err != nil {
		panic(err)
	}
	return b
}

// Blank returns the index of the blank in b.Tiles.
func (b Board) Blank() int {
	for i, t := range b.Tiles {
		if t == 0 {
			return i
		}
	}
	return -1
}

// Equal reports whether a and b have the same size and tiles.
func (b Board) Equal(o Board) bool {
	return b.W == o.W && b.H == o.H && string(b.Tiles) == string(o.Tiles)
}

// Clone returns a copy of b that shares no memory with it.
func (b Board) Clone() Board {
	b.Tiles = append([]uint8(nil), b.Tiles...)
	return b
}

// String formats b as rows of space-separated numbers, 0 for the blank.
func (b Board) String() string {
	var sb strings.Builder
	for i, t := range b.Tiles {
		if i > 0 {
			if i%b.W == 0 {
				sb.WriteByte('\n')
			} else {
				sb.WriteByte(' ')
			}
		}
		sb.WriteString(strconv.Itoa(int(t)))
	}
	return sb.String()
}

// OneLine formats b on one line, rows separated by " / ", as in
// "1 2 3 / 8 0 4 / 7 6 5": the notation ParseGoal also reads.
func (b Board) OneLine() string {
	return strings.ReplaceAll(b.String(), "\n", " / ")
}

// Move is the direction in which the blank moves: Up, Down, Left or Right.
// Its string form is the letter U, D, L or R.
type Move byte

// The four moves, named for the direction the blank goes.
const (
	Up    Move = 'U'
	Down  Move = 'D'
	Left  Move = 'L'
	Right Move = 'R'
)

// allMoves is the order in which solvers try the four moves.
var allMoves = [4]Move{Up, Down, Left, Right}

// Moves returns the four moves in the order solvers try them.
func Moves() [4]Move { return allMoves }

func (m Move) String() string { return string(rune(m)) }

// Opposite returns the move that undoes m.
func (m Move) Opposite() Move {
	switch m {
	case Up:
		return Down
	case Down:
		return Up
	case Left:
		return Right
	case Right:
		return Left
	}
	return m
}

// Target returns the cell the blank moves to from cell blank by m on a board
// w cells wide and h high, and false if m would leave the board.
func Target(w, h, blank int, m Move) (int, bool) {
	r, c := blank/w, blank%w
	switch m {
	case Up:
		r--
	case Down:
		r++
	case Left:
		c--
	case Right:
		c++
	default:
		return 0, false
	}
	if r < 0 || r >= h || c < 0 || c >= w {
		return 0, false
	}
	return r*w + c, true
}

// Apply returns the board after moving the blank by each move in turn. It
// fails if a move is not U, D, L or R, or would take the blank off the board.
// b itself is not changed.
func (b Board) Apply(moves ...Move) (Board, error) {
	nb := b.Clone()
	blank := nb.Blank()
	for i, m := range moves {
		to, ok := Target(nb.W, nb.H, blank, m)
		if !ok {
			return Board{}, fmt.Errorf("move %d (%v) takes the blank off the board", i+1, m)
		}
		nb.Tiles[blank], nb.Tiles[to] = nb.Tiles[to], 0
		blank = to
	}
	return nb, nil
}

// ParseSize reads a board size written "WxH" (width first, as in "4x3"), and
// fails unless it is well formed and both sides are in MinSide..MaxSide.
func ParseSize(s string) (w, h int, err error) {
	ws, hs, ok := strings.Cut(strings.ToLower(s), "x")
	if ok {
		w, err = strconv.Atoi(ws)
		if err == nil {
			h, err = strconv.Atoi(hs)
		}
	}
	if !ok || err != nil {
		return 0, 0, fmt.Errorf("%q is not a board size like 4x4", s)
	}
	if w < MinSide || h < MinSide || w > MaxSide || h > MaxSide {
		return 0, 0, fmt.Errorf("%dx%d: sides must be %d to %d", w, h, MinSide, MaxSide)
	}
	return w, h, nil
}

// MovesString writes moves as their letters, such as "ULDR": the inverse
// of ParseMoves, and the way answers, work units and checkpoints hold them.
func MovesString(moves []Move) string { return string(AppendMoves(nil, moves)) }

// AppendMoves appends the letters of moves to dst and returns it.
func AppendMoves(dst []byte, moves []Move) []byte {
	for _, m := range moves {
		dst = append(dst, byte(m))
	}
	return dst
}

// ParseMoves reads a string of the letters U, D, L and R as moves, ignoring
// spaces.
func ParseMoves(s string) ([]Move, error) {
	var ms []Move
	for i, r := range s {
		switch Move(r) {
		case Up, Down, Left, Right:
			ms = append(ms, Move(r))
		case ' ':
		default:
			return nil, fmt.Errorf("character %d: %q is not a move (U, D, L or R)", i+1, r)
		}
	}
	return ms, nil
}
