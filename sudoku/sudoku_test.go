package sudoku

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/searchlab/searchlab/internal/racetest"
	"github.com/searchlab/searchlab/search"
)

var full = flag.Bool("full", false, "check every line of the data files, not a sample")

// dataDir holds the Sudoku data sets: $SEARCHLAB_DATA/sudoku when
// SEARCHLAB_DATA is set (the full sets), else testdata/sample, which ships
// the first lines of each set, as many as the largest sample a test takes.
var dataDir = func() string {
	if d := os.Getenv("SEARCHLAB_DATA"); d != "" {
		return filepath.Join(d, "sudoku")
	}
	return filepath.Join("testdata", "sample")
}()

// readLines returns up to max lines of a data file (all with max < 0 or
// -full). A missing file fails the test: the samples ship with the
// repository, and SEARCHLAB_DATA must name a directory with every set.
func readLines(t testing.TB, name string, max int) []string {
	t.Helper()
	f, err := os.Open(filepath.Join(dataDir, name))
	if err != nil {
		t.Fatalf("data set: %v", err)
	}
	defer f.Close()
	var out []string
	sc := bufio.NewScanner(f)
	for sc.Scan() && (max < 0 || *full || len(out) < max) {
		if l := strings.TrimSpace(sc.Text()); l != "" {
			out = append(out, l)
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

func mustLine(t testing.TB, s string) Grid {
	t.Helper()
	g, err := ParseLine(s)
	if err != nil {
		t.Fatalf("ParseLine(%q): %v", s, err)
	}
	return g
}

// unlimited is a solution limit above every count in the data.
const unlimited = 1 << 30

// TestTdokuCounts checks solution counts, the unique solutions and the
// lexicographically smallest solutions of the tdoku test set (0, 1 and
// many solutions) with the fast solver, the general solver and the
// reference backtracker.
func TestTdokuCounts(t *testing.T) {
	t.Parallel()
	answers := readLines(t, "tdoku_test_puzzles_answers.txt", -1)
	lexmin := readLines(t, "tdoku_test_puzzles_lexmin.txt", -1)
	if len(answers) != len(lexmin) {
		t.Fatalf("%d answers, %d lexmin lines", len(answers), len(lexmin))
	}
	ctx := context.Background()
	for i, line := range answers {
		if racetest.Enabled && i%3 != 0 {
			// A third of the puzzles (still with 0, 1 and many solutions)
			// under the race detector, which slows these single-threaded
			// solvers about fifty times; they run no concurrent code.
			continue
		}
		f := strings.Split(line, ":")
		want, _ := strconv.Atoi(f[1])
		lf := strings.Split(lexmin[i], ":")
		g := mustLine(t, f[0])
		solvers := map[string]func(context.Context, Grid, Options) (Result, error){
			"Solve": Solve, "general": solveGeneral, "Backtrack": Backtrack,
		}
		for name, solve := range solvers {
			res, err := solve(ctx, g, Options{Limit: unlimited})
			if err != nil {
				t.Fatalf("line %d %s: %v", i+1, name, err)
			}
			if res.Count != want {
				t.Errorf("line %d %s: %d solutions, want %d", i+1, name, res.Count, want)
			}
			if want > 0 && !res.Solution.Solves(g) {
				t.Errorf("line %d %s: %v does not solve the puzzle", i+1, name, res.Solution)
			}
			if want == 1 && res.Solution.String() != f[2] {
				t.Errorf("line %d %s: solution %v, want %s", i+1, name, res.Solution, f[2])
			}
			first, err := solve(ctx, g, Options{Limit: 2, First: true})
			if err != nil {
				t.Fatal(err)
			}
			if got := first.Solution.String(); want > 0 && got != lf[1] {
				t.Errorf("line %d %s First: %s, want %s", i+1, name, got, lf[1])
			}
			if want == 0 && first.Count != 0 {
				t.Errorf("line %d %s First: found %v in an unsolvable puzzle", i+1, name, first.Solution)
			}
		}
	}
}

// TestSerg checks counts and the lexicographically smallest solution on
// the serg set (every puzzle has several solutions) against its answers,
// and against the reference backtracker.
func TestSerg(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	for i, line := range readLines(t, "serg_benchmark_answers.txt", 300) {
		f := strings.Split(line, ":")
		want, _ := strconv.Atoi(f[2])
		g := mustLine(t, f[0])
		res, err := Solve(ctx, g, Options{Limit: unlimited, First: true})
		if err != nil {
			t.Fatal(err)
		}
		if res.Count != want || res.Solution.String() != f[1] {
			t.Errorf("line %d: %d solutions, first %v; want %d, %s", i+1, res.Count, res.Solution, want, f[1])
		}
		if capped, _ := Solve(ctx, g, Options{Limit: 2}); capped.Count != 2 {
			t.Errorf("line %d: Limit 2 gave %d", i+1, capped.Count)
		}
		if i < 100 {
			ref, err := Backtrack(ctx, g, Options{Limit: unlimited})
			if err != nil || ref.Count != want || ref.Solution.String() != f[1] {
				t.Errorf("line %d: Backtrack gave %d, %v, %v", i+1, ref.Count, ref.Solution, err)
			}
		}
	}
}

// TestUniqueSets checks that every puzzle of the unique-solution files has
// one solution that is valid and keeps its givens (a sample of each big
// file; all lines with -full).
func TestUniqueSets(t *testing.T) {
	t.Parallel()
	files := []struct {
		name   string
		sample int
	}{
		{"tdoku_17_clue.txt", 500},
		{"magictour_top1465.txt", 300},
		{"forum_hardest_1905_11plus.txt", 200},
		{"forum_hardest_1106.txt", 100},
		{"sudokuvault_top50000.txt", 300},
		{"norvig_top95.txt", -1},
		{"norvig_hardest11.txt", -1},
		{"norvig_easy50.txt", -1},
		{"plb_sudoku20_hard.txt", -1},
	}
	ctx := context.Background()
	for _, file := range files {
		t.Run(file.name, func(t *testing.T) {
			for i, line := range readLines(t, file.name, file.sample) {
				g := mustLine(t, line)
				res, err := Solve(ctx, g, Options{Limit: 2})
				if err != nil || res.Count != 1 || !res.Solution.Solves(g) {
					t.Fatalf("line %d: count %d, solution %v, err %v", i+1, res.Count, res.Solution, err)
				}
				if i < 20 {
					gen, err := solveGeneral(ctx, g, Options{Limit: 2})
					if err != nil || gen.Count != 1 || !gen.Solution.Solves(g) || gen.Solution.String() != res.Solution.String() {
						t.Fatalf("line %d: general solver gave %d, %v, %v", i+1, gen.Count, gen.Solution, err)
					}
				}
			}
		})
	}
}

// TestLargeGrids solves the shipped 16x16 and 25x25 puzzles and compares
// with their recorded solutions.
func TestLargeGrids(t *testing.T) {
	t.Parallel()
	for _, name := range []string{"box4.txt", "box5.txt"} {
		data, err := os.ReadFile(filepath.Join("testdata", name))
		if err != nil {
			t.Fatal(err)
		}
		lines := strings.Fields(string(data))
		if len(lines) == 0 {
			t.Fatalf("%s: no puzzles", name)
		}
		for i, line := range lines {
			f := strings.Split(line, ":")
			g := mustLine(t, f[0])
			res, err := Solve(context.Background(), g, Options{Limit: 2})
			if err != nil || res.Count != 1 || res.Solution.String() != f[1] || !res.Solution.Solves(g) {
				t.Errorf("%s line %d: count %d, solution %v, err %v", name, i+1, res.Count, res.Solution, err)
			}
		}
	}
}

// random4 returns a random 4x4 puzzle with consistent givens.
func random4(r *rand.Rand) Grid {
	g, _ := NewGrid(2)
	for k := r.IntN(8); k > 0; k-- {
		i := r.IntN(16)
		old := g.Cells[i]
		g.Cells[i] = uint8(1 + r.IntN(4))
		if g.Check() != nil {
			g.Cells[i] = old
		}
	}
	return g
}

// allGrids4 lists every valid complete 4x4 grid in lexicographic order,
// found by trying every choice of a permutation of 1-4 for each row and
// keeping the grids that pass Check.
func allGrids4() []string {
	var perms [][]uint8
	var permute func(p []uint8, k int)
	permute = func(p []uint8, k int) {
		if k == len(p) {
			perms = append(perms, append([]uint8(nil), p...))
			return
		}
		for i := k; i < len(p); i++ {
			p[k], p[i] = p[i], p[k]
			permute(p, k+1)
			p[k], p[i] = p[i], p[k]
		}
	}
	permute([]uint8{1, 2, 3, 4}, 0)
	var out []string
	g, _ := NewGrid(2)
	for _, a := range perms {
		for _, b := range perms {
			for _, c := range perms {
				for _, d := range perms {
					copy(g.Cells[0:], a)
					copy(g.Cells[4:], b)
					copy(g.Cells[8:], c)
					copy(g.Cells[12:], d)
					if g.Check() == nil {
						out = append(out, g.String())
					}
				}
			}
		}
	}
	sort.Strings(out)
	return out
}

// bruteCount counts the complete 4x4 grids that keep the givens of g and
// returns the smallest.
func bruteCount(all []string, g Grid) (int, string) {
	n, first := 0, ""
	p := g.String()
	for _, s := range all {
		ok := true
		for i := range p {
			if p[i] != '.' && p[i] != s[i] {
				ok = false
				break
			}
		}
		if ok {
			if n == 0 {
				first = s
			}
			n++
		}
	}
	return n, first
}

// TestBruteForce4 compares the solvers with exhaustive enumeration on
// random 4x4 puzzles: counts and the lexicographically smallest solution.
func TestBruteForce4(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(1, 2))
	ctx := context.Background()
	all := allGrids4()
	if len(all) != 288 {
		t.Fatalf("%d complete 4x4 grids, want 288", len(all))
	}
	for k := 0; k < 300; k++ {
		g := random4(r)
		want, wantFirst := bruteCount(all, g)
		for name, solve := range map[string]func(context.Context, Grid, Options) (Result, error){"Solve": Solve, "Backtrack": Backtrack} {
			res, err := solve(ctx, g, Options{Limit: unlimited, First: true})
			if err != nil || res.Count != want {
				t.Fatalf("%v %s: %d solutions (%v), want %d", g, name, res.Count, err, want)
			}
			if want > 0 && res.Solution.String() != wantFirst {
				t.Fatalf("%v %s: first %v, want %s", g, name, res.Solution, wantFirst)
			}
		}
	}
}

// TestLexminRandom compares Solve with First against the backtracker on
// 9x9 puzzles with few givens, which have many solutions.
func TestLexminRandom(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(3, 4))
	ctx := context.Background()
	gen, _ := NewGenerator(3, 5)
	n := 100
	if racetest.Enabled {
		n = 25 // the race detector slows this single-threaded comparison about fifty times
	}
	for k := 0; k < n; k++ {
		sol, err := gen.fullGrid(ctx)
		if err != nil {
			t.Fatal(err)
		}
		g, _ := NewGrid(3)
		for j := 0; j < 20+r.IntN(20); j++ {
			i := r.IntN(81)
			g.Cells[i] = sol.Cells[i]
		}
		want, err := Backtrack(ctx, g, Options{Limit: 50})
		if err != nil {
			t.Fatal(err)
		}
		got, err := Solve(ctx, g, Options{Limit: 50, First: true})
		if err != nil || got.Count != want.Count || got.Solution.String() != want.Solution.String() {
			t.Fatalf("%v: Solve %d %v, Backtrack %d %v", g, got.Count, got.Solution, want.Count, want.Solution)
		}
	}
}

func TestConflicts(t *testing.T) {
	t.Parallel()
	tests := []struct {
		line, want string
	}{
		{"7...7" + strings.Repeat(".", 76), "conflicting givens: r1c1 and r1c5 are both 7"},
		{"5" + strings.Repeat(".", 26) + "5" + strings.Repeat(".", 53), "conflicting givens: r1c1 and r4c1 are both 5"},
		{strings.Repeat(".", 10) + "3" + strings.Repeat(".", 9) + "3" + strings.Repeat(".", 60), "conflicting givens: r2c2 and r3c3 are both 3"},
		{"1..1", ""}, // too short: not a conflict
		{"1.1." + strings.Repeat(".", 12), "conflicting givens: r1c1 and r1c3 are both 1"},
		{"G" + strings.Repeat(".", 255), "conflicting givens: r1c1 and r2c1 are both G"},
	}
	tests[5].line = tests[5].line[:16] + "G" + tests[5].line[17:]
	for _, tt := range tests {
		g, err := ParseLine(tt.line)
		if err != nil {
			if tt.want != "" {
				t.Errorf("ParseLine(%q): %v", tt.line, err)
			}
			continue
		}
		for name, solve := range map[string]func(context.Context, Grid, Options) (Result, error){"Solve": Solve, "Backtrack": Backtrack} {
			_, err := solve(context.Background(), g, Options{})
			var ce *ConflictError
			if !errors.As(err, &ce) || err.Error() != tt.want || !errors.Is(err, ErrInvalid) {
				t.Errorf("%s(%q): %v, want %q", name, tt.line, err, tt.want)
			}
		}
	}
}

func TestLimits(t *testing.T) {
	t.Parallel()
	lines := readLines(t, "norvig_hardlong_multisolution.txt", 1)
	g := mustLine(t, lines[0])
	res, err := Solve(context.Background(), g, Options{Limit: unlimited, Limits: search.Limits{MaxNodes: 100000}})
	if !errors.Is(err, search.ErrLimit) || res.Count == 0 {
		t.Errorf("Limits: search.Limits{MaxNodes: %d solutions}, err %v", res.Count, err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	for name, solve := range map[string]func(context.Context, Grid, Options) (Result, error){"Solve": Solve, "general": solveGeneral, "Backtrack": Backtrack} {
		if _, err := solve(ctx, g, Options{Limit: unlimited}); !errors.Is(err, context.Canceled) {
			t.Errorf("%s with a cancelled context: %v", name, err)
		}
	}
}

func TestGenerate(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	for _, tt := range []struct{ box, clues, count int }{{2, 0, 20}, {3, 0, 10}, {3, 26, 5}, {4, 150, 2}} {
		a, _ := NewGenerator(tt.box, 42)
		b, _ := NewGenerator(tt.box, 42)
		for k := 0; k < tt.count; k++ {
			p, s, err := a.Generate(ctx, tt.clues)
			if err != nil {
				t.Fatal(err)
			}
			q, _, err := b.Generate(ctx, tt.clues)
			if err != nil || q.String() != p.String() {
				t.Fatalf("box %d seed 42: %v then %v: not reproducible", tt.box, p, q)
			}
			if tt.clues > 0 && p.Givens() != tt.clues {
				t.Errorf("box %d: %d givens, want %d", tt.box, p.Givens(), tt.clues)
			}
			res, err := solveGeneral(ctx, p, Options{Limit: 2})
			if err != nil || res.Count != 1 || res.Solution.String() != s.String() {
				t.Fatalf("box %d: %v has %d solutions (%v)", tt.box, p, res.Count, err)
			}
		}
	}
	g, _ := NewGenerator(3, 1)
	if _, _, err := g.Generate(ctx, 16); !errors.Is(err, ErrInvalid) {
		t.Errorf("16 clues: %v, want ErrInvalid", err)
	}
	g.Attempts = 3
	if _, _, err := g.Generate(ctx, 18); !errors.Is(err, ErrClues) {
		t.Errorf("18 clues in 3 attempts: %v, want ErrClues", err)
	}
}

// TestInit9Conflicts checks that the band solver's set-up rejects exactly
// the grids that Check rejects: random 9x9 grids with 1 to 40 givens, most
// of them conflicting, and symbols out of range; and that coreVector's
// set-up (initV, for each vector core the processor runs) accepts the
// same grids and sets up the same candidates.
func TestInit9Conflicts(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(14, 9))
	var s state9
	var v stateV
	rejected := 0
	for k := 0; k < 20000; k++ {
		var p [81]uint8
		for n := 1 + r.IntN(40); n > 0; n-- {
			p[r.IntN(81)] = uint8(1 + r.IntN(9))
		}
		if k%100 == 0 {
			p[r.IntN(81)] = uint8(10 + r.IntN(20))
		}
		g := Grid{Box: 3, Cells: p[:]}
		want := g.Check() == nil
		if got := s.init9(&p); got != want {
			t.Fatalf("%v: init9 %v, Check accepts: %v", g, got, want)
		}
		for j, c := range cores9 {
			if !c.core.vector() {
				continue
			}
			var w stateV
			if got := w.initV(&p, c.core); got != want {
				t.Fatalf("%v: initV %v %v, Check accepts: %v", g, c.name, got, want)
			}
			if want && cores9[j-1].core.vector() && (w.cand != v.cand || w.solved != v.solved) {
				t.Fatalf("%v: initV %v differs from %v", g, c.name, cores9[j-1].name)
			}
			v = w
		}
		// coreVector's set-up also places the givens: each digit loses
		// the boxes and columns of its givens too (init9 leaves them to
		// the first pass), and the givens count as placed.
		var placed [3]uint32
		var x [3][9]uint32
		for d := 0; d < 9; d++ {
			for b := 0; b < 3; b++ {
				x[b][d] = s.cand[d*3+b]
			}
		}
		for j, u := range p {
			if u == 0 || !want {
				continue
			}
			placed[j/27] |= 1 << (j % 27)
			for i := range 81 {
				if i != j && (j%9 == i%9 || j/27 == i/27 && j%9/3 == i%9/3) {
					x[i/27][u-1] &^= 1 << (i % 27)
				}
			}
		}
		for d := 0; want && d < 9; d++ {
			for b := 0; b < 3; b++ {
				if v.cand[b][d] != x[b][d] {
					t.Fatalf("%v: digit %d band %d: initV %#o, want %#o (init9 %#o)", g, d+1, b, v.cand[b][d], x[b][d], s.cand[d*3+b])
				}
			}
		}
		if want && v.solved != placed {
			t.Fatalf("%v: placed cells: initV %x, want %x", g, v.solved, placed)
		}
		if !want {
			rejected++
		}
	}
	if rejected < 1000 || rejected > 19000 {
		t.Errorf("%d of 20000 grids rejected: the sample does not test both sides", rejected)
	}
}

// TestNoSolution checks that Options.NoSolution gives the same counts,
// guesses and errors as a search that records the solution, and no
// solution; and that a Solver used with it records the next puzzle's
// solution again when asked.
func TestNoSolution(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	var grids []Grid
	for _, box := range []int{2, 3, 3, 3, 4} {
		gen, err := NewGenerator(box, uint64(box)*7)
		if err != nil {
			t.Fatal(err)
		}
		p, _, err := gen.Generate(ctx, 0)
		if err != nil {
			t.Fatal(err)
		}
		grids = append(grids, p)
	}
	for _, l := range []string{
		"8.........95.......76.........426798...571243...893165......916....3.487....1.532", // 872 solutions
		"11...............................................................................", // conflict
		"12345678.........9" + strings.Repeat(".", 63),                                      // none: r1c9 has no candidate
		".................................................................................",
	} {
		grids = append(grids, mustLine(t, l))
	}
	opts := []Options{{Limit: 1}, {Limit: 2}, {Limit: 2, First: true}, {Limit: 1000}, {Limit: 2, Limits: search.Limits{MaxNodes: 3}}}
	var sv Solver
	for i, g := range grids {
		for _, opt := range opts {
			want, wantErr := Solve(ctx, g, opt)
			no := opt
			no.NoSolution = true
			got, err := sv.Solve(ctx, g, no)
			if got.Count != want.Count || got.Guesses != want.Guesses || fmt.Sprint(err) != fmt.Sprint(wantErr) {
				t.Fatalf("grid %d %+v: count %d, guesses %d, error %v; want %d, %d, %v", i, no, got.Count, got.Guesses, err, want.Count, want.Guesses, wantErr)
			}
			if got.Solution.Cells != nil {
				t.Fatalf("grid %d %+v: a solution %v", i, no, got.Solution)
			}
			again, _ := sv.Solve(ctx, g, opt)
			if again.Count != want.Count || again.Solution.String() != want.Solution.String() {
				t.Fatalf("grid %d %+v after NoSolution: %d %v, want %d %v", i, opt, again.Count, again.Solution, want.Count, want.Solution)
			}
		}
	}
}

// TestSolverContext checks that a Solver reused with one context stops
// when that context is cancelled between puzzles (it looks at the context
// every 1024 guesses counted across its calls), and looks at a new
// context at the first guess.
func TestSolverContext(t *testing.T) {
	t.Parallel()
	lines := readLines(t, "norvig_hardlong_multisolution.txt", 1)
	hard := mustLine(t, lines[0])
	easy := mustLine(t, "8.........95.......76.........426798...571243...893165......916....3.487....1.532")
	cancelled, cancel0 := context.WithCancel(context.Background())
	cancel0()
	tests := []struct {
		name   string
		before int  // easy puzzles solved with ctx before it is cancelled
		fresh  bool // the hard puzzle gets a new, cancelled context
	}{
		{"same context", 0, false},
		{"same context after easy puzzles", 50, false},
		{"new cancelled context", 50, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var sv Solver
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			for range tc.before {
				if res, err := sv.Solve(ctx, easy, Options{Limit: 2}); err != nil || res.Count != 2 {
					t.Fatalf("easy puzzle: %d, %v", res.Count, err)
				}
			}
			cancel()
			if tc.fresh {
				ctx = cancelled
			}
			res, err := sv.Solve(ctx, hard, Options{Limit: unlimited})
			if !errors.Is(err, context.Canceled) {
				t.Fatalf("%d solutions, %d guesses, error %v; want context.Canceled", res.Count, res.Guesses, err)
			}
			if tc.fresh && res.Guesses > 1 {
				t.Errorf("a new cancelled context stopped the search after %d guesses, want at the first", res.Guesses)
			}
			if res.Guesses > 1024 {
				t.Errorf("stopped after %d guesses, want at most 1024", res.Guesses)
			}
		})
	}
}
