package stroke

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/searchlab/searchlab/internal/racetest"
	"github.com/searchlab/searchlab/search"
)

var long = flag.Bool("stroke.long", false, "run the reference comparisons on many more boards (minutes)")

// bruteLongest returns the length of the longest chain from board cell i,
// by plain depth-first enumeration of every simple path, without pruning.
func bruteLongest(b *Board, i int, used []bool) int {
	used[i] = true
	best := 0
	r, c := i/b.Cols, i%b.Cols
	for _, d := range Directions() {
		rr, cc := r+d[0], c+d[1]
		if rr < 0 || rr >= b.Rows || cc < 0 || cc >= b.Cols {
			continue
		}
		j := rr*b.Cols + cc
		if !used[j] && b.Cells[j] == b.Cells[i] {
			best = max(best, bruteLongest(b, j, used))
		}
	}
	used[i] = false
	return best + 1
}

// startCells returns the board cells next to the player where a chain may
// start, in tie order, with their direction numbers.
func startCells(b *Board) (cells, dirs []int) {
	p := b.PlayerCell()
	for k, d := range Directions() {
		r, c := p.Row+d[0], p.Col+d[1]
		if r < 0 || r >= b.Rows || c < 0 || c >= b.Cols {
			continue
		}
		i := r*b.Cols + c
		if b.Cells[i] != Hole {
			cells = append(cells, i)
			dirs = append(dirs, k)
		}
	}
	return cells, dirs
}

// reference solves b with per-start longest lengths from longest (a plain
// exhaustive search) and applies the tie rule: the colour of the first start
// in Directions order that begins a longest chain. It also returns each
// colour's best.
func reference(b *Board, longest func(b *Board, i int) int) (colour byte, length int, per map[byte]int) {
	per = map[byte]int{}
	cells, _ := startCells(b)
	lens := make([]int, len(cells))
	for k, i := range cells {
		lens[k] = longest(b, i)
		per[b.Cells[i]] = max(per[b.Cells[i]], lens[k])
		length = max(length, lens[k])
	}
	for k, i := range cells {
		if lens[k] == length {
			return b.Cells[i], length, per
		}
	}
	return 0, 0, per
}

func brute(b *Board) (byte, int, map[byte]int) {
	return reference(b, func(b *Board, i int) int { return bruteLongest(b, i, make([]bool, len(b.Cells))) })
}

// checkChain reports what is wrong with r as a chain on b, or "" if it is a
// legal chain of r.Length tiles of colour r.Colour starting next to the
// player.
func checkChain(b *Board, r Result) string {
	if len(r.Path) != r.Length {
		return fmt.Sprintf("path of %d cells for length %d", len(r.Path), r.Length)
	}
	if r.Length == 0 {
		if r.Colour != 0 {
			return "colour without a chain"
		}
		return ""
	}
	p := b.PlayerCell()
	seen := map[Cell]bool{}
	for k, c := range r.Path {
		if c.Row < 0 || c.Row >= b.Rows || c.Col < 0 || c.Col >= b.Cols {
			return fmt.Sprintf("cell %v off the board", c)
		}
		if got := b.At(c.Row, c.Col); got != r.Colour {
			return fmt.Sprintf("cell %v is %c, not %c", c, got, r.Colour)
		}
		if seen[c] {
			return fmt.Sprintf("cell %v used twice", c)
		}
		seen[c] = true
		prev := p
		if k > 0 {
			prev = r.Path[k-1]
		}
		dr, dc := c.Row-prev.Row, c.Col-prev.Col
		if dr < -1 || dr > 1 || dc < -1 || dc > 1 || dr == 0 && dc == 0 {
			return fmt.Sprintf("cell %v is not next to %v", c, prev)
		}
	}
	return ""
}

func boardText(b *Board) string { return strings.ReplaceAll(b.String(), "\n", "/") }

