package cli

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/searchlab/searchlab/internal/shard"
)

// NewFlagSet returns a flag set for the command name (as typed, such as
// "searchlab sudoku generate") whose help text is a usage line (the name,
// then synopsis), the description, and the flags, if it has any. The flag
// package prints nothing itself: -h prints the help on stdout (see Parse),
// and a parse error is returned as a UsageError.
func NewFlagSet(stdout io.Writer, name, synopsis, description string) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	out := &flagOutput{w: stdout}
	fs.SetOutput(out)
	fs.Usage = func() {
		if !out.on {
			return // a parse error: the caller reports it
		}
		w := fs.Output()
		fmt.Fprintln(w, strings.TrimSpace("Usage: "+name+" "+synopsis))
		if d := strings.TrimSpace(description); d != "" {
			fmt.Fprintf(w, "\n%s\n", d)
		}
		any := false
		fs.VisitAll(func(*flag.Flag) { any = true })
		if any {
			fmt.Fprintln(w, "\nFlags:")
			printFlags(w, fs)
		}
	}
	return fs
}

// printFlags writes fs's flags as flag.PrintDefaults does, each named
// --name as the documentation and most commands write it (the flag
// package takes -name and --name alike).
func printFlags(w io.Writer, fs *flag.FlagSet) {
	var buf strings.Builder
	out := fs.Output()
	fs.SetOutput(&buf)
	fs.PrintDefaults()
	fs.SetOutput(out)
	for _, line := range strings.SplitAfter(buf.String(), "\n") {
		if rest, ok := strings.CutPrefix(line, "  -"); ok {
			line = "  --" + rest
		}
		io.WriteString(w, line)
	}
}

// flagOutput is a flag set's output: silent, until the help is asked for.
type flagOutput struct {
	w  io.Writer
	on bool
}

func (o *flagOutput) Write(p []byte) (int, error) {
	if !o.on {
		return len(p), nil
	}
	return o.w.Write(p)
}

// PrintHelp writes the help text of fs, a flag set from NewFlagSet, on
// its stdout.
func PrintHelp(fs *flag.FlagSet) {
	if o, ok := fs.Output().(*flagOutput); ok {
		o.on = true
		defer func() { o.on = false }()
	}
	fs.Usage()
}

// Parse parses args into fs and returns the arguments that are not flags.
// Flags may come before, between and after them; "--" ends the flags. -h
// prints the help and returns flag.ErrHelp; a bad flag is a UsageError.
func Parse(fs *flag.FlagSet, args []string) ([]string, error) {
	var rest []string
	for {
		if err := fs.Parse(args); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				PrintHelp(fs)
				return nil, err
			}
			return nil, UsageError{fs.Name(), err}
		}
		left := fs.Args()
		if len(left) == 0 {
			return rest, nil
		}
		if used := len(args) - len(left); used > 0 && args[used-1] == "--" {
			return append(rest, left...), nil
		}
		rest = append(rest, left[0])
		args = left[1:]
	}
}

// ParseFlags is Parse for commands that take no arguments besides flags:
// an argument is a UsageError.
func ParseFlags(fs *flag.FlagSet, args []string) error {
	rest, err := Parse(fs, args)
	if err != nil {
		return err
	}
	if len(rest) > 0 {
		return UsageError{fs.Name(), fmt.Errorf("unexpected argument %q", rest[0])}
	}
	return nil
}

// StickyWriter passes writes on to W until one fails, and then fails
// every later one with that first error, which Err reports: output cut
// short need not end with exit status 0 where a command did not look.
type StickyWriter struct {
	W   io.Writer
	err error
}

func (s *StickyWriter) Write(p []byte) (int, error) {
	if s.err != nil {
		return 0, s.err
	}
	n, err := s.W.Write(p)
	if err != nil {
		s.err = err
	}
	return n, err
}

// Err returns the first write error, or nil.
func (s *StickyWriter) Err() error { return s.err }

// Flush flushes out and, where *err is nil, sets it to the flush's error:
// "defer cli.Flush(out, &err)" in a function with a named error result.
func Flush(out *bufio.Writer, err *error) {
	if ferr := out.Flush(); *err == nil && ferr != nil {
		*err = ferr
	}
}

// ShardUsage is the help of the --shard flag that ShardFlag adds, the same
// on every bulk command.
const ShardUsage = "answer only shard `k/n` of the input: the puzzles whose index (from 0) is k modulo n, so that n workers (k = 0..n-1) answer each puzzle once; --json lines keep their input numbers"

// ShardFlag adds the flag --shard to fs and returns its value: the zero
// shard.Shard, every puzzle, unless the flag is given.
func ShardFlag(fs *flag.FlagSet) *shard.Shard {
	s := new(shard.Shard)
	fs.Var(s, "shard", ShardUsage)
	return s
}
