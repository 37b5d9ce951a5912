package sudoku

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/searchlab/searchlab/search"
)

// FuzzParseLine checks that ParseLine never panics, that what it accepts
// formats back to the same puzzle, and that the fast solver agrees with
// the reference backtracker on it (within a guess cap).
func FuzzParseLine(f *testing.F) {
	f.Add("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......")
	f.Add("1...5.2.9..7.......6.......2...........5.1..2....2.39.3.4.9...15...1...3...8...4.")
	f.Add("7...7" + strings.Repeat(".", 76))
	f.Add("1.3." + strings.Repeat("0", 12))
	f.Add(strings.Repeat("G", 256))
	f.Add("x")
	f.Add("")
	f.Fuzz(func(t *testing.T, s string) {
		g, err := ParseLine(s)
		if err != nil {
			if !errors.Is(err, ErrInvalid) {
				t.Fatalf("ParseLine(%q): %v does not wrap ErrInvalid", s, err)
			}
			return
		}
		back, err := ParseLine(g.String())
		if err != nil || back.String() != g.String() {
			t.Fatalf("round trip of %q: %v, %v", s, back, err)
		}
		ctx := context.Background()
		res, err := Solve(ctx, g, Options{Limit: 2, Limits: search.Limits{MaxNodes: 2000}})
		if g.Check() != nil {
			if err == nil {
				t.Fatalf("Solve(%q) accepted conflicting givens", s)
			}
			return
		}
		if errors.Is(err, ErrLimit) {
			return
		}
		if err != nil {
			t.Fatalf("Solve(%q): %v", s, err)
		}
		if res.Count > 0 && !res.Solution.Solves(g) {
			t.Fatalf("Solve(%q) gave %v, not a solution", s, res.Solution)
		}
		ref, err := Backtrack(ctx, g, Options{Limit: 2, Limits: search.Limits{MaxNodes: 200000}})
		if err == nil && ref.Count != res.Count {
			t.Fatalf("%q: Solve counts %d, Backtrack %d", s, res.Count, ref.Count)
		}
	})
}

// FuzzParse checks that the grid parsers never panic, name a line in
// every error, and that an accepted grid formats back to itself.
func FuzzParse(f *testing.F) {
	f.Add(0, "1 0 0 0\n0 0 3 0\n0 4 0 0\n0 0 0 2\n")
	f.Add(1, "0 3 5 4 6 9 2 7 8\n7 8 2 1 0 5 6 0 9\n0 6 0 2 7 8 1 3 5\n3 2 1 0 4 6 8 9 7\n8 0 4 9 1 3 5 0 6\n5 9 6 8 2 0 4 1 3\n9 1 7 6 5 2 0 8 0\n6 0 3 7 0 1 9 5 2\n2 5 8 3 9 4 7 6 0\n")
	f.Add(2, "103000509\n002109400\n000704000\n300502006\n060000050\n700803004\n000401000\n009205800\n804000107\n")
	f.Add(0, "1 . 3\n\n4 5\n")
	f.Add(3, "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......\n")
	f.Fuzz(func(t *testing.T, which int, in string) {
		formats := []Format{FormatGrid, FormatBOJ2580, FormatBOJ2239, FormatLine}
		fm := formats[uint(which)%uint(len(formats))]
		gs, err := ParseAll(strings.NewReader(in), fm)
		if err != nil {
			var se *SyntaxError
			if !errors.As(err, &se) || se.Line < 1 || !strings.HasPrefix(err.Error(), "sudoku: line ") {
				t.Fatalf("error %q names no line", err)
			}
			return
		}
		var into Grid
		for _, g := range gs {
			// ParseInto, reusing one grid, gives the same puzzles.
			rec := Record{Line: 1, Lines: bytes.Split(bytes.TrimSuffix(AppendFormat(nil, fm, g), []byte("\n")), []byte("\n"))}
			if err := ParseInto(&into, fm, rec); err != nil || into.String() != g.String() {
				t.Fatalf("%v in %v: ParseInto gave %v, %v", g, fm, into, err)
			}
			text := AppendFormat(nil, fm, g)
			again, err := ParseAll(bytes.NewReader(text), fm)
			if err != nil || len(again) != 1 || again[0].String() != g.String() {
				t.Fatalf("%v in %v: formatted as %q, parsed back as %v, %v", g, fm, text, again, err)
			}
		}
	})
}

// FuzzSolveLines checks that SolveLines never panics and gives the same
// answers and the same error as a Scanner, Parse and Solve on any input.
func FuzzSolveLines(f *testing.F) {
	f.Add("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......\n\n1.3.............\r\n")
	f.Add("11" + strings.Repeat(".", 79) + "\n" + strings.Repeat(".", 81))
	f.Add(" \t1.3.\n12x4\n..........\n")
	f.Add(strings.Repeat("9", 81) + "\n" + strings.Repeat("0", 81) + "\n")
	f.Add("")
	f.Fuzz(func(t *testing.T, s string) {
		ctx := context.Background()
		for _, opt := range []LineOptions{
			{Options: Options{Limit: 2, Limits: search.Limits{MaxNodes: 2000}}},
			{Options: Options{Limits: search.Limits{MaxNodes: 2000}, NoSolution: true}, Shard: 1, Shards: 2},
		} {
			want, wantErr := solveLinesRef(ctx, strings.NewReader(s), opt)
			got, err := solveLinesAll(ctx, strings.NewReader(s), opt)
			if fmt.Sprint(err) != fmt.Sprint(wantErr) || fmt.Sprint(got) != fmt.Sprint(want) {
				t.Fatalf("%q: answers %q, error %v; want %q, %v", s, got, err, want, wantErr)
			}
		}
	})
}

// FuzzHumanSteps checks the human-style solver on any puzzle with one
// solution: no step removes a candidate of the solution or places a wrong
// digit (within a time budget a puzzle; a search cut short by it is fine).
func FuzzHumanSteps(f *testing.F) {
	f.Add("..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..")
	f.Add("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......")
	f.Add("................12..3.45.........3...1.6.7....8....4.5...2...8...4...7..5........")
	f.Add(".8...4.5....7..3............1..85...6.....2......4....3.26............417........")
	f.Fuzz(func(t *testing.T, s string) {
		p, err := ParseLine(s)
		if err != nil || p.Box != 3 {
			return
		}
		res, err := Solve(context.Background(), p, Options{Limit: 2, Limits: search.Limits{MaxNodes: 10000}})
		if err != nil || res.Count != 1 {
			return
		}
		sol := append([]uint8(nil), res.Solution.Cells...)
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		defer cancel()
		r, steps, err := Rate(ctx, p)
		if err != nil {
			if errors.Is(err, context.DeadlineExceeded) {
				return
			}
			t.Fatalf("Rate(%s): %v", s, err)
		}
		checkSteps(t, s, p, sol, steps)
		if r.ER != BeyondSolver && !(r.ER >= r.EP && r.EP >= r.ED) {
			t.Fatalf("Rate(%s) = %v: not ER >= EP >= ED", s, r)
		}
	})
}