// TestAgainstBruteForce compares Solve and SolveColours with an exhaustive
// search on thousands of small random boards: length, tie-rule colour, each
// colour's best, and the legality of every chain.
func TestAgainstBruteForce(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(1, 2))
	type shape struct {
		rows, cols, ncol int
		holes            float64
		n                int
	}
	shapes := []shape{
		{1, 1, 1, 0, 20}, {1, 5, 2, 0, 100}, {2, 2, 1, 0, 50}, {3, 3, 1, 0, 200}, {3, 3, 2, 0.2, 300},
		{4, 4, 1, 0.3, 300}, {4, 4, 2, 0, 500}, {5, 5, 2, 0.2, 500}, {5, 5, 3, 0, 1000}, {5, 5, 4, 0, 1000},
		{6, 6, 3, 0, 500}, {6, 6, 4, 0, 1000}, {6, 6, 2, 0.25, 200}, {4, 7, 2, 0.1, 300}, {7, 7, 4, 0, 300},
		{5, 5, 1, 0.45, 200},
	}
	switch {
	case testing.Short():
		for i := range shapes {
			shapes[i].n = max(1, shapes[i].n/10)
		}
	case racetest.Enabled:
		// A quarter of the boards of every shape under the race detector,
		// which slows this single-threaded comparison about fifty times
		// (the solvers run no concurrent code that fewer boards miss).
		for i := range shapes {
			shapes[i].n = max(2, shapes[i].n/4)
		}
	}
	s := NewSolver()
	// sp probes every component, with tiny probes, so that the probes'
	// chains meet the tie rule on small boards too.
	sp := NewSolver()
	sp.probeComp, sp.probeNodes = 1, 3
	for _, sh := range shapes {
		for n := 0; n < sh.n; n++ {
			b := Random(rng, sh.rows, sh.cols, sh.ncol, sh.holes)
			wantC, wantL, wantPer := brute(b)
			got, err := s.Solve(context.Background(), b, Options{})
			if err != nil {
				t.Fatalf("%s: %v", boardText(b), err)
			}
			if got.Colour != wantC || got.Length != wantL || !got.Optimal || got.Bound != wantL {
				t.Fatalf("%s: got %v (colour %q, bound %d), want %c %d", boardText(b), got, got.Colour, got.Bound, wantC, wantL)
			}
			if msg := checkChain(b, got); msg != "" {
				t.Fatalf("%s: chain %v: %s", boardText(b), got.Path, msg)
			}
			if n%2 == 1 {
				p, err := sp.Solve(context.Background(), b, Options{})
				if err != nil || p.Colour != wantC || p.Length != wantL || !p.Optimal {
					t.Fatalf("%s: with probes %v (colour %q), %v; want %c %d", boardText(b), p, p.Colour, err, wantC, wantL)
				}
				if msg := checkChain(b, p); msg != "" {
					t.Fatalf("%s: with probes, chain %v: %s", boardText(b), p.Path, msg)
				}
			}
			if n%4 == 0 {
				g, err := s.SolveGeneric(context.Background(), b, Options{})
				if err != nil || g.Colour != wantC || g.Length != wantL || !g.Optimal || g.Bound != wantL {
					t.Fatalf("%s: SolveGeneric gives %v (colour %q), %v; want %c %d", boardText(b), g, g.Colour, err, wantC, wantL)
				}
				if msg := checkChain(b, g); msg != "" {
					t.Fatalf("%s: SolveGeneric chain %v: %s", boardText(b), g.Path, msg)
				}
			}
			per, err := s.SolveColours(context.Background(), b, Options{})
			if err != nil {
				t.Fatalf("%s: SolveColours: %v", boardText(b), err)
			}
			if len(per) != len(wantPer) {
				t.Fatalf("%s: SolveColours gives %d colours, want %d", boardText(b), len(per), len(wantPer))
			}
			for c, l := range wantPer {
				r := per[c]
				if r.Length != l || r.Colour != c || !r.Optimal {
					t.Fatalf("%s: colour %c: got %v, want %d", boardText(b), c, r, l)
				}
				if msg := checkChain(b, r); msg != "" {
					t.Fatalf("%s: colour %c chain %v: %s", boardText(b), c, r.Path, msg)
				}
			}
		}
	}
}

// floodLongest returns the length of the longest chain from board cell i by
// a depth-first search whose only pruning is the number of cells of the
// colour still reachable from the head (a flood fill on the board), or -1
// when it needs more than *budget nodes. It shares no code with the solver.
func floodLongest(b *Board, i int, budget *int) int {
	used := make([]bool, len(b.Cells))
	mark := make([]int, len(b.Cells))
	stamp := 0
	var queue []int
	nbrs := func(v int, f func(w int)) {
		r, c := v/b.Cols, v%b.Cols
		for _, d := range Directions() {
			rr, cc := r+d[0], c+d[1]
			if rr >= 0 && rr < b.Rows && cc >= 0 && cc < b.Cols {
				if w := rr*b.Cols + cc; !used[w] && b.Cells[w] == b.Cells[i] {
					f(w)
				}
			}
		}
	}
	reach := func(h int) int {
		stamp++
		queue = append(queue[:0], h)
		mark[h] = stamp
		for k := 0; k < len(queue); k++ {
			nbrs(queue[k], func(w int) {
				if mark[w] != stamp {
					mark[w] = stamp
					queue = append(queue, w)
				}
			})
		}
		return len(queue) - 1
	}
	best := 0
	var dfs func(h, depth int) bool
	dfs = func(h, depth int) bool {
		if *budget--; *budget < 0 {
			return false
		}
		best = max(best, depth)
		if depth+reach(h) <= best {
			return true
		}
		used[h] = true
		defer func() { used[h] = false }()
		ok := true
		nbrs(h, func(w int) {
			if ok {
				ok = dfs(w, depth+1)
			}
		})
		return ok
	}
	if !dfs(i, 1) {
		return -1
	}
	return best
}

