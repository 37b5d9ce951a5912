package sliding

import (
	"context"
	"fmt"

	"github.com/searchlab/searchlab/search"
)

// SolveTraced solves b like SolveWith with one of the generic algorithms
// (every Algorithm but Auto: the table is not traced)
// and reports every step of the search to obs, with Event.State and
// Event.Parent as Boards of b's size. The Solution and its Stats are those
// SolveWith gives without a trace. obs replaces any o.Limits.Observe.
func SolveTraced(ctx context.Context, b, goal Board, o Options, obs search.Observer) (Solution, error) {
	switch o.Algorithm {
	case BFS, DFS, IDDFS, AStar, IDAStar, BiBFS, NBS, WAStar, Anytime:
	case "", Auto:
		return Solution{}, fmt.Errorf("algorithm auto cannot be traced; pick bfs, bibfs, dfs, iddfs, astar, nbs, wastar, anytime or idastar")
	default:
		return Solution{}, fmt.Errorf("unknown algorithm %q", o.Algorithm)
	}
	w, h := b.W, b.H
	board := func(s any) any {
		if s == nil {
			return nil
		}
		return Board{W: w, H: h, Tiles: []byte(s.(string))}
	}
	o.Limits.Observe = func(e search.Event) {
		e.State, e.Parent = board(e.State), board(e.Parent)
		obs(e)
	}
	return SolveWith(ctx, b, goal, o)
}
