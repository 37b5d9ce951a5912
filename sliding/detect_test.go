package sliding_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/searchlab/searchlab/sliding"
)

func TestDetectFormat(t *testing.T) {
	t.Parallel()
	tests := []struct {
		in   string
		want sliding.Format
	}{
		{"8 1 3 4 0 2 7 6 5\n", sliding.Line},
		{"8 1 3 4 0 2 7 6 5", sliding.Line},
		{"8 1 3 / 4 0 2 / 7 6 5\n", sliding.Line},
		{"8 1 3/4 0 2/7 6 5\n1 2 3/4 5 6/7 8 0\n", sliding.Line},
		{"1 2 3 4 5 6 7 99999999999999999999 0\n", sliding.Line}, // the parser names the number
		{"123456789\n", sliding.BOJ11112},                        // a count: 9 is no tile of 3x3
		{"\n\n1 2 3 4 5 6 7 8 0\n2 1 3 4 5 6 7 8 0\n", sliding.Line},
		{"1 2 3 4 5 6 7 8 0\n1 2 3 4 5 6 7 8 8\n", sliding.Line}, // a bad second board is still Line
		{"1 2 3 4 0 5 7 8\n", sliding.Line},                      // the parser says it is no square
		{"1 2 3 4 5 6 7 8 9 10 11 0\n", sliding.Line},
		{"1 2 3\n4 0 5\n7 8 6\n", sliding.Grid},
		{"1 2 3\r\n4 0 5\r\n7 8 6\r\n", sliding.Grid},
		{"0 1 2 3\n4 5 6 7\n8 9 10 11\n12 13 14 15\n", sliding.Grid},
		{"1 2 3 4\n5 6 7 8\n9 10 11 12\n13 14 15 #\n", sliding.Grid},
		{"1 2\n3 _\n", sliding.Grid},
		{"7\n\n123\n456\n78#\n", sliding.BOJ11112},
		{"  2\n", sliding.BOJ11112},
		{"", sliding.Grid},
		{"\n \n", sliding.Grid},
	}
	for _, tt := range tests {
		got, err := sliding.DetectFormat([]byte(tt.in))
		if err != nil || got != tt.want {
			t.Errorf("DetectFormat(%q) = %q, %v; want %q", tt.in, got, err, tt.want)
		}
	}
	for _, bad := range []struct{ in, line string }{
		{"x 1 2\n", "line 1:"},
		{"\n\n12#\n456\n78#\n", "line 3:"},
		{"1 2 three\n", "line 1:"},
		{"813402765\n", "line 1:"},
		{"1 2 / x\n", "line 1:"},
	} {
		_, err := sliding.DetectFormat([]byte(bad.in))
		if !errors.Is(err, sliding.ErrInvalid) || !strings.Contains(err.Error(), bad.line) || !strings.Contains(err.Error(), "--format") || strings.Contains(err.Error(), "\n") {
			t.Errorf("DetectFormat(%q): %v; want ErrInvalid naming %q and --format", bad.in, err, bad.line)
		}
	}
}

// FuzzDetectFormat checks that whatever DetectFormat says of an input, the
// parser of that format reads it or names a fault, and never panics.
func FuzzDetectFormat(f *testing.F) {
	for _, s := range []string{"8 1 3 4 0 2 7 6 5\n", "1 2 3\n4 0 5\n7 8 6\n", "2\n123\n456\n78#\n", "x\n", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		format, err := sliding.DetectFormat([]byte(in))
		if err != nil {
			if !errors.Is(err, sliding.ErrInvalid) {
				t.Fatalf("DetectFormat(%q): %v, not ErrInvalid", in, err)
			}
			return
		}
		if format == sliding.BOJ11112 && len(in) > 1000 {
			return // a large count takes long to refuse
		}
		sliding.ParseAll(strings.NewReader(in), format, 0, 0)
	})
}

func TestParseGoalRows(t *testing.T) {
	t.Parallel()
	tests := []struct {
		goal string
		w, h int
		want string
	}{
		{"1 2 3 / 8 0 4 / 7 6 5", 0, 0, "1 2 3\n8 0 4\n7 6 5"},
		{"1 2 3 / 8 0 4 / 7 6 5", 3, 3, "1 2 3\n8 0 4\n7 6 5"},
		{"1 2 3/8 0 4/7 6 5", 3, 3, "1 2 3\n8 0 4\n7 6 5"},
		{"1 2 3 / 4 5 _", 0, 0, "1 2 3\n4 5 0"},
		{"1 2 / 3 4 / 5 0", 2, 3, "1 2\n3 4\n5 0"},
	}
	for _, tt := range tests {
		g, err := sliding.ParseGoal(tt.goal, tt.w, tt.h)
		if err != nil || g.String() != tt.want {
			t.Errorf("ParseGoal(%q, %d, %d) = %q, %v; want %q", tt.goal, tt.w, tt.h, g.String(), err, tt.want)
		}
	}
	for _, bad := range []struct {
		goal string
		w, h int
	}{
		{"1 2 3 / 8 0 / 4 7 6 5", 0, 0},
		{"1 2 3 / 8 0 4 / 7 6 5", 2, 3},
		{"/", 0, 0},
		{"1 2 3 / / 4 5 0", 0, 0},
	} {
		if _, err := sliding.ParseGoal(bad.goal, bad.w, bad.h); !errors.Is(err, sliding.ErrInvalid) {
			t.Errorf("ParseGoal(%q, %d, %d): %v, want ErrInvalid", bad.goal, bad.w, bad.h, err)
		}
	}
}

// TestFormatOf checks that a name wins over the input, that without one
// the format is told from the input, and the error of each fault.
func TestFormatOf(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name, prefix string
		want         sliding.Format
		syntax       bool // a *SyntaxError; else, with want "", ParseFormat's error
	}{
		{"line", "1 2 3\n4 5 6\n7 8 0\n", sliding.Line, false},
		{"", "1 2 3\n4 5 6\n7 8 0\n", sliding.Grid, false},
		{"", "8 1 3 4 0 2 7 6 5\n", sliding.Line, false},
		{"", "2\n123\n", sliding.BOJ11112, false},
		{"csv", "1 2 3\n", "", false},
		{"", "a,b,c\n", "", true},
	} {
		peeked := false
		got, err := sliding.FormatOf(tc.name, func(int) []byte { peeked = true; return []byte(tc.prefix) })
		if peeked && tc.name != "" {
			t.Errorf("%q: the input was read although a format was named", tc.name)
		}
		var se *sliding.SyntaxError
		if got != tc.want || (err != nil) != (tc.want == "") || errors.As(err, &se) != tc.syntax {
			t.Errorf("%q, %q: got %q, %v; want %q (syntax error %v)", tc.name, tc.prefix, got, err, tc.want, tc.syntax)
		}
	}
}
