package sudoku_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"strings"

	"github.com/searchlab/searchlab/sudoku"
)

func ExampleSolve() {
	g, err := sudoku.ParseLine("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......")
	if err != nil {
		panic(err)
	}
	res, err := sudoku.Solve(context.Background(), g, sudoku.Options{Limit: 2})
	if err != nil {
		panic(err)
	}
	fmt.Println(res.Count, res.Solution)
	// Output: 1 417369825632158947958724316825437169791586432346912758289643571573291684164875293
}

func ExampleSolver() {
	// A Solver reuses its memory from one puzzle to the next; the
	// solution it returns is valid until its next Solve.
	var s sudoku.Solver
	for _, line := range []string{
		"4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
		"8.........95.......76.........426798...571243...893165......916....3.487....1.532",
	} {
		g, _ := sudoku.ParseLine(line)
		res, err := s.Solve(context.Background(), g, sudoku.Options{Limit: 2})
		if err != nil {
			panic(err)
		}
		fmt.Println(res.Count, res.Solution.Solves(g))
	}
	// Output:
	// 1 true
	// 2 true
}

func ExampleSolve_first() {
	// This puzzle has 872 solutions; First asks for the smallest.
	g, _ := sudoku.ParseLine("8.........95.......76.........426798...571243...893165......916....3.487....1.532")
	res, _ := sudoku.Solve(context.Background(), g, sudoku.Options{First: true})
	fmt.Println(res.Solution)
	// Output: 812345679395167824476289351153426798689571243724893165238754916561932487947618532
}

// ExampleSolve_noSolution counts the solutions of a puzzle without
// recording one, as a uniqueness check over a large file does.
func ExampleSolve_noSolution() {
	g, _ := sudoku.ParseLine("8.........95.......76.........426798...571243...893165......916....3.487....1.532")
	res, _ := sudoku.Solve(context.Background(), g, sudoku.Options{Limit: 2, NoSolution: true})
	fmt.Println(res.Count, res.Solution.Cells == nil)
	// Output: 2 true
}

func ExampleSolve_count() {
	g, _ := sudoku.ParseLine("8.........95.......76.........426798...571243...893165......916....3.487....1.532")
	res, _ := sudoku.Solve(context.Background(), g, sudoku.Options{Limit: 1000})
	fmt.Println(res.Count)
	// Output: 872
}

func ExampleSolve_conflict() {
	g, _ := sudoku.ParseLine("7...7" + strings.Repeat(".", 76))
	_, err := sudoku.Solve(context.Background(), g, sudoku.Options{})
	var ce *sudoku.ConflictError
	fmt.Println(errors.As(err, &ce), err)
	// Output: true conflicting givens: r1c1 and r1c5 are both 7
}

func ExampleBacktrack() {
	g, _ := sudoku.ParseLine("8.........95.......76.........426798...571243...893165......916....3.487....1.532")
	res, _ := sudoku.Backtrack(context.Background(), g, sudoku.Options{Limit: 1000})
	fmt.Println(res.Count, res.Solution)
	// Output: 872 812345679395167824476289351153426798689571243724893165238754916561932487947618532
}

func ExampleParseAll() {
	in := "1 0 0 0\n0 0 3 0\n0 4 0 0\n0 0 0 2\n"
	gs, err := sudoku.ParseAll(strings.NewReader(in), sudoku.FormatGrid)
	if err != nil {
		panic(err)
	}
	res, _ := sudoku.Solve(context.Background(), gs[0], sudoku.Options{})
	os.Stdout.Write(sudoku.AppendFormat(nil, sudoku.FormatGrid, res.Solution))
	// Output:
	// 1 3 2 4
	// 4 2 3 1
	// 2 4 1 3
	// 3 1 4 2
}

func ExampleParse() {
	rec := sudoku.Record{Line: 7, Lines: [][]byte{[]byte("12x4")}}
	_, err := sudoku.Parse(sudoku.FormatLine, rec)
	fmt.Println(err)
	// Output: sudoku: line 7: 4 characters, want 81 (or 16, 256, 625 for 4x4, 16x16, 25x25)
}

