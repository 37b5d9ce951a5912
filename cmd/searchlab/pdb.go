package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"
	"sync"
	"text/tabwriter"
	"time"

	"github.com/searchlab/searchlab/internal/progress"
	"github.com/searchlab/searchlab/search"
	"github.com/searchlab/searchlab/sliding"
	"github.com/searchlab/searchlab/sliding/pdb"
)

const pdbDescription = `
Builds and lists the pattern databases that "searchlab sliding" uses to solve
15- and 24-puzzles (and other boards of up to 32 cells) optimally. A
database depends on the board size, the partition of the tiles into
patterns, and the goal cell of the blank up to the board's symmetries (the
four corners share one); tiles are named by their goal cells, so one
database serves every goal layout with the blank on those cells. Databases live in the user's cache directory
($XDG_CACHE_HOME/searchlab/pdb, or ~/.cache/searchlab/pdb), one file per
pattern, with a header and a checksum; a damaged or mismatched file is
rebuilt, never used. "searchlab sliding" uses the default set (7-8 on
4x4, 6-6-6-6 on 5x5) when it is built; until then it builds, once, a smaller
set that takes seconds (6-6-3, 5-5-5-5-4) and says so. "pdb build" builds
the default set ahead of time (4x4 7-8: about 15 s on two cores, 1 GB of memory,
288 MB on disk); --heuristic pdb --partition P in "searchlab sliding" builds
the set it names on first use.

Subcommands:
  build   build (or check) the databases for --size, --partition and --blank,
          and print what is ready; a progress bar shows on a terminal
  list    print the cached files: name, size, board, blank cell, pattern

Examples:
  searchlab pdb build --size 4x4 --partition 7-8
  searchlab pdb build --size 4x4 --partition 7-8 --blank first   # Korf's goal
  searchlab pdb list
`

func init() {
	register(command{
		name:    "pdb",
		summary: "build and list the pattern databases for optimal 15- and 24-puzzles",
		run:     runPDB,
	})
	pdbSolver = solveWithPDB
}

func runPDB(ctx context.Context, e *env, args []string) error {
	fs := newFlagSet(e, "pdb", "build|list [flags]", pdbDescription)
	if len(args) == 0 {
		fs.Usage()
		return badInputf("pdb: missing subcommand (build or list)")
	}
	switch args[0] {
	case "build":
		return runPDBBuild(ctx, e, args[1:])
	case "list":
		return runPDBList(e, args[1:])
	case "-h", "-help", "--help", "help":
		fs.Usage()
		return flag.ErrHelp
	}
	fs.Usage()
	return badInputf("pdb: unknown subcommand %q (want build or list)", args[0])
}

func runPDBBuild(ctx context.Context, e *env, args []string) error {
	fs := newFlagSet(e, "pdb build", "[--size WxH] [--partition P] [--blank CELL] [--dir DIR]", pdbDescription)
	size := fs.String("size", "4x4", "board `size` as WxH (at most 32 cells)")
	partition := fs.String("partition", "", "pattern sizes joined by '-', such as 7-8, 6-6-3, 5-5-5 or 6-6-6-6 (default: 7-8 on 4x4, 6-6-6-6 on 5x5), or the goal cells of each pattern, such as 1,2,3,4/5,6,7,8 on 3x3")
	blank := fs.String("blank", "last", "goal `cell` of the blank: first, last, or a number counted from 0 in reading order")
	dir := fs.String("dir", "", "database `directory` (default: the user cache)")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	w, h, err := sliding.ParseSize(*size)
	if err != nil {
		return badInputf("--size: %v", err)
	}
	asked, err := pdbParseBlank(*blank, w*h)
	if err != nil {
		return badInputf("--blank: %v", err)
	}
	part := *partition
	if part == "" {
		var ok bool
		if part, ok = pdb.DefaultPartition(w, h); !ok {
			return badInputf("--size: no pattern databases for %dx%d boards (at most 32 cells)", w, h)
		}
	}
	cell, part, err := pdb.Canonical(w, h, asked, part)
	if err != nil {
		return badInputf("--partition: %v", err)
	}
	start := time.Now()
	s, err := pdb.Open(ctx, w, h, cell, part, pdbOptions(e, *dir))
	if err != nil {
		return err
	}
	where := *dir
	if where == "" {
		where, _ = pdb.CacheDir()
	}
	var serves []string
	for c := range w * h {
		if pdb.CanonicalBlank(w, h, c) == cell {
			serves = append(serves, strconv.Itoa(c))
		}
	}
	fmt.Fprintf(e.stdout, "%dx%d %s, blank goal on cell %d (serves goals with the blank on cells %s): %d patterns, %d MB, ready in %v (%s)\n",
		w, h, s.Method(), cell, strings.Join(serves, ", "), len(s.Groups()), s.Bytes()>>20, time.Since(start).Round(time.Millisecond), where)
	return nil
}

