package pdb_test

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/searchlab/searchlab/sliding/pdb"
	"github.com/searchlab/searchlab/sliding/prune"
)

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
