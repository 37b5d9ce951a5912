package search

import (
	"encoding/binary"
	"fmt"
	"math"
	"math/bits"
	"math/rand/v2"
	"reflect"
	"runtime"
	"strconv"
	"sync"
	"unsafe"
)

// nodes numbers the states a search reaches with int32s and keeps each
// state by its number: the search keeps what else it knows of a state by
// that number too (see byID). The numbers are found in one of four ways:
//
//   - for a state type whose values are equal exactly when their bytes are
//     and whose first integer fields can be split into low and high bits
//     (a grid cell's row and column, or one integer), in pages: a page
//     holds the states that differ only in those low bits (a 16 x 16
//     square of cells, or a run of 256 integers), and a state's number
//     is its page's number and its low bits, so a lookup finds the page
//     (mostly the last one used) and tests one bit, with no hash and no
//     compare; the page's key and the low bits give the state back. When
//     the pages hold too few states each (see page), the numbering goes
//     on hashed, the states already paged keeping their numbers;
//   - with a dense index of the states (Limits.Index), in pages by that
//     index: no hashing at all;
//   - for a state type whose values are equal exactly when their bytes are
//     (integers, booleans, and arrays and structs of them without padding),
//     in an open-addressing table of numbers that hashes the state's bytes
//     (see find);
//   - for any other comparable type (strings, floats, pointers,
//     interfaces), in a Go map.
//
// Paged numbers are sparse; the others follow on from them, 0, 1, 2 ...
// in the order the states are first reached.
type nodes[S comparable] struct {
	n    int        // the states numbered
	keys chunked[S] // the states numbered base, base+1, ... in that order
	base int32      // numbers below base are paged

	// Paged: the states below base. pageKeys[p] is the bytes of page p's
	// states with their low bits (pg.taken) cleared; the pageLen bits of
	// used from bit p*pageLen on are set for its states. dir finds a page
	// by its key: it holds page numbers plus 1, at most half full. last
	// and lastKey are the page found last, prev and prevKey the one
	// before it.
	paged    bool // new states are paged
	sparse   int  // the most slots a state the pages may hold
	pg       tiling
	pageKeys [][2]uint64
	used     []uint64
	dir      []int32
	lastKey  [2]uint64
	last     int32
	prevKey  [2]uint64
	prev     int32
	// recent holds pages found lately, each at a place its key picks
	// (see recentAt), so that most lookups that miss the last two pages
	// still take no hashing and no probing of dir (a wave on a grid
	// spans many pages: Dijkstra's on the benchmark grid, more than 100).
	recent *[recentLen]recentPage

	// With a dense index: slots[i>>pageBits][i&(pageLen-1)] is the number
	// plus 1 of the state of index i; 0 is none.
	index func(S) int
	slots [][]int32

	// Hashed: tab holds numbers plus 1 (0 is an empty slot), at most half
	// of it full. See find for the layout.
	tab  []uint32
	seed uint64
	tile tiling
	// lanes counts the states in each slot of a tile, to tell when the
	// tiling crowds one of them (see grow).
	lanes [1 << maxTileBits]int32

	ids map[S]int32 // otherwise
}

// A page holds the states that differ only in their low pageBits bits:
// pageBits/2 bits of each of two fields, or pageBits of one.
const (
	pageBits = 8
	pageLen  = 1 << pageBits
)

// tiling says which bits of a state's bytes pick its slot within a tile
// of 1<<bits consecutive slots (or its place in a page): the low bits of
// its first two integer fields (bits/2 of each), or of its only one. The
// other bits are hashed to pick the tile. The zero tiling is one slot a
// tile: every bit hashed. The bytes come as two words (see words); the
// second field may lie in either.
type tiling struct {
	shift1, shift2 uint8  // where the two fields' low bits are in their words
	low1, low2     uint64 // their masks, from bit 0; low2 for the first word
	high2          uint64 // the second field's mask when it is in the second word
	width1         uint8  // the bits taken from the first field
	bits           uint8  // the tile's size, log 2
	taken, takenHi uint64 // the bits taken, in place, cleared before hashing
}

const maxTileBits = 4

// layout is what newNodes works out of a state type once: whether its
// bytes are its value, and its tiling and paging.
type layout struct {
	bytesEqual   bool
	tile, paging tiling
}

