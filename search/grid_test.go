package search_test

import (
	"context"
	"errors"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/searchlab/searchlab/internal/gridbench"
	"github.com/searchlab/searchlab/search"
)

// randomGrid returns a rows x cols grid whose cells are walls with
// probability density, drawn row by row from r.
func randomGrid(r *rand.Rand, rows, cols int, density float64) *search.Grid {
	g := search.NewGrid(rows, cols)
	for row := range rows {
		for col := range cols {
			if r.Float64() < density {
				g.SetWall(search.Cell{Row: row, Col: col}, true)
			}
		}
	}
	return g
}

// mapGrid is the benchmarks' 1000 x 1000 grid with 20% walls
// (internal/gridbench), as a Grid.
func mapGrid() *search.Grid {
	bench := gridbench.Benchmark()
	g := search.NewGrid(bench.H, bench.W)
	for i, wall := range bench.Wall {
		g.SetWall(search.Cell{Row: i / bench.W, Col: i % bench.W}, wall)
	}
	return g
}

// sameCost reports whether two sums of 1s and √2s are equal up to the
// rounding of adding them in different orders.
func sameCost(a, b float64) bool { return math.Abs(a-b) <= 1e-9*max(1, a) }

// checkGridPath checks that path runs from start to goal by steps that
// g.Neighbours allows, and that cost is their sum.
func checkGridPath(t *testing.T, what string, g *search.Grid, path []search.Cell, cost float64, start, goal search.Cell) {
	t.Helper()
	if path[0] != start || path[len(path)-1] != goal {
		t.Fatalf("%s: path %v does not run from %v to %v", what, path, start, goal)
	}
	sum := 0.0
	for i := 1; i < len(path); i++ {
		step := math.Inf(1)
		for c, w := range g.Neighbours(path[i-1]) {
			if c == path[i] {
				step = w
			}
		}
		if math.IsInf(step, 1) {
			t.Fatalf("%s: no step %v -> %v", what, path[i-1], path[i])
		}
		sum += step
	}
	if !sameCost(sum, cost) {
		t.Fatalf("%s: cost %v, the path's steps sum to %v", what, cost, sum)
	}
}

// TestJumpPointSearchAgainstAStar checks jump point search against A* on
// Grid.Neighbours with the octile heuristic, on 1,000 random grids of up
// to 24 x 24 cells and up to 45% walls.
func TestJumpPointSearchAgainstAStar(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	r := rand.New(rand.NewPCG(36, 8))
	found := 0
	var jumps, cells int64
	for trial := range trials {
		g := randomGrid(r, 1+r.IntN(24), 1+r.IntN(24), 0.45*r.Float64())
		g.Moves = search.EightWay
		start := search.Cell{Row: r.IntN(g.Rows()), Col: r.IntN(g.Cols())}
		goal := search.Cell{Row: r.IntN(g.Rows()), Col: r.IntN(g.Cols())}
		g.SetWall(start, false)
		g.SetWall(goal, false)
		want, werr := search.AStar(ctx, start, g.Neighbours, g.Heuristic(goal), func(c search.Cell) bool { return c == goal }, search.Limits{})
		got, err := search.JumpPointSearch(ctx, g, start, goal, search.Limits{})
		if werr != nil {
			if !errors.Is(err, search.ErrNotFound) || !errors.Is(werr, search.ErrNotFound) {
				t.Fatalf("trial %d: A* %v, jump point search %v\n%s", trial, werr, err, g)
			}
			continue
		}
		found++
		if err != nil || !sameCost(got.Cost, want.Cost) {
			t.Fatalf("trial %d: %v to %v: jump point search %v, %v; A* %v\n%s", trial, start, goal, got.Cost, err, want.Cost, g)
		}
		checkGridPath(t, "JumpPointSearch", g, got.Path, got.Cost, start, goal)
		jumps += got.Stats.Expanded
		cells += want.Stats.Expanded
	}
	if found < trials/2 {
		t.Errorf("only %d of %d grids had a path", found, trials)
	}
	if jumps >= cells {
		t.Errorf("jump point search expanded %d jump points, A* %d cells", jumps, cells)
	}
}

