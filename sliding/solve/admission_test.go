package solve_test

import (
	"math/rand/v2"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/searchlab/searchlab/search"
	"github.com/searchlab/searchlab/sliding"
	"github.com/searchlab/searchlab/sliding/solve"
)

// TestBackgroundOpensOneAtATime asks two background Solvers for the sets of
// two board sizes at once: the builds must run one after the other (the
// progress reports of one set never resume once the other's began), and
// both sets must end up ready.
func TestBackgroundOpensOneAtATime(t *testing.T) {
	var (
		mu     sync.Mutex
		labels []string
	)
	progress := func(label string, done, total int64) {
		mu.Lock()
		defer mu.Unlock()
		size, _, _ := strings.Cut(label, "-")
		if len(labels) == 0 || labels[len(labels)-1] != size {
			labels = append(labels, size)
		}
	}
	a := solve.New(solve.Options{Dir: t.TempDir(), Background: true, Progress: progress})
	defer a.Close()
	b := solve.New(solve.Options{Dir: t.TempDir(), Background: true, Progress: progress})
	defer b.Close()
	a.Warm(3, 4, 11)
	b.Warm(4, 3, 11)
	deadline := time.Now().Add(2 * time.Minute)
	for !(a.Ready(3, 4, 11) && b.Ready(4, 3, 11)) {
		if time.Now().After(deadline) {
			t.Fatal("the sets were not ready within two minutes")
		}
		time.Sleep(20 * time.Millisecond)
	}
	mu.Lock()
	defer mu.Unlock()
	if len(labels) != 2 {
		t.Errorf("builds interleaved: progress went %v", labels)
	}
}

// TestCompareWholeBudget checks that Compare's node cap and time bound the
// whole table: with no time left, every run is "not-run"; with a node cap
// of one per run, the runs share it and none uses more than it is given.
func TestCompareWholeBudget(t *testing.T) {
	s := solve.New(solve.Options{NoDatabases: true})
	defer s.Close()
	goal := sliding.Standard(4, 4)
	b := sliding.Scramble(rand.New(rand.NewPCG(7, 8)), goal, 60)
	c, err := s.Compare(t.Context(), b, goal, solve.CompareOptions{Timeout: time.Nanosecond})
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range c.Runs {
		if r.Status != "not-run" {
			t.Errorf("no time: %s/%s is %q, want not-run", r.Algorithm, r.Heuristic, r.Status)
		}
	}
	c, err = s.Compare(t.Context(), b, goal, solve.CompareOptions{Limits: search.Limits{MaxNodes: 5000}})
	if err != nil {
		t.Fatal(err)
	}
	var total int64
	for _, r := range c.Runs {
		total += r.Solution.Stats.Expanded
	}
	if total > 5000 || len(c.Runs) < 13 {
		t.Errorf("a table with 5000 expansions in all expanded %d in %d runs", total, len(c.Runs))
	}
}

// TestCompareGivesBackShares checks that the nodes the quick rows leave go
// to the rows their share stopped: under a cap of 40,000 expansions per
// row, BFS on a 3x3 board 24 moves out needs more than its first share,
// and answers with what the informed rows did not use; every row stopped
// in the end was given at least what it had first.
func TestCompareGivesBackShares(t *testing.T) {
	s := solve.New(solve.Options{NoDatabases: true})
	defer s.Close()
	goal := sliding.Standard(3, 3)
	table := sliding.TableFor(goal)
	rng := rand.New(rand.NewPCG(24, 1))
	b := sliding.Scramble(rng, goal, 200)
	for table.Distance(b) != 24 {
		b = sliding.Scramble(rng, goal, 200)
	}
	none, err := s.Compare(t.Context(), b, goal, solve.CompareOptions{Timeout: time.Nanosecond})
	if err != nil {
		t.Fatal(err)
	}
	bfs, err := s.Solve(t.Context(), b, goal, solve.Method{Algorithm: sliding.BFS}, search.Limits{})
	if err != nil {
		t.Fatal(err)
	}
	bfsNeeds, rows := bfs.Stats.Expanded, int64(len(none.Runs))
	cap := 40_000 * rows
	if bfsNeeds <= cap/rows || bfsNeeds > cap/4 {
		t.Fatalf("BFS needs %d expansions; the test wants more than a share of %d and at most a quarter of %d", bfsNeeds, cap/rows, cap)
	}
	c, err := s.Compare(t.Context(), b, goal, solve.CompareOptions{Limits: search.Limits{MaxNodes: cap}})
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range c.Runs {
		if r.Algorithm == "bfs" && (r.Status != "ok" || r.Solution.Len() != 24) {
			t.Errorf("bfs: %s, %d moves; want the 24 moves with the nodes the other rows left", r.Status, r.Solution.Len())
		}
		if r.Status == "node-cap" && r.Solution.Stats.Expanded < cap/rows {
			t.Errorf("%s/%s stopped after %d expansions, less than its first share %d", r.Algorithm, r.Heuristic, r.Solution.Stats.Expanded, cap/rows)
		}
	}
}
