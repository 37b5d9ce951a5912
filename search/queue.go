package search

import (
	"math/bits"
	"sync"
)

// queue is the open list of the best-first searches. It hands out its
// entries by f ascending, then g descending (the state nearer the goal by
// its own estimate first), then the order of the pushes. Its entries name
// states by their number in the search's node table, so that they stay
// small whatever the state type.
//
// For integer costs it is a bucket queue (see buckets): a push and a pop
// cost O(1) where a heap costs O(log n), and the pop order is the same. For
// float costs, and once integer f or f-g values spread wider than the
// buckets' window, it is a 4-ary heap (see heap); the switch happens at most
// once a search, moving what is queued.
type queue[C Cost] struct {
	mode   uint8 // queueUnset until the first push, then queueBuckets or queueHeap
	signed bool  // whether C is a signed integer type (for keys)
	b      *buckets
	h      heap[C]
}

// bucketPool keeps the buckets of finished searches, with the arrays
// they grew, for the next search: fresh memory costs a page fault a page.
var bucketPool = sync.Pool{New: func() any { return new(buckets) }}

const (
	queueUnset = iota
	queueBuckets
	queueHeap
)

// entry is one state on the queue: f and g as they were when it was
// pushed (a later, cheaper push leaves it stale), the push's number (in
// the heap), and the state's node.
type entry[C Cost] struct {
	f, g C
	seq  uint64
	node int32
}

func (q *queue[C]) len() int {
	switch q.mode {
	case queueBuckets:
		return q.b.n
	case queueHeap:
		return len(q.h.items)
	}
	return 0
}

// push adds node with its f and g.
func (q *queue[C]) push(f, g C, node int32) {
	if q.mode == queueUnset {
		q.start()
	}
	if q.mode == queueBuckets {
		if q.b.push(q.key(f), q.key(g), node) {
			return
		}
		q.toHeap()
	}
	q.h.push(f, g, node)
}

// pop removes and returns the first entry; the queue must not be empty.
func (q *queue[C]) pop() entry[C] {
	if q.mode == queueHeap {
		return q.h.pop()
	}
	kf, d, node := q.b.pop()
	f := q.value(kf)
	return entry[C]{f: f, g: f - C(d), node: node}
}

// start chooses the buckets for integer costs and the heap for floats.
func (q *queue[C]) start() {
	if isFloat[C]() {
		q.mode = queueHeap
		return
	}
	var zero C
	q.mode = queueBuckets
	q.signed = zero-1 < zero
	q.b = bucketPool.Get().(*buckets)
}

// free hands the buckets back for another search; the queue must not be
// used after.
func (q *queue[C]) free() {
	if q.b != nil {
		q.b.reset()
		bucketPool.Put(q.b)
		q.b = nil
	}
}

// toHeap moves the buckets' entries to the heap in their pop order, which
// keeps that order: entries of equal f and g are numbered in the order
// they had, and before every later push. A sorted slice is a heap, so each
// move is one comparison.
func (q *queue[C]) toHeap() {
	q.h.items = make([]entry[C], 0, max(q.b.n, 64))
	for q.b.n > 0 {
		kf, d, node := q.b.pop()
		f := q.value(kf)
		q.h.push(f, f-C(d), node)
	}
	q.free()
	q.mode = queueHeap
}

// key maps a cost to a uint64 in the same order (the buckets work on
// keys). value is its inverse. The difference of two keys is the
// difference of the costs, exactly, for every integer type.
func (q *queue[C]) key(x C) uint64 {
	if q.signed {
		return uint64(int64(x)) ^ 1<<63
	}
	return uint64(x)
}

func (q *queue[C]) value(k uint64) C {
	if q.signed {
		return C(int64(k ^ 1<<63))
	}
	return C(k)
}

