package pdb

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"time"

	"github.com/searchlab/searchlab/internal/atomicfile"
	"github.com/searchlab/searchlab/internal/regularfile"
	"github.com/searchlab/searchlab/sliding/prune"
)

// PruneLength returns the longest redundant move sequence that the searches
// of a w x h set prune by default (see package prune): 14 moves on boards
// of more than 16 cells (a machine of 199,632 states, 3.4 MB on a 5x5
// board, built once in a few seconds and kept beside the databases) and 12
// moves on smaller boards (11,671 states on 4x4). Longer machines prune
// more but cost more per node, as their tables fall out of the processor's
// caches; docs/design/sliding.md gives the trade-off.
func PruneLength(w, h int) int {
	if w*h > 16 {
		return 14
	}
	return 12
}

// QuickPruneLength is a machine length that builds in a quarter of a
// second on a 5x5 board: a caller that cannot wait for the machine of
// PruneLength to be built uses it.
const QuickPruneLength = 12

// MachineCached reports whether dir holds the w x h move-pruning machine
// of length l (its checksum is checked when it is read).
func MachineCached(dir string, w, h, l int) bool {
	_, err := os.Stat(filepath.Join(dir, machineFile(w, h, l)))
	return err == nil
}

// machines holds the machines made or read in this process, by size and
// length: each is made once.
var machines sync.Map // [3]int -> *machineEntry

type machineEntry struct {
	once sync.Once
	m    *prune.Machine
	err  error
}

// machineFor returns the w x h machine of length l, built once per process.
func machineFor(ctx context.Context, w, h, l int) (*prune.Machine, error) {
	return loadMachine([3]int{w, h, l}, func() (*prune.Machine, error) { return prune.New(ctx, w, h, l) })
}

func loadMachine(key [3]int, newMachine func() (*prune.Machine, error)) (*prune.Machine, error) {
	e, _ := machines.LoadOrStore(key, new(machineEntry))
	me := e.(*machineEntry)
	me.once.Do(func() { me.m, me.err = newMachine() })
	if me.err != nil {
		// Let a later call try again (a cancelled build, say).
		machines.CompareAndDelete(key, me)
	}
	return me.m, me.err
}

// machineFile names the file that keeps the w x h machine of length l.
func machineFile(w, h, l int) string { return fmt.Sprintf("%dx%d-prune%d.fsm", w, h, l) }

// openMachine returns the w x h machine of length l, read from dir or, when
// it is missing or damaged, built and saved there. A machine that cannot be
// saved is used uncached, or with mustSave is an error.
func openMachine(ctx context.Context, dir string, w, h, l int, mustSave bool, logf func(string, ...any)) (*prune.Machine, error) {
	if l < 2 || l > 40 {
		return nil, fmt.Errorf("pdb: prune length %d out of range (2 to 40)", l)
	}
	return loadMachine([3]int{w, h, l}, func() (*prune.Machine, error) {
		name := machineFile(w, h, l)
		path := filepath.Join(dir, name)
		data, err := regularfile.ReadFile(path)
		if err == nil {
			m := new(prune.Machine)
			if err = m.UnmarshalBinary(data); err == nil {
				if mw, mh := m.Size(); mw == w && mh == h && m.MaxLen() == l {
					return m, nil
				}
				err = fmt.Errorf("%w: it is for another board or length", prune.ErrCorrupt)
			}
			logf("pdb: %s: %v; rebuilding it", name, err)
		} else if !errors.Is(err, os.ErrNotExist) {
			return nil, fmt.Errorf("pdb: reading %s: %w", name, err)
		} else if l > QuickPruneLength {
			logf("pdb: building the move-pruning machine %s (redundant sequences up to %d moves); this takes seconds, once", name, l)
		}
		start := time.Now()
		m, err := prune.New(ctx, w, h, l)
		if err != nil {
			return nil, err
		}
		if time.Since(start) > time.Second {
			logf("pdb: built %s in %v: %d states, %d redundant sequences", name, time.Since(start).Round(time.Millisecond), m.States(), m.Forbidden())
		}
		if err := atomicfile.WriteMarshaled(dir, name, m, 0o644); err != nil {
			if mustSave {
				return nil, fmt.Errorf("pdb: saving %s in %s: %w", name, dir, err)
			}
			logf("pdb: could not save %s: %v; using it without caching", name, err)
		}
		return m, nil
	})
}
