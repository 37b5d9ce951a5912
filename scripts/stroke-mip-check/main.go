// Command stroke-mip-check checks the exact answers of stroke.Solve and
// stroke.SolveColours against an independent reference: a mixed-integer
// program for the longest chain, solved by COIN-OR CBC (Debian package
// coinor-cbc). It shares no code and no bounds with the solver: only the
// board type and its parser come from package stroke.
//
// For each seeded random board it solves, for every colour with a tile next
// to the player, the longest chain of that colour from any of its start
// tiles (one MIP per colour; see longest in mip.go for the model), and
// compares with stroke.SolveColours (each colour's length) and stroke.Solve
// (the overall length). It checks that Solve's chain is legal (on the board,
// one colour, adjacent steps in eight directions, no tile twice, starting
// next to the player, as long as stated) and the tie rule: for each colour
// that reaches the overall length L, a MIP asking for a chain of at least L
// tiles from that colour's start tiles before the start of Solve's chain in
// clockwise order (1 2 3 / 8 O 4 / 7 6 5) must be infeasible; the tie-rule
// colour is then the colour of Solve's start tile. Every chain read back
// from a MIP solution is checked legal too.
//
// CBC 2.10.8 aborts on an assertion in Clp on rare models; such a MIP is
// run again with CBC's presolve and preprocessing off. When the MIP for a
// colour hits its time limit or CBC fails twice, the colour is proven by a
// certificate instead: SolveColours' chain of that colour, checked legal
// here, shows the length is reached, and a MIP asking for at least one tile
// more must be infeasible. The summary counts such colours; -certify uses
// only certificates.
//
// Usage:
//
//	nice -n 10 go run ./scripts/stroke-mip-check -shapes 12x12:2:30,11x11:2:30
//	go run ./scripts/stroke-mip-check -shapes 12x12:3:10,12x12:4:10,11x11:3:10 -v
//	go run ./scripts/stroke-mip-check -selfcheck 300   # the model against a brute force, small boards
//	go run ./scripts/stroke-mip-check -in boards.txt    # boards in the classic format
//	go run ./scripts/stroke-mip-check -shapes 12x12:2:100 -first 18 -last 18 -v
//	go run ./scripts/stroke-mip-check -shapes 11x11:2:4 -first 4 -print   # the board itself
//
// A shape is ROWSxCOLS:COLOURS:N[:HOLES], N boards of that size drawn from
// the first COLOURS of "RGBY..." with holes at probability HOLES and the
// player on a random cell, by the generator of stroke's tests and
// benchmarks; shape RxC:K draws from rand.NewPCG(seed, R*1000+C*10+K), so
// with -seed 1 (the default) the boards of 12x12:2:N are the first N of
// the 12x12 two-colour benchmark set.
//
// It prints one line per disagreement (with the board), a summary per
// shape (boards checked, agreed, disagreed, undecided because a MIP hit
// its time limit or failed even for the certificate; time of stroke and of
// the MIPs), and exits with status 1 if any board disagrees. When the cbc
// binary is missing it says SKIP and exits with status 0 without checking
// anything.
package main

import (
	"context"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/searchlab/searchlab/stroke"
)

