package sudoku

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/searchlab/searchlab/search"
)

// solveLinesRef is SolveLines done the long way, with a Scanner, Parse and
// Solve: each selected puzzle's answer as a line of text, and the error
// that ends the run.
func solveLinesRef(ctx context.Context, r io.Reader, opt LineOptions) ([]string, error) {
	sc := NewScanner(r, FormatLine)
	var out []string
	for index := 0; sc.Scan(); index++ {
		if opt.Shards > 1 && index%opt.Shards != opt.Shard {
			continue
		}
		rec := sc.Record()
		g, err := Parse(FormatLine, rec)
		if err != nil {
			return out, err
		}
		res, err := Solve(ctx, g, opt.Options)
		out = append(out, answerText(index, rec.Line, res, err))
	}
	return out, sc.Err()
}

// answerText writes one answer of SolveLines or solveLinesRef.
func answerText(index, line int, res Result, err error) string {
	return fmt.Sprintf("%d line %d: %d solutions, %d guesses, %v, %v", index, line, res.Count, res.Guesses, res.Solution, err)
}

// solveLinesAll runs SolveLines with a function that keeps every answer.
func solveLinesAll(ctx context.Context, r io.Reader, opt LineOptions) ([]string, error) {
	var sv Solver
	var out []string
	err := sv.SolveLines(ctx, r, opt, func(a *LineAnswer) error {
		out = append(out, answerText(a.Index, a.Line, a.Result, a.Err))
		return nil
	})
	return out, err
}

// linesData returns the data-set part of linesInput: 9x9 puzzles with one,
// two and many solutions, hard and easy ones, with blank lines, spaces,
// tabs and CRLF line endings.
func linesData(t *testing.T) string {
	var b strings.Builder
	for _, f := range []string{"serg_benchmark.txt", "norvig_top95.txt", "forum_hardest_1106.txt", "tdoku_17_clue.txt"} {
		for i, l := range readLines(t, f, 30) {
			switch i % 5 {
			case 1:
				b.WriteString("  " + l + "\t\r\n")
			case 2:
				b.WriteString("\n" + l + "\n")
			default:
				b.WriteString(l + "\n")
			}
		}
	}
	return b.String()
}

// linesInput returns a mixed input: data (from linesData), 4x4 lines,
// conflicting givens, a puzzle with no solution, one that needs more than
// three guesses; then the line bad (if any) and two more puzzles.
func linesInput(data, bad string) string {
	var b strings.Builder
	b.WriteString(data)
	b.WriteString("1.3.............\n..2.............\r\n12.4.34.........\n")
	b.WriteString("11" + strings.Repeat(".", 79) + "\n")                               // a conflict in a row
	b.WriteString("5" + strings.Repeat(".", 9) + "5" + strings.Repeat(".", 70) + "\n") // in a box
	b.WriteString(strings.Repeat(".", 81) + "\n\n")
	b.WriteString("..............3.85..1.2.......5.7.....4...1...9.......5......73..2.1........4...9\n")
	if bad != "" {
		b.WriteString(bad + "\n")
	}
	b.WriteString("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......\n")
	b.WriteString("1...5.2.9..7.......6.......2...........5.1..2....2.39.3.4.9...15...1...3...8...4.")
	return b.String()
}

