package sudoku

import (
	"context"
	"errors"
	"math/bits"
	"math/rand/v2"
	"os"
	"slices"
	"testing"

	"github.com/searchlab/searchlab/search"
)

// solveCore counts the solutions of g up to limit with the 9x9 solver
// using core, and returns the first solution found.
func solveCore(core core9, g Grid, limit int) (int, Grid) {
	var sv solver9
	sv.core = core
	n := sv.solve9((*[81]uint8)(g.Cells), limit)
	sol, _ := NewGrid(3)
	copy(sol.Cells, sv.sol[:])
	return n, sol
}

// cores9 are the 9x9 cores the processor runs.
var cores9 = func() []struct {
	name string
	core core9
} {
	var cs []struct {
		name string
		core core9
	}
	for c := coreBands; int(c) < len(coreNames); c++ {
		if c.supported() {
			cs = append(cs, struct {
				name string
				core core9
			}{c.String(), c})
		}
	}
	return cs
}()

// TestCores9Random compares each 9x9 core with the reference backtracker
// on random puzzles: solution counts up to 2, and the solution found. The
// puzzles keep 20 to 60 random cells of a random solved grid (many,
// then one solution), those with 30 or more sometimes with one or two cells
// changed to another digit (often none, or conflicting givens).
func TestCores9Random(t *testing.T) {
	r := rand.New(rand.NewPCG(14, 9))
	ctx := context.Background()
	gen, _ := NewGenerator(3, 14)
	var kinds [4]int // puzzles with 0, 1, 2+ solutions, conflicting
	for k := 0; k < 600; k++ {
		sol, err := gen.fullGrid(ctx)
		if err != nil {
			t.Fatal(err)
		}
		g, _ := NewGrid(3)
		n := 20 + r.IntN(41)
		for j := 0; j < n; j++ {
			i := r.IntN(81)
			g.Cells[i] = sol.Cells[i]
		}
		for j := r.IntN(3); n >= 30 && j > 0; j-- {
			g.Cells[r.IntN(81)] = uint8(1 + r.IntN(9))
		}
		want, werr := Backtrack(ctx, g, Options{Limit: 2, Limits: search.Limits{MaxNodes: 1e6}})
		if errors.Is(werr, ErrLimit) {
			continue
		}
		switch {
		case werr != nil:
			kinds[3]++
		default:
			kinds[want.Count]++
		}
		for _, c := range cores9 {
			var sv solver9
			sv.core = c.core
			n := sv.solve9((*[81]uint8)(g.Cells), 2)
			if sv.invalid != (werr != nil) {
				t.Fatalf("%v %s: invalid %v, Backtrack error %v", g, c.name, sv.invalid, werr)
			}
			if werr != nil {
				continue
			}
			if n != want.Count {
				t.Fatalf("%v %s: %d solutions, Backtrack %d", g, c.name, n, want.Count)
			}
			_, s := solveCore(c.core, g, 2)
			if n > 0 && !s.Solves(g) {
				t.Fatalf("%v %s: %v does not solve it", g, c.name, s)
			}
			if n == 1 && s.String() != want.Solution.String() {
				t.Fatalf("%v %s: solution %v, Backtrack %v", g, c.name, s, want.Solution)
			}
		}
	}
	t.Logf("puzzles with 0, 1, 2+ solutions, conflicting givens: %v", kinds)
	for i, n := range kinds {
		if n < 10 {
			t.Errorf("only %d puzzles of kind %d: the test does not cover it", n, i)
		}
	}
}

// TestCores9Data compares the 9x9 cores on samples of the data files (all
// lines with -full): the same solution count up to 2, and valid
// solutions.
func TestCores9Data(t *testing.T) {
	for _, bf := range benchFiles {
		t.Run(bf.name, func(t *testing.T) {
			for i, line := range readLines(t, bf.file, 100) {
				g := mustLine(t, line)
				counts := make([]int, len(cores9))
				for j, c := range cores9 {
					n, s := solveCore(c.core, g, 2)
					if n == 0 || !s.Solves(g) {
						t.Fatalf("line %d %s: %d solutions, solution %v", i+1, c.name, n, s)
					}
					counts[j] = n
				}
				for _, n := range counts {
					if n != counts[0] {
						t.Fatalf("line %d: counts %v", i+1, counts)
					}
				}
			}
		})
	}
}

// TestPermTable checks permT, which propagateAsm computes for digit 8,
// against onTriadPerm, on every triad matrix with one to three cells in
// each triad and on a spread of other band words.
func TestPermTable(t *testing.T) {
	for m := 0; m < 512; m++ {
		for _, fill := range []uint32{1, 2, 4, 3, 5, 6, 7} {
			var a uint32
			for k := 0; k < 9; k++ {
				if m>>k&1 != 0 {
					a |= fill << (9*(k/3) + 3*(k%3))
				}
			}
			if got, want := permT(a), onTriadPerm(a); got != want {
				t.Fatalf("permT(%#o) = %#o, want %#o", a, got, want)
			}
		}
	}
	for a := uint32(0); a <= full27; a += 7919 {
		if got, want := permT(a), onTriadPerm(a); got != want {
			t.Fatalf("permT(%#o) = %#o, want %#o", a, got, want)
		}
	}
}