// layouts caches layout by type.
var layouts sync.Map // reflect.Type to layout

func layoutOf(t reflect.Type) layout {
	if l, ok := layouts.Load(t); ok {
		return l.(layout)
	}
	l := layout{bytesEqual: bytesEqual(t)}
	if l.bytesEqual {
		l.tile, l.paging = tilingOf(t, maxTileBits), tilingOf(t, pageBits)
	}
	layouts.Store(t, l)
	return l
}

// newNodes returns an empty numbering, dense when index is not nil. Its
// pages hold at most sparse slots a state (see page).
func newNodes[S comparable](index func(S) int, sparse int) nodes[S] {
	if index != nil {
		return nodes[S]{index: index}
	}
	l := layoutOf(reflect.TypeFor[S]())
	switch {
	case l.paging.bits > 0:
		t := nodes[S]{paged: true, pg: l.paging, last: -1, prev: -1, sparse: sparse}
		t.lastKey[0] = t.pg.taken // no page's key: its taken bits are clear
		t.prevKey = t.lastKey
		t.recent = new([recentLen]recentPage)
		for i := range t.recent {
			t.recent[i] = recentPage{key: t.lastKey, p: -1}
		}
		return t
	case l.bytesEqual:
		return nodes[S]{tab: make([]uint32, minTable), seed: rand.Uint64(), tile: l.tile}
	}
	return nodes[S]{ids: map[S]int32{}}
}

// minTable is the slots a hashed numbering starts with.
const minTable = 256

// bytesEqual reports whether two values of type t are equal exactly when
// their bytes are: integers and booleans, and arrays and structs of them
// with no padding and no blank fields (which == ignores).
func bytesEqual(t reflect.Type) bool {
	switch t.Kind() {
	case reflect.Bool, reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return true
	case reflect.Array:
		return bytesEqual(t.Elem())
	case reflect.Struct:
		var n uintptr
		for i := range t.NumField() {
			f := t.Field(i)
			if f.Name == "_" || !bytesEqual(f.Type) {
				return false
			}
			n += f.Type.Size()
		}
		return n == t.Size()
	}
	return false
}

// tilingOf returns the tiling of the given bits for states of type t,
// which bytesEqual accepts: by the first two integer fields of two bytes
// or more within its first eight bytes (a grid cell's row and column),
// bits/2 bits of each, or its only integer of that size. States near each
// other on a grid then share a tile, and so cache lines, as a dense
// array's do. The zero tiling when there are no such fields.
func tilingOf(t reflect.Type, bits uint8) tiling {
	if t.Size() > 16 || t.Size() > 8 && (t.Size() != 16 || !unaligned) ||
		binary.NativeEndian.Uint16([]byte{1, 0}) != 1 {
		return tiling{}
	}
	var fields []uint8 // the bit offsets of the integer fields
	var walk func(t reflect.Type, at uintptr)
	walk = func(t reflect.Type, at uintptr) {
		switch t.Kind() {
		case reflect.Array:
			for i := range t.Len() {
				walk(t.Elem(), at+uintptr(i)*t.Elem().Size())
			}
		case reflect.Struct:
			for i := range t.NumField() {
				walk(t.Field(i).Type, at+t.Field(i).Offset)
			}
		case reflect.Bool, reflect.Int8, reflect.Uint8:
		default:
			fields = append(fields, uint8(8*at))
		}
	}
	walk(t, 0)
	half := bits / 2
	low := uint64(1)<<half - 1
	switch {
	case len(fields) == 0 || int(fields[0])+int(bits) > 64:
		return tiling{}
	case len(fields) == 1:
		return tiling{shift1: fields[0], low1: 1<<bits - 1, width1: bits, bits: bits, taken: (1<<bits - 1) << fields[0]}
	case fields[1] >= 64:
		f := fields[1] - 64
		return tiling{shift1: fields[0], shift2: f, low1: low, high2: low, width1: half, bits: bits,
			taken: low << fields[0], takenHi: low << f}
	}
	return tiling{shift1: fields[0], shift2: fields[1], low1: low, low2: low, width1: half, bits: bits,
		taken: low<<fields[0] | low<<fields[1]}
}

