package sudoku

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// checkSteps replays steps on p and fails when a step removes a candidate
// of the solution, places a wrong digit, removes a candidate that is not
// there, or places into a filled cell.
func checkSteps(t *testing.T, name string, p Grid, sol []uint8, steps []Step) {
	t.Helper()
	var g hgrid
	g.init((*[81]uint8)(p.Cells))
	for k, st := range steps {
		if len(st.Eliminations) == 0 && len(st.Placements) == 0 {
			t.Fatalf("%s: step %d (%v) does nothing", name, k+1, st)
		}
		for _, e := range st.Eliminations {
			if int(sol[e.Cell]) == e.Digit {
				t.Fatalf("%s: step %d (%v) removes the solution's %v", name, k+1, st, e)
			}
			if g.cand[e.Cell]&(1<<e.Digit) == 0 {
				t.Fatalf("%s: step %d (%v) removes %v, which is not a candidate", name, k+1, st, e)
			}
		}
		for _, pl := range st.Placements {
			if int(sol[pl.Cell]) != pl.Digit {
				t.Fatalf("%s: step %d (%v) places %v; the solution has %d", name, k+1, st, pl, sol[pl.Cell])
			}
			if g.val[pl.Cell] != 0 {
				t.Fatalf("%s: step %d (%v) places into the filled %s", name, k+1, st, cellName(9, pl.Cell))
			}
		}
		g.apply(&st)
	}
}

// humanSets are the data sets the step check runs over, with the number of
// puzzles taken from each when SEARCHLAB_DATA is not set (-full: all).
var humanSets = []struct {
	name string
	max  int
}{
	{"norvig_easy50.txt", 50},
	{"norvig_top95.txt", 95},
	{"tdoku_17_clue.txt", 100},
	{"magictour_top1465.txt", 30},
	{"sudokuvault_top50000.txt", 15},
	{"forum_hardest_1106.txt", 3}, // nested forcing chains, seconds each
}

// TestHumanStepsAgreeWithSolution rates puzzles of the data sets and checks
// every step of every path against the solution.
func TestHumanStepsAgreeWithSolution(t *testing.T) {
	ctx := context.Background()
	for _, set := range humanSets {
		lines := readLines(t, set.name, set.max)
		beyond := 0
		for i, line := range lines {
			p := mustLine(t, line)
			res, err := Solve(ctx, p, Options{Limit: 2})
			if err != nil || res.Count != 1 {
				continue
			}
			sol := append([]uint8(nil), res.Solution.Cells...)
			r, steps, err := Rate(ctx, p)
			if err != nil {
				t.Fatalf("%s:%d: %v", set.name, i+1, err)
			}
			checkSteps(t, fmt.Sprintf("%s:%d", set.name, i+1), p, sol, steps)
			if r.ER == BeyondSolver {
				beyond++
			} else if !(r.ER >= r.EP && r.EP >= r.ED && r.ED >= 1.0) {
				t.Errorf("%s:%d: rating %v is not ER >= EP >= ED >= 1.0", set.name, i+1, r)
			}
		}
		t.Logf("%s: %d puzzles, %d beyond the techniques", set.name, len(lines), beyond)
	}
}

// seRatingFiles are the reference ratings made with Sudoku Explainer
// itself (how they were made is in each file's header).
var seRatingFiles = []string{"se-ratings-tuning.txt", "se-ratings-unseen.txt"}

