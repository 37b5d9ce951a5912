package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/searchlab/searchlab/api"
	"github.com/searchlab/searchlab/internal/cli"
	"github.com/searchlab/searchlab/internal/input"
	"github.com/searchlab/searchlab/search"
	"github.com/searchlab/searchlab/sliding"
	"github.com/searchlab/searchlab/sliding/solve"
	"github.com/searchlab/searchlab/stroke"
	"github.com/searchlab/searchlab/sudoku"
	"github.com/searchlab/searchlab/trace"
)

const traceDescription = `
Solves one puzzle read from the file named or stdin and writes what the
search did, step by step, as JSON lines: a start record, one record per
event, an end record. --puzzle sliding (the default) traces one generic
algorithm (--algo, with --heuristic for the informed ones) on a board in
--format line or grid; --puzzle stroke the branch and bound of a
one-stroke board; --puzzle sudoku the reasoning of a solve. A trace keeps
at most --max-events events (a sliding search stops there, the others run
on) and its end record says whether it was truncated. docs/formats.md
lists the events and their fields.

Example:
  echo "1 2 3 4 0 5 7 8 6" | searchlab trace --algo astar --heuristic manhattan`

func runTrace(ctx context.Context, e *env, args []string) error {
	fs := cli.NewFlagSet(e.stdout, "searchlab trace", "[--puzzle sliding|stroke|sudoku] [flags] [file ...]", traceDescription)
	puzzle := fs.String("puzzle", "sliding", "`kind` of puzzle: sliding, stroke or sudoku")
	format := fs.String("format", "", "input `format`: sliding line or grid; sudoku line, grid, boj2580 or boj2239 (default: detected from the input)")
	size := fs.String("size", "", "sliding board size `WxH` for --format line (default: a square), checked for grid")
	goal := fs.String("goal", "", "sliding goal `tiles` in reading order, 0 for the blank (default: 1..n-1, blank last)")
	algo := fs.String("algo", "astar", "sliding `algorithm`: "+solve.TraceableNames())
	byDefault, _ := solve.HeuristicOf("") // the registry's default heuristic
	heuristic := fs.String("heuristic", byDefault.Name, "sliding `heuristic` for the informed algorithms: "+solve.HeuristicNames(false))
	maxDepth := fs.Int("max-depth", 0, "sliding depth bound for dfs and iddfs (0: the board's default)")
	maxEvents := fs.Int("max-events", trace.DefaultMaxEvents, fmt.Sprintf("events kept, at most %d", trace.MaxMaxEvents))
	maxNodes := fs.Int64("max-nodes", 2_000_000, "stop a sliding or stroke search after `n` expansions (0: no cap)")
	timeout := fs.Duration("timeout", 0, "stop after this `duration`, such as 10s (0: none)")
	files, err := cli.Parse(fs, args)
	if err != nil {
		return err
	}
	switch {
	case *maxEvents < 1 || *maxEvents > trace.MaxMaxEvents:
		return cli.Inputf("trace: --max-events must be from 1 to %d", trace.MaxMaxEvents)
	case *maxNodes < 0:
		return cli.Inputf("trace: --max-nodes %d is negative", *maxNodes)
	case *timeout < 0:
		return cli.Inputf("trace: --timeout %v is negative", *timeout)
	case *maxDepth < 0:
		return cli.Inputf("trace: --max-depth %d is negative", *maxDepth)
	}
	ctx, cancel := cli.WithTimeout(ctx, *timeout)
	defer cancel()
	srcs, err := e.inputs(files)
	if err != nil {
		return err
	}
	defer input.Close(srcs)
	if len(srcs) > 1 {
		return cli.Inputf("trace: traces one puzzle; give one file, not %d", len(srcs))
	}
	in := srcs[0]
	// Traces are written as the search runs, so that their events are
	// never held in memory.
	out := bufio.NewWriter(e.stdout)
	switch *puzzle {
	case "sliding":
		if _, err = traceSliding(ctx, in, *format, *size, *goal, *algo, *heuristic, *maxDepth, *maxEvents, *maxNodes, trace.LineSink(out)); err != nil {
			return err
		}
		return out.Flush()
	case "stroke":
		if *format != "" {
			return cli.Inputf("trace: --format is for sliding and sudoku; stroke boards have one format")
		}
		if _, err = traceStroke(ctx, in, *maxEvents, *maxNodes, trace.LineSink(out)); err != nil {
			return err
		}
		return out.Flush()
	case "sudoku":
		if _, err = traceSudoku(ctx, in, *format, *maxEvents, trace.LineSink(out)); err != nil {
			return err
		}
		return out.Flush()
	default:
		return cli.Inputf("trace: --puzzle %q: want sliding, stroke or sudoku", *puzzle)
	}
}