func main() {
	shapes := flag.String("shapes", "12x12:2:30,11x11:2:30", "comma-separated ROWSxCOLS:COLOURS:N[:HOLES]")
	seed := flag.Uint64("seed", 1, "random seed (1: the boards of stroke's benchmarks)")
	in := flag.String("in", "", "check the boards of this file (classic format) instead of random ones")
	cbcBin := flag.String("cbc", "cbc", "the CBC binary")
	mipTimeout := flag.Duration("mip-timeout", 10*time.Minute, "time limit of one MIP")
	strokeTimeout := flag.Duration("stroke-timeout", 10*time.Minute, "time limit of stroke.Solve on one board")
	selfcheck := flag.Int("selfcheck", 0, "instead: check the MIP against a brute force on this many small random boards (up to 6x6)")
	verbose := flag.Bool("v", false, "print a line per board")
	first := flag.Int("first", 1, "check each set from this board on (1-based), to resume a run")
	last := flag.Int("last", 0, "check each set up to this board (0: to the end)")
	keep := flag.Bool("keep", false, "keep the MIP model files in the scratch directory")
	printOnly := flag.Bool("print", false, "print the boards (after -first/-last) in the classic format and stop; no CBC needed")
	certify := flag.Bool("certify", false, "prove each colour's length by certificate only (SolveColours' chain, checked, and an infeasible MIP for one tile more) instead of the MIP's own maximum")
	flag.Parse()

	if *printOnly {
		sets, err := boardSets(*in, *shapes, *seed)
		if err != nil {
			fmt.Fprintln(os.Stderr, "stroke-mip-check:", err)
			os.Exit(2)
		}
		for _, set := range sets {
			for i, b := range set.boards {
				if i+1 >= *first && (*last == 0 || i+1 <= *last) {
					fmt.Print(b)
				}
			}
		}
		return
	}
	bin, err := exec.LookPath(*cbcBin)
	if err != nil {
		fmt.Printf("SKIP: stroke-mip-check needs the COIN-OR CBC solver (%q not found: apt-get install coinor-cbc)\n", *cbcBin)
		return
	}
	dir, err := os.MkdirTemp("", "stroke-mip-check")
	if err != nil {
		fail(err)
	}
	if !*keep {
		defer os.RemoveAll(dir)
	} else {
		fmt.Fprintln(os.Stderr, "models in", dir)
	}
	m := &cbc{bin: bin, dir: dir, timeout: *mipTimeout, keep: *keep}
	ctx := context.Background()

	if *selfcheck > 0 {
		if !selfCheck(ctx, m, *selfcheck, *seed, *verbose, *certify) {
			os.Exit(1)
		}
		return
	}

	sets, err := boardSets(*in, *shapes, *seed)
	if err != nil {
		fmt.Fprintln(os.Stderr, "stroke-mip-check:", err)
		os.Exit(2)
	}
	c := &checker{mip: m, strokeTimeout: *strokeTimeout, verbose: *verbose, certify: *certify}
	bad := false
	var sums []string
	for _, set := range sets {
		var st stats
		for i, b := range set.boards {
			if i+1 < *first || *last > 0 && i+1 > *last {
				continue
			}
			out := c.check(ctx, b)
			st.add(out)
			if *verbose || out.verdict != agree {
				fmt.Printf("%s #%d: %s\n", set.name, i+1, out.summary())
			}
			if out.verdict == disagree {
				bad = true
			}
			if out.verdict != agree {
				fmt.Printf("  board: %s\n", strings.ReplaceAll(strings.TrimSpace(b.String()), "\n", "/"))
				for _, d := range out.details {
					fmt.Printf("  %s\n", d)
				}
			}
		}
		sums = append(sums, st.String(set.name))
		fmt.Println(sums[len(sums)-1])
	}
	if len(sets) > 1 {
		fmt.Println("summary:")
		for _, s := range sums {
			fmt.Println(s)
		}
	}
	if bad {
		os.Exit(1)
	}
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "stroke-mip-check:", err)
	os.Exit(1)
}

// boardSets reads the boards of file in, or draws those of shapes.
func boardSets(in, shapes string, seed uint64) ([]boardSet, error) {
	if in != "" {
		set, err := readBoards(in)
		return []boardSet{set}, err
	}
	var sets []boardSet
	for _, s := range strings.Split(shapes, ",") {
		set, err := drawShape(s, seed)
		if err != nil {
			return nil, fmt.Errorf("shape %q: %v", s, err)
		}
		sets = append(sets, set)
	}
	return sets, nil
}

// boardSet is a named list of boards.
type boardSet struct {
	name   string
	boards []*stroke.Board
}

// drawShape parses ROWSxCOLS:COLOURS:N[:HOLES] and draws the boards.
func drawShape(s string, seed uint64) (boardSet, error) {
	parts := strings.Split(s, ":")
	if len(parts) < 3 || len(parts) > 4 {
		return boardSet{}, fmt.Errorf("want ROWSxCOLS:COLOURS:N[:HOLES]")
	}
	rs, cs, ok := strings.Cut(parts[0], "x")
	rows, err1 := strconv.Atoi(rs)
	cols, err2 := strconv.Atoi(cs)
	ncol, err3 := strconv.Atoi(parts[1])
	n, err4 := strconv.Atoi(parts[2])
	holes := 0.0
	var err5 error
	if len(parts) == 4 {
		holes, err5 = strconv.ParseFloat(parts[3], 64)
	}
	if !ok || err1 != nil || err2 != nil || err3 != nil || err4 != nil || err5 != nil ||
		rows < 1 || cols < 1 || rows > 16 || cols > 16 || ncol < 1 || ncol > 25 || n < 1 || holes < 0 || holes >= 1 {
		return boardSet{}, fmt.Errorf("want ROWSxCOLS:COLOURS:N[:HOLES] with sides 1-16, 1-25 colours, N >= 1, 0 <= HOLES < 1")
	}
	rng := rand.New(rand.NewPCG(seed, uint64(rows*1000+cols*10+ncol)))
	set := boardSet{name: fmt.Sprintf("%dx%d/%d colours", rows, cols, ncol)}
	if holes > 0 {
		set.name += fmt.Sprintf("/%g holes", holes)
	}
	for range n {
		set.boards = append(set.boards, stroke.Random(rng, rows, cols, ncol, holes))
	}
	return set, nil
}

