// Package prune recognises redundant move sequences on a sliding-tile board:
// sequences that another sequence from the same blank cell, no longer and
// first in the order of moves, does just as well. A depth-first search (such
// as IDA*) that follows a Machine and skips every move it forbids still
// reaches every board by its first shortest path, so it stays optimal while
// it expands fewer nodes: the machine removes the move that undoes the last
// one, as every such search does, and also longer detours: six moves round
// a 2x2 block do what six moves the other way round do, and longer
// sequences move the same tiles in another order.
//
// The machine is the finite-state automaton of Taylor and Korf ("Pruning
// duplicate nodes in depth-first search", AAAI 1993): the forbidden
// sequences are found by a breadth-first search from every blank cell up to
// a maximum length, and an Aho-Corasick automaton over the blank's cells
// recognises them as a search walks.
package prune

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"slices"
	"sync"

	"github.com/searchlab/searchlab/sliding"
)

// Dirs lists the directions of the blank's moves as the Machine numbers
// them: 0 up, 1 down, 2 left, 3 right (the order of sliding.Moves).
const Dirs = 4

// Pruned is the state Next returns for a move that the machine forbids or
// that leaves the board.
const Pruned = -1

// MaxCells is the most cells a board may have.
const MaxCells = 32

// A Machine follows a sequence of the blank's moves and forbids each move
// that would make the sequence redundant. Its zero value is not usable;
// make one with New. A Machine is never changed after New and is safe for
// concurrent use.
type Machine struct {
	w, h, maxLen int
	start        []int32 // the state of the empty sequence from each cell
	next         []int32 // Dirs per state
	cell         []uint8 // the blank's cell in each state
	forbidden    int     // sequences recognised
}

// New returns the machine for a w x h board that forbids every sequence of
// at most maxLen moves that is redundant. maxLen 2 forbids only undoing the
// last move; on boards of at least two rows and two columns the next
// redundant sequences have six moves. Building takes time and memory that
// grow about fivefold for every two moves of maxLen: on a 5x5 board 14
// moves take a second or two (199,632 states, 3.4 MB) and 16 moves tens of
// seconds (925,259 states, 15 MB). The machine is minimal: no two of its
// states forbid the same continuations from the same cell. New stops with
// ctx's error when ctx ends.
func New(ctx context.Context, w, h, maxLen int) (*Machine, error) {
	m, err := build(ctx, w, h, maxLen)
	if err != nil {
		return nil, err
	}
	m.minimize()
	return m, nil
}

