package sliding

import (
	"bytes"
	"errors"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/searchlab/searchlab/search"
)

// batchBOJ11112 is the benchmark batch of scripts/boj11112gen: n boards for
// the standard 3x3 goal, every second one unsolvable.
func batchBOJ11112(n int, seed uint64) []Board {
	return RandomBatch(rand.New(rand.NewPCG(seed, 11112)), Standard(3, 3), n)
}

// distancesByParse answers a BOJ 11112 input the slow way: Parse, then one
// Distance per board.
func distancesByParse(t *Table, data []byte) ([]int8, error) {
	cases, err := ParseAll(bytes.NewReader(data), BOJ11112, 0, 0)
	if err != nil {
		return nil, err
	}
	out := []int8{}
	for _, c := range cases {
		out = append(out, int8(t.Distance(c.Board)))
	}
	return out, nil
}

// TestDistancesBOJ11112 checks the one-pass batch reader against Parse and
// Distance: the same answers on the benchmark batch and on small inputs in
// the plain layout (two goals), and false, leaving dst alone, on every
// input it does not read (bad ones, and good ones in other layouts).
func TestDistancesBOJ11112(t *testing.T) {
	t.Parallel()
	var batch bytes.Buffer
	if err := Write(&batch, BOJ11112, batchBOJ11112(2000, 7)); err != nil {
		t.Fatal(err)
	}
	spiral := mustBoard(t, 3, 3, 1, 2, 3, 8, 0, 4, 7, 6, 5)
	good := []string{
		batch.String(),
		"2\n\n123\n456\n78#\n\n1#3\n426\n758\n",
		"2\r\n123\r\n456\r\n78#\r\n\r\n\r\n1#3\r\n426\r\n758\r\n\r\n",
		"0\n",
		"1\n\n\n867\n254\n3#1",
	}
	other := []string{
		"",                             // no count
		"2\n\n123\n456\n78#\n",         // count too large
		"1\n123\n456\n78#\n123\n",      // more after the cases
		"1\n123\n456\n788\n",           // repeated tile
		"1\n123\n456\n78x\n",           // bad cell
		"1\n123\n456\n7#\n",            // short row
		"1\n 123\n456\n78#\n",          // spaces (Parse reads them)
		"1\n1 2 3\n4 5 6\n7 8 #\n",     // spaces between cells
		"+1\n123\n456\n78#\n",          // a sign (Atoi reads it)
		"99999999999\n123\n456\n78#\n", // a count too long
	}
	for _, goal := range []Board{Standard(3, 3), spiral} {
		tab := TableFor(goal)
		for _, in := range good {
			want, err := distancesByParse(tab, []byte(in))
			if err != nil {
				t.Fatalf("ParseAll(%q): %v", clip(in), err)
			}
			got, ok := tab.distancesBOJ11112([]int8{5}, []byte(in))
			if !ok || !slices.Equal(got, append([]int8{5}, want...)) {
				t.Errorf("goal %v, %q: %v, %v; want %v", goal.Tiles, clip(in), got, ok, want)
			}
		}
		for _, in := range other {
			got, ok := tab.distancesBOJ11112([]int8{5}, []byte(in))
			if ok || !slices.Equal(got, []int8{5}) {
				t.Errorf("%q: %v, %v; want dst unchanged and false", in, got, ok)
			}
		}
		// Distances answers every input as ParseAll and Distance do.
		for _, in := range append(good, other...) {
			want, werr := distancesByParse(tab, []byte(in))
			got, err := tab.Distances([]int8{5}, []byte(in), BOJ11112)
			switch {
			case werr != nil && (err == nil || err.Error() != werr.Error() || !slices.Equal(got, []int8{5})):
				t.Errorf("Distances(%q) = %v, %v; want dst unchanged and %v", clip(in), got, err, werr)
			case werr == nil && (err != nil || !slices.Equal(got, append([]int8{5}, want...))):
				t.Errorf("Distances(%q) = %v, %v; want %v", clip(in), got, err, want)
			}
		}
	}
	if _, err := TableFor(Standard(2, 4)).Distances(nil, []byte("1\n123\n456\n78#\n"), BOJ11112); !errors.Is(err, ErrInvalid) {
		t.Errorf("a 2x4 table answered a 3x3 board: %v", err)
	}
	if got, err := TableFor(Standard(2, 4)).Distances(nil, []byte("1 2 3 4 5 6 7 0\n2 1 3 4 5 6 7 0\n"), Line); err != nil || !slices.Equal(got, []int8{0, -1}) {
		t.Errorf("2x4 lines: %v, %v; want [0 -1]", got, err)
	}
	if _, ok := TableFor(Standard(2, 4)).distancesBOJ11112(nil, []byte("0\n")); ok {
		t.Error("a 2x4 table answered a BOJ 11112 input")
	}
}