// readBoards reads every board of a file in the classic format.
func readBoards(file string) (boardSet, error) {
	f, err := os.Open(file)
	if err != nil {
		return boardSet{}, err
	}
	defer f.Close()
	set := boardSet{name: file}
	sc := stroke.NewScanner(f)
	for sc.Scan() {
		set.boards = append(set.boards, sc.Board())
	}
	if err := sc.Err(); err != nil {
		return set, fmt.Errorf("%s: %w", file, err)
	}
	return set, nil
}

// verdict is the outcome of checking one board.
type verdict int

const (
	agree     verdict = iota
	disagree          // a difference, or an illegal chain
	undecided         // a MIP or stroke hit its time limit; nothing wrong seen
)

// outcome is what the check of one board found.
type outcome struct {
	verdict    verdict
	colour     byte
	length     int
	perColour  string // "B:23 G:31" from the MIPs
	details    []string
	strokeTime time.Duration
	mipTime    time.Duration
	mips       int
	fixed      int // MIPs for the tie rule
	certified  int // colours proven by certificate (see colourBest)
	notes      []string
}

func (o *outcome) summary() string {
	v := [...]string{"agree", "DISAGREE", "undecided (MIP time limit or failure)"}[o.verdict]
	c := "-"
	if o.colour != 0 {
		c = string(o.colour)
	}
	s := fmt.Sprintf("%s: %s %d [%s] stroke %v, %d MIPs (%d for the tie rule) %v",
		v, c, o.length, o.perColour, o.strokeTime.Round(time.Microsecond), o.mips, o.fixed, o.mipTime.Round(time.Millisecond))
	for _, n := range o.notes {
		s += "; " + n
	}
	return s
}

func (o *outcome) fault(format string, a ...any) {
	o.verdict = disagree
	o.details = append(o.details, fmt.Sprintf(format, a...))
}

func (o *outcome) unsure(format string, a ...any) {
	if o.verdict == agree {
		o.verdict = undecided
	}
	o.details = append(o.details, fmt.Sprintf(format, a...))
}

// checker compares stroke with the MIP.
type checker struct {
	mip           *cbc
	strokeTimeout time.Duration
	verbose       bool
	certify       bool // prove each colour by certificate only
}

