// Command searchlab solves puzzles by state-space search: sliding-tile
// boards, Sudoku and one-stroke chains, with a choice of algorithms and a
// side-by-side comparison of them.
//
// Usage:
//
//	searchlab <command> [flags] [file ...]
//
// Commands read the files named, or stdin. Run "searchlab help" for the
// list of commands, "searchlab help <command>" for the flags of one, and
// "searchlab --version" for the version. Exit status is 0 on success, 2 for bad input or
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
	out := &stickyWriter{w: e.stdout}
	ee := *e
	ee.stdout = out
	code := runCommand(ctx, &ee, args)
	if code == 0 && out.err != nil {
		// A write that failed where the command did not look.
		code = exitCode(e, fmt.Errorf("writing output: %w", out.err))
	}
	return code
}

// runCommand runs the command that args name.
func runCommand(ctx context.Context, e *env, args []string) int {
	name := args[0]
	switch name {
	case "help", "-h", "-help", "--help":
		if len(args) == 1 {
			usage(e.stdout)
			return 0
		}
		// "help X Y" is "X Y -h".
		args = append(append([]string{}, args[1:]...), "-h")
		name = args[0]
		if _, ok := commands[name]; !ok {
			fmt.Fprintf(e.stderr, "searchlab: unknown command %q; \"searchlab help\" lists the commands\n", name)
			return 2
		}
	case "-version", "--version":
		name, args = "version", []string{"version"}
	}
	c, ok := commands[name]
	if !ok {
		fmt.Fprintf(e.stderr, "searchlab: unknown command %q; \"searchlab help\" lists the commands\n", name)
		return 2
	}
	return exitCode(e, c.run(ctx, e, args[1:]))
}

// exitCode prints err, if any, and maps it to an exit status.
func exitCode(e *env, err error) int {
	var ue usageError
	switch {
	case err == nil, errors.Is(err, flag.ErrHelp):
		return 0
	case errors.Is(err, errMore):
		return exitMore
	case errors.As(err, &ue):
		fmt.Fprintf(e.stderr, "searchlab %v\nRun \"searchlab %s -h\" for help.\n", err, ue.cmd)
		return 2
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
	fmt.Fprintln(w, "Usage: searchlab <command> [flags] [file ...]")
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
	fmt.Fprintln(w, `Commands read their input from the files named, or from stdin ("-" or`)
	fmt.Fprintln(w, `none). "searchlab help <command>" or "searchlab <command> -h" prints the`)
	fmt.Fprintln(w, `help of a command; "searchlab --version" the version. docs/cli.md has`)
	fmt.Fprintln(w, `them all.`)
}

// isTerminal reports whether f is a character device, such as a terminal.
func isTerminal(f *os.File) bool {
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}