// TestGridSearchesAgree checks the grid's successor functions and
// heuristics with the generic searches on random grids, each move set and
// corner rule: BFS on Steps against A* with Manhattan or Chebyshev, and
// Dijkstra on Neighbours against A* (with and without the grid's Index)
// and fringe search with the grid's Heuristic (float costs).
func TestGridSearchesAgree(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	r := rand.New(rand.NewPCG(36, 9))
	for trial := range trials {
		g := randomGrid(r, 1+r.IntN(16), 1+r.IntN(16), 0.4*r.Float64())
		g.Moves = search.Moves(r.IntN(2))
		g.Corners = search.CornerRule(r.IntN(3))
		start := search.Cell{Row: r.IntN(g.Rows()), Col: r.IntN(g.Cols())}
		goal := search.Cell{Row: r.IntN(g.Rows()), Col: r.IntN(g.Cols())}
		at := func(c search.Cell) bool { return c == goal }
		stepsH := func(c search.Cell) int { return search.Manhattan(c, goal) }
		if g.Moves == search.EightWay {
			stepsH = func(c search.Cell) int { return search.Chebyshev(c, goal) }
		}
		bfs, berr := search.BFS(ctx, start, g.Steps, at, search.Limits{})
		ast, aerr := search.AStar(ctx, start, g.Steps, stepsH, at, search.Limits{})
		if (berr != nil) != (aerr != nil) || berr == nil && bfs.Cost != ast.Cost {
			t.Fatalf("trial %d: BFS %d %v, A* on steps %d %v\n%s", trial, bfs.Cost, berr, ast.Cost, aerr, g)
		}
		dij, derr := search.Dijkstra(ctx, start, g.Neighbours, at, search.Limits{})
		oct, oerr := search.AStar(ctx, start, g.Neighbours, g.Heuristic(goal), at, search.Limits{})
		if (derr != nil) != (berr != nil) || (oerr != nil) != (berr != nil) {
			t.Fatalf("trial %d: BFS %v, Dijkstra %v, A* %v", trial, berr, derr, oerr)
		}
		if derr != nil {
			continue
		}
		if !sameCost(dij.Cost, oct.Cost) || dij.Cost < float64(bfs.Cost)-1e-9 {
			t.Fatalf("trial %d: Dijkstra %v, A* %v, BFS %d steps\n%s", trial, dij.Cost, oct.Cost, bfs.Cost, g)
		}
		checkGridPath(t, "A*", g, oct.Path, oct.Cost, start, goal)
		dense, err := search.AStar(ctx, start, g.Neighbours, g.Heuristic(goal), at, search.Limits{Index: g.Index})
		if err != nil || !slices.Equal(dense.Path, oct.Path) || dense.Cost != oct.Cost || dense.Stats.Expanded != oct.Stats.Expanded {
			t.Fatalf("trial %d: A* with the grid's Index: %v %v, %d expanded; without: %v, %d expanded", trial, dense.Cost, err, dense.Stats.Expanded, oct.Cost, oct.Stats.Expanded)
		}
		fr, ferr := search.FringeSearch(ctx, start, g.Neighbours, g.Heuristic(goal), at, search.Limits{})
		if ferr != nil || !sameCost(fr.Cost, dij.Cost) {
			t.Fatalf("trial %d: fringe search %v, %v; Dijkstra %v\n%s", trial, fr.Cost, ferr, dij.Cost, g)
		}
		checkGridPath(t, "FringeSearch", g, fr.Path, fr.Cost, start, goal)
	}
}

// TestGridCornerRules checks each corner rule on the diagonal step from
// the top-left cell to the bottom-right one of a 2 x 2 grid.
func TestGridCornerRules(t *testing.T) {
	t.Parallel()
	tests := []struct {
		rows       string
		rule       search.CornerRule
		wantOK     bool
		wantMoves4 int
	}{
		{"..\n..", search.NoCornerCutting, true, 2},
		{".@\n..", search.NoCornerCutting, false, 1},
		{".@\n..", search.CutOneCorner, true, 1},
		{".@\n@.", search.CutOneCorner, false, 0},
		{".@\n@.", search.CutCorners, true, 0},
		{"..\n.@", search.CutCorners, false, 2},
	}
	for _, tt := range tests {
		g, err := search.ParseGrid(strings.NewReader(tt.rows))
		if err != nil {
			t.Fatal(err)
		}
		count := 0
		for range g.Steps(search.Cell{}) {
			count++
		}
		if count != tt.wantMoves4 {
			t.Errorf("%q four-way: %d steps from the corner, want %d", tt.rows, count, tt.wantMoves4)
		}
		g.Moves, g.Corners = search.EightWay, tt.rule
		ok := false
		for c, w := range g.Neighbours(search.Cell{}) {
			if c == (search.Cell{Row: 1, Col: 1}) {
				ok = w == math.Sqrt2
			}
		}
		if ok != tt.wantOK {
			t.Errorf("%q rule %d: diagonal allowed %v, want %v", tt.rows, tt.rule, ok, tt.wantOK)
		}
	}
}

