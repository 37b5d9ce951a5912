package api

import (
	"context"
	"errors"

	"github.com/searchlab/searchlab/search"
	"github.com/searchlab/searchlab/stroke"
)

// SolveStroke solves one one-stroke board within opt's budget and ctx. A
// budget that runs out (the node cap, or ctx's deadline) is not an error:
// the result is the best chain found, marked not optimal, with a proven
// bound. When ctx is cancelled otherwise, the error is the context's. With
// all, it also returns each colour's best, with length 0 for the colours on
// the board that no chain can start on.
func SolveStroke(ctx context.Context, s *stroke.Solver, b *stroke.Board, opt stroke.Options, all bool) (stroke.Result, map[byte]stroke.Result, error) {
	budget := func(err error) error {
		if err == nil || errors.Is(ctx.Err(), context.Canceled) || !errors.Is(err, search.ErrLimit) {
			return err
		}
		return nil // the budget: reported in the result
	}
	res, err := s.Solve(ctx, b, opt)
	if err = budget(err); err != nil || !all {
		return res, nil, err
	}
	per := map[byte]stroke.Result{}
	for _, c := range b.Cells {
		if c != stroke.Player && c != stroke.Hole {
			per[c] = stroke.Result{Colour: c, Optimal: true}
		}
	}
	cols, err := s.SolveColours(ctx, b, opt)
	if err = budget(err); err != nil {
		return res, nil, err
	}
	for c, r := range cols {
		per[c] = r
	}
	return res, per, nil
}