// TestSERatingAgreement rates the puzzles of the Sudoku Explainer
// reference files and reports, per band of SE's ER, how many of ER, EP and
// ED agree exactly and within 0.1. Every band must agree on at least 95%
// exactly and 98% within 0.1, and every step of every path must agree
// with the solution. Without SEARCHLAB_RELIABILITY=long only the puzzles
// SE rates below 8.5 are rated (the nested forcing chains of 9.5 and up
// take seconds a puzzle).
func TestSERatingAgreement(t *testing.T) {
	long := os.Getenv("SEARCHLAB_RELIABILITY") == "long"
	type tally struct{ n, exact, near [3]int }
	bands := map[int]*tally{}
	read := 0
	for _, name := range seRatingFiles {
		data, err := os.ReadFile(filepath.Join("testdata", name))
		if err != nil {
			t.Logf("%s: %v", name, err)
			continue
		}
		read++
		for i, line := range strings.Split(string(data), "\n") {
			f := strings.Fields(line)
			if len(f) < 4 || strings.HasPrefix(line, "#") {
				continue
			}
			var want [3]float64
			for k := range want {
				if _, err := fmt.Sscan(f[1+k], &want[k]); err != nil {
					t.Fatalf("%s:%d: %v", name, i+1, err)
				}
			}
			if !long && want[0] >= 8.5 {
				continue
			}
			p := mustLine(t, f[0])
			r, steps, err := Rate(context.Background(), p)
			if err != nil {
				t.Fatalf("%s:%d: %v", name, i+1, err)
			}
			res, err := Solve(context.Background(), p, Options{Limit: 2})
			if err != nil || res.Count != 1 {
				t.Fatalf("%s:%d: the puzzle has %d solutions (%v)", name, i+1, res.Count, err)
			}
			checkSteps(t, fmt.Sprintf("%s:%d", name, i+1), p, res.Solution.Cells, steps)
			got := [3]float64{r.ER, r.EP, r.ED}
			b := min(int(want[0]), 11)
			if bands[b] == nil {
				bands[b] = &tally{}
			}
			for k := range got {
				bands[b].n[k]++
				if got[k] == want[k] {
					bands[b].exact[k]++
				}
				if math.Abs(got[k]-want[k]) <= 0.1+1e-9 {
					bands[b].near[k]++
				}
			}
			if got != want {
				t.Logf("%s:%d: %s: got %v, SE %v", name, i+1, f[0], r, want)
			}
		}
	}
	if read == 0 {
		t.Skip("no SE reference ratings in testdata")
	}
	for b := 1; b <= 11; b++ {
		tl := bands[b]
		if tl == nil {
			continue
		}
		var parts []string
		for k, what := range []string{"ER", "EP", "ED"} {
			ex := 100 * float64(tl.exact[k]) / float64(tl.n[k])
			nr := 100 * float64(tl.near[k]) / float64(tl.n[k])
			parts = append(parts, fmt.Sprintf("%s %.0f%% exact %.0f%% within 0.1", what, ex, nr))
			if ex < 95 || nr < 98 {
				t.Errorf("band %d: %s agrees with SE on %.1f%% (exact), %.1f%% (within 0.1)", b, what, ex, nr)
			}
		}
		t.Logf("ER band %d (%d puzzles): %s", b, tl.n[0], strings.Join(parts, ", "))
	}
}

// TestHumanRateDump prints "ER EP ED" for each line of $HUMAN_RATE_FILE (a
// development aid; skipped without it).
func TestHumanRateDump(t *testing.T) {
	name := os.Getenv("HUMAN_RATE_FILE")
	if name == "" {
		t.Skip("HUMAN_RATE_FILE not set")
	}
	data, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		p := mustLine(t, line[:81])
		t0 := processTime()
		r, steps, err := Rate(context.Background(), p)
		if err != nil {
			t.Fatal(err)
		}
		if os.Getenv("HUMAN_RATE_TIME") != "" {
			fmt.Printf("%s %v %.4f\n", line[:81], r, (processTime() - t0).Seconds())
		} else {
			fmt.Println(line[:81], r)
		}
		if os.Getenv("HUMAN_RATE_STEPS") != "" {
			for _, s := range steps {
				fmt.Printf("  %.1f %v\n", s.Difficulty, s)
			}
		}
	}
}

// TestRateRejects checks the errors: not unique, no solution, not 9x9.
func TestRateRejects(t *testing.T) {
	ctx := context.Background()
	two := mustLine(t, ".................................................................................")
	if _, _, err := Rate(ctx, two); !errors.As(err, new(*NotUniqueError)) {
		t.Errorf("empty grid: %v, want a *NotUniqueError", err)
	}
	none := mustLine(t, pad81("12345678.........9"))
	var nu *NotUniqueError
	if _, _, err := Rate(ctx, none); !errors.As(err, &nu) || nu.Solutions != 0 {
		t.Errorf("no solution: %v, want a *NotUniqueError with 0 solutions", err)
	}
	small, _ := NewGrid(2)
	if _, _, err := Rate(ctx, small); !errors.Is(err, ErrNotNine) {
		t.Errorf("4x4: %v, want ErrNotNine", err)
	}
}

// TestHumanTechniques applies each finder to a hand-made position (a
// puzzle, or a puzzle with candidates removed) and checks the first step it
// finds, or that it finds none.
func TestHumanTechniques(t *testing.T) {
	cases := []struct {
		name   string
		puzzle string
		remove string // candidates removed first: "r1c2=3 r4c5=6"
		find   func(*hgrid) (Step, bool)
		want   string // the step's String, "" for none
		se     float64
	}{
		{
			name:   "full house in a block",
			puzzle: "123......456......78.............................................................",
			find:   (*hgrid).hiddenSingle,
			want:   "Full House 9 in block 1 (r3c3): places 9 in r3c3", se: 1.0,
		},
		{
			name:   "hidden single in a block",
			puzzle: ".1...........................1............................1...........1..........",
			find:   (*hgrid).hiddenSingle,
			want:   "Hidden Single 1 in block 7 (r9c1): places 1 in r9c1", se: 1.2,
		},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := mustLine(t, pad81(c.puzzle))
			var g hgrid
			g.init((*[81]uint8)(p.Cells))
			for _, f := range strings.Fields(c.remove) {
				var r, col, d int
				if _, err := fmt.Sscanf(f, "r%dc%d=%d", &r, &col, &d); err != nil {
					t.Fatal(err)
				}
				g.remove(9*(r-1)+col-1, d)
			}
			st, ok := c.find(&g)
			if c.want == "" {
				if ok {
					t.Fatalf("found %v, want none", st)
				}
				return
			}
			if !ok {
				t.Fatalf("found none, want %s", c.want)
			}
			if st.String() != c.want || st.se != c.se {
				t.Errorf("found %v (%v), want %s (%v)", st, st.se, c.want, c.se)
			}
		})
	}
}

