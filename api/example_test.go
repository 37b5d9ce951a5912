package api_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/searchlab/searchlab/api"
	"github.com/searchlab/searchlab/search"
	"github.com/searchlab/searchlab/sliding"
	"github.com/searchlab/searchlab/sliding/solve"
	"github.com/searchlab/searchlab/stroke"
	"github.com/searchlab/searchlab/sudoku"
)

func ExampleNewSlidingAnswer() {
	b, _ := sliding.ParseGoal("2 1 3 4 5 6 7 8 0", 3, 3)
	solver := solve.New(solve.Options{NoDatabases: true})
	defer solver.Close()
	sol, err := solver.Solve(context.Background(), b, sliding.Standard(3, 3), solve.Method{}, search.Limits{})
	data, _ := json.Marshal(api.NewSlidingAnswer(1, !errors.Is(err, sliding.ErrUnsolvable), sol))
	fmt.Println(string(data))
	// Output: {"line":1,"solvable":false,"length":-1,"moves":"","optimal":true,"bound":0,"method":"parity","stats":{"expanded":0,"generated":0,"peak_frontier":0,"peak_stored":0,"iterations":0,"elapsed_ns":0}}
}

func ExampleNewCompareAnswer() {
	b, _ := sliding.ParseGoal("4 1 2 5 0 3 7 8 6", 3, 3)
	solver := solve.New(solve.Options{NoDatabases: true})
	defer solver.Close()
	// A node cap for the whole table: 20 expansions for each of its 18 runs.
	c, err := solver.Compare(context.Background(), b, sliding.Standard(3, 3), solve.CompareOptions{Limits: search.Limits{MaxNodes: 18 * 20}, Timeout: 10 * time.Second})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, r := range api.NewCompareAnswer(c).Rows[:6] {
		fmt.Println(r.Algorithm, r.Heuristic, r.Status, r.Length)
	}
	// Output:
	// bfs - ok 6
	// bibfs - ok 6
	// dfs - node-cap -1
	// iddfs - node-cap -1
	// astar misplaced ok 6
	// astar manhattan ok 6
}

func ExampleNewSudokuAnswer() {
	g, _ := sudoku.ParseLine("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")
	opt := sudoku.Options{Limit: 2}
	res, _ := sudoku.Solve(context.Background(), g, opt)
	a := api.NewSudokuAnswer(1, opt, res, 0)
	fmt.Println(a.Solutions, a.Unique, a.Solution[:9])
	// Output: 1 true 534678912
}

func ExampleNewStrokeAnswer() {
	bs, _ := stroke.ParseAll(strings.NewReader("3\nGGR\nOGR\nRRR\n"))
	s := stroke.NewSolver()
	res, _ := s.SolveWithin(context.Background(), bs[0], stroke.Options{})
	per, _ := s.ColoursWithin(context.Background(), bs[0], stroke.Options{})
	a := api.NewStrokeAnswer(1, res, true, per)
	data, _ := json.Marshal(a)
	fmt.Println(string(data))
	// Output: {"board":1,"colour":"R","length":5,"optimal":true,"bound":5,"nodes":14,"path":[[3,1],[3,2],[3,3],[2,3],[1,3]],"colours":{"G":{"length":3,"optimal":true,"bound":3},"R":{"length":5,"optimal":true,"bound":5}}}
}

func ExampleNewSudokuPuzzle() {
	gen, _ := sudoku.NewGenerator(2, 7)
	p, sol, _ := gen.Generate(context.Background(), 0)
	a := api.NewSudokuPuzzle(p, sol, 7)
	fmt.Println(len(a.Puzzle), len(a.Solution), a.Clues == p.Givens(), sol.Solves(p))
	// Output: 16 16 true true
}
