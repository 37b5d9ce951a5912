package search

import (
	"fmt"
	"math"
	"strconv"
)

// queue is the open list of the best-first searches: a 4-ary min-heap on
// a slice, ordered by f ascending, then g descending (the state nearer the
// goal by its own estimate first), then the order of the pushes. Its
// entries name states by their number in the search's node table, so that
// they stay small and the heap's moves are cheap whatever the state type;
// typed comparisons and no interface calls keep it out of the profile.
type queue[C Cost] struct {
	items []entry[C]
	seq   uint64
}

// entry is one state on the queue: f and g as they were when it was
// pushed (a later, cheaper push leaves it stale), the push's number, and
// the state's node.
type entry[C Cost] struct {
	f, g C
	seq  uint64
	node int32
}

// before reports whether a comes off the queue before b.
func before[C Cost](a, b *entry[C]) bool {
	if a.f != b.f {
		return a.f < b.f
	}
	if a.g != b.g {
		return a.g > b.g
	}
	return a.seq < b.seq
}

func (q *queue[C]) len() int { return len(q.items) }

// push adds node with its f and g.
func (q *queue[C]) push(f, g C, node int32) {
	e := entry[C]{f: f, g: g, seq: q.seq, node: node}
	q.seq++
	q.items = append(q.items, e)
	items := q.items
	i := len(items) - 1
	for i > 0 {
		p := (i - 1) / 4
		if !before(&e, &items[p]) {
			break
		}
		items[i] = items[p]
		i = p
	}
	items[i] = e
}

// pop removes and returns the first entry; the queue must not be empty.
func (q *queue[C]) pop() entry[C] {
	items := q.items
	top := items[0]
	n := len(items) - 1
	last := items[n]
	items = items[:n]
	q.items = items
	if n == 0 {
		return top
	}
	i := 0
	for {
		c := 4*i + 1
		if c >= n {
			break
		}
		// The least of up to four children.
		m := c
		end := min(c+4, n)
		for k := c + 1; k < end; k++ {
			if before(&items[k], &items[m]) {
				m = k
			}
		}
		if !before(&items[m], &last) {
			break
		}
		items[i] = items[m]
		i = m
	}
	items[i] = last
	return top
}

// first returns the first entry without removing it; the queue must not
// be empty.
func (q *queue[C]) first() *entry[C] { return &q.items[0] }

// nodes numbers the states a search reaches, 0, 1, 2 ... in the order it
// first reaches them: the search keeps what it knows of each state in a
// slice by that number. The numbers are kept in a map, or, when the search
// was given a dense index of its states (Limits.Index), in a slice by that
// index, which needs no hashing.
type nodes[S comparable] struct {
	ids   map[S]int32
	index func(S) int
	slots []int32 // with index: slots[index(s)] is s's number plus 1; 0 is none
}

// newNodes returns an empty numbering, dense when index is not nil.
func newNodes[S comparable](index func(S) int) nodes[S] {
	if index != nil {
		return nodes[S]{index: index}
	}
	return nodes[S]{ids: map[S]int32{}}
}

// get returns s's number and whether it has one.
func (t *nodes[S]) get(s S) (int32, bool) {
	if t.index == nil {
		id, ok := t.ids[s]
		return id, ok
	}
	i := t.index(s)
	if uint(i) >= uint(len(t.slots)) {
		return 0, false
	}
	id := t.slots[i]
	return id - 1, id != 0
}

// set gives s the number id. It reports false when the dense index of s
// is negative, which Limits.Index must not return.
func (t *nodes[S]) set(s S, id int32) bool {
	if t.index == nil {
		t.ids[s] = id
		return true
	}
	i := t.index(s)
	if uint(i) >= uint(len(t.slots)) {
		if i < 0 {
			return false
		}
		t.grow(i)
	}
	t.slots[i] = id + 1
	return true
}

// grow makes room in slots for index i.
func (t *nodes[S]) grow(i int) {
	t.slots = append(t.slots, make([]int32, max(i+1, 2*len(t.slots), 1024)-len(t.slots))...)
}

// indexOf returns the dense index that lim.Index holds for states of type
// S, nil when it holds none, or an error when it holds a function of
// another type.
func indexOf[S any](lim Limits) (func(S) int, error) {
	if lim.Index == nil {
		return nil, nil
	}
	index, ok := lim.Index.(func(S) int)
	if !ok {
		var s S
		return nil, fmt.Errorf("search: Limits.Index is a %T, not a func(%T) int", lim.Index, s)
	}
	return index, nil
}

// badIndex is the error of a dense index that returned a negative number.
func badIndex[S any](s S) error {
	return fmt.Errorf("search: Limits.Index returned a negative index for %v", s)
}

// tooMany is the error of a search that would number more states than an
// int32 holds.
var tooMany error = &reasonError{ErrMemory, "more than " + strconv.Itoa(math.MaxInt32) + " states"}

// chunked is a growing list of values in chunks of chunkLen, so that it
// grows without copying what it holds (a large search's table would
// otherwise be copied, and its memory touched anew, at every growth).
type chunked[T any] struct {
	chunks [][]T
	n      int
}

const (
	chunkShift = 12
	chunkLen   = 1 << chunkShift
)

func (l *chunked[T]) len() int { return l.n }

// at returns the i-th value; i must be below len.
func (l *chunked[T]) at(i int32) *T {
	return &l.chunks[i>>chunkShift][i&(chunkLen-1)]
}

// add appends v. The first chunk grows as a slice does, so that a small
// search allocates little; the others are made whole.
func (l *chunked[T]) add(v T) {
	k := l.n >> chunkShift
	if k == len(l.chunks) {
		if k == 0 {
			l.chunks = append(l.chunks, nil)
		} else {
			l.chunks = append(l.chunks, make([]T, 0, chunkLen))
		}
	}
	l.chunks[k] = append(l.chunks[k], v)
	l.n++
}
