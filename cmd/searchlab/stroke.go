package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/searchlab/searchlab/api"
	"github.com/searchlab/searchlab/internal/cli"
	"github.com/searchlab/searchlab/internal/input"
	"github.com/searchlab/searchlab/search"
	"github.com/searchlab/searchlab/stroke"
)

const strokeDescription = `
Finds the longest one-stroke chain ("max combo") on each board read from the
files named or stdin: a chain starts on one of the eight tiles next to the
player O, moves in eight directions, stays on one colour and never uses a
tile twice. Boards are in the classic format: a line with N (or "R C"),
then the rows of letters A-Z ('.' a hole).

Prints one line per board: "COLOUR LENGTH" (for example "G 9"), or "- 0"
when no tile is next to the player; ties go to the first start tile
clockwise from the top left. A budget that runs out says so: "G 23 (not
proven optimal; bound 27)". --all adds each colour's best length, --path
the tiles of one longest chain (row,col from 1), --json one JSON object
per board. Boards whose one-colour region next to the player exceeds 192
tiles are refused.

Example:
  printf '3\nRGB\nROG\nGGB\n' | searchlab stroke --path
  G 4 1,2 2,3 3,2 3,1`

func runStroke(ctx context.Context, e *env, args []string) (err error) {
	fs := cli.NewFlagSet(e.stdout, "searchlab stroke", "[--path] [--all] [--json] [--max-nodes N] [--timeout D] [--shard k/n] [file ...]", strokeDescription)
	path := fs.Bool("path", false, "print the tiles of one longest chain as row,col (1-based)")
	all := fs.Bool("all", false, "print each colour's best length too")
	asJSON := fs.Bool("json", false, "print one JSON object per board")
	maxNodes := fs.Int64("max-nodes", 0, "search nodes allowed per board (0: no cap)")
	timeout := fs.Duration("timeout", 0, "time allowed per board, e.g. 2s (0: no limit)")
	sh := cli.ShardFlag(fs)
	files, err := cli.Parse(fs, args)
	if err != nil {
		return err
	}
	if *maxNodes < 0 {
		return cli.Inputf("stroke: --max-nodes %d is negative", *maxNodes)
	}
	if *timeout < 0 {
		return cli.Inputf("stroke: --timeout %v is negative", *timeout)
	}
	srcs, err := e.inputs(files)
	if err != nil {
		return err
	}
	defer input.Close(srcs)
	out := bufio.NewWriter(e.stdout)
	defer cli.Flush(out, &err)
	s := stroke.NewSolver()
	opt := stroke.Options{Limits: search.Limits{MaxNodes: *maxNodes}}
	// solve solves one board within the budget (stroke.Solver.SolveWithin
	// and ColoursWithin), with its own timeout.
	solve := func(b *stroke.Board) (stroke.Result, map[byte]stroke.Result, error) {
		ctx, cancel := cli.WithTimeout(ctx, *timeout)
		defer cancel()
		res, err := s.SolveWithin(ctx, b, opt)
		if err != nil || !*all {
			return res, nil, err
		}
		per, err := s.ColoursWithin(ctx, b, opt)
		return res, per, err
	}
	// Boards are numbered across the files, in order: n counts those read.
	n := 0
	for _, src := range srcs {
		sc := stroke.NewScanner(src.Reader())
		for sc.Scan() {
			n++
			if !sh.Has(n - 1) {
				continue
			}
			res, per, err := solve(sc.Board())
			// The package's errors start with "stroke: " too: said once.
			if errors.Is(err, stroke.ErrTooLarge) {
				return src.InFile(cli.Inputf("stroke: board %d (ending on line %d): %s", n, sc.Line(), strings.TrimPrefix(err.Error(), "stroke: ")))
			}
			if err != nil {
				return src.InFile(fmt.Errorf("stroke: board %d: %w", n, unprefixed{err}))
			}
			if *asJSON {
				json.NewEncoder(out).Encode(api.NewStrokeAnswer(n, res, *path, per))
			} else {
				out.Write(res.AppendLine(nil, per, *path))
			}
			if err := out.Flush(); err != nil {
				return err
			}
		}
		var se *stroke.SyntaxError
		switch err := sc.Err(); {
		case errors.As(err, &se):
			return src.InFile(cli.Inputf("stroke: board %d: line %d: %s", n+1, se.Line, se.Msg))
		case err != nil:
			return src.InFile(fmt.Errorf("stroke: reading board %d: %w", n+1, err))
		}
	}
	return nil
}

// unprefixed is a stroke error without its package prefix, for a message
// that says "stroke:" already; errors.Is and As see the error itself.
type unprefixed struct{ err error }

func (u unprefixed) Error() string { return strings.TrimPrefix(u.err.Error(), "stroke: ") }
func (u unprefixed) Unwrap() error { return u.err }
