package idastar

import (
	"context"
	"fmt"
	"math"

	"github.com/searchlab/searchlab/search"
	"github.com/searchlab/searchlab/sliding"
)

// Frontier walks every path of depth moves from the board whose cell c
// holds tile cells[c] that the move pruning allows, in the search's move
// order (the order IDA* meets the nodes), and returns the blank's cells
// along the first path to each distinct node at depth that no shorter
// path reaches. paths counts the paths walked, expanded the nodes above
// depth. It returns an error matching search.ErrLimit when ctx ends or
// more than lim.MaxNodes paths are walked.
func (e *Engine) Frontier(ctx context.Context, cells []uint8, depth int, lim search.Limits) (leaves [][]int8, paths, expanded int64, err error) {
	var root node
	e.init(&root, cells)
	type leaf struct {
		key  string
		path []int8
	}
	var (
		shallow = map[string]bool{}
		seen    = map[string]bool{}
		found   []leaf
		cur     = root.cell
		path    [maxDepth]int8
		count   int64
	)
	n := e.n
	var walk func(g, blank int, st int32) bool
	walk = func(g, blank int, st int32) bool {
		key := string(cur[:n])
		if g == depth {
			paths++
			if count++; count%checkEvery == 0 {
				if ce := ctx.Err(); ce != nil {
					err = fmt.Errorf("%w: %w", search.ErrLimit, ce)
					return false
				}
			}
			if lim.MaxNodes > 0 && paths > lim.MaxNodes {
				err = fmt.Errorf("%w: more than %d paths at depth %d", search.ErrLimit, lim.MaxNodes, depth)
				return false
			}
			if !seen[key] {
				seen[key] = true
				found = append(found, leaf{key, append([]int8(nil), path[:g]...)})
			}
			return true
		}
		shallow[key] = true
		expanded++
		for k := range 4 {
			c := int(e.neighbours[blank][k])
			if c < 0 {
				break
			}
			cst := e.pruneTable[4*int(st)+int(e.neighbourDir[blank][k])]
			if cst < 0 {
				continue
			}
			cur[blank], cur[c] = cur[c], cur[blank]
			path[g] = int8(c)
			ok := walk(g+1, c, cst)
			cur[blank], cur[c] = cur[c], cur[blank]
			if !ok {
				return false
			}
		}
		return true
	}
	walk(0, root.blank, e.start[root.blank])
	if err != nil {
		return nil, paths, expanded, err
	}
	for _, l := range found {
		if !shallow[l.key] { // else reached in fewer moves
			leaves = append(leaves, l.path)
		}
	}
	return leaves, paths, expanded, nil
}

// Start returns the move-pruning machine's state with the blank on cell c
// and no move made.
func (e *Engine) Start(c int) int32 { return e.start[c] }

// Follow returns the move-pruning machine's state after the blank moves
// from cell b to the next cell c in state st, or a negative state if the
// machine prunes the move.
func (e *Engine) Follow(st int32, b, c int) int32 { return e.follow(st, b, c) }

// Below is what searching below one node to a bound found.
type Below struct {
	// Found reports a path to the goal within the bound; Path holds the
	// blank's cells after each move of it below the node.
	Found bool
	Path  []int8
	// Next is the least f over the bound met, 0 if none.
	Next int
	// Expanded and Generated count the nodes.
	Expanded, Generated int64
}

// SearchBelow searches below the board whose cell c holds tile cells[c],
// reached from the root by depth moves and in the move-pruning machine's
// state st, to bound, as IDA* does below that node in the iteration with
// that bound, on the calling goroutine. It returns an error matching
// search.ErrLimit when ctx ends or more than lim.MaxNodes nodes are
// expanded.
func (e *Engine) SearchBelow(ctx context.Context, cells []uint8, depth int, st int32, bound int, lim search.Limits) (Below, error) {
	var n node
	e.init(&n, cells)
	if n.manhattan == 0 {
		return Below{Found: true}, nil
	}
	sh := &shared{bound: bound, split: math.MaxInt, maxNodes: lim.MaxNodes, ctx: ctx}
	sh.found.Store(math.MaxInt64)
	n.nextBound = math.MaxInt
	n.scratch = scratchPool.Get().(*[maxDepth]scratch)
	found := e.dfs(&n, sh, depth, e.row(st))
	scratchPool.Put(n.scratch)
	res := Below{Expanded: n.expanded, Generated: n.generated}
	if sh.err != nil {
		return res, sh.err
	}
	if found {
		res.Found = true
		res.Path = append([]int8(nil), n.path[depth:n.foundDepth]...)
		return res, nil
	}
	if n.nextBound != math.MaxInt {
		res.Next = n.nextBound
	}
	return res, nil
}

// MaxDepth is the most moves a solution, a unit's prefix or a bound may
// have, plus one.
const MaxDepth = maxDepth

// MovesOf turns the blank's cells along a path (in the engine's cells)
// into moves on a board w cells wide whose blank starts on cell blank; inv
// maps the engine's cells to the board's (nil: the same).
func MovesOf(w, blank int, path []int8, inv []int) []sliding.Move {
	moves := make([]sliding.Move, 0, len(path))
	prev := blank
	for _, tc := range path {
		c := int(tc)
		if inv != nil {
			c = inv[tc]
		}
		switch c - prev {
		case -w:
			moves = append(moves, sliding.Up)
		case w:
			moves = append(moves, sliding.Down)
		case -1:
			moves = append(moves, sliding.Left)
		default:
			moves = append(moves, sliding.Right)
		}
		prev = c
	}
	return moves
}

// Limits of the engine's fixed arrays, for those who build its Config.
const (
	MaxSums  = maxViews   // sums in Config.Sums
	MaxTerms = maxLookups // terms of all the sums together
)
