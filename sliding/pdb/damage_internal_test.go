package pdb

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

	"github.com/searchlab/searchlab/internal/pdbtest"
	"github.com/searchlab/searchlab/search"
	"github.com/searchlab/searchlab/sliding"
)

// openTwice builds the 4x4 5-5-5 set in a new directory, then opens it
// again from its files: mapped, on the word of their stamps.
func openTwice(t *testing.T, blank int) (string, *Set) {
	t.Helper()
	dir := t.TempDir()
	ctx := context.Background()
	if _, err := Open(ctx, 4, 4, blank, "5-5-5", Options{Dir: dir}); err != nil {
		t.Fatal(err)
	}
	s, err := Open(ctx, 4, 4, blank, "5-5-5", Options{Dir: dir})
	if err != nil {
		t.Fatal(err)
	}
	// Its background checks done, so that they do not see the damage the
	// tests make.
	if err := s.settled(ctx); err != nil {
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
	old, err := os.ReadFile(stampName(path))
	if err != nil {
		t.Fatal(err)
	}
	var crc uint32
	for _, line := range strings.Split(string(old), "\n") {
		if _, err := fmt.Sscanf(line, "crc %08x", &crc); err == nil {
			break
		}
	}
	if err := os.WriteFile(stampName(path), []byte(stampOf(fi, crc)), 0o644); err != nil {
		t.Fatal(err)
	}

	ctx := context.Background()
	s, err := Open(ctx, 4, 4, 15, "5-5-5", Options{Dir: dir})
	if err != nil {
		t.Fatal(err)
	}
	goal := sliding.Standard(4, 4)
	boards := make([]sliding.Board, 30)
	for i := range boards {
		boards[i] = sliding.Scramble(r, goal, 40)
	}
	for i, b := range boards {
		sol, err := s.Solve(ctx, b, goal, search.Limits{}, RunOptions{})
		if err == nil || sol.Optimal {
			t.Fatalf("board %d from a damaged table: %d moves, optimal %v, error %v; want ErrDamaged", i, sol.Len(), sol.Optimal, err)
		}
		if !errors.Is(err, ErrDamaged) {
			t.Fatalf("board %d: %v, want ErrDamaged", i, err)
		}
	}
	if !s.Damaged() {
		t.Error("the set is not marked damaged")
	}
	// Opened again, the table is read whole, found damaged and rebuilt.
	s2, err := Open(ctx, 4, 4, 15, "5-5-5", Options{Dir: dir})
	if err != nil {
		t.Fatal(err)
	}
	for i, b := range boards {
		want, err := sliding.Search(ctx, b, goal, sliding.Options{Algorithm: sliding.IDAStar, Tuned: true})
		if err != nil {
			t.Fatal(err)
		}
		got, err := s2.Solve(ctx, b, goal, search.Limits{}, RunOptions{})
		if err != nil || got.Len() != want.Len() || !got.Optimal {
			t.Fatalf("board %d after reopening: %d moves, optimal %v, %v; want %d", i, got.Len(), got.Optimal, err, want.Len())
		}
	}
}

// TestTruncatedUnderSolve cuts a mapped table to 4 KB while solves read
// it: the solve must end with ErrDamaged, not crash the process, and the
// set opened again must answer right.
func TestTruncatedUnderSolve(t *testing.T) {
	dir, s2 := openTwice(t, 0)
	ctx := context.Background()
	goal, err := sliding.New(4, 4, []int{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15})
	if err != nil {
		t.Fatal(err)
	}
	// Solve boards 50 moves from the goal, one after another, until one
	// fails.
	done := make(chan error, 1)
	stop := make(chan struct{})
	defer close(stop)
	go func() {
		r := rand.New(rand.NewPCG(5, 6))
		for {
			select {
			case <-stop:
				done <- nil
				return
			default:
			}
			_, err := s2.Solve(ctx, sliding.Scramble(r, goal, 50), goal, search.Limits{}, RunOptions{Threads: 2})
			if err != nil {
				done <- err
				return
			}
		}
	}()
	time.Sleep(200 * time.Millisecond)
	pdbtest.Truncate(t, filepath.Join(dir, "4x4-b0-*.pdb"))
	select {
	case err := <-done:
		if !errors.Is(err, ErrDamaged) {
			t.Fatalf("solve over a truncated table: %v, want ErrDamaged", err)
		}
	case <-time.After(60 * time.Second):
		t.Fatal("the solve did not stop within a minute of the truncation")
	}
	if !s2.Damaged() {
		t.Error("the set is not marked damaged")
	}
	small := sliding.Scramble(rand.New(rand.NewPCG(3, 4)), goal, 30)
	want, err := sliding.Search(ctx, small, goal, sliding.Options{Algorithm: sliding.IDAStar, Tuned: true})
	if err != nil {
		t.Fatal(err)
	}
	s3, err := Open(ctx, 4, 4, 0, "5-5-5", Options{Dir: dir})
	if err != nil {
		t.Fatal(err)
	}
	if got, err := s3.Solve(ctx, small, goal, search.Limits{}, RunOptions{}); err != nil || got.Len() != want.Len() || !got.Optimal {
		t.Fatalf("reopened: %d moves, %v; want %d", got.Len(), err, want.Len())
	}
}

// TestTruncatedUnderUnits cuts the mapped tables to 4 KB under the
// work-unit searches: Split and SearchUnit must end with ErrDamaged, not
// crash the process, and the set must be marked damaged.
func TestTruncatedUnderUnits(t *testing.T) {
	ctx := context.Background()
	goal, err := sliding.New(4, 4, []int{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15})
	if err != nil {
		t.Fatal(err)
	}
	b := sliding.Scramble(rand.New(rand.NewPCG(7, 8)), goal, 40)

	dir, s := openTwice(t, 0)
	sp, err := s.Split(ctx, b, goal, 3, search.Limits{})
	if err != nil || len(sp.Units) == 0 {
		t.Fatalf("split before the damage: %d units, %v", len(sp.Units), err)
	}
	pdbtest.Truncate(t, filepath.Join(dir, "4x4-b0-*.pdb"))
	for _, u := range sp.Units {
		if _, err = s.SearchUnit(ctx, goal, u, sp.H+20, search.Limits{}); err != nil {
			break
		}
	}
	if !errors.Is(err, ErrDamaged) || !s.Damaged() {
		t.Errorf("units searched over truncated tables: %v (set damaged: %v), want ErrDamaged", err, s.Damaged())
	}

	dir, s = openTwice(t, 0)
	pdbtest.Truncate(t, filepath.Join(dir, "4x4-b0-*.pdb"))
	if _, err := s.Split(ctx, b, goal, 3, search.Limits{}); !errors.Is(err, ErrDamaged) || !s.Damaged() {
		t.Errorf("split over truncated tables: %v (set damaged: %v), want ErrDamaged", err, s.Damaged())
	}
}

// TestDamageStopsSearch checks that a search under way stops, with
// ErrDamaged, when the background check of its set's tables fails: with
// damaged entries IDA* may never finish, and the command that ran it once
// never answered. The tables are damaged to all zeros, leaving Manhattan
// distance, under which the board (Korf's 60th, 66 moves) takes minutes
// at least, where the check fails in 100 ms.
func TestDamageStopsSearch(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute) // a backstop only
	defer cancel()
	s, err := Build(ctx, 4, 4, 0, "5-5-5", nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, tb := range s.tables {
		clear(tb)
	}
	release := make(chan struct{})
	s.health = watch([]func() error{func() error {
		<-release
		return fmt.Errorf("%w: a checksum does not match", ErrCorrupt)
	}}, nil)
	time.AfterFunc(100*time.Millisecond, func() { close(release) })
	b, err := sliding.New(4, 4, []int{11, 14, 13, 1, 2, 3, 12, 4, 15, 7, 9, 5, 10, 6, 8, 0})
	if err != nil {
		t.Fatal(err)
	}
	goal, err := sliding.New(4, 4, []int{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15})
	if err != nil {
		t.Fatal(err)
	}
	sol, err := s.Solve(ctx, b, goal, search.Limits{}, RunOptions{Threads: 2})
	if !errors.Is(err, ErrDamaged) || sol.Optimal || ctx.Err() != nil {
		t.Fatalf("solve while the check failed: %d moves, optimal %v, %v; want ErrDamaged at once", sol.Len(), sol.Optimal, err)
	}
	if !s.Damaged() {
		t.Error("the set is not marked damaged")
	}
}
