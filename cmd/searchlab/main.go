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
	"io"
	"os"

	"github.com/searchlab/searchlab/internal/cli"
	"github.com/searchlab/searchlab/internal/input"
	"github.com/searchlab/searchlab/sliding/solve"
)

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

// program is searchlab's commands; each runs from its own file.
var program = cli.Program[*env]{
	Name:  "searchlab",
	Intro: "searchlab solves puzzles by state-space search.",
	Outro: `Commands read their input from the files named, or from stdin ("-" or
none). "searchlab help <command>" or "searchlab <command> -h" prints the
help of a command; "searchlab --version" the version. docs/cli.md has
them all.`,
	InputErrors: []error{solve.ErrInput},
}

func init() {
	for _, c := range []cli.Command[*env]{
		{Name: "compare", Summary: "run every algorithm and heuristic on one sliding-tile board, side by side", Run: runCompare},
		{Name: "pdb", Summary: "build, list and verify the pattern databases for optimal 15- and 24-puzzles", Run: runPDB},
		{Name: "serve", Summary: "serve the web page and the HTTP JSON API", Run: runServe},
		{Name: "sliding", Summary: "fewest moves for sliding-tile boards (8-puzzle, 15-puzzle, any W x H)", Run: runSliding},
		{Name: "stroke", Summary: "longest one-colour chain from the player (Alchemy Stars max combo)", Run: runStroke},
		{Name: "sudoku", Summary: "solve, count or generate Sudoku puzzles (4x4 to 25x25, bulk files)", Run: runSudoku},
		{Name: "trace", Summary: "write a search's steps as JSON lines (sliding, stroke, sudoku)", Run: runTrace},
		{Name: "version", Summary: "print the version, the source revision and the Go version of this searchlab", Run: runVersion},
	} {
		program.Add(c)
	}
}

func main() {
	program.Main(func(stdout io.Writer) *env {
		return &env{stdin: os.Stdin, stdout: stdout, stderr: os.Stderr, stderrTerminal: cli.IsTerminal(os.Stderr)}
	})
}

// inputs opens the files that args name, or stdin (input.Open); a file
// that cannot be opened is bad input.
func (e *env) inputs(args []string) ([]*input.Source, error) {
	srcs, err := input.Open(args, e.stdin)
	return srcs, cli.Input(err)
}
