// Package searchbeam runs searchlab's solvers as Apache Beam pipelines: one
// that solves every line of puzzle files (Sudoku, sliding tiles and
// one-stroke boards, mixed) and writes the answers in input order per file,
// and one that solves hard sliding-tile boards by IDA* work units, one bound
// per stage. The pipelines call the same library functions as the searchlab
// command; they run locally on Prism and, as they are, on Flink, Spark or
// Dataflow.
package searchbeam

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/searchlab/searchlab/api"
	"github.com/searchlab/searchlab/search"
	"github.com/searchlab/searchlab/sliding"
	"github.com/searchlab/searchlab/sliding/solve"
	"github.com/searchlab/searchlab/stroke"
	"github.com/searchlab/searchlab/sudoku"
)

// Kinds of puzzle a line may hold.
const (
	KindSudoku  = "sudoku"
	KindSliding = "sliding"
	KindStroke  = "stroke"
	// KindMixed reads the kind from the line's first word.
	KindMixed = "mixed"
)

// Options choose how lines are solved.
type Options struct {
	// Kind is the kind of every line (KindSudoku, KindSliding,
	// KindStroke), or KindMixed: each line starts with its kind, such as
	// "sudoku 4.....8.5...", "sliding 4x4 1 2 3 ... 0", "stroke RGB/ROG/GGB".
	Kind string
	// Partitions names the pattern databases of sliding boards by size,
	// such as "4x4=6-6-3,5x5=5-5-5-5-4". For a size not named, lines are
	// solved as "searchlab sliding" solves them (solve.Solver's choice) and
	// hard boards with solve.PartitionFor's default.
	Partitions string
	// PDBDir is the pattern database directory ("": the user cache).
	PDBDir string
	// MaxNodes caps each search (0: no cap); Timeout each line (0: none).
	MaxNodes int64
	Timeout  time.Duration
}

// Answer is one line of output: the input line's number, its kind, and
// the answer that "searchlab <kind> --json" prints for it, or the error
// that stopped it.
type Answer struct {
	Line   int             `json:"line"`
	Kind   string          `json:"kind"`
	Answer json.RawMessage `json:"answer,omitempty"`
	Error  string          `json:"error,omitempty"`
}

// SolveLine solves the puzzle on one line (numbered line in its file) and
// returns its answer. Blank lines and lines starting with '#' return ok
// false. A line that does not parse, or a search that stops, is an answer
// with an Error, not a failure: one bad line does not stop a pipeline.
func SolveLine(ctx context.Context, line int, text string, opt Options) (a Answer, ok bool) {
	text = strings.TrimSpace(text)
	if text == "" || strings.HasPrefix(text, "#") {
		return Answer{}, false
	}
	kind := opt.Kind
	if kind == KindMixed || kind == "" {
		kind, text, _ = strings.Cut(text, " ")
		text = strings.TrimSpace(text)
	}
	a = Answer{Line: line, Kind: kind}
	if opt.Timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, opt.Timeout)
		defer cancel()
	}
	var v any
	var err error
	switch kind {
	case KindSudoku:
		v, err = solveSudoku(ctx, line, text)
	case KindSliding:
		v, err = solveSliding(ctx, line, text, opt)
	case KindStroke:
		v, err = solveStroke(ctx, line, text, opt)
	default:
		err = fmt.Errorf("unknown kind %q (want sudoku, sliding or stroke)", kind)
	}
	if err != nil {
		a.Error = fmt.Sprintf("line %d: %v", line, err)
		return a, true
	}
	a.Answer, _ = json.Marshal(v)
	return a, true
}

func solveSudoku(ctx context.Context, line int, text string) (any, error) {
	g, err := sudoku.ParseLine(text)
	if err != nil {
		return nil, err
	}
	opt := sudoku.Options{Limit: 2}
	start := time.Now()
	res, err := sudoku.Solve(ctx, g, opt)
	if err != nil {
		return nil, err
	}
	return api.NewSudokuAnswer(line, opt, res, time.Since(start)), nil
}