// TestVectorScalar checks that coreVector's passes in assembly
// (coreVectorAVX2, coreVectorAVX512, those the processor runs) and in Go
// (coreVector) are the same: on samples of the data files (all lines
// with -full), the same solutions, guesses and branch points, counting to
// 2 and in lexicographic mode.
func TestVectorScalar(t *testing.T) {
	for _, c := range []core9{coreVectorAVX2, coreVectorAVX512} {
		if !c.supported() {
			t.Logf("%v: not on this processor", c)
			continue
		}
		for _, bf := range benchFiles {
			t.Run(c.String()+"/"+bf.name, func(t *testing.T) {
				for i, line := range readLines(t, bf.file, 100) {
					g := mustLine(t, line)
					for _, lexmin := range []bool{false, true} {
						var sv, ss solver9
						sv.lexmin, ss.lexmin = lexmin, lexmin
						sv.core, ss.core = c, coreVector
						nv := sv.solve9((*[81]uint8)(g.Cells), 2)
						ns := ss.solve9((*[81]uint8)(g.Cells), 2)
						if nv != ns || sv.guesses != ss.guesses || sv.points != ss.points || sv.sol != ss.sol {
							t.Fatalf("line %d lexmin %v: %v %d solutions, %d guesses, %d points; Go %d, %d, %d; solutions equal %v",
								i+1, lexmin, c, nv, sv.guesses, sv.points, ns, ss.guesses, ss.points, sv.sol == ss.sol)
						}
					}
				}
			})
		}
	}
}

// TestCoreUnderTest names the 9x9 core every other test runs. It also
// reads CoreEnv while the test log is on (the package reads it before, at
// start-up), so that go test's cache tells a run with the variable from
// one without it.
func TestCoreUnderTest(t *testing.T) {
	if name := os.Getenv(CoreEnv); chooseCore9(name) != defaultCore9 {
		t.Errorf("%s=%q chooses %v, the package runs %v", CoreEnv, name, chooseCore9(name), defaultCore9)
	}
	t.Logf("core %s", CoreName())
}

// TestChooseCore9 checks that CoreEnv's names choose their core where the
// processor runs it, and that other names leave the choice to the
// processor.
func TestChooseCore9(t *testing.T) {
	auto := chooseCore9("")
	if !auto.vector() && auto != coreBands || !auto.supported() {
		t.Fatalf("chooseCore9(\"\") = %v", auto)
	}
	for _, tc := range []struct {
		name string
		core core9
	}{
		{"bands", coreBands}, {"portable", coreVector}, {"vector-portable", coreVector},
		{"avx2", coreVectorAVX2}, {"AVX512", coreVectorAVX512}, {"vector-avx512", coreVectorAVX512},
		{"sse", auto}, {"", auto},
	} {
		want := tc.core
		if !want.supported() {
			want = auto
		}
		if got := chooseCore9(tc.name); got != want {
			t.Errorf("chooseCore9(%q) = %v, want %v", tc.name, got, want)
		}
	}
	if got := CoreName(); got != defaultCore9.String() || got == "" {
		t.Errorf("CoreName() = %q, default core %v", got, defaultCore9)
	}
}

// TestOrderDigits checks unitCands against counting the cells of the row,
// box and column one by one, and that orderDigits puts the digits in
// descending order of it, equal ones in ascending order of digit.
func TestOrderDigits(t *testing.T) {
	r := rand.New(rand.NewPCG(14, 11))
	for k := 0; k < 5000; k++ {
		b, p := r.IntN(3), uint(r.IntN(27))
		n := 2 + r.IntN(8)
		var ds []int
		var ws [9][3]uint32
		want := make(map[int]int)
		for _, d := range r.Perm(9)[:n] {
			ds = append(ds, d)
		}
		slices.Sort(ds)
		for i, d := range ds {
			for j := range 3 {
				ws[i][j] = r.Uint32() & full27
			}
			cnt := 0
			for q := range 27 {
				same := q/9 == int(p)/9 || q%9/3 == int(p)%9/3
				if same && ws[i][b]>>q&1 != 0 {
					cnt++
				}
			}
			for j := range 3 {
				for row := range 3 {
					cnt += int(ws[i][j] >> (9*row + int(p)%9) & 1)
				}
			}
			if got := unitCands(ws[i][0], ws[i][1], ws[i][2], ws[i][b], p); got != uint64(cnt) {
				t.Fatalf("unitCands(%x, band %d, cell %d) = %d, want %d", ws[i], b, p, got, cnt)
			}
			want[d] = cnt
		}
		orderDigits(ds, &ws, b, p)
		for i := 1; i < len(ds); i++ {
			a, c := ds[i-1], ds[i]
			if want[a] < want[c] || want[a] == want[c] && a > c {
				t.Fatalf("orderDigits: %v with counts %v", ds, want)
			}
		}
	}
}

