package sudoku

import (
	"context"
	"errors"
	"io"
	"time"
)

// Rated is what RateStream reports for one puzzle of a bulk input.
type Rated struct {
	// Index is the puzzle's place in the input, from 0; Line is the line
	// number of its first line, from 1.
	Index, Line int
	// Puzzle is the puzzle as read.
	Puzzle Grid
	// Rating and Steps are what Rate returns (Steps only when
	// RateOptions.Steps is set). With RateOptions.Hint, Rating is zero
	// and Steps holds the next step alone, or nothing when the position
	// is solved or no technique finds a step.
	Rating Rating
	Steps  []Step
	// Err is Rate's error: a *NotUniqueError for a puzzle without
	// exactly one solution, ErrNotNine, a *ConflictError for givens that
	// clash, or the context's error.
	Err error
	// Elapsed is the time the rating took.
	Elapsed time.Duration
}

// RateOptions say how RateStream rates a bulk input.
type RateOptions struct {
	// Format is the input's format.
	Format Format
	// Jobs is the number of puzzles rated at once; 0 is 1.
	Jobs int
	// Steps keeps every puzzle's steps in Rated.Steps.
	Steps bool
	// Hint finds each position's next step (Hint) instead of rating it.
	Hint bool
	// Timeout, when positive, bounds the rating of each puzzle: a puzzle
	// that takes longer gets context.DeadlineExceeded as its Err.
	Timeout time.Duration
}

// RateStream reads puzzles in opt.Format from r, rates each (Rate, or Hint
// with opt.Hint) on
// opt.Jobs goroutines and calls fn with each result in input order, on
// the calling goroutine. A puzzle Rate refuses (not unique, clashing
// givens, not 9x9) is passed to fn with its Err; fn decides whether that
// stops the run. RateStream stops at the first error fn returns, at a
// puzzle that does not parse or a read error (as the Scanner words them,
// wrapping ErrInvalid for bad input), or when ctx ends, and returns that
// error; fn has then been called for every puzzle before it.
func RateStream(ctx context.Context, r io.Reader, opt RateOptions, fn func(*Rated) error) error {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	jobs := max(opt.Jobs, 1)
	type item struct {
		rated Rated
		rec   Record
		err   error // a parse or read error: stops the run here
		done  chan struct{}
	}
	work := make(chan *item, jobs)
	order := make(chan *item, jobs*2)
	go func() { // reader
		defer close(work)
		defer close(order)
		sc := NewScanner(r, opt.Format)
		send := func(it *item) bool {
			select {
			case order <- it:
			case <-ctx.Done():
				return false
			}
			if it.err != nil {
				close(it.done)
				return false
			}
			select {
			case work <- it:
				return true
			case <-ctx.Done():
				return false
			}
		}
		for i := 0; sc.Scan(); i++ {
			rec := sc.Record()
			it := &item{done: make(chan struct{})}
			it.rated.Index, it.rated.Line = i, rec.Line
			// The record's lines are parsed here, before the next Scan
			// may reuse their memory.
			it.rated.Puzzle, it.err = Parse(opt.Format, rec)
			if !send(it) {
				return
			}
		}
		if err := sc.Err(); err != nil {
			send(&item{err: err, done: make(chan struct{})})
		}
	}()
	for range jobs {
		go func() {
			for it := range work {
				it.rated.rate(ctx, opt)
				close(it.done)
			}
		}()
	}
	for it := range order {
		select {
		case <-it.done:
		case <-ctx.Done():
			return ctx.Err()
		}
		if it.err != nil {
			return it.err
		}
		if errors.Is(it.rated.Err, context.Canceled) && ctx.Err() != nil {
			return ctx.Err()
		}
		if err := fn(&it.rated); err != nil {
			return err
		}
	}
	return ctx.Err()
}

// rate rates rd.Puzzle with opt's timeout and keeps the steps if asked.
func (rd *Rated) rate(ctx context.Context, opt RateOptions) {
	if opt.Timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, opt.Timeout)
		defer cancel()
	}
	start := time.Now()
	if opt.Hint {
		step, ok, err := Hint(ctx, rd.Puzzle)
		rd.Elapsed, rd.Err = time.Since(start), err
		if ok {
			rd.Steps = []Step{step}
		}
		return
	}
	rating, steps, err := Rate(ctx, rd.Puzzle)
	rd.Elapsed = time.Since(start)
	rd.Rating, rd.Err = rating, err
	if opt.Steps {
		rd.Steps = steps
	}
}
