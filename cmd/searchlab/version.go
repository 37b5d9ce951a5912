package main

import (
	"context"
	"fmt"
	"io"
	"runtime"
	"runtime/debug"

	"github.com/searchlab/searchlab/internal/cli"
)

func init() {
	register(cli.Command[*env]{
		Name:    "version",
		Summary: "print the version, the source revision and the Go version of this searchlab",
		Run:     runVersion,
	})
}

func runVersion(_ context.Context, e *env, args []string) error {
	fs := cli.NewFlagSet(e.stdout, "searchlab version", "", `
Prints the module version of this searchlab ("(devel)" when built from a
checkout), the VCS revision it was built from, with "modified" when the
checkout had changes and the commit time, and the Go version, operating
system and architecture. "searchlab --version" is the same.`)
	if err := cli.ParseFlags(fs, args); err != nil {
		return err
	}
	_, err := io.WriteString(e.stdout, versionLine())
	return err
}

// versionLine describes this build in one line, from the build
// information the Go toolchain records in the binary.
func versionLine() string {
	version, rev, modified, when := "(unknown)", "", false, ""
	if bi, ok := debug.ReadBuildInfo(); ok {
		if bi.Main.Version != "" {
			version = bi.Main.Version
		}
		for _, s := range bi.Settings {
			switch s.Key {
			case "vcs.revision":
				rev = s.Value
			case "vcs.modified":
				modified = s.Value == "true"
			case "vcs.time":
				when = s.Value
			}
		}
	}
	line := "searchlab " + version
	if rev != "" {
		line += " revision " + rev
		if modified {
			line += " (modified)"
		}
		if when != "" {
			line += " " + when
		}
	}
	return fmt.Sprintf("%s %s %s/%s\n", line, runtime.Version(), runtime.GOOS, runtime.GOARCH)
}
