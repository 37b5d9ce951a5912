package gridbench

import "testing"

// TestBenchmarkGrid checks the grid the figures are measured on: its share
// of walls, its open corners, and that the generator repeats itself.
func TestBenchmarkGrid(t *testing.T) {
	g := Benchmark()
	walls := 0
	for _, w := range g.Wall {
		if w {
			walls++
		}
	}
	if share := float64(walls) / float64(len(g.Wall)); share < 0.19 || share > 0.21 {
		t.Errorf("%.3f of the cells are walls, want about %d%%", share, WallPercent)
	}
	if g.Wall[0] || g.Wall[len(g.Wall)-1] {
		t.Error("a corner is a wall")
	}
	h := Benchmark()
	for i := range g.Wall {
		if g.Wall[i] != h.Wall[i] {
			t.Fatalf("cell %d differs between two grids of one seed", i)
		}
	}
	n := 0
	for range g.Next(Cell{1, 1}) {
		n++
	}
	open := 0
	for _, d := range [][2]int{{0, 1}, {2, 1}, {1, 0}, {1, 2}} {
		if !g.Wall[d[0]*g.W+d[1]] {
			open++
		}
	}
	if n != open {
		t.Errorf("Next yields %d neighbours of (1,1), %d are open", n, open)
	}
}