func ExampleParseInto() {
	var g sudoku.Grid // its memory is reused from puzzle to puzzle
	sc := sudoku.NewScanner(strings.NewReader("1.3.............\n..2.............\n12x4............\n"), sudoku.FormatLine)
	for sc.Scan() {
		if err := sudoku.ParseInto(&g, sudoku.FormatLine, sc.Record()); err != nil {
			fmt.Println(err)
			continue
		}
		fmt.Println(g, g.Givens())
	}
	// Output:
	// 1.3............. 2
	// ..2............. 1
	// sudoku: line 3: character 3 is 'x', not a symbol or a blank ('.' or '0')
}

func ExampleScanner() {
	sc := sudoku.NewScanner(strings.NewReader("1.3.\n\n..2.\n"), sudoku.FormatLine)
	for sc.Scan() {
		fmt.Println(sc.Record().Line, string(sc.Record().Lines[0]))
	}
	// Output:
	// 1 1.3.
	// 3 ..2.
}

func ExampleGrid_Check() {
	g, _ := sudoku.ParseLine("1..." + ".1.." + "...." + "....")
	fmt.Println(g.Check())
	// Output: conflicting givens: r1c1 and r2c2 are both 1
}

func ExampleGrid_Solves() {
	p, _ := sudoku.ParseLine("1..." + "..3." + ".4.." + "...2")
	s, _ := sudoku.ParseLine("1324" + "4231" + "2413" + "3142")
	fmt.Println(s.Solves(p))
	// Output: true
}

func ExampleParseFormat() {
	f, err := sudoku.ParseFormat("boj2239")
	fmt.Println(f, err)
	// Output: boj2239 <nil>
}

func ExampleNewGrid() {
	g, _ := sudoku.NewGrid(4)
	fmt.Println(g.N(), len(g.Cells), g.Givens())
	// Output: 16 256 0
}

func ExampleGenerator() {
	gen, _ := sudoku.NewGenerator(3, 7)
	p, s, _ := gen.Generate(context.Background(), 30)
	res, _ := sudoku.Solve(context.Background(), p, sudoku.Options{Limit: 2})
	fmt.Println(p.Givens(), res.Count, res.Solution.String() == s.String())
	// Output: 30 1 true
}

func ExampleAppendFormat() {
	g, err := sudoku.ParseLine("1.3.3.1..1.4.4..")
	if err != nil {
		fmt.Println(err)
		return
	}
	os.Stdout.Write(sudoku.AppendFormat(nil, sudoku.FormatLine, g))
	os.Stdout.Write(sudoku.AppendFormat(nil, sudoku.FormatBOJ2239, g))
	// Output:
	// 1.3.3.1..1.4.4..
	// 1030
	// 3010
	// 0104
	// 0400
}

func ExampleSolver_SolveLines() {
	input := "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......\n" +
		"\n" +
		"1.3.............\n" +
		"12x4\n" +
		"1...5.2.9..7.......6.......2...........5.1..2....2.39.3.4.9...15...1...3...8...4.\n"
	var sv sudoku.Solver
	opt := sudoku.LineOptions{Options: sudoku.Options{Limit: 2}}
	err := sv.SolveLines(context.Background(), strings.NewReader(input), opt, func(a *sudoku.LineAnswer) error {
		fmt.Printf("line %d: %d solutions, %v\n", a.Line, a.Result.Count, a.Result.Solution)
		return nil
	})
	fmt.Println(err)
	// Output:
	// line 1: 1 solutions, 417369825632158947958724316825437169791586432346912758289643571573291684164875293
	// line 3: 2 solutions, 1234341221434321
	// sudoku: line 4: 4 characters, want 81 (or 16, 256, 625 for 4x4, 16x16, 25x25)
}

// Explain says why each digit goes where it goes.
func ExampleExplain() {
	g, err := sudoku.ParseLine("52...6.........7.13...........4..8..6......5...........418.........3..2...87.....")
	if err != nil {
		fmt.Println(err)
		return
	}
	ex, err := sudoku.Explain(context.Background(), g, 0)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, s := range ex.Steps[:3] {
		fmt.Printf("%s: %s\n", s.Kind, s.Reason)
	}
	fmt.Println("steps:", len(ex.Steps), "guesses:", ex.Guesses)
	fmt.Println("solved:", ex.Solution.Solves(g))
	// Output:
	// hidden-single: 1 has one place left in box 1: r3c2
	// hidden-single: 3 has one place left in box 7: r9c2
	// hidden-single: 8 has one place left in row 8: r8c9
	// steps: 73 guesses: 0
	// solved: true
}
