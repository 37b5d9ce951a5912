package sudoku

import (
	"context"
	"io"

	"github.com/searchlab/searchlab/internal/shard"
)

// LineOptions are the options of Solver.SolveLines: the Options of each
// search, and the share of the input to solve.
type LineOptions struct {
	Options
	// Shard and Shards select the puzzles to solve: those whose index
	// (LineAnswer.Index) leaves remainder Shard when divided by Shards,
	// so that Shards programs, one for each Shard from 0 to Shards-1,
	// solve every puzzle once between them. Shards 0 or 1 selects all.
	Shard, Shards int
}

// LineAnswer is what Solver.SolveLines reports for one puzzle.
type LineAnswer struct {
	// Index is the puzzle's place among the input's puzzles, from 0;
	// blank lines do not count.
	Index int
	// Line is the puzzle's line number in the input, from 1.
	Line int
	// Result and Err are what Solver.Solve returns for the puzzle: Err
	// is a *ConflictError for conflicting givens, ErrLimit at the guess
	// cap, or the context's error. The Cells of Result.Solution belong
	// to the Solver, as with Solver.Solve, until the next puzzle.
	Result Result
	Err    error
	// BytesRead is the number of input bytes consumed, up to the end of
	// the puzzle's line.
	BytesRead int64
}

// SolveLines reads puzzles in the line format from r, one a line (blank
// lines are skipped, as a Scanner does), solves them one after another as
// Solver.Solve does with opt.Options, and calls fn with each selected
// puzzle's answer in input order. It is the fast way to solve a bulk file
// on one goroutine: a 9x9 line is parsed and set up straight into the
// solver, without a Record, a Grid or a look at ctx for each puzzle (ctx
// is looked at every 1024 guesses and every 256 puzzles). The answer that
// fn gets is reused for the next puzzle.
//
// A line that is not a puzzle stops the run with a *SyntaxError that
// names the line, as Parse's does, before fn sees the
// puzzle; so does a read error, as Scanner.Err words it. An error from fn
// stops the run and is returned as it is, and so is ctx's error when ctx
// is done between puzzles. At the end of the input SolveLines returns nil.
// A puzzle whose search fails (conflicting givens, the guess cap, ctx
// done during the search) goes to fn with its Err: fn decides whether the
// run goes on.
func (s *Solver) SolveLines(ctx context.Context, r io.Reader, opt LineOptions, fn func(*LineAnswer) error) error {
	sc := NewScanner(r, FormatLine)
	var done <-chan struct{}
	if ctx != nil {
		done = ctx.Done()
	}
	sv := &s.sv9
	// set readies sv for 9x9 searches with opt, as Solve does (and again
	// after Solve, which resets sv.ctx and sv.noRecord).
	set := func() {
		if done != s.done {
			s.done, sv.checkFrom = done, 0
		}
		sv.core, sv.lexmin, sv.maxGuesses = defaultCore9, opt.First, opt.Limits.MaxNodes
		sv.ctx, sv.noRecord = ctx, opt.NoSolution
	}
	set()
	defer func() { sv.ctx, sv.noRecord = nil, false }()
	var cells [81]uint8
	var buf []uint8 // the cells of a puzzle of another size
	var a LineAnswer
	index, solved := 0, 0
	sh := shard.Shard{Index: opt.Shard, Count: opt.Shards}
	for {
		line, ok := sc.next()
		if !ok {
			break
		}
		if isBlank(line) {
			continue
		}
		a.Index, index = index, index+1
		if !sh.Has(a.Index) {
			continue
		}
		if solved&255 == 0 && done != nil {
			select {
			case <-done:
				return ctx.Err()
			default:
			}
		}
		solved++
		a.Line, a.BytesRead = sc.line, sc.n
		// No line is kept past this puzzle: the Scanner may reuse their
		// memory when it next reads.
		sc.Release()
		b := trimSpace(line)
		if parse9(b, cells[:]) {
			n := sv.solve9(&cells, opt.Limit)
			sv.checkFrom = max(sv.nextCheck-sv.guesses, 0)
			if !sv.invalid {
				// Field by field: a copy of a Result built apart stalls.
				a.Result.Count, a.Result.Guesses, a.Err = n, sv.guesses, sv.err()
				if n > 0 && !opt.NoSolution {
					a.Result.Solution = Grid{Box: 3, Cells: sv.sol[:]}
				} else {
					a.Result.Solution = Grid{}
				}
				if err := fn(&a); err != nil {
					return err
				}
				continue
			}
		}
		// Another size, a fault to name, or conflicting givens: the way
		// of Parse and Solve.
		g, err := parseLineTo(b, buf)
		if err != nil {
			return atLine(err, a.Line)
		}
		buf = g.Cells
		a.Result, a.Err = s.Solve(ctx, g, opt.Options)
		set()
		if err := fn(&a); err != nil {
			return err
		}
	}
	if sc.rerr != io.EOF {
		sc.err = sc.rerr
	}
	return sc.Err()
}
