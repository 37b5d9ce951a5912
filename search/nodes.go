package search

import (
	"encoding/binary"
	"fmt"
	"math"
	"math/rand/v2"
	"reflect"
	"runtime"
	"strconv"
	"unsafe"
)

// nodes numbers the states a search reaches, 0, 1, 2 ... in the order it
// first reaches them, and keeps each state by its number: the search keeps
// what else it knows of a state in a slice by that number. The numbers are
// found in one of three ways:
//
//   - with a dense index of the states (Limits.Index), in a slice by that
//     index: no hashing at all;
//   - for a state type whose values are equal exactly when their bytes are
//     (integers, booleans, and arrays and structs of them without padding),
//     in an open-addressing table of numbers that hashes the state's bytes
//     (see find);
//   - for any other comparable type (strings, floats, pointers,
//     interfaces), in a Go map.
type nodes[S comparable] struct {
	keys chunked[S] // the states by number

	// With a dense index: slots[index(s)] is s's number plus 1; 0 is none.
	index func(S) int
	slots []int32

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

// tiling says which bits of a state's bytes pick its slot within a tile
// of 1<<bits consecutive slots: the low bits of its first two integer
// fields (two of each), or of its only one (four). The other bits are
// hashed to pick the tile. The zero tiling is one slot a tile: every bit
// hashed. The bytes come as two words (see words); the second field may
// lie in either.
type tiling struct {
	shift1, shift2 uint8  // where the two fields' low bits are in their words
	low1, low2     uint64 // their masks, from bit 0; low2 for the first word
	high2          uint64 // the second field's mask when it is in the second word
	width1         uint8  // the bits taken from the first field
	bits           uint8  // the tile's size, log 2
	taken, takenHi uint64 // the bits taken, in place, cleared before hashing
}

const maxTileBits = 4

// newNodes returns an empty numbering, dense when index is not nil.
func newNodes[S comparable](index func(S) int) nodes[S] {
	t := reflect.TypeFor[S]()
	switch {
	case index != nil:
		return nodes[S]{index: index}
	case bytesEqual(t):
		return nodes[S]{tab: make([]uint32, minTable), seed: rand.Uint64(), tile: tilingOf(t)}
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

// tilingOf returns the tiling for states of type t, which bytesEqual
// accepts: by the first two integer fields of two bytes or more within
// its first eight bytes (a grid cell's row and column), or its only
// integer of that size. States near each other on a grid then share a
// tile, and so cache lines, as a dense array's do.
func tilingOf(t reflect.Type) tiling {
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
	switch {
	case len(fields) == 0 || fields[0] >= 64:
		return tiling{}
	case len(fields) == 1:
		return tiling{shift1: fields[0], low1: 15, width1: 4, bits: 4, taken: 15 << fields[0]}
	case fields[1] >= 64:
		f := fields[1] - 64
		return tiling{shift1: fields[0], shift2: f, low1: 3, high2: 3, width1: 2, bits: 4,
			taken: 3 << fields[0], takenHi: 3 << f}
	}
	return tiling{shift1: fields[0], shift2: fields[1], low1: 3, low2: 3, width1: 2, bits: 4,
		taken: 3<<fields[0] | 3<<fields[1]}
}

// len returns how many states are numbered.
func (t *nodes[S]) len() int { return t.keys.len() }

// state returns the state numbered id.
func (t *nodes[S]) state(id int32) S { return *t.keys.at(id) }

// find returns s's number and false when s has one; otherwise it numbers s
// next and returns its new number and true. It returns -1 when s cannot be
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
	if t.tab != nil {
		var lo, hi uint64
		if p := unsafe.Pointer(&s); unaligned && unsafe.Sizeof(s) == 8 {
			lo = *(*uint64)(p) // words, inlined for the common cases
		} else if unaligned && unsafe.Sizeof(s) == 16 {
			lo, hi = *(*uint64)(p), *(*uint64)(unsafe.Add(p, 8))
		} else {
			lo, hi = words(&s)
		}
		c := &t.tile
		lane := uint((lo>>c.shift1)&c.low1 | ((lo>>c.shift2)&c.low2|(hi>>c.shift2)&c.high2)<<c.width1)
		tile := uint(mix(mix((lo&^c.taken)^t.seed)^hi&^c.takenHi)) << c.bits
		mask := uint(len(t.tab) - 1)
		step := uint(1) << t.tile.bits
		i := tile + lane
		for {
			v := t.tab[i&mask]
			if v == 0 {
				break
			}
			if *t.keys.at(int32(v - 1)) == s {
				return int32(v - 1), false
			}
			i += step
		}
		n := t.keys.len()
		if n == math.MaxInt32 {
			return -1, true
		}
		if t.full(n, lane) {
			lane, tile = t.slot(lo, hi)
			i, mask = t.free(tile, lane), uint(len(t.tab)-1)
		}
		t.tab[i&mask] = uint32(n) + 1
		t.lanes[lane]++
		t.keys.add(s)
		return int32(n), true
	}
	n := t.keys.len()
	if n == math.MaxInt32 {
		return -1, true
	}
	if t.index != nil {
		i := t.index(s)
		if uint(i) >= uint(len(t.slots)) {
			if i < 0 {
				return -1, true
			}
			t.slots = append(t.slots, make([]int32, max(i+1, 2*len(t.slots), 1024)-len(t.slots))...)
		}
		if id := t.slots[i]; id != 0 {
			return id - 1, false
		}
		t.slots[i] = int32(n) + 1
	} else {
		if id, ok := t.ids[s]; ok {
			return id, false
		}
		t.ids[s] = int32(n)
	}
	t.keys.add(s)
	return int32(n), true
}

// slot returns the lane and the first slot of the tile of the state whose
// bytes are lo and hi.
func (t *nodes[S]) slot(lo, hi uint64) (lane, tile uint) {
	c := &t.tile
	lane = uint((lo>>c.shift1)&c.low1 | ((lo>>c.shift2)&c.low2|(hi>>c.shift2)&c.high2)<<c.width1)
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

// full makes room for a state in lane when the table holds n: it reports
// whether it had to, which moves the slots. The table doubles when it
// would be more than half full, or when the lane would be more than three
// quarters full (its probes would grow long, and a full lane has no end).
// But when a lane fills while the table is large and less than an eighth
// full, the states are not spread over the tiling's bits (cells of even
// rows and columns only, say), and the table drops the tiling for good:
// one slot a tile, every bit hashed. So beyond its first 65,536 slots the
// table holds at most 16 slots (64 bytes) a state, 2 to 4 when the states
// spread, and every probe ends at an empty slot.
func (t *nodes[S]) full(n int, lane uint) bool {
	switch {
	case 2*(n+1) > len(t.tab):
		t.rebuild(2 * len(t.tab))
	case t.tile.bits > 0 && 4*int(t.lanes[lane]+1) > 3*len(t.tab)>>t.tile.bits:
		if 8*(n+1) >= len(t.tab) || len(t.tab) < 1<<16 {
			t.rebuild(2 * len(t.tab))
		} else {
			t.tile, t.lanes = tiling{}, [len(t.lanes)]int32{}
			t.rebuild(len(t.tab))
		}
	default:
		return false
	}
	return true
}

// rebuild places every number again in a table of size slots.
func (t *nodes[S]) rebuild(size int) {
	t.tab = make([]uint32, size)
	for id := range t.keys.len() {
		lane, tile := t.slot(words(t.keys.at(int32(id))))
		t.tab[t.free(tile, lane)] = uint32(id) + 1
	}
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
	if t.keys.len() == math.MaxInt32 {
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
