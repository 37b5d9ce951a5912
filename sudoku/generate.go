package sudoku

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"

	"github.com/searchlab/searchlab/search"
)

// Generator makes puzzles with exactly one solution. The same box size and
// seed give the same sequence of puzzles.
type Generator struct {
	box int
	rng *rand.Rand
	// Limits caps the guesses of each uniqueness check made while
	// removing givens (Limits.MaxNodes); a check that hits the cap keeps
	// the given. 0 means a default that suits the box size.
	Limits search.Limits
	// Attempts is how many full grids Generate tries before it gives up
	// on reaching the asked number of clues; 0 means 2000.
	Attempts int
}

// NewGenerator returns a generator of puzzles of box size box (2 to 5)
// seeded with seed.
func NewGenerator(box int, seed uint64) (*Generator, error) {
	if box < MinBox || box > MaxBox {
		return nil, fmt.Errorf("%w: box size %d is not between %d and %d", ErrInvalid, box, MinBox, MaxBox)
	}
	return &Generator{box: box, rng: rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))}, nil
}

// ErrClues is returned by Generate when it cannot reach the asked number
// of clues within its attempts.
var ErrClues = errors.New("sudoku: could not reach the asked number of clues")

// Generate returns a puzzle with exactly one solution, and that solution.
// Asking a 9x9 puzzle for fewer than 17 clues wraps ErrInvalid; not
// reaching the clues within Attempts grids is ErrClues.
// It takes a random full grid and removes givens in random order as long
// as the puzzle stays unique (checked by counting solutions up to 2). With
// clues > 0 it stops at that many givens, trying new grids if a grid gets
// stuck above it; with clues 0 it removes every given it can.
func (gen *Generator) Generate(ctx context.Context, clues int) (puzzle, solution Grid, err error) {
	n := gen.box * gen.box
	if clues < 0 || clues > n*n {
		return Grid{}, Grid{}, fmt.Errorf("%w: %d clues asked of a %dx%d grid", ErrInvalid, clues, n, n)
	}
	if gen.box == 3 && clues > 0 && clues < 17 {
		return Grid{}, Grid{}, fmt.Errorf("%w: no 9x9 puzzle with fewer than 17 clues has a unique solution", ErrInvalid)
	}
	maxGuesses := gen.Limits.MaxNodes
	if maxGuesses == 0 {
		maxGuesses = map[int]int64{2: 1000, 3: 100000, 4: 2000, 5: 500}[gen.box]
	}
	attempts := gen.Attempts
	if attempts == 0 {
		attempts = 2000
	}
	for a := 0; a < attempts; a++ {
		if err := ctx.Err(); err != nil {
			return Grid{}, Grid{}, err
		}
		sol, err := gen.fullGrid(ctx)
		if err != nil {
			return Grid{}, Grid{}, err
		}
		p := sol.Clone()
		left := n * n
		for _, i := range gen.rng.Perm(n * n) {
			if clues > 0 && left <= clues {
				break
			}
			v := p.Cells[i]
			p.Cells[i] = 0
			res, err := Solve(ctx, p, Options{Limit: 2, Limits: search.Limits{MaxNodes: maxGuesses}})
			if err != nil && !errors.Is(err, ErrLimit) {
				return Grid{}, Grid{}, err
			}
			if err != nil || res.Count != 1 {
				p.Cells[i] = v
				continue
			}
			left--
		}
		if clues == 0 || left == clues {
			return p, sol, nil
		}
	}
	return Grid{}, Grid{}, fmt.Errorf("%w (%d) in %d tries", ErrClues, clues, attempts)
}

// CountGuesses returns the difficulty of p as the guesses the solver makes
// to prove that p has exactly one solution (Solve with Limit 2): 0 for a
// puzzle that propagation alone solves, more for harder ones. Its error is
// Solve's. Rate gives the rating people use.
func CountGuesses(ctx context.Context, p Grid) (int64, error) {
	res, err := Solve(ctx, p, Options{Limit: 2})
	return res.Guesses, err
}

// fullGrid returns a random complete grid: for 4x4 and 9x9 the solution of
// a few random consistent givens, for larger boxes a patterned grid; then
// symbols, rows within bands, bands, columns within stacks and stacks are
// shuffled, and the grid is transposed half the time.
func (gen *Generator) fullGrid(ctx context.Context) (Grid, error) {
	box, n := gen.box, gen.box*gen.box
	g, _ := NewGrid(box)
	if box <= 3 {
		for {
			for i := range g.Cells {
				g.Cells[i] = 0
			}
			for k := 0; k < 2*n; k++ {
				i := gen.rng.IntN(n * n)
				old := g.Cells[i]
				g.Cells[i] = uint8(1 + gen.rng.IntN(n))
				if g.Check() != nil {
					g.Cells[i] = old
				}
			}
			res, err := Solve(ctx, g, Options{Limit: 1, Limits: search.Limits{MaxNodes: 10000}})
			if err != nil && !errors.Is(err, ErrLimit) {
				return Grid{}, err
			}
			if res.Count == 1 {
				g = res.Solution
				break
			}
		}
	} else {
		for r := 0; r < n; r++ {
			for c := 0; c < n; c++ {
				g.Cells[r*n+c] = uint8((box*(r%box)+r/box+c)%n + 1)
			}
		}
	}
	sym := gen.rng.Perm(n)
	order := func() []int { // a line order that keeps bands together
		out := make([]int, 0, n)
		for _, b := range gen.rng.Perm(box) {
			for _, k := range gen.rng.Perm(box) {
				out = append(out, b*box+k)
			}
		}
		return out
	}
	rows, cols := order(), order()
	flip := gen.rng.IntN(2) == 1
	out, _ := NewGrid(box)
	for r := 0; r < n; r++ {
		for c := 0; c < n; c++ {
			sr, sc := rows[r], cols[c]
			if flip {
				sr, sc = sc, sr
			}
			out.Cells[r*n+c] = uint8(sym[g.Cells[sr*n+sc]-1] + 1)
		}
	}
	return out, nil
}
