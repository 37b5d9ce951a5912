package sliding

import (
	"context"
	"errors"
	"fmt"
	"iter"
	"math/big"

	"github.com/searchlab/searchlab/search"
)

// genericSolve runs one of package search's algorithms with boards as
// states: a string of the tiles in reading order.
func genericSolve(ctx context.Context, b, goal Board, o Options, h Heuristic) (Solution, error) {
	algo, maxDepth, lim := o.Algorithm, o.MaxDepth, o.Limits
	weight := o.Weight
	if weight == 0 {
		weight = DefaultWeight
	}
	w, hh := b.W, b.H
	next := stringMoves(w, hh)
	goalKey := string(goal.Tiles)
	isGoal := func(s string) bool { return s == goalKey }
	est := func(s string) int { return h.Estimate(Board{W: w, H: hh, Tiles: []byte(s)}) }
	if maxDepth <= 0 {
		maxDepth = DefaultMaxDepth(w, hh)
		if TableSize(w, hh) {
			maxDepth = tableFor(goal).maxDist // exact for this goal
		}
	}
	start := string(b.Tiles)
	var (
		res search.Result[string, int]
		err error
	)
	method := string(algo)
	switch algo {
	case BFS:
		res, err = search.BFS(ctx, start, next, isGoal, lim)
	case DFS:
		res, err = search.DFS(ctx, start, next, isGoal, maxDepth, lim)
	case IDDFS:
		res, err = search.IDDFS(ctx, start, next, isGoal, maxDepth, lim)
	case AStar:
		method += "+" + h.Name()
		res, err = search.AStar(ctx, start, next, est, isGoal, lim)
	case IDAStar:
		method += "+" + h.Name()
		res, err = search.IDAStar(ctx, start, next, est, isGoal, lim)
	case BiBFS:
		res, err = search.BidirectionalBFS(ctx, start, goalKey, next, nil, lim)
	case NBS:
		method += "+" + h.Name()
		// The backward search estimates the moves from the start board.
		rh, ok := h.(Reversible)
		if !ok {
			return Solution{}, fmt.Errorf("nbs: heuristic %s cannot estimate toward the start board (it is not a sliding.Reversible)", h.Name())
		}
		back := rh.Toward(b)
		estB := func(s string) int { return back.Estimate(Board{W: w, H: hh, Tiles: []byte(s)}) }
		res, err = search.NBS(ctx, start, goalKey, next, nil, est, estB, lim)
	case WAStar:
		method += fmt.Sprintf("+%s*%g", h.Name(), weight)
		res, err = search.WeightedAStar(ctx, start, next, est, weight, isGoal, lim)
	case Anytime:
		method += fmt.Sprintf("+%s*%g", h.Name(), weight)
		var at search.AnytimeResult[string, int]
		at, err = search.AnytimeAStar(ctx, start, next, est, weight, isGoal, lim)
		res = at.Result
		if at.Path != nil {
			// The best path within the cap is the answer; Bound says how
			// far from the fewest moves it may be.
			sol := Solution{Method: method, Stats: res.Stats, Moves: movesOf(w, res.Path), Optimal: at.Optimal, Bound: at.Bound}
			return sol, nil
		}
	default:
		return Solution{}, fmt.Errorf("unknown algorithm %q", algo)
	}
	sol := Solution{Method: method, Stats: res.Stats}
	if err != nil {
		if errors.Is(err, search.ErrNotFound) && (algo == DFS || algo == IDDFS) {
			err = fmt.Errorf("%w within the depth limit of %d moves", err, maxDepth)
		}
		return sol, err
	}
	sol.Moves = movesOf(w, res.Path)
	sol.Optimal = algo != DFS && algo != WAStar
	if sol.Optimal {
		sol.Bound = len(sol.Moves)
	}
	return sol, nil
}

// movesOf turns a path of states into the moves of the blank.
func movesOf(w int, path []string) []Move {
	moves := make([]Move, 0, max(len(path)-1, 0))
	blank := func(s string) int {
		for i := range len(s) {
			if s[i] == 0 {
				return i
			}
		}
		return -1
	}
	for i := 1; i < len(path); i++ {
		a, b := blank(path[i-1]), blank(path[i])
		switch b - a {
		case -w:
			moves = append(moves, Up)
		case w:
			moves = append(moves, Down)
		case -1:
			moves = append(moves, Left)
		case 1:
			moves = append(moves, Right)
		}
	}
	return moves
}

// stringMoves returns the successor function of w x h boards held as
// strings of their tiles: every move of the blank, each costing 1.
func stringMoves(w, h int) search.Successors[string, int] {
	steps := stepsFor(w, h)
	return func(s string) iter.Seq2[string, int] {
		return func(yield func(string, int) bool) {
			bl := 0
			for s[bl] != 0 {
				bl++
			}
			for _, st := range steps[bl] {
				t := []byte(s)
				t[bl], t[st.to] = t[st.to], 0
				if !yield(string(t), 1) {
					return
				}
			}
		}
	}
}

// CountOptimal returns the fewest moves from b to goal and the number of
// distinct solutions of that length (as sequences of boards), found by
// search.AllOptimal with linear conflicts. It costs about what A* costs on
// the board, so it is meant for boards of up to 12 cells.
func CountOptimal(ctx context.Context, b, goal Board, lim search.Limits) (length int, count *big.Int, stats search.Stats, err error) {
	ctx, err = prepare(ctx, b, goal)
	if err != nil {
		return 0, nil, stats, err
	}
	w, hh := b.W, b.H
	next := stringMoves(w, hh)
	h := LinearConflict(goal)
	est := func(s string) int { return h.Estimate(Board{W: w, H: hh, Tiles: []byte(s)}) }
	goalKey := string(goal.Tiles)
	res, err := search.AllOptimal(ctx, string(b.Tiles), next, est, func(s string) bool { return s == goalKey }, lim)
	if err != nil {
		return 0, nil, res.Stats, err
	}
	return res.Cost, res.Count(), res.Stats, nil
}