// lane returns the low bits that the tiling takes from the state whose
// bytes are lo and hi, as one number.
func (c *tiling) lane(lo, hi uint64) uint {
	return uint((lo>>c.shift1)&c.low1 | ((lo>>c.shift2)&c.low2|(hi>>c.shift2)&c.high2)<<c.width1)
}

// put returns the bytes lo and hi with the low bits lane puts back in
// their places: lane's inverse, for bytes whose taken bits are clear.
func (c *tiling) put(lo, hi uint64, lane uint) (uint64, uint64) {
	l := uint64(lane)
	lo |= (l&c.low1)<<c.shift1 | (l>>c.width1&c.low2)<<c.shift2
	hi |= (l >> c.width1 & c.high2) << c.shift2
	return lo, hi
}

// len returns how many states are numbered.
func (t *nodes[S]) len() int { return t.n }

// state returns the state numbered id.
func (t *nodes[S]) state(id int32) S {
	if id >= t.base {
		return *t.keys.at(id - t.base)
	}
	return t.pagedState(id)
}

// pagedState returns the state numbered id, which is below base: its
// page's key with its low bits put back.
func (t *nodes[S]) pagedState(id int32) S {
	k := &t.pageKeys[id>>pageBits]
	lo, hi := t.pg.put(k[0], k[1], uint(id&(pageLen-1)))
	b := [2]uint64{lo, hi}
	return *(*S)(unsafe.Pointer(&b))
}

// find returns s's number and false when s has one; otherwise it numbers s
// and returns its new number and true. It returns -1 when s cannot be
// numbered: its dense index is negative, or every int32 is taken (see
// unnumbered).
//
// The hashed table is in tiles of consecutive slots. A state's tiling bits
// pick its lane, its slot within a tile; the hash of its other bits picks
// the tile; it probes that lane in the tiles that follow until it finds
// itself or an empty slot. On a grid, a cell and its neighbours then lie in
// one or two cache lines, and each lane is a table of its own at the same
// load, as long as the lanes are about equally used (see grow).
func (t *nodes[S]) find(s S) (int32, bool) {
	var lo, hi uint64
	if t.paged || t.tab != nil {
		if p := unsafe.Pointer(&s); unaligned && unsafe.Sizeof(s) == 8 {
			// words, inlined for the common cases. Two 4-byte loads: a
			// state of two int32s is stored as two, and one 8-byte load
			// across them would wait for both stores to reach the cache.
			lo = uint64(*(*uint32)(p)) | uint64(*(*uint32)(unsafe.Add(p, 4)))<<32
		} else if unaligned && unsafe.Sizeof(s) == 16 {
			lo, hi = *(*uint64)(p), *(*uint64)(unsafe.Add(p, 8))
		} else {
			lo, hi = words(&s)
		}
	}
	if !t.paged {
		// Apart, so that the paged path keeps a small frame.
		return t.findUnpaged(s, lo, hi)
	}
	c := &t.pg
	klo, khi := lo&^c.taken, hi&^c.takenHi
	p := t.last
	if klo != t.lastKey[0] || khi != t.lastKey[1] {
		if p = t.page(klo, khi); p < 0 {
			return t.findUnpaged(s, lo, hi) // no longer paged
		}
	}
	off := c.lane(lo, hi)
	id := p<<pageBits | int32(off)
	w, bit := &t.used[id>>6], uint64(1)<<(off&63)
	if *w&bit != 0 {
		return id, false
	}
	*w |= bit
	t.n++
	return id, true
}

