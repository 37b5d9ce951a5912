package search

import (
	"bufio"
	"fmt"
	"io"
	"iter"
	"math"
	"strconv"
	"strings"
)

// Cell is one square of a Grid, by row (from the top) and column (from
// the left), both from 0.
type Cell struct{ Row, Col int }

// Moves says which steps a Grid allows from a cell.
type Moves uint8

const (
	// FourWay allows the steps up, down, left and right, each of cost 1.
	FourWay Moves = iota
	// EightWay allows the four diagonal steps as well, each of cost √2 in
	// Grid.Neighbours (1 in Grid.Steps), within the grid's CornerRule.
	EightWay
)

// CornerRule says when an EightWay grid allows a diagonal step past walls.
// A diagonal step from a cell has two cells beside it: the one in its row
// and the one in its column; the step's target must be open in every rule.
type CornerRule uint8

const (
	// NoCornerCutting allows a diagonal step only when both cells beside
	// it are open: a path never touches a wall's corner. It is the rule of
	// the Moving AI benchmark maps (Sturtevant, 2012) and of jump point
	// search.
	NoCornerCutting CornerRule = iota
	// CutOneCorner allows a diagonal step when at least one cell beside it
	// is open: a path may pass a wall's corner but not squeeze between two
	// walls that touch at their corners.
	CutOneCorner
	// CutCorners allows every diagonal step to an open cell, even between
	// two walls that touch at their corners.
	CutCorners
)

// Grid is a rectangle of cells, each open or a wall, for searches on maps:
// its Steps and Neighbours methods are successor functions of Cell states
// for every algorithm of the package, Octile, Manhattan and Chebyshev
// are their heuristics, and Index is the dense index for Limits.Index.
// Cells outside the rectangle count as walls.
//
// The conventions are those of the Moving AI benchmarks: a straight step
// costs 1, a diagonal step √2 (Neighbours), and with NoCornerCutting a
// diagonal step needs both cells beside it open. The zero Grid has no cells.
type Grid struct {
	// Moves is FourWay (the default) or EightWay.
	Moves Moves
	// Corners is the rule for diagonal steps on an EightWay grid.
	Corners CornerRule

	rows, cols int
	open       []bool // row by row
}

// maxGridCells is the most cells a Grid holds: cell indexes fit an int32.
const maxGridCells = math.MaxInt32

// NewGrid returns a FourWay grid of rows x cols open cells. It panics when
// rows or cols is negative or rows*cols exceeds 2^31-1 cells.
func NewGrid(rows, cols int) *Grid {
	if rows < 0 || cols < 0 || (rows > 0 && cols > maxGridCells/rows) {
		panic(fmt.Sprintf("search: NewGrid(%d, %d): bad size", rows, cols))
	}
	open := make([]bool, rows*cols)
	for i := range open {
		open[i] = true
	}
	return &Grid{rows: rows, cols: cols, open: open}
}

// Rows returns the number of rows.
func (g *Grid) Rows() int { return g.rows }

// Cols returns the number of columns.
func (g *Grid) Cols() int { return g.cols }

// Contains reports whether c lies inside the grid.
func (g *Grid) Contains(c Cell) bool {
	return c.Row >= 0 && c.Row < g.rows && c.Col >= 0 && c.Col < g.cols
}

// Open reports whether c lies inside the grid and is not a wall.
func (g *Grid) Open(c Cell) bool { return g.Contains(c) && g.open[c.Row*g.cols+c.Col] }

// SetWall makes c a wall (wall true) or open. A cell outside the grid is
// left alone: it is a wall already.
func (g *Grid) SetWall(c Cell, wall bool) {
	if g.Contains(c) {
		g.open[c.Row*g.cols+c.Col] = !wall
	}
}

// Index returns c's number among the grid's cells, row by row from 0 to
// Rows*Cols-1, and -1 for a cell outside the grid. It is the dense index
// for Limits.Index (Limits{Index: g.Index}), with which the best-first
// searches keep their tables in slices rather than maps.
func (g *Grid) Index(c Cell) int {
	if !g.Contains(c) {
		return -1
	}
	return c.Row*g.cols + c.Col
}

