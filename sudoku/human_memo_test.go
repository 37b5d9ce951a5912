package sudoku

import (
	"context"
	"fmt"
	"math/bits"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"
)

// Some step finders remember where they last found nothing (stepMemo),
// and the aligned exclusions also find the allowed combinations with digit
// masks. These tests hold them to the plain searches (for the aligned
// exclusions, the direct transcription of SE's below) on every position of
// many rating paths and on positions with candidates removed at random.

// sePuzzles returns the puzzles of the SE reference files whose ER is in
// [lo, hi).
func sePuzzles(t *testing.T, lo, hi float64) []Grid {
	t.Helper()
	var out []Grid
	for _, name := range seRatingFiles {
		data, err := os.ReadFile(filepath.Join("testdata", name))
		if err != nil {
			t.Fatal(err)
		}
		for _, line := range strings.Split(string(data), "\n") {
			f := strings.Fields(line)
			if len(f) < 4 || strings.HasPrefix(line, "#") {
				continue
			}
			er, err := strconv.ParseFloat(f[1], 64)
			if err != nil {
				t.Fatal(err)
			}
			if er >= lo && er < hi {
				out = append(out, mustLine(t, f[0]))
			}
		}
	}
	return out
}

// TestStepMemoMatchesPlain replays the rating paths of the SE reference
// puzzles rated 6.0 to 8.9 and, at each position and at a copy with a few
// candidates removed at random (so that the remembered position is
// sometimes ahead of the one searched, with candidates that came back),
// compares each finder that keeps a memo, through one memo, with the plain
// search: the aligned exclusions with alignedExclusionPlain, the subsets,
// intersections and fish with themselves without a memo.
func TestStepMemoMatchesPlain(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(1, 2))
	type finder struct {
		name string
		find func(*hgrid) (Step, bool)
		// plain finds without a memo; nil: find on a copy without one
		plain func(*hgrid) (Step, bool)
	}
	finders := []finder{
		{"aligned pair", func(g *hgrid) (Step, bool) { return g.alignedExclusion(2) }, func(g *hgrid) (Step, bool) { return g.alignedExclusionPlain(2) }},
		{"aligned triplet", func(g *hgrid) (Step, bool) { return g.alignedExclusion(3) }, func(g *hgrid) (Step, bool) { return g.alignedExclusionPlain(3) }},
		{"direct locking", func(g *hgrid) (Step, bool) { return g.locking(true) }, nil},
		{"locking", func(g *hgrid) (Step, bool) { return g.locking(false) }, nil},
	}
	for n := 2; n <= 4; n++ {
		finders = append(finders,
			finder{fmt.Sprintf("fish %d", n), func(g *hgrid) (Step, bool) { return g.fish(n) }, nil},
			finder{fmt.Sprintf("naked set %d", n), func(g *hgrid) (Step, bool) { return g.nakedSet(n) }, nil},
			finder{fmt.Sprintf("hidden set %d", n), func(g *hgrid) (Step, bool) { return g.hiddenSet(n, false) }, nil})
		if n < 4 {
			finders = append(finders, finder{fmt.Sprintf("direct hidden set %d", n), func(g *hgrid) (Step, bool) { return g.hiddenSet(n, true) }, nil})
		}
	}
	memo := new(stepMemo)
	found := map[string]int{}
	remembered := 0
	compare := func(name string, g *hgrid) {
		t.Helper()
		g.memo = memo
		plainGrid := *g
		plainGrid.memo = nil
		for _, f := range finders {
			st, ok := f.find(g)
			var want Step
			var wantOK bool
			if f.plain != nil {
				want, wantOK = f.plain(&plainGrid)
			} else {
				want, wantOK = f.find(&plainGrid)
			}
			if ok != wantOK || !reflect.DeepEqual(st, want) {
				t.Fatalf("%s: %s: %v %v, plain search %v %v", name, f.name, st, ok, want, wantOK)
			}
			if ok {
				found[f.name]++
			}
		}
	}
	for i, p := range sePuzzles(t, 6, 9) {
		_, steps, err := Rate(ctx, p)
		if err != nil {
			t.Fatal(err)
		}
		var g hgrid
		g.init((*[81]uint8)(p.Cells))
		for k, st := range steps {
			name := fmt.Sprintf("puzzle %d (%v), before step %d", i, p, k+1)
			if memo.aligned.valid[3] {
				remembered++
			}
			compare(name, &g)
			h := g
			for r := rng.IntN(6); r > 0; r-- {
				c := rng.IntN(81)
				if m := h.cand[c]; pop(m) > 2 {
					h.remove(c, nthDigit(m, rng.IntN(pop(m))))
				}
			}
			compare(name+", candidates removed", &h)
			g.apply(&st)
		}
	}
	// The comparison must have seen every finder find steps, and the memo
	// in use.
	for _, f := range finders {
		if found[f.name] == 0 {
			t.Errorf("%s found no step: too few to test", f.name)
		}
	}
	if remembered == 0 {
		t.Error("the memo was never used")
	}
	t.Logf("steps found: %v; %d positions with a memo", found, remembered)
}

