package sliding

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/searchlab/searchlab/internal/racetest"
	"github.com/searchlab/searchlab/search"
)

// checkSolution fails unless sol is a path of want moves from b to goal
// (want < 0: any length, not claimed optimal).
func checkSolution(t *testing.T, what string, b, goal Board, sol Solution, want int) {
	t.Helper()
	if err := Verify(b, goal, sol.Moves); err != nil {
		t.Fatalf("%s on %v: %v", what, b.Tiles, err)
	}
	if want >= 0 && (sol.Len() != want || !sol.Optimal) {
		t.Fatalf("%s on %v: %d moves (optimal %v), want %d, optimal", what, b.Tiles, sol.Len(), sol.Optimal, want)
	}
}

// TestSolversAgreeWithTable runs every algorithm and heuristic on random
// solvable 3x3 and 2x4 boards, for the standard and the spiral goal, and
// checks lengths against the distance table and paths by replaying them.
func TestSolversAgreeWithTable(t *testing.T) {
	t.Parallel()
	r := newRand(1)
	goals := []Board{Standard(3, 3), mustBoard(t, 3, 3, 1, 2, 3, 8, 0, 4, 7, 6, 5), Standard(2, 4), Standard(4, 2)}
	ctx := context.Background()
	// Three boards per goal under the race detector, which slows these
	// single-threaded searches about fifty times: the two short scrambles
	// and one random board still take every path below.
	boards := 6
	if racetest.Enabled {
		boards = 3
	}
	for _, goal := range goals {
		tab := TableFor(goal)
		for i := range boards {
			b := RandomSolvable(r, goal, true)
			if i < 2 {
				b = Scramble(r, goal, 12) // short enough for BFS, IDDFS and misplaced tiles
			}
			want := tab.Distance(b)
			sol, err := Search(ctx, b, goal, Options{})
			if err != nil {
				t.Fatal(err)
			}
			checkSolution(t, "Solve", b, goal, sol, want)
			for _, name := range heuristicNames {
				h := heuristicNamed(name, goal)
				sol, err := Search(ctx, b, goal, Options{Algorithm: IDAStar, Tuned: true, Heuristic: h})
				if err != nil {
					t.Fatal(err)
				}
				checkSolution(t, "tuned IDA*+"+name, b, goal, sol, want)
				for _, algo := range []Algorithm{AStar, IDAStar} {
					if name == "misplaced" && want > 20 && algo == IDAStar {
						continue // minutes with the generic engine
					}
					sol, err := Search(ctx, b, goal, Options{Algorithm: algo, Heuristic: h})
					if err != nil {
						t.Fatalf("%s+%s: %v", algo, name, err)
					}
					checkSolution(t, string(algo)+"+"+name, b, goal, sol, want)
				}
			}
			algos := []Algorithm{BFS}
			if want <= 14 {
				algos = append(algos, IDDFS)
			}
			for _, algo := range algos {
				sol, err := Search(ctx, b, goal, Options{Algorithm: algo})
				if err != nil {
					t.Fatalf("%s: %v", algo, err)
				}
				checkSolution(t, string(algo), b, goal, sol, want)
			}
			sol, err = Search(ctx, b, goal, Options{Algorithm: DFS, Limits: search.Limits{MaxNodes: 200000}})
			switch {
			case errors.Is(err, search.ErrLimit):
			case err != nil:
				t.Fatalf("dfs: %v", err)
			default:
				checkSolution(t, "dfs", b, goal, sol, -1)
				if sol.Optimal && sol.Len() != want {
					t.Errorf("dfs claims optimal for %d moves, want %d", sol.Len(), want)
				}
				if sol.Len() > tab.MaxDistance() {
					t.Errorf("dfs found %d moves, beyond its depth limit", sol.Len())
				}
			}
		}
	}
}

// korf reads the instances of Korf's 100 15-puzzles (testdata/korf100.txt,
// a copy of /work/shared/data/korf100.txt; goal: blank top-left) whose
// optimal length is at most maxLen, in file order. The 10 easiest have 41 to
// 45 moves.
func korf(t testing.TB, maxLen int) (boards []Board, lengths []int) {
	f, err := os.Open("testdata/korf100.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		fs := strings.Fields(line)
		if len(fs) != 17 {
			t.Fatalf("korf100.txt: %q", line)
		}
		tiles := make([]int, 16)
		for i := range tiles {
			tiles[i], _ = strconv.Atoi(fs[i])
		}
		n, _ := strconv.Atoi(fs[16])
		if n <= maxLen {
			boards = append(boards, mustBoard(t, 4, 4, tiles...))
			lengths = append(lengths, n)
		}
	}
	return boards, lengths
}

// korfGoal is the goal of Korf's instances: the blank top-left.
func korfGoal() Board {
	tiles := make([]int, 16)
	for i := range tiles {
		tiles[i] = i
	}
	b, _ := New(4, 4, tiles)
	return b
}

