package sliding

import (
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"time"
)

// The binary form of a Table (MarshalBinary), all numbers little-endian:
//
//	magic    8 bytes "SLABTAB\x00"
//	version  uint32 (tableVersion)
//	w, h     uint8 each: the board size
//	goal     w*h bytes: the goal's tiles in reading order
//	states   uint32: boards that reach the goal
//	maxDist  uint8: the largest distance
//	crc      uint32: CRC-32C of the bytes before it and of the distances
//	dist     (w*h)! bytes: the distance of each permutation by rank, 0xFF for
//	         the boards that cannot reach the goal
const tableVersion = 1

var tableMagic = [8]byte{'S', 'L', 'A', 'B', 'T', 'A', 'B', 0}

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// ErrTableData reports bytes that are not a table written by MarshalBinary,
// or one that was damaged since.
var ErrTableData = errors.New("sliding: not a valid distance table")

// MarshalBinary returns the table in a checked binary form, for a cache on
// disk; UnmarshalBinary reads it back.
func (t *Table) MarshalBinary() ([]byte, error) {
	b := append([]byte(nil), tableMagic[:]...)
	b = binary.LittleEndian.AppendUint32(b, tableVersion)
	b = append(b, byte(t.goal.W), byte(t.goal.H))
	b = append(b, t.goal.Tiles...)
	b = binary.LittleEndian.AppendUint32(b, uint32(t.states))
	b = append(b, byte(t.maxDist))
	crc := crc32.Update(crc32.Checksum(b, castagnoli), castagnoli, t.dist)
	b = binary.LittleEndian.AppendUint32(b, crc)
	return append(b, t.dist...), nil
}

// UnmarshalBinary sets t to the table in data, written by MarshalBinary. It
// fails with an error matching ErrTableData unless data is such a table,
// whole and undamaged: the size, the checksum (CRC-32C, over every byte)
// and the goal's own distance (0) must match. It takes well under a
// millisecond for a 3x3 table, most of it the checksum. t keeps data's
// distances without a copy, so data must not change after.
func (t *Table) UnmarshalBinary(data []byte) error {
	start := time.Now()
	bad := func(why string) error { return fmt.Errorf("%w: %s", ErrTableData, why) }
	if len(data) < 14 || [8]byte(data[:8]) != tableMagic {
		return bad("not a searchlab distance table")
	}
	if v := binary.LittleEndian.Uint32(data[8:]); v != tableVersion {
		return bad(fmt.Sprintf("format version %d, want %d", v, tableVersion))
	}
	w, h := int(data[12]), int(data[13])
	if !TableSize(w, h) {
		return bad(fmt.Sprintf("size %dx%d", w, h))
	}
	n := w * h
	head := 14 + n + 4 + 1
	if len(data) != head+4+factorial(n) {
		return bad(fmt.Sprintf("%d bytes, want %d", len(data), head+4+factorial(n)))
	}
	tiles := make([]int, n)
	for i, v := range data[14 : 14+n] {
		tiles[i] = int(v)
	}
	goal, err := New(w, h, tiles)
	if err != nil {
		return bad(err.Error())
	}
	states := int(binary.LittleEndian.Uint32(data[14+n:]))
	maxDist := int(data[18+n])
	dist := data[head+4:]
	if crc32.Update(crc32.Checksum(data[:head], castagnoli), castagnoli, dist) != binary.LittleEndian.Uint32(data[head:]) {
		return bad("checksum mismatch")
	}
	nt := Table{goal: goal, n: n, dist: dist, states: states, maxDist: maxDist, steps: stepsFor(w, h)}
	for i, tile := range goal.Tiles {
		nt.gpos[tile] = uint8(i)
	}
	if states != factorial(n)/2 || maxDist >= unreachable || nt.Distance(goal) != 0 {
		return bad("the header does not fit the distances")
	}
	nt.build = time.Since(start)
	*t = nt
	return nil
}
