package sliding

import (
	"bytes"
	"errors"
	"fmt"
	"strings"
	"testing"
)

// parseInput is the input of one ParseAll case.
type parseInput struct {
	name   string
	format Format
	w, h   int
	in     string
}

func (p parseInput) parse() ([]Case, error) {
	return ParseAll(strings.NewReader(p.in), p.format, p.w, p.h)
}

func TestParseGood(t *testing.T) {
	t.Parallel()
	tests := []struct {
		parseInput
		want  []string // boards in line form
		lines []int
	}{
		{parseInput{"grid", Grid, 0, 0, "1 2 3\n4 5 6\n7 8 0\n\n  2 _ \n1 3\n\n\n# 1 2 3\n4 5 6 7\n8 9 10 11\n12 13 14 15\n"},
			[]string{"1 2 3 4 5 6 7 8 0", "2 0 1 3", "0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15"}, []int{1, 5, 9}},
		{parseInput{"grid rectangular", Grid, 4, 2, "1 2 3 4\r\n5 6 7 0\r\n"}, []string{"1 2 3 4 5 6 7 0"}, []int{1}},
		{parseInput{"grid empty", Grid, 0, 0, "\n\n"}, nil, nil},
		{parseInput{"line square", Line, 0, 0, "1 2 3 4 5 6 7 8 0\n\n8 1 3 4 # 2 7 6 5\n"}, []string{"1 2 3 4 5 6 7 8 0", "8 1 3 4 0 2 7 6 5"}, []int{1, 3}},
		{parseInput{"line sized", Line, 3, 2, "1 2 3 4 5 0\n"}, []string{"1 2 3 4 5 0"}, []int{1}},
		{parseInput{"line rows", Line, 0, 0, "8 1 3 / 4 0 2 / 7 6 5\n8 1 3/4 0 2/7 6 5\n"}, []string{"8 1 3 4 0 2 7 6 5", "8 1 3 4 0 2 7 6 5"}, []int{1, 2}},
		{parseInput{"line rows rectangular", Line, 0, 0, "1 2 3 4 / 5 6 7 0\n"}, []string{"1 2 3 4 5 6 7 0"}, []int{1}},
		{parseInput{"boj11112", BOJ11112, 0, 0, "2\n\n123\n456\n78#\n\n1#3\n426\n758\n"}, []string{"1 2 3 4 5 6 7 8 0", "1 0 3 4 2 6 7 5 8"}, []int{3, 7}},
		{parseInput{"boj11112 no blank lines", BOJ11112, 0, 0, "1\n#12\n453\n786"}, []string{"0 1 2 4 5 3 7 8 6"}, []int{2}},
		{parseInput{"boj11112 zero", BOJ11112, 0, 0, "0\n"}, nil, nil},
		{parseInput{"boj1525", BOJ1525, 0, 0, "1 0 3\n4 2 5\n7 8 6\n"}, []string{"1 0 3 4 2 5 7 8 6"}, []int{1}},
	}
	for _, tt := range tests {
		cases, err := tt.parse()
		if err != nil {
			t.Errorf("%s: %v", tt.name, err)
			continue
		}
		if len(cases) != len(tt.want) {
			t.Errorf("%s: %d boards, want %d", tt.name, len(cases), len(tt.want))
			continue
		}
		for i, c := range cases {
			var buf bytes.Buffer
			Write(&buf, Line, []Board{c.Board})
			if got := strings.TrimSpace(buf.String()); got != tt.want[i] || c.Line != tt.lines[i] {
				t.Errorf("%s: board %d = %q at line %d, want %q at line %d", tt.name, i+1, got, c.Line, tt.want[i], tt.lines[i])
			}
		}
	}
}