// buckets is a two-level bucket queue on integer keys of f and g. The
// first level is a ring of buckets, one an f value, from the least f held
// (lo) up: each holds its entries in push order with their d = f - g. The
// bucket of the least f, when it is taken from, is sorted by d into the
// second level, ds, one first-in first-out list a d value: a pop takes the
// first entry of the least d there, which is the greatest g and the
// earliest push among those. While a bucket's entries all have the same d
// (always, for Dijkstra) it is taken from in place, unsorted.
//
// A push below the least f (an inconsistent or weighted estimate makes
// them) leaves the sorted bucket in ds; only when another bucket must be
// sorted does it go back to the ring, in d order, which keeps the push
// order within each d. Bitmaps of the non-empty buckets and lists find the
// next one in a few word operations.
//
// A push is refused, and the queue becomes a heap, when it needs a ring or
// a d range wider than fits allows (a bound, and beyond a floor, four
// slots an entry held), so that the memory stays in proportion to the
// entries besides the floor; or when the buckets have moved entries back
// to the ring more times than they took pushes.
type buckets struct {
	n      int       // entries held
	ring   []fBucket // by f key modulo len(ring), a power of two
	rbits  bitset    // the non-empty buckets of the ring, the sorted one included
	lo, hi uint64    // the least f key held (the current bucket) and the greatest pushed since
	sorted bool      // whether bucket sf is in ds (its ring slot is then empty)
	sf     uint64    // the f key of the sorted bucket, at or above lo
	ds     []dList   // bucket sf by d, when sorted
	dbits  bitset    // the non-empty lists of ds
	dlo    int       // the least d in ds, when sorted
	dn     int       // entries in ds
	budget int       // pushes less moves back to the ring

	// The lists' backing arrays are cut from a few large ones, rather
	// than allocated one by one as they grow.
	entries slab[bEntry]
	nodes   slab[int32]
}

// fBucket is the entries of one f value, in push order, from head on.
type fBucket struct {
	items []bEntry
	head  int
	d0    uint32 // the d of the first entry
	mixed bool   // whether the entries' d values differ
}

type bEntry struct {
	node int32
	d    uint32
}

// dList is the nodes of one d value in the current bucket, in push
// order, from head on.
type dList struct {
	items []int32
	head  int
}

const (
	minRing    = 4
	freeWindow = 1 << 13 // the ring and ds may grow to this many, whatever they hold
	maxWindow  = 1 << 16 // and to this many when they hold a quarter as many entries
)

// fits reports whether the ring or ds may grow to size.
func (b *buckets) fits(size uint64) bool {
	return size <= maxWindow && (size <= freeWindow || size <= 4*uint64(b.n+1))
}

// reset empties b, keeping the arrays it grew. Only the buckets and lists
// marked non-empty hold entries.
func (b *buckets) reset() {
	for i := b.rbits.next(0); i >= 0; i = b.rbits.next(i + 1) {
		b.ring[i].items, b.ring[i].head = b.ring[i].items[:0], 0
	}
	for i := b.dbits.next(0); i >= 0; i = b.dbits.next(i + 1) {
		b.ds[i].items, b.ds[i].head = b.ds[i].items[:0], 0
	}
	clear(b.rbits.words)
	clear(b.rbits.sum)
	clear(b.dbits.words)
	clear(b.dbits.sum)
	b.n, b.lo, b.hi, b.sorted, b.sf, b.dlo, b.dn, b.budget = 0, 0, 0, false, 0, 0, 0, 0
}

// push adds node with keys kf and kg, or reports false, changing nothing,
// when they do not fit.
func (b *buckets) push(kf, kg uint64, node int32) bool {
	if kg > kf || b.budget < 0 {
		return false
	}
	if d := kf - kg; d >= uint64(len(b.ds)) && (d >= maxWindow || !b.fits(1<<bits.Len64(d))) {
		return false
	}
	d := uint32(kf - kg)
	switch {
	case b.n == 0:
		if b.ring == nil {
			b.ring = make([]fBucket, minRing)
			b.rbits.resize(minRing)
		}
		b.lo, b.hi = kf, kf
	case kf < b.lo:
		if b.hi-kf >= uint64(len(b.ring)) && !b.grow(b.hi-kf) {
			return false
		}
		b.lo = kf
	case kf > b.hi:
		if kf-b.lo >= uint64(len(b.ring)) && !b.grow(kf-b.lo) {
			return false
		}
		b.hi = kf
	}
	b.n++
	b.budget++
	if b.sorted && kf == b.sf {
		b.dpush(d, node)
		return true
	}
	slot := b.slot(kf)
	s := &b.ring[slot]
	if len(s.items) == 0 {
		s.d0, s.mixed = d, false
		b.rbits.set(slot)
	} else if d != s.d0 {
		s.mixed = true
	}
	if len(s.items) == cap(s.items) {
		s.items = b.entries.grow(s.items)
	}
	s.items = append(s.items, bEntry{node: node, d: d})
	return true
}