// TestJumpPointSearchOnMap checks jump point search against A* corner to
// corner on the benchmarks' 1000 x 1000 grid with 20% walls, 8-connected.
func TestJumpPointSearchOnMap(t *testing.T) {
	if testing.Short() {
		t.Skip("a search of a million cells")
	}
	t.Parallel()
	ctx := context.Background()
	g := mapGrid()
	g.Moves = search.EightWay
	start, goal := search.Cell{}, search.Cell{Row: 999, Col: 999}
	want, err := search.AStar(ctx, start, g.Neighbours, g.Heuristic(goal), func(c search.Cell) bool { return c == goal }, search.Limits{})
	if err != nil {
		t.Fatal(err)
	}
	got, err := search.JumpPointSearch(ctx, g, start, goal, search.Limits{})
	if err != nil || !sameCost(got.Cost, want.Cost) {
		t.Fatalf("jump point search %v, %v; A* %v", got.Cost, err, want.Cost)
	}
	checkGridPath(t, "JumpPointSearch", g, got.Path, got.Cost, start, goal)
	t.Logf("cost %.6f: A* expanded %d cells, jump point search %d jump points", got.Cost, want.Stats.Expanded, got.Stats.Expanded)
}

func TestJumpPointSearchErrors(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	g := search.NewGrid(50, 50)
	g.SetWall(search.Cell{Row: 1, Col: 1}, true)
	far := search.Cell{Row: 49, Col: 49}
	if _, err := search.JumpPointSearch(ctx, g, search.Cell{}, far, search.Limits{}); !errors.Is(err, errors.ErrUnsupported) {
		t.Errorf("four-way grid: %v, want ErrUnsupported", err)
	}
	g.Moves = search.EightWay
	if _, err := search.JumpPointSearch(ctx, g, search.Cell{Row: 1, Col: 1}, far, search.Limits{}); !errors.Is(err, search.ErrNotFound) {
		t.Errorf("start on a wall: %v, want ErrNotFound", err)
	}
	if _, err := search.JumpPointSearch(ctx, g, search.Cell{}, search.Cell{Row: 50, Col: 0}, search.Limits{}); !errors.Is(err, search.ErrNotFound) {
		t.Errorf("goal outside: %v, want ErrNotFound", err)
	}
	if _, err := search.JumpPointSearch(ctx, g, search.Cell{}, far, search.Limits{MaxBytes: 50 * 50 * 13}); !errors.Is(err, search.ErrMemory) {
		t.Errorf("budget below the grid's tables: %v, want ErrMemory", err)
	}
	res, err := search.JumpPointSearch(ctx, g, search.Cell{}, far, search.Limits{MaxNodes: 1})
	if !errors.Is(err, search.ErrLimit) || res.Stats.Expanded != 1 {
		t.Errorf("node cap 1: %v after %d expansions, want ErrLimit after 1", err, res.Stats.Expanded)
	}
	cancelled, cancel := context.WithCancel(ctx)
	cancel()
	big := randomGrid(rand.New(rand.NewPCG(1, 1)), 300, 300, 0.2)
	big.Moves = search.EightWay
	big.SetWall(search.Cell{}, false)
	big.SetWall(search.Cell{Row: 299, Col: 299}, false)
	if _, err := search.JumpPointSearch(cancelled, big, search.Cell{}, search.Cell{Row: 299, Col: 299}, search.Limits{}); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled context: %v", err)
	}
	var tr search.Trace
	tr.Max = 1000
	res, err = search.JumpPointSearch(ctx, g, search.Cell{}, far, search.Limits{Observe: tr.Observe})
	if err != nil || len(tr.Events) == 0 || tr.Events[len(tr.Events)-1].Kind != search.Goal {
		t.Fatalf("traced: %v, %d events", err, len(tr.Events))
	}
	if c, ok := tr.Events[0].State.(search.Cell); !ok || c != (search.Cell{}) || tr.Events[0].Kind != search.Expand {
		t.Errorf("first event %+v, want the expansion of the start", tr.Events[0])
	}
	if res.Cost != tr.Events[len(tr.Events)-1].Costs.G {
		t.Errorf("goal event's cost %v, result %v", tr.Events[len(tr.Events)-1].Costs.G, res.Cost)
	}
}