func TestParseBad(t *testing.T) {
	t.Parallel()
	tests := []struct {
		parseInput
		line int
		msg  string
	}{
		{parseInput{"ragged", Grid, 0, 0, "1 2 3\n4 5\n6 7 8\n"}, 2, "ragged row"},
		{parseInput{"duplicate", Grid, 0, 0, "1 2 3\n4 5 6\n7 7 0\n"}, 3, "tile 7 appears twice"},
		{parseInput{"missing tile", Grid, 0, 0, "1 2 3\n4 5 6\n7 0 9\n"}, 3, "tile 9 out of range"},
		{parseInput{"two blanks", Grid, 0, 0, "1 2 3\n4 0 6\n7 8 #\n"}, 3, "two blanks"},
		{parseInput{"no blank", Line, 2, 2, "1 2 3 4\n"}, 1, "tile 4 out of range"},
		{parseInput{"text", Grid, 0, 0, "1 2 3\n4 x 6\n7 8 0\n"}, 2, `"x" is not a number`},
		{parseInput{"negative", Line, 0, 0, "1 2 -3 0\n"}, 1, "tile -3 out of range"},
		{parseInput{"huge", Line, 0, 0, "1 2 99999999999999999999 0\n"}, 1, "tile 99999999999999999999 out of range"},
		{parseInput{"huge in a grid", Grid, 0, 0, "1 2\n99999999999999999999 0\n"}, 2, "tile 99999999999999999999 out of range"},
		{parseInput{"line rows ragged", Line, 0, 0, "1 2 3 / 4 5 / 6 7 8 0\n"}, 1, "row 2 has 2 numbers"},
		{parseInput{"line rows empty", Line, 0, 0, "1 2 / / 3 0\n"}, 1, "row 2 of the board is empty"},
		{parseInput{"line rows size", Line, 4, 2, "1 2 / 3 0\n"}, 1, "--size says 4x2"},
		{parseInput{"too small", Grid, 0, 0, "0 1\n"}, 1, "sides must be 2 to 16"},
		{parseInput{"size flag", Grid, 4, 4, "1 2 3\n4 5 6\n7 8 0\n"}, 1, "--size says 4x4"},
		{parseInput{"not square", Line, 0, 0, "1 2 3 4 5 0\n"}, 1, "do not make a square"},
		{parseInput{"line count", Line, 3, 3, "1 2 3 4 5 6 7 8 0\n1 2 3 0\n"}, 2, "4 numbers, want 9"},
		{parseInput{"boj11112 count text", BOJ11112, 0, 0, "two\n"}, 1, "not a case count"},
		{parseInput{"boj11112 empty", BOJ11112, 0, 0, ""}, 1, "empty input"},
		{parseInput{"boj11112 too few", BOJ11112, 0, 0, "2\n\n123\n456\n78#\n"}, 5, "input ends inside case 2"},
		{parseInput{"boj11112 too many", BOJ11112, 0, 0, "1\n\n123\n456\n78#\n\n123\n456\n78#\n"}, 7, "more input"},
		{parseInput{"boj11112 short row", BOJ11112, 0, 0, "1\n123\n45\n78#6\n"}, 3, "has 2 cells, want 3"},
		{parseInput{"boj11112 zero", BOJ11112, 0, 0, "1\n123\n450\n786\n"}, 3, "not a BOJ 11112 cell"},
		{parseInput{"boj11112 duplicate", BOJ11112, 0, 0, "1\n123\n455\n78#\n"}, 3, "tile 5 appears twice"},
		{parseInput{"boj11112 two blanks", BOJ11112, 0, 0, "1\n12#\n456\n78#\n"}, 4, "two blanks"},
		{parseInput{"boj1525 ragged", BOJ1525, 0, 0, "1 2 3\n4 5 6 7\n8 0 9\n"}, 2, "row has 4 numbers"},
		{parseInput{"boj1525 short", BOJ1525, 0, 0, "1 2 3\n4 5 6\n"}, 3, "input ends after 2 rows"},
		{parseInput{"boj1525 extra", BOJ1525, 0, 0, "1 2 3\n4 5 6\n7 8 0\n1 2 3\n"}, 4, "more input"},
		{parseInput{"boj1525 range", BOJ1525, 0, 0, "1 2 3\n4 5 6\n7 8 9\n"}, 3, "tile 9 out of range"},
	}
	for _, tt := range tests {
		_, err := tt.parse()
		var se *SyntaxError
		if !errors.As(err, &se) {
			t.Errorf("%s: error %v, want a *SyntaxError", tt.name, err)
			continue
		}
		if !errors.Is(err, ErrInvalid) {
			t.Errorf("%s: %v does not match ErrInvalid", tt.name, err)
		}
		if se.Line != tt.line || !strings.Contains(se.Msg, tt.msg) {
			t.Errorf("%s: %v, want line %d and %q", tt.name, err, tt.line, tt.msg)
		}
		if want := fmt.Sprintf("sliding: line %d: %s", se.Line, se.Msg); err.Error() != want {
			t.Errorf("%s: error %q, want %q", tt.name, err, want)
		}
	}
}

func TestParseGoal(t *testing.T) {
	t.Parallel()
	g, err := ParseGoal("1 2 3 8 0 4 7 6 5", 0, 0)
	if err != nil || g.W != 3 || g.String() != "1 2 3\n8 0 4\n7 6 5" {
		t.Errorf("ParseGoal spiral = %v, %v", g, err)
	}
	if g, err := ParseGoal("1 2 3 4 5 _", 3, 2); err != nil || g.Blank() != 5 {
		t.Errorf("ParseGoal 3x2 = %v, %v", g, err)
	}
	for _, bad := range []string{"1 2 3", "1 2 3 4 5 6 7 8 8", "1 2 3 4 5 6 7 8 x", ""} {
		if _, err := ParseGoal(bad, 0, 0); !errors.Is(err, ErrInvalid) {
			t.Errorf("ParseGoal(%q): %v, want ErrInvalid", bad, err)
		}
	}
}

