package sudoku

import (
	"context"
	"errors"
	"os"
	"strings"
	"testing"
	"time"
)

// TestRateStream rates a file on one job and on four and checks that both
// give Rate's answers, in input order, with the refusals in their places.
func TestRateStream(t *testing.T) {
	data, err := os.ReadFile("testdata/se-ratings-tuning.txt")
	if err != nil {
		t.Fatal(err)
	}
	var lines []string
	for _, l := range strings.Split(string(data), "\n") {
		if f := strings.Fields(l); len(f) > 0 && !strings.HasPrefix(l, "#") && len(lines) < 40 {
			lines = append(lines, f[0])
		}
	}
	// A puzzle with two solutions and one with none, among the others.
	lines = append(lines[:3], append([]string{
		"123456789" + strings.Repeat(".", 72),
		"12345678." + "........9" + strings.Repeat(".", 63),
	}, lines[3:]...)...)
	in := strings.Join(lines, "\n") + "\n"
	ctx := context.Background()
	for _, jobs := range []int{1, 4} {
		n := 0
		err := RateStream(ctx, strings.NewReader(in), RateOptions{Format: FormatLine, Jobs: jobs, Steps: true}, func(rd *Rated) error {
			if rd.Index != n || rd.Line != n+1 || rd.Puzzle.String() != lines[n] {
				t.Fatalf("jobs %d: answer %d is puzzle %d (line %d) %v", jobs, n, rd.Index, rd.Line, rd.Puzzle)
			}
			n++
			p, _ := ParseLine(lines[rd.Index])
			want, steps, werr := Rate(ctx, p)
			var nu, wnu *NotUniqueError
			switch {
			case errors.As(werr, &wnu):
				if !errors.As(rd.Err, &nu) || nu.Solutions != wnu.Solutions {
					t.Errorf("jobs %d: line %d: %v, want %v", jobs, rd.Line, rd.Err, werr)
				}
			case rd.Err != nil || rd.Rating != want || len(rd.Steps) != len(steps):
				t.Errorf("jobs %d: line %d: %v, %d steps, %v; Rate says %v, %d steps", jobs, rd.Line, rd.Rating, len(rd.Steps), rd.Err, want, len(steps))
			}
			return nil
		})
		if err != nil || n != len(lines) {
			t.Errorf("jobs %d: %v after %d of %d puzzles", jobs, err, n, len(lines))
		}
	}
}

// TestRateStreamStops checks the errors that stop a stream: a bad line,
// fn's error, and a cancelled context.
func TestRateStreamStops(t *testing.T) {
	good := "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
	in := good + "\n" + good + "\nnot a puzzle\n" + good + "\n"
	for _, jobs := range []int{1, 3} {
		n := 0
		err := RateStream(context.Background(), strings.NewReader(in), RateOptions{Format: FormatLine, Jobs: jobs}, func(rd *Rated) error {
			n++
			return nil
		})
		if !errors.Is(err, ErrInvalid) || !strings.Contains(err.Error(), "line 3") || n != 2 {
			t.Errorf("jobs %d: %v after %d puzzles; want line 3's syntax error after 2", jobs, err, n)
		}
		stop := errors.New("stop")
		n = 0
		err = RateStream(context.Background(), strings.NewReader(good+"\n"+good+"\n"), RateOptions{Format: FormatLine, Jobs: jobs}, func(rd *Rated) error {
			n++
			return stop
		})
		if err != stop || n != 1 {
			t.Errorf("jobs %d: %v after %d puzzles; want fn's error after 1", jobs, err, n)
		}
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		err = RateStream(ctx, strings.NewReader(in), RateOptions{Format: FormatLine, Jobs: jobs}, func(rd *Rated) error {
			t.Errorf("jobs %d: fn called after the context ended", jobs)
			return nil
		})
		if !errors.Is(err, context.Canceled) {
			t.Errorf("jobs %d: a cancelled context gave %v", jobs, err)
		}
	}
}

// TestRateStreamHint checks that Hint mode gives each position's next step
// alone, and nothing for a solved grid.
func TestRateStreamHint(t *testing.T) {
	p := "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
	solved := "483921657967345821251876493548132976729564138136798245372689514814253769695417382"
	var got []*Rated
	err := RateStream(context.Background(), strings.NewReader(p+"\n"+solved+"\n"), RateOptions{Format: FormatLine, Hint: true, Timeout: time.Minute}, func(rd *Rated) error {
		got = append(got, rd)
		return nil
	})
	if err != nil || len(got) != 2 {
		t.Fatalf("%v, %d answers", err, len(got))
	}
	g, _ := ParseLine(p)
	want, ok, _ := Hint(context.Background(), g)
	if !ok || len(got[0].Steps) != 1 || got[0].Steps[0].String() != want.String() || got[0].Rating != (Rating{}) {
		t.Errorf("hint: %v, want the one step %v", got[0].Steps, want)
	}
	if got[1].Err != nil || len(got[1].Steps) != 0 {
		t.Errorf("solved grid: %v, %v; want no step and no error", got[1].Steps, got[1].Err)
	}
}