// TestAgainstFloodReference compares Solve with a plain flood-fill-bounded
// search on random boards of 6x6 to 12x12 with 2 to 4 colours: the length
// and the tie-rule colour. Boards the reference cannot finish within its
// node budget are skipped and counted.
func TestAgainstFloodReference(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(3, 5))
	perShape := map[int]int{2: 8, 3: 12, 4: 20} // boards per size, by colours
	budgetPerBoard := 300_000
	switch {
	case *long:
		perShape = map[int]int{2: 30, 3: 40, 4: 60}
		budgetPerBoard = 5_000_000
	case testing.Short():
		perShape = map[int]int{2: 1, 3: 2, 4: 3}
	case racetest.Enabled:
		// The race detector slows this single-threaded comparison about
		// fifty times, and it runs no concurrent code that a quarter of the
		// boards, still every size and colour count, would not.
		perShape = map[int]int{2: 2, 3: 3, 4: 5}
	}
	s := NewSolver()
	skipped, total := 0, 0
	skippedBy := map[string]int{}
	for size := 6; size <= 12; size++ {
		for ncol := 2; ncol <= 4; ncol++ {
			for n := 0; n < perShape[ncol]; n++ {
				b := Random(rng, size, size, ncol, 0)
				total++
				budget := budgetPerBoard
				wantC, wantL, _ := reference(b, func(b *Board, i int) int { return floodLongest(b, i, &budget) })
				if budget < 0 {
					skipped++
					skippedBy[fmt.Sprintf("%dx%d/%d", size, size, ncol)]++
					continue
				}
				got, err := s.Solve(context.Background(), b, Options{})
				if err != nil || got.Colour != wantC || got.Length != wantL || !got.Optimal {
					t.Fatalf("%s: got %v (colour %q), %v; want %c %d", boardText(b), got, got.Colour, err, wantC, wantL)
				}
				if msg := checkChain(b, got); msg != "" {
					t.Fatalf("%s: chain %v: %s", boardText(b), got.Path, msg)
				}
			}
		}
	}
	t.Logf("%d boards, %d skipped (reference over budget): %v", total, skipped, skippedBy)
	if skipped*4 > total {
		t.Errorf("reference finished only %d of %d boards", total-skipped, total)
	}
}

// TestConfigurationsAgree solves random 10x10 to 12x12 two-colour boards,
// where the independent references give up, in four ways that share only
// the bounds: the default solver, the solver without memo, probes or
// Warnsdorff order, probes on every region, and SolveGeneric through
// search.BranchAndBound. Boards where a variant hits its node cap are
// skipped and counted.
func TestConfigurationsAgree(t *testing.T) {
	t.Parallel()
	n, budget := 6, int64(300_000)
	if *long {
		n, budget = 100, 5_000_000
	} else if testing.Short() {
		n = 1
	}
	plain := NewSolver()
	plain.memoMin, plain.probes, plain.noWarnsdorff = 0, 0, true
	probing := NewSolver()
	probing.probeComp = 1
	variants := []struct {
		name  string
		solve func(*Board) (Result, error)
	}{
		{"no memo, probes or Warnsdorff", func(b *Board) (Result, error) {
			return plain.Solve(context.Background(), b, Options{Limits: search.Limits{MaxNodes: budget}})
		}},
		{"probes everywhere", func(b *Board) (Result, error) {
			return probing.Solve(context.Background(), b, Options{Limits: search.Limits{MaxNodes: budget}})
		}},
		{"SolveGeneric", func(b *Board) (Result, error) {
			return plain.SolveGeneric(context.Background(), b, Options{Limits: search.Limits{MaxNodes: budget}})
		}},
	}
	rng := rand.New(rand.NewPCG(6, 7))
	s := NewSolver()
	skipped, compared := map[string]int{}, 0
	for size := 10; size <= 12; size++ {
		for k := 0; k < n; k++ {
			b := Random(rng, size, size, 2, 0)
			want, err := s.Solve(context.Background(), b, Options{})
			if err != nil {
				t.Fatal(err)
			}
			for _, v := range variants {
				got, err := v.solve(b)
				if errors.Is(err, search.ErrLimit) {
					skipped[v.name]++
					continue
				}
				compared++
				if err != nil || got.Colour != want.Colour || got.Length != want.Length || !got.Optimal {
					t.Fatalf("%s: %s gives %v (colour %q), %v; Solve %v (colour %q)", boardText(b), v.name, got, got.Colour, err, want, want.Colour)
				}
				if msg := checkChain(b, got); msg != "" {
					t.Fatalf("%s: %s chain %v: %s", boardText(b), v.name, got.Path, msg)
				}
			}
		}
	}
	t.Logf("%d comparisons; skipped at the node cap: %v", compared, skipped)
}
