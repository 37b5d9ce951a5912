package sudoku

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"testing/iotest"
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
	t.Parallel()
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
	t.Parallel()
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
	t.Parallel()
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

// errReader returns its data, then err.
type errReader struct {
	data string
	err  error
}

func (r *errReader) Read(p []byte) (int, error) {
	if r.data == "" {
		return 0, r.err
	}
	n := copy(p, r.data)
	r.data = r.data[n:]
	return n, nil
}

// TestScannerLines checks the line format's records against the input
// split by hand, over readers that return the input whole, a byte at a
// time, in halves, or with the end, and over inputs that cross the
// Scanner's chunks; records kept from early Scans must not change, and
// with Release after every k records, each batch of records must still be
// whole when the batch is done, just before its Release.
func TestScannerLines(t *testing.T) {
	t.Parallel()
	var many strings.Builder
	// 20,000 records: about six chunks, so that a batch of 7,000 spans two
	// chunk changes after a Release.
	for i := range 20000 {
		fmt.Fprintf(&many, "%081d\n", i)
		if i%1000 == 7 {
			many.WriteString("  \r\n\n")
		}
	}
	long := strings.Repeat(".", 300<<10)
	inputs := []struct{ name, in string }{
		{"empty", ""},
		{"one no newline", "1.3"},
		{"crlf and blanks", "\r\n 12\r\n\n\t\n34\r\n5\n"},
		{"chunks", many.String()},
		{"long lines", "a\n" + long + "\n" + long + "x" + "\nb"},
		{"unicode space", "\u00a0\n\u2003x\u2003\n"},
	}
	readers := []struct {
		name string
		wrap func(string) io.Reader
	}{
		{"whole", func(s string) io.Reader { return strings.NewReader(s) }},
		{"bytes", func(s string) io.Reader { return iotest.OneByteReader(strings.NewReader(s)) }},
		{"halves", func(s string) io.Reader { return iotest.HalfReader(strings.NewReader(s)) }},
		{"data and EOF", func(s string) io.Reader { return iotest.DataErrReader(strings.NewReader(s)) }},
	}
	for _, in := range inputs {
		var want []Record
		for i, l := range strings.Split(in.in, "\n") {
			l = strings.TrimSuffix(l, "\r")
			if strings.TrimSpace(l) != "" {
				want = append(want, Record{Line: i + 1, Lines: [][]byte{[]byte(l)}})
			}
		}
		for _, rd := range readers {
			// every: Release after every so many records (0: never).
			for _, every := range []int{0, 1, 3, 50, 7000} {
				if in.name == "chunks" && rd.name == "bytes" {
					continue // slow and no different from halves
				}
				t.Run(fmt.Sprintf("%s/%s/release=%d", in.name, rd.name, every), func(t *testing.T) {
					sc := NewScanner(rd.wrap(in.in), FormatLine)
					var got, batch []Record
					// done checks the batch's records as they are now,
					// keeps copies (released records may be overwritten)
					// and releases them.
					done := func() {
						for _, rec := range batch {
							i := len(got)
							if i >= len(want) || rec.Line != want[i].Line || !bytes.Equal(rec.Lines[0], want[i].Lines[0]) {
								t.Fatalf("record %d changed before its batch was released: line %d %.20q", i, rec.Line, rec.Lines)
							}
							got = append(got, Record{Line: rec.Line, Lines: [][]byte{bytes.Clone(rec.Lines[0])}})
						}
						batch = batch[:0]
						sc.Release()
					}
					for sc.Scan() {
						rec := sc.Record()
						if every == 0 {
							got = append(got, rec)
							continue
						}
						batch = append(batch, rec)
						if len(batch) == every {
							done()
						}
					}
					if every > 0 {
						done()
					}
					if err := sc.Err(); err != nil {
						t.Fatal(err)
					}
					if len(got) != len(want) {
						t.Fatalf("%d records, want %d", len(got), len(want))
					}
					for i := range got {
						if got[i].Line != want[i].Line || len(got[i].Lines) != 1 || !bytes.Equal(got[i].Lines[0], want[i].Lines[0]) {
							t.Fatalf("record %d: line %d %.20q, want line %d %.20q", i, got[i].Line, got[i].Lines, want[i].Line, want[i].Lines)
						}
					}
					if n := sc.BytesRead(); n < int64(len(in.in)) || n > int64(len(in.in))+1 {
						t.Errorf("BytesRead %d, input %d bytes", n, len(in.in))
					}
				})
			}
		}
	}
}

