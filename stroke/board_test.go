package stroke_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/searchlab/searchlab/internal/stroketest"
	"github.com/searchlab/searchlab/search"
	"github.com/searchlab/searchlab/stroke"
)

func TestParseAll(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, in  string
		boards    []string // String() of each board
		errLine   int      // 0: no error
		inErr     string
		errColumn int
	}{
		{"square", "3\nRGB\nROG\nGGB\n", []string{"3\nRGB\nROG\nGGB\n"}, 0, "", 0},
		{"rectangle", "2 3\nA.O\nBBA\n", []string{"2 3\nA.O\nBBA\n"}, 0, "", 0},
		{"several, blank lines or not", "\n1\nO\n2\nAO\nAA\n\n\n 1 2 \r\n OA \r\n", []string{"1\nO\n", "2\nAO\nAA\n", "1 2\nOA\n"}, 0, "", 0},
		{"empty", "", nil, 0, "", 0},
		{"no player", "2\nAB\nBA\n", nil, 1, "no player", 0},
		{"no player, second board", "1\nO\n\n2\nAB\nBA\n", []string{"1\nO\n"}, 4, "no player", 0},
		{"two players", "2\nOA\nAO\n", nil, 3, "second player O at column 2", 2},
		{"long row", "2\nOAA\nAA\n", nil, 2, "has 3 cells, want 2", 0},
		{"short input", "3\nOAA\nAAA\n", nil, 4, "input ends after 2 of the 3 rows", 0},
		{"size not a number", "three\nOAA\n", nil, 1, "is not a number", 0},
		{"size zero", "0\n", nil, 1, "out of range", 0},
		{"size too big", "100000\n", nil, 1, "out of range", 0},
		{"three numbers", "1 2 3\n", nil, 1, "want N or R C", 0},
		{"lower case", "2\nOa\nAA\n", nil, 2, "character 'a' at column 2", 2},
		{"digit", "2\nO1\nAA\n", nil, 2, "character '1'", 2},
		{"rows where a size belongs", "1\nO\nAB\n", []string{"1\nO\n"}, 3, "\"AB\" is a row where a size line (N or R C) belongs: more rows than the size on line 1 says?", 0},
		{"size not a number after a board", "1\nO\n2x2\n", []string{"1\nO\n"}, 3, "size \"2x2\" is not a number", 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			bs, err := stroke.ParseAll(strings.NewReader(tt.in))
			var got []string
			for _, b := range bs {
				got = append(got, b.String())
			}
			if fmt.Sprint(got) != fmt.Sprint(tt.boards) {
				t.Errorf("boards %q, want %q", got, tt.boards)
			}
			if tt.errLine == 0 {
				if err != nil {
					t.Fatalf("error %v", err)
				}
				return
			}
			var se *stroke.SyntaxError
			if !errors.As(err, &se) || !errors.Is(err, stroke.ErrInvalid) {
				t.Fatalf("error %v, want a SyntaxError", err)
			}
			if se.Line != tt.errLine || se.Column != tt.errColumn || !strings.Contains(se.Msg, tt.inErr) {
				t.Errorf("error %v (column %d), want line %d, column %d with %q", err, se.Column, tt.errLine, tt.errColumn, tt.inErr)
			}
			if want := fmt.Sprintf("stroke: line %d: %s", se.Line, se.Msg); err.Error() != want {
				t.Errorf("error %q, want %q", err, want)
			}
		})
	}
}

func TestNew(t *testing.T) {
	t.Parallel()
	if _, err := stroke.New([]string{"AB", "AO"}); err != nil {
		t.Fatal(err)
	}
	for _, rows := range [][]string{nil, {"AB", "BA"}, {"AO", "O"}, {"AO", "OA"}, {"Ao"}} {
		if _, err := stroke.New(rows); !errors.Is(err, stroke.ErrInvalid) {
			t.Errorf("New(%q): error %v, want ErrInvalid", rows, err)
		}
	}
}

// FuzzParse checks that the parser never panics or hangs, that every board
// it accepts formats back to text that parses to the same board, and that the
// solver handles every accepted board.
func FuzzParse(f *testing.F) {
	for _, s := range []string{
		"3\nRGB\nROG\nGGB\n", "2 3\nA.O\nBBA\n", "1\nO\n1\nO\n", "", "x", "2\nOO\nAA\n",
		"3\nAAA\nAOA\n", "1 2 3\n", "0\n", "2\nO\x00\nAA\n", "\n\n4\nR..R\nROGR\nGGGG\n....\n",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		bs, err := stroke.ParseAll(strings.NewReader(in))
		if err != nil && !errors.Is(err, stroke.ErrInvalid) {
			t.Fatalf("error %v does not match ErrInvalid", err)
		}
		for _, b := range bs {
			again, err := stroke.ParseAll(strings.NewReader(b.String()))
			if err != nil || len(again) != 1 || again[0].String() != b.String() {
				t.Fatalf("%q does not parse back: %v", b.String(), err)
			}
			r, err := stroke.Solve(context.Background(), b, stroke.Options{Limits: search.Limits{MaxNodes: 10000}})
			if err != nil && !errors.Is(err, search.ErrLimit) && !errors.Is(err, stroke.ErrTooLarge) {
				t.Fatalf("Solve: %v", err)
			}
			if r.Length > r.Bound || len(r.Path) != r.Length {
				t.Fatalf("Solve gave %v with path %v", r, r.Path)
			}
		}
	})
}

