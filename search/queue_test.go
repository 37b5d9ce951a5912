package search

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

// refBefore is the queue's order written plainly: f ascending, then g
// descending, then push order.
func refBefore[C Cost](a, b entry[C]) bool {
	switch {
	case a.f != b.f:
		return a.f < b.f
	case a.g != b.g:
		return a.g > b.g
	}
	return a.seq < b.seq
}

// refPop removes and returns the first entry of ref by a linear scan.
func refPop[C Cost](ref []entry[C]) (entry[C], []entry[C]) {
	m := 0
	for i := range ref {
		if refBefore(ref[i], ref[m]) {
			m = i
		}
	}
	e := ref[m]
	return e, append(ref[:m], ref[m+1:]...)
}

// queueRun pushes and pops at random, the pushes' f and g made by gen from
// the last entry popped, and checks that the queue pops the same (f, g,
// node) sequence as the reference. It returns the queue's mode at the end.
func queueRun[C Cost](t *testing.T, rng *rand.Rand, name string, gen func(rng *rand.Rand, last entry[C]) (f, g C)) uint8 {
	t.Helper()
	var q queue[C]
	defer q.free() // the next run takes these buckets, emptied, from the pool
	var ref []entry[C]
	var seq uint64
	var last entry[C]
	pushPct := 40 + rng.IntN(40)
	ops := rng.IntN(500)
	check := func(step int) bool {
		want, rest := refPop(ref)
		ref = rest
		got := q.pop()
		if got.f != want.f || got.g != want.g || got.node != want.node {
			t.Errorf("%s step %d: popped (f %v, g %v, node %d), want (f %v, g %v, node %d)", name, step, got.f, got.g, got.node, want.f, want.g, want.node)
			return false
		}
		last = want
		return true
	}
	for step := range ops {
		if len(ref) == 0 || rng.IntN(100) < pushPct {
			f, g := gen(rng, last)
			node := int32(rng.IntN(1 << 20))
			q.push(f, g, node)
			ref = append(ref, entry[C]{f: f, g: g, seq: seq, node: node})
			seq++
		} else if !check(step) {
			return q.mode
		}
		if q.len() != len(ref) {
			t.Fatalf("%s step %d: len %d, want %d", name, step, q.len(), len(ref))
		}
	}
	if rng.IntN(4) == 0 {
		return q.mode // freed with entries held: the next run must find the buckets empty
	}
	for step := ops; len(ref) > 0; step++ {
		if !check(step) {
			return q.mode
		}
	}
	if q.len() != 0 {
		t.Fatalf("%s: len %d after the last pop", name, q.len())
	}
	return q.mode
}

// steps returns a generator of pushes as a search makes them: g is the
// last popped g plus a step of 0 to maxStep, f is g plus an estimate that
// moves by up to jitter (negative: below the last f) from the last.
func steps[C Cost](maxStep, jitter int64) func(rng *rand.Rand, last entry[C]) (C, C) {
	return func(rng *rand.Rand, last entry[C]) (C, C) {
		g := last.g + C(rng.Int64N(maxStep+1))
		h := last.f - last.g
		if jitter > 0 {
			h += C(rng.Int64N(jitter + 1))
			if d := C(rng.Int64N(jitter + 1)); d <= h {
				h -= d
			}
		}
		return g + h, g
	}
}

// uniform returns a generator of f and g drawn independently from
// [0, span), ties and g > f included.
func uniform[C Cost](span int64) func(rng *rand.Rand, last entry[C]) (C, C) {
	return func(rng *rand.Rand, last entry[C]) (C, C) {
		f := C(rng.Int64N(span))
		return f, f - C(rng.Int64N(span)) + C(rng.Int64N(span))
	}
}

// below returns a generator of f drawn from [0, span) and g from [0, f].
func below[C Cost](span int64) func(rng *rand.Rand, last entry[C]) (C, C) {
	return func(rng *rand.Rand, last entry[C]) (C, C) {
		f := rng.Int64N(span)
		return C(f), C(rng.Int64N(f + 1))
	}
}

