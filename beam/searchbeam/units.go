package searchbeam

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"

	"github.com/searchlab/searchlab/search"
	"github.com/searchlab/searchlab/sliding"
	"github.com/searchlab/searchlab/sliding/solve"
	"github.com/searchlab/searchlab/sliding/units"
)

func init() {
	register.DoFn4x0[context.Context, string, string, func(string, string)](&initStateFn{})
	register.DoFn4x1[context.Context, string, string, func(string, string), error](&splitFn{})
	register.DoFn4x1[context.Context, string, string, func(string, string), error](&searchUnitFn{})
	register.DoFn5x1[context.Context, string, func(*string) bool, func(*string) bool, func(string, string), error](&mergeFn{})
	register.Function3x0(byFile)
}

// BoardState is a hard board's IDA* over work units between stages, and
// the pipeline's answer for it: one line of SolveHardBoards' output.
type BoardState struct {
	// File and Line are where the board was read.
	File string `json:"file"`
	Line int    `json:"line"`
	// Size, Board and Goal are as in units.WorkUnit; Partition names the
	// pattern databases; Depth is the split depth asked for.
	Size      string `json:"size"`
	Board     string `json:"board"`
	Goal      string `json:"goal"`
	Partition string `json:"partition"`
	Depth     int    `json:"depth"`
	// Bound is the bound the next stage searches; 0 before the first,
	// which searches the board's heuristic.
	Bound int `json:"bound"`
	// Solved reports that a stage found the first bound with a solution:
	// Length moves, Moves from the board, optimal.
	Solved bool   `json:"solved"`
	Length int    `json:"length"`
	Moves  string `json:"moves"`
	// Stages counts the bounds searched; Units the units of each.
	Stages int `json:"stages"`
	Units  int `json:"units"`
	// Expanded and Generated add up the units' nodes over all stages.
	Expanded  int64 `json:"expanded"`
	Generated int64 `json:"generated"`
	// Error says why the board was not searched (a line that does not
	// parse, a board that cannot reach the goal).
	Error string `json:"error,omitempty"`
}

// open reports whether the board's search goes on.
func (b *BoardState) open() bool { return !b.Solved && b.Error == "" }

// SolveHardBoards adds to s a pipeline that solves the sliding-tile boards
// of the files that patterns name (one a line, as ParseSliding reads them;
// the goal is the standard one) by IDA* work units, one bound per stage:
// each of the stages splits every open board at depth, searches its units
// on any worker, and merges them per board (solve.MergeRound), which either
// solves the board or raises its bound. Each file's boards are written,
// one BoardState a line in input order, to OutputPath(file, outDir); a
// board still open after the last stage has Solved false and the bound to
// search next.
func SolveHardBoards(s beam.Scope, patterns []string, outDir string, depth, stages int, opt Options) beam.PCollection {
	s = s.Scope("SolveHardBoards")
	o := encodeOptions(opt)
	files := beam.Create(s, anySlice(patterns)...)
	lines := beam.ParDo(s, &readLinesFn{}, files)
	states := beam.ParDo(s, &initStateFn{Opt: o, Depth: depth}, lines) // KV<id, state>
	for k := range stages {
		st := s.Scope("Bound" + strconv.Itoa(k+1))
		tasks := beam.Reshuffle(st, beam.ParDo(st, &splitFn{optionsFn{Opt: o}}, states)) // KV<id, unit>
		results := beam.ParDo(st, &searchUnitFn{optionsFn{Opt: o}}, tasks)               // KV<id, result>
		states = beam.ParDo(st, &mergeFn{}, beam.CoGroupByKey(st, states, results))
	}
	return beam.ParDo(s, &writeOrderedFn{OutDir: outDir}, beam.GroupByKey(s, beam.ParDo(s, byFile, states)))
}

// byFile keys a board's state by its file, as "line<TAB>state".
func byFile(_ string, state string, emit func(string, string)) {
	var b BoardState
	json.Unmarshal([]byte(state), &b)
	emit(b.File, strconv.Itoa(b.Line)+"\t"+state)
}

// initStateFn reads a board line into its state, keyed by file and line.
type initStateFn struct {
	Opt   string
	Depth int
}

func (f *initStateFn) ProcessElement(ctx context.Context, file, numbered string, emit func(string, string)) {
	ns, text, _ := strings.Cut(numbered, "\t")
	n, _ := strconv.Atoi(ns)
	text = strings.TrimSpace(text)
	if text == "" || strings.HasPrefix(text, "#") {
		return
	}
	st := BoardState{File: file, Line: n, Depth: f.Depth}
	opt, err := decodeOptions(f.Opt)
	if err == nil {
		var b sliding.Board
		if b, err = ParseSliding(strings.TrimPrefix(text, KindSliding+" ")); err == nil {
			goal := sliding.Standard(b.W, b.H)
			st.Size, st.Board, st.Goal = fmt.Sprintf("%dx%d", b.W, b.H), units.Tiles(b), units.Tiles(goal)
			if !sliding.Solvable(b, goal) {
				err = sliding.ErrUnsolvable
			} else {
				st.Partition, err = partitionFor(opt.Partitions, b.W, b.H)
			}
		}
	}
	if err != nil {
		st.Error = fmt.Sprintf("line %d: %v", n, err)
	}
	data, _ := json.Marshal(st)
	emit(fmt.Sprintf("%s#%d", file, n), string(data))
}