// check compares stroke.Solve and stroke.SolveColours with the MIPs on b.
func (c *checker) check(ctx context.Context, b *stroke.Board) outcome {
	var o outcome
	g := &grid{rows: b.Rows, cols: b.Cols, cells: b.Cells}

	sctx, cancel := context.WithTimeout(ctx, c.strokeTimeout)
	t0 := time.Now()
	res, err := stroke.Solve(sctx, b, stroke.Options{})
	o.strokeTime = time.Since(t0)
	cancel()
	if err != nil || !res.Optimal {
		o.unsure("stroke.Solve: %v (optimal %v): %v", res, res.Optimal, err)
		return o
	}
	sctx, cancel = context.WithTimeout(ctx, c.strokeTimeout)
	t0 = time.Now()
	per, err := stroke.SolveColours(sctx, b, stroke.Options{})
	o.strokeTime += time.Since(t0)
	cancel()
	if err != nil {
		o.unsure("stroke.SolveColours: %v", err)
		return o
	}

	// The MIP per colour, in the order colours first appear around O.
	starts := g.starts()
	var colours []byte
	byColour := map[byte][]int{}
	for _, s := range starts {
		col := g.cells[s]
		if byColour[col] == nil {
			colours = append(colours, col)
		}
		byColour[col] = append(byColour[col], s)
	}
	best := map[byte]int{}
	L := 0
	var parts []string
	for _, col := range colours {
		n, ok := c.colourBest(ctx, &o, g, col, byColour[col], per[col])
		if !ok {
			return o
		}
		best[col] = n
		L = max(L, n)
		parts = append(parts, fmt.Sprintf("%c:%d", col, n))
	}
	slices.Sort(parts)
	o.perColour = strings.Join(parts, " ")

	// Each colour's length.
	if len(per) != len(colours) {
		o.fault("SolveColours gives %d colours, the board has %d next to the player", len(per), len(colours))
	}
	for _, col := range colours {
		p, ok := per[col]
		switch {
		case !ok:
			o.fault("SolveColours has no answer for colour %c (MIP %d)", col, best[col])
		case !p.Optimal || p.Length != best[col]:
			o.fault("colour %c: SolveColours %d (optimal %v), MIP %d", col, p.Length, p.Optimal, best[col])
		}
	}
	for col, p := range per {
		if _, ok := best[col]; !ok {
			o.fault("SolveColours answers colour %c (%d), which has no tile next to the player", col, p.Length)
		}
	}

	// The overall length and the chain.
	o.length = L
	if res.Length != L {
		o.fault("Solve: length %d, MIP %d", res.Length, L)
	}
	path := cells(g, res.Path)
	if len(path) != res.Length {
		o.fault("Solve: path of %d tiles for length %d", len(path), res.Length)
	} else if msg := g.legal(path, res.Colour); msg != "" {
		o.fault("Solve: chain %v is not legal: %s", res.Path, msg)
	}
	if L == 0 {
		if res.Colour != 0 {
			o.fault("Solve: colour %c with no start tile", res.Colour)
		}
		return o
	}

	// The tie rule: no start before Solve's start begins a chain of length L.
	// Solve's start begins a legal chain of length L if the checks above
	// passed: then, for each colour that reaches L, one MIP asks for a chain
	// of at least L tiles from that colour's starts before Solve's, and must
	// prove there is none. Otherwise each start in turn is asked, and the
	// first that has one wins.
	var groups [][]int
	limit := len(starts)
	if o.verdict == agree && len(path) > 0 {
		limit = slices.Index(starts, path[0])
		for _, col := range colours {
			var grp []int
			for _, s := range starts[:limit] {
				if g.cells[s] == col && best[col] == L {
					grp = append(grp, s)
				}
			}
			if len(grp) > 0 {
				groups = append(groups, grp)
			}
		}
	} else {
		for _, s := range starts {
			if best[g.cells[s]] == L {
				groups = append(groups, []int{s})
			}
		}
	}
	winner := -1
	for _, grp := range groups {
		names := make([]string, len(grp))
		for k, s := range grp {
			names[k] = cellName(g, s)
		}
		o.fixed++
		r, ok := c.solve(ctx, &o, g, g.cells[grp[0]], grp, L, fmt.Sprintf("a chain of %d from %s", L, strings.Join(names, " ")))
		if !ok {
			return o
		}
		if r.status == mipOptimal {
			winner = r.path[0]
			if r.length != L {
				o.fault("MIP: a chain of %d from %s, but colour %c's longest is %d", r.length, cellName(g, winner), g.cells[winner], L)
			}
			break
		}
	}
	switch {
	case winner < 0 && limit < len(starts):
		o.colour = g.cells[starts[limit]]
	case winner >= 0:
		o.colour = g.cells[winner]
		if limit < len(starts) {
			o.fault("tie rule: start %s (before Solve's start %s) begins a chain of %d", cellName(g, winner), cellName(g, starts[limit]), L)
		}
	default:
		o.fault("no start tile reaches the MIP's length %d", L)
	}
	if o.colour != 0 && res.Colour != o.colour {
		o.fault("Solve: colour %c, tie rule %c", res.Colour, o.colour)
	}
	return o
}