func (b *buckets) slot(k uint64) int { return int(k & uint64(len(b.ring)-1)) }

// pop removes the first entry and returns its f key, its d and its node;
// the buckets must not be empty.
func (b *buckets) pop() (kf uint64, d uint32, node int32) {
	kf = b.lo
	b.n--
	if !b.sorted || b.sf != kf {
		slot := b.slot(kf)
		s := &b.ring[slot]
		if !s.mixed {
			e := s.items[s.head]
			s.head++
			if s.head == len(s.items) {
				s.items, s.head = s.items[:0], 0
				b.rbits.clear(slot)
				b.advance()
			}
			return kf, e.d, e.node
		}
		if b.sorted {
			b.unsort()
		}
		b.sort(s, kf)
	}
	l := &b.ds[b.dlo]
	d, node = uint32(b.dlo), l.items[l.head]
	l.head++
	b.dn--
	if l.head == len(l.items) {
		l.items, l.head = l.items[:0], 0
		b.dbits.clear(b.dlo)
		if next := b.dbits.next(b.dlo + 1); next >= 0 {
			b.dlo = next
		} else {
			b.sorted = false
			b.rbits.clear(b.slot(kf))
			b.advance()
		}
	}
	return kf, d, node
}

// advance moves lo to the next non-empty bucket, after the current one
// emptied.
func (b *buckets) advance() {
	if b.n == 0 {
		return
	}
	mask := len(b.ring) - 1
	from := b.slot(b.lo)
	next := b.rbits.next(from)
	if next < 0 {
		next = b.rbits.next(0)
	}
	b.lo += uint64((next - from) & mask)
}

// sort moves the entries of bucket s, of f key kf, to ds, which must be
// empty. The bucket stays marked non-empty in the ring.
func (b *buckets) sort(s *fBucket, kf uint64) {
	for _, e := range s.items[s.head:] {
		b.dpush(e.d, e.node)
	}
	s.items, s.head = s.items[:0], 0
	b.sorted, b.sf = true, kf
}

// dpush appends node to the list of d in ds.
func (b *buckets) dpush(d uint32, node int32) {
	if int(d) >= len(b.ds) {
		n := max(16, 1<<bits.Len32(d))
		ds := make([]dList, n)
		copy(ds, b.ds)
		b.ds = ds
		b.dbits.resize(n)
	}
	l := &b.ds[d]
	if len(l.items) == 0 {
		b.dbits.set(int(d))
	}
	if len(l.items) == cap(l.items) {
		l.items = b.nodes.grow(l.items)
	}
	l.items = append(l.items, node)
	if b.dn == 0 || int(d) < b.dlo {
		b.dlo = int(d)
	}
	b.dn++
}

// unsort moves the sorted bucket back to its ring slot, in d order,
// charging the moves to the budget.
func (b *buckets) unsort() {
	b.budget -= b.dn
	s := &b.ring[b.slot(b.sf)]
	s.d0, s.mixed = uint32(b.dlo), false
	for d := b.dlo; d >= 0; d = b.dbits.next(d + 1) {
		l := &b.ds[d]
		for _, node := range l.items[l.head:] {
			if len(s.items) == cap(s.items) {
				s.items = b.entries.grow(s.items)
			}
			s.items = append(s.items, bEntry{node: node, d: uint32(d)})
		}
		if d != b.dlo {
			s.mixed = true
		}
		l.items, l.head = l.items[:0], 0
		b.dbits.clear(d)
	}
	b.dn, b.sorted = 0, false
}

