package main

import (
	"errors"
	"strings"

	"github.com/searchlab/searchlab/internal/cli"
	"github.com/searchlab/searchlab/internal/input"
	"github.com/searchlab/searchlab/sliding"
)

// formatOf returns the format of src's boards: --format, or detected from
// the input when --format is not given.
func (f *slidingFlags) formatOf(src *input.Source) (sliding.Format, error) {
	if f.format != "" {
		return sliding.ParseFormat(f.format)
	}
	format, err := sliding.DetectFormat(src.Peek(2))
	if err != nil {
		return "", src.InFile(cli.Input(err))
	}
	return format, nil
}

// readSources checks the flags and reads the boards of every source in
// order, with the goal of each. Line numbers are those of each board's
// own file; errors name the file.
func (f *slidingFlags) readSources(srcs []*input.Source) ([]sliding.Case, []sliding.Board, error) {
	if err := f.check(); err != nil {
		return nil, nil, err
	}
	w, h := 0, 0
	if f.size != "" {
		w, h, _ = sliding.ParseSize(f.size)
	}
	var cases []sliding.Case
	for _, src := range srcs {
		format, err := f.formatOf(src)
		if err != nil {
			return nil, nil, err
		}
		cs, err := sliding.ParseAll(src.Reader(), format, w, h)
		if err != nil {
			if errors.Is(err, sliding.ErrInvalid) {
				err = cli.Input(err)
			}
			return nil, nil, src.InFile(err)
		}
		cases = append(cases, cs...)
	}
	goals := make([]sliding.Board, len(cases))
	bySize := map[[2]int]sliding.Board{}
	for i, c := range cases {
		key := [2]int{c.Board.W, c.Board.H}
		g, ok := bySize[key]
		if !ok {
			if f.goal == "" {
				g = sliding.Standard(c.Board.W, c.Board.H)
			} else {
				if n := goalTiles(f.goal); n != c.Board.W*c.Board.H {
					return nil, nil, cli.Inputf("line %d: the board is %dx%d but --goal has %d tiles", c.Line, c.Board.W, c.Board.H, n)
				}
				var err error
				if g, err = sliding.ParseGoal(f.goal, c.Board.W, c.Board.H); err != nil {
					return nil, nil, cli.Inputf("--goal: %v", err)
				}
			}
			bySize[key] = g
		}
		goals[i] = g
	}
	return cases, goals, nil
}

// goalTiles counts the tiles of a --goal, whose rows may be separated by
// slashes.
func goalTiles(goal string) int {
	return len(strings.Fields(strings.ReplaceAll(goal, "/", " ")))
}

// goalFits reports whether --goal, if given, is a goal for w x h boards.
func (f *slidingFlags) goalFits(w, h int) bool {
	if f.goal == "" {
		return true
	}
	_, err := sliding.ParseGoal(f.goal, w, h)
	return err == nil
}