// build returns the machine of New before it is minimized: one state for
// each part of a forbidden sequence that a search can be in.
func build(ctx context.Context, w, h, maxLen int) (*Machine, error) {
	switch {
	case w < 1 || h < 1 || w*h < 2:
		return nil, fmt.Errorf("prune: a %dx%d board has no moves", w, h)
	case w*h > MaxCells:
		return nil, fmt.Errorf("prune: a %dx%d board has more than %d cells", w, h, MaxCells)
	case maxLen < 2:
		return nil, fmt.Errorf("prune: maximum length %d is below 2", maxLen)
	case maxLen > 40:
		return nil, errors.New("prune: maximum length above 40")
	}
	b := &builder{w: w, h: h, n: w * h}
	b.roots = make([]int32, b.n)
	for c := range b.n {
		b.roots[c] = b.node(uint8(c))
	}
	// Sequences by length, each as its start cell and directions.
	byLen := make([][]seq, maxLen+1)
	for c := range b.n {
		for d := range Dirs {
			if e := b.step(c, d); e >= 0 {
				// Undoing a move is the shortest redundant sequence.
				byLen[2] = append(byLen[2], seq{start: uint8(c), dirs: []uint8{uint8(d), uint8(opposite(d))}})
			}
		}
	}
	// Explore from every cell, on every core.
	found := make([][][]seq, b.n)
	var wg sync.WaitGroup
	cells := make(chan int)
	for range min(runtime.GOMAXPROCS(0), b.n) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for c := range cells {
				found[c] = b.explore(ctx, c, maxLen)
			}
		}()
	}
	for c := range b.n {
		cells <- c
	}
	close(cells)
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	for _, f := range found {
		for l, ss := range f {
			byLen[l] = append(byLen[l], ss...)
		}
	}
	// Add the sequences shortest first, each only if no part of it is
	// already forbidden, so that the automaton holds the minimal ones.
	for l := 2; l <= maxLen; l++ {
		if len(byLen[l]) == 0 {
			continue
		}
		b.link()
		added := 0
		for _, s := range byLen[l] {
			if !b.matches(s) {
				b.insert(s)
				added++
			}
		}
		b.forbidden += added
	}
	b.link()
	// Number the states a search can be in (never one that completes a
	// redundant sequence) breadth first from the start states, so that the
	// states met most, near the start, lie together in memory.
	id := make([]int32, len(b.cell))
	for i := range id {
		id[i] = -1
	}
	order := make([]int32, 0, len(b.cell))
	for _, r := range b.roots {
		id[r] = int32(len(order))
		order = append(order, r)
	}
	for i := 0; i < len(order); i++ {
		for _, t := range b.go_[order[i]] {
			if t >= 0 && !b.out[t] && id[t] < 0 {
				id[t] = int32(len(order))
				order = append(order, t)
			}
		}
	}
	m := &Machine{w: w, h: h, maxLen: maxLen, forbidden: b.forbidden}
	m.start = make([]int32, b.n)
	for c, r := range b.roots {
		m.start[c] = id[r]
	}
	m.cell = make([]uint8, len(order))
	m.next = make([]int32, Dirs*len(order))
	for i, u := range order {
		m.cell[i] = b.cell[u]
		for d, t := range b.go_[u] {
			if t < 0 || b.out[t] {
				m.next[Dirs*i+d] = Pruned
			} else {
				m.next[Dirs*i+d] = id[t]
			}
		}
	}
	return m, nil
}

// minimize merges the states that no sequence of moves tells apart: states
// on the same cell from which the machine forbids the same continuations.
// (The Aho-Corasick automaton keeps one state per part of a forbidden
// sequence, and many of them behave alike.) Fewer states make the table
// that a search reads at every node smaller, so more of it stays in cache.
// It refines the partition by cell until each class's transitions lead to
// the same classes (Moore's algorithm), then numbers the classes breadth
// first from the start states as New does.
func (m *Machine) minimize() {
	n := len(m.cell)
	class := make([]int32, n)
	for i, c := range m.cell {
		class[i] = int32(c)
	}
	classes := len(m.start)
	next := make([]int32, n)
	for {
		ids := make(map[[Dirs + 1]int32]int32, classes)
		for i := range n {
			key := [Dirs + 1]int32{class[i]}
			for d := range Dirs {
				key[d+1] = Pruned
				if t := m.next[Dirs*i+d]; t != Pruned {
					key[d+1] = class[t]
				}
			}
			k, ok := ids[key]
			if !ok {
				k = int32(len(ids))
				ids[key] = k
			}
			next[i] = k
		}
		class, next = next, class
		if len(ids) == classes {
			break
		}
		classes = len(ids)
	}
	// One state of each class stands for it; number them breadth first.
	rep := make([]int32, classes)
	for i := range rep {
		rep[i] = -1
	}
	for i := n - 1; i >= 0; i-- {
		rep[class[i]] = int32(i)
	}
	id := make([]int32, classes)
	for i := range id {
		id[i] = -1
	}
	order := make([]int32, 0, classes)
	visit := func(s int32) {
		if k := class[s]; id[k] < 0 {
			id[k] = int32(len(order))
			order = append(order, k)
		}
	}
	for _, s := range m.start {
		visit(s)
	}
	for i := 0; i < len(order); i++ {
		r := rep[order[i]]
		for d := range Dirs {
			if t := m.next[Dirs*int(r)+d]; t != Pruned {
				visit(t)
			}
		}
	}
	cell := make([]uint8, len(order))
	tab := make([]int32, Dirs*len(order))
	for i, k := range order {
		r := rep[k]
		cell[i] = m.cell[r]
		for d := range Dirs {
			tab[Dirs*i+d] = Pruned
			if t := m.next[Dirs*int(r)+d]; t != Pruned {
				tab[Dirs*i+d] = id[class[t]]
			}
		}
	}
	for c, s := range m.start {
		m.start[c] = id[class[s]]
	}
	m.cell, m.next = cell, tab
}