// findUnpaged is find once the numbering is not paged, s's bytes being
// lo and hi when it is hashed.
func (t *nodes[S]) findUnpaged(s S, lo, hi uint64) (int32, bool) {
	next := int64(t.base) + int64(t.keys.len())
	if next == math.MaxInt32 {
		return -1, true
	}
	n := int32(next)
	if t.tab != nil {
		c := &t.tile
		lane := c.lane(lo, hi)
		tile := uint(mix(mix((lo&^c.taken)^t.seed)^hi&^c.takenHi)) << c.bits
		mask := uint(len(t.tab) - 1)
		step := uint(1) << c.bits
		i := tile + lane
		for {
			v := t.tab[i&mask]
			if v == 0 {
				break
			}
			if id := int32(v - 1); id >= t.base && *t.keys.at(id - t.base) == s || id < t.base && t.pagedState(id) == s {
				return id, false
			}
			i += step
		}
		if t.full(lane) {
			lane, tile = t.slot(lo, hi)
			i, mask = t.free(tile, lane), uint(len(t.tab)-1)
		}
		t.tab[i&mask] = uint32(n) + 1
		t.lanes[lane]++
	} else if t.index != nil {
		i := t.index(s)
		if i < 0 {
			return -1, true
		}
		k := i >> pageBits
		if k >= len(t.slots) {
			t.slots = append(t.slots, make([][]int32, k+1-len(t.slots))...)
		}
		if t.slots[k] == nil {
			t.slots[k] = make([]int32, pageLen)
		}
		slot := &t.slots[k][i&(pageLen-1)]
		if *slot != 0 {
			return *slot - 1, false
		}
		*slot = n + 1
	} else {
		if id, ok := t.ids[s]; ok {
			return id, false
		}
		t.ids[s] = n
	}
	t.keys.add(s)
	t.n++
	return n, true
}

// page returns the number of the page whose key is klo, khi, and makes it
// the last one found (on a grid the two last ones found serve most
// lookups: a cell's page and its neighbour's). A page not there yet is added, unless that would
// leave the pages holding fewer than one state in t.sparse slots beyond
// the first freePages pages (which a search that starts at a corner of
// pages fills): then the states go on hashed, and page returns -1. So
// the pages hold at most t.sparse slots a state, and a search's records
// by number (byID) as many. A search that reaches its states in reading
// order, or at random, goes on hashed early; one that spreads from a
// start as a wave does, even a thin one (A* on a grid), stays paged.
func (t *nodes[S]) page(klo, khi uint64) int32 {
	if klo == t.prevKey[0] && khi == t.prevKey[1] {
		t.last, t.prev = t.prev, t.last
		t.lastKey, t.prevKey = t.prevKey, t.lastKey
		return t.last
	}
	r := &t.recent[recentAt(klo, khi)]
	if r.key[0] == klo && r.key[1] == khi {
		t.prev, t.prevKey = t.last, t.lastKey
		t.last, t.lastKey = r.p, r.key
		return r.p
	}
	var p int32
	mask := uint(len(t.dir) - 1)
	i := uint(mix(mix(klo) ^ khi))
	for ; len(t.dir) > 0; i++ {
		v := t.dir[i&mask]
		if v == 0 {
			break
		}
		if k := &t.pageKeys[v-1]; k[0] == klo && k[1] == khi {
			p = v - 1
			t.prev, t.prevKey = t.last, t.lastKey
			t.last, t.lastKey = p, *k
			*r = recentPage{key: *k, p: p}
			return p
		}
	}
	pages := len(t.pageKeys)
	if pages >= freePages && (pages+1)*pageLen > t.sparse*(t.n+1) || pages+1 >= math.MaxInt32>>pageBits {
		t.unpage()
		return -1
	}
	p = int32(pages)
	t.pageKeys = append(t.pageKeys, [2]uint64{klo, khi})
	t.used = append(t.used, make([]uint64, pageLen/64)...)
	t.base = int32(pages+1) << pageBits
	if 2*(pages+1) > len(t.dir) {
		t.dir = make([]int32, max(16, 2*len(t.dir)))
		for q := range pages + 1 {
			t.addPage(int32(q))
		}
	} else {
		t.addPage(p)
	}
	t.prev, t.prevKey = t.last, t.lastKey
	t.last, t.lastKey = p, t.pageKeys[p]
	*r = recentPage{key: t.lastKey, p: p}
	return p
}

// recentPage is a page and its key, in nodes.recent.
type recentPage struct {
	key [2]uint64
	p   int32
}

const (
	recentBits = 8
	recentLen  = 1 << recentBits
)

// recentAt returns the place in nodes.recent of the page whose key is
// klo, khi: a multiplicative hash, one multiply.
func recentAt(klo, khi uint64) uint {
	return uint((klo ^ khi) * 0x9e3779b97f4a7c15 >> (64 - recentBits))
}

// addPage puts page p in dir.
func (t *nodes[S]) addPage(p int32) {
	k := &t.pageKeys[p]
	mask := uint(len(t.dir) - 1)
	i := uint(mix(mix(k[0]) ^ k[1]))
	for t.dir[i&mask] != 0 {
		i++
	}
	t.dir[i&mask] = p + 1
}