// TestScannerErrors checks that a read error and an over-long line stop
// the Scanner after the lines before them, with an error naming the line.
func TestScannerErrors(t *testing.T) {
	t.Parallel()
	boom := errors.New("boom")
	tests := []struct {
		name  string
		r     io.Reader
		lines int
		err   string
	}{
		{"read error", &errReader{"a\nb\nc", boom}, 3, "sudoku: line 4: boom"},
		{"read error after newline", &errReader{"a\nb\n", boom}, 2, "sudoku: line 3: boom"},
		{"no progress", &errReader{"a\n", nil}, 1, "sudoku: line 2: multiple Read calls return no data or error"},
		{"line over 1 MB", strings.NewReader("a\n" + strings.Repeat(".", 1<<20) + "\nb\n"), 1, "sudoku: line 2: longer than 1 MB"},
		{"last line over 1 MB", strings.NewReader("a\n\n" + strings.Repeat(".", 3<<20)), 1, "sudoku: line 3: longer than 1 MB"},
		{"line of 1 MB less one", strings.NewReader("a\n" + strings.Repeat(".", 1<<20-1) + "\nb\n"), 3, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			sc := NewScanner(tc.r, FormatLine)
			n := 0
			for sc.Scan() {
				n++
			}
			err := sc.Err()
			if n != tc.lines || fmt.Sprint(err) != tc.err && !(tc.err == "" && err == nil) {
				t.Fatalf("%d records, error %v; want %d, %q", n, err, tc.lines, tc.err)
			}
			if tc.err != "" && strings.Contains(tc.err, "1 MB") && !errors.Is(err, ErrInvalid) {
				t.Errorf("%v does not match ErrInvalid", err)
			}
		})
	}
}

// TestSyntaxError checks the shape of parse errors: a *SyntaxError that
// names the line (and the character where one is at fault), matches
// ErrInvalid, and prints "sudoku: line N: " before the fault.
func TestSyntaxError(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name       string
		f          Format
		in         string
		line, col  int
		msgContain string
	}{
		{"length", FormatLine, "\n123\n", 2, 0, "3 characters, want 81"},
		{"character", FormatLine, "1.x.............\n", 1, 3, "character 3 is 'x'"},
		{"beyond", FormatLine, "5...............\n", 1, 1, "beyond the symbols"},
		{"ragged", FormatGrid, "1 0 0 0\n0 0 3\n0 4 0 0\n0 0 0 2\n", 2, 0, "3 numbers, want 4"},
		{"digit", FormatBOJ2239, strings.Repeat("000000000\n", 4) + "0000x0000\n" + strings.Repeat("000000000\n", 4), 5, 5, "not a digit"},
		{"rows", FormatBOJ2580, "0 0 0 0 0 0 0 0 0\n", 2, 0, "1 rows, want 9"},
	}
	for _, tt := range tests {
		_, err := ParseAll(strings.NewReader(tt.in), tt.f)
		var se *SyntaxError
		if !errors.As(err, &se) || !errors.Is(err, ErrInvalid) {
			t.Errorf("%s: error %v, want a *SyntaxError matching ErrInvalid", tt.name, err)
			continue
		}
		if se.Line != tt.line || se.Column != tt.col || !strings.Contains(se.Msg, tt.msgContain) {
			t.Errorf("%s: line %d, column %d, %q; want %d, %d, %q", tt.name, se.Line, se.Column, se.Msg, tt.line, tt.col, tt.msgContain)
		}
		if want := fmt.Sprintf("sudoku: line %d: %s", se.Line, se.Msg); err.Error() != want {
			t.Errorf("%s: error %q, want %q", tt.name, err, want)
		}
	}
	_, err := ParseLine("1.x")
	var se *SyntaxError
	if !errors.As(err, &se) || se.Line != 0 || err.Error() != "sudoku: "+se.Msg {
		t.Errorf("ParseLine: error %v, want a *SyntaxError with line 0", err)
	}
}

// TestFormatFirst checks that only Baekjoon 2239 asks for the smallest solution.
func TestFormatFirst(t *testing.T) {
	tests := []struct {
		f    Format
		want bool
	}{{FormatLine, false}, {FormatGrid, false}, {FormatBOJ2580, false}, {FormatBOJ2239, true}}
	for _, tc := range tests {
		if got := tc.f.First(); got != tc.want {
			t.Errorf("%v.First() = %v, want %v", tc.f, got, tc.want)
		}
	}
}

// TestParseDigitsDots checks that rows of nine characters read '.' as a
// blank, as the common text form writes it, the same as '0'.
func TestParseDigitsDots(t *testing.T) {
	t.Parallel()
	dots := "53..7....\n6..195...\n.98....6.\n8...6...3\n4..8.3..1\n7...2...6\n.6....28.\n...419..5\n....8..79\n"
	zeros := strings.ReplaceAll(dots, ".", "0")
	format := DetectFormat([]byte(dots))
	a, err := ParseAll(strings.NewReader(dots), format)
	if err != nil || len(a) != 1 {
		t.Fatalf("%v: %d puzzles, %v", format, len(a), err)
	}
	b, err := ParseAll(strings.NewReader(zeros), FormatBOJ2239)
	if err != nil || len(b) != 1 || !slices.Equal(a[0].Cells, b[0].Cells) {
		t.Errorf("dots read as %v, zeros as %v (%v)", a, b, err)
	}
	if _, err := ParseAll(strings.NewReader(strings.Replace(dots, ".", "x", 1)), FormatBOJ2239); err == nil || !strings.Contains(err.Error(), "not a digit or '.'") {
		t.Errorf("an x: %v", err)
	}
}
