package searchbeam

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/searchlab/searchlab/api"
	"github.com/searchlab/searchlab/sliding"
)

// TestSolveLine checks the kinds, the skipped lines and the errors of
// SolveLine, without a pipeline.
func TestSolveLine(t *testing.T) {
	ctx := context.Background()
	tests := []struct {
		opt      Options
		text     string
		ok       bool
		kind     string
		errHas   string
		inAnswer string
	}{
		{Options{Kind: KindMixed}, "", false, "", "", ""},
		{Options{Kind: KindMixed}, "  # a comment", false, "", "", ""},
		{Options{Kind: KindMixed}, "sliding 8 6 7 2 5 4 3 0 1", true, "sliding", "", `"length":31`},
		{Options{Kind: KindMixed}, "sliding 2x3 1 2 3 4 0 5", true, "sliding", "", `"length":1`},
		{Options{Kind: KindMixed}, "sliding 2x2 2 1 3 0", true, "sliding", "", `"solvable":false`},
		{Options{Kind: KindSliding}, "1 2 3 4 5 6 7 0 8", true, "sliding", "", `"moves":"R"`},
		{Options{Kind: KindMixed}, "stroke RGB/ROG/GGB", true, "stroke", "", `"colour":"G","length":4`},
		{Options{Kind: KindMixed}, "sudoku 4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......", true, "sudoku", "", `"unique":true`},
		{Options{Kind: KindMixed}, "sudoku 12", true, "sudoku", "line 5:", ""},
		{Options{Kind: KindMixed}, "sliding 3x3 1 2 3", true, "sliding", "line 5:", ""},
		{Options{Kind: KindMixed}, "stroke RG/O", true, "stroke", "line 5:", ""},
		{Options{Kind: KindMixed}, "chess e4", true, "chess", "unknown kind", ""},
	}
	for _, tc := range tests {
		a, ok := SolveLine(ctx, 5, tc.text, tc.opt)
		if ok != tc.ok {
			t.Errorf("%q: ok %v, want %v", tc.text, ok, tc.ok)
			continue
		}
		if !ok {
			continue
		}
		if a.Line != 5 || a.Kind != tc.kind || (tc.errHas == "") != (a.Error == "") || !strings.Contains(a.Error, tc.errHas) || !strings.Contains(string(a.Answer), tc.inAnswer) {
			t.Errorf("%q: %+v (answer %s); want kind %s, error with %q, answer with %q", tc.text, a, a.Answer, tc.kind, tc.errHas, tc.inAnswer)
		}
		if a.Error == "" && !json.Valid(a.Answer) {
			t.Errorf("%q: answer is not JSON", tc.text)
		}
	}
	// The answer is the command's: the same JSON as api.NewSlidingAnswer.
	a, _ := SolveLine(ctx, 1, "1 2 3 4 5 6 7 0 8", Options{Kind: KindSliding})
	var s api.SlidingAnswer
	if err := json.Unmarshal(a.Answer, &s); err != nil || s.Method != "table" || !s.Optimal {
		t.Errorf("sliding answer %s: %+v, %v", a.Answer, s, err)
	}
}

// FuzzParseSliding checks that no line panics ParseSliding and that a
// board it accepts is valid.
func FuzzParseSliding(f *testing.F) {
	for _, s := range []string{"1 2 3 4 5 6 7 8 0", "2x3 1 2 3 4 0 5", "4x4 1 2", "x 1", "17x1 0", "3x3 # 1 2 3 4 5 6 7 8"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		b, err := ParseSliding(s)
		if err != nil {
			return
		}
		tiles := make([]int, len(b.Tiles))
		for i, x := range b.Tiles {
			tiles[i] = int(x)
		}
		if _, err := sliding.New(b.W, b.H, tiles); err != nil {
			t.Fatalf("%q accepted as an invalid board: %v", s, err)
		}
	})
}
