package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// order lists the eight neighbours of a cell, clockwise from the top left
// (1 2 3 / 8 O 4 / 7 6 5), as the issue defines the tie rule. It is written
// out here rather than taken from package stroke, so that the check shares
// nothing with the solver but the board type.
var order = [8][2]int{{-1, -1}, {-1, 0}, {-1, 1}, {0, 1}, {1, 1}, {1, 0}, {1, -1}, {0, -1}}

// grid is a board as the check sees it: rows x cols letters in row-major
// order, 'O' the player, '.' a hole, any other letter a colour.
type grid struct {
	rows, cols int
	cells      []byte
}

// neighbours returns the cells next to cell i in the eight directions, in
// clockwise order from the top left.
func (g *grid) neighbours(i int) []int {
	r, c := i/g.cols, i%g.cols
	var out []int
	for _, d := range order {
		rr, cc := r+d[0], c+d[1]
		if rr >= 0 && rr < g.rows && cc >= 0 && cc < g.cols {
			out = append(out, rr*g.cols+cc)
		}
	}
	return out
}

// starts returns the cells next to the player on which a chain may start
// (every neighbour that is a colour), in tie order.
func (g *grid) starts() []int {
	p := strings.IndexByte(string(g.cells), 'O')
	var out []int
	for _, j := range g.neighbours(p) {
		if g.cells[j] != '.' && g.cells[j] != 'O' {
			out = append(out, j)
		}
	}
	return out
}

// region returns the cells of colour col that an 8-connected walk over
// colour col reaches from the cells from (all of colour col), sorted.
func (g *grid) region(col byte, from []int) []int {
	seen := make([]bool, len(g.cells))
	stack := append([]int(nil), from...)
	for _, s := range from {
		seen[s] = true
	}
	for len(stack) > 0 {
		v := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, w := range g.neighbours(v) {
			if !seen[w] && g.cells[w] == col {
				seen[w] = true
				stack = append(stack, w)
			}
		}
	}
	var out []int
	for i, s := range seen {
		if s {
			out = append(out, i)
		}
	}
	return out
}

// legal reports what is wrong with path as a chain on g of the given colour
// that starts next to the player, or "" if nothing is.
func (g *grid) legal(path []int, col byte) string {
	if len(path) == 0 {
		return ""
	}
	isStart := false
	for _, s := range g.starts() {
		isStart = isStart || s == path[0]
	}
	if !isStart {
		return fmt.Sprintf("first tile %s is not next to the player", cellName(g, path[0]))
	}
	seen := map[int]bool{}
	for k, v := range path {
		if v < 0 || v >= len(g.cells) {
			return fmt.Sprintf("tile %d off the board", v)
		}
		if g.cells[v] != col {
			return fmt.Sprintf("tile %s is %q, not %q", cellName(g, v), g.cells[v], col)
		}
		if seen[v] {
			return fmt.Sprintf("tile %s used twice", cellName(g, v))
		}
		seen[v] = true
		if k > 0 {
			dr, dc := v/g.cols-path[k-1]/g.cols, v%g.cols-path[k-1]%g.cols
			if dr < -1 || dr > 1 || dc < -1 || dc > 1 || dr == 0 && dc == 0 {
				return fmt.Sprintf("tile %s is not next to %s", cellName(g, v), cellName(g, path[k-1]))
			}
		}
	}
	return ""
}

// cellName formats cell i 1-based as "row,col", as searchlab stroke prints.
func cellName(g *grid, i int) string { return fmt.Sprintf("%d,%d", i/g.cols+1, i%g.cols+1) }

// mipStatus says how a MIP run ended.
type mipStatus int

const (
	mipOptimal    mipStatus = iota // proven optimal
	mipTimeout                     // stopped by the time limit, not proven
	mipInfeasible                  // proven: no chain as long as asked for
)

// mipResult is the answer of one MIP: the longest chain of one colour from
// a set of allowed start tiles.
type mipResult struct {
	status mipStatus
	length int           // proven optimum (mipOptimal) or best found
	path   []int         // the chain read back from the solution, from its start
	time   time.Duration // wall time of the solver process
}

// cbc runs the COIN-OR CBC binary on LP files.
type cbc struct {
	bin     string
	dir     string        // scratch directory for model and solution files
	timeout time.Duration // per MIP, passed to cbc as "sec"
	keep    bool          // keep the model files (for debugging)
	seq     int
}

// errNoChain is returned for a MIP asked about a colour with no start.
var errNoChain = errors.New("no start tile")