// FuzzDistancesBOJ11112 checks that whatever the one-pass reader answers,
// Parse and Distance answer the same, and that it never answers an input
// Parse refuses.
func FuzzDistancesBOJ11112(f *testing.F) {
	for _, s := range []string{"2\n\n123\n456\n78#\n\n1#3\n426\n758\n", "1\n123\n456\n788\n", "1\r\n867\r\n254\r\n3#1"} {
		f.Add(s)
	}
	tab := TableFor(Standard(3, 3))
	f.Fuzz(func(t *testing.T, in string) {
		got, ok := tab.distancesBOJ11112(nil, []byte(in))
		want, err := distancesByParse(tab, []byte(in))
		if !ok {
			return
		}
		if err != nil {
			t.Fatalf("%q: answered %v, but Parse refuses it: %v", in, got, err)
		}
		if !slices.Equal(got, want) {
			t.Fatalf("%q: %v, want %v", in, got, want)
		}
	})
}

// TestTableBinary checks that a table survives MarshalBinary and
// UnmarshalBinary, and that damaged or foreign bytes are refused.
func TestTableBinary(t *testing.T) {
	t.Parallel()
	for _, goal := range []Board{Standard(3, 3), Standard(2, 4), mustBoard(t, 3, 3, 1, 2, 3, 8, 0, 4, 7, 6, 5)} {
		tab := TableFor(goal)
		data, err := tab.MarshalBinary()
		if err != nil {
			t.Fatal(err)
		}
		var back Table
		if err := back.UnmarshalBinary(data); err != nil {
			t.Fatalf("%v: %v", goal.Tiles, err)
		}
		if !back.Goal().Equal(goal) || back.States() != tab.States() || back.MaxDistance() != tab.MaxDistance() || !bytes.Equal(back.dist, tab.dist) {
			t.Errorf("%v: the table read back differs", goal.Tiles)
		}
		b := mustBoard(t, goal.W, goal.H, reversed(goal.Tiles)...)
		if got, want := back.Distance(b), tab.Distance(b); got != want {
			t.Errorf("%v: Distance = %d, want %d", goal.Tiles, got, want)
		}
	}
	data, _ := TableFor(Standard(3, 3)).MarshalBinary()
	flip := func(i int) []byte { c := slices.Clone(data); c[i] ^= 4; return c }
	bad := []struct {
		what string
		data []byte
		want string
	}{
		{"empty", nil, "not a searchlab"},
		{"magic", flip(0), "not a searchlab"},
		{"version", flip(8), "format version"},
		{"size", flip(12), "size"},
		{"goal", flip(15), "tile"},
		{"distance", flip(len(data) - 100), "checksum mismatch"},
		{"checksum", flip(24), "checksum mismatch"},
		{"cut", data[:len(data)-1], "bytes, want"},
		{"longer", append(slices.Clone(data), 0), "bytes, want"},
	}
	for _, b := range bad {
		var tab Table
		err := tab.UnmarshalBinary(b.data)
		if !errors.Is(err, ErrTableData) || !strings.Contains(err.Error(), b.want) {
			t.Errorf("%s: %v, want ErrTableData and %q", b.what, err, b.want)
		}
	}
}

func reversed(tiles []uint8) []int {
	out := make([]int, len(tiles))
	for i, v := range tiles {
		out[len(tiles)-1-i] = int(v)
	}
	return out
}

// FuzzTableUnmarshal feeds arbitrary bytes to UnmarshalBinary: it must
// refuse them with ErrTableData or accept a table that answers, never
// panic. Seeds: a whole 2x3 table and a cut one.
func FuzzTableUnmarshal(f *testing.F) {
	data, _ := TableFor(Standard(3, 2)).MarshalBinary()
	f.Add(data)
	f.Add(data[:40])
	f.Fuzz(func(t *testing.T, data []byte) {
		var tab Table
		if err := tab.UnmarshalBinary(data); err != nil {
			if !errors.Is(err, ErrTableData) {
				t.Fatalf("error %v does not match ErrTableData", err)
			}
			return
		}
		g := tab.Goal()
		if d := tab.Distance(g); d != 0 {
			t.Fatalf("the goal is %d moves from itself", d)
		}
	})
}

