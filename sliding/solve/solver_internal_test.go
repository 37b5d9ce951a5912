package solve

import (
	"context"
	"errors"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/searchlab/searchlab/search"
	"github.com/searchlab/searchlab/sliding"
	"github.com/searchlab/searchlab/sliding/pdb"
)

// fakeCache makes s take the sets named in cached (w, h, a goal cell of
// the blank, partition) for cached in its directory, without building
// them; entries are counted as pdb.Cached counts them.
func fakeCache(s *Solver, cached ...[4]any) {
	s.cached = func(dir string, w, h, goalBlank int, partition string) (int64, bool) {
		entries, _ := pdb.Cached(dir, w, h, goalBlank, partition)
		blank, spec, err := pdb.Canonical(w, h, goalBlank, partition)
		if err != nil {
			return 0, false
		}
		for _, c := range cached {
			cb, cspec, err := pdb.Canonical(c[0].(int), c[1].(int), c[2].(int), c[3].(string))
			if err == nil && c[0] == w && c[1] == h && cb == blank && cspec == spec {
				return entries, true
			}
		}
		return entries, false
	}
}

// TestSolverChoice checks the automatic choice of set: on 4x4 the quick
// 6-6-3 set while 7-8 is not cached, with one note saying how to build it,
// and 7-8 once its files are there; on 3x4 the default set, small enough to
// build unasked; on 6x6 none.
func TestSolverChoice(t *testing.T) {
	dir := t.TempDir()
	var log strings.Builder
	s := New(Options{Dir: dir, Log: &log})
	for range 2 {
		if got := s.choose(dir, 4, 4, 15, "7-8"); got != "6-6-3" {
			t.Errorf("4x4, nothing cached: %s, want 6-6-3", got)
		}
	}
	if n := strings.Count(log.String(), "searchlab pdb build --size 4x4"); n != 1 {
		t.Errorf("logged %q: want one note on building 7-8", log.String())
	}
	fakeCache(s, [4]any{4, 4, 0, "7-8"})
	if got := s.choose(dir, 4, 4, 15, "7-8"); got != "7-8" {
		t.Errorf("4x4, 7-8 cached: %s", got)
	}
	if got := s.choose(dir, 4, 4, 5, "7-8"); got != "6-6-3" {
		t.Errorf("4x4 with the blank's goal in the middle (7-8 cached for the corners only): %s", got)
	}
	// 5x5: the quick set until 6-6-6-6 is cached; a catalogue when it is
	// asked for by name and cached.
	if got := s.choose(dir, 5, 5, 24, "6-6-6-6"); got != "5-5-5-5-4" {
		t.Errorf("5x5, nothing cached: %s, want 5-5-5-5-4", got)
	}
	fakeCache(s, [4]any{4, 4, 0, "7-8"}, [4]any{5, 5, 0, "6-6-6-6"})
	if got := s.choose(dir, 5, 5, 24, "6-6-6-6"); got != "6-6-6-6" {
		t.Errorf("5x5, 6-6-6-6 cached: %s, want 6-6-6-6", got)
	}
	fakeCache(s, [4]any{4, 4, 0, "7-8"}, [4]any{5, 5, 0, "6-6-6-6"}, [4]any{5, 5, 0, pdb.CataloguePartition})
	if got := s.choose(dir, 5, 5, 0, pdb.CataloguePartition); got != pdb.CataloguePartition {
		t.Errorf("5x5, catalogue cached: %s", got)
	}
	if got := s.choose(dir, 4, 3, 11, "6-5"); got != "6-5" {
		t.Errorf("4x3: %s, want 6-5", got)
	}
	log.Reset()
	if _, err := s.Set(context.Background(), 6, 6, 35, ""); !errors.Is(err, pdb.ErrNoDatabase) || !errors.Is(err, ErrInput) || !strings.Contains(log.String(), "no pattern database fits a 6x6 board") {
		t.Errorf("6x6: %v, logged %q", err, log.String())
	}
}

// TestSolverConcurrent solves 3x4 boards from several goroutines at once
// with one Solver: every answer optimal (checked against IDA* with linear
// conflicts), and the set opened once.
func TestSolverConcurrent(t *testing.T) {
	ctx := context.Background()
	var log strings.Builder
	var mu sync.Mutex
	s := New(Options{Dir: t.TempDir(), Log: writerFunc(func(p []byte) (int, error) {
		mu.Lock()
		defer mu.Unlock()
		return log.Write(p)
	})})
	goal := sliding.Standard(4, 3)
	var wg sync.WaitGroup
	for i := range 6 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			b := sliding.Scramble(rand.New(rand.NewPCG(uint64(i), 9)), goal, 40)
			sol, err := s.Solve(ctx, b, goal, Method{}, search.Limits{})
			ref, rerr := sliding.Search(ctx, b, goal, sliding.Options{Algorithm: sliding.IDAStar, Tuned: true, Heuristic: sliding.LinearConflict(goal)})
			if err != nil || rerr != nil || sol.Len() != ref.Len() || sol.Method != "pdb 6-5" || sliding.Verify(b, goal, sol.Moves) != nil {
				t.Errorf("board %d: %v %v, %d moves by %s, want %d", i, err, rerr, sol.Len(), sol.Method, ref.Len())
			}
		}()
	}
	wg.Wait()
	if n := strings.Count(log.String(), "building"); n != 2 {
		t.Errorf("logged %q: want the two patterns built once each", log.String())
	}
	a, _ := s.Set(ctx, 4, 3, 11, "")
	b, _ := s.Set(ctx, 4, 3, 11, "")
	if a == nil || a != b {
		t.Errorf("Set returned %p and %p, want one set", a, b)
	}
}

type writerFunc func(p []byte) (int, error)

