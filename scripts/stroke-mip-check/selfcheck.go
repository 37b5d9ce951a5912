package main

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"

	"github.com/searchlab/searchlab/stroke"
)

// bruteFrom returns the length of the longest chain that starts on cell s
// of g, by enumerating every simple path of its colour (no pruning).
func bruteFrom(g *grid, s int) int {
	used := make([]bool, len(g.cells))
	var dfs func(v int) int
	dfs = func(v int) int {
		used[v] = true
		best := 0
		for _, w := range g.neighbours(v) {
			if !used[w] && g.cells[w] == g.cells[s] {
				best = max(best, dfs(w))
			}
		}
		used[v] = false
		return best + 1
	}
	return dfs(s)
}

// selfCheck compares the MIP with bruteFrom on n small random boards (2x2
// to 6x6, one to four colours, some with holes; the larger boards with more
// colours or holes): for every start tile the MIP with that start fixed must
// give the brute force's maximum w, find a chain when asked for at least w
// tiles and prove there is none of at least w+1; for every colour the MIP
// over all its starts must give the brute force's maximum; every chain read
// back must be legal. It also runs the whole comparison with stroke on each
// board (by certificate with certify). It reports whether everything
// agreed.
func selfCheck(ctx context.Context, m *cbc, n int, seed uint64, verbose, certify bool) bool {
	rng := rand.New(rand.NewPCG(seed, 99))
	c := &checker{mip: m, strokeTimeout: 1e12, certify: certify}
	ok := true
	var st stats
	mips := 0
	for i := range n {
		// The brute force is exponential: one- and two-colour boards stay
		// small or holed, six rows or columns need three colours or more.
		rows, cols := 2+rng.IntN(5), 2+rng.IntN(5)
		ncol := 1 + rng.IntN(4)
		holes := 0.0
		if rng.IntN(3) == 0 {
			holes = 0.1 + 0.3*rng.Float64()
		}
		if rows*cols > 16 && ncol == 1 {
			holes = max(holes, 0.35)
		}
		if max(rows, cols) == 6 && ncol < 3 {
			ncol = 3
		}
		b := stroke.Random(rng, rows, cols, ncol, holes)
		g := &grid{rows: b.Rows, cols: b.Cols, cells: b.Cells}
		text := strings.ReplaceAll(strings.TrimSpace(b.String()), "\n", "/")
		want := map[byte]int{}
		byColour := map[byte][]int{}
		for _, s := range g.starts() {
			w := bruteFrom(g, s)
			col := g.cells[s]
			want[col] = max(want[col], w)
			byColour[col] = append(byColour[col], s)
			// The maximum, a chain of at least w (there is one) and of at
			// least w+1 (there is none).
			for _, least := range []int{0, w, w + 1} {
				var o outcome
				r, good := c.solve(ctx, &o, g, col, []int{s}, least, "start "+cellName(g, s))
				mips++
				wantStatus := mipOptimal
				if least > w {
					wantStatus = mipInfeasible
				}
				if !good || r.status != wantStatus || wantStatus == mipOptimal && r.length != w {
					fmt.Printf("selfcheck board %d %s: start %s, at least %d: MIP %d (status %d) %v, brute force %d\n", i+1, text, cellName(g, s), least, r.length, r.status, o.details, w)
					ok = false
				}
			}
		}
		for col, ss := range byColour {
			var o outcome
			r, good := c.solve(ctx, &o, g, col, ss, 0, "colour "+string(col))
			mips++
			if !good || r.length != want[col] {
				fmt.Printf("selfcheck board %d %s: colour %c: MIP %d %v, brute force %d\n", i+1, text, col, r.length, o.details, want[col])
				ok = false
			}
		}
		out := c.check(ctx, b)
		st.add(out)
		if verbose || out.verdict != agree {
			fmt.Printf("selfcheck board %d %s: stroke vs MIP %s %v\n", i+1, text, out.summary(), out.details)
		}
		if out.verdict != agree {
			ok = false
		}
	}
	fmt.Printf("selfcheck: %d boards of 2x2 to 6x6, %d MIPs against the brute force: %v\n", n, mips, map[bool]string{true: "all agree", false: "DIFFERENCES above"}[ok])
	fmt.Println(st.String("selfcheck, stroke vs MIP"))
	return ok
}