// grow makes the ring wider than spread, or reports false when that does
// not fit.
func (b *buckets) grow(spread uint64) bool {
	if spread >= maxWindow || !b.fits(1<<bits.Len64(spread)) {
		return false
	}
	n := 1 << bits.Len64(spread)
	old, lo := b.ring, b.lo
	b.ring = make([]fBucket, n)
	b.rbits = bitset{}
	b.rbits.resize(n)
	for i := range old {
		if len(old[i].items) == 0 {
			b.entries.keep(old[i].items)
			continue
		}
		k := lo + (uint64(i)-lo)&uint64(len(old)-1) // the f key held in slot i
		b.ring[b.slot(k)] = old[i]
		b.rbits.set(b.slot(k))
	}
	if b.sorted {
		b.rbits.set(b.slot(b.sf))
	}
	return true
}

// slab hands out backing arrays for growing slices, of capacities 4,
// 8, 16 ..., cut from larger arrays. The array a slice grows out of is
// kept for the next slice to grow to its size, so the lists of a
// bucket queue take their arrays from each other rather than from fresh
// memory.
type slab[T any] struct {
	free  []T     // the rest of the last large array
	next  int     // the length of the next large array
	spare [][][]T // spare[k]: arrays of capacity 4<<k to hand out again
}

// grow returns a slice holding s with twice its capacity, at least 4,
// and keeps the array of s for another slice. The capacity of s must be
// 0 or one grow gave.
func (a *slab[T]) grow(s []T) []T {
	n := max(2*cap(s), 4)
	k := bits.Len(uint(n)) - 3 // n is 4 << k
	var t []T
	if len(a.spare) > k && len(a.spare[k]) > 0 {
		last := len(a.spare[k]) - 1
		t = a.spare[k][last][:len(s)]
		a.spare[k] = a.spare[k][:last]
	} else {
		if len(a.free) < n {
			a.next = min(max(2*a.next, 128, n), max(1<<16, n))
			a.free = make([]T, a.next)
		}
		t = a.free[:len(s):n]
		a.free = a.free[n:]
	}
	copy(t, s)
	a.keep(s)
	return t
}

// keep keeps the array of s, which grow gave, to hand out again.
func (a *slab[T]) keep(s []T) {
	if c := cap(s); c > 0 {
		k := bits.Len(uint(c)) - 3
		for len(a.spare) <= k {
			a.spare = append(a.spare, nil)
		}
		a.spare[k] = append(a.spare[k], s[:0])
	}
}

// bitset is a set of small integers with a summary word for each 64
// words, to find the next member in a few word operations.
type bitset struct {
	words, sum []uint64
}

// resize makes room for members below n, keeping those
// held.
func (s *bitset) resize(n int) {
	words := make([]uint64, (n+63)/64)
	copy(words, s.words)
	s.words = words
	s.sum = make([]uint64, (len(words)+63)/64)
	for i, w := range words {
		if w != 0 {
			s.sum[i>>6] |= 1 << (i & 63)
		}
	}
}

func (s *bitset) set(i int) {
	s.words[i>>6] |= 1 << (i & 63)
	s.sum[i>>12] |= 1 << ((i >> 6) & 63)
}

func (s *bitset) clear(i int) {
	w := s.words[i>>6] &^ (1 << (i & 63))
	s.words[i>>6] = w
	if w == 0 {
		s.sum[i>>12] &^= 1 << ((i >> 6) & 63)
	}
}

// next returns the least member at or above i, or -1 if there is none.
func (s *bitset) next(i int) int {
	wi := i >> 6
	if wi >= len(s.words) {
		return -1
	}
	if w := s.words[wi] >> (i & 63); w != 0 {
		return i + bits.TrailingZeros64(w)
	}
	wi++
	for si := wi >> 6; si < len(s.sum); si++ {
		sum := s.sum[si]
		if si == wi>>6 {
			sum &^= 1<<(wi&63) - 1
		}
		if sum != 0 {
			wi = si<<6 + bits.TrailingZeros64(sum)
			return wi<<6 + bits.TrailingZeros64(s.words[wi])
		}
	}
	return -1
}

// heap is a 4-ary min-heap of entries on a slice, in the queue's order;
// typed comparisons and no interface calls keep it cheap.
type heap[C Cost] struct {
	items []entry[C]
	seq   uint64
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

// push adds node with its f and g.
func (q *heap[C]) push(f, g C, node int32) {
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

// pop removes and returns the first entry; the heap must not be empty.
func (q *heap[C]) pop() entry[C] {
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
