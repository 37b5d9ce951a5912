package main

import (
	"bytes"
	"context"
	"flag"
	"io"
	"os"
	"strings"
	"testing"

	"github.com/searchlab/searchlab/internal/racetest"
)

// run runs searchlab in-process with the environment e and args, as main
// does, and returns the exit status.
func run(ctx context.Context, e *env, args []string) int {
	return program.RunChecked(ctx, func(stdout io.Writer) *env {
		ee := *e
		ee.stdout = stdout
		return &ee
	}, e.stdout, e.stderr, args)
}

// runCLI runs searchlab in-process with args and stdin, and returns its exit
// status, stdout and stderr.
func runCLI(t *testing.T, stdin string, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	return runEnv(t, env{}, stdin, args...)
}

// runEnv is runCLI with the settings of e besides its input and output.
func runEnv(t *testing.T, e env, stdin string, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errb bytes.Buffer
	e.stdin, e.stdout, e.stderr = strings.NewReader(stdin), &out, &errb
	code = run(context.Background(), &e, args)
	return code, out.String(), errb.String()
}

func TestTopLevel(t *testing.T) {
	tests := []struct {
		args     []string
		code     int
		inOutput string
	}{
		{nil, 2, "Usage: searchlab"},
		{[]string{"help"}, 0, "Commands:"},
		{[]string{"nosuch"}, 2, `unknown command "nosuch"`},
	}
	for _, tt := range tests {
		code, out, errOut := runCLI(t, "", tt.args...)
		if code != tt.code {
			t.Errorf("searchlab %v: exit %d, want %d", tt.args, code, tt.code)
		}
		if !strings.Contains(out+errOut, tt.inOutput) {
			t.Errorf("searchlab %v: output %q lacks %q", tt.args, out+errOut, tt.inOutput)
		}
	}
}

func TestEveryCommandHasHelp(t *testing.T) {
	for name := range program.Commands {
		code, out, errOut := runCLI(t, "", name, "-h")
		if code != 0 {
			t.Errorf("searchlab %s -h: exit %d", name, code)
		}
		if !strings.Contains(out+errOut, "Usage: searchlab "+name) {
			t.Errorf("searchlab %s -h: no usage line in %q", name, out+errOut)
		}
	}
}

// TestMain gives the tests a database cache and a configuration directory
// (where the key that signs checkpoints is made) of their own (an empty
// temporary directory), so that they neither read nor fill the user's;
// benchmarks (-test.bench) keep the user's cache, where the databases
// they time are built. With asCommand set in the environment the test
// binary runs as searchlab itself (the units tests start it as separate
// processes).
func TestMain(m *testing.M) {
	if os.Getenv(asCommand) == "1" {
		main()
		return
	}
	if racetest.Enabled {
		// A race-instrumented process sleeps a second at exit by default
		// (GORACE atexit_sleep_ms); the tests start this binary as a child
		// many times, so the children skip that sleep. They still
		// report races and exit with the race detector's status.
		os.Setenv("GORACE", strings.TrimSpace(os.Getenv("GORACE")+" atexit_sleep_ms=0"))
	}
	flag.Parse()
	if f := flag.Lookup("test.bench"); f == nil || f.Value.String() == "" {
		dir, err := os.MkdirTemp("", "searchlab-test-cache")
		if err != nil {
			panic(err)
		}
		os.Setenv("XDG_CACHE_HOME", dir)
		os.Setenv("XDG_CONFIG_HOME", dir) // the key that signs checkpoints
		code := m.Run()
		os.RemoveAll(dir)
		os.Exit(code)
	}
	os.Exit(m.Run())
}
