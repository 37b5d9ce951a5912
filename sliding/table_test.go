package sliding

import (
	"fmt"
	"testing"
)

// TestTableAgainstBruteForce checks every entry of the distance table, and
// a path from every board, against breadth-first search, for every table
// size and several goals (one 3x3 goal in -short mode).
func TestTableAgainstBruteForce(t *testing.T) {
	t.Parallel()
	sizes := [][2]int{{2, 2}, {2, 3}, {3, 2}, {2, 4}, {4, 2}, {3, 3}}
	for _, size := range sizes {
		w, h := size[0], size[1]
		goals := goalsFor(w, h, 5)
		if w*h == 9 {
			spiral := mustBoard(t, 3, 3, 1, 2, 3, 8, 0, 4, 7, 6, 5)
			goals = []Board{goals[0], spiral}
			if testing.Short() {
				goals = goals[:1]
			}
		}
		for _, goal := range goals {
			t.Run(fmt.Sprintf("%dx%d/%v", w, h, goal.Tiles), func(t *testing.T) {
				dist := bruteDistances(t, goal)
				tab := NewTable(goal)
				if tab.States() != len(dist) {
					t.Errorf("States() = %d, want %d", tab.States(), len(dist))
				}
				maxD := 0
				k := 0
				allBoards(w, h, func(b Board) {
					want, ok := dist[string(b.Tiles)]
					if !ok {
						want = -1
					}
					maxD = max(maxD, want)
					if got := tab.Distance(b); got != want {
						t.Fatalf("Distance(%v) = %d, want %d", b.Tiles, got, want)
					}
					k++
					if w*h == 9 && k%97 != 0 {
						return // paths on a sample of 3x3 boards
					}
					moves, ok := tab.Path(b)
					if ok != (want >= 0) {
						t.Fatalf("Path(%v): ok %v, want %v", b.Tiles, ok, want >= 0)
					}
					if ok {
						if len(moves) != want {
							t.Fatalf("Path(%v) has %d moves, want %d", b.Tiles, len(moves), want)
						}
						if err := Verify(b, goal, moves); err != nil {
							t.Fatalf("Path(%v): %v", b.Tiles, err)
						}
					}
				})
				if tab.MaxDistance() != maxD {
					t.Errorf("MaxDistance() = %d, want %d", tab.MaxDistance(), maxD)
				}
			})
		}
	}
}

func TestTableForCaches(t *testing.T) {
	t.Parallel()
	g := Standard(3, 3)
	a, b := TableFor(g), TableFor(g.Clone())
	if a != b {
		t.Error("TableFor built a second table for the same goal")
	}
	if !a.Goal().Equal(g) || a.States() != 181440 {
		t.Errorf("table for %v: goal %v, %d states", g.Tiles, a.Goal().Tiles, a.States())
	}
}

// TestTableForConcurrent builds one goal's table from many goroutines at
// once (run with -race): all get the same table, and it answers correctly.
func TestTableForConcurrent(t *testing.T) {
	t.Parallel()
	goal, _ := ParseGoal("1 2 3 4 5 0 7 8 6", 3, 3) // a goal no other test uses
	b := mustBoard(t, 3, 3, 1, 2, 3, 4, 0, 5, 7, 8, 6)
	tables := make(chan *Table, 8)
	for range 8 {
		go func() {
			tab := TableFor(goal)
			if d := tab.Distance(b); d != 1 {
				t.Errorf("Distance = %d, want 1", d)
			}
			tables <- tab
		}()
	}
	first := <-tables
	for range 7 {
		if <-tables != first {
			t.Error("TableFor built two tables for one goal")
		}
	}
}