// TestSolveLines checks SolveLines against a Scanner, Parse and Solve on
// the same input, with every kind of Options, shards, bad lines, read
// errors and readers that return the input in pieces.
func TestSolveLines(t *testing.T) {
	t.Parallel()
	opts := []struct {
		name string
		opt  LineOptions
	}{
		{"first solution", LineOptions{}},
		{"count to 2", LineOptions{Options: Options{Limit: 2}}},
		{"count without solution", LineOptions{Options: Options{Limit: 2, NoSolution: true}}},
		{"count to 3", LineOptions{Options: Options{Limit: 3}}},
		{"lexmin", LineOptions{Options: Options{First: true}}},
		{"guess cap", LineOptions{Options: Options{Limit: 2, Limits: search.Limits{MaxNodes: 3}}}},
		{"shard 1 of 3", LineOptions{Options: Options{Limit: 2}, Shard: 1, Shards: 3}},
		{"shard 0 of 1", LineOptions{Options: Options{Limit: 2}, Shard: 0, Shards: 1}},
	}
	boom := errors.New("boom")
	data := linesData(t)
	inputs := []struct {
		name string
		r    func() io.Reader
	}{
		{"good", func() io.Reader { return strings.NewReader(linesInput(data, "")) }},
		{"bad character", func() io.Reader {
			return strings.NewReader(linesInput(data, strings.Repeat(".", 40)+"x"+strings.Repeat(".", 40)))
		}},
		{"bad length", func() io.Reader { return strings.NewReader(linesInput(data, strings.Repeat("1", 80))) }},
		{"digit beyond 4x4", func() io.Reader { return strings.NewReader(linesInput(data, "1.5.............")) }},
		{"one byte at a time", func() io.Reader { return iotest.OneByteReader(strings.NewReader(linesInput(data, ""))) }},
		{"read error", func() io.Reader { return &errReader{linesInput(data, ""), boom} }},
		{"line over 1 MB", func() io.Reader {
			return strings.NewReader(linesInput(data, strings.Repeat(".", 1<<20)))
		}},
		{"empty", func() io.Reader { return strings.NewReader("") }},
	}
	ctx := context.Background()
	for _, in := range inputs {
		for _, o := range opts {
			if o.opt.Limits.MaxNodes == 0 {
				o.opt.Limits.MaxNodes = 100000 // a slip must not hang the test
			}
			t.Run(in.name+"/"+o.name, func(t *testing.T) {
				want, wantErr := solveLinesRef(ctx, in.r(), o.opt)
				got, err := solveLinesAll(ctx, in.r(), o.opt)
				if fmt.Sprint(err) != fmt.Sprint(wantErr) {
					t.Fatalf("error %v, want %v", err, wantErr)
				}
				if wantErr != nil && errors.Is(wantErr, ErrInvalid) != errors.Is(err, ErrInvalid) {
					t.Errorf("error %v: wraps ErrInvalid %v, want %v", err, !errors.Is(wantErr, ErrInvalid), errors.Is(wantErr, ErrInvalid))
				}
				if len(got) != len(want) {
					t.Fatalf("%d answers, want %d", len(got), len(want))
				}
				for i := range want {
					if got[i] != want[i] {
						t.Fatalf("answer %d:\n got %s\nwant %s", i, got[i], want[i])
					}
				}
			})
		}
	}
}

// TestSolveLinesStop checks that an error from the function stops the run
// at once and comes back as it is, and that a context done between
// puzzles stops a run of puzzles that need no guess within 256 puzzles.
func TestSolveLinesStop(t *testing.T) {
	t.Parallel()
	// A solved grid with three blanks: propagation alone solves it.
	var easy []byte
	for r := range 9 {
		for c := range 9 {
			easy = append(easy, byte('1'+(r*3+r/3+c)%9))
		}
	}
	easy[0], easy[1], easy[40] = '.', '.', '.'
	input := strings.Repeat(string(easy)+"\n", 5000)
	stop := errors.New("stop")
	var sv Solver
	n := 0
	err := sv.SolveLines(context.Background(), strings.NewReader(input), LineOptions{}, func(a *LineAnswer) error {
		if n++; n == 10 {
			return stop
		}
		if a.Err != nil || a.Result.Count != 1 || a.Result.Guesses != 0 {
			t.Fatalf("line %d: %d solutions, %d guesses, %v; want 1, 0, nil", a.Line, a.Result.Count, a.Result.Guesses, a.Err)
		}
		return nil
	})
	if err != stop || n != 10 {
		t.Errorf("stopped after %d puzzles with %v, want 10 and the function's error", n, err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	n = 0
	err = sv.SolveLines(ctx, strings.NewReader(input), LineOptions{}, func(a *LineAnswer) error {
		if n++; n == 1000 {
			cancel()
		}
		return nil
	})
	if !errors.Is(err, context.Canceled) || n < 1000 || n > 1000+256 {
		t.Errorf("a context cancelled after 1000 puzzles stopped the run after %d with %v, want at most 256 more and context.Canceled", n, err)
	}
	n = 0
	err = sv.SolveLines(ctx, strings.NewReader(input), LineOptions{}, func(a *LineAnswer) error {
		n++
		return nil
	})
	if !errors.Is(err, context.Canceled) || n != 0 {
		t.Errorf("a cancelled context: %d puzzles, %v; want none and context.Canceled", n, err)
	}
}

// TestSolveLinesContext checks that a context done during a long search
// reaches the function as the puzzle's error.
func TestSolveLinesContext(t *testing.T) {
	t.Parallel()
	lines := readLines(t, "norvig_hardlong_multisolution.txt", 1)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	input := "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......\n" + lines[0] + "\n"
	var sv Solver
	var errs []error
	err := sv.SolveLines(ctx, strings.NewReader(input), LineOptions{Options: Options{Limit: unlimited}}, func(a *LineAnswer) error {
		errs = append(errs, a.Err)
		cancel()
		return nil
	})
	if err != nil || len(errs) != 2 || errs[0] != nil || !errors.Is(errs[1], context.Canceled) {
		t.Errorf("run error %v, puzzle errors %v; want nil, [nil, context.Canceled]", err, errs)
	}
}