// freePages bounds the pages (see page), and sparseFor the slots they
// may hold a state.
const freePages = 4

// sparseFor returns the most slots a state that the pages of a search
// under lim may hold: 16 (a state's record in a best-first search takes
// 24 bytes with an int cost), or 4 under a cap of bytes, within what
// StateBytes counts a state.
func sparseFor(lim Limits) int {
	if lim.MaxBytes > 0 {
		return 4
	}
	return 16
}

// unpage makes a paged numbering hashed: the states paged so far keep
// their numbers, below base, and the hashed table holds them too.
func (t *nodes[S]) unpage() {
	l := layoutOf(reflect.TypeFor[S]())
	t.paged, t.dir, t.recent, t.last, t.prev = false, nil, nil, -1, -1
	t.seed, t.tile = rand.Uint64(), l.tile
	// As full would grow it: big enough for every lane, unless the
	// states crowd one lane of a large table.
	var lanes [len(t.lanes)]int
	most := 0
	t.each(func(id int32) {
		s := t.state(id)
		l := t.tile.lane(words(&s))
		lanes[l]++
		most = max(most, lanes[l])
	})
	size := minTable
	for 2*(t.n+1) > size || 4*(most+1) > 3*size>>t.tile.bits {
		size *= 2
	}
	if size > max(8*(t.n+1), 1<<16) {
		t.tile = tiling{}
		for size = minTable; 2*(t.n+1) > size; size *= 2 {
		}
	}
	t.rebuild(size)
}

// each calls f with the number of each state numbered.
func (t *nodes[S]) each(f func(id int32)) {
	for k, w := range t.used {
		for ; w != 0; w &= w - 1 {
			f(int32(k*64 + bits.TrailingZeros64(w)))
		}
	}
	for i := range t.keys.len() {
		f(t.base + int32(i))
	}
}

// slot returns the lane and the first slot of the tile of the state whose
// bytes are lo and hi.
func (t *nodes[S]) slot(lo, hi uint64) (lane, tile uint) {
	c := &t.tile
	lane = c.lane(lo, hi)
	tile = uint(mix(mix((lo&^c.taken)^t.seed)^hi&^c.takenHi)) << c.bits
	return lane, tile
}

// free returns the first empty slot of lane from tile on.
func (t *nodes[S]) free(tile, lane uint) uint {
	mask := uint(len(t.tab) - 1)
	i := tile + lane
	for t.tab[i&mask] != 0 {
		i += 1 << t.tile.bits
	}
	return i & mask
}

// full makes room for one more state in lane: it reports whether it had
// to, which moves the slots. The table doubles when it would be more than
// half full, or when the lane would be more than three quarters full (its
// probes would grow long, and a full lane has no end). But when a lane
// fills while the table is large and less than an eighth full, the states
// are not spread over the tiling's bits (cells of even rows and columns
// only, say), and the table drops the tiling for good: one slot a tile,
// every bit hashed. So beyond its first 65,536 slots the table holds at
// most 16 slots (64 bytes) a state, 2 to 4 when the states spread, and
// every probe ends at an empty slot.
func (t *nodes[S]) full(lane uint) bool {
	n := t.n
	switch {
	case 2*(n+1) > len(t.tab):
		t.rebuild(2 * len(t.tab))
	case t.tile.bits > 0 && 4*int(t.lanes[lane]+1) > 3*len(t.tab)>>t.tile.bits:
		if 8*(n+1) >= len(t.tab) || len(t.tab) < 1<<16 {
			t.rebuild(2 * len(t.tab))
		} else {
			t.tile = tiling{}
			t.rebuild(len(t.tab))
		}
	default:
		return false
	}
	return true
}

// rebuild places every number again in a table of size slots, and counts
// the lanes anew.
func (t *nodes[S]) rebuild(size int) {
	t.tab = make([]uint32, size)
	t.lanes = [len(t.lanes)]int32{}
	t.each(func(id int32) {
		s := t.state(id)
		lane, tile := t.slot(words(&s))
		t.tab[t.free(tile, lane)] = uint32(id) + 1
		t.lanes[lane]++
	})
}

