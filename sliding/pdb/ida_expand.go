package pdb

// The expansion of a node: its children's heuristics, move by move, and
// the recursion into them. expand serves every set; expand2 is the same
// search written for two sums of blank-unaware tables, the hot loop of the
// default 4x4 and 5x5 searches.

// expand generates the children of n at depth g and searches those within
// the bound. A child's sums are looked up in two stages: first the sum that
// was largest at n (the likeliest to cut a child off), for every child,
// then, for the children it leaves within the bound, all the others
// together, so that their cache misses overlap. Only the children
// searched need every sum (to update them move by move). The indices are
// masked to their arrays' sizes, which spares the bounds checks in the
// search's innermost loop.
func (v *solver) expand(n *node, sh *shared, g int, row [4]int32) bool {
	counted := g >= sh.split || n.worker == 0
	if counted {
		n.expanded++
	}
	n.count++
	if n.count >= checkEvery {
		if v.check(n, sh) {
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
		c := b + v.moveOffset[d]
		t := n.cell[c&(maxCells-1)]
		kd := &kids[nk&3]
		kd.c, kd.t, kd.st = c, t, cst
		kd.mv = bc | uint8(d)
		kd.md = n.md + int(v.mdDelta[mdIndex(t, kd.mv)])
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
	k1 := int(n.bestView) & (maxViews - 1)
	sum1 := int(n.sum[k1])
	for j := range nk {
		kd := &kids[j&3]
		var r int64
		var li uint8
		if v.fastRank {
			// tableRank, its arguments written out (see there).
			t := kd.t & (maxCells - 1)
			ref := &v.ref[k1][t]
			li = ref.li & (maxLookups - 1)
			r = v.tableRank(n, ref, &v.over[k1][t], moveIndex(ref.frame, kd.mv))
		} else {
			r, li = v.childRank(n, k1, kd.t, kd.c, b)
		}
		kd.rank[k1], kd.li[k1] = r, li
		x := r
		if v.zero {
			x = v.childIndex(n, kd, k1, li, b, r)
		}
		kd.idx[k1] = x
		kd.word[0] = v.termTable[li][x>>3]
	}
	for j := range nk {
		kd := &kids[j&3]
		li := kd.li[k1] & (maxLookups - 1)
		e := kd.word[0] >> (4 * uint(kd.idx[k1]&7)) & 15
		kd.ent[k1] = uint8(e)
		kd.best, kd.bv = sum1-int(n.val[li])+int(e), uint8(k1)
		if f := kd.md + 2*kd.best; f > bound {
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
		kd.row = v.row(kd.st)
		prefetchRows(&v.pruneTable[0], &kd.row)
	}
	if live == 0 {
		return false
	}
	// Then the others, in order from the first on, around, for the
	// children left.
	ord := &v.order[k1]
	nv := v.nview
	for j := range nk {
		kd := &kids[j&3]
		if kd.dead {
			continue
		}
		for i := 1; i < nv; i++ {
			k := int(ord[i&(maxViews-1)]) & (maxViews - 1)
			var r int64
			var li uint8
			if v.fastRank {
				t := kd.t & (maxCells - 1)
				ref := &v.ref[k][t]
				li = ref.li & (maxLookups - 1)
				r = v.tableRank(n, ref, &v.over[k][t], moveIndex(ref.frame, kd.mv))
			} else {
				r, li = v.childRank(n, k, kd.t, kd.c, b)
			}
			kd.rank[k], kd.li[k] = r, li
			x := r
			if v.zero {
				x = v.childIndex(n, kd, k, li, b, r)
			}
			kd.idx[k] = x
			kd.word[i&(maxViews-1)] = v.termTable[li][x>>3]
		}
	}
	for j := range nk {
		kd := &kids[j&3]
		if kd.dead {
			continue
		}
		for i := 1; i < nv; i++ {
			k := int(ord[i&(maxViews-1)]) & (maxViews - 1)
			li := kd.li[k] & (maxLookups - 1)
			e := kd.word[i&(maxViews-1)] >> (4 * uint(kd.idx[k]&7)) & 15
			kd.ent[k] = uint8(e)
			if s := int(n.sum[k]) - int(n.val[li]) + int(e); s > kd.best {
				kd.best, kd.bv = s, uint8(k)
			}
		}
		if f := kd.md + 2*kd.best; f > bound {
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
		n.cell[c&(maxCells-1)] = uint8(v.blank)
		n.pos[v.blank&(maxCells-1)] = uint8(c)
		n.blank = c
		for k := range nv {
			k &= maxViews - 1
			li := kd.li[k] & (maxLookups - 1)
			sc.oldVal[k], sc.oldSum[k], sc.oldRank[k] = n.val[li], n.sum[k], n.rk[li]
			n.sum[k] += int32(kd.ent[k]) - int32(n.val[li])
			n.val[li] = kd.ent[k]
			n.rk[li] = kd.rank[k]
			if v.zero {
				sc.oldMsk[k] = n.msk[li]
				n.msk[li] = kd.msk[k]
			}
		}
		oldMd, oldBest, oldView := n.md, n.best, n.bestView
		n.md, n.best, n.bestView = kd.md, kd.best, kd.bv
		n.path[g&(maxDepth-1)] = int8(c)
		if kd.md == 0 {
			n.foundDepth = g + 1
			n.owner = 2 * n.seen // a solution above the split, before subtree n.seen
			return true
		}
		if v.dfs(n, sh, g+1, kd.row) {
			return true
		}
		// Undo it.
		n.blank = b
		n.pos[v.blank&(maxCells-1)] = uint8(b)
		n.cell[c&(maxCells-1)] = t
		n.cell[b&(maxCells-1)] = uint8(v.blank)
		n.pos[t&(maxCells-1)] = uint8(c)
		n.md, n.best, n.bestView = oldMd, oldBest, oldView
		for k := range nv {
			k &= maxViews - 1
			li := kd.li[k] & (maxLookups - 1)
			n.val[li], n.rk[li] = sc.oldVal[k], sc.oldRank[k]
			n.sum[k] = sc.oldSum[k]
			if v.zero {
				n.msk[li] = sc.oldMsk[k]
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
func (v *solver) childRank(n *node, k int, t uint8, c, b int) (int64, uint8) {
	ref := &v.ref[k&(maxViews-1)][t&(maxCells-1)]
	li := ref.li & (maxLookups - 1)
	d := b - c
	if ref.frame == 1 {
		d = int(v.tr[b&(maxCells-1)]) - int(v.tr[c&(maxCells-1)])
	}
	if d == 1 || d == -1 {
		// Along a row of the term's frame: only t's digit changes.
		return n.rk[li] + ref.w*int64(d), li
	}
	return v.moveRank(n, k, t, c, b), li
}

// tableRank is childRank by tables, with no branch, on boards whose rows
// are at most five cells long (fastRank): for the move m (see moveIndex)
// of a tile whose term is ref and whose row of over is ov. The expansions
// call it written out, as ref, ov and m from the tile and the kid's move
// code: a function taking those instead is over the inliner's budget. A
// move passes over the cells between its two in the frame's cell order:
// none along a row of the frame, the row's length less one across. fpass
// holds them, padded to four with padTile (whose tile adds nothing), and
// over what each tile there adds to the term's rank. It is small enough to
// be inlined.
func (v *solver) tableRank(n *node, ref *termRef, ov *[256]int64, m uint8) int64 {
	pc := v.fpass[m]
	p := ov[n.cell[uint8(pc)]] + ov[n.cell[uint8(pc>>8)]] + ov[n.cell[uint8(pc>>16)]] + ov[n.cell[uint8(pc>>24)]]
	return n.rk[ref.li&(maxLookups-1)] + ref.w*v.fdist[m] + v.fsign[m]*p
}

// expand2 is expand for a set of exactly two sums of blank-unaware tables
// on a board with childRank's table path (one partition and its
// reflection, such as 6-6-6-6 + mirror, the 5x5 default, or 7-8 + mirror on
// 4x4), with the loops over the sums written out and the undo kept in
// registers: the same search, node for node (TestExpand2 compares the
// two). It is the hot loop of the default 5x5 and 4x4 searches, so it is
// written for speed rather than brevity.
func (v *solver) expand2(n *node, sh *shared, g int, row [4]int32) bool {
	counted := g >= sh.split || n.worker == 0
	if counted {
		n.expanded++
	}
	n.count++
	if n.count >= checkEvery {
		if v.check(n, sh) {
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
		c := b + v.moveOffset[d]
		t := n.cell[c&(maxCells-1)]
		kd := &kids[nk&3]
		kd.c, kd.t, kd.st = c, t, cst
		kd.mv = bc | uint8(d)
		kd.md = n.md + int(v.mdDelta[mdIndex(t, kd.mv)])
		kd.dead = false
		nk++
	}
	if counted {
		n.generated += int64(nk)
	}
	live := nk
	bound := sh.bound - g - 1
	// First the sum that was the larger at n (see expand), for every child,
	// the table words fetched together.
	k1 := int(n.bestView) & 1
	k2 := k1 ^ 1
	sum1, sum2 := int(n.sum[k1]), int(n.sum[k2])
	for j := range nk {
		kd := &kids[j&3]
		t := kd.t & (maxCells - 1)
		ref := &v.ref[k1][t]
		li := ref.li & (maxLookups - 1)
		r := v.tableRank(n, ref, &v.over[k1][t], moveIndex(ref.frame, kd.mv))
		kd.rank[k1], kd.li[k1] = r, li
		kd.word[0] = v.termTable[li][r>>3]
	}
	for j := range nk {
		kd := &kids[j&3]
		li := kd.li[k1] & (maxLookups - 1)
		e := kd.word[0] >> (4 * uint(kd.rank[k1]&7)) & 15
		kd.ent[k1] = uint8(e)
		kd.best, kd.bv = sum1-int(n.val[li])+int(e), uint8(k1)
		if f := kd.md + 2*kd.best; f > bound {
			kd.dead = true
			live--
			if f+g+1 < n.nextBound {
				n.nextBound = f + g + 1
			}
			continue
		}
		kd.row = v.row(kd.st)
		prefetchRows(&v.pruneTable[0], &kd.row)
	}
	if live == 0 {
		return false
	}
	// Then the other sum, for the children left.
	for j := range nk {
		kd := &kids[j&3]
		if kd.dead {
			continue
		}
		t := kd.t & (maxCells - 1)
		ref := &v.ref[k2][t]
		li := ref.li & (maxLookups - 1)
		r := v.tableRank(n, ref, &v.over[k2][t], moveIndex(ref.frame, kd.mv))
		kd.rank[k2], kd.li[k2] = r, li
		kd.word[1] = v.termTable[li][r>>3]
	}
	for j := range nk {
		kd := &kids[j&3]
		if kd.dead {
			continue
		}
		li := kd.li[k2] & (maxLookups - 1)
		e := kd.word[1] >> (4 * uint(kd.rank[k2]&7)) & 15
		kd.ent[k2] = uint8(e)
		if s := sum2 - int(n.val[li]) + int(e); s > kd.best {
			kd.best, kd.bv = s, uint8(k2)
		}
		if f := kd.md + 2*kd.best; f > bound {
			kd.dead = true
			if f+g+1 < n.nextBound {
				n.nextBound = f + g + 1
			}
		}
	}
	for j := range nk {
		kd := &kids[j&3]
		if kd.dead {
			continue
		}
		c, t := kd.c, kd.t
		// Make the move.
		n.pos[t&(maxCells-1)] = uint8(b)
		n.cell[b&(maxCells-1)] = t
		n.cell[c&(maxCells-1)] = uint8(v.blank)
		n.pos[v.blank&(maxCells-1)] = uint8(c)
		n.blank = c
		l0, l1 := kd.li[0]&(maxLookups-1), kd.li[1]&(maxLookups-1)
		val0, val1 := n.val[l0], n.val[l1]
		rk0, rk1 := n.rk[l0], n.rk[l1]
		s0, s1 := n.sum[0], n.sum[1]
		n.sum[0] += int32(kd.ent[0]) - int32(val0)
		n.sum[1] += int32(kd.ent[1]) - int32(val1)
		n.val[l0], n.val[l1] = kd.ent[0], kd.ent[1]
		n.rk[l0], n.rk[l1] = kd.rank[0], kd.rank[1]
		oldMd, oldBest, oldView := n.md, n.best, n.bestView
		n.md, n.best, n.bestView = kd.md, kd.best, kd.bv
		n.path[g&(maxDepth-1)] = int8(c)
		if kd.md == 0 {
			n.foundDepth = g + 1
			n.owner = 2 * n.seen // a solution above the split, before subtree n.seen
			return true
		}
		if v.dfs(n, sh, g+1, kd.row) {
			return true
		}
		// Undo it.
		n.blank = b
		n.pos[v.blank&(maxCells-1)] = uint8(b)
		n.cell[c&(maxCells-1)] = t
		n.cell[b&(maxCells-1)] = uint8(v.blank)
		n.pos[t&(maxCells-1)] = uint8(c)
		n.md, n.best, n.bestView = oldMd, oldBest, oldView
		n.val[l1], n.rk[l1] = val1, rk1
		n.val[l0], n.rk[l0] = val0, rk0
		n.sum[0], n.sum[1] = s0, s1
		if n.stop {
			return false
		}
	}
	return false
}

// childIndex returns the index in the zero-aware table of term li (of
// sum k) once the child kd's move is made, whose placement's rank is r, and
// sets the term's cells after the move in kd: only when they have more than
// one region can the blank be outside the main one.
func (v *solver) childIndex(n *node, kd *kid, k int, li uint8, b int, r int64) int64 {
	m := v.termMap[li]
	s := n.msk[li]&^(1<<m[kd.c]) | 1<<m[b]
	kd.msk[k] = s
	if si, multi := v.termBlocks[li].multiRegion(s); multi {
		return v.zeroOverflow(n, int(li), kd.t, kd.c, b, si, s, r)
	}
	return r
}
