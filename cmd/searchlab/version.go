package main

import (
	"context"
	"io"

	"github.com/searchlab/searchlab/internal/buildinfo"
	"github.com/searchlab/searchlab/internal/cli"
)

func runVersion(_ context.Context, e *env, args []string) error {
	fs := cli.NewFlagSet(e.stdout, "searchlab version", "", `
Prints the module version of this searchlab ("(devel)" when built from a
checkout), the VCS revision it was built from, with "modified" when the
checkout had changes and the commit time, and the Go version, operating
system and architecture. "searchlab --version" is the same.`)
	if err := cli.ParseFlags(fs, args); err != nil {
		return err
	}
	_, err := io.WriteString(e.stdout, buildinfo.Line("searchlab"))
	return err
}
