package sliding

import (
	"fmt"
	"testing"
)

// TestSolvableAgainstBruteForce checks Solvable on every board of the small
// sizes, for several goals, against reachability by breadth-first search.
func TestSolvableAgainstBruteForce(t *testing.T) {
	t.Parallel()
	for _, size := range [][2]int{{2, 2}, {2, 3}, {3, 2}, {4, 2}} {
		w, h := size[0], size[1]
		for gi, goal := range goalsFor(w, h, uint64(w*10+h)) {
			dist := bruteDistances(t, goal)
			total, reach := 0, 0
			allBoards(w, h, func(b Board) {
				total++
				_, want := dist[string(b.Tiles)]
				if want {
					reach++
				}
				if got := Solvable(b, goal); got != want {
					t.Fatalf("%dx%d goal %d %v: Solvable(%v) = %v, want %v", w, h, gi, goal.Tiles, b.Tiles, got, want)
				}
			})
			if reach*2 != total {
				t.Errorf("%dx%d goal %d: %d of %d boards reachable, want half", w, h, gi, reach, total)
			}
		}
	}
}

func TestSolvableExamples(t *testing.T) {
	t.Parallel()
	std := Standard(3, 3)
	spiral := mustBoard(t, 3, 3, 1, 2, 3, 8, 0, 4, 7, 6, 5)
	tests := []struct {
		b, goal Board
		want    bool
	}{
		{std, std, true},
		{mustBoard(t, 3, 3, 2, 1, 3, 4, 5, 6, 7, 8, 0), std, false},
		{mustBoard(t, 3, 3, 1, 2, 3, 4, 5, 6, 8, 7, 0), std, false},
		{mustBoard(t, 3, 3, 2, 8, 3, 1, 6, 4, 7, 0, 5), spiral, true},
		{std, spiral, false},
		// 4x4: Sam Loyd's 14-15 puzzle cannot be solved.
		{mustBoard(t, 4, 4, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 15, 14, 0), Standard(4, 4), false},
		// 4x4: the blank one row up changes the answer on an even width.
		{mustBoard(t, 4, 4, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 0, 13, 14, 15, 12), Standard(4, 4), true},
		{mustBoard(t, 4, 4, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 0, 13, 14, 12, 15), Standard(4, 4), false},
		// Different sizes never match.
		{Standard(2, 3), Standard(3, 2), false},
	}
	for i, tt := range tests {
		if got := Solvable(tt.b, tt.goal); got != tt.want {
			t.Errorf("case %d: Solvable(%v, %v) = %v, want %v", i, tt.b.Tiles, tt.goal.Tiles, got, tt.want)
		}
	}
}

// TestSolvableScrambles checks that boards reached by moves from the goal are
// solvable and that swapping two tiles makes them unsolvable, on larger
// rectangular boards.
func TestSolvableScrambles(t *testing.T) {
	t.Parallel()
	r := newRand(7)
	for _, size := range [][2]int{{3, 4}, {4, 3}, {4, 4}, {5, 5}, {2, 7}, {8, 8}} {
		w, h := size[0], size[1]
		for _, goal := range goalsFor(w, h, 3) {
			t.Run(fmt.Sprintf("%dx%d", w, h), func(t *testing.T) {
				b := Scramble(r, goal, 101)
				if !Solvable(b, goal) {
					t.Fatalf("a scramble of the goal is not solvable: %v", b.Tiles)
				}
				swapTwoTiles(b)
				if Solvable(b, goal) {
					t.Fatalf("a scramble with two tiles swapped is solvable: %v", b.Tiles)
				}
			})
		}
	}
}
