package solve_test

import (
	"context"
	"fmt"
	"os"

	"github.com/searchlab/searchlab/search"
	"github.com/searchlab/searchlab/sliding"
	"github.com/searchlab/searchlab/sliding/solve"
)

// A Solver solves any board by the fastest exact method: the distance table
// for 3x3, pattern databases for 4x3 (and 4x4, 5x5 ...), IDA* with linear
// conflicts for boards too big for any database. In a program, the three
// lines are:
//
//	solver := solve.New(solve.Options{}) // files in the user's cache
//	defer solver.Close()
//	sol, err := solver.Solve(ctx, board, goal, solve.Method{}, search.Limits{})
//	// sol.Moves, sol.Optimal, sol.Method
//
// Keep the Solver: it opens each set of databases once. Here the databases
// go to a temporary directory.
func ExampleSolver_Solve() {
	dir, _ := os.MkdirTemp("", "pdb-example")
	defer os.RemoveAll(dir)
	solver := solve.New(solve.Options{Dir: dir})
	defer solver.Close()
	for _, in := range []struct {
		w, h  int
		tiles string
	}{
		{3, 3, "8 6 7 2 5 4 3 0 1"},
		{4, 3, "0 11 10 9 8 7 6 5 4 3 1 2"},
		{6, 6, "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30 31 32 33 34 0 35"},
	} {
		board, _ := sliding.ParseGoal(in.tiles, in.w, in.h)
		goal := sliding.Standard(board.W, board.H)
		sol, err := solver.Solve(context.Background(), board, goal, solve.Method{}, search.Limits{})
		if err != nil {
			fmt.Println(err)
			continue
		}
		fmt.Printf("%dx%d: %d moves, optimal %v, by %s\n", board.W, board.H, sol.Len(), sol.Optimal, sol.Method)
	}
	// Output:
	// 3x3: 31 moves, optimal true, by table
	// 4x3: 49 moves, optimal true, by pdb 6-5
	// 6x6: 1 moves, optimal true, by idastar+linear
}

// A Method names an algorithm of package search with a heuristic, for
// comparison; the zero Method is the fastest exact method.
func ExampleSolver_Solve_method() {
	solver := solve.New(solve.Options{NoDatabases: true}) // no files
	defer solver.Close()
	board, _ := sliding.ParseGoal("8 6 7 2 5 4 3 0 1", 3, 3)
	goal := sliding.Standard(3, 3)
	for _, m := range []solve.Method{{}, {Algorithm: sliding.AStar, Heuristic: "manhattan"}, {Algorithm: sliding.BFS}} {
		sol, err := solver.Solve(context.Background(), board, goal, m, search.Limits{})
		fmt.Println(sol.Len(), sol.Method, err)
	}
	// Output:
	// 31 table <nil>
	// 31 astar+manhattan <nil>
	// 31 bfs <nil>
}

// SolveBatch solves many boards on every core and hands the answers back
// in input order.
func ExampleSolver_SolveBatch() {
	solver := solve.New(solve.Options{NoDatabases: true})
	defer solver.Close()
	goal := sliding.Standard(3, 3)
	var bt solve.Batch
	for _, tiles := range []string{"1 2 3 4 5 6 7 0 8", "2 1 3 4 5 6 7 8 0", "8 6 7 2 5 4 3 0 1"} {
		b, _ := sliding.ParseGoal(tiles, 3, 3)
		bt.Boards, bt.Goals = append(bt.Boards, b), append(bt.Goals, goal)
	}
	solver.SolveBatch(context.Background(), bt, func(i int, a solve.Answer) error {
		fmt.Println(i, a.Solvable, a.Solution.Len(), a.Err)
		return a.Err
	})
	// Output:
	// 0 true 1 <nil>
	// 1 false 0 <nil>
	// 2 true 31 <nil>
}

// Check names the field of a fault, as a command's flag or a request's
// field names it.
func ExampleRequest_Check() {
	fmt.Println(solve.Request{Format: "boj11112", Size: "4x4"}.Check())
	fmt.Println(solve.Request{Algo: "bfs", Heuristic: "pdb"}.Check())
	fmt.Println(solve.Request{Format: "line", Size: "4x4", Algo: "idastar", Heuristic: "manhattan"}.Check())
	// Output:
	// size: boj11112 boards are always 3x3
	// heuristic pdb works with algorithm auto or idastar, not bfs
	// <nil>
}
