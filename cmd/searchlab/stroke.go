package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/searchlab/searchlab/api"
	"github.com/searchlab/searchlab/internal/cli"
	"github.com/searchlab/searchlab/internal/input"
	"github.com/searchlab/searchlab/internal/shard"
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
	sh := shardFlag(fs)
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
	// Boards are numbered across the files, in order.
	n := 0
	for _, src := range srcs {
		if err := strokeBoards(ctx, src, &n, s, opt, *timeout, *all, *path, *asJSON, *sh, out); err != nil {
			return src.InFile(err)
		}
	}
	return nil
}

// strokeBoards solves and prints the boards of one source; *count counts the
// boards read so far.
func strokeBoards(ctx context.Context, src *input.Source, count *int, s *stroke.Solver, opt stroke.Options, timeout time.Duration, all, path, asJSON bool, sh shard.Shard, out *bufio.Writer) error {
	sc := stroke.NewScanner(src.Reader())
	for {
		n := *count + 1 // the board about to be read
		if !sc.Scan() {
			var se *stroke.SyntaxError
			switch err := sc.Err(); {
			case err == nil:
				return nil
			case errors.As(err, &se):
				return cli.Inputf("stroke: board %d: line %d: %s", n, se.Line, se.Msg)
			default:
				return fmt.Errorf("stroke: reading board %d: %w", n, err)
			}
		}
		*count = n
		b := sc.Board()
		if !sh.Has(n - 1) {
			continue
		}
		res, per, err := solveStroke(ctx, s, b, opt, timeout, all)
		if err != nil {
			if errors.Is(err, stroke.ErrTooLarge) {
				return cli.Inputf("stroke: board %d (ending on line %d): %w", n, sc.Line(), err)
			}
			return fmt.Errorf("stroke: board %d: %w", n, err)
		}
		if asJSON {
			if err := json.NewEncoder(out).Encode(api.NewStrokeAnswer(n, res, path, per)); err != nil {
				return err
			}
		} else {
			var sb strings.Builder
			sb.WriteString(res.String())
			if all {
				cs := make([]byte, 0, len(per))
				for c := range per {
					cs = append(cs, c)
				}
				slices.Sort(cs)
				for _, c := range cs {
					r := per[c]
					sb.WriteString(" " + string(c) + ":" + strconv.Itoa(r.Length))
					if !r.Optimal {
						sb.WriteString(".." + strconv.Itoa(r.Bound))
					}
				}
			}
			if path {
				for _, c := range res.Path {
					sb.WriteString(" " + c.String())
				}
			}
			sb.WriteByte('\n')
			out.WriteString(sb.String())
		}
		if err := out.Flush(); err != nil {
			return err
		}
	}
}

// solveStroke solves one board within the budget (see
// stroke.Solver.SolveWithin and ColoursWithin), with its own timeout.
func solveStroke(ctx context.Context, s *stroke.Solver, b *stroke.Board, opt stroke.Options, timeout time.Duration, all bool) (stroke.Result, map[byte]stroke.Result, error) {
	ctx, cancel := withTimeout(ctx, timeout)
	defer cancel()
	res, err := s.SolveWithin(ctx, b, opt)
	if err != nil || !all {
		return res, nil, err
	}
	per, err := s.ColoursWithin(ctx, b, opt)
	return res, per, err
}