// TestAppendAnswers checks the answer lines of a batch against Distances
// and AppendAnswer, and that a malformed batch leaves dst alone.
func TestAppendAnswers(t *testing.T) {
	t.Parallel()
	tab := TableFor(Standard(3, 3))
	for _, tc := range []struct {
		name, in string
		f        Format
		want     string // "" for an error
	}{
		{"boj11112", "3\n123\n456\n78#\n\n1#3\n426\n758\n\n213\n456\n78#\n", BOJ11112, "0\n3\nimpossible\n"},
		{"line", "1 2 3 4 5 6 7 0 8\n2 1 3 4 5 6 7 8 0\n", Line, "1\nimpossible\n"},
		{"boj1525", "1 2 3\n4 5 6\n8 7 0\n", BOJ1525, "-1\n"},
		{"none", "0\n", BOJ11112, ""},
		{"malformed", "1\n123\n456\n788\n", BOJ11112, "error"},
	} {
		got, err := tab.AppendAnswers([]byte("before\n"), []byte(tc.in), tc.f)
		if tc.want == "error" {
			if err == nil || string(got) != "before\n" {
				t.Errorf("%s: got %q, %v; want an error and dst alone", tc.name, got, err)
			}
			continue
		}
		if err != nil || string(got) != "before\n"+tc.want {
			t.Errorf("%s: got %q, %v; want %q", tc.name, got, err, "before\n"+tc.want)
		}
	}
}

// chunkWriter records the size of each write and fails the one numbered
// failAt (from 1; 0: none).
type chunkWriter struct {
	bytes.Buffer
	sizes  []int
	failAt int
}

var errWrite = errors.New("disk full")

func (w *chunkWriter) Write(p []byte) (int, error) {
	if w.sizes = append(w.sizes, len(p)); len(w.sizes) == w.failAt {
		return 0, errWrite
	}
	return w.Buffer.Write(p)
}

// TestWriteAnswers checks that WriteAnswers writes what AppendAnswers
// appends, in writes of at most answerChunk bytes (several for a large
// batch, one for a small one, none for none), and stops at the first
// failed write with its error.
func TestWriteAnswers(t *testing.T) {
	t.Parallel()
	tab := TableFor(Standard(3, 3))
	var in bytes.Buffer
	if err := Write(&in, BOJ11112, batchBOJ11112(20000, 2)); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name   string
		in     []byte
		f      Format
		writes int // at least
	}{
		{"large", in.Bytes(), BOJ11112, 3},
		{"small", []byte("2\n123\n456\n78#\n\n213\n456\n78#\n"), BOJ11112, 1},
		{"boj1525", []byte("1 2 3\n4 5 6\n8 7 0\n"), BOJ1525, 1},
		{"none", []byte("0\n"), BOJ11112, 0},
	} {
		dist, err := tab.Distances(nil, tc.in, tc.f)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		want, _ := tab.AppendAnswers(nil, tc.in, tc.f)
		var w chunkWriter
		if err := WriteAnswers(&w, tc.f, dist); err != nil || w.String() != string(want) {
			t.Errorf("%s: wrote %d bytes (%v), want the %d of AppendAnswers", tc.name, w.Len(), err, len(want))
		}
		if len(w.sizes) < tc.writes || tc.writes <= 1 && len(w.sizes) != tc.writes {
			t.Errorf("%s: %d writes, want %d", tc.name, len(w.sizes), tc.writes)
		}
		for _, n := range w.sizes {
			if n > answerChunk || n == 0 {
				t.Errorf("%s: a write of %d bytes, want 1 to %d", tc.name, n, answerChunk)
			}
		}
	}
	dist, _ := tab.Distances(nil, in.Bytes(), BOJ11112)
	w := chunkWriter{failAt: 2}
	if err := WriteAnswers(&w, BOJ11112, dist); err != errWrite || len(w.sizes) != 2 {
		t.Errorf("a failed second write: %v after %d writes, want %v after 2", err, len(w.sizes), errWrite)
	}
}

// TestSolutionReport checks the stats line of a solution.
func TestSolutionReport(t *testing.T) {
	t.Parallel()
	sol := Solution{Moves: make([]Move, 5), Optimal: true, Method: "astar+manhattan",
		Stats: search.Stats{Expanded: 12, Generated: 30, PeakFrontier: 9, PeakStored: 21, Iterations: 1, Elapsed: 1234567 * time.Nanosecond}}
	want := "method astar+manhattan, optimal true, expanded 12, generated 30, peak frontier 9, peak stored 21, iterations 1, time 1.235ms"
	if got := sol.Report(); got != want {
		t.Errorf("got  %q\nwant %q", got, want)
	}
}
