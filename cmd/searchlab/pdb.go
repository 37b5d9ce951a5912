package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"time"

	"github.com/searchlab/searchlab/internal/cli"
	"github.com/searchlab/searchlab/internal/progress"
	"github.com/searchlab/searchlab/sliding"
	"github.com/searchlab/searchlab/sliding/pdb"
	"github.com/searchlab/searchlab/sliding/solve"
)

const pdbDescription = `
Builds, lists and verifies the pattern databases that "searchlab sliding"
uses to solve 15- and 24-puzzles (and other boards of up to 32 cells)
optimally. They live in the user's cache directory
($XDG_CACHE_HOME/searchlab/pdb, or ~/.cache/searchlab/pdb), one
checksummed file per pattern; a damaged file is rebuilt, never used.
"searchlab sliding" uses the default set (7-8 on 4x4, 6-6-6-6 on 5x5) once
built, and until then a small one that takes seconds.

Subcommands:
  build   build (or check) the databases for --size, --partition and --blank
  list    print the cached files
  verify  check every cached file's checksum; exit status 1 if any is damaged

Partitions: pattern sizes such as 7-8 or 6-6-6-6, or the goal cells of each
pattern; on 5x5 the catalogues "catalogue", "catalogue3" and "catalogue7"
take the largest of several partitions; a "zero:" prefix asks for
zero-aware tables. docs/cli.md describes them, the files and their stamps.

Examples:
  searchlab pdb build --size 4x4 --partition 7-8
  searchlab pdb build --size 5x5 --partition catalogue3 --blank first
  searchlab pdb list
  searchlab pdb verify
`

const pdbBuildDescription = `
Builds (or checks) the pattern databases for --size, --partition and
--blank, and prints what is ready; a progress bar shows on a terminal. The
4x4 7-8 set takes about 15 s on two cores, 1 GB of memory and 288 MB on
disk. "searchlab pdb -h" describes the partitions.
`

const pdbListDescription = `
Prints the cached pattern-database files: name, size, board, blank cell,
the pattern's tiles (by goal cell) and status.
`

const pdbVerifyDescription = `
Checks the checksum of every cached pattern-database file, whatever its
stamp says, stamps the good ones, and lists them with their status. Exit
status 1 if any is damaged; the next run that needs it rebuilds it.
`

func runPDB(ctx context.Context, e *env, args []string) error {
	fs := cli.NewFlagSet(e.stdout, "searchlab pdb", "build|list|verify [flags]", pdbDescription)
	if len(args) == 0 {
		return cli.UsageError{Cmd: "searchlab pdb", Err: errors.New("missing subcommand (build, list or verify)")}
	}
	switch args[0] {
	case "build":
		return runPDBBuild(ctx, e, args[1:])
	case "list":
		return runPDBList(e, args[1:], false)
	case "verify":
		return runPDBList(e, args[1:], true)
	case "-h", "-help", "--help", "help":
		cli.PrintHelp(fs)
		return flag.ErrHelp
	}
	return cli.UsageError{Cmd: "searchlab pdb", Err: fmt.Errorf("unknown subcommand %q (want build, list or verify)", args[0])}
}

func runPDBBuild(ctx context.Context, e *env, args []string) error {
	fs := cli.NewFlagSet(e.stdout, "searchlab pdb build", "[--size WxH] [--partition P] [--blank CELL] [--dir DIR]", pdbBuildDescription)
	size := fs.String("size", "4x4", "board `size` as WxH (at most 32 cells)")
	partition := fs.String("partition", "", "pattern sizes joined by '-', such as 7-8, 6-6-3, 5-5-5, 6-6-6-6 or 7-7-5-5 (default: 7-8 on 4x4, 6-6-6-6 on 5x5); the goal cells of each pattern, such as 1,2,3,4/5,6,7,8 on 3x3; on 5x5 catalogue (7 partitions, 14 tables, 893 MB), catalogue3 (3 partitions, 8 tables, 510 MB) or catalogue7 (6-6-6-6 and 7-7-5-5, 8 tables, 2.7 GB); or partitions as goal cells joined by '|', whose largest sum is the heuristic; any of these prefixed with zero: (such as zero:6-6-6-6) for zero-aware tables")
	blank := fs.String("blank", "last", "goal `cell` of the blank: first, last, or a number counted from 0 in reading order")
	dir := fs.String("dir", "", "database `directory` (default: the user cache)")
	if err := cli.ParseFlags(fs, args); err != nil {
		return err
	}
	w, h, err := sliding.ParseSize(*size)
	if err != nil {
		return cli.Inputf("--size: %v", err)
	}
	asked, err := pdb.ParseBlank(*blank, w*h)
	if err != nil {
		return cli.Inputf("--blank: %v", err)
	}
	part, err := pdb.PartitionFor(w, h, *partition)
	if err != nil {
		return cli.Inputf("--size: %v", err)
	}
	cell, part, err := pdb.Canonical(w, h, asked, part)
	if err != nil {
		return cli.Inputf("--partition: %v", err)
	}
	// Building is for keeping: a directory that cannot be written is
	// refused before the work.
	if err := pdb.CheckDir(*dir); err != nil {
		return cli.Inputf("--dir: %v", err)
	}
	opts := pdbOptions(e, *dir)
	opts.MustSave = true
	start := time.Now()
	s, err := pdb.Open(ctx, w, h, cell, part, opts)
	if err != nil {
		return err
	}
	where, _ := pdb.Dir(*dir)
	fmt.Fprintf(e.stdout, "%s, ready in %v (%s)\n", s, time.Since(start).Round(time.Millisecond), where)
	return nil
}

// runPDBList lists the cached files; with verify it checks each file's
// checksum first and fails if any is damaged.
func runPDBList(e *env, args []string, verify bool) error {
	name, description := "pdb list", pdbListDescription
	if verify {
		name, description = "pdb verify", pdbVerifyDescription
	}
	fs := cli.NewFlagSet(e.stdout, "searchlab "+name, "[--dir DIR]", description)
	dir := fs.String("dir", "", "database `directory` (default: the user cache)")
	if err := cli.ParseFlags(fs, args); err != nil {
		return err
	}
	l, err := pdb.ListDir(*dir, verify)
	if err != nil {
		return err
	}
	if err := l.WriteText(e.stdout); err != nil {
		return err
	}
	if damaged := l.Damaged(); damaged > 0 && verify {
		return fmt.Errorf("pdb verify: %d of %d files damaged; the next run that needs one rebuilds it", damaged, len(l.Files))
	}
	return nil
}

// pdbOptions reports building on e.stderr: a line per database built, and
// a progress bar when stderr is a terminal.
func pdbOptions(e *env, dir string) pdb.Options {
	o := pdb.Options{Dir: dir, Log: e.stderr}
	if e.stderrTerminal {
		o.Progress = progress.Stages(e.stderr)
	}
	return o
}

// newSolver returns the library's solver over the user's database cache,
// with o's search options, its notes and building progress on e.stderr,
// and without pattern databases where e says so.
func newSolver(e *env, o solve.Options) *solve.Solver {
	po := pdbOptions(e, "")
	o.Log, o.Progress, o.NoDatabases = po.Log, po.Progress, e.noDatabases
	return solve.New(o)
}
