// Package cli is the plumbing of a command with subcommands: a program
// that dispatches to its commands and maps their errors to exit statuses,
// flag sets whose help goes to stdout, flags and arguments in any order,
// errors that mark bad input, ask for a given exit status or report work
// the user interrupted, and writers whose errors reach the exit status
// (StickyWriter, Flush).
package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"sort"
	"strings"
)

// errInput marks errors caused by the user's input or flags: they end a
// program with exit status 2. The library's refusals of input match
// solve.ErrInput, the one exported ErrInput, which a Program lists in
// InputErrors.
var errInput = errors.New("bad input")

// IsInput reports whether err is marked as caused by the user's input or
// flags (Input, Inputf, UsageError): what ends a program with exit status
// 2, besides the Program's InputErrors.
func IsInput(err error) bool { return errors.Is(err, errInput) }

// inputError is an error in the user's input or flags.
type inputError struct{ err error }

func (e inputError) Error() string        { return e.err.Error() }
func (e inputError) Unwrap() error        { return e.err }
func (e inputError) Is(target error) bool { return target == errInput }

// Input marks err as caused by the user's input, for exit status 2. It
// returns nil for a nil err.
func Input(err error) error {
	if err == nil {
		return nil
	}
	return inputError{err}
}

// Inputf formats a message about bad input, for exit status 2.
func Inputf(format string, args ...any) error {
	return inputError{fmt.Errorf(format, args...)}
}

// UsageError is a bad flag or argument of a command. Program.Exit prints
// it with a line naming the command's help, and exit status 2.
type UsageError struct {
	Cmd string // the command as typed, such as "searchlab sudoku generate"
	Err error
}

func (e UsageError) Error() string        { return e.Cmd + ": " + e.Err.Error() }
func (e UsageError) Unwrap() error        { return e.Err }
func (e UsageError) Is(target error) bool { return target == errInput }

// StatusError ends a program with exit status Code without a message:
// the command has said what there is to say.
type StatusError struct {
	Code int
	Err  error
}

func (e StatusError) Error() string { return e.Err.Error() }
func (e StatusError) Unwrap() error { return e.Err }

// Command is one subcommand of a program, run with an environment of type
// E (what it reads from and writes to) and the arguments after its name.
type Command[E any] struct {
	Name    string
	Summary string // one line for the program's help
	Run     func(ctx context.Context, env E, args []string) error
}

// Program is a command-line program made of subcommands.
type Program[E any] struct {
	Name     string // such as "searchlab"
	Intro    string // the help's first lines, before the usage line
	Outro    string // the help's last lines, after the commands
	Commands map[string]Command[E]
	// InputErrors are errors besides those of Input and Inputf that
	// errors.Is finds in the errors of bad input (exit status 2).
	InputErrors []error
}

// Add adds c to the program's commands. It panics if the name is taken.
func (p *Program[E]) Add(c Command[E]) {
	if _, dup := p.Commands[c.Name]; dup {
		panic(p.Name + ": command registered twice: " + c.Name)
	}
	if p.Commands == nil {
		p.Commands = map[string]Command[E]{}
	}
	p.Commands[c.Name] = c
}

// Run runs the command that args name and returns the exit status. With
// no arguments it prints the help on stderr (status 2); "help", -h and
// --help print it on stdout (so does "help help"), "help X Y" is "X Y -h",
// and --version runs
// the command "version".
func (p *Program[E]) Run(ctx context.Context, env E, stdout, stderr io.Writer, args []string) int {
	if len(args) == 0 {
		p.Usage(stderr)
		return 2
	}
	name := args[0]
	switch name {
	case "help", "-h", "-help", "--help":
		if len(args) == 1 || len(args) == 2 && args[1] == "help" {
			p.Usage(stdout)
			return 0
		}
		args = append(append([]string{}, args[1:]...), "-h")
		name = args[0]
	case "-version", "--version":
		name, args = "version", []string{"version"}
	}
	c, ok := p.Commands[name]
	if !ok {
		fmt.Fprintf(stderr, "%s: unknown command %q; \"%[1]s help\" lists the commands\n", p.Name, name)
		return 2
	}
	return p.Exit(stderr, c.Run(ctx, env, args[1:]))
}

// Exit prints err, if any, on stderr and returns its exit status: 0 for
// nil and flag.ErrHelp, a StatusError's code, 2 for bad input (a
// UsageError also names the help), 1 for any other error.
func (p *Program[E]) Exit(stderr io.Writer, err error) int {
	var ue UsageError
	var se StatusError
	switch {
	case err == nil, errors.Is(err, flag.ErrHelp):
		return 0
	case errors.As(err, &se):
		return se.Code
	case errors.As(err, &ue):
		fmt.Fprintf(stderr, "%v\nRun \"%s -h\" for help.\n", err, ue.Cmd)
		return 2
	}
	fmt.Fprintf(stderr, "%s: %v\n", p.Name, err)
	if errors.Is(err, errInput) {
		return 2
	}
	for _, target := range p.InputErrors {
		if errors.Is(err, target) {
			return 2
		}
	}
	return 1
}

// Usage writes the program's help: the intro, the usage line, the
// commands in alphabetical order with their summaries, and the outro.
func (p *Program[E]) Usage(w io.Writer) {
	fmt.Fprintf(w, "%s\n\nUsage: %s <command> [flags] [file ...]\n\nCommands:\n", p.Intro, p.Name)
	names := make([]string, 0, len(p.Commands))
	for n := range p.Commands {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		fmt.Fprintf(w, "  %-9s %s\n", n, p.Commands[n].Summary)
	}
	fmt.Fprintf(w, "\n%s\n", p.Outro)
}

// Interrupted returns err, the error of work stopped by the user (its
// context canceled, as on Ctrl-C), so that it reads "interrupted" in
// place of the cancellation, keeping what follows the cause, such as
// where the progress was saved. It still matches context.Canceled.
func Interrupted(err error) error { return interrupted{err} }

type interrupted struct{ err error }

func (e interrupted) Error() string {
	msg := e.err.Error()
	cause := context.Canceled.Error()
	if i := strings.Index(msg, cause); i >= 0 {
		return "interrupted" + msg[i+len(cause):]
	}
	return "interrupted: " + msg
}

func (e interrupted) Unwrap() error { return e.err }
