package cli_test

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/searchlab/searchlab/internal/cli"
	"github.com/searchlab/searchlab/internal/shard"
)

func TestParse(t *testing.T) {
	for _, tc := range []struct {
		args []string
		rest string
		n    int
		err  string
	}{
		{[]string{"a", "-n", "3", "b"}, "a b", 3, ""},
		{[]string{"-n=2", "--", "-n", "x"}, "-n x", 2, ""},
		{[]string{"a", "--", "b"}, "a b", 0, ""},
		{nil, "", 0, ""},
		{[]string{"--bogus"}, "", 0, "searchlab demo: flag provided but not defined: -bogus"},
		{[]string{"-n", "many"}, "", 0, `searchlab demo: invalid value "many" for flag -n: parse error`},
	} {
		var out bytes.Buffer
		fs := cli.NewFlagSet(&out, "searchlab demo", "[-n N] [file ...]", "Demonstrates.")
		n := fs.Int("n", 0, "a `number`")
		rest, err := cli.Parse(fs, tc.args)
		if tc.err != "" {
			var ue cli.UsageError
			if err == nil || err.Error() != tc.err || !errors.As(err, &ue) || !cli.IsInput(err) {
				t.Errorf("Parse(%q): %v, want the usage error %q", tc.args, err, tc.err)
			}
			continue
		}
		if err != nil || strings.Join(rest, " ") != tc.rest || *n != tc.n || out.Len() != 0 {
			t.Errorf("Parse(%q): %q, n %d, %v, output %q; want %q, n %d", tc.args, rest, *n, err, out.String(), tc.rest, tc.n)
		}
	}
}

func TestHelp(t *testing.T) {
	for _, tc := range []struct {
		flags bool
		want  string
	}{
		{true, "Usage: searchlab demo [-n N]\n\nDemonstrates.\n\nFlags:\n  --n number\n    \ta number\n"},
		{false, "Usage: searchlab demo\n\nDemonstrates.\n"},
	} {
		var out bytes.Buffer
		fs := cli.NewFlagSet(&out, "searchlab demo", map[bool]string{true: "[-n N]"}[tc.flags], "\nDemonstrates.\n")
		if tc.flags {
			fs.Int("n", 0, "a `number`")
		}
		if _, err := cli.Parse(fs, []string{"x", "-h"}); !errors.Is(err, flag.ErrHelp) || out.String() != tc.want {
			t.Errorf("-h: %v, %q; want flag.ErrHelp and %q", err, out.String(), tc.want)
		}
	}
}

func TestParseFlags(t *testing.T) {
	fs := cli.NewFlagSet(io.Discard, "searchlab demo", "", "")
	if err := cli.ParseFlags(fs, []string{"extra"}); err == nil || err.Error() != `searchlab demo: unexpected argument "extra"` {
		t.Errorf("ParseFlags with an argument: %v", err)
	}
	if err := cli.ParseFlags(fs, nil); err != nil {
		t.Errorf("ParseFlags(nil): %v", err)
	}
}

func demo() *cli.Program[string] {
	p := &cli.Program[string]{Name: "demo", Intro: "demo does things.", Outro: "The end.", InputErrors: []error{io.ErrUnexpectedEOF}}
	for name, err := range map[string]error{
		"ok":    nil,
		"fail":  errors.New("broken"),
		"input": cli.Inputf("line %d: bad", 3),
		"eof":   fmt.Errorf("reading: %w", io.ErrUnexpectedEOF),
		"more":  cli.StatusError{Code: 3, Err: errors.New("more")},
		"usage": cli.UsageError{Cmd: "demo usage", Err: errors.New("no such thing")},
	} {
		p.Add(cli.Command[string]{Name: name, Summary: "says " + name, Run: func(_ context.Context, env string, args []string) error {
			if len(args) > 0 && args[len(args)-1] == "-h" {
				return flag.ErrHelp
			}
			return err
		}})
	}
	p.Add(cli.Command[string]{Name: "version", Summary: "prints the version", Run: func(context.Context, string, []string) error { return nil }})
	return p
}

