package pdb

import (
	"context"
	"errors"
	"fmt"
	"os"
	"runtime/debug"
	"sync/atomic"
)

// ErrDamaged reports a set whose files changed while it was in use: a read
// of a mapped table faulted (its file was cut short), or the bytes of a
// table taken on the word of its stamp do not match their checksum. The
// set answers nothing more; opened again, its damaged tables are rebuilt.
var ErrDamaged = errors.New("pdb: database file damaged while in use")

// health follows the files a Set's tables were mapped from. The checksums
// that Open did not check (a stamp vouched for the file) are checked in
// the background; an answer waits for that check (settled), and if it
// fails none is given.
type health struct {
	damaged atomic.Bool
	cause   atomic.Value // error: why it is damaged
	stamps  []string     // removed when damaged, so that Open checks whole
	checked chan struct{}
	failed  chan struct{} // closed when damaged
}

// watch starts the checks and returns the health they report to.
func watch(checks []func() error, stamps []string) *health {
	h := &health{stamps: stamps, checked: make(chan struct{}), failed: make(chan struct{})}
	if len(checks) == 0 {
		close(h.checked)
		return h
	}
	go func() {
		defer close(h.checked)
		for _, check := range checks {
			if err := guarded(check); err != nil {
				h.fail(err)
				return
			}
		}
	}()
	return h
}

// fail marks the set damaged by err.
func (h *health) fail(err error) {
	if h != nil && h.damaged.CompareAndSwap(false, true) {
		h.cause.Store(err)
		close(h.failed)
		for _, st := range h.stamps {
			os.Remove(st)
		}
	}
}

// Damaged reports whether the set's files were found changed while in use
// (see ErrDamaged): the set must be opened again.
func (s *Set) Damaged() bool { return s.health != nil && s.health.damaged.Load() }

// settled waits for the background checks and returns nil if the set's
// tables are sound, or an error matching ErrDamaged.
func (s *Set) settled(ctx context.Context) error {
	h := s.health
	if h == nil {
		return nil
	}
	select {
	case <-h.checked:
	case <-ctx.Done():
		if !h.damaged.Load() {
			return fmt.Errorf("pdb: the databases' checksums were not checked before the search was stopped: %w", ctx.Err())
		}
	}
	if h.damaged.Load() {
		return fmt.Errorf("%w: %v", ErrDamaged, h.cause.Load())
	}
	return nil
}

// sound runs f, which reads s's tables, with a fault on mapped memory
// turned into ErrDamaged, then waits for the background checks (settled),
// so that no result is given from tables whose checksum fails. The context
// f gets ends as soon as the set is found damaged, by a background check
// or by another search, so that a search on a damaged table stops (with
// damaged entries it may never finish) and returns ErrDamaged. A damaged
// set answers nothing more. Every search on a Set's tables (those of
// package sliding/solve, through Sound) runs under it; Heuristic and the
// estimates of For do
// not, since a guard per call would cost every estimate.
func (s *Set) sound(ctx context.Context, f func(ctx context.Context) error) error {
	h := s.health
	inner := ctx
	if h != nil {
		var cancel context.CancelFunc
		inner, cancel = context.WithCancel(ctx)
		defer cancel()
		go func() {
			select {
			case <-h.failed:
				cancel()
			case <-inner.Done():
			}
		}()
	}
	err := guarded(func() error { return f(inner) })
	switch {
	case h != nil && h.damaged.Load() && !errors.Is(err, ErrDamaged):
		err = fmt.Errorf("%w: %v", ErrDamaged, h.cause.Load())
	case err == nil:
		err = s.settled(ctx)
	}
	if errors.Is(err, ErrDamaged) {
		h.fail(err)
	}
	return err
}

// guarded runs f with faults on mapped memory turned into an error matching
// ErrDamaged, not a crash of the process.
func guarded(f func() error) (err error) {
	defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
	defer func() {
		if r := recover(); r != nil {
			ferr, ok := r.(interface{ Addr() uintptr })
			if !ok {
				panic(r)
			}
			err = fmt.Errorf("%w: reading a mapped table faulted (%v): its file was cut short or removed", ErrDamaged, ferr)
		}
	}()
	return f()
}
