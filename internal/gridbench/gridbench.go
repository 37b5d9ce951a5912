// Package gridbench holds the benchmark grid of package search: a square
// grid with a share of its cells walls, drawn by a seeded generator that
// scripts/bench-grid.cpp repeats, and the successor function and estimate
// a user writes for it (struct states, an iter.Seq2 of the open
// neighbours, Manhattan distance). The benchmarks of search, the
// comparison program scripts/benchgrid and the C++ baseline search the
// same grid corner to corner.
package gridbench

import "iter"

// Grid is a W x H grid of open cells and walls, row by row.
type Grid struct {
	W, H int
	Wall []bool
}

// Cell is a position on a grid, the state of the searches.
type Cell struct{ R, C int32 }

// Side, Seed and WallPercent make the benchmark's grid: 1000 x 1000
// cells, 20% of them walls.
const (
	Side        = 1000
	Seed        = 1
	WallPercent = 20
)

// New returns a w x h grid whose cells are walls with wallPercent percent
// probability each, drawn in row order from splitmix64 seeded with seed
// (a cell is a wall when the next value modulo 100 is below wallPercent);
// the two corners are open.
func New(w, h int, seed uint64, wallPercent int) *Grid {
	g := &Grid{W: w, H: h, Wall: make([]bool, w*h)}
	x := seed
	for i := range g.Wall {
		x += 0x9e3779b97f4a7c15
		z := x
		z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
		z = (z ^ (z >> 27)) * 0x94d049bb133111eb
		z ^= z >> 31
		g.Wall[i] = z%100 < uint64(wallPercent)
	}
	g.Wall[0], g.Wall[w*h-1] = false, false
	return g
}

// Benchmark returns the benchmark's grid.
func Benchmark() *Grid { return New(Side, Side, Seed, WallPercent) }

// Start returns the corner the searches start from, the top left.
func (g *Grid) Start() Cell { return Cell{0, 0} }

// Goal returns the corner the searches run to, the bottom right.
func (g *Grid) Goal() Cell { return Cell{int32(g.H - 1), int32(g.W - 1)} }

// open reports whether r, c is on the grid and not a wall.
func (g *Grid) open(r, c int32) bool {
	return r >= 0 && c >= 0 && int(r) < g.H && int(c) < g.W && !g.Wall[int(r)*g.W+int(c)]
}

// Next yields the open cells next to p, up, down, left and right, each
// step costing 1.
func (g *Grid) Next(p Cell) iter.Seq2[Cell, int] {
	return func(yield func(Cell, int) bool) {
		if g.open(p.R-1, p.C) && !yield(Cell{p.R - 1, p.C}, 1) {
			return
		}
		if g.open(p.R+1, p.C) && !yield(Cell{p.R + 1, p.C}, 1) {
			return
		}
		if g.open(p.R, p.C-1) && !yield(Cell{p.R, p.C - 1}, 1) {
			return
		}
		if g.open(p.R, p.C+1) {
			yield(Cell{p.R, p.C + 1}, 1)
		}
	}
}

// Manhattan returns the Manhattan distance from p to the goal corner.
func (g *Grid) Manhattan(p Cell) int {
	return int(int32(g.H-1)-p.R) + int(int32(g.W-1)-p.C)
}

// IsGoal reports whether p is the goal corner.
func (g *Grid) IsGoal(p Cell) bool { return p == g.Goal() }

// Index numbers the cells 0 to W*H-1, row by row.
func (g *Grid) Index(p Cell) int { return int(p.R)*g.W + int(p.C) }