// splitFn emits the units of an open board, each to be searched to the
// board's bound.
type splitFn struct {
	optionsFn
}

func (f *splitFn) ProcessElement(ctx context.Context, id, state string, emit func(string, string)) error {
	var st BoardState
	if err := json.Unmarshal([]byte(state), &st); err != nil {
		return err
	}
	if !st.open() {
		return nil
	}
	u := units.WorkUnit{Units: 1, Size: st.Size, Board: st.Board, Goal: st.Goal, State: st.Board}
	b, goal, _, err := u.Parse()
	if err != nil {
		return fmt.Errorf("%s: %w", id, err)
	}
	p, err := units.SplitBoard(ctx, solverFor(f.opt), st.Line, b, goal, st.Partition, st.Depth, search.Limits{})
	if err != nil {
		return fmt.Errorf("%s: %w", id, err)
	}
	bound := st.Bound
	if bound == 0 {
		bound = p.Split.H
	}
	for _, w := range p.Units {
		w.Bound = bound
		data, _ := json.Marshal(w)
		emit(id, string(data))
	}
	return nil
}

// searchUnitFn searches one unit to its bound.
type searchUnitFn struct {
	optionsFn
}

func (f *searchUnitFn) ProcessElement(ctx context.Context, id, unit string, emit func(string, string)) error {
	var w units.WorkUnit
	if err := json.Unmarshal([]byte(unit), &w); err != nil {
		return err
	}
	_, goal, u, err := w.Parse()
	if err != nil {
		return fmt.Errorf("%s unit %d: %w", id, w.Unit, err)
	}
	set, err := solverFor(f.opt).Units(ctx, goal.W, goal.H, goal.Blank(), w.Partition)
	if err != nil {
		return fmt.Errorf("%s unit %d: %w", id, w.Unit, err)
	}
	r, err := set.SearchUnit(ctx, goal, u, w.Bound, search.Limits{MaxNodes: f.opt.MaxNodes})
	if err != nil {
		return fmt.Errorf("%s unit %d: %w", id, w.Unit, err)
	}
	data, _ := json.Marshal(units.NewAnswer(w, r))
	emit(id, string(data))
	return nil
}

// mergeFn merges a board's unit results of one bound into its state.
type mergeFn struct{}

func (f *mergeFn) ProcessElement(ctx context.Context, id string, states, results func(*string) bool, emit func(string, string)) error {
	var state string
	n := 0
	for s := ""; states(&s); n++ {
		state = s
	}
	if n != 1 {
		return fmt.Errorf("%s: %d states, want 1", id, n)
	}
	var st BoardState
	if err := json.Unmarshal([]byte(state), &st); err != nil {
		return err
	}
	var rs []solve.UnitResult
	count, bound := 0, -1
	for s := ""; results(&s); {
		var a units.UnitAnswer
		if err := json.Unmarshal([]byte(s), &a); err != nil {
			return err
		}
		r, err := a.Result()
		if err != nil {
			return err
		}
		if bound >= 0 && r.Bound != bound {
			return fmt.Errorf("%s: results of bounds %d and %d in one stage", id, bound, r.Bound)
		}
		bound, count = r.Bound, a.Units
		rs = append(rs, r)
	}
	if st.open() {
		if len(rs) == 0 {
			return fmt.Errorf("%s: no unit results for an open board", id)
		}
		r, err := solve.MergeRound(bound, count, rs)
		if err != nil {
			return fmt.Errorf("%s: %w", id, err)
		}
		st.Stages++
		st.Units = count
		st.Expanded += r.Expanded
		st.Generated += r.Generated
		st.Bound = r.Next
		if r.Solved {
			u := units.WorkUnit{Units: 1, Size: st.Size, Board: st.Board, Goal: st.Goal, State: st.Board}
			b, goal, _, err := u.Parse()
			if err != nil {
				return err
			}
			if err := sliding.Verify(b, goal, r.Moves); err != nil {
				return fmt.Errorf("%s: internal error: the units' path does not reach the goal: %v", id, err)
			}
			st.Solved, st.Length, st.Moves, st.Bound = true, len(r.Moves), sliding.MovesString(r.Moves), bound
		}
	}
	data, _ := json.Marshal(st)
	emit(id, string(data))
	return nil
}