// nthDigit returns the k-th digit (from 0) of candidate mask m.
func nthDigit(m uint16, k int) int {
	for ; k > 0; k-- {
		m &= m - 1
	}
	return bits.TrailingZeros16(m)
}

// TestRateMemoSamePath rates the SE reference puzzles rated 6.0 to 8.9
// with and without the step finders' memo and compares every step.
func TestRateMemoSamePath(t *testing.T) {
	ctx := context.Background()
	for _, p := range sePuzzles(t, 6, 9) {
		h, err := newHumanSolver(ctx, p)
		if err != nil {
			t.Fatal(err)
		}
		h.g.memo = nil
		want, wantSteps, err := h.rate()
		if err != nil {
			t.Fatal(err)
		}
		got, steps, err := Rate(ctx, p)
		if err != nil {
			t.Fatal(err)
		}
		if got != want || !reflect.DeepEqual(steps, wantSteps) {
			t.Fatalf("%v: rated %v with the memo, %v without; the paths differ", p, got, want)
		}
	}
}

// alignedExclusionPlain finds aligned pair (n = 2, 6.2) and triplet (n = 3,
// 7.5) exclusions in SE's order: for n cells with common excluding cells
// (cells of 2..n candidates that see them all), a candidate that belongs to
// no combination of digits that both leaves every excluding cell a
// candidate and repeats no digit between cells that see each other goes.
func (g *hgrid) alignedExclusionPlain(n int) (Step, bool) {
	var cands []int
	var excl [81]cellSet
	var isBase cellSet
	for i := 0; i < 81; i++ {
		if pop(g.cand[i]) < 2 {
			continue
		}
		single := false
		var ex cellSet
		for _, p := range hPeers[i] {
			k := pop(g.cand[p])
			if k == 1 {
				single = true
				break
			} else if k >= 2 && k <= n {
				ex.add(int(p))
			}
		}
		if !single && !ex.empty() {
			cands = append(cands, i)
			excl[i] = ex
			isBase.add(i)
		}
	}
	if len(cands) < n {
		return Step{}, false
	}
	var common []uint16
	try := func(cells []int, cs cellSet) (Step, bool) {
		// Only an excluding cell whose candidates all belong to the base
		// cells can forbid a combination.
		var union uint16
		for _, c := range cells {
			union |= g.cand[c]
		}
		common = common[:0]
		for k := 0; k < 2; k++ {
			for m := cs[k]; m != 0; m &= m - 1 {
				if e := 64*k + bits.TrailingZeros64(m); g.cand[e]&^union == 0 {
					common = append(common, g.cand[e])
				}
			}
		}
		allowed, all := alignedAllowedPlain(g, cells, common)
		if all {
			return Step{}, false
		}
		var el []Candidate
		for k, c := range cells {
			for m := g.cand[c] &^ allowed[k]; m != 0; m &= m - 1 {
				el = append(el, Candidate{c, bits.TrailingZeros16(m)})
			}
		}
		if len(el) == 0 {
			return Step{}, false
		}
		st := Step{Technique: "Aligned Pair Exclusion", se: 6.2, Cells: append([]int(nil), cells...), Eliminations: el}
		if n == 3 {
			st.Technique, st.se = "Aligned Triplet Exclusion", 7.5
		}
		return st, true
	}
	var tail []int
	for n2 := 1; n2 < len(cands); n2++ {
		for n1 := 0; n1 < n2; n1++ {
			c0, c1 := cands[n1], cands[n2]
			both := excl[c0].and(excl[c1])
			if n == 2 {
				if both.count() >= 2 {
					if st, ok := try([]int{c0, c1}, both); ok {
						return st, true
					}
				}
				continue
			}
			// The tail cells: the base cells among the excluders of c0, then
			// of c1, in that order (SE's twin area).
			tail = tail[:0]
			b0 := excl[c0].and(isBase)
			for k := 0; k < 2; k++ {
				for m := b0[k]; m != 0; m &= m - 1 {
					if c := 64*k + bits.TrailingZeros64(m); c != c1 {
						tail = append(tail, c)
					}
				}
			}
			b1 := excl[c1].and(isBase)
			for k := 0; k < 2; k++ {
				for m := b1[k] &^ excl[c0][k]; m != 0; m &= m - 1 {
					if c := 64*k + bits.TrailingZeros64(m); c != c0 {
						tail = append(tail, c)
					}
				}
			}
			for _, c2 := range tail {
				cs := both.and(excl[c2])
				if cs.count() < 2 {
					continue
				}
				if st, ok := try([]int{c0, c1, c2}, cs); ok {
					return st, true
				}
			}
		}
	}
	return Step{}, false
}

