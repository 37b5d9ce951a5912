package main

import (
	"errors"

	"github.com/searchlab/searchlab/internal/cli"
	"github.com/searchlab/searchlab/internal/input"
	"github.com/searchlab/searchlab/sliding"
)

// formatOf returns the format of src's boards: --format, or detected from
// the input when --format is not given.
func (f *slidingFlags) formatOf(src *input.Source) (sliding.Format, error) {
	format, err := sliding.FormatOf(f.format, src.Peek(2)) // --format is checked before
	return format, src.InFile(cli.Input(err))
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
	goals, err := sliding.Goals(cases, f.goal)
	var gs *sliding.GoalSizeError
	switch {
	case errors.As(err, &gs):
		return nil, nil, cli.Inputf("line %d: the board is %dx%d but --goal has %d tiles", gs.Line, gs.W, gs.H, gs.Tiles)
	case err != nil:
		return nil, nil, cli.Inputf("--goal: %v", err)
	}
	return cases, goals, nil
}