// TestQueueMatchesReference checks the queue's pop order against a plain
// reference on thousands of random push and pop sequences: search-like
// pushes (Dijkstra, consistent and inconsistent A*), ties, pushes below
// the least f, costs spread too wide for the buckets, negative and
// wrapping values of narrow types, and float costs.
func TestQueueMatchesReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	const runs = 200
	type kase struct {
		name string
		run  func(rng *rand.Rand, name string) uint8
		want uint8 // the mode every run must end in; 0 for any
	}
	cases := []kase{
		{"int dijkstra", func(rng *rand.Rand, n string) uint8 { return queueRun(t, rng, n, steps[int](3, 0)) }, queueBuckets},
		{"int unit dijkstra", func(rng *rand.Rand, n string) uint8 {
			return queueRun(t, rng, n, func(rng *rand.Rand, last entry[int]) (int, int) { return last.g + 1, last.g + 1 })
		}, queueBuckets},
		{"int consistent astar", func(rng *rand.Rand, n string) uint8 {
			return queueRun(t, rng, n, func(rng *rand.Rand, last entry[int]) (int, int) {
				if last.f == 0 {
					return 40, 0
				}
				if last.f > last.g && rng.IntN(2) == 0 {
					return last.f, last.g + 1 // a step towards the goal
				}
				return last.f + 2, last.g + 1
			})
		}, queueBuckets},
		{"int inconsistent astar", func(rng *rand.Rand, n string) uint8 { return queueRun(t, rng, n, steps[int](4, 6)) }, 0},
		{"int ties", func(rng *rand.Rand, n string) uint8 { return queueRun(t, rng, n, uniform[int](3)) }, 0},
		{"int small", func(rng *rand.Rand, n string) uint8 { return queueRun(t, rng, n, uniform[int](40)) }, 0},
		{"int ties, g <= f", func(rng *rand.Rand, n string) uint8 { return queueRun(t, rng, n, below[int](3)) }, 0},
		{"int small, g <= f", func(rng *rand.Rand, n string) uint8 { return queueRun(t, rng, n, below[int](40)) }, 0},
		{"int spread, g <= f", func(rng *rand.Rand, n string) uint8 { return queueRun(t, rng, n, below[int](5000)) }, queueBuckets},
		{"int wide", func(rng *rand.Rand, n string) uint8 { return queueRun(t, rng, n, steps[int](70000, 0)) }, 0},
		{"int64 huge", func(rng *rand.Rand, n string) uint8 { return queueRun(t, rng, n, steps[int64](1e9, 1e9)) }, 0},
		{"int64 any", func(rng *rand.Rand, n string) uint8 {
			return queueRun(t, rng, n, func(rng *rand.Rand, last entry[int64]) (int64, int64) {
				return int64(rng.Uint64()), int64(rng.Uint64())
			})
		}, 0},
		{"int64 extremes", func(rng *rand.Rand, n string) uint8 {
			vals := []int64{math.MinInt64, math.MinInt64 + 1, -1, 0, 1, math.MaxInt64 - 1, math.MaxInt64}
			return queueRun(t, rng, n, func(rng *rand.Rand, last entry[int64]) (int64, int64) {
				return vals[rng.IntN(len(vals))], vals[rng.IntN(len(vals))]
			})
		}, 0},
		{"uint64 any", func(rng *rand.Rand, n string) uint8 {
			return queueRun(t, rng, n, func(rng *rand.Rand, last entry[uint64]) (uint64, uint64) {
				f := rng.Uint64()
				if rng.IntN(2) == 0 {
					return f, f - rng.Uint64N(5)
				}
				return f, rng.Uint64()
			})
		}, 0},
		{"uint64 top", func(rng *rand.Rand, n string) uint8 {
			return queueRun(t, rng, n, func(rng *rand.Rand, last entry[uint64]) (uint64, uint64) {
				f := math.MaxUint64 - rng.Uint64N(10)
				return f, f - rng.Uint64N(4)
			})
		}, queueBuckets},
		{"int8 wrapping", func(rng *rand.Rand, n string) uint8 { return queueRun(t, rng, n, steps[int8](5, 3)) }, 0},
		{"int8 any", func(rng *rand.Rand, n string) uint8 { return queueRun(t, rng, n, uniform[int8](256)) }, 0},
		{"uint8 wrapping", func(rng *rand.Rand, n string) uint8 { return queueRun(t, rng, n, steps[uint8](5, 3)) }, 0},
		{"uint16 small", func(rng *rand.Rand, n string) uint8 { return queueRun(t, rng, n, uniform[uint16](30)) }, 0},
		{"float64", func(rng *rand.Rand, n string) uint8 {
			return queueRun(t, rng, n, func(rng *rand.Rand, last entry[float64]) (float64, float64) {
				g := last.g + float64(rng.IntN(3))*0.5
				return g + float64(rng.IntN(4))*math.Sqrt2, g
			})
		}, queueHeap},
		{"float32", func(rng *rand.Rand, n string) uint8 { return queueRun(t, rng, n, uniform[float32](5)) }, queueHeap},
	}
	for _, c := range cases {
		modes := map[uint8]int{}
		for i := range runs {
			modes[c.run(rng, fmt.Sprintf("%s run %d", c.name, i))]++
			if t.Failed() {
				return
			}
		}
		if c.want != 0 && modes[c.want]+modes[queueUnset] != runs {
			t.Errorf("%s: ended in modes %v, want all %d", c.name, modes, c.want)
		}
	}
}

