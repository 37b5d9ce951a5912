package sudoku

import (
	"context"
	"math/bits"
	"testing"
)

// chainPositions returns the positions on the solving paths of some hard
// sample puzzles from which a step of at least min is taken: the positions
// the chaining techniques search.
func chainPositions(t *testing.T, min float64, max int) []hgrid {
	t.Helper()
	var out []hgrid
	for _, line := range readLines(t, "norvig_top95.txt", 30) {
		p := mustLine(t, line)
		_, steps, err := Rate(context.Background(), p)
		if err != nil {
			t.Fatal(err)
		}
		var g hgrid
		g.init((*[81]uint8)(p.Cells))
		for k := range steps {
			if steps[k].Difficulty >= min {
				out = append(out, g)
				if len(out) == max {
					return out
				}
			}
			g.apply(&steps[k])
		}
	}
	return out
}

// TestNishioConflictMatchesChains checks nishioBits.conflict, Nishio's
// quick test, against the chain it stands for: from every candidate, on
// and off, the chain meets a contradiction exactly when it says.
func TestNishioConflictMatchesChains(t *testing.T) {
	positions := chainPositions(t, 6.5, 60)
	if len(positions) < 20 {
		t.Fatalf("only %d positions", len(positions))
	}
	conflicts := 0
	for i := range positions {
		g := &positions[i]
		ch := newChainer(g)
		ch.setForcing(false, true, true, 0)
		var nb nishioBits
		nb.set(g)
		for cell := 0; cell < 81; cell++ {
			for m := g.cand[cell]; g.val[cell] == 0 && m != 0; m &= m - 1 {
				c := cell*10 + bits.TrailingZeros16(m)
				for _, on := range []bool{true, false} {
					toOn, toOff := ch.set(), ch.set()
					if on {
						toOn.add(c, ch.node(c, true, causeNone, -1))
					} else {
						toOff.add(c, ch.node(c, false, causeNone, -1))
					}
					_, _, bad := ch.doChaining(toOn, toOff)
					ch.release()
					if got := nb.conflict(c, on); got != bad {
						t.Fatalf("position %d: r%dc%d=%d on=%v: nishioBits.conflict %v, chain %v",
							i, cell/9+1, cell%9+1, c%10, on, got, bad)
					}
					if bad {
						conflicts++
					}
				}
			}
		}
		ch.done()
	}
	if conflicts == 0 {
		t.Fatal("no contradiction met: the test shows nothing")
	}
	t.Logf("%d positions, %d contradictions", len(positions), conflicts)
}

// TestStateReachMatchesSearch checks findReach's bit sets, which skip
// unary chains from "off" and static multiple chains, against a plain
// breadth-first search of the same links from every state.
func TestStateReachMatchesSearch(t *testing.T) {
	positions := chainPositions(t, 7.0, 25)
	if len(positions) < 10 {
		t.Fatalf("only %d positions", len(positions))
	}
	backs := 0
	for i := range positions {
		g := &positions[i]
		ch := newChainer(g)
		ch.newLinks()
		ch.findReach(true, true)
		r := ch.reach
		for s := 0; s < 1620; s++ {
			if g.cand[s/20]&(1<<(s/2%10)) == 0 || s/2%10 == 0 {
				continue
			}
			var seen [1620]bool
			seen[s] = true
			queue := []int{s}
			for len(queue) > 0 {
				v := queue[0]
				queue = queue[1:]
				for _, im := range ch.edges(v, true) {
					if w := linkState(im, v); !seen[w] {
						seen[w] = true
						queue = append(queue, w)
					}
				}
			}
			k := int(r.comp[s])
			for w := 0; w < 1620; w++ {
				x := int(r.index[w]) - 1
				got := x >= 0 && r.reach[k*r.words+x/64]&(1<<(x%64)) != 0
				if got != seen[w] {
					t.Fatalf("position %d: state %d reaches %d: bit set %v, search %v", i, s, w, got, seen[w])
				}
			}
			if c := s / 2; s%2 == 0 && ch.offReaches(c) != seen[s+1] {
				t.Fatalf("position %d: offReaches(%d) = %v, search %v", i, c, !seen[s+1], seen[s+1])
			} else if s%2 == 0 && seen[s+1] {
				backs++
			}
		}
		ch.done()
	}
	t.Logf("%d positions, %d candidates whose off leads to their on", len(positions), backs)
}
