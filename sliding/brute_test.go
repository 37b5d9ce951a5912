package sliding

import (
	"math/rand/v2"
	"testing"
)

// bruteDistances is the independent reference: a plain breadth-first search
// from goal over boards as strings, with every move reversible, so the
// distance from goal to a board is the distance from the board to goal.
func bruteDistances(t testing.TB, goal Board) map[string]int {
	t.Helper()
	dist := map[string]int{string(goal.Tiles): 0}
	queue := []string{string(goal.Tiles)}
	for len(queue) > 0 {
		s := queue[0]
		queue = queue[1:]
		bl := 0
		for s[bl] != 0 {
			bl++
		}
		r, c := bl/goal.W, bl%goal.W
		for _, d := range [][2]int{{-1, 0}, {1, 0}, {0, -1}, {0, 1}} {
			nr, nc := r+d[0], c+d[1]
			if nr < 0 || nr >= goal.H || nc < 0 || nc >= goal.W {
				continue
			}
			b := []byte(s)
			to := nr*goal.W + nc
			b[bl], b[to] = b[to], 0
			if _, ok := dist[string(b)]; !ok {
				dist[string(b)] = dist[s] + 1
				queue = append(queue, string(b))
			}
		}
	}
	return dist
}

// allBoards calls f with every arrangement of a w x h board.
func allBoards(w, h int, f func(Board)) {
	n := w * h
	tiles := make([]uint8, n)
	used := make([]bool, n)
	var rec func(i int)
	rec = func(i int) {
		if i == n {
			f(Board{W: w, H: h, Tiles: append([]uint8(nil), tiles...)})
			return
		}
		for v := range n {
			if !used[v] {
				used[v], tiles[i] = true, uint8(v)
				rec(i + 1)
				used[v] = false
			}
		}
	}
	rec(0)
}

// goalsFor returns the goals tests use for a w x h board: the standard one,
// the blank first, and two random ones.
func goalsFor(w, h int, seed uint64) []Board {
	n := w * h
	first := make([]int, n)
	for i := range first {
		first[i] = i
	}
	bf, _ := New(w, h, first)
	r := rand.New(rand.NewPCG(seed, 1))
	return []Board{Standard(w, h), bf, Random(r, w, h), Random(r, w, h)}
}

func mustBoard(t testing.TB, w, h int, tiles ...int) Board {
	t.Helper()
	b, err := New(w, h, tiles)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func newRand(seed uint64) *rand.Rand { return rand.New(rand.NewPCG(seed, 2)) }
