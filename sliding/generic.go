package sliding

import (
	"context"
	"errors"
	"fmt"
	"iter"

	"github.com/searchlab/searchlab/search"
)

// genericSolve runs one of package search's algorithms with boards as
// states: a string of the tiles in reading order.
func genericSolve(ctx context.Context, b, goal Board, algo Algorithm, h Heuristic, maxDepth int, lim search.Limits) (Solution, error) {
	w, hh := b.W, b.H
	steps := stepsFor(w, hh)
	next := func(s string) iter.Seq2[string, int] {
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
		res search.Result[string]
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
	sol.Optimal = algo != DFS
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