// openAt is Open for a row and column.
func (g *Grid) openAt(r, c int) bool {
	return r >= 0 && r < g.rows && c >= 0 && c < g.cols && g.open[r*g.cols+c]
}

// diagonal reports whether the grid allows the diagonal step from (r, c)
// by (dr, dc).
func (g *Grid) diagonal(r, c, dr, dc int) bool {
	if !g.openAt(r+dr, c+dc) {
		return false
	}
	a, b := g.openAt(r+dr, c), g.openAt(r, c+dc)
	switch g.Corners {
	case NoCornerCutting:
		return a && b
	case CutOneCorner:
		return a || b
	}
	return true
}

// The steps in the order the successor functions yield them: up, down,
// left, right, then the diagonals up-left, up-right, down-left, down-right.
var gridSteps = [8][2]int{{-1, 0}, {1, 0}, {0, -1}, {0, 1}, {-1, -1}, {-1, 1}, {1, -1}, {1, 1}}

// moves yields the cells one step from c and whether each step is
// diagonal. From a wall it yields the steps to open cells all the same.
func (g *Grid) moves(c Cell, yield func(Cell, bool) bool) {
	n := 4
	if g.Moves == EightWay {
		n = 8
	}
	for i, d := range gridSteps[:n] {
		r, col := c.Row+d[0], c.Col+d[1]
		if i < 4 {
			if !g.openAt(r, col) {
				continue
			}
		} else if !g.diagonal(c.Row, c.Col, d[0], d[1]) {
			continue
		}
		if !yield(Cell{r, col}, i >= 4) {
			return
		}
	}
}

// Neighbours yields the open cells one step from c with the step's cost:
// 1 for a straight step, √2 for a diagonal one (EightWay). It is a
// successor function for the weighted searches (Dijkstra, AStar with
// Octile or Manhattan as h, FringeSearch, ...), with float64 costs.
func (g *Grid) Neighbours(c Cell) iter.Seq2[Cell, float64] {
	return func(yield func(Cell, float64) bool) {
		g.moves(c, func(t Cell, diag bool) bool {
			if diag {
				return yield(t, math.Sqrt2)
			}
			return yield(t, 1)
		})
	}
}

// Steps yields the open cells one step from c, each at cost 1 whether
// straight or diagonal: a successor function for counting moves (BFS, or
// AStar with Manhattan or Chebyshev as h).
func (g *Grid) Steps(c Cell) iter.Seq2[Cell, int] {
	return func(yield func(Cell, int) bool) {
		g.moves(c, func(t Cell, _ bool) bool { return yield(t, 1) })
	}
}

// Heuristic returns the estimate of the cost from a cell to goal by
// Neighbours' costs: Manhattan on a FourWay grid, Octile on an EightWay
// one. It is admissible and consistent under every CornerRule.
func (g *Grid) Heuristic(goal Cell) func(Cell) float64 {
	if g.Moves == EightWay {
		return func(c Cell) float64 { return Octile(c, goal) }
	}
	return func(c Cell) float64 { return float64(Manhattan(c, goal)) }
}

// Octile returns the octile distance between a and b, the cost of a path
// of straight and diagonal steps (√2 each) on an open grid: the least cost
// under EightWay moves, and so an admissible and consistent estimate with
// walls.
func Octile(a, b Cell) float64 {
	dr, dc := abs(a.Row-b.Row), abs(a.Col-b.Col)
	return float64(max(dr, dc)-min(dr, dc)) + math.Sqrt2*float64(min(dr, dc))
}

// Manhattan returns |Δrow| + |Δcol|, the fewest FourWay steps between a
// and b on an open grid.
func Manhattan(a, b Cell) int { return abs(a.Row-b.Row) + abs(a.Col-b.Col) }

// Chebyshev returns max(|Δrow|, |Δcol|), the fewest EightWay steps between
// a and b on an open grid.
func Chebyshev(a, b Cell) int { return max(abs(a.Row-b.Row), abs(a.Col-b.Col)) }