func TestSolveBudget(t *testing.T) {
	t.Parallel()
	b, err := stroke.New([]string{"AAAAA", "AAAAA", "AAOAA", "AAAAA", "AAAAA"})
	if err != nil {
		t.Fatal(err)
	}
	r, err := stroke.Solve(context.Background(), b, stroke.Options{Limits: search.Limits{MaxNodes: 3}})
	if !errors.Is(err, search.ErrLimit) || r.Optimal || r.Bound < r.Length || r.Bound > 24 || r.Length < 1 {
		t.Fatalf("node cap: %v, %v", r, err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	// A cancelled context stops the search at its first check, after at
	// most a thousand nodes; this board needs far fewer, so it finishes.
	r, err = stroke.Solve(ctx, b, stroke.Options{})
	if err != nil || !r.Optimal || r.Length != 24 {
		t.Fatalf("cancelled context on an easy board: %v, %v", r, err)
	}
}

func TestTooLarge(t *testing.T) {
	t.Parallel()
	rows := make([]string, 15)
	for i := range rows {
		rows[i] = strings.Repeat("A", 15)
	}
	rows[7] = "AAAAAAAOAAAAAAA"
	b, err := stroke.New(rows)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := stroke.Solve(context.Background(), b, stroke.Options{}); !errors.Is(err, stroke.ErrTooLarge) {
		t.Fatalf("error %v, want ErrTooLarge", err)
	}
}

// TestTestdata solves the boards in testdata/boards.txt and compares with
// testdata/boards.want, one "COLOUR LENGTH" line a board.
func TestTestdata(t *testing.T) {
	t.Parallel()
	bs, lines := stroketest.Reference(t, "testdata")
	for i, b := range bs {
		r, err := stroke.Solve(context.Background(), b, stroke.Options{})
		if err != nil {
			t.Fatal(err)
		}
		if r.String() != lines[i] {
			t.Errorf("board %d:\n%sgot %s, want %s", i+1, b, r, lines[i])
		}
	}
}

func ExampleSolve() {
	b, err := stroke.New([]string{
		"RGB",
		"ROG",
		"GGB",
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	r, err := stroke.Solve(context.Background(), b, stroke.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(r, r.Path)
	// Output: G 4 [1,2 2,3 3,2 3,1]
}

func ExampleSolveColours() {
	b, _ := stroke.New([]string{"RGB", "ROG", "GGB"})
	per, _ := stroke.SolveColours(context.Background(), b, stroke.Options{})
	for _, c := range []byte("BGR") {
		fmt.Printf("%c %d\n", c, per[c].Length)
	}
	// Output:
	// B 1
	// G 4
	// R 2
}

func ExampleParseAll() {
	bs, err := stroke.ParseAll(strings.NewReader("2 3\nAOA\nA.A\n3\nRGB\nROx\nGGB\n"))
	fmt.Print(bs[0])
	fmt.Println(err)
	// Output:
	// 2 3
	// AOA
	// A.A
	// stroke: line 6: character 'x' at column 3 is not a colour A-Z, the player O or a hole '.'
}

func ExampleSolve_budget() {
	rows := []string{"AAAAAA", "AAAAAA", "AAOAAA", "AAAAAA", "AAAAAA", "AAAAAA"}
	b, _ := stroke.New(rows)
	r, err := stroke.Solve(context.Background(), b, stroke.Options{Limits: search.Limits{MaxNodes: 5}})
	fmt.Println(r)
	fmt.Println(errors.Is(err, search.ErrLimit))
	// Output:
	// A 5 (not proven optimal; bound 35)
	// true
}

// In the second board A and B both give chains of 1; B is to the right of
// the player (4 in the clockwise order), A to the left (8), so B wins.
func ExampleScanner() {
	sc := stroke.NewScanner(strings.NewReader("3\nRGB\nROG\nGGB\n\n1 3\nAOB\n"))
	var s stroke.Solver
	for sc.Scan() {
		r, _ := s.Solve(context.Background(), sc.Board(), stroke.Options{})
		fmt.Println(r)
	}
	if err := sc.Err(); err != nil {
		fmt.Println(err)
	}
	// Output:
	// G 4
	// B 1
}

func ExampleSolver_SolveGeneric() {
	b, _ := stroke.New([]string{"RGB", "ROG", "GGB"})
	r, _ := stroke.NewSolver().SolveGeneric(context.Background(), b, stroke.Options{})
	fmt.Println(r, r.Path)
	// Output: G 4 [1,2 2,3 3,2 3,1]
}

func ExampleSolver_Trace() {
	b, _ := stroke.New([]string{"RGB", "ROG", "GGB"})
	tr, _ := stroke.NewSolver().Trace(context.Background(), b, stroke.Options{}, 0)
	for _, st := range tr.Steps[:6] {
		fmt.Println(st.Kind, string(st.Colour), st.Chain, "bound", st.Bound, "best", st.Best)
	}
	fmt.Println(tr.Result)
	// Output:
	// best R [1,1] bound 2 best 1
	// extend R [1,1] bound 2 best 1
	// best R [1,1 2,1] bound 2 best 2
	// extend G [1,2] bound 4 best 2
	// extend G [1,2 2,3] bound 4 best 2
	// best G [1,2 2,3 3,2] bound 4 best 3
	// G 4
}
