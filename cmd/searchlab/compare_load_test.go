package main

import (
	"encoding/json"
	"math/rand/v2"
	"os"
	"os/exec"
	"testing"

	"github.com/searchlab/searchlab/api"
	"github.com/searchlab/searchlab/sliding"
)

// TestCompareUnderLoad runs compare at its default limits on 30 random
// 8-puzzles of 22 moves or more beside two busy loops: BFS answers on all
// of them, since the rows that finish early give their time to the rows
// their share stopped. It takes minutes (each table may use its 10 s), so
// it runs with SEARCHLAB_RELIABILITY=long.
func TestCompareUnderLoad(t *testing.T) {
	if os.Getenv("SEARCHLAB_RELIABILITY") != "long" {
		t.Skip("a long reliability test; set SEARCHLAB_RELIABILITY=long to run it")
	}
	t.Setenv("XDG_CACHE_HOME", t.TempDir())
	for range 2 {
		busy := exec.Command("yes") // its output goes to the null device
		if err := busy.Start(); err != nil {
			t.Skipf("no busy loop: %v", err)
		}
		t.Cleanup(func() {
			busy.Process.Kill()
			busy.Wait()
		})
	}
	goal := sliding.Standard(3, 3)
	table := sliding.TableFor(goal)
	rng := rand.New(rand.NewPCG(22, 30))
	for n := 0; n < 30; {
		b := sliding.Scramble(rng, goal, 200)
		d := table.Distance(b)
		if d < 22 {
			continue
		}
		n++
		code, out, errOut := runCLI(t, b.String()+"\n", "compare", "--format", "grid", "--json")
		if code != 0 {
			t.Fatalf("board %d: exit %d: %s", n, code, errOut)
		}
		var a api.CompareAnswer
		if err := json.Unmarshal([]byte(out), &a); err != nil {
			t.Fatal(err)
		}
		found := false
		for _, r := range a.Rows {
			if r.Algorithm == "bfs" {
				found = true
				if r.Status != "ok" || r.Length != d {
					t.Errorf("board %d (%d moves): bfs %s, length %d", n, d, r.Status, r.Length)
				}
			}
		}
		if !found {
			t.Fatalf("board %d: no bfs row in %s", n, out)
		}
	}
}
