// Package pool runs independent pieces of work on several goroutines and
// hands their results back in order.
package pool

import (
	"context"
	"sync"
	"sync/atomic"
)

// block is how many consecutive items a worker takes at a time, so that a
// batch of cheap items costs few synchronisations.
const block = 64

// Ordered computes work(ctx, i) for i in 0..n-1 on the given number of
// workers and hands each result to emit in order of i, as soon as it and
// all before it are ready. It stops at the first error emit returns,
// cancels the work still under way (work must return soon once ctx is
// done), and returns that error. With one worker it runs on the caller's
// goroutine.
func Ordered[R any](ctx context.Context, n, workers int, work func(context.Context, int) R, emit func(int, R) error) error {
	if workers <= 1 {
		for i := range n {
			if err := emit(i, work(ctx, i)); err != nil {
				return err
			}
		}
		return nil
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	blocks := (n + block - 1) / block
	results := make([]R, n)
	done := make([]chan struct{}, blocks)
	for b := range done {
		done[b] = make(chan struct{})
	}
	var next atomic.Int64
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				// A cancelled context is no reason to stop: every block must
				// be done, and results come back at once then.
				b := int(next.Add(1) - 1)
				if b >= blocks {
					return
				}
				for i := b * block; i < min(n, (b+1)*block); i++ {
					results[i] = work(ctx, i)
				}
				close(done[b])
			}
		}()
	}
	defer wg.Wait()
	for b := range blocks {
		<-done[b]
		for i := b * block; i < min(n, (b+1)*block); i++ {
			if err := emit(i, results[i]); err != nil {
				return err
			}
		}
	}
	return nil
}
