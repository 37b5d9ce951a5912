package buildinfo_test

import (
	"runtime"
	"runtime/debug"
	"strings"
	"testing"

	"github.com/searchlab/searchlab/internal/buildinfo"
)

func TestDescribe(t *testing.T) {
	vcs := func(kv ...string) []debug.BuildSetting {
		var s []debug.BuildSetting
		for i := 0; i < len(kv); i += 2 {
			s = append(s, debug.BuildSetting{Key: kv[i], Value: kv[i+1]})
		}
		return s
	}
	tail := " " + runtime.Version() + " " + runtime.GOOS + "/" + runtime.GOARCH + "\n"
	for _, tc := range []struct {
		bi   *debug.BuildInfo
		want string
	}{
		{nil, "lab (unknown)"},
		{&debug.BuildInfo{}, "lab (unknown)"},
		{&debug.BuildInfo{Main: debug.Module{Version: "v1.2.3"}}, "lab v1.2.3"},
		{&debug.BuildInfo{Main: debug.Module{Version: "(devel)"}, Settings: vcs("vcs.revision", "abc", "vcs.modified", "true", "vcs.time", "2026-01-02T03:04:05Z")},
			"lab (devel) revision abc (modified) 2026-01-02T03:04:05Z"},
		{&debug.BuildInfo{Main: debug.Module{Version: "(devel)"}, Settings: vcs("vcs.revision", "abc", "vcs.modified", "false")}, "lab (devel) revision abc"},
		{&debug.BuildInfo{Settings: vcs("vcs.time", "2026-01-02T03:04:05Z")}, "lab (unknown)"},
	} {
		if got := buildinfo.Describe("lab", tc.bi); got != tc.want+tail {
			t.Errorf("Describe(%+v) = %q, want %q", tc.bi, got, tc.want+tail)
		}
	}
}

func TestLine(t *testing.T) {
	if got := buildinfo.Line("lab"); !strings.HasPrefix(got, "lab ") || !strings.HasSuffix(got, runtime.GOARCH+"\n") {
		t.Errorf("Line = %q", got)
	}
}