func abs(x int) int { return max(x, -x) }

// String returns the grid as rows of '.' (open) and '@' (wall), each
// ended by a newline: the body of a Moving AI map, which ParseGrid reads
// back.
func (g *Grid) String() string {
	var b strings.Builder
	b.Grow(g.rows * (g.cols + 1))
	for r := range g.rows {
		for c := range g.cols {
			if g.open[r*g.cols+c] {
				b.WriteByte('.')
			} else {
				b.WriteByte('@')
			}
		}
		b.WriteByte('\n')
	}
	return b.String()
}

// maxParsedCells bounds the grids ParseGrid reads, so that a header cannot
// ask for more memory than a map of that size could need.
const maxParsedCells = 1 << 28

// ParseGrid reads a grid in the Moving AI map format (a header of "type
// octile", "height H", "width W" and "map" lines, then H rows of W
// characters) or as bare rows of one length. '.', 'G' and 'S' are open
// cells; '@', 'O', 'T', 'W' and '#' are walls. A Moving AI map gives an
// EightWay grid with NoCornerCutting, its benchmark's rule; bare rows give
// a FourWay grid. An error names the line and the fault.
func ParseGrid(r io.Reader) (*Grid, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64*1024), 1<<20)
	line := 0
	next := func() (string, bool) {
		if !sc.Scan() {
			return "", false
		}
		line++
		return strings.TrimRight(sc.Text(), "\r"), true
	}
	g := &Grid{}
	height, width := -1, -1
	first, ok := next()
	if ok && strings.HasPrefix(first, "type ") {
		g.Moves, g.Corners = EightWay, NoCornerCutting
		for {
			text, ok := next()
			if !ok {
				return nil, fmt.Errorf("line %d: the map header ends before its \"map\" line", line)
			}
			key, value, _ := strings.Cut(text, " ")
			switch key {
			case "map":
				if height < 0 || width < 0 {
					return nil, fmt.Errorf("line %d: \"map\" before the height and width", line)
				}
			case "height", "width":
				n, err := strconv.Atoi(value)
				if err != nil || n < 0 || n > maxParsedCells {
					return nil, fmt.Errorf("line %d: %s %q is not a size from 0 to %d", line, key, value, maxParsedCells)
				}
				if key == "height" {
					height = n
				} else {
					width = n
				}
				continue
			default:
				return nil, fmt.Errorf("line %d: %q is not a map header line (height, width or map)", line, text)
			}
			break
		}
		if height > 0 && width > maxParsedCells/height {
			return nil, fmt.Errorf("line %d: a map of %d x %d cells is larger than %d", line, height, width, maxParsedCells)
		}
		first, ok = next()
	}
	for ok {
		if width < 0 {
			width = len(first)
		}
		if len(first) != width {
			return nil, fmt.Errorf("line %d: a row of %d cells, want %d", line, len(first), width)
		}
		if height >= 0 && g.rows == height {
			return nil, fmt.Errorf("line %d: more than the %d rows of the header", line, height)
		}
		if len(g.open)+width > maxParsedCells {
			return nil, fmt.Errorf("line %d: more than %d cells", line, maxParsedCells)
		}
		for col := range len(first) {
			switch first[col] {
			case '.', 'G', 'S':
				g.open = append(g.open, true)
			case '@', 'O', 'T', 'W', '#':
				g.open = append(g.open, false)
			default:
				return nil, fmt.Errorf("line %d, column %d: %q is neither open ('.', 'G', 'S') nor a wall ('@', 'O', 'T', 'W', '#')", line, col+1, first[col])
			}
		}
		g.rows++
		first, ok = next()
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("line %d: %w", line+1, err)
	}
	if height >= 0 && g.rows != height {
		return nil, fmt.Errorf("line %d: %d rows, the header says %d", line, g.rows, height)
	}
	if width < 0 {
		width = 0
	}
	g.cols = width
	if g.rows == 0 || g.cols == 0 {
		g.rows, g.cols = 0, 0
	}
	return g, nil
}