// alignedAllowedPlain returns, for each of the 2 or 3 cells, the digits that
// belong to at least one combination that repeats no digit between cells
// that see each other and leaves each mask of common a digit; all reports
// that every candidate of every cell does (it stops as soon as they do).
func alignedAllowedPlain(g *hgrid, cells []int, common []uint16) (allowed [3]uint16, all bool) {
	excluded := func(used uint16) bool {
		for _, e := range common {
			if e&^used == 0 {
				return true
			}
		}
		return false
	}
	c0, c1 := cells[0], cells[1]
	m0, m1 := g.cand[c0], g.cand[c1]
	s01 := hSees(c0, c1)
	if len(cells) == 2 {
		for a := m0; a != 0; a &= a - 1 {
			b0 := a & -a
			for b := m1; b != 0; b &= b - 1 {
				b1 := b & -b
				if (s01 && b0 == b1) || excluded(b0|b1) {
					continue
				}
				allowed[0] |= b0
				allowed[1] |= b1
				if allowed[0] == m0 && allowed[1] == m1 {
					return allowed, true
				}
			}
		}
		return allowed, false
	}
	c2 := cells[2]
	m2 := g.cand[c2]
	s02, s12 := hSees(c0, c2), hSees(c1, c2)
	for a := m0; a != 0; a &= a - 1 {
		b0 := a & -a
		for b := m1; b != 0; b &= b - 1 {
			b1 := b & -b
			if s01 && b0 == b1 {
				continue
			}
			for c := m2; c != 0; c &= c - 1 {
				b2 := c & -c
				if (s02 && b0 == b2) || (s12 && b1 == b2) || excluded(b0|b1|b2) {
					continue
				}
				allowed[0] |= b0
				allowed[1] |= b1
				allowed[2] |= b2
				if allowed[0] == m0 && allowed[1] == m1 && allowed[2] == m2 {
					return allowed, true
				}
			}
		}
	}
	return allowed, false
}
