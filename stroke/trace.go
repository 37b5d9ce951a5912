package stroke

import (
	"context"

	"github.com/searchlab/searchlab/search"
)

// StepKind names what the one-stroke search did in one Step of Trace.
type StepKind string

// The steps Trace reports.
const (
	// StepExtend: the search enters Chain, one tile longer than its
	// parent, or a new start tile; a Chain no longer than the last step's
	// means the search backed up first.
	StepExtend StepKind = "extend"
	// StepCut: Chain was not entered, because its Bound (the longest any
	// extension of it could be) does not beat the Best chain found.
	StepCut StepKind = "cut"
	// StepBest: Chain is the longest chain found so far; Best is its
	// length.
	StepBest StepKind = "best"
)

// Step is one step of a traced one-stroke search.
type Step struct {
	Kind StepKind
	// Colour is the colour of Chain.
	Colour byte
	// Chain holds the chain's tiles from its start.
	Chain []Cell
	// Bound is a proven upper bound on the length of any chain that
	// extends Chain; Best is the length of the longest chain found so far.
	Bound, Best int
	// Nodes counts the search nodes visited so far.
	Nodes int64
}

// TraceResult is the outcome of Trace: the answer and its steps.
type TraceResult struct {
	Result
	// Steps are the first steps of the search, at most the cap asked.
	Steps []Step
	// Truncated reports that the search took more steps than kept, and
	// Dropped how many more.
	Truncated bool
	Dropped   int64
}

// Trace solves b with the generic branch and bound (SolveGeneric, which
// gives Solve's answers) and records its steps: each chain entered, each
// chain cut by its bound, each new best. It keeps at most maxSteps steps (0
// means 10,000); the search goes on to its answer without recording the
// rest, within opt and ctx.
func (s *Solver) Trace(ctx context.Context, b *Board, opt Options, maxSteps int) (TraceResult, error) {
	if maxSteps <= 0 {
		maxSteps = 10_000
	}
	var out TraceResult
	res, err := s.TraceSteps(ctx, b, opt, func(st Step) bool {
		if len(out.Steps) < maxSteps {
			out.Steps = append(out.Steps, st)
			return len(out.Steps) < maxSteps
		}
		out.Truncated = true
		out.Dropped++
		return false
	})
	out.Result = res
	return out, err
}

// TraceSteps solves b as Trace does and hands each step to step as it is
// taken, so that the caller decides what to keep: a trace written as the
// search runs holds none of its steps. Once step returns false, the later
// steps are still passed, to be counted, but without their Chain, which is
// not built.
func (s *Solver) TraceSteps(ctx context.Context, b *Board, opt Options, step func(Step) bool) (Result, error) {
	full := true
	obs := func(e search.Event) {
		var kind StepKind
		switch e.Kind {
		case search.Expand:
			kind = StepExtend
		case search.Prune:
			kind = StepCut
		case search.Improve:
			kind = StepBest
		default:
			return
		}
		g := e.State.(gstate)
		st := Step{Kind: kind, Colour: g.comp.colour, Bound: g.bound, Best: e.Best, Nodes: e.Expanded}
		if full {
			st.Chain = make([]Cell, 0, len(g.path))
			for _, v := range g.path {
				i := g.comp.cells[v]
				st.Chain = append(st.Chain, Cell{i / b.Cols, i % b.Cols})
			}
		}
		full = step(st) && full
	}
	return s.solveGeneric(ctx, b, opt, obs)
}
