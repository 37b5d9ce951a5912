package pdb

import (
	"context"

	"github.com/searchlab/searchlab/search"
	"github.com/searchlab/searchlab/sliding"
	"github.com/searchlab/searchlab/sliding/internal/idastar"
)

// The search itself is package sliding/internal/idastar's: a Set hands it
// its tables as sums of terms (engine), and maps boards to the engine's
// cells and its paths back to moves (solveBoard).

// RunOptions adjust one solve by Set.Solve: the threads it uses, a
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

// engine returns the set's search engine, made on first use.
func (s *Set) engine() *idastar.Engine {
	s.once.Do(func() { s.eng = idastar.New(s.config()) })
	return s.eng
}

// config describes the set's heuristic to the engine: one term a look-up
// of each view.
func (s *Set) config() idastar.Config {
	cfg := idastar.Config{W: s.w, H: s.h, Blank: s.blank, Pruning: s.machine, Guard: guarded}
	if cfg.Pruning == nil {
		cfg.Pruning, _ = machineFor(context.Background(), s.w, s.h, 2) // cannot fail: it takes microseconds
	}
	for _, view := range s.views() {
		sum := make([]idastar.Term, len(view))
		for i, l := range view {
			grp := s.groups[l.table]
			sum[i] = idastar.Term{Tiles: grp, Mirror: l.mirror, Table: s.tables[l.table]}
			if s.zero {
				sum[i].Zero = zeroIndex{blockLayout(s.g, len(grp)), overflowBase(s.g.n, len(grp))}
			}
		}
		cfg.Sums = append(cfg.Sums, sum)
	}
	return cfg
}

// zeroIndex is the layout of a zero-aware table for the engine.
type zeroIndex struct {
	bl   *blocks
	base int64 // the first entry of the overflow part
}

// MultiRegion returns the colex rank of the cells s and whether their free
// cells split into more than one region.
func (z zeroIndex) MultiRegion(s uint32) (int, bool) { return z.bl.multiRegion(s) }

// Overflow returns the index of the tiles on cells pos with the blank on
// cell c, or -1 in the main region (see blocks.overflowIndex).
func (z zeroIndex) Overflow(si int, s uint32, pos []uint8, c int) int64 {
	return z.bl.overflowIndex(z.base, si, s, pos, c)
}

// overflowBase returns the first entry of the overflow part of a
// zero-aware table of k tiles on n cells: after the placements, rounded
// up to a word (see blocks.ovBase).
func overflowBase(n, k int) int64 {
	places := int64(1)
	for j := range k {
		places *= int64(n - j)
	}
	return (places + 7) &^ 7
}

// Solve returns a shortest sequence of blank moves from b to goal, found by
// IDA* on every processor with the set's heuristic (package sliding/solve's
// Solver calls it: programs call the Solver). The goal's blank must be on
// the set's cell or on one that a symmetry of the board takes there: the
// boards are then solved in that reflection and the moves mapped back. It
// returns sliding.ErrUnsolvable for a board that cannot reach the goal,
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
func (s *Set) Solve(ctx context.Context, b, goal sliding.Board, lim search.Limits, opt RunOptions) (sliding.Solution, error) {
	if opt.Checkpoint == "" && opt.Progress == nil && opt.Iteration == nil && opt.Threads == 0 {
		return solveBoard(ctx, s, b, goal, lim, nil)
	}
	if err := s.check(b, goal); err != nil {
		return sliding.Solution{}, err
	}
	if !sliding.Solvable(b, goal) {
		return sliding.Solution{}, sliding.ErrUnsolvable
	}
	var id idastar.Identity
	if opt.Checkpoint != "" {
		m := s.symmetry(goal.Blank())
		id = idastar.Identity{Board: b, Goal: goal, Method: s.Method(), Groups: s.Groups(), Tables: s.fingerprint(),
			Lower: s.engine().H(idastar.Cells(transform(b, m), transform(goal, m)))}
	}
	return s.engine().Long(opt, id, func(rs *idastar.Run) (sliding.Solution, error) {
		return solveBoard(ctx, s, b, goal, lim, rs)
	})
}

// solveBoard solves b for goal with s, as a sliding.Solution; rs is the
// run of a long solve, or nil.
func solveBoard(ctx context.Context, s *Set, b, goal sliding.Board, lim search.Limits, rs *idastar.Run) (sliding.Solution, error) {
	if err := s.check(b, goal); err != nil {
		return sliding.Solution{}, err
	}
	if !sliding.Solvable(b, goal) {
		return sliding.Solution{}, sliding.ErrUnsolvable
	}
	m := s.symmetry(goal.Blank())
	cells := idastar.Cells(transform(b, m), transform(goal, m))
	e := s.engine()
	var (
		path []int8
		st   search.Stats
	)
	err := s.sound(ctx, func(ctx context.Context) (err error) {
		path, st, err = e.Solve(ctx, cells, lim, rs)
		return err
	})
	sol := sliding.Solution{Method: s.Method(), Stats: st}
	if err != nil {
		return sol, err
	}
	if len(path) > 0 {
		sol.Moves = idastar.MovesOf(b.W, b.Blank(), path, inverse(m))
	}
	sol.Optimal = true
	return sol, nil
}