func TestWriteParseRoundTrip(t *testing.T) {
	t.Parallel()
	r := newRand(5)
	for _, f := range Formats() {
		var boards []Board
		n := 5
		if f == BOJ1525 {
			n = 1
		}
		for range n {
			boards = append(boards, Random(r, 3, 3))
		}
		var buf bytes.Buffer
		if err := Write(&buf, f, boards); err != nil {
			t.Fatal(err)
		}
		cases, err := ParseAll(&buf, f, 0, 0)
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		for i, c := range cases {
			if !c.Board.Equal(boards[i]) {
				t.Errorf("%s: board %d came back as %v", f, i, c.Board.Tiles)
			}
		}
	}
	if err := Write(&bytes.Buffer{}, BOJ11112, []Board{Standard(4, 4)}); err == nil {
		t.Error("Write put a 4x4 board in BOJ 11112")
	}
}

// fuzzParse checks that Parse never panics, that what it accepts is valid,
// and that what it accepts survives a round trip through Write.
func fuzzParse(f *testing.F, format Format, seeds ...string) {
	for _, s := range seeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		cases, err := ParseAll(strings.NewReader(in), format, 0, 0)
		if err != nil {
			if !errors.Is(err, ErrInvalid) {
				t.Fatalf("error %v does not match ErrInvalid", err)
			}
			return
		}
		boards := make([]Board, len(cases))
		for i, c := range cases {
			if err := c.Board.valid(); err != nil {
				t.Fatalf("accepted an invalid board: %v", err)
			}
			boards[i] = c.Board
		}
		if format == BOJ1525 && len(boards) != 1 {
			t.Fatalf("BOJ 1525 gave %d boards", len(boards))
		}
		if format == Line && len(boards) > 0 {
			return // sizes vary per line; the round trip needs one size
		}
		var buf bytes.Buffer
		if err := Write(&buf, format, boards); err != nil {
			t.Fatal(err)
		}
		again, err := ParseAll(&buf, format, 0, 0)
		if err != nil || len(again) != len(cases) {
			t.Fatalf("round trip: %d boards, %v", len(again), err)
		}
		for i := range again {
			if !again[i].Board.Equal(cases[i].Board) {
				t.Fatalf("round trip changed board %d", i)
			}
		}
	})
}

func FuzzParseGrid(f *testing.F) {
	fuzzParse(f, Grid, "1 2 3\n4 5 6\n7 8 0\n", "1 2\n3 _\n\n# 1\n2 3\n", "1 2 3\n4 5\n", "1 2 3\n4 x 6\n7 8 0", "0 1\n2 3\n4 5\n")
}

func FuzzParseLine(f *testing.F) {
	fuzzParse(f, Line, "1 2 3 4 5 6 7 8 0\n", "0 1 2 3\n", "1 2 3 4 5 0\n", "1 1 2 0\n")
}

func FuzzParseBOJ11112(f *testing.F) {
	fuzzParse(f, BOJ11112, "2\n\n123\n456\n78#\n\n1#3\n426\n758\n", "1\n12#\n456\n78#\n", "0\n", "3\n123\n", "1\n123\n455\n78#\n")
}

func FuzzParseBOJ1525(f *testing.F) {
	fuzzParse(f, BOJ1525, "1 0 3\n4 2 5\n7 8 6\n", "1 2 3\n4 5 6\n7 8 9\n", "1 2\n")
}

func FuzzParseGoal(f *testing.F) {
	for _, s := range []string{"1 2 3 8 0 4 7 6 5", "0 1 2 3", "1 2 3 4 5 _", "1 1", ""} {
		f.Add(s, 0, 0)
	}
	f.Add("1 2 3 4 5 0", 3, 2)
	f.Fuzz(func(t *testing.T, s string, w, h int) {
		g, err := ParseGoal(s, w, h)
		if err != nil {
			if !errors.Is(err, ErrInvalid) {
				t.Fatalf("error %v does not match ErrInvalid", err)
			}
			return
		}
		if err := g.valid(); err != nil {
			t.Fatal(err)
		}
	})
}

func FuzzParseMoves(f *testing.F) {
	for _, s := range []string{"UDLR", "U D L R", "", "UX", "ü"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		ms, err := ParseMoves(s)
		if err != nil {
			return
		}
		for _, m := range ms {
			if m != Up && m != Down && m != Left && m != Right {
				t.Fatalf("ParseMoves(%q) gave move %q", s, m)
			}
		}
	})
}

