// Package pdbsearch searches sliding boards with a set of pattern
// databases: it hands a pdb.Set's tables to the tuned IDA* of package
// sliding/internal/idastar, maps boards to the engine's cells and its paths
// back to moves, runs long solves (threads, checkpoints, progress), and
// splits a board's search into work units, searches them and merges their
// rounds. It sits between package sliding/pdb, which builds, stores and
// looks up the databases, and the engine; package sliding/solve, the one
// door to solving a board, is its only user.
package pdbsearch

import (
	"context"
	"sync"

	"github.com/searchlab/searchlab/search"
	"github.com/searchlab/searchlab/sliding"
	"github.com/searchlab/searchlab/sliding/internal/idastar"
	"github.com/searchlab/searchlab/sliding/pdb"
)

// RunOptions adjust one solve by Searcher.Solve: the threads it uses, a
// checkpoint file that it keeps and resumes from, and reports on its
// progress. The zero value is every processor, no checkpoint, no reports.
type RunOptions = idastar.RunOptions

// Progress is a snapshot of a running solve.
type Progress = idastar.Progress

// IterationReport describes one finished IDA* iteration.
type IterationReport = idastar.IterationReport

// WorkerReport is one worker's share of an iteration.
type WorkerReport = idastar.WorkerReport

// CheckpointInfo describes a checkpoint file.
type CheckpointInfo = idastar.CheckpointInfo

// ErrCheckpoint reports a checkpoint file that cannot be used: damaged, of
// another version, or made for another board, goal or set of databases.
var ErrCheckpoint = idastar.ErrCheckpoint

// ReadCheckpoint describes the checkpoint file at path. It fails with an
// error matching ErrCheckpoint if the file is damaged.
func ReadCheckpoint(path string) (CheckpointInfo, error) { return idastar.ReadCheckpoint(path) }

// Searcher searches boards with one set of pattern databases. Its engine
// is made on first use and kept; a Searcher is safe for concurrent use.
type Searcher struct {
	set     *pdb.Set
	general bool // turn off the search compiled for two sums (tests)
	once    sync.Once
	eng     *idastar.Engine
}

// New returns a Searcher for set.
func New(set *pdb.Set) *Searcher { return &Searcher{set: set} }

// Set returns the set the Searcher searches with.
func (s *Searcher) Set() *pdb.Set { return s.set }

// engine returns the Searcher's engine, made on first use.
func (s *Searcher) engine() *idastar.Engine {
	s.once.Do(func() { s.eng = idastar.New(config(s.set, s.general)) })
	return s.eng
}

// config describes set's heuristic to the engine: each of its sums of
// table look-ups, guarded against faults on the tables' mapped memory.
func config(set *pdb.Set, general bool) idastar.Config {
	cfg := idastar.Config{W: set.W(), H: set.H(), Blank: set.BlankGoal(), Pruning: set.Pruning(), Guard: pdb.Guard, General: general}
	for _, sum := range set.Sums() {
		terms := make([]idastar.Term, len(sum))
		for i, t := range sum {
			terms[i] = idastar.Term{Tiles: t.Tiles, Mirror: t.Mirror, Table: t.Table}
			if t.Zero != nil {
				terms[i].Zero = t.Zero
			}
		}
		cfg.Sums = append(cfg.Sums, terms)
	}
	return cfg
}

// Solve returns a shortest sequence of blank moves from b to goal, found by
// IDA* on every processor with the set's heuristic. The goal's blank must
// be on the set's cell or on one that a symmetry of the board takes there:
// the boards are then solved in that reflection and the moves mapped back.
// It returns sliding.ErrUnsolvable for a board that cannot reach the goal,
// an error matching pdb.ErrDamaged when the set's files are found changed,
// and an error matching search.ErrLimit when ctx ends or lim.MaxNodes
// nodes have been expanded. Stats.Expanded and Stats.Generated count the
// nodes of all iterations.
//
// opt sets the number of threads, a checkpoint file to keep and resume
// from, and progress reports; its zero value is every processor, no
// checkpoint, no reports. A solve resumed from a checkpoint skips the
// iterations and subtrees that were finished, finds the same optimal
// solution, and reports in its Stats the nodes and wall time of all its
// runs.
//
// When the search stops (ctx ends, or lim.MaxNodes nodes are expanded in
// this run), the checkpoint is written before Solve returns, and the
// error says so.
func (s *Searcher) Solve(ctx context.Context, b, goal sliding.Board, lim search.Limits, opt RunOptions) (sliding.Solution, error) {
	if opt.Checkpoint == "" && opt.Progress == nil && opt.Iteration == nil && opt.Threads == 0 {
		return s.solve(ctx, b, goal, lim, nil)
	}
	set := s.set
	if err := set.Check(b, goal); err != nil {
		return sliding.Solution{}, err
	}
	if !sliding.Solvable(b, goal) {
		return sliding.Solution{}, sliding.ErrUnsolvable
	}
	var id idastar.Identity
	if opt.Checkpoint != "" {
		id = idastar.Identity{Board: b, Goal: goal, Method: set.Method(), Groups: set.Groups(), Tables: set.Fingerprint(),
			Lower: s.engine().H(set.Cells(b, goal))}
	}
	return s.engine().Long(opt, id, func(rs *idastar.Run) (sliding.Solution, error) {
		return s.solve(ctx, b, goal, lim, rs)
	})
}

// solve solves b for goal, as a sliding.Solution; rs is the run of a long
// solve, or nil.
func (s *Searcher) solve(ctx context.Context, b, goal sliding.Board, lim search.Limits, rs *idastar.Run) (sliding.Solution, error) {
	set := s.set
	if err := set.Check(b, goal); err != nil {
		return sliding.Solution{}, err
	}
	if !sliding.Solvable(b, goal) {
		return sliding.Solution{}, sliding.ErrUnsolvable
	}
	cells := set.Cells(b, goal)
	e := s.engine()
	var (
		path []int8
		st   search.Stats
	)
	err := set.Sound(ctx, func(ctx context.Context) (err error) {
		path, st, err = e.Solve(ctx, cells, lim, rs)
		return err
	})
	sol := sliding.Solution{Method: set.Method(), Stats: st}
	if err != nil {
		return sol, err
	}
	if len(path) > 0 {
		sol.Moves = idastar.MovesOf(b.W, b.Blank(), path, inverse(set.Symmetry(goal.Blank())))
	}
	sol.Optimal = true
	return sol, nil
}

// inverse returns the inverse of the map of cells m.
func inverse(m []int) []int {
	inv := make([]int, len(m))
	for c, d := range m {
		inv[d] = c
	}
	return inv
}
