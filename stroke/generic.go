package stroke

import (
	"context"
	"iter"
	"slices"

	"github.com/searchlab/searchlab/search"
)

// gstate is a chain in the generic search: its tiles and the cells still
// unused in its component.
type gstate struct {
	comp  *component
	path  []int // compact indices, start first
	rest  set
	bound int // proven upper bound on the length of any extension
}

// SolveGeneric solves b with the generic search.BranchAndBound, using the
// same flood-fill and block-cut-tree bounds and move order as Solve but no
// memoisation, and a new state (with a copy of its chain) for every node. It
// gives the same answers as Solve, with the same tie rule, and is kept to
// measure the specialised solver against.
func (s *Solver) SolveGeneric(ctx context.Context, b *Board, opt Options) (Result, error) {
	return s.solveGeneric(ctx, b, opt, nil)
}

// solveGeneric is SolveGeneric with an observer of the search's events
// (states are gstate values), for Trace.
func (s *Solver) solveGeneric(ctx context.Context, b *Board, opt Options, obs search.Observer) (Result, error) {
	s.init()
	starts, err := s.setup(b)
	if err != nil {
		return Result{}, err
	}
	if len(starts) == 0 {
		return Result{Optimal: true}, nil
	}
	mk := func(comp *component, path []int, rest set) gstate {
		h := path[len(path)-1]
		b, _ := s.bctBound(comp, h, rest)
		return gstate{comp, path, rest, len(path) + b}
	}
	first := func(yield func(gstate) bool) {
		for _, st := range starts {
			rest := st.comp.all
			rest.remove(st.at)
			if !yield(mk(st.comp, []int{st.at}, rest)) {
				return
			}
		}
	}
	p := search.Maximize[gstate]{
		Children: func(g gstate) iter.Seq[gstate] {
			return func(yield func(gstate) bool) {
				h := g.path[len(g.path)-1]
				rg := flood(g.comp, h, g.rest)
				moves := make([]int, 0, 8)
				for m := g.comp.nbr[h].and(rg); ; {
					v := m.pop()
					if v < 0 {
						break
					}
					moves = append(moves, v)
				}
				slices.SortStableFunc(moves, func(a, b int) int {
					return g.comp.nbr[a].and(rg).count() - g.comp.nbr[b].and(rg).count()
				})
				for _, v := range moves {
					rest := rg
					rest.remove(v)
					if !yield(mk(g.comp, append(slices.Clip(g.path), v), rest)) {
						return
					}
				}
			}
		},
		Value: func(g gstate) int { return len(g.path) },
		Bound: func(g gstate) int { return g.bound },
	}
	br, err := search.BranchAndBound(ctx, iter.Seq[gstate](first), p, search.Limits{MaxNodes: opt.Limits.MaxNodes, Observe: obs})
	res := Result{Length: br.Value, Optimal: br.Optimal, Bound: br.Bound, Nodes: br.Stats.Expanded}
	if br.Value > 0 {
		res.Colour = br.Best.comp.colour
		for _, v := range br.Best.path {
			i := br.Best.comp.cells[v]
			res.Path = append(res.Path, Cell{i / b.Cols, i % b.Cols})
		}
	}
	return res, err
}