func TestProgram(t *testing.T) {
	for _, tc := range []struct {
		args           []string
		code           int
		stdout, stderr string
	}{
		{[]string{"ok"}, 0, "", ""},
		{[]string{"fail"}, 1, "", "demo: broken\n"},
		{[]string{"input"}, 2, "", "demo: line 3: bad\n"},
		{[]string{"eof"}, 2, "", "demo: reading: unexpected EOF\n"},
		{[]string{"more"}, 3, "", ""},
		{[]string{"usage"}, 2, "", "demo usage: no such thing\nRun \"demo usage -h\" for help.\n"},
		{[]string{"nosuch"}, 2, "", "demo: unknown command \"nosuch\"; \"demo help\" lists the commands\n"},
		{[]string{"help", "nosuch"}, 2, "", "demo: unknown command \"nosuch\"; \"demo help\" lists the commands\n"},
		{[]string{"help", "fail"}, 0, "", ""},
		{[]string{"--version"}, 0, "", ""},
		{[]string{"--help"}, 0, "demo does things.\n\nUsage: demo <command> [flags] [file ...]\n\nCommands:\n", ""},
		{[]string{"help", "help"}, 0, "demo does things.\n\nUsage: demo <command> [flags] [file ...]\n\nCommands:\n", ""},
		{nil, 2, "", "demo does things.\n"},
	} {
		var out, errb bytes.Buffer
		code := demo().Run(context.Background(), "env", &out, &errb, tc.args)
		if code != tc.code || !strings.HasPrefix(out.String(), tc.stdout) || !strings.HasPrefix(errb.String(), tc.stderr) || tc.stdout == "" && out.Len() > 0 {
			t.Errorf("demo %q: exit %d, stdout %q, stderr %q; want %d, %q, %q", tc.args, code, out.String(), errb.String(), tc.code, tc.stdout, tc.stderr)
		}
	}
	var out bytes.Buffer
	demo().Usage(&out)
	if !strings.Contains(out.String(), "  eof       says eof\n") || !strings.HasSuffix(out.String(), "\nThe end.\n") {
		t.Errorf("Usage: %q", out.String())
	}
}

type failAfter struct{ n int }

func (f *failAfter) Write(p []byte) (int, error) {
	if f.n <= 0 {
		return 0, errors.New("disk full")
	}
	f.n--
	return len(p), nil
}

func TestStickyWriter(t *testing.T) {
	s := &cli.StickyWriter{W: &failAfter{n: 1}}
	for i, want := range []string{"", "disk full", "disk full"} {
		_, err := s.Write([]byte("x"))
		if got := fmt.Sprint(err); want == "" && err != nil || want != "" && got != want {
			t.Errorf("write %d: %v, want %q", i, err, want)
		}
	}
	if err := s.Err(); err == nil || err.Error() != "disk full" {
		t.Errorf("Err: %v", err)
	}
}

func TestFlush(t *testing.T) {
	for _, tc := range []struct {
		before error
		want   string
	}{
		{nil, "disk full"},
		{errors.New("earlier"), "earlier"},
	} {
		out := bufio.NewWriter(&failAfter{})
		out.WriteString("x")
		err := tc.before
		cli.Flush(out, &err)
		if fmt.Sprint(err) != tc.want {
			t.Errorf("Flush after %v: %v, want %s", tc.before, err, tc.want)
		}
	}
}

func TestInterrupted(t *testing.T) {
	for _, tc := range []struct {
		err  error
		want string
	}{
		{context.Canceled, "interrupted"},
		{fmt.Errorf("search: %w; progress saved in ck", context.Canceled), "interrupted; progress saved in ck"},
		{errors.New("stopped"), "interrupted: stopped"},
	} {
		err := cli.Interrupted(tc.err)
		if err.Error() != tc.want || !errors.Is(err, tc.err) {
			t.Errorf("Interrupted(%v) = %q, want %q, wrapping it", tc.err, err, tc.want)
		}
	}
}

