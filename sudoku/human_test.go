package sudoku

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
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
	{"forum_hardest_1106.txt", 5},
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
