package pdbsearch_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/searchlab/searchlab/search"
	"github.com/searchlab/searchlab/sliding"
	"github.com/searchlab/searchlab/sliding/pdb"
	"github.com/searchlab/searchlab/sliding/solve/internal/pdbsearch"
)

// Solve keeps the state of a long solve in a checkpoint file: solving
// again with the same file resumes a stopped search, or, as here, answers
// from the file once it is solved.
func ExampleSearcher_Solve_checkpoint() {
	dir, _ := os.MkdirTemp("", "pdb-example")
	defer os.RemoveAll(dir)
	goal := sliding.Standard(3, 3)
	set, _ := pdb.Build(context.Background(), 3, 3, goal.Blank(), "4-4", nil)
	s := pdbsearch.New(set)
	b, _ := sliding.New(3, 3, []int{8, 6, 7, 2, 5, 4, 3, 0, 1})
	opt := pdbsearch.RunOptions{Threads: 1, Checkpoint: filepath.Join(dir, "board.ck")}
	// Stopped by a node cap: the checkpoint says where.
	_, err := s.Solve(context.Background(), b, goal, search.Limits{MaxNodes: 10}, opt)
	fmt.Println(errors.Is(err, search.ErrLimit))
	info, _ := pdbsearch.ReadCheckpoint(opt.Checkpoint)
	fmt.Println("stopped at bound", info.Bound, "solved", info.Solved)
	// Resumed to the end.
	sol, err := s.Solve(context.Background(), b, goal, search.Limits{}, opt)
	fmt.Println(len(sol.Moves), sol.Optimal, err)
	info, _ = pdbsearch.ReadCheckpoint(opt.Checkpoint)
	fmt.Println("solved", info.Solved, len(info.Moves))
	// Output:
	// true
	// stopped at bound 31 solved false
	// 31 true <nil>
	// solved true 31
}
