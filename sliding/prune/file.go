package prune

import (
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
)

// The binary form of a Machine (MarshalBinary), all numbers little-endian:
//
//	magic     8 bytes "SLPRUNE2" (version 1 was not minimized)
//	w, h      1 byte each
//	maxLen    1 byte
//	pad       1 byte, zero
//	forbidden uint32
//	states    uint32
//	start     w*h int32: the state of each cell
//	cell      states bytes: the blank's cell in each state
//	next      4*states int32: the transitions, Pruned (-1) for none
//	crc       uint32: CRC-32C of everything before it
const magic = "SLPRUNE2"

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// ErrCorrupt reports data that is not a machine written by MarshalBinary,
// or one that was damaged.
var ErrCorrupt = errors.New("prune: not a valid move-pruning machine")

// MarshalBinary returns the machine in a binary form that UnmarshalBinary
// reads back, so that it can be kept in a file instead of built again.
func (m *Machine) MarshalBinary() ([]byte, error) {
	n, st := len(m.start), len(m.cell)
	out := make([]byte, 0, 20+4*n+st+16*st+4)
	out = append(out, magic...)
	out = append(out, byte(m.w), byte(m.h), byte(m.maxLen), 0)
	out = binary.LittleEndian.AppendUint32(out, uint32(m.forbidden))
	out = binary.LittleEndian.AppendUint32(out, uint32(st))
	for _, s := range m.start {
		out = binary.LittleEndian.AppendUint32(out, uint32(s))
	}
	out = append(out, m.cell...)
	for _, t := range m.next {
		out = binary.LittleEndian.AppendUint32(out, uint32(t))
	}
	return binary.LittleEndian.AppendUint32(out, crc32.Checksum(out, castagnoli)), nil
}

// UnmarshalBinary sets m to the machine in data, written by MarshalBinary.
// It checks the checksum and that every transition is a move of the blank
// to a cell next to it, and returns an error matching ErrCorrupt if not.
func (m *Machine) UnmarshalBinary(data []byte) error {
	bad := func(why string, args ...any) error {
		return fmt.Errorf("%w: %s", ErrCorrupt, fmt.Sprintf(why, args...))
	}
	if len(data) >= 8 && string(data[:8]) == "SLPRUNE1" {
		return bad("written by an earlier version, before machines were minimized")
	}
	if len(data) < 24 || string(data[:8]) != magic {
		return bad("no %q header", magic)
	}
	w, h, maxLen := int(data[8]), int(data[9]), int(data[10])
	if w < 1 || h < 1 || w*h < 2 || w*h > MaxCells || maxLen < 2 || maxLen > 40 || data[11] != 0 {
		return bad("size %dx%d, length %d out of range", w, h, maxLen)
	}
	n := w * h
	forbidden := int(binary.LittleEndian.Uint32(data[12:]))
	st := int(binary.LittleEndian.Uint32(data[16:]))
	if st < n || st > 1<<28 || len(data) != 20+4*n+st+16*st+4 {
		return bad("%d states in %d bytes", st, len(data))
	}
	body := data[:len(data)-4]
	if crc32.Checksum(body, castagnoli) != binary.LittleEndian.Uint32(data[len(body):]) {
		return bad("checksum mismatch")
	}
	b := &builder{w: w, h: h, n: n}
	start := make([]int32, n)
	off := 20
	for c := range n {
		start[c] = int32(binary.LittleEndian.Uint32(data[off:]))
		off += 4
		if start[c] < 0 || int(start[c]) >= st {
			return bad("start state of cell %d out of range", c)
		}
	}
	cell := append([]uint8(nil), data[off:off+st]...)
	off += st
	for i, c := range cell {
		if int(c) >= n {
			return bad("state %d on cell %d of %d", i, c, n)
		}
	}
	for c := range n {
		if int(cell[start[c]]) != c {
			return bad("start state of cell %d is on cell %d", c, cell[start[c]])
		}
	}
	next := make([]int32, Dirs*st)
	for i := range next {
		t := int32(binary.LittleEndian.Uint32(data[off:]))
		off += 4
		u, d := i/Dirs, i%Dirs
		e := b.step(int(cell[u]), d)
		switch {
		case t == Pruned:
		case t < 0 || int(t) >= st:
			return bad("transition %d of state %d out of range", d, u)
		case e < 0 || int(cell[t]) != e:
			return bad("transition %d of state %d is not a move", d, u)
		}
		next[i] = t
	}
	*m = Machine{w: w, h: h, maxLen: maxLen, start: start, cell: cell, next: next, forbidden: forbidden}
	return nil
}
