package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"runtime"
	"strconv"

	"github.com/searchlab/searchlab/api"
	"github.com/searchlab/searchlab/internal/cli"
	"github.com/searchlab/searchlab/internal/input"
	"github.com/searchlab/searchlab/internal/progress"
	"github.com/searchlab/searchlab/search"
	"github.com/searchlab/searchlab/sudoku"
)

const sudokuDescription = `
Reads Sudoku puzzles from the files named or stdin and prints, for each, a
solution (or "no solution"), the lexicographically smallest solution
(--first), or the number of solutions up to --limit (--count), in input
order. Bulk files are solved on all cores (--jobs). A bad line stops the
run with exit status 2 and a message naming the line.

Formats (--format; detected from the first line when not given):
  line     one puzzle a line (81 characters for 9x9; 16, 256 or 625 for
           4x4, 16x16, 25x25), '1'-'9' then 'A'-'P', '.' or '0' blank.
  grid     rows of space-separated numbers (0 or '.' blank), any size,
           puzzles separated by blank lines.
  boj2580  Baekjoon 2580: 9 rows of 9 space-separated numbers, 0 blank.
  boj2239  Baekjoon 2239: 9 rows of 9 digits, 0 blank; prints the
           lexicographically smallest solution.

"searchlab sudoku generate -h" describes the generator; "rate", "hint"
and "explain" rate puzzles and explain them step by step as a person
solves them (on Sudoku Explainer's scale).

Examples:
  searchlab sudoku examples/sudoku.txt > solutions.txt
  searchlab sudoku --count examples/sudoku.txt    # 1 for each proper puzzle
  searchlab sudoku generate --count 3 | searchlab sudoku
`

func runSudoku(ctx context.Context, e *env, args []string) error {
	if len(args) > 0 {
		switch args[0] {
		case "generate":
			return runSudokuGenerate(ctx, e, args[1:])
		case "rate", "hint", "explain":
			return runSudokuRate(ctx, e, args[0], args[1:])
		}
	}
	fs := cli.NewFlagSet(e.stdout, "searchlab sudoku", "[generate|rate|hint|explain] [flags] [file ...]", sudokuDescription)
	format := fs.String("format", "", "input and output `format`: line, grid, boj2580 or boj2239 (default: detected from the input)")
	first := fs.Bool("first", false, "print the lexicographically smallest solution")
	count := fs.Bool("count", false, "print the number of solutions, up to --limit")
	limit := fs.Int("limit", 2, "with --count or --json, stop counting at this many solutions")
	asJSON := fs.Bool("json", false, "print one JSON object per puzzle: line, solutions (up to --limit), unique, solution, guesses, elapsed_ns")
	jobs := fs.Int("jobs", runtime.NumCPU(), "number of puzzles solved at once")
	stats := fs.Bool("stats", false, "print puzzles per second and the slowest puzzle on stderr at the end")
	maxGuesses := fs.Int64("max-guesses", 0, "give up on a puzzle after this many guesses, an error naming its line (0: no cap)")
	sh := cli.ShardFlag(fs)
	files, err := cli.Parse(fs, args)
	if err != nil {
		return err
	}
	if _, err := sudoku.ParseFormat(*format); *format != "" && err != nil {
		return cli.Inputf("--format: %v", err)
	}
	if *limit < 1 {
		return cli.Inputf("--limit must be at least 1, not %d", *limit)
	}
	if *first && *count {
		return cli.Inputf("--first and --count do not go together: --count counts every solution, --first prints one")
	}
	if *maxGuesses < 0 {
		return cli.Inputf("--max-guesses must not be negative, not %d", *maxGuesses)
	}
	if *jobs < 1 || *jobs > sudoku.MaxJobs {
		return cli.Inputf("--jobs must be from 1 to %d, not %d", sudoku.MaxJobs, *jobs)
	}
	srcs, err := e.inputs(files)
	if err != nil {
		return err
	}
	defer input.Close(srcs)
	for i, src := range srcs {
		f, _ := sudoku.FormatOf(*format, src.Peek) // --format is checked above
		opt := sudoku.Options{Limit: 1, First: *first || f.First(), Limits: search.Limits{MaxNodes: *maxGuesses}}
		if *count {
			opt = sudoku.Options{Limit: *limit, Limits: search.Limits{MaxNodes: *maxGuesses}, NoSolution: true}
		}
		if *asJSON {
			opt.Limit, opt.NoSolution = *limit, false
		}
		b := sudoku.Batch{Format: f, Options: opt, Jobs: *jobs, Shard: sh.Index, Shards: sh.Count, Timed: *stats || *asJSON,
			Append: sudoku.AnswerText{Format: f, Count: *count, Continued: i > 0}.Append}
		if *asJSON {
			b.Append = api.SudokuAnswerLines(opt)
		}
		if err := solveSudokuStream(ctx, e, src.Reader(), &b, *stats); err != nil {
			return src.InFile(err)
		}
	}
	return nil
}

// solveSudokuStream solves the puzzles of r with b and writes their
// answers in input order, and with stats the batch's stats line on
// stderr. The first error stops it: the answers before the bad puzzle are
// written, nothing after it.
func solveSudokuStream(ctx context.Context, e *env, r io.Reader, b *sudoku.Batch, stats bool) error {
	var bar *progress.Bar
	if e.stderrTerminal {
		bar = progress.ForFile(e.stderr, "sudoku", r, 1<<20)
	}
	if bar != nil {
		b.Progress = bar.Set // nil without a bar: the one-job line path then counts no bytes
	}
	st, err := b.Run(ctx, r, e.stdout)
	var pe *sudoku.PuzzleError
	if errors.As(err, &pe) {
		if b.Jobs > 1 {
			bar.Finish()
		}
		switch {
		case errors.Is(pe.Err, sudoku.ErrLimit):
			return fmt.Errorf("line %d: gave up after %d guesses (--max-guesses)", pe.Line, pe.Guesses)
		case !errors.Is(pe.Err, sudoku.ErrInvalid):
			return pe.Err
		}
	}
	if errors.Is(err, sudoku.ErrInvalid) {
		return cli.Input(err)
	}
	if err != nil {
		return err
	}
	bar.Finish()
	if stats {
		fmt.Fprintln(e.stderr, st)
	}
	return nil
}

