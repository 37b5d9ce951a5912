package search

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
