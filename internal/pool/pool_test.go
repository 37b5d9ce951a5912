package pool_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/searchlab/searchlab/internal/pool"
)

// TestOrdered checks that results are emitted in input order whatever
// order they finish in, and that the first error (in input order) stops
// the run with nothing after it emitted.
func TestOrdered(t *testing.T) {
	t.Parallel()
	for _, workers := range []int{1, 2, 5} {
		for _, failAt := range []int{-1, 0, 130, 999} {
			var got []int
			err := pool.Ordered(t.Context(), 1000, workers, func(ctx context.Context, i int) int {
				if i%97 == 0 {
					time.Sleep(time.Millisecond) // finish out of order
				}
				return i
			}, func(i, a int) error {
				if i != a || i != len(got) {
					t.Fatalf("workers %d: emitted %d for item %d after %d items", workers, a, i, len(got))
				}
				if i == failAt {
					return fmt.Errorf("item %d fails", i)
				}
				got = append(got, a)
				return nil
			})
			want := 1000
			if failAt >= 0 {
				want = failAt
				if err == nil || err.Error() != fmt.Sprintf("item %d fails", failAt) {
					t.Errorf("workers %d, fail at %d: error %v", workers, failAt, err)
				}
			} else if err != nil {
				t.Errorf("workers %d: %v", workers, err)
			}
			if len(got) != want {
				t.Errorf("workers %d, fail at %d: %d items emitted, want %d", workers, failAt, len(got), want)
			}
		}
	}
}