// words returns the bytes of *s as two words (for a state of more than 16
// bytes, a hash of them).
func words[S any](s *S) (lo, hi uint64) {
	p := unsafe.Pointer(s)
	n := unsafe.Sizeof(*s)
	if unaligned {
		switch n {
		case 4:
			return uint64(*(*uint32)(p)), 0
		case 8:
			return *(*uint64)(p), 0
		case 16:
			return *(*uint64)(p), *(*uint64)(unsafe.Add(p, 8))
		}
	}
	b := unsafe.Slice((*byte)(p), n)
	for len(b) > 8 {
		hi = mix(hi ^ binary.LittleEndian.Uint64(b))
		b = b[8:]
	}
	var tail [8]byte
	copy(tail[:], b)
	return binary.LittleEndian.Uint64(tail[:]), hi
}

// unaligned reports whether a word may be loaded from any address, and
// is stored least significant byte first, as words assumes.
const unaligned = runtime.GOARCH == "amd64" || runtime.GOARCH == "arm64" || runtime.GOARCH == "386"

// mix is a 64-bit finaliser (the multiply-xorshift of splitmix64): every
// input bit reaches the low bits that pick a tile, so that states that
// differ only in high bits do not crowd together.
func mix(x uint64) uint64 {
	x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9
	x = (x ^ (x >> 27)) * 0x94d049bb133111eb
	return x ^ (x >> 31)
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

// unnumbered is the error of a state that find could not number: a
// negative dense index, or more states than an int32 holds.
func (t *nodes[S]) unnumbered(s S) error {
	if int64(t.base)+int64(t.keys.len()) >= math.MaxInt32 {
		return tooMany
	}
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

// byID keeps a value for each number of a nodes, in pages of pageLen by
// number: a paged number's value lies in its page's page, and numbers
// given in order fill one page after another, so that it grows without
// copying what it holds. Until a page is made whole, a page grows as a
// slice does while short, so that a small search allocates little.
//
// Whole pages are taken from a pool of pages of T and given back by
// free, not cleared: a value is only read after it was set. So a search
// run again reuses the memory of the last one, as a C++ program's
// allocator would, rather than clearing fresh memory (and, on a VM,
// faulting its pages in).
type byID[T any] struct {
	pages [][]T
	whole bool       // a page was made whole
	pool  *sync.Pool // of *[pageLen]T, once a page was made whole
}

// at returns the value of id, which set was given.
func (l *byID[T]) at(id int32) *T {
	return &l.pages[id>>pageBits][id&(pageLen-1)]
}

// set sets the value of id.
func (l *byID[T]) set(id int32, v T) {
	p, i := int(id>>pageBits), int(id&(pageLen-1))
	if p >= len(l.pages) || i >= len(l.pages[p]) {
		l.grow(p, i)
	}
	l.pages[p][i] = v
}

// grow makes room for the i-th value of page p.
func (l *byID[T]) grow(p, i int) {
	if p >= len(l.pages) {
		l.pages = append(l.pages, make([][]T, p+1-len(l.pages))...)
	}
	pg := l.pages[p]
	if i < len(pg) {
		return
	}
	n := max(2*len(pg), 16)
	for n <= i {
		n *= 2
	}
	if n <= pageLen/4 && !l.whole {
		l.pages[p] = append(pg, make([]T, n-len(pg))...)
		return
	}
	if l.pool == nil {
		l.whole, l.pool = true, poolOf[T]()
	}
	whole, _ := l.pool.Get().(*[pageLen]T)
	if whole == nil {
		whole = new([pageLen]T)
	}
	copy(whole[:], pg)
	l.pages[p] = whole[:]
}

// free gives the whole pages back to the pool; l is empty after.
func (l *byID[T]) free() {
	for _, pg := range l.pages {
		if len(pg) == pageLen {
			l.pool.Put((*[pageLen]T)(pg))
		}
	}
	l.pages = nil
}

// pools holds a *sync.Pool of pages for each type of value.
var pools sync.Map // reflect.Type to *sync.Pool

func poolOf[T any]() *sync.Pool {
	t := reflect.TypeFor[T]()
	if p, ok := pools.Load(t); ok {
		return p.(*sync.Pool)
	}
	p, _ := pools.LoadOrStore(t, new(sync.Pool))
	return p.(*sync.Pool)
}