func solveSliding(ctx context.Context, line int, text string, opt Options) (any, error) {
	b, err := ParseSliding(text)
	if err != nil {
		return nil, err
	}
	goal := sliding.Standard(b.W, b.H)
	sol, err := solverFor(opt).Solve(ctx, b, goal, solve.Method{Partition: namedPartition(opt.Partitions, b.W, b.H)}, search.Limits{MaxNodes: opt.MaxNodes})
	solvable := !errors.Is(err, sliding.ErrUnsolvable)
	if err != nil && solvable {
		return nil, err
	}
	if solvable {
		if err := sliding.Verify(b, goal, sol.Moves); err != nil {
			return nil, fmt.Errorf("internal error: %s's path does not reach the goal: %v", sol.Method, err)
		}
	}
	return api.NewSlidingAnswer(line, solvable, sol), nil
}

func solveStroke(ctx context.Context, line int, text string, opt Options) (any, error) {
	rows := strings.Split(text, "/")
	classic := fmt.Sprintf("%d %d\n%s\n", len(rows), len(rows[0]), strings.Join(rows, "\n"))
	sc := stroke.NewScanner(strings.NewReader(classic))
	if !sc.Scan() {
		return nil, sc.Err()
	}
	b := sc.Board()
	res, err := stroke.NewSolver().SolveWithin(ctx, b, stroke.Options{Limits: search.Limits{MaxNodes: opt.MaxNodes}})
	if err != nil {
		return nil, err
	}
	return api.NewStrokeAnswer(line, res, true, nil), nil
}

// ParseSliding reads a sliding-tile board written on one line: an optional
// size such as 4x3, then the tiles in reading order, 0 for the blank (a
// square board when no size is given).
func ParseSliding(text string) (sliding.Board, error) {
	f := strings.Fields(text)
	w, h := 0, 0
	if len(f) > 0 && strings.ContainsAny(f[0], "xX") {
		var err error
		if w, h, err = sliding.ParseSize(f[0]); err != nil {
			return sliding.Board{}, err
		}
		f = f[1:]
	}
	cases, err := sliding.ParseAll(strings.NewReader(strings.Join(f, " ")+"\n"), sliding.Line, w, h)
	if err != nil {
		return sliding.Board{}, err
	}
	if len(cases) != 1 {
		return sliding.Board{}, fmt.Errorf("want one board, found %d", len(cases))
	}
	return cases[0].Board, nil
}

// partitionFor returns the partition for w x h boards that spec names
// ("4x4=6-6-3,5x5=5-5-5-5-4"), or the default (solve.PartitionFor): hard
// boards want the strongest set, even when it takes a while to build.
func partitionFor(spec string, w, h int) (string, error) {
	return solve.PartitionFor(w, h, namedPartition(spec, w, h))
}

// solvers keeps one solve.Solver per database directory in a worker
// process, for the life of the process: it chooses the sets and opens
// each once.
var solvers struct {
	sync.Mutex
	m map[string]*solve.Solver
}

// solverFor returns the worker's solve.Solver for opt.PDBDir.
func solverFor(opt Options) *solve.Solver {
	solvers.Lock()
	defer solvers.Unlock()
	if s := solvers.m[opt.PDBDir]; s != nil {
		return s
	}
	if solvers.m == nil {
		solvers.m = map[string]*solve.Solver{}
	}
	s := solve.New(solve.Options{Dir: opt.PDBDir})
	solvers.m[opt.PDBDir] = s
	return s
}

// namedPartition returns the partition opt.Partitions names for w x h
// boards, or "" for the library's choice.
func namedPartition(spec string, w, h int) string {
	size := fmt.Sprintf("%dx%d", w, h)
	for _, kv := range strings.Split(spec, ",") {
		if k, v, ok := strings.Cut(strings.TrimSpace(kv), "="); ok && k == size {
			return v
		}
	}
	return ""
}