// pad81 fills a puzzle line out to 81 cells with blanks.
func pad81(s string) string { return s + strings.Repeat(".", 81-len(s)) }

// TestHumanTechniquesOnPaths rates puzzles whose hardest step, by
// Sudoku Explainer, is each technique in turn (SE's value from its own log),
// and checks that the hardest step of our path is that technique with that
// value, and that every step agrees with the solution.
func TestHumanTechniquesOnPaths(t *testing.T) {
	cases := []struct {
		technique string
		se        float64
		puzzle    string
	}{
		{"Direct Pointing", 1.7, "........1.......2...3.45........63...1.......72..........2....7..4...5...8..1...9"},
		{"Direct Hidden Pair", 2.0, "......9.7...42.18....7.5.261..9.4....5.....4....5.7..992.1.8....34.59...5.7......"},
		{"Naked Single", 2.3, "..............1..2..3....4.........1....53....26.....7.......3..1.6......8.7..95."},
		{"Pointing", 2.6, ".98.1....2......6.............3.2.5..84.........6.........4.8.93..5...........1.."},
		{"Claiming", 2.8, ".2.3......63.....58.......15....9.3....7........1....8.879..26......6.7...6..7..4"},
		{"Naked Pair", 3.0, "38..........4..785..9.2.3...6..9....8..3.2..9....4..7...1.7.5..495..6..........92"},
		{"X-Wing", 3.2, "3..2........1.7...7.6.3.5...7...9.8.9...2...4.1.8...5...9.4.3.1...7.2........8..6"},
		{"Hidden Pair", 3.4, "......8.17..2........5.6......7...5..1....3...8.......5......2..4..8....6...3...."},
		{"Naked Triplet", 3.6, ".2.......3.5.62..9.68...3...5..........64.8.2..47..9....3.....1.....6...17.43...."},
		{"Hidden Triplet", 4.0, "4...7.1....19.46.5.....1......7....2..2.3....847..6....14...8.6.2....3..6...9...."},
		{"XY-Wing", 4.2, ".2..........6....3.74.8.........3..2.8..4..1.6..5.........1.78.5....9..........4."},
		{"Unique Rectangle type 1", 4.5, "7....2.4..6.5..9.......81..3.7.........7.1...8..4....5..........96...7..1..8.3..4"},
		{"Unique Loop type 2", 4.6, "..............1..2.34....5.......6......3..4.2....5......7..4..15.......6...8.1.."},
		{"BUG type 1", 5.6, ".8...4.5....7..3............1..85...6.....2......4....3.26............417........"},
		{"BUG type 2", 5.7, "................12..3.45.........3...1.6.7....8....4.5...2...8...4...7..5........"},
		{"Turbot Fish", 6.6, "....14....3....2...7..........9...3.6.1.............8.2.....1.4....5.6.....7.8..."},
		{"Forcing X-Chain", 6.7, "................12..3.45...........6..7..48...39...........84..2..1.....61......."},
		{"Bidirectional Y-Cycle", 6.8, "................12..3.45.........4...6......372.6........2...7...4...5...1..8...."},
		{"Forcing Chain", 7.1, "48.3............71.2.......7.5....6....2..8.............1.76...3.....4......5...."},
		{"Nishio Forcing Chains", 7.6, "....714.2.........2.7....3..4.19.25..8.......7....3.4...3..7...5.4....9.....2...."},
		{"Region Forcing Chains", 8.2, ".4..5..67...1...4....2.....1..8..3........2...6...........4..5.3.....8..2........"},
		{"Cell Forcing Chains", 8.3, ".7.5.....4.....29..8..4......2.....7..9.......5..28......9....3.....7.157..65..4."},
		{"Dynamic Cell Forcing Chains", 8.8, ".89.1..3...43.9..6..2...9...9....3.1...8.......572.......9....56.3..41..........."},
		{"Dynamic Contradiction Forcing Chains", 8.9, "..........72.6.1....51...82.8...13..4.........37.9..1.....238..5.4..9.........79."},
		{"Dynamic Region Forcing Chains", 9.0, "....5...11......7..6.....8......4.....9.1.3.....596.2..8..62..7..7......3.5.7.2.."},
	}
	ctx := context.Background()
	for _, c := range cases {
		t.Run(c.technique, func(t *testing.T) {
			if c.se >= 8.5 && testing.Short() {
				t.Skip("slow in -short")
			}
			p := mustLine(t, c.puzzle)
			res, err := Solve(ctx, p, Options{Limit: 2})
			if err != nil || res.Count != 1 {
				t.Fatalf("not unique: %v %d", err, res.Count)
			}
			r, steps, err := Rate(ctx, p)
			if err != nil {
				t.Fatal(err)
			}
			checkSteps(t, c.technique, p, res.Solution.Cells, steps)
			hardest := steps[0]
			for _, st := range steps {
				if st.se > hardest.se {
					hardest = st
				}
			}
			if hardest.Technique != c.technique || hardest.Difficulty != c.se || r.ER != c.se {
				t.Errorf("hardest step %v (%.1f), ER %.1f; SE: %s %.1f", hardest, hardest.Difficulty, r.ER, c.technique, c.se)
			}
		})
	}
}