// TestChooseKey checks chooseKey against the branching rule worked out
// cell by cell on the 81-cell grid, and chooseKeyAVX2 (where the
// processor has AVX2) and chooseKeyAsm (where it has POPCNT) against the
// same, on random states: placed cells and two-candidate cells of every
// density.
func TestChooseKey(t *testing.T) {
	r := rand.New(rand.NewPCG(14, 8))
	// peers says whether cells i and j (row-major, 0-80) share a row,
	// and a column or box.
	peers := func(i, j int) (row, colOrBox bool) {
		ri, ci, rj, cj := i/9, i%9, j/9, j%9
		return ri == rj, ci == cj || ri/3 == rj/3 && ci/3 == cj/3
	}
	for trial := range 20000 {
		var solved, biv [3]uint32
		ps, pv := r.IntN(101), r.IntN(101)
		if trial%10 == 0 {
			pv = r.IntN(5) // few two-candidate cells, often none
		}
		for i := range 81 {
			b, bit := i/27, uint32(1)<<(i%27)
			switch x := r.IntN(100); {
			case x < ps:
				solved[b] |= bit
			case x < ps+pv*(100-ps)/100:
				biv[b] |= bit
			}
		}
		want := uint32(noKey)
		for i := range 81 {
			if biv[i/27]>>(i%27)&1 == 0 {
				continue
			}
			n := 0
			for j := range 81 {
				row, cb := peers(i, j)
				// The cell counts among its own two-candidate peers
				// (the same -1 for every cell).
				if !row && !cb {
					continue
				}
				if solved[j/27]>>(j%27)&1 != 0 {
					n += 4
				} else if biv[j/27]>>(j%27)&1 != 0 {
					n--
				}
			}
			want = min(want, uint32(n+64)<<7|uint32(i/27)<<5|uint32(i%27))
		}
		if got := chooseKey(&solved, &biv); got != want {
			t.Fatalf("chooseKey(%x, %x) = %x, want %x", solved, biv, got, want)
		}
		if hasAVX2 {
			if got := chooseKeyAVX2(&solved, &biv, &chooseTab); got != want {
				t.Fatalf("chooseKeyAVX2(%x, %x) = %x, want %x", solved, biv, got, want)
			}
		}
		if !hasPOPCNT {
			continue
		}
		if got := chooseKeyAsm(&solved, &biv, &peerMasks); got != want {
			t.Fatalf("chooseKeyAsm(%x, %x) = %x, want %x", solved, biv, got, want)
		}
	}
}

// TestMoreUnitCands checks moreUnitCandsGo and the assembly version
// (where the processor has POPCNT) against comparing unitCands of the two
// digits, on random words.
func TestMoreUnitCands(t *testing.T) {
	r := rand.New(rand.NewPCG(14, 9))
	for range 20000 {
		var c [3][9]uint32
		for b := range 3 {
			for d := range 9 {
				c[b][d] = r.Uint32() & r.Uint32() & full27
			}
		}
		b, p, d0, d1 := r.IntN(3), uint(r.IntN(27)), r.IntN(9), r.IntN(9)
		want := unitCands(c[0][d1], c[1][d1], c[2][d1], c[b][d1], p) > unitCands(c[0][d0], c[1][d0], c[2][d0], c[b][d0], p)
		if got := moreUnitCandsGo(&c, b, p, d0, d1); got != want {
			t.Fatalf("moreUnitCandsGo(%x, %d, %d, %d, %d) = %v, want %v", c, b, p, d0, d1, got, want)
		}
		if !hasPOPCNT {
			continue
		}
		if got := moreUnitCandsAsm(&c, b, p, d0, d1); got != want {
			t.Fatalf("moreUnitCandsAsm(%x, %d, %d, %d, %d) = %v, want %v", c, b, p, d0, d1, got, want)
		}
		if !hasAVX2 {
			continue
		}
		// cellBranchAsm against cellDigits and, for two digits,
		// moreUnitCandsGo.
		s := stateV{cand: c}
		wantC := s.cellDigits(b, 1<<p)
		wantS := false
		if bits.OnesCount32(wantC) == 2 {
			e0 := bits.TrailingZeros32(wantC)
			e1 := bits.TrailingZeros32(wantC & (wantC - 1))
			wantS = moreUnitCandsGo(&c, b, p, e0, e1)
		}
		if gotC, gotS := cellBranchAsm(&c, b, p); gotC != wantC || gotS != wantS {
			t.Fatalf("cellBranchAsm(%x, %d, %d) = %b, %v, want %b, %v", c, b, p, gotC, gotS, wantC, wantS)
		}
	}
}
