package idastar

// The expansion of a node: its children's heuristics, move by move, and
// the recursion into them. One body serves every set, instantiated twice:
// for any sums (expand[many]), and for exactly two sums of blank-unaware
// tables on a board with tableRank's path (expand[two]: one partition and
// its reflection, such as 6-6-6-6 + mirror, the 5x5 default, or 7-8 +
// mirror on 4x4), the hot loop of the default 4x4 and 5x5 searches. The type
// argument is an array whose length is the number of sums, a constant in
// each instantiation: the compiler folds the tests on it, so the two-sum
// search has no loop over the sums, no zero-aware branch and its undo in
// registers, as if written apart (TestExpand2 compares the two node for
// node).

// sumCount is the type argument of expand: two for exactly two sums (its
// length), many for any number.
type sumCount interface{ two | many }

type (
	two  [2]int8
	many [maxViews]int8
)

// expand generates the children of n at depth g and searches those within
// the bound. A child's sums are looked up in two stages: first the sum that
// was largest at n (the likeliest to cut a child off), for every child,
// then, for the children it leaves within the bound, all the others
// together, so that their cache misses overlap. Only the children
// searched need every sum (to update them move by move). The indices are
// masked to their arrays' sizes, which spares the bounds checks in the
// search's innermost loop.
func expand[S sumCount](e *Engine, n *node, sh *shared, g int, row [4]int32) bool {
	var sums S
	isTwo := len(sums) == 2 // a constant in each instantiation
	counted := g >= sh.split || n.worker == 0
	if counted {
		n.expanded++
	}
	n.count++
	if n.count >= checkEvery {
		if e.check(n, sh) {
			return false
		}
		if g > sh.split && sh.found.Load() < 2*n.ticket+1 {
			n.stop = true
			return false
		}
	}
	b := n.blank
	kids := &n.scratch[g].kids
	nk := 0
	bc := moveCode(b, 0)
	for _, d := range childOrder {
		// The machine prunes the moves off the board too.
		cst := row[d]
		if cst < 0 {
			continue
		}
		c := b + e.moveOffset[d]
		t := n.cell[c&(maxCells-1)]
		kd := &kids[nk&3]
		kd.c, kd.t, kd.state = c, t, cst
		kd.mv = bc | uint8(d)
		kd.manhattan = n.manhattan + int(e.manhattanDelta[manhattanIndex(t, kd.mv)])
		kd.dead = false
		nk++
	}
	if counted {
		n.generated += int64(nk)
	}
	live := nk
	bound := sh.bound - g - 1
	// First the sum that was the largest at n, for every child, the table
	// words fetched together.
	k1 := int(n.bestSum) & (maxViews - 1)
	if isTwo {
		k1 = int(n.bestSum) & 1
	}
	sum1 := int(n.sum[k1])
	for j := range nk {
		kd := &kids[j&3]
		var r int64
		var li uint8
		if isTwo || e.fastRank {
			// tableRank, its arguments written out (see there).
			t := kd.t & (maxCells - 1)
			ref := &e.refs[k1][t]
			li = ref.term & (maxLookups - 1)
			r = e.tableRank(n, ref, &e.passOver[k1][t], moveIndex(ref.frame, kd.mv))
		} else {
			r, li = e.childRank(n, k1, kd.t, kd.c, b)
		}
		kd.ranks[k1], kd.terms[k1] = r, li
		x := r
		if !isTwo && e.zero {
			x = e.childIndex(n, kd, k1, li, b, r)
			kd.index[k1] = x
		}
		kd.words[0] = e.termTable[li][x>>3]
	}
	for j := range nk {
		kd := &kids[j&3]
		li := kd.terms[k1] & (maxLookups - 1)
		x := kd.ranks[k1]
		if !isTwo && e.zero {
			x = kd.index[k1]
		}
		ent := kd.words[0] >> (4 * uint(x&7)) & 15
		kd.entries[k1] = uint8(ent)
		kd.best, kd.bestSum = sum1-int(n.entries[li])+int(ent), uint8(k1)
		if f := kd.manhattan + 2*kd.best; f > bound {
			kd.dead = true
			live--
			if f+g+1 < n.nextBound {
				n.nextBound = f + g + 1
			}
			continue
		}
		// The transitions of a child the first sum leaves within the
		// bound, fetched here so that a cache miss overlaps those of the
		// other sums' tables, and the rows of its children's states asked
		// for, so that they are in the caches by the time the child is
		// expanded. Only for these children: the others are never
		// expanded.
		kd.row = e.row(kd.state)
		prefetchRows(&e.pruneTable[0], &kd.row)
	}
	if live == 0 {
		return false
	}
	// Then the others, in order from the first on, around, for the
	// children left.
	ord := &e.order[k1]
	nv := e.nsums
	k2 := k1 ^ 1 // with isTwo sums, the other
	if isTwo {
		nv = 2
	}
	for j := range nk {
		kd := &kids[j&3]
		if kd.dead {
			continue
		}
		for i := 1; ; i++ {
			if !isTwo && i >= nv {
				break
			}
			k := k2
			if !isTwo {
				k = int(ord[i&(maxViews-1)]) & (maxViews - 1)
			}
			var r int64
			var li uint8
			if isTwo || e.fastRank {
				t := kd.t & (maxCells - 1)
				ref := &e.refs[k][t]
				li = ref.term & (maxLookups - 1)
				r = e.tableRank(n, ref, &e.passOver[k][t], moveIndex(ref.frame, kd.mv))
			} else {
				r, li = e.childRank(n, k, kd.t, kd.c, b)
			}
			kd.ranks[k], kd.terms[k] = r, li
			x := r
			if !isTwo && e.zero {
				x = e.childIndex(n, kd, k, li, b, r)
				kd.index[k] = x
			}
			kd.words[i&(maxViews-1)] = e.termTable[li][x>>3]
			if isTwo {
				break // the one other sum
			}
		}
	}
	for j := range nk {
		kd := &kids[j&3]
		if kd.dead {
			continue
		}
		for i := 1; ; i++ {
			if !isTwo && i >= nv {
				break
			}
			k := k2
			if !isTwo {
				k = int(ord[i&(maxViews-1)]) & (maxViews - 1)
			}
			li := kd.terms[k] & (maxLookups - 1)
			x := kd.ranks[k]
			if !isTwo && e.zero {
				x = kd.index[k]
			}
			ent := kd.words[i&(maxViews-1)] >> (4 * uint(x&7)) & 15
			kd.entries[k] = uint8(ent)
			if s := int(n.sum[k]) - int(n.entries[li]) + int(ent); s > kd.best {
				kd.best, kd.bestSum = s, uint8(k)
			}
			if isTwo {
				break
			}
		}
		if f := kd.manhattan + 2*kd.best; f > bound {
			kd.dead = true
			if f+g+1 < n.nextBound {
				n.nextBound = f + g + 1
			}
		}
	}
	sc := &n.scratch[g]
	for j := range nk {
		kd := &kids[j&3]
		if kd.dead {
			continue
		}
		c, t := kd.c, kd.t
		// Make the move.
		n.pos[t&(maxCells-1)] = uint8(b)
		n.cell[b&(maxCells-1)] = t
		n.cell[c&(maxCells-1)] = uint8(e.blank)
		n.pos[e.blank&(maxCells-1)] = uint8(c)
		n.blank = c
		// What the move overwrites, for the undo: of isTwo sums in
		// registers, of more in the scratch of this depth.
		var l0, l1 uint8
		var val0, val1 uint8
		var rk0, rk1 int64
		var s0, s1 int32
		if isTwo {
			l0, l1 = kd.terms[0]&(maxLookups-1), kd.terms[1]&(maxLookups-1)
			val0, val1 = n.entries[l0], n.entries[l1]
			rk0, rk1 = n.ranks[l0], n.ranks[l1]
			s0, s1 = n.sum[0], n.sum[1]
			n.sum[0] += int32(kd.entries[0]) - int32(val0)
			n.sum[1] += int32(kd.entries[1]) - int32(val1)
			n.entries[l0], n.entries[l1] = kd.entries[0], kd.entries[1]
			n.ranks[l0], n.ranks[l1] = kd.ranks[0], kd.ranks[1]
		} else {
			for k := range nv {
				k &= maxViews - 1
				li := kd.terms[k] & (maxLookups - 1)
				sc.oldEntries[k], sc.oldSums[k], sc.oldRanks[k] = n.entries[li], n.sum[k], n.ranks[li]
				n.sum[k] += int32(kd.entries[k]) - int32(n.entries[li])
				n.entries[li] = kd.entries[k]
				n.ranks[li] = kd.ranks[k]
				if e.zero {
					sc.oldCellSets[k] = n.cellSets[li]
					n.cellSets[li] = kd.cellSets[k]
				}
			}
		}
		oldManhattan, oldBest, oldBestSum := n.manhattan, n.best, n.bestSum
		n.manhattan, n.best, n.bestSum = kd.manhattan, kd.best, kd.bestSum
		n.path[g&(maxDepth-1)] = int8(c)
		if kd.manhattan == 0 {
			n.foundDepth = g + 1
			n.owner = 2 * n.seen // a solution above the split, before subtree n.seen
			return true
		}
		if e.dfs(n, sh, g+1, kd.row) {
			return true
		}
		// Undo it.
		n.blank = b
		n.pos[e.blank&(maxCells-1)] = uint8(b)
		n.cell[c&(maxCells-1)] = t
		n.cell[b&(maxCells-1)] = uint8(e.blank)
		n.pos[t&(maxCells-1)] = uint8(c)
		n.manhattan, n.best, n.bestSum = oldManhattan, oldBest, oldBestSum
		if isTwo {
			n.entries[l1], n.ranks[l1] = val1, rk1
			n.entries[l0], n.ranks[l0] = val0, rk0
			n.sum[0], n.sum[1] = s0, s1
		} else {
			for k := range nv {
				k &= maxViews - 1
				li := kd.terms[k] & (maxLookups - 1)
				n.entries[li], n.ranks[li] = sc.oldEntries[k], sc.oldRanks[k]
				n.sum[k] = sc.oldSums[k]
				if e.zero {
					n.cellSets[li] = sc.oldCellSets[k]
				}
			}
		}
		if n.stop {
			return false
		}
	}
	return false
}