// colourBest proves the length of the longest chain of colour col from its
// start tiles: by the MIP; or, when that MIP hits its time limit or CBC
// fails, by a certificate: the chain of that colour from SolveColours (p),
// checked legal here, and a MIP proving that no chain of p.Length+1 tiles
// or more starts on those tiles.
func (c *checker) colourBest(ctx context.Context, o *outcome, g *grid, col byte, starts []int, p stroke.Result) (int, bool) {
	var first outcome
	var r mipResult
	ok := false
	if c.certify {
		first.details = []string{"-certify"}
	} else {
		r, ok = c.solve(ctx, &first, g, col, starts, 0, "colour "+string(col))
	}
	o.mips += first.mips
	o.mipTime += first.mipTime
	if ok {
		return r.length, true
	}
	if first.verdict == disagree {
		o.verdict = disagree
		o.details = append(o.details, first.details...)
		return 0, false
	}
	path := cells(g, p.Path)
	if !p.Optimal || p.Colour != col || len(path) != p.Length || p.Length == 0 || g.legal(path, col) != "" || !slices.Contains(starts, path[0]) {
		o.unsure("%s (and SolveColours gives no legal chain of colour %c to certify)", strings.Join(first.details, "; "), col)
		return 0, false
	}
	r, ok = c.solve(ctx, o, g, col, starts, p.Length+1, fmt.Sprintf("colour %c, at least %d tiles", col, p.Length+1))
	if !ok {
		o.details = append(o.details, first.details...)
		return 0, false
	}
	if r.status == mipOptimal {
		o.fault("colour %c: the MIP finds a chain of %d (%v), SolveColours gives %d", col, r.length, r.path, p.Length)
		return 0, false
	}
	o.certified++
	o.notes = append(o.notes, fmt.Sprintf("colour %c by certificate (%s)", col, strings.Join(first.details, "; ")))
	return p.Length, true
}

// cells converts a chain to board indices (-1 for a cell off the board).
func cells(g *grid, path []stroke.Cell) []int {
	out := make([]int, len(path))
	for k, cell := range path {
		out[k] = cell.Row*g.cols + cell.Col
		if cell.Row < 0 || cell.Row >= g.rows || cell.Col < 0 || cell.Col >= g.cols {
			out[k] = -1
		}
	}
	return out
}

// solve runs one MIP and checks the chain it returns; false when the board
// cannot be decided (time limit) or the MIP failed.
func (c *checker) solve(ctx context.Context, o *outcome, g *grid, col byte, starts []int, atLeast int, what string) (mipResult, bool) {
	r, err := c.mip.longest(ctx, g, col, starts, atLeast)
	o.mips++
	o.mipTime += r.time
	if err != nil {
		o.unsure("MIP for %s: %v", what, err)
		return r, false
	}
	if r.status == mipInfeasible {
		if atLeast == 0 {
			o.fault("MIP for %s: infeasible without a length asked for", what)
			return r, false
		}
		return r, true
	}
	if r.status != mipOptimal {
		o.unsure("MIP for %s: time limit (best found %d)", what, r.length)
		return r, false
	}
	if msg := g.legal(r.path, col); msg != "" || !slices.Contains(starts, r.path[0]) {
		o.fault("MIP for %s: its chain is not legal: %s (start %s)", what, msg, cellName(g, r.path[0]))
		return r, false
	}
	return r, true
}

// stats sums the outcomes of a set.
type stats struct {
	n, agreed, disagreed, undecided int
	strokeTotal, strokeMax          time.Duration
	mipTimes                        []time.Duration
	mips, fixed, certified          int
}

func (s *stats) add(o outcome) {
	s.n++
	switch o.verdict {
	case agree:
		s.agreed++
	case disagree:
		s.disagreed++
	default:
		s.undecided++
	}
	s.strokeTotal += o.strokeTime
	s.strokeMax = max(s.strokeMax, o.strokeTime)
	s.mipTimes = append(s.mipTimes, o.mipTime)
	s.mips += o.mips
	s.fixed += o.fixed
	s.certified += o.certified
}

func (s *stats) String(name string) string {
	t := slices.Clone(s.mipTimes)
	slices.Sort(t)
	var sum time.Duration
	for _, d := range t {
		sum += d
	}
	med, worst := time.Duration(0), time.Duration(0)
	if len(t) > 0 {
		med, worst = t[len(t)/2], t[len(t)-1]
	}
	return fmt.Sprintf("%s: %d boards, %d agree (%d colours by certificate), %d disagree, %d undecided (MIP time limit or failure); stroke (Solve + SolveColours) %v in all, worst board %v; %d MIPs (%d for the tie rule), %v in all, per board median %v, worst %v",
		name, s.n, s.agreed, s.certified, s.disagreed, s.undecided,
		s.strokeTotal.Round(time.Millisecond), s.strokeMax.Round(time.Microsecond),
		s.mips, s.fixed, sum.Round(time.Second), med.Round(time.Millisecond), worst.Round(time.Millisecond))
}