// Start returns the state of a search whose blank is on cell c and that has
// made no move yet.
func (m *Machine) Start(c int) int32 { return m.start[c] }

// Next returns the state after the blank moves in direction d (0 up, 1 down,
// 2 left, 3 right) from state s, or Pruned if the move leaves the board or
// makes the sequence redundant.
func (m *Machine) Next(s int32, d int) int32 { return m.next[Dirs*int(s)+d] }

// Table returns the transitions: entry Dirs*s+d is Next(s, d). It is for
// searches that index it in their inner loop; it must not be changed.
func (m *Machine) Table() []int32 { return m.next }

// Cell returns the blank's cell in state s.
func (m *Machine) Cell(s int32) int { return int(m.cell[s]) }

// States returns the number of states.
func (m *Machine) States() int { return len(m.cell) }

// Forbidden returns the number of minimal redundant sequences the machine
// recognises.
func (m *Machine) Forbidden() int { return m.forbidden }

// MaxLen returns the longest sequence length the machine was built for.
func (m *Machine) MaxLen() int { return m.maxLen }

// Size returns the board's width and height.
func (m *Machine) Size() (w, h int) { return m.w, m.h }

func opposite(d int) int { return d ^ 1 }

// seq is a sequence of moves from a start cell.
type seq struct {
	start uint8
	dirs  []uint8
}

// builder grows the trie of forbidden sequences and its Aho-Corasick links.
type builder struct {
	w, h, n   int
	roots     []int32
	cell      []uint8
	child     [][Dirs]int32
	go_       [][Dirs]int32
	fail      []int32
	term, out []bool
	forbidden int
}

// step returns the cell next to c in direction d, or -1 off the board.
func (b *builder) step(c, d int) int {
	if t, ok := sliding.Target(b.w, b.h, c, sliding.Moves()[d]); ok {
		return t
	}
	return -1
}

func (b *builder) node(c uint8) int32 {
	b.cell = append(b.cell, c)
	b.child = append(b.child, [Dirs]int32{-1, -1, -1, -1})
	b.term = append(b.term, false)
	return int32(len(b.cell) - 1)
}

func (b *builder) insert(s seq) {
	u := b.roots[s.start]
	for _, d := range s.dirs {
		v := b.child[u][d]
		if v < 0 {
			v = b.node(uint8(b.step(int(b.cell[u]), int(d))))
			b.child[u][d] = v
		}
		u = v
	}
	b.term[u] = true
}

// link computes the failure links and the full transitions of the trie as
// it stands, breadth first.
func (b *builder) link() {
	nn := len(b.cell)
	b.go_ = slices.Grow(b.go_[:0], nn)[:nn]
	b.fail = slices.Grow(b.fail[:0], nn)[:nn]
	b.out = slices.Grow(b.out[:0], nn)[:nn]
	queue := make([]int32, 0, nn)
	for c, r := range b.roots {
		b.fail[r] = r
		b.out[r] = b.term[r]
		for d := range Dirs {
			e := b.step(c, d)
			switch {
			case e < 0:
				b.go_[r][d] = -1
			case b.child[r][d] >= 0:
				v := b.child[r][d]
				b.go_[r][d] = v
				b.fail[v] = b.roots[e]
				queue = append(queue, v)
			default:
				b.go_[r][d] = b.roots[e]
			}
		}
	}
	for i := 0; i < len(queue); i++ {
		u := queue[i]
		f := b.fail[u]
		b.out[u] = b.term[u] || b.out[f]
		for d := range Dirs {
			v := b.child[u][d]
			if v < 0 {
				b.go_[u][d] = b.go_[f][d]
				continue
			}
			b.go_[u][d] = v
			b.fail[v] = b.go_[f][d]
			queue = append(queue, v)
		}
	}
}