// TestQueueStaysBucketsBelowTheLeast checks pushes below the least f
// within the window: one bucket below the sorted one (which stays sorted),
// then a lower bucket of mixed f-g (which sends the sorted one back to the
// ring). The order is the reference's and the queue stays buckets.
func TestQueueStaysBucketsBelowTheLeast(t *testing.T) {
	type push struct{ f, g, node int }
	for _, c := range []struct {
		name   string
		before []push // pushed, then one pop, which sorts the bucket of f 10
		after  []push
		want   []int32
	}{
		{"one below", []push{{10, 0, 1}, {10, 2, 2}, {12, 1, 3}, {10, 2, 4}},
			[]push{{7, 1, 5}, {10, 3, 6}}, []int32{2, 5, 6, 4, 1, 3}},
		{"mixed below", []push{{10, 0, 1}, {10, 2, 2}, {12, 1, 3}, {10, 2, 4}},
			[]push{{7, 1, 5}, {7, 2, 7}, {10, 3, 6}, {7, 2, 8}, {10, 2, 9}}, []int32{2, 7, 8, 5, 6, 4, 9, 1, 3}},
	} {
		var q queue[int]
		var got []int32
		for _, p := range c.before {
			q.push(p.f, p.g, int32(p.node))
		}
		got = append(got, q.pop().node)
		for _, p := range c.after {
			q.push(p.f, p.g, int32(p.node))
		}
		for q.len() > 0 {
			got = append(got, q.pop().node)
		}
		if !slices.Equal(got, c.want) {
			t.Errorf("%s: popped %v, want %v", c.name, got, c.want)
		}
		if q.mode != queueBuckets {
			t.Errorf("%s: mode %d, want buckets", c.name, q.mode)
		}
		q.free()
	}
}

func TestBitsetNext(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for range 200 {
		n := 64 << rng.IntN(9)
		var s bitset
		s.resize(n)
		in := make([]bool, n)
		for range rng.IntN(2 * n) {
			i := rng.IntN(n)
			if rng.IntN(3) == 0 {
				s.clear(i)
				in[i] = false
			} else {
				s.set(i)
				in[i] = true
			}
		}
		for range 50 {
			i := rng.IntN(n + 2)
			want := -1
			for j := i; j < n; j++ {
				if in[j] {
					want = j
					break
				}
			}
			if got := s.next(i); got != want {
				t.Fatalf("size %d: next(%d) = %d, want %d", n, i, got, want)
			}
		}
	}
}

// TestQueueWindow checks that the buckets take a wide spread of f when
// they hold entries in proportion, and hand a sparse one to the heap.
func TestQueueWindow(t *testing.T) {
	for _, c := range []struct {
		name   string
		pushes int
		step   int
		want   uint8
	}{
		{"dense", 10000, 2, queueBuckets},
		{"sparse", 10, 2000, queueHeap},
		{"within the floor", 10, 800, queueBuckets},
	} {
		var q queue[int]
		q.start()
		q.b = new(buckets) // not one from the pool, which may be grown already
		for k := range c.pushes {
			q.push(c.step*k, c.step*k-k%3, int32(k))
		}
		if q.mode != c.want {
			t.Errorf("%s: mode %d, want %d", c.name, q.mode, c.want)
		}
		for k := range c.pushes {
			if e := q.pop(); e.node != int32(k) || e.f != c.step*k || e.g != c.step*k-k%3 {
				t.Fatalf("%s: pop %d gave (f %d, g %d, node %d)", c.name, k, e.f, e.g, e.node)
			}
		}
		q.free()
	}
}
