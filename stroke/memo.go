package stroke

// memo is a fixed-size hash table of proven upper bounds on the number of
// tiles a chain can add from a head cell over a remaining region. The whole
// key is stored, so a hit is never a false one; a colliding store replaces
// the older entry.
type memo struct {
	slots []slot
	shift uint
}

type slot struct {
	region set
	gen    uint32 // component, 0 for an empty slot
	head   uint8
	bound  uint8
}

// memoBits is the size of the table for a component of n cells: small
// regions need few slots, and a large table costs time to allocate.
func memoBits(n int) uint {
	switch {
	case n < 40:
		return 12 // 128 KiB
	case n < 80:
		return 17 // 4 MiB
	default:
		return 20 // 32 MiB
	}
}

// grow makes sure the table has at least 2^k slots.
func (m *memo) grow(k uint) {
	if len(m.slots) < 1<<k {
		m.slots = make([]slot, 1<<k)
		m.shift = 64 - k
	}
}

func (m *memo) reset() { clear(m.slots) }

func (m *memo) index(gen uint32, h int, rg set) uint64 {
	x := rg[0]*0x9E3779B97F4A7C15 ^ rg[1]*0xC2B2AE3D27D4EB4F ^ rg[2]*0x165667B19E3779F9 ^
		uint64(h)<<32 ^ uint64(gen)*0xD6E8FEB86659FD93
	x ^= x >> 29
	x *= 0xBF58476D1CE4E5B9
	x ^= x >> 32
	return x >> m.shift
}

// get returns the stored bound for head h over region rg of component gen.
func (m *memo) get(gen uint32, h int, rg set) (int, bool) {
	if m.slots == nil {
		return 0, false
	}
	e := &m.slots[m.index(gen, h, rg)]
	if e.gen == gen && int(e.head) == h && e.region == rg {
		return int(e.bound), true
	}
	return 0, false
}

// put stores bound u for head h over region rg of component gen.
func (m *memo) put(gen uint32, h int, rg set, u int) {
	m.slots[m.index(gen, h, rg)] = slot{region: rg, gen: gen, head: uint8(h), bound: uint8(u)}
}