func runPDBList(e *env, args []string) error {
	fs := newFlagSet(e, "pdb list", "[--dir DIR]", pdbDescription)
	dir := fs.String("dir", "", "database `directory` (default: the user cache)")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	where := *dir
	if where == "" {
		var err error
		if where, err = pdb.CacheDir(); err != nil {
			return err
		}
	}
	infos, err := pdb.List(where)
	if err != nil {
		return err
	}
	if len(infos) == 0 {
		fmt.Fprintf(e.stdout, "no pattern databases in %s\n", where)
		return nil
	}
	fmt.Fprintf(e.stdout, "%s:\n", where)
	tw := tabwriter.NewWriter(e.stdout, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "FILE\tMiB\tBOARD\tBLANK\tTILES (goal cells)\tSTATUS")
	for _, in := range infos {
		status := "ok"
		if in.Err != nil {
			status = in.Err.Error()
		}
		cells := make([]string, len(in.Cells))
		for i, c := range in.Cells {
			cells[i] = strconv.Itoa(c)
		}
		fmt.Fprintf(tw, "%s\t%.1f\t%dx%d\t%d\t%s\t%s\n", in.Name, float64(in.Size)/(1<<20), in.W, in.H, in.Blank, strings.Join(cells, " "), status)
	}
	return tw.Flush()
}

// pdbOptions reports building on e.stderr: a line per database built, and
// a progress bar when stderr is a terminal.
func pdbOptions(e *env, dir string) pdb.Options {
	o := pdb.Options{Dir: dir, Log: e.stderr}
	if e.stderrTerminal {
		var bar *progress.Bar
		var label, finished string
		o.Progress = func(name string, done, total int64) {
			if name == finished {
				return
			}
			if name != label {
				bar.Finish()
				label = name
				bar = progress.New(e.stderr, name, total)
			}
			bar.Set(done)
			if done == total {
				bar.Finish()
				bar, label, finished = nil, "", name
			}
		}
	}
	return o
}

func pdbParseBlank(s string, n int) (int, error) {
	switch s {
	case "first":
		return 0, nil
	case "last":
		return n - 1, nil
	}
	c, err := strconv.Atoi(s)
	if err != nil || c < 0 || c >= n {
		return 0, fmt.Errorf("%q is not first, last or a cell from 0 to %d", s, n-1)
	}
	return c, nil
}

// pdbSets keeps the sets opened by this process, so that a run over many
// boards reads each database once.
var pdbSets struct {
	sync.Mutex
	m    map[string]*pdb.Set
	note map[string]bool
}

// quickEntries is the most table entries a set may have for "searchlab
// sliding" to build it unasked: some seconds of building, tens of MB.
const quickEntries = 1 << 25

// quickPartitions are the sets "searchlab sliding" builds unasked where the
// default set is large and not yet cached: a second or a few of building
// (4x4 6-6-3: about 0.5 s; 5x5 5-5-5-5-4: about 3 s) and tens of MB, instead
// of about 15 s, a gigabyte of memory and hundreds of MB on disk. One board
// is answered sooner so; a batch gains by "searchlab pdb build" first.
var quickPartitions = map[[2]int]string{{4, 4}: "6-6-3", {5, 5}: "5-5-5-5-4"}