// TestScanner checks that a Scanner reads the boards and errors ParseAll
// does, on good inputs and bad ones of every format.
func TestScanner(t *testing.T) {
	t.Parallel()
	tests := []struct {
		f    Format
		w, h int
		in   string
	}{
		{Grid, 0, 0, "1 2 3\n4 5 6\n7 8 0\n\n\n1 0\n2 3\n"},
		{Grid, 0, 0, "1 2 3\n4 5\n"},
		{Grid, 3, 3, "1 0\n2 3\n"},
		{Line, 0, 0, "\n1 2 3 4 5 6 7 8 0\n\n0 1 2 3\n"},
		{Line, 3, 2, "1 2 3 4 5 0\n1 2 3 4 5 5\n"},
		{BOJ11112, 0, 0, "2\n\n123\n456\n78#\n\n1#3\n426\n758\n"},
		{BOJ11112, 0, 0, "1\n123\n456\n78#\n123\n"},
		{BOJ11112, 0, 0, "3\n123\n456\n78#\n"},
		{BOJ11112, 0, 0, "0\n"},
		{BOJ11112, 0, 0, ""},
		{BOJ1525, 0, 0, "1 2 3\n4 5 6\n7 8 0\n"},
		{BOJ1525, 0, 0, "1 2 3\n4 5 6\n7 8 0\n1\n"},
		{Format("nope"), 0, 0, "1 2 3\n"},
	}
	for _, tt := range tests {
		want, werr := ParseAll(strings.NewReader(tt.in), tt.f, tt.w, tt.h)
		sc := NewScanner(strings.NewReader(tt.in), tt.f, tt.w, tt.h)
		var got []Case
		for sc.Scan() {
			got = append(got, sc.Case())
		}
		err := sc.Err()
		if fmt.Sprint(err) != fmt.Sprint(werr) {
			t.Errorf("%s %q: error %v, want %v", tt.f, tt.in, err, werr)
		}
		if werr == nil && fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("%s %q: %v, want %v", tt.f, tt.in, got, want)
		}
		if sc.Scan() {
			t.Errorf("%s %q: Scan after the end is true", tt.f, tt.in)
		}
	}
}

// TestGoals checks the goal each case gets, and the refusal of goals that
// do not fit a board's size or do not parse.
func TestGoals(t *testing.T) {
	t.Parallel()
	cases := func(boards ...string) []Case {
		var cs []Case
		for i, b := range boards {
			board, err := ParseGoal(b, 0, 0)
			if err != nil {
				t.Fatal(err)
			}
			cs = append(cs, Case{Board: board, Line: i + 1})
		}
		return cs
	}
	spiral, _ := ParseGoal("1 2 3 8 0 4 7 6 5", 3, 3)
	blankFirst, _ := ParseGoal("0 1 2 3", 2, 2)
	three, four := "8 1 3 4 0 2 7 6 5", "1 2 3 4 5 6 7 8 9 10 11 12 13 14 0 15"
	for _, tc := range []struct {
		name    string
		cases   []Case
		goal    string
		want    []Board
		wantErr error
		line    int // of a *GoalSizeError
	}{
		{"standard", cases(three, four), "", []Board{Standard(3, 3), Standard(4, 4)}, nil, 0},
		{"given", cases(three, three), "1 2 3 / 8 0 4 / 7 6 5", []Board{spiral, spiral}, nil, 0},
		{"given, 2x2", cases("1 0 2 3"), "0 1 2 3", []Board{blankFirst}, nil, 0},
		{"none", nil, "1 2 3", []Board{}, nil, 0},
		{"wrong size", cases(three, four), "1 2 3 / 8 0 4 / 7 6 5", nil, ErrInvalid, 2},
		{"does not parse", cases(three), "1 2 3 8 0 4 7 6 6", nil, ErrInvalid, 0},
	} {
		got, err := Goals(tc.cases, tc.goal)
		var gs *GoalSizeError
		if !errors.Is(err, tc.wantErr) || errors.As(err, &gs) != (tc.line > 0) || gs != nil && gs.Line != tc.line {
			t.Errorf("%s: got error %v, want %v (line %d)", tc.name, err, tc.wantErr, tc.line)
			continue
		}
		if len(got) != len(tc.want) {
			t.Fatalf("%s: got %d goals, want %d", tc.name, len(got), len(tc.want))
		}
		for i := range got {
			if !got[i].Equal(tc.want[i]) {
				t.Errorf("%s: goal %d:\n%v\nwant\n%v", tc.name, i, got[i], tc.want[i])
			}
		}
	}
}

// TestFormatSize checks the size that each format fixes, or none.
func TestFormatSize(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		f    Format
		w, h int
	}{{Grid, 0, 0}, {Line, 0, 0}, {BOJ11112, 3, 3}, {BOJ1525, 3, 3}, {"", 0, 0}} {
		if w, h := tc.f.Size(); w != tc.w || h != tc.h {
			t.Errorf("%q: got %dx%d, want %dx%d", tc.f, w, h, tc.w, tc.h)
		}
	}
}