func (f writerFunc) Write(p []byte) (int, error) { return f(p) }

// TestSolverTable checks the distance tables a Solver keeps on disk: built
// and saved the first time, read back by a new Solver, and rebuilt (with a
// line on the log) when the file is damaged.
func TestSolverTable(t *testing.T) {
	dir := t.TempDir()
	goal := sliding.Standard(3, 3)
	want := sliding.TableFor(goal)
	name := filepath.Join(dir, "3x3-table-1.2.3.4.5.6.7.8.0.tab")
	b := sliding.Scramble(rand.New(rand.NewPCG(1, 1)), goal, 60)
	for _, step := range []string{"build", "read", "damaged"} {
		var log strings.Builder
		s := New(Options{Dir: dir, Log: &log})
		if step == "damaged" {
			data, _ := os.ReadFile(name)
			data[len(data)/2] ^= 1
			os.WriteFile(name, data, 0o644)
		}
		tab := s.Table(goal)
		if tab.Distance(b) != want.Distance(b) || tab.States() != want.States() {
			t.Errorf("%s: the table differs from sliding.TableFor's", step)
		}
		if s.Table(goal) != tab {
			t.Errorf("%s: a second call returned another table", step)
		}
		if _, err := os.Stat(name); err != nil {
			t.Errorf("%s: %v", step, err)
		}
		if got := strings.Contains(log.String(), "checksum mismatch; rebuilding"); got != (step == "damaged") {
			t.Errorf("%s: logged %q", step, log.String())
		}
		sol, err := s.Solve(context.Background(), b, goal, Method{}, search.Limits{})
		if err != nil || sol.Method != "table" || sol.Len() != want.Distance(b) {
			t.Errorf("%s: Solve = %v, %d moves by %s", step, err, sol.Len(), sol.Method)
		}
	}
}

// TestSolverSharesSets checks that goals whose blank cells are symmetric
// (the four corners of 3x4) share one set, opened once.
func TestSolverSharesSets(t *testing.T) {
	var log strings.Builder
	s := New(Options{Dir: t.TempDir(), Log: &log})
	ctx := context.Background()
	var sets []*pdb.Set
	for _, blank := range []int{0, 3, 8, 11} {
		set, err := s.Set(ctx, 4, 3, blank, "")
		if err != nil {
			t.Fatal(err)
		}
		sets = append(sets, set)
	}
	for _, set := range sets[1:] {
		if set != sets[0] {
			t.Errorf("the corners got different sets")
		}
	}
	if n := strings.Count(log.String(), "building"); n != 2 {
		t.Errorf("logged %q: want the two patterns built once", log.String())
	}
}

// TestSolverCaps checks Options.MaxBuild and MaxOpen: a set that would
// pass either is neither built nor opened, its boards are still answered
// optimally (by IDA* with linear conflicts) with one note, and a set asked
// for by name is refused as bad input.
func TestSolverCaps(t *testing.T) {
	dir := t.TempDir()
	ctx := context.Background()
	goal34, goal43 := sliding.Standard(4, 3), sliding.Standard(3, 4)
	rng := rand.New(rand.NewPCG(5, 6))
	solveBoth := func(s *Solver) (methods []string) {
		for _, goal := range []sliding.Board{goal34, goal43} {
			b := sliding.Scramble(rng, goal, 30)
			sol, err := s.Solve(ctx, b, goal, Method{}, search.Limits{})
			ref, rerr := sliding.Search(ctx, b, goal, sliding.Options{Algorithm: sliding.IDAStar, Tuned: true})
			if err != nil || rerr != nil || sol.Len() != ref.Len() || !sol.Optimal {
				t.Fatalf("%v: %d moves (%v), IDA* says %d (%v)", b, sol.Len(), err, ref.Len(), rerr)
			}
			methods = append(methods, sol.Method)
		}
		return methods
	}
	entries, _ := pdb.Cached(dir, 4, 3, 11, "6-5")
	files := func() int {
		m, _ := filepath.Glob(filepath.Join(dir, "*.pdb"))
		return len(m)
	}
	for _, tc := range []struct {
		name          string
		build, open   int64
		wantFilesLeft int // files in dir afterwards
	}{
		{"build cap", entries + 1, -1, 0},
		{"open cap", -1, entries + 1, 0},
	} {
		var log strings.Builder
		s := New(Options{Dir: dir, Log: &log, MaxBuild: tc.build, MaxOpen: tc.open})
		before := files()
		methods := solveBoth(s)
		if methods[0] == methods[1] || strings.Count(log.String(), "would pass this solver's cap") != 1 {
			t.Errorf("%s: methods %q, logged %q; want the first set, then IDA* with one note", tc.name, methods, log.String())
		}
		solveBoth(s)
		if strings.Count(log.String(), "would pass this solver's cap") != 1 {
			t.Errorf("%s: logged %q; want one note", tc.name, log.String())
		}
		if _, err := s.Set(ctx, 3, 4, 11, ""); !errors.Is(err, pdb.ErrNoDatabase) || !errors.Is(err, ErrInput) {
			t.Errorf("%s: the set past the cap by name: %v", tc.name, err)
		}
		if tc.build > 0 && files()-before != 2 {
			t.Errorf("%s: %d table files built, want the 2 of the first set", tc.name, files()-before)
		}
		s.Close()
	}
	// Background sets the caps unless told: a server keeps at most
	// BackgroundOpen entries.
	s := New(Options{Dir: dir, Background: true})
	defer s.Close()
	s.opened = BackgroundOpen
	if err := s.admit(dir, entryKey{4, 3, 11, ""}, "6-5"); !errors.Is(err, pdb.ErrNoDatabase) {
		t.Errorf("a Background solver past BackgroundOpen: %v", err)
	}
}