// solveWithPDB is the pdbSolver hook of "searchlab sliding". With auto
// (the user asked for no partition and no pattern databases), it uses the
// default set when it is cached or quick to build, else a smaller set that
// is quick to build, with a note on how to build the default set.
func solveWithPDB(ctx context.Context, e *env, b, goal sliding.Board, partition string, auto bool, lim search.Limits) (sliding.Solution, bool, error) {
	dir, err := pdb.CacheDir()
	if err != nil {
		return sliding.Solution{}, true, err
	}
	if partition == "" {
		var ok bool
		if partition, ok = pdb.DefaultPartition(b.W, b.H); !ok {
			pdbNote(e, fmt.Sprintf("searchlab: no pattern database fits a %dx%d board; using IDA* with linear conflicts\n", b.W, b.H))
			return sliding.Solution{}, false, nil
		}
		if auto {
			partition = autoPartition(e, dir, b.W, b.H, goal.Blank(), partition)
		}
	}
	blank, partition, err := pdb.Canonical(b.W, b.H, goal.Blank(), partition)
	if err != nil {
		return sliding.Solution{}, true, badInputf("--partition: %v", err)
	}
	key := fmt.Sprintf("%s|%dx%d|%d|%s", dir, b.W, b.H, blank, partition)
	pdbSets.Lock()
	s := pdbSets.m[key]
	if s == nil {
		s, err = pdb.Open(ctx, b.W, b.H, blank, partition, pdbOptions(e, dir))
		if err == nil {
			if pdbSets.m == nil {
				pdbSets.m = map[string]*pdb.Set{}
			}
			pdbSets.m[key] = s
		}
	}
	pdbSets.Unlock()
	if err != nil {
		return sliding.Solution{}, true, err
	}
	// solveWith has answered unsolvable boards before calling the hook.
	sol, err := s.Solve(ctx, b, goal, lim)
	return sol, true, err
}

// pdbNote writes a note once per process.
func pdbNote(e *env, msg string) {
	pdbSets.Lock()
	defer pdbSets.Unlock()
	if pdbSets.note == nil {
		pdbSets.note = map[string]bool{}
	}
	if !pdbSets.note[msg] {
		pdbSets.note[msg] = true
		io.WriteString(e.stderr, msg)
	}
}

// autoPartition returns def when its tables are all in dir or are quick to
// build, and otherwise the board's quick partition, with a note saying how to
// build def once.
func autoPartition(e *env, dir string, w, h, goalBlank int, def string) string {
	quick, ok := quickPartitions[[2]int{w, h}]
	if !ok || pdbEntries(w, h, goalBlank, def) <= quickEntries || pdbCached(dir, w, h, goalBlank, def) {
		return def
	}
	pdbNote(e, fmt.Sprintf("searchlab: the %s pattern databases for %dx%d boards are not built yet (about 15 s and 300 MB of disk, once); "+
		"using %s, built in seconds. For the fastest solver run: searchlab pdb build --size %dx%d\n", def, w, h, quick, w, h))
	return quick
}

// pdbEntries returns the table entries of a partition in all, or the
// largest int if it does not parse.
func pdbEntries(w, h, goalBlank int, spec string) uint64 {
	blank, spec, err := pdb.Canonical(w, h, goalBlank, spec)
	if err != nil {
		return math.MaxUint64
	}
	patterns, err := pdb.ParsePartition(w, h, blank, spec)
	if err != nil {
		return math.MaxUint64
	}
	var total uint64
	for _, p := range patterns {
		n := uint64(1)
		for i := range len(p) {
			n *= uint64(w*h - i)
		}
		total += n
	}
	return total
}

// pdbCached reports whether every table of a partition is in dir with a
// header that reads well.
func pdbCached(dir string, w, h, goalBlank int, spec string) bool {
	blank, spec, err := pdb.Canonical(w, h, goalBlank, spec)
	if err != nil {
		return false
	}
	patterns, err := pdb.ParsePartition(w, h, blank, spec)
	if err != nil {
		return false
	}
	infos, err := pdb.List(dir)
	if err != nil {
		return false
	}
	have := map[string]bool{}
	for _, in := range infos {
		if in.Err == nil && in.W == w && in.H == h && in.Blank == blank {
			have[fmt.Sprint(slices.Sorted(slices.Values(in.Cells)))] = true
		}
	}
	for _, p := range patterns {
		if !have[fmt.Sprint(slices.Sorted(slices.Values(p)))] {
			return false
		}
	}
	return true
}
