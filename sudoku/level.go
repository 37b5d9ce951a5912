package sudoku

import (
	"context"
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
)

// Level is a named difficulty, as QQwing names its levels, defined here
// as a range of Sudoku Explainer ratings (ER).
type Level int

// The levels, easiest first.
const (
	LevelSimple       Level = iota // hidden singles and direct techniques: ER 1.0-2.0
	LevelEasy                      // naked singles, pointing and claiming: ER 2.1-2.9
	LevelIntermediate              // subsets, fish, wings, uniqueness: ER 3.0-5.9
	LevelExpert                    // exclusion, chains and forcing chains: ER 6.0-12.0
)

var levelNames = [...]string{"simple", "easy", "intermediate", "expert"}

// String returns the level's name, such as "expert".
func (l Level) String() string {
	if l < 0 || int(l) >= len(levelNames) {
		return fmt.Sprintf("Level(%d)", int(l))
	}
	return levelNames[l]
}

// ParseLevel returns the level named name (simple, easy, intermediate or
// expert).
func ParseLevel(name string) (Level, error) {
	for i, n := range levelNames {
		if name == n {
			return Level(i), nil
		}
	}
	return 0, fmt.Errorf("unknown level %q (simple, easy, intermediate or expert)", name)
}

// Range returns the level's range of ER, both ends included.
func (l Level) Range() RatingRange {
	switch l {
	case LevelSimple:
		return RatingRange{1.0, 2.0}
	case LevelEasy:
		return RatingRange{2.1, 2.9}
	case LevelIntermediate:
		return RatingRange{3.0, 5.9}
	}
	return RatingRange{6.0, 12.0}
}

// RatingRange is a range of ER values, both ends included.
type RatingRange struct {
	Lo, Hi float64
}

// ParseRatingRange reads a range written "LO-HI", such as "7.0-8.0", or a
// single value such as "7.1". Values go from 1.0 to 20.0 with at most one
// decimal, LO <= HI.
func ParseRatingRange(s string) (RatingRange, error) {
	lo, hi, ok := strings.Cut(s, "-")
	if !ok {
		hi = lo
	}
	var r RatingRange
	for _, p := range []struct {
		text string
		v    *float64
	}{{lo, &r.Lo}, {hi, &r.Hi}} {
		v, err := strconv.ParseFloat(strings.TrimSpace(p.text), 64)
		if err != nil || !(v >= 1 && v <= BeyondSolver) || math.Abs(v*10-math.Round(v*10)) > 1e-9 {
			return RatingRange{}, fmt.Errorf("rating range %q: %q is not a rating from 1.0 to 20.0 with at most one decimal", s, p.text)
		}
		*p.v = v
	}
	if r.Lo > r.Hi {
		return RatingRange{}, fmt.Errorf("rating range %q: %.1f is above %.1f", s, r.Lo, r.Hi)
	}
	return r, nil
}

// Has reports whether er is in the range.
func (r RatingRange) Has(er float64) bool { return er >= r.Lo-1e-9 && er <= r.Hi+1e-9 }

// String writes the range as "LO-HI" with one decimal each.
func (r RatingRange) String() string { return fmt.Sprintf("%.1f-%.1f", r.Lo, r.Hi) }

// ErrNoRatedPuzzle is returned by GenerateRated when no puzzle in the range
// turned up within the tries allowed.
var ErrNoRatedPuzzle = errors.New("sudoku: no puzzle in the rating range within the tries allowed")

// GenerateRated returns a 9x9 puzzle with exactly one solution from which
// no given can be removed without losing that (Generate with no clue
// target), whose ER is in r, with its rating. It generates and rates
// puzzles until one falls in the range, at most tries of them (0: 10000);
// the generator's seed decides which it finds.
func (gen *Generator) GenerateRated(ctx context.Context, r RatingRange, tries int) (Grid, Rating, error) {
	if gen.box != 3 {
		return Grid{}, Rating{}, ErrNotNine
	}
	if tries <= 0 {
		tries = 10000
	}
	for range tries {
		p, _, err := gen.Generate(ctx, 0)
		if err != nil {
			return Grid{}, Rating{}, err
		}
		rating, _, err := Rate(ctx, p)
		if err != nil {
			return Grid{}, Rating{}, err
		}
		if r.Has(rating.ER) {
			return p, rating, nil
		}
	}
	return Grid{}, Rating{}, fmt.Errorf("%w (%v, %d tries)", ErrNoRatedPuzzle, r, tries)
}