// TestKorf solves the easiest of Korf's 100 15-puzzle instances with Solve
// and checks the published optimal lengths: the 32 of up to 50 moves (a few
// seconds), or up to SEARCHLAB_KORF_MAX moves when that is set (53: 52
// boards in about 20 s).
func TestKorf(t *testing.T) {
	t.Parallel()
	maxLen := 50
	switch {
	case testing.Short():
		maxLen = 42
	case racetest.Enabled:
		maxLen = 45 // the 10 easiest: the race detector slows the single-threaded IDA* about fifty times
	}
	if s := os.Getenv("SEARCHLAB_KORF_MAX"); s != "" {
		maxLen, _ = strconv.Atoi(s)
	}
	boards, lengths := korf(t, maxLen)
	goal := korfGoal()
	for i, b := range boards {
		sol, err := Search(context.Background(), b, goal, Options{})
		if err != nil {
			t.Fatal(err)
		}
		checkSolution(t, "Solve", b, goal, sol, lengths[i])
		if sol.Method != "idastar+linear" {
			t.Errorf("Solve on 4x4 used %q", sol.Method)
		}
	}
}

// TestLargerBoards checks that the heuristics agree on the optimal length of
// scrambled 4x4, 3x4, 5x3 and 5x5 boards, with any goal.
func TestLargerBoards(t *testing.T) {
	t.Parallel()
	r := newRand(3)
	for _, size := range [][2]int{{4, 4}, {3, 4}, {5, 3}, {2, 6}, {5, 5}, {8, 8}, {16, 2}} {
		w, h := size[0], size[1]
		for gi, goal := range goalsFor(w, h, 9) {
			t.Run(fmt.Sprintf("%dx%d/goal%d", w, h, gi), func(t *testing.T) {
				b := Scramble(r, goal, 26)
				var lens []int
				for _, name := range []string{"manhattan", "linear"} {
					h := heuristicNamed(name, goal)
					sol, err := Search(context.Background(), b, goal, Options{Algorithm: IDAStar, Tuned: true, Heuristic: h})
					if err != nil {
						t.Fatal(err)
					}
					checkSolution(t, name, b, goal, sol, -1)
					if sol.Len() > 26 || !sol.Optimal {
						t.Fatalf("%s: %d moves for a 26-move scramble", name, sol.Len())
					}
					if h.Estimate(b) > sol.Len() {
						t.Errorf("%s estimates %d for a %d-move board", name, h.Estimate(b), sol.Len())
					}
					lens = append(lens, sol.Len())
				}
				if lens[0] != lens[1] {
					t.Errorf("manhattan finds %d moves, linear %d", lens[0], lens[1])
				}
			})
		}
	}
}

// plainHeuristic hides the concrete type, so the tuned IDA* calls Estimate on
// every node (the path a pattern database takes).
type plainHeuristic struct{ Heuristic }

func TestIDAStarOtherHeuristic(t *testing.T) {
	t.Parallel()
	goal := Standard(4, 4)
	b := Scramble(newRand(4), goal, 30)
	want, err := Search(context.Background(), b, goal, Options{})
	if err != nil {
		t.Fatal(err)
	}
	sol, err := Search(context.Background(), b, goal, Options{Algorithm: IDAStar, Tuned: true, Heuristic: plainHeuristic{LinearConflict(goal)}})
	if err != nil {
		t.Fatal(err)
	}
	checkSolution(t, "plain linear", b, goal, sol, want.Len())
	if sol.Stats.Expanded != want.Stats.Expanded {
		t.Errorf("plain heuristic expanded %d nodes, incremental %d", sol.Stats.Expanded, want.Stats.Expanded)
	}
}

func TestSolveErrors(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	hard, _ := korf(t, 100)
	goal := korfGoal()
	b := hard[0]
	canceled, cancel := context.WithCancel(ctx)
	cancel()
	tests := []struct {
		name string
		b    Board
		goal Board
		o    Options
		ctx  context.Context
		want []error
	}{
		{"unsolvable", mustBoard(t, 4, 4, 0, 2, 1, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15), goal, Options{}, ctx, []error{ErrUnsolvable}},
		{"unsolvable bfs", mustBoard(t, 3, 3, 2, 1, 3, 4, 5, 6, 7, 8, 0), Standard(3, 3), Options{Algorithm: BFS}, ctx, []error{ErrUnsolvable}},
		{"sizes differ", Standard(3, 3), goal, Options{}, ctx, []error{ErrInvalid}},
		{"invalid board", Board{W: 2, H: 2, Tiles: []uint8{1, 1, 2, 0}}, Standard(2, 2), Options{}, ctx, []error{ErrInvalid}},
		{"node cap", b, goal, Options{Limits: search.Limits{MaxNodes: 1000}}, ctx, []error{search.ErrLimit}},
		{"canceled", b, goal, Options{}, canceled, []error{search.ErrLimit, context.Canceled}},
		{"bfs node cap", b, goal, Options{Algorithm: BFS, Limits: search.Limits{MaxNodes: 1000}}, ctx, []error{search.ErrLimit}},
		{"astar node cap", b, goal, Options{Algorithm: AStar, Limits: search.Limits{MaxNodes: 1000}}, ctx, []error{search.ErrLimit}},
		{"dfs depth", Scramble(newRand(1), Standard(3, 3), 20), Standard(3, 3), Options{Algorithm: DFS, MaxDepth: 3}, ctx, []error{search.ErrNotFound}},
		{"bad algorithm", Standard(3, 3), Standard(3, 3), Options{Algorithm: "dijkstra"}, ctx, nil},
	}
	for _, tt := range tests {
		_, err := Search(tt.ctx, tt.b, tt.goal, tt.o)
		if err == nil {
			t.Errorf("%s: no error", tt.name)
			continue
		}
		for _, w := range tt.want {
			if !errors.Is(err, w) {
				t.Errorf("%s: error %v does not match %v", tt.name, err, w)
			}
		}
	}
}
