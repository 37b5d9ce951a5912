package sliding

import (
	"fmt"
	"testing"
)

func TestHeuristicValues(t *testing.T) {
	t.Parallel()
	std := Standard(3, 3)
	tests := []struct {
		name  string
		b     Board
		goal  Board
		h     string
		want  int
		notes string
	}{
		{"goal", std, std, "linear", 0, ""},
		{"goal", std, std, "misplaced", 0, ""},
		// 3 2 1 / 4 5 6 / 7 8 _: tiles 1 and 3 are 2 columns off; the row
		// holds 3 tiles whose longest run in goal order is 1, so 2 must
		// leave: +4 (the pairwise form would add 6).
		{"reversed row", mustBoard(t, 3, 3, 3, 2, 1, 4, 5, 6, 7, 8, 0), std, "misplaced", 2, ""},
		{"reversed row", mustBoard(t, 3, 3, 3, 2, 1, 4, 5, 6, 7, 8, 0), std, "manhattan", 4, ""},
		{"reversed row", mustBoard(t, 3, 3, 3, 2, 1, 4, 5, 6, 7, 8, 0), std, "linear", 8, ""},
		// A column conflict: 4 above 1 in column 0.
		{"column", mustBoard(t, 3, 3, 4, 2, 3, 1, 5, 6, 7, 8, 0), std, "manhattan", 2, ""},
		{"column", mustBoard(t, 3, 3, 4, 2, 3, 1, 5, 6, 7, 8, 0), std, "linear", 4, ""},
		// Against the spiral goal 1 2 3 / 8 _ 4 / 7 6 5.
		{"spiral", mustBoard(t, 3, 3, 2, 8, 3, 1, 6, 4, 7, 0, 5), mustBoard(t, 3, 3, 1, 2, 3, 8, 0, 4, 7, 6, 5), "manhattan", 5, ""},
		{"spiral", mustBoard(t, 3, 3, 2, 8, 3, 1, 6, 4, 7, 0, 5), mustBoard(t, 3, 3, 1, 2, 3, 8, 0, 4, 7, 6, 5), "misplaced", 4, ""},
	}
	for _, tt := range tests {
		h := heuristicNamed(tt.h, tt.goal)
		if h.Name() != tt.h {
			t.Fatalf("heuristic %q is named %q", tt.h, h.Name())
		}
		if got := h.Estimate(tt.b); got != tt.want {
			t.Errorf("%s: %s = %d, want %d", tt.name, tt.h, got, tt.want)
		}
	}
}

// TestHeuristicsAdmissible checks h <= the exact distance on every board of
// 2x3, 3x2, 2x4 and 4x2 and every 7th board of 3x3, for several goals, and
// that misplaced <= manhattan <= linear.
func TestHeuristicsAdmissible(t *testing.T) {
	t.Parallel()
	for _, size := range [][2]int{{2, 3}, {3, 2}, {2, 4}, {4, 2}, {3, 3}} {
		w, h := size[0], size[1]
		goals := goalsFor(w, h, 11)
		if w*h == 9 && testing.Short() {
			goals = goals[:2]
		}
		for _, goal := range goals {
			t.Run(fmt.Sprintf("%dx%d/%v", w, h, goal.Tiles), func(t *testing.T) {
				tab := NewTable(goal)
				mis, man, lin := Misplaced(goal), Manhattan(goal), LinearConflict(goal)
				k, tight := 0, 0
				allBoards(w, h, func(b Board) {
					k++
					if w*h == 9 && k%7 != 0 {
						return
					}
					d := tab.Distance(b)
					if d < 0 {
						return
					}
					a, m, l := mis.Estimate(b), man.Estimate(b), lin.Estimate(b)
					if !(a <= m && m <= l && l <= d) {
						t.Fatalf("%v: misplaced %d, manhattan %d, linear %d, distance %d", b.Tiles, a, m, l, d)
					}
					if l > m {
						tight++
					}
				})
				if tight == 0 {
					t.Error("linear conflict never exceeded Manhattan distance")
				}
			})
		}
	}
}

func TestLIS(t *testing.T) {
	t.Parallel()
	tests := []struct {
		in   []uint8
		want int
	}{
		{nil, 0}, {[]uint8{5}, 1}, {[]uint8{0, 1, 2, 3}, 4}, {[]uint8{3, 2, 1, 0}, 1},
		{[]uint8{2, 0, 3, 1}, 2}, {[]uint8{1, 3, 0, 2, 4}, 3},
		{[]uint8{15, 0, 14, 1, 13, 2, 12, 3, 11, 4, 10, 5, 9, 6, 8, 7}, 8},
	}
	for _, tt := range tests {
		if got := lis(tt.in); got != tt.want {
			t.Errorf("lis(%v) = %d, want %d", tt.in, got, tt.want)
		}
	}
}

// heuristicNames are the heuristics of this package, weakest first.
var heuristicNames = []string{"misplaced", "manhattan", "linear"}

// heuristicNamed returns the heuristic of this package called name for
// goal (the registry of package sliding/solve names them for programs).
func heuristicNamed(name string, goal Board) Heuristic {
	switch name {
	case "misplaced":
		return Misplaced(goal)
	case "manhattan":
		return Manhattan(goal)
	case "linear":
		return LinearConflict(goal)
	}
	panic("no heuristic " + name)
}

// TestToward checks that each heuristic made toward another goal is the
// one its constructor makes for that goal, not the one it was made for.
func TestToward(t *testing.T) {
	std := Standard(3, 3)
	spiral := mustBoard(t, 3, 3, 1, 2, 3, 8, 0, 4, 7, 6, 5)
	b := mustBoard(t, 3, 3, 2, 8, 3, 1, 6, 4, 7, 0, 5)
	for _, name := range heuristicNames {
		rh, ok := heuristicNamed(name, std).(Reversible)
		if !ok {
			t.Fatalf("%s is not Reversible", name)
		}
		got, want, old := rh.Toward(spiral), heuristicNamed(name, spiral), heuristicNamed(name, std)
		if got.Name() != name || got.Estimate(b) != want.Estimate(b) || got.Estimate(b) == old.Estimate(b) {
			t.Errorf("%s toward the spiral goal: %s estimates %d, want %d (toward the standard goal %d)", name, got.Name(), got.Estimate(b), want.Estimate(b), old.Estimate(b))
		}
	}
}
