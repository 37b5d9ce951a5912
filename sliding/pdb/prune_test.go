package pdb_test

import (
	"bytes"
	"context"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/searchlab/searchlab/internal/racetest"
	"github.com/searchlab/searchlab/search"
	"github.com/searchlab/searchlab/sliding"
	"github.com/searchlab/searchlab/sliding/pdb"
	"github.com/searchlab/searchlab/sliding/prune"
)

// TestPruningKeepsLengths solves random boards with the default move
// pruning and with undo pruning only: the lengths must agree (both are
// optimal) and the default must expand fewer nodes over all.
func TestPruningKeepsLengths(t *testing.T) {
	ctx := context.Background()
	for _, sz := range []struct {
		w, h      int
		partition string
		boards    int
	}{{3, 3, "4-4", 60}, {4, 3, "5-6", 40}, {4, 4, "6-6-3", 8}} {
		s, err := pdb.Build(ctx, sz.w, sz.h, 0, sz.partition, nil)
		if err != nil {
			t.Fatal(err)
		}
		if got := s.Pruning().MaxLen(); got != pdb.PruneLength(sz.w, sz.h) {
			t.Errorf("%dx%d: Build's machine has length %d, want PruneLength %d", sz.w, sz.h, got, pdb.PruneLength(sz.w, sz.h))
		}
		undoOnly, err := prune.New(ctx, sz.w, sz.h, 2)
		if err != nil {
			t.Fatal(err)
		}
		plain, err := s.WithPruning(undoOnly)
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(uint64(sz.w), uint64(sz.h)))
		goal := sliding.Standard(sz.w, sz.h)
		boards := sz.boards
		if racetest.Enabled {
			boards = max(boards/8, 1)
		}
		// One thread: the nodes expanded are then the search's own, not
		// what several workers did before one found the solution.
		one := pdb.RunOptions{Threads: 1}
		var pruned, unpruned int64
		for range boards {
			b := sliding.RandomSolvable(rng, goal, true)
			a, err := s.Solve(ctx, b, goal, search.Limits{}, one)
			if err != nil {
				t.Fatal(err)
			}
			p, err := plain.Solve(ctx, b, goal, search.Limits{}, one)
			if err != nil {
				t.Fatal(err)
			}
			if a.Len() != p.Len() {
				t.Fatalf("%v: %d moves with pruning, %d without", b, a.Len(), p.Len())
			}
			if end, err := b.Apply(a.Moves...); err != nil || !end.Equal(goal) {
				t.Fatalf("%v: the pruned solution does not reach the goal (%v)", b, err)
			}
			pruned += a.Stats.Expanded
			unpruned += p.Stats.Expanded
		}
		t.Logf("%dx%d: %d nodes expanded with pruning to %d moves, %d with undo pruning only", sz.w, sz.h, pruned, s.Pruning().MaxLen(), unpruned)
		if pruned >= unpruned {
			t.Errorf("%dx%d: %d nodes expanded with pruning, no fewer than %d without", sz.w, sz.h, pruned, unpruned)
		}
	}
}

// TestOpenKeepsMachine checks that Open saves the move-pruning machine in
// its directory, reads it back the next time, and rebuilds a damaged one.
func TestOpenKeepsMachine(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	var log bytes.Buffer
	opts := pdb.Options{Dir: dir, Log: &log, PruneLength: 10}
	s, err := pdb.Open(ctx, 3, 3, 0, "4-4", opts)
	if err != nil {
		t.Fatal(err)
	}
	if s.Pruning().MaxLen() != 10 {
		t.Fatalf("machine of length %d, want 10", s.Pruning().MaxLen())
	}
	path := filepath.Join(dir, "3x3-prune10.fsm")
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("the machine was not saved: %v", err)
	}
	var m prune.Machine
	if err := m.UnmarshalBinary(data); err != nil || m.States() != s.Pruning().States() {
		t.Fatalf("saved machine: %v, %d states, want %d", err, m.States(), s.Pruning().States())
	}
	// Damage it; a fresh process (here: another length, so the machine is
	// not shared from memory) rebuilds it with a line on the log.
	opts.PruneLength = 8
	if _, err := pdb.Open(ctx, 3, 3, 0, "4-4", opts); err != nil {
		t.Fatal(err)
	}
	path8 := filepath.Join(dir, "3x3-prune8.fsm")
	data8, _ := os.ReadFile(path8)
	data8[len(data8)/2] ^= 1
	if err := os.WriteFile(path8, data8, 0o644); err != nil {
		t.Fatal(err)
	}
	pdb.ForgetMachines()
	log.Reset()
	s8, err := pdb.Open(ctx, 3, 3, 0, "4-4", opts)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(log.String(), "3x3-prune8.fsm") || !strings.Contains(log.String(), "rebuilding") {
		t.Errorf("log %q, want a line on rebuilding the damaged machine", log.String())
	}
	if again, _ := os.ReadFile(path8); !bytes.Equal(again[:len(again)-4], mustMarshal(t, s8.Pruning())[:len(again)-4]) {
		t.Error("the rebuilt machine was not saved")
	}
	if _, err := pdb.Open(ctx, 3, 3, 0, "4-4", pdb.Options{Dir: dir, PruneLength: 1}); err == nil {
		t.Error("prune length 1: no error")
	}
}

func mustMarshal(t *testing.T, m *prune.Machine) []byte {
	data, err := m.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	return data
}