// longest builds and solves the MIP for the longest chain of colour col on
// g that starts on one of the cells in starts (all of colour col, next to
// the player), and reads the chain back from the solution. With atLeast > 0
// the model also asks for at least atLeast tiles, and the answer may be
// mipInfeasible: no such chain.
//
// The model, on the directed 8-neighbour graph of the region of col reached
// from the starts (arcs both ways between adjacent tiles of col; the player
// and holes are not in it):
//
//	x_v in {0,1}   tile v is on the chain
//	z_s in {0,1}   the chain starts on s (s in starts)
//	y_uv in {0,1}  the chain steps from u to v
//	g_s >= 0       flow from a super source into start s
//	f_uv >= 0      flow along arc uv
//
//	sum_s z_s = 1
//	in(v):   sum_u y_uv + z_v = x_v   (z_v only for starts)
//	out(v):  sum_w y_vw <= x_v
//	two(uv): y_uv + y_vu <= 1
//	flow(v): g_v + sum_u f_uv - sum_w f_vw = x_v
//	f_uv <= (n-1) y_uv,  g_s <= n z_s
//	maximise sum_v x_v   (and with atLeast: sum_v x_v >= atLeast)
//
// In-degree one for every used tile but the start and out-degree at most one
// make the chosen arcs a path from the start plus disjoint cycles; the flow,
// which only the start receives from the source and of which every used tile
// keeps one unit, cannot reach a cycle, so there is none.
func (m *cbc) longest(ctx context.Context, g *grid, col byte, starts []int, atLeast int) (mipResult, error) {
	if len(starts) == 0 {
		return mipResult{}, errNoChain
	}
	vs := g.region(col, starts)
	n := len(vs)
	in := make([]bool, len(g.cells))
	for _, v := range vs {
		in[v] = true
	}
	isStart := map[int]bool{}
	for _, s := range starts {
		isStart[s] = true
	}
	var b strings.Builder
	b.WriteString("\\ longest chain of one colour from the start tiles\nMaximize\n obj:")
	for k, v := range vs {
		if k > 0 && k%12 == 0 {
			b.WriteString("\n ")
		}
		fmt.Fprintf(&b, " + x%d", v)
	}
	b.WriteString("\nSubject To\n start:")
	for _, s := range starts {
		fmt.Fprintf(&b, " + z%d", s)
	}
	b.WriteString(" = 1\n")
	if atLeast > 0 {
		b.WriteString(" least:")
		for k, v := range vs {
			if k > 0 && k%12 == 0 {
				b.WriteString("\n ")
			}
			fmt.Fprintf(&b, " + x%d", v)
		}
		fmt.Fprintf(&b, " >= %d\n", atLeast)
	}
	type arc struct{ u, v int }
	var arcs []arc
	for _, u := range vs {
		for _, v := range g.neighbours(u) {
			if in[v] {
				arcs = append(arcs, arc{u, v})
			}
		}
	}
	for _, v := range vs {
		// in-degree
		fmt.Fprintf(&b, " in%d:", v)
		for _, u := range g.neighbours(v) {
			if in[u] {
				fmt.Fprintf(&b, " + y%d_%d", u, v)
			}
		}
		if isStart[v] {
			fmt.Fprintf(&b, " + z%d", v)
		}
		fmt.Fprintf(&b, " - x%d = 0\n", v)
		// out-degree
		fmt.Fprintf(&b, " out%d:", v)
		for _, w := range g.neighbours(v) {
			if in[w] {
				fmt.Fprintf(&b, " + y%d_%d", v, w)
			}
		}
		fmt.Fprintf(&b, " - x%d <= 0\n", v)
		// flow balance
		fmt.Fprintf(&b, " fl%d:", v)
		if isStart[v] {
			fmt.Fprintf(&b, " + g%d", v)
		}
		for _, u := range g.neighbours(v) {
			if in[u] {
				fmt.Fprintf(&b, " + f%d_%d - f%d_%d", u, v, v, u)
			}
		}
		fmt.Fprintf(&b, " - x%d = 0\n", v)
	}
	for _, a := range arcs {
		if a.u < a.v {
			fmt.Fprintf(&b, " two%d_%d: y%d_%d + y%d_%d <= 1\n", a.u, a.v, a.u, a.v, a.v, a.u)
		}
		fmt.Fprintf(&b, " cap%d_%d: f%d_%d - %d y%d_%d <= 0\n", a.u, a.v, a.u, a.v, n-1, a.u, a.v)
	}
	for _, s := range starts {
		fmt.Fprintf(&b, " cg%d: g%d - %d z%d <= 0\n", s, s, n, s)
	}
	b.WriteString("Binaries\n")
	for _, v := range vs {
		fmt.Fprintf(&b, " x%d\n", v)
	}
	for _, s := range starts {
		fmt.Fprintf(&b, " z%d\n", s)
	}
	for _, a := range arcs {
		fmt.Fprintf(&b, " y%d_%d\n", a.u, a.v)
	}
	b.WriteString("End\n")

	m.seq++
	model := filepath.Join(m.dir, fmt.Sprintf("m%d.lp", m.seq))
	sol := filepath.Join(m.dir, fmt.Sprintf("m%d.sol", m.seq))
	if err := os.WriteFile(model, []byte(b.String()), 0o644); err != nil {
		return mipResult{}, err
	}
	if !m.keep {
		defer os.Remove(model)
		defer os.Remove(sol)
	}
	secs := max(1, int(math.Ceil(m.timeout.Seconds())))
	// CBC 2.10.8 aborts on an assertion in Clp on a few models; such a run
	// is tried again with CBC's presolve and preprocessing off, which
	// changes the LPs it solves.
	var d time.Duration
	for _, extra := range [][]string{nil, {"presolve", "off", "preprocess", "off"}} {
		args := append([]string{model, "sec", strconv.Itoa(secs), "threads", "1"}, extra...)
		cmd := exec.CommandContext(ctx, m.bin, append(args, "solve", "solu", sol)...)
		t0 := time.Now()
		out, err := cmd.CombinedOutput()
		d += time.Since(t0)
		if err == nil {
			break
		}
		if extra != nil || ctx.Err() != nil {
			// CBC's log is long; its last line says what went wrong.
			lines := strings.Split(strings.TrimSpace(string(out)), "\n")
			last := lines[len(lines)-1]
			if i := strings.Index(last, "cbc: "); i >= 0 {
				last = last[i:]
			}
			return mipResult{time: d}, fmt.Errorf("cbc failed twice (%v): %s", err, last)
		}
	}
	res, err := readSolution(sol, g, starts)
	res.time = d
	if err != nil {
		return res, fmt.Errorf("cbc solution %s: %v", sol, err)
	}
	return res, nil
}