// childRank returns the rank of the term of sum k that holds tile t once
// t moves from cell c to the blank's cell b, and the term: moveRank, which
// walks the cells passed over, or less for a move along a row of the
// term's frame. On boards with rows of at most five cells (fastRank) the
// expansions use tableRank instead.
func (e *Engine) childRank(n *node, k int, t uint8, c, b int) (int64, uint8) {
	ref := &e.refs[k&(maxViews-1)][t&(maxCells-1)]
	li := ref.term & (maxLookups - 1)
	d := b - c
	if ref.frame == 1 {
		d = int(e.reflect[b&(maxCells-1)]) - int(e.reflect[c&(maxCells-1)])
	}
	if d == 1 || d == -1 {
		// Along a row of the term's frame: only t's digit changes.
		return n.ranks[li] + ref.weight*int64(d), li
	}
	return e.moveRank(n, k, t, c, b), li
}

// tableRank is childRank by tables, with no branch, on boards whose rows
// are at most five cells long (fastRank): for the move m (see moveIndex)
// of a tile whose term is ref and whose row of passOver is ov. The expansions
// call it written out, as ref, ov and m from the tile and the kid's move
// code: a function taking those instead is over the inliner's budget. A
// move passes over the cells between its two in the frame's cell order:
// none along a row of the frame, the row's length less one across. passed
// holds them, padded to four with padTile (whose tile adds nothing), and
// passOver (ov) what each tile there adds to the term's rank. It is small enough to
// be inlined.
func (e *Engine) tableRank(n *node, ref *termRef, ov *[256]int64, m uint8) int64 {
	pc := e.passed[m]
	p := ov[n.cell[uint8(pc)]] + ov[n.cell[uint8(pc>>8)]] + ov[n.cell[uint8(pc>>16)]] + ov[n.cell[uint8(pc>>24)]]
	return n.ranks[ref.term&(maxLookups-1)] + ref.weight*e.moveDist[m] + e.moveSign[m]*p
}

// childIndex returns the index in the zero-aware table of term li (of
// sum k) once the child kd's move is made, whose placement's rank is r, and
// sets the term's cells after the move in kd: only when they have more than
// one region can the blank be outside the main one.
func (e *Engine) childIndex(n *node, kd *kid, k int, li uint8, b int, r int64) int64 {
	m := e.termMap[li]
	s := n.cellSets[li]&^(1<<m[kd.c]) | 1<<m[b]
	kd.cellSets[k] = s
	if si, multi := e.termZero[li].MultiRegion(s); multi {
		return e.zeroOverflow(n, int(li), kd.t, kd.c, b, si, s, r)
	}
	return r
}