// TestHumanFindersMustNot breaks each basic pattern by hand and checks that
// the finder no longer finds it.
func TestHumanFindersMustNot(t *testing.T) {
	// An X-Wing on 1 in rows 1 and 5 (columns 2 and 8), made by removing 1
	// from the other cells of those rows: the finder sees it, and no longer
	// once r5c8 loses 1 too.
	var g hgrid
	g.init(new([81]uint8))
	for _, r := range []int{0, 4} {
		for c := 0; c < 9; c++ {
			if c != 1 && c != 7 {
				g.remove(9*r+c, 1)
			}
		}
	}
	st, ok := g.fish(2)
	if !ok || st.Technique != "X-Wing" || st.Digits[0] != 1 {
		t.Fatalf("X-Wing not found: %v %v", st, ok)
	}
	g.remove(9*4+7, 1)
	if st, ok := g.fish(2); ok && st.Digits[0] == 1 && len(st.Cells) == 4 && st.Cells[3] == 9*4+7 {
		t.Errorf("broken X-Wing still found: %v", st)
	}
	// A naked pair 2,3 in row 1 (r1c1, r1c2): found; with a third digit in
	// r1c2 it is no pair.
	g.init(new([81]uint8))
	for d := 1; d <= 9; d++ {
		if d != 2 && d != 3 {
			g.remove(0, d)
			g.remove(1, d)
		}
	}
	if st, ok := g.nakedSet(2); !ok || st.Technique != "Naked Pair" || st.Cells[0] != 0 || st.Cells[1] != 1 {
		t.Fatalf("naked pair not found: %v %v", st, ok)
	}
	g.cand[1] |= 1 << 4
	for t2 := 0; t2 < 3; t2++ {
		g.hpos[hCellHouse[1][t2]][4] |= 1 << hCellIndex[1][t2]
	}
	if st, ok := g.nakedSet(2); ok {
		t.Errorf("no pair left, found %v", st)
	}
	// No XY-Wing, unique loop, BUG or chain in a grid of full candidates.
	g.init(new([81]uint8))
	for name, f := range map[string]func(*hgrid) (Step, bool){
		"XY-Wing":   func(g *hgrid) (Step, bool) { return g.xyWing(false) },
		"XYZ-Wing":  func(g *hgrid) (Step, bool) { return g.xyWing(true) },
		"loops":     (*hgrid).uniqueLoops,
		"BUG":       (*hgrid).bug,
		"APE":       func(g *hgrid) (Step, bool) { return g.alignedExclusion(2) },
		"chains":    (*hgrid).chainsAndCycles,
		"hidden":    func(g *hgrid) (Step, bool) { return g.hiddenSet(2, false) },
		"intersect": func(g *hgrid) (Step, bool) { return g.locking(false) },
	} {
		if st, ok := f(&g); ok {
			t.Errorf("%s on an empty grid: %v", name, st)
		}
	}
}

// ExampleRate rates a puzzle on Sudoku Explainer's scale and shows its
// first step.
func ExampleRate() {
	p, _ := ParseLine("..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..")
	r, steps, err := Rate(context.Background(), p)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(r)
	fmt.Println(steps[0])
	b, _ := json.Marshal(steps[0])
	fmt.Println(string(b))
	// Output:
	// 1.2 1.2 1.2
	// Hidden Single 6 in block 1 (r2c2): places 6 in r2c2
	// {"technique":"Hidden Single","difficulty":1.2,"digits":[6],"houses":["block 1"],"cells":[10],"placements":[{"cell":10,"digit":6}],"text":"Hidden Single 6 in block 1 (r2c2): places 6 in r2c2"}
}