const sudokuGenerateDescription = `
Prints new puzzles with exactly one solution, one a line in the line
format. Without --seed the puzzles are new each time, and the seed that
gives them again is printed on stderr ("seed N"). --clues N stops removing
givens at N (below about 22 that can fail: exit status 1); --rate adds the
guesses the solver needed to prove the puzzle unique (0 for easy ones).

--level or --rating keeps only 9x9 puzzles whose rating on Sudoku
Explainer's scale ("searchlab sudoku rate") falls in a range: every given
is then removed that can be (a minimal puzzle), and puzzles are made and
rated until one fits. The levels' ranges of ER:
  simple        1.0-2.0   hidden singles, direct pointing and hidden pairs
  easy          2.1-2.9   naked singles, pointing and claiming
  intermediate  3.0-5.9   subsets, fish, wings, unique rectangles, BUG
  expert        6.0-12.0  exclusion, chains and forcing chains

Examples:
  searchlab sudoku generate --count 5 --seed 7 --clues 25 --rate
  searchlab sudoku generate --level expert --count 3 --seed 1
  searchlab sudoku generate --rating 7.0-8.0 --seed 1 | searchlab sudoku rate
`

func runSudokuGenerate(ctx context.Context, e *env, args []string) error {
	fs := cli.NewFlagSet(e.stdout, "searchlab sudoku generate", "[flags]", sudokuGenerateDescription)
	count := fs.Int("count", 1, "number of puzzles to print")
	seed := fs.Uint64("seed", 0, "random `seed`; the same seed gives the same puzzles (default: a new one, printed on stderr)")
	clues := fs.Int("clues", 0, "number of givens to stop at (0: as few as removal reaches)")
	box := fs.Int("box", 3, "box size: 2 (4x4), 3 (9x9), 4 (16x16) or 5 (25x25)")
	rate := fs.Bool("rate", false, "append the solver's guess count to each puzzle")
	level := fs.String("level", "", "`level` of the puzzles: simple, easy, intermediate or expert (an ER range; 9x9 only)")
	rating := fs.String("rating", "", "`range` of ER the puzzles fall in, as LO-HI, e.g. 7.0-8.0 (9x9 only)")
	tries := fs.Int("tries", 10000, "with --level or --rating, give up after rating this many puzzles for one")
	if err := cli.ParseFlags(fs, args); err != nil {
		return err
	}
	if *count < 0 {
		return cli.Inputf("--count must not be negative, not %d", *count)
	}
	rated, want, err := sudokuRatingRange(*level, *rating)
	if err != nil {
		return err
	}
	if rated && (*box != 3 || *clues != 0) {
		return cli.Inputf("--level and --rating make minimal 9x9 puzzles: they take no --box or --clues")
	}
	if *tries < 1 {
		return cli.Inputf("--tries must be at least 1, not %d", *tries)
	}
	seeded := false
	fs.Visit(func(f *flag.Flag) { seeded = seeded || f.Name == "seed" })
	if !seeded {
		*seed = rand.Uint64N(1e10)
	}
	gen, err := sudoku.NewGenerator(*box, *seed)
	if err != nil {
		return cli.Inputf("--box %d: want 2 (4x4), 3 (9x9), 4 (16x16) or 5 (25x25)", *box)
	}
	if !seeded { // said once the flags are known to be good
		fmt.Fprintf(e.stderr, "seed %d\n", *seed)
	}
	var out []byte
	for k := 0; k < *count; k++ {
		var p sudoku.Grid
		if rated {
			p, _, err = gen.GenerateRated(ctx, want, *tries)
		} else {
			p, _, err = gen.Generate(ctx, *clues)
		}
		if errors.Is(err, sudoku.ErrNoRatedPuzzle) {
			return err
		}
		if err != nil {
			if errors.Is(err, sudoku.ErrInvalid) {
				return cli.Input(fmt.Errorf("--clues %d: %w", *clues, err))
			}
			return fmt.Errorf("--clues %d: %w", *clues, err)
		}
		out = append(out[:0], p.String()...)
		if *rate {
			guesses, err := sudoku.CountGuesses(ctx, p)
			if err != nil {
				return err
			}
			out = strconv.AppendInt(append(out, ' '), guesses, 10)
		}
		out = append(out, '\n')
		if _, err := e.stdout.Write(out); err != nil {
			return err
		}
	}
	return nil
}

// sudokuRatingRange reads generate's --level and --rating: whether one was
// given, and its range of ER.
func sudokuRatingRange(level, rating string) (bool, sudoku.RatingRange, error) {
	switch {
	case level != "" && rating != "":
		return false, sudoku.RatingRange{}, cli.Inputf("--level and --rating: give one of them")
	case level != "":
		l, err := sudoku.ParseLevel(level)
		if err != nil {
			return false, sudoku.RatingRange{}, cli.Inputf("--level: %v", err)
		}
		return true, l.Range(), nil
	case rating != "":
		r, err := sudoku.ParseRatingRange(rating)
		if err != nil {
			return false, sudoku.RatingRange{}, cli.Inputf("--rating: %v", err)
		}
		return true, r, nil
	}
	return false, sudoku.RatingRange{}, nil
}