func TestParseGrid(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, in string
		want     string // the grid's String, or the error's text
		eight    bool
	}{
		{"bare rows", "..#\n.@.\n", "..@\n.@.\n", false},
		{"moving ai", "type octile\nheight 2\nwidth 3\nmap\n.T.\nGSW\n", ".@.\n..@\n", true},
		{"crlf", "type octile\r\nheight 1\r\nwidth 2\r\nmap\r\n.@\r\n", ".@\n", true},
		{"empty", "", "", false},
		{"ragged", "...\n..\n", "line 2: a row of 2 cells, want 3", false},
		{"bad cell", "..\n.x\n", "line 2, column 2: 'x' is neither open", false},
		{"short map", "type octile\nheight 3\nwidth 1\nmap\n.\n", "line 5: 1 rows, the header says 3", false},
		{"long map", "type octile\nheight 1\nwidth 1\nmap\n.\n.\n", "line 6: more than the 1 rows of the header", false},
		{"bad height", "type octile\nheight -1\nwidth 1\nmap\n", "line 2: height \"-1\" is not a size", false},
		{"huge", "type octile\nheight 100000\nwidth 100000\nmap\n", "line 4: a map of 100000 x 100000 cells is larger than", false},
		{"no map line", "type octile\nheight 1\n", "line 2: the map header ends", false},
		{"map first", "type octile\nmap\n", "line 2: \"map\" before the height and width", false},
		{"unknown header", "type octile\ncolour red\n", "line 2: \"colour red\" is not a map header line", false},
	}
	for _, tt := range tests {
		g, err := search.ParseGrid(strings.NewReader(tt.in))
		if err != nil {
			if !strings.Contains(err.Error(), tt.want) || tt.want == "" {
				t.Errorf("%s: error %q, want %q", tt.name, err, tt.want)
			}
			continue
		}
		if g.String() != tt.want || (g.Moves == search.EightWay) != tt.eight {
			t.Errorf("%s: grid %q (moves %d), want %q", tt.name, g.String(), g.Moves, tt.want)
		}
	}
}

func FuzzParseGrid(f *testing.F) {
	f.Add("..#\n.@.\n")
	f.Add("type octile\nheight 2\nwidth 3\nmap\n.T.\nGSW\n")
	f.Add("type octile\nheight 0\nwidth 0\nmap\n")
	f.Fuzz(func(t *testing.T, in string) {
		g, err := search.ParseGrid(strings.NewReader(in))
		if err != nil {
			return
		}
		again, err := search.ParseGrid(strings.NewReader(g.String()))
		if err != nil || again.String() != g.String() || again.Rows() != g.Rows() || again.Cols() != g.Cols() {
			t.Fatalf("%q read back from %q: %v", g.String(), in, err)
		}
	})
}

func BenchmarkJumpPointSearchMap(b *testing.B) {
	g := mapGrid()
	g.Moves = search.EightWay
	goal := search.Cell{Row: 999, Col: 999}
	for b.Loop() {
		if _, err := search.JumpPointSearch(context.Background(), g, search.Cell{}, goal, search.Limits{}); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkAStarEightWayMap(b *testing.B) {
	g := mapGrid()
	g.Moves = search.EightWay
	goal := search.Cell{Row: 999, Col: 999}
	at := func(c search.Cell) bool { return c == goal }
	for _, lim := range []struct {
		name string
		lim  search.Limits
	}{{"map", search.Limits{}}, {"index", search.Limits{Index: g.Index}}} {
		b.Run(lim.name, func(b *testing.B) {
			for b.Loop() {
				if _, err := search.AStar(context.Background(), search.Cell{}, g.Neighbours, g.Heuristic(goal), at, lim.lim); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