// matches reports whether the automaton, as last linked, recognises a
// forbidden sequence in s before its last move... or at it: any part of s.
func (b *builder) matches(s seq) bool {
	u := b.roots[s.start]
	for _, d := range s.dirs {
		u = b.go_[u][d]
		if u < 0 {
			return true // off the board: cannot happen for a found sequence
		}
		if b.out[u] {
			return true
		}
	}
	return false
}

// explore runs a breadth-first search from the board whose blank is on cell
// s, in the order of the moves, up to maxLen moves, and returns by length
// each sequence that reaches a board already reached by an earlier
// sequence: one no longer, and first among those as long.
func (b *builder) explore(ctx context.Context, s, maxLen int) [][]seq {
	n := b.n
	type bnode struct {
		parent int32
		dir    int8
		blank  uint8
	}
	byLen := make([][]seq, maxLen+1)
	nodes := []bnode{{parent: -1, dir: -1, blank: uint8(s)}}
	var board [MaxCells]byte
	for c := range n {
		board[c] = byte(c)
	}
	boards := [][MaxCells]byte{board}
	// The boards seen so far, in a hash set of node indices (plus one; 0
	// is an empty slot) by Zobrist hash, compared whole on a hash match.
	var zob [MaxCells][MaxCells]uint64
	x := uint64(s)*0x9e3779b97f4a7c15 + 1
	for c := range n {
		for t := range n {
			x ^= x << 13
			x ^= x >> 7
			x ^= x << 17
			zob[c][t] = x
		}
	}
	var h0 uint64
	for c := range n {
		h0 ^= zob[c][c]
	}
	hashes := []uint64{h0}
	slots := make([]uint32, 1<<16)
	mask := uint64(len(slots) - 1)
	insert := func(h uint64, i uint32) {
		for j := h & mask; ; j = (j + 1) & mask {
			if slots[j] == 0 {
				slots[j] = i + 1
				return
			}
		}
	}
	insert(h0, 0)
	seen := func(h uint64, bd *[MaxCells]byte) bool {
		for j := h & mask; ; j = (j + 1) & mask {
			k := slots[j]
			if k == 0 {
				return false
			}
			if hashes[k-1] == h && boards[k-1] == *bd {
				return true
			}
		}
	}
	path := func(i int32, last int) seq {
		dirs := []uint8{uint8(last)}
		for ; nodes[i].parent >= 0; i = nodes[i].parent {
			dirs = append(dirs, uint8(nodes[i].dir))
		}
		slices.Reverse(dirs)
		return seq{start: uint8(s), dirs: dirs}
	}
	levelStart, levelEnd := 0, 1
	for depth := 0; depth < maxLen && levelStart < levelEnd; depth++ {
		for i := levelStart; i < levelEnd; i++ {
			if i%(1<<16) == 0 && ctx.Err() != nil {
				return nil
			}
			u := nodes[i]
			for d := range Dirs {
				if u.parent >= 0 && d == opposite(int(u.dir)) {
					continue // undoing the last move: forbidden at length 2
				}
				c := b.step(int(u.blank), d)
				if c < 0 {
					continue
				}
				child := boards[i]
				t0, t := child[u.blank], child[c]
				child[u.blank], child[c] = t, t0
				h := hashes[i] ^ zob[u.blank][t0] ^ zob[c][t] ^ zob[u.blank][t] ^ zob[c][t0]
				if seen(h, &child) {
					p := path(int32(i), d)
					byLen[len(p.dirs)] = append(byLen[len(p.dirs)], p)
					continue
				}
				k := uint32(len(nodes))
				nodes = append(nodes, bnode{parent: int32(i), dir: int8(d), blank: uint8(c)})
				boards = append(boards, child)
				hashes = append(hashes, h)
				if 2*len(nodes) > len(slots) {
					slots = make([]uint32, 4*len(slots))
					mask = uint64(len(slots) - 1)
					for j := range uint32(len(nodes)) {
						insert(hashes[j], j)
					}
				} else {
					insert(h, k)
				}
			}
		}
		levelStart, levelEnd = levelEnd, len(nodes)
	}
	return byLen
}