// TestWithTimeout checks that a timeout of 0 sets no deadline, and that
// another sets one that ends the context.
func TestWithTimeout(t *testing.T) {
	for _, tc := range []struct {
		d            time.Duration
		wantDeadline bool
	}{{0, false}, {time.Millisecond, true}, {time.Hour, true}} {
		ctx, cancel := cli.WithTimeout(context.Background(), tc.d)
		if _, ok := ctx.Deadline(); ok != tc.wantDeadline {
			t.Errorf("%v: deadline %v, want %v", tc.d, ok, tc.wantDeadline)
		}
		if tc.d == time.Millisecond {
			<-ctx.Done()
			if !errors.Is(ctx.Err(), context.DeadlineExceeded) {
				t.Errorf("%v: %v", tc.d, ctx.Err())
			}
		}
		cancel()
		if ctx.Err() == nil {
			t.Errorf("%v: not canceled by its cancel", tc.d)
		}
	}
}

// TestIsTerminal checks that a regular file and a pipe are not terminals,
// and that a character device, where there is one, is.
func TestIsTerminal(t *testing.T) {
	pipe := func() (*os.File, error) {
		r, w, err := os.Pipe()
		if err == nil {
			t.Cleanup(func() { w.Close() })
		}
		return r, err
	}
	for _, tc := range []struct {
		name string
		open func() (*os.File, error)
		want bool
	}{
		{"regular file", func() (*os.File, error) { return os.Create(filepath.Join(t.TempDir(), "out")) }, false},
		{"pipe", pipe, false},
		{"/dev/null", func() (*os.File, error) { return os.Open("/dev/null") }, true},
	} {
		f, err := tc.open()
		if err != nil {
			t.Logf("%s: %v", tc.name, err) // no such file on this system
			continue
		}
		if got := cli.IsTerminal(f); got != tc.want {
			t.Errorf("%s: got %v, want %v", tc.name, got, tc.want)
		}
		f.Close()
	}
}

// TestRunChecked checks that a write to stdout that failed where the
// command did not look fails a run that would end with status 0, and
// leaves the status of a failed run alone.
func TestRunChecked(t *testing.T) {
	p := &cli.Program[io.Writer]{Name: "demo"}
	for name, err := range map[string]error{"write": nil, "fail": errors.New("broken")} {
		p.Add(cli.Command[io.Writer]{Name: name, Run: func(_ context.Context, stdout io.Writer, _ []string) error {
			fmt.Fprintln(stdout, "hello") // the error is not looked at
			return err
		}})
	}
	for _, tc := range []struct {
		cmd    string
		stdout io.Writer
		code   int
		stderr string
	}{
		{"write", new(bytes.Buffer), 0, ""},
		{"write", &failAfter{n: 0}, 1, "demo: writing output: disk full\n"},
		{"fail", new(bytes.Buffer), 1, "demo: broken\n"},
		{"fail", &failAfter{n: 0}, 1, "demo: broken\n"},
	} {
		var errb bytes.Buffer
		code := p.RunChecked(context.Background(), func(stdout io.Writer) io.Writer { return stdout }, tc.stdout, &errb, []string{tc.cmd})
		if code != tc.code || errb.String() != tc.stderr {
			t.Errorf("%s to %T: exit %d, stderr %q; want %d, %q", tc.cmd, tc.stdout, code, errb.String(), tc.code, tc.stderr)
		}
		if b, ok := tc.stdout.(*bytes.Buffer); ok && b.String() != "hello\n" {
			t.Errorf("%s: stdout %q", tc.cmd, b.String())
		}
	}
}

// TestShardFlag checks that --shard reads a shard, refuses what is not
// one, and is the zero Shard, every puzzle, unless given.
func TestShardFlag(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want shard.Shard
		ok   bool
	}{
		{nil, shard.Shard{}, true},
		{[]string{"--shard", "1/3"}, shard.Shard{Index: 1, Count: 3}, true},
		{[]string{"--shard", "3/3"}, shard.Shard{}, false},
	} {
		fs := flag.NewFlagSet("test", flag.ContinueOnError)
		fs.SetOutput(io.Discard)
		s := cli.ShardFlag(fs)
		err := fs.Parse(tc.args)
		if (err == nil) != tc.ok || *s != tc.want {
			t.Errorf("%q: got %v, %v; want %v, ok %v", tc.args, *s, err, tc.want, tc.ok)
		}
	}
}
