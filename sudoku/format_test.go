package sudoku

import (
	"errors"
	"math/rand/v2"
	"strings"
	"testing"
)

// refParseLine is the line format's definition, one character at a time:
// the reference for parseLine's eight-at-a-time path.
func refParseLine(s string) (Grid, bool) {
	box := map[int]int{16: 2, 81: 3, 256: 4, 625: 5}[len(s)]
	if box == 0 {
		return Grid{}, false
	}
	g, _ := NewGrid(box)
	for i := range len(s) {
		v, ok := symbolValue(s[i])
		if !ok || int(v) > box*box {
			return Grid{}, false
		}
		g.Cells[i] = v
	}
	return g, true
}

// TestParseLineRandom compares ParseLine with refParseLine on random lines
// of every size whose characters are mostly valid (each line has a few of
// the characters next to '0'-'9' and '.' in ASCII, letters, and high bytes).
func TestParseLineRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(14, 7))
	good := "..........0123456789"
	bad := "/:-,+ \t\x00\x1e\x80\xaeAaGgPpQz\xff"
	for k := 0; k < 20000; k++ {
		n := []int{16, 81, 81, 81, 256, 625, 80, 82}[r.IntN(8)]
		b := make([]byte, n)
		for i := range b {
			b[i] = good[r.IntN(len(good))]
		}
		for j := r.IntN(3) - 1; j > 0; j-- {
			b[r.IntN(n)] = bad[r.IntN(len(bad))]
		}
		s := string(b)
		want, ok := refParseLine(s)
		g, err := ParseLine(s)
		if ok != (err == nil) {
			t.Fatalf("ParseLine(%q): error %v, want ok %v", s, err, ok)
		}
		if err != nil {
			if !errors.Is(err, ErrInvalid) {
				t.Fatalf("ParseLine(%q): %v does not wrap ErrInvalid", s, err)
			}
			continue
		}
		if g.Box != want.Box || string(g.Cells) != string(want.Cells) {
			t.Fatalf("ParseLine(%q) = %v, want %v", s, g.Cells, want.Cells)
		}
	}
}

// TestParseInto checks that ParseInto gives what Parse gives, reusing one
// Grid across formats, sizes and errors.
func TestParseInto(t *testing.T) {
	tests := []struct {
		f     Format
		lines []string
		ok    bool
	}{
		{FormatLine, []string{"4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"}, true},
		{FormatLine, []string{"1.3." + strings.Repeat("0", 12)}, true},
		{FormatLine, []string{strings.Repeat("G", 256)}, true},
		{FormatLine, []string{"4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4.....x"}, false},
		{FormatLine, []string{"1.3.3.1..1.4.4.."}, true},
		{FormatGrid, []string{"1 0 0 0", "0 0 3 0", "0 4 0 0", "0 0 0 2"}, true},
		{FormatGrid, []string{"1 0 0 0", "0 0 3"}, false},
		{FormatBOJ2239, []string{"103000509", "002109400", "000704000", "300502006", "060000050", "700803004", "000401000", "009205800", "804000107"}, true},
		{FormatLine, []string{strings.Repeat(".", 625)}, true},
		{FormatLine, []string{strings.Repeat("9", 81)}, true},
	}
	var g Grid
	for _, tt := range tests {
		rec := Record{Line: 3}
		for _, l := range tt.lines {
			rec.Lines = append(rec.Lines, []byte(l))
		}
		want, werr := Parse(tt.f, rec)
		err := ParseInto(&g, tt.f, rec)
		if (err == nil) != tt.ok || (werr == nil) != tt.ok {
			t.Fatalf("%v %q: ParseInto %v, Parse %v, want ok %v", tt.f, tt.lines, err, werr, tt.ok)
		}
		if err != nil {
			if err.Error() != werr.Error() || g.Box != 0 || len(g.Cells) != 0 {
				t.Fatalf("%v %q: ParseInto %v (grid %v), Parse %v", tt.f, tt.lines, err, g, werr)
			}
			continue
		}
		if g.Box != want.Box || string(g.Cells) != string(want.Cells) {
			t.Fatalf("%v %q: ParseInto %v, Parse %v", tt.f, tt.lines, g, want)
		}
	}
}

// TestAppendFormatLine compares the line format's output with symbolChar
// cell by cell, on grids of every size with blanks here and there (the
// eight-at-a-time path stops at the first word that has one).
func TestAppendFormatLine(t *testing.T) {
	r := rand.New(rand.NewPCG(14, 8))
	for k := 0; k < 2000; k++ {
		box := MinBox + r.IntN(MaxBox-MinBox+1)
		g, _ := NewGrid(box)
		n := g.N()
		for i := range g.Cells {
			g.Cells[i] = uint8(1 + r.IntN(n))
			if r.IntN(40) == 0 {
				g.Cells[i] = 0
			}
		}
		var want strings.Builder
		want.WriteString("> ")
		for _, v := range g.Cells {
			want.WriteByte(symbolChar(v))
		}
		want.WriteByte('\n')
		if got := string(AppendFormat([]byte("> "), FormatLine, g)); got != want.String() {
			t.Fatalf("AppendFormat(%v) = %q, want %q", g.Cells, got, want.String())
		}
	}
}
