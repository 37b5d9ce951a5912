package pdb_test

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/searchlab/searchlab/sliding"
	"github.com/searchlab/searchlab/sliding/pdb"
)

// soundSearch solves b for goal by IDA* with s's heuristic under s.Sound,
// as every search on a set's tables runs: no answer when the set is found
// damaged. (Package sliding/solve/internal/pdbsearch checks its searches
// on truncated tables.)
func soundSearch(ctx context.Context, s *pdb.Set, b, goal sliding.Board) (sliding.Solution, error) {
	h, err := s.For(goal)
	if err != nil {
		return sliding.Solution{}, err
	}
	var sol sliding.Solution
	err = s.Sound(ctx, func(ctx context.Context) (err error) {
		sol, err = sliding.Search(ctx, b, goal, sliding.Options{Algorithm: sliding.IDAStar, Heuristic: h})
		return err
	})
	if err != nil {
		return sliding.Solution{}, err
	}
	return sol, nil
}

// openTwice builds the 4x4 5-5-5 set in a new directory, then opens it
// again from its files: mapped, on the word of their stamps.
func openTwice(t *testing.T, blank int) (string, *pdb.Set) {
	t.Helper()
	dir := t.TempDir()
	ctx := context.Background()
	if _, err := pdb.Open(ctx, 4, 4, blank, "5-5-5", pdb.Options{Dir: dir}); err != nil {
		t.Fatal(err)
	}
	s, err := pdb.Open(ctx, 4, 4, blank, "5-5-5", pdb.Options{Dir: dir})
	if err != nil {
		t.Fatal(err)
	}
	// Its background checks done (Sound waits for them), so that they do
	// not see the damage the tests make.
	if err := s.Sound(ctx, func(context.Context) error { return nil }); err != nil {
		t.Fatal(err)
	}
	return dir, s
}

// tableFiles returns the set's table files in dir.
func tableFiles(t *testing.T, dir string) []string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(dir, "4x4-*.pdb"))
	if err != nil || len(files) != 3 {
		t.Fatalf("tables in %s: %v %v", dir, files, err)
	}
	return files
}

// TestDamagedUnderStamp damages 1% of a table's bytes and writes a stamp
// that matches the damaged file, as if the bytes had changed on disk
// without the file's times changing: no answer may come marked optimal
// from the set, and the set opened again is rebuilt and answers right.
func TestDamagedUnderStamp(t *testing.T) {
	dir, _ := openTwice(t, 15)
	path := tableFiles(t, dir)[0]
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(1, 2))
	for range len(data) / 100 {
		i := 64 + r.IntN(len(data)-64) // leave the header
		data[i] ^= byte(1 + r.IntN(255))
	}
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	fi, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	old, err := os.ReadFile(pdb.StampName(path))
	if err != nil {
		t.Fatal(err)
	}
	var crc uint32
	for _, line := range strings.Split(string(old), "\n") {
		if _, err := fmt.Sscanf(line, "crc %08x", &crc); err == nil {
			break
		}
	}
	if err := os.WriteFile(pdb.StampName(path), []byte(pdb.StampOf(fi, crc)), 0o644); err != nil {
		t.Fatal(err)
	}

	ctx := context.Background()
	s, err := pdb.Open(ctx, 4, 4, 15, "5-5-5", pdb.Options{Dir: dir})
	if err != nil {
		t.Fatal(err)
	}
	goal := sliding.Standard(4, 4)
	boards := make([]sliding.Board, 30)
	for i := range boards {
		boards[i] = sliding.Scramble(r, goal, 40)
	}
	for i, b := range boards {
		sol, err := soundSearch(ctx, s, b, goal)
		if err == nil || sol.Optimal {
			t.Fatalf("board %d from a damaged table: %d moves, optimal %v, error %v; want pdb.ErrDamaged", i, sol.Len(), sol.Optimal, err)
		}
		if !errors.Is(err, pdb.ErrDamaged) {
			t.Fatalf("board %d: %v, want pdb.ErrDamaged", i, err)
		}
	}
	if !s.Damaged() {
		t.Error("the set is not marked damaged")
	}
	// Opened again, the table is read whole, found damaged and rebuilt.
	s2, err := pdb.Open(ctx, 4, 4, 15, "5-5-5", pdb.Options{Dir: dir})
	if err != nil {
		t.Fatal(err)
	}
	for i, b := range boards {
		want, err := sliding.Search(ctx, b, goal, sliding.Options{Algorithm: sliding.IDAStar, Tuned: true})
		if err != nil {
			t.Fatal(err)
		}
		got, err := soundSearch(ctx, s2, b, goal)
		if err != nil || got.Len() != want.Len() || !got.Optimal {
			t.Fatalf("board %d after reopening: %d moves, optimal %v, %v; want %d", i, got.Len(), got.Optimal, err, want.Len())
		}
	}
}

// TestDamageStopsSearch checks that a search under way stops, with
// pdb.ErrDamaged, when the background check of its set's tables fails: with
// damaged entries IDA* may never finish, and the command that ran it once
// never answered. The tables are damaged to all zeros, leaving Manhattan
// distance, under which the board (Korf's 60th, 66 moves) takes minutes
// at least, where the check fails in 100 ms.
func TestDamageStopsSearch(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute) // a backstop only
	defer cancel()
	s, err := pdb.Build(ctx, 4, 4, 0, "5-5-5", nil)
	if err != nil {
		t.Fatal(err)
	}
	release := make(chan struct{})
	pdb.DamageAfter(s, release)
	time.AfterFunc(100*time.Millisecond, func() { close(release) })
	b, err := sliding.New(4, 4, []int{11, 14, 13, 1, 2, 3, 12, 4, 15, 7, 9, 5, 10, 6, 8, 0})
	if err != nil {
		t.Fatal(err)
	}
	goal, err := sliding.New(4, 4, []int{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15})
	if err != nil {
		t.Fatal(err)
	}
	sol, err := soundSearch(ctx, s, b, goal)
	if !errors.Is(err, pdb.ErrDamaged) || sol.Optimal || ctx.Err() != nil {
		t.Fatalf("solve while the check failed: %d moves, optimal %v, %v; want pdb.ErrDamaged at once", sol.Len(), sol.Optimal, err)
	}
	if !s.Damaged() {
		t.Error("the set is not marked damaged")
	}
}
