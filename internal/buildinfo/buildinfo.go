// Package buildinfo describes the running binary in one line, from the
// build information that the Go toolchain records in it: the module
// version, the VCS revision and time, and the Go version and platform.
package buildinfo

import (
	"fmt"
	"runtime"
	"runtime/debug"
)

// Line describes this binary, named name, in one line ending in a newline
// (see Describe).
func Line(name string) string {
	bi, _ := debug.ReadBuildInfo()
	return Describe(name, bi)
}

// Describe writes a line such as "searchlab (devel) revision 1f8a541
// (modified) 2026-01-02T03:04:05Z go1.26 linux/amd64" from bi: the
// module version ("(unknown)" without bi), the VCS revision, "(modified)"
// when the checkout had changes, and the commit time where bi has them,
// then the Go version, operating system and architecture.
func Describe(name string, bi *debug.BuildInfo) string {
	version, rev, modified, when := "(unknown)", "", false, ""
	if bi != nil {
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
	line := name + " " + version
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
