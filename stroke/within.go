package stroke

import (
	"context"
	"errors"

	"github.com/searchlab/searchlab/search"
)

// SolveWithin is Solve for answering within a budget: a budget that runs
// out (opt's node cap, or ctx's deadline) is not an error, and the result
// is the best chain found, marked not optimal, with a proven bound. When
// ctx is cancelled otherwise, the error is the context's.
func (s *Solver) SolveWithin(ctx context.Context, b *Board, opt Options) (Result, error) {
	res, err := s.Solve(ctx, b, opt)
	return res, withinBudget(ctx, err)
}

// ColoursWithin is SolveColours within a budget, as SolveWithin is Solve:
// each colour's best, with length 0 (and optimal) for the colours on the
// board that no chain can start on.
func (s *Solver) ColoursWithin(ctx context.Context, b *Board, opt Options) (map[byte]Result, error) {
	per := map[byte]Result{}
	for _, c := range b.Cells {
		if c != Player && c != Hole {
			per[c] = Result{Colour: c, Optimal: true}
		}
	}
	cols, err := s.SolveColours(ctx, b, opt)
	if err = withinBudget(ctx, err); err != nil {
		return nil, err
	}
	for c, r := range cols {
		per[c] = r
	}
	return per, nil
}

// withinBudget returns err unless it is a budget that ran out: a limit,
// and ctx not cancelled.
func withinBudget(ctx context.Context, err error) error {
	if err == nil || errors.Is(ctx.Err(), context.Canceled) || !errors.Is(err, search.ErrLimit) {
		return err
	}
	return nil
}
