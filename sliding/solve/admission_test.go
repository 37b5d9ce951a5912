package solve_test

import (
	"strings"
	"sync"
	"testing"
	"time"

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
