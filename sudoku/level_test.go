package sudoku

import (
	"context"
	"errors"
	"testing"
)

func TestParseRatingRange(t *testing.T) {
	for _, c := range []struct {
		in     string
		lo, hi float64
		bad    bool
	}{
		{in: "7.0-8.0", lo: 7, hi: 8},
		{in: "1.2", lo: 1.2, hi: 1.2},
		{in: " 2.6 - 3 ", lo: 2.6, hi: 3},
		{in: "1-20", lo: 1, hi: 20},
		{in: "8.0-7.0", bad: true},
		{in: "7.05-8", bad: true},
		{in: "0.5-2", bad: true},
		{in: "7-21", bad: true},
		{in: "", bad: true},
		{in: "-", bad: true},
		{in: "a-b", bad: true},
		{in: "NaN", bad: true},
		{in: "1-2-3", bad: true},
	} {
		r, err := ParseRatingRange(c.in)
		if c.bad {
			if err == nil {
				t.Errorf("ParseRatingRange(%q) = %v, want an error", c.in, r)
			}
			continue
		}
		if err != nil || r.Lo != c.lo || r.Hi != c.hi {
			t.Errorf("ParseRatingRange(%q) = %v, %v; want %.1f-%.1f", c.in, r, err, c.lo, c.hi)
		}
	}
}

func FuzzParseRatingRange(f *testing.F) {
	for _, s := range []string{"7.0-8.0", "1.2", "9-8", "x", "1e1-2e1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		r, err := ParseRatingRange(s)
		if err != nil {
			return
		}
		if r.Lo < 1 || r.Hi > BeyondSolver || r.Lo > r.Hi || !r.Has(r.Lo) || !r.Has(r.Hi) {
			t.Fatalf("ParseRatingRange(%q) = %v: not a range of ratings", s, r)
		}
		back, err := ParseRatingRange(r.String())
		if err != nil || back != r {
			t.Fatalf("ParseRatingRange(%q) = %v, which reads back as %v, %v", s, r, back, err)
		}
	})
}

func TestLevels(t *testing.T) {
	prev := 0.0
	for _, name := range []string{"simple", "easy", "intermediate", "expert"} {
		l, err := ParseLevel(name)
		if err != nil || l.String() != name {
			t.Fatalf("ParseLevel(%q) = %v, %v", name, l, err)
		}
		r := l.Range()
		// The levels tile the scale: each starts one decimal above the
		// end of the one before.
		if prev != 0 && r.Lo != float64(int(prev*10+1.5))/10 {
			t.Errorf("level %s starts at %.1f, the one before ends at %.1f", name, r.Lo, prev)
		}
		prev = r.Hi
	}
	if _, err := ParseLevel("hard"); err == nil {
		t.Error("ParseLevel(hard) succeeded")
	}
}

// isMinimal reports whether p loses its unique solution when any one given
// is removed.
func isMinimal(t *testing.T, p Grid) bool {
	t.Helper()
	q := p.Clone()
	for i, v := range q.Cells {
		if v == 0 {
			continue
		}
		q.Cells[i] = 0
		res, err := Solve(context.Background(), q, Options{Limit: 2})
		if err != nil {
			t.Fatal(err)
		}
		q.Cells[i] = v
		if res.Count == 1 {
			return false
		}
	}
	return true
}

func TestGenerateRated(t *testing.T) {
	ctx := context.Background()
	for _, l := range []Level{LevelSimple, LevelEasy, LevelIntermediate} {
		gen, _ := NewGenerator(3, 5)
		p, rating, err := gen.GenerateRated(ctx, l.Range(), 2000)
		if err != nil {
			t.Fatalf("%v: %v", l, err)
		}
		again, _, err := Rate(ctx, p)
		if err != nil || again != rating || !l.Range().Has(again.ER) {
			t.Errorf("%v: %v rated %v by GenerateRated, %v, %v by Rate", l, p, rating, again, err)
		}
		if !isMinimal(t, p) {
			t.Errorf("%v: %v is not minimal", l, p)
		}
		gen2, _ := NewGenerator(3, 5)
		if p2, _, _ := gen2.GenerateRated(ctx, l.Range(), 2000); p2.String() != p.String() {
			t.Errorf("%v: the same seed gave %v and %v", l, p, p2)
		}
	}
	gen, _ := NewGenerator(3, 5)
	if _, _, err := gen.GenerateRated(ctx, RatingRange{19.9, 19.9}, 3); !errors.Is(err, ErrNoRatedPuzzle) {
		t.Errorf("an empty range: %v, want ErrNoRatedPuzzle", err)
	}
	gen4, _ := NewGenerator(2, 5)
	if _, _, err := gen4.GenerateRated(ctx, LevelSimple.Range(), 3); !errors.Is(err, ErrNotNine) {
		t.Errorf("4x4: %v, want ErrNotNine", err)
	}
}