func traceSliding(ctx context.Context, in *input.Source, format, size, goalText, algoName, heuristic string, maxDepth, maxEvents int, maxNodes int64, sink trace.Sink) (api.Trace, error) {
	f, err := sliding.FormatOf(format, in.Peek)
	var se *sliding.SyntaxError
	switch {
	case errors.As(err, &se): // the input's format cannot be told
		return api.Trace{}, cli.Inputf("trace: %v", in.InFile(err))
	case err != nil:
		return api.Trace{}, cli.Inputf("trace: --format: %v", err)
	}
	w, h := 0, 0
	if size != "" {
		var err error
		if w, h, err = sliding.ParseSize(size); err != nil {
			return api.Trace{}, cli.Inputf("trace: --size: %v", err)
		}
	}
	algo, err := solve.ParseAlgorithm(algoName)
	if err != nil {
		return api.Trace{}, cli.Inputf("trace: --algo: %v", err)
	}
	b, err := trace.ReadSliding(in.Reader(), in.Name, f, w, h)
	if err != nil {
		return api.Trace{}, cli.Inputf("trace: %v", err)
	}
	goal, err := sliding.GoalFor(goalText, b.W, b.H)
	if err != nil {
		return api.Trace{}, cli.Inputf("trace: --goal: %v", err)
	}
	tr, err := trace.Sliding(ctx, b, goal, trace.SlidingOptions{Algorithm: algo, Heuristic: heuristic, MaxDepth: maxDepth,
		MaxEvents: maxEvents, Limits: search.Limits{MaxNodes: maxNodes, MaxBytes: solve.MemoryBudget}, Sink: sink})
	if errors.Is(err, sliding.ErrUnsolvable) {
		return tr, cli.Inputf("trace: the board cannot reach the goal (permutation parity and blank row): nothing to trace")
	}
	return tr, err
}

func traceStroke(ctx context.Context, in *input.Source, maxEvents int, maxNodes int64, sink trace.Sink) (api.Trace, error) {
	b, err := trace.ReadStroke(in.Reader(), in.Name)
	if err != nil {
		return api.Trace{}, cli.Inputf("trace: %v", err)
	}
	return trace.Stroke(ctx, stroke.NewSolver(), b, trace.StrokeOptions{Options: stroke.Options{Limits: search.Limits{MaxNodes: maxNodes, MaxBytes: solve.MemoryBudget}},
		MaxEvents: maxEvents, Sink: sink})
}

func traceSudoku(ctx context.Context, in *input.Source, format string, maxEvents int, sink trace.Sink) (api.Trace, error) {
	f, err := sudoku.FormatOf(format, in.Peek)
	if err != nil {
		return api.Trace{}, cli.Inputf("trace: --format: %v", err)
	}
	g, err := trace.ReadSudoku(in.Reader(), in.Name, f)
	if err != nil {
		return api.Trace{}, cli.Inputf("trace: %v", err)
	}
	tr, err := trace.Sudoku(ctx, g, trace.SudokuOptions{MaxEvents: maxEvents, Sink: sink})
	if errors.Is(err, sudoku.ErrInvalid) {
		return tr, cli.Inputf("trace: %v", strings.TrimPrefix(err.Error(), "sudoku: invalid puzzle: "))
	}
	return tr, err
}