// readSolution reads CBC's solution file: the status line, then one line
// per nonzero column (index, name, value, reduced cost). For an optimal
// solution it rebuilds the chain from the z and y columns and checks that
// it accounts for every x set to one and for the objective; for a run
// stopped on time it keeps only the objective of the best solution found.
func readSolution(file string, g *grid, starts []int) (mipResult, error) {
	f, err := os.Open(file)
	if err != nil {
		return mipResult{}, err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	if !sc.Scan() {
		return mipResult{}, fmt.Errorf("empty solution file")
	}
	status := sc.Text()
	var res mipResult
	switch {
	case strings.HasPrefix(status, "Optimal"):
		res.status = mipOptimal
	case strings.HasPrefix(status, "Stopped on time"):
		// The columns may be an integer solution or, without one, the LP
		// relaxation ("no integer solution - continuous used"): only the
		// objective of an integer solution is kept, as the best found.
		res.status = mipTimeout
		if !strings.Contains(status, "no integer") {
			if i := strings.LastIndex(status, "objective value"); i >= 0 {
				obj, err := strconv.ParseFloat(strings.TrimSpace(status[i+len("objective value"):]), 64)
				if err == nil {
					res.length = int(math.Round(obj))
				}
			}
		}
		return res, nil
	case strings.HasPrefix(status, "Infeasible"), strings.HasPrefix(status, "Integer infeasible"):
		res.status = mipInfeasible
		return res, nil
	default:
		return res, fmt.Errorf("unexpected status %q", status)
	}
	xs := map[int]bool{}
	start := -1
	next := map[int]int{}
	for sc.Scan() {
		fs := strings.Fields(sc.Text())
		if len(fs) < 3 {
			continue
		}
		val, err := strconv.ParseFloat(fs[2], 64)
		if err != nil {
			return res, fmt.Errorf("bad line %q", sc.Text())
		}
		if val < 0.5 {
			continue
		}
		name := fs[1]
		switch name[0] {
		case 'x':
			v, _ := strconv.Atoi(name[1:])
			xs[v] = true
		case 'z':
			if start >= 0 {
				return res, fmt.Errorf("two starts")
			}
			start, _ = strconv.Atoi(name[1:])
		case 'y':
			u, v, _ := strings.Cut(name[1:], "_")
			a, _ := strconv.Atoi(u)
			b, _ := strconv.Atoi(v)
			if _, dup := next[a]; dup {
				return res, fmt.Errorf("two arcs out of %d", a)
			}
			next[a] = b
		}
	}
	if err := sc.Err(); err != nil {
		return res, err
	}
	if start < 0 {
		return res, fmt.Errorf("no start in an optimal solution")
	}
	for v, ok := start, true; ok; v, ok = next[v] {
		if len(res.path) > len(xs) {
			return res, fmt.Errorf("the arcs from the start loop")
		}
		res.path = append(res.path, v)
	}
	if len(res.path) != len(xs) || len(next) != len(xs)-1 {
		return res, fmt.Errorf("chain of %d tiles but %d tiles used and %d arcs", len(res.path), len(xs), len(next))
	}
	for _, v := range res.path {
		if !xs[v] {
			return res, fmt.Errorf("chain tile %d not marked used", v)
		}
	}
	res.length = len(res.path)
	// The objective on the status line must match the chain.
	i := strings.LastIndex(status, "objective value")
	if i < 0 {
		return res, fmt.Errorf("no objective in %q", status)
	}
	obj, err := strconv.ParseFloat(strings.TrimSpace(status[i+len("objective value"):]), 64)
	if err != nil || int(math.Round(obj)) != res.length {
		return res, fmt.Errorf("objective %q for a chain of %d", status, res.length)
	}
	return res, nil
}
