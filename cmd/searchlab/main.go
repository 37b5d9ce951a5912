// Command searchlab solves puzzles by state-space search: sliding-tile
// boards, Sudoku and one-stroke chains, with a choice of algorithms and a
// side-by-side comparison of them.
//
// Usage:
//
//	searchlab <command> [flags] < input
//
// Run "searchlab help" for the list of commands and "searchlab <command>
// -h" for the flags of one. Exit status is 0 on success, 2 for bad input or
// bad flags, and 1 for any other failure.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"sort"
	"strings"

	"github.com/searchlab/searchlab/api"
)

// command is one subcommand of searchlab. Each lives in its own file and
// registers itself from an init function.
type command struct {
	name    string
	summary string // one line for "searchlab help"
	run     func(ctx context.Context, env *env, args []string) error
}

// env is what a command reads from and writes to, so that tests can run
// commands in-process.
type env struct {
	stdin          io.Reader
	stdout, stderr io.Writer
	// stderrTerminal reports whether stderr is a terminal (for progress bars).
	stderrTerminal bool
	// noDatabases solves sliding boards without pattern databases or
	// files (tests of the other methods).
	noDatabases bool
}

var commands = map[string]command{}

func register(c command) {
	if _, dup := commands[c.name]; dup {
		panic("searchlab: command registered twice: " + c.name)
	}
	commands[c.name] = c
}

// errBadInput marks errors caused by the user's input or flags: they exit
// with status 2.
var errBadInput = errors.New("bad input")

// inputError is an error in the user's input or flags.
type inputError struct{ err error }

func (e inputError) Error() string        { return e.err.Error() }
func (e inputError) Unwrap() error        { return e.err }
func (e inputError) Is(target error) bool { return target == errBadInput }

// badInput marks err as caused by the user's input, for exit status 2.
func badInput(err error) error {
	if err == nil {
		return nil
	}
	return inputError{err}
}

// badInputf formats a message about bad input, for exit status 2.
func badInputf(format string, args ...any) error {
	return inputError{fmt.Errorf(format, args...)}
}

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	e := &env{stdin: os.Stdin, stdout: os.Stdout, stderr: os.Stderr, stderrTerminal: isTerminal(os.Stderr)}
	code := run(ctx, e, os.Args[1:])
	stop()
	os.Exit(code)
}

// run runs searchlab with the given arguments and returns the exit status.
func run(ctx context.Context, e *env, args []string) int {
	if len(args) == 0 {
		usage(e.stderr)
		return 2
	}
	name := args[0]
	switch name {
	case "help", "-h", "-help", "--help":
		if len(args) > 1 {
			if c, ok := commands[args[1]]; ok {
				return exitCode(e, c.run(ctx, e, []string{"-h"}))
			}
		}
		usage(e.stdout)
		return 0
	}
	c, ok := commands[name]
	if !ok {
		fmt.Fprintf(e.stderr, "searchlab: unknown command %q\n\n", name)
		usage(e.stderr)
		return 2
	}
	return exitCode(e, c.run(ctx, e, args[1:]))
}

// exitCode prints err, if any, and maps it to an exit status.
func exitCode(e *env, err error) int {
	switch {
	case err == nil, errors.Is(err, flag.ErrHelp):
		return 0
	case errors.Is(err, errMore):
		return exitMore
	case errors.Is(err, errBadInput), errors.Is(err, api.ErrInput):
		fmt.Fprintf(e.stderr, "searchlab: %v\n", err)
		return 2
	default:
		fmt.Fprintf(e.stderr, "searchlab: %v\n", err)
		return 1
	}
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "searchlab solves puzzles by state-space search.")
	fmt.Fprintln(w)
	fmt.Fprintln(w, "Usage: searchlab <command> [flags] < input")
	fmt.Fprintln(w)
	fmt.Fprintln(w, "Commands:")
	names := make([]string, 0, len(commands))
	for n := range commands {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		fmt.Fprintf(w, "  %-9s %s\n", n, commands[n].summary)
	}
	fmt.Fprintln(w)
	fmt.Fprintln(w, `Run "searchlab <command> -h" for the flags of a command.`)
}

// newFlagSet returns a flag set for a command whose usage text starts with
// synopsis and description, lists the flags, and goes to e.stderr.
// Parse errors are returned, not fatal.
func newFlagSet(e *env, name, synopsis, description string) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(e.stderr)
	fs.Usage = func() {
		w := fs.Output()
		fmt.Fprintf(w, "Usage: searchlab %s %s\n\n", name, synopsis)
		fmt.Fprintln(w, strings.TrimSpace(description))
		fmt.Fprintln(w)
		fmt.Fprintln(w, "Flags:")
		fs.PrintDefaults()
	}
	return fs
}

// parseFlags parses args into fs. A parse error is bad input; -h is
// flag.ErrHelp. Positional arguments are refused.
func parseFlags(fs *flag.FlagSet, args []string) error {
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return err
		}
		return badInput(err)
	}
	if fs.NArg() > 0 {
		return badInputf("%s: unexpected argument %q (input is read from stdin)", fs.Name(), fs.Arg(0))
	}
	return nil
}

// isTerminal reports whether f is a character device, such as a terminal.
func isTerminal(f *os.File) bool {
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}
