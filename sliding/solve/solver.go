// Package solve gives the fastest exact answer to any sliding-tile board,
// and owns the choice of method: the distance table for boards of up to 9
// cells, additive pattern databases (package sliding/pdb) for up to 32
// cells, IDA* with linear conflicts beyond. It keeps the tables and
// databases on disk, opens each set once, bounds the searches that would
// exhaust memory, solves batches on every core, and runs the textbook
// algorithms of package search by name for comparison.
//
//	solver := solve.New(solve.Options{}) // files in the user's cache
//	defer solver.Close()
//	sol, err := solver.Solve(ctx, board, goal, solve.Method{}, search.Limits{})
package solve

import (
	"cmp"
	"context"

	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/searchlab/searchlab/internal/atomicfile"
	"github.com/searchlab/searchlab/internal/regularfile"
	"github.com/searchlab/searchlab/search"
	"github.com/searchlab/searchlab/sliding"
	"github.com/searchlab/searchlab/sliding/pdb"
	"github.com/searchlab/searchlab/sliding/solve/internal/pdbsearch"
)

// ErrNotReady reports, from a Solver with Options.Background, that the
// pattern databases a board needs are still being opened or built in the
// background.
var ErrNotReady = errors.New("solve: pattern databases not ready yet")

// QuickEntries is the most table entries (over all patterns) that a Solver
// builds unasked for a board whose default set is not cached: a second or
// a few of building and tens of MB. Larger default sets (4x4 7-8, 5x5
// 6-6-6-6) are used once "searchlab pdb build" or pdb.Open has cached
// them; until then the Solver uses QuickPartition.
const QuickEntries = 1 << 25

// QuickPartition returns the partition a Solver uses for a w x h board
// while the default set is too large to build unasked and is not cached:
// "6-6-3" on 4x4 (5.8 MB, built in under a second) and "5-5-5-5-4" on
// 5x5 (13 MB, a few seconds). ok is false for the other sizes, whose
// default sets are built unasked.
func QuickPartition(w, h int) (partition string, ok bool) {
	switch {
	case w == 4 && h == 4:
		return "6-6-3", true
	case w == 5 && h == 5:
		return "5-5-5-5-4", true
	}
	return "", false
}

// BackgroundBuild and BackgroundOpen are the caps (Options.MaxBuild and
// MaxOpen, in table entries) of a Solver with Options.Background, such as
// a server's, whose sets are chosen by its clients: builds of 64 M entries
// hold the quick sets of 4x4 and 5x5 (38 M) and a few more, and 1.5 G
// entries of open sets hold the default sets of 4x4 and 5x5 (1.09 G) when
// "searchlab pdb build" has built them.
const (
	BackgroundBuild = 64 << 20
	BackgroundOpen  = 1536 << 20
)

// Options say where a Solver keeps its files, how it reports, and how its
// pattern-database searches run. The zero value keeps the files in
// pdb.CacheDir() and reports nothing.
type Options struct {
	// Dir is the directory of the pattern databases and distance tables;
	// "" means pdb.CacheDir().
	Dir string
	// Log, if not nil, receives notes on the choice of method and a line
	// for each file built or rebuilt.
	Log io.Writer
	// Progress, if not nil, is called as a database is built, with a label
	// naming it, the placements done and their total.
	Progress func(label string, done, total int64)
	// Background means never to make a solve wait for a set to be opened
	// or built: the set is opened in the background, and meanwhile boards
	// are solved by IDA* with linear conflicts (a server wants this).
	Background bool
	// MaxBuild and MaxOpen cap, in table entries (each at most a byte on
	// disk and in memory), the pattern databases the Solver builds over its
	// life (disk) and the sets it opens and keeps (memory): a set that
	// would pass either is not opened, and its boards are solved by IDA*
	// with linear conflicts, as where no database fits; heuristic pdb is
	// refused for them. 0 means BackgroundBuild and BackgroundOpen when
	// Background is set, else no cap; a negative value means no cap.
	MaxBuild, MaxOpen int64
	// NoDatabases solves without pattern databases and without files:
	// distance tables are built in memory, boards of more than 9 cells
	// are solved by IDA* with linear conflicts, and the heuristic "pdb" is
	// refused.
	NoDatabases bool
	// PruneLength and InMemory are passed to pdb.Open (see pdb.Options).
	PruneLength int
	InMemory    bool
	// Run adjusts each pattern-database search: its threads, a checkpoint
	// to keep and resume from, and progress reports (see RunOptions).
	Run RunOptions
}

// RunOptions adjust each pattern-database search: its threads, a
// checkpoint file to keep and resume from, and progress reports (see
// sliding/solve/internal/pdbsearch); Progress and IterationReport are what its reports
// carry.
type (
	RunOptions      = pdbsearch.RunOptions
	Progress        = pdbsearch.Progress
	IterationReport = pdbsearch.IterationReport
	WorkerReport    = pdbsearch.WorkerReport
	// CheckpointInfo describes a checkpoint file of a long solve.
	CheckpointInfo = pdbsearch.CheckpointInfo
)

// ErrCheckpoint reports a checkpoint file that cannot be used: damaged, of
// another version, or made for another board, goal or set of databases.
// A Solver's error for it also matches ErrInput.
var ErrCheckpoint = pdbsearch.ErrCheckpoint

// ReadCheckpoint describes the checkpoint file at path (RunOptions.Checkpoint).
// It fails with an error matching ErrCheckpoint if the file is damaged.
func ReadCheckpoint(path string) (CheckpointInfo, error) { return pdbsearch.ReadCheckpoint(path) }

// Solver solves sliding-tile boards of every size optimally by the fastest
// exact method this module has, and owns the choice:
//
//   - boards of up to 9 cells (3x3, 2x4 ...) are looked up in the distance
//     table of their goal (see sliding.Table), kept on disk beside the
//     databases;
//   - boards of 10 to 32 cells by IDA* over additive pattern databases: the
//     default set (pdb.DefaultPartition: 7-8 on 4x4, 6-6-6-6 on 5x5) when
//     it is cached or quick to build, else the QuickPartition set, built
//     once in seconds, with a note on Options.Log saying how to build the
//     default set;
//   - larger boards by IDA* with Manhattan distance and linear conflicts
//     (sliding.Solve), with a note.
//
// The choice is made once per board size and goal cell of the blank, and
// each set is opened (mapped, read or built) once and kept: the work per
// board is the search alone. A Solver is safe for concurrent use; make one
// with New and Close it when done.
type Solver struct {
	opts    Options
	ctx     context.Context // background opens; canceled by Close
	cancel  context.CancelFunc
	wg      sync.WaitGroup // background opens under way
	mu      sync.Mutex
	closed  bool
	entries map[entryKey]*choice
	notes   map[string]bool
	built   int64 // table entries built, against Options.MaxBuild
	opened  int64 // table entries of the sets opened, against Options.MaxOpen
	tables  map[string]*tableChoice
	sets    map[setKey]*setSlot
	// cached reports the entries of a set and whether its files are in a
	// directory (pdb.Cached); tests replace it on their own Solver.
	cached func(dir string, w, h, goalBlank int, partition string) (int64, bool)
}

// setKey names one set on disk: board size, canonical blank cell and
// canonical partition. Goals whose blank cells a symmetry maps onto each
// other share it.
type setKey struct {
	w, h, blank int
	partition   string
	pruneLen    int
}

// setSlot holds one opened set; mu is held while it is opened, so that two
// choices that need the same set open (or build) it once.
type setSlot struct {
	mu  sync.Mutex
	set *pdbsearch.Searcher
}

// tableChoice holds the distance table of one goal once it is loaded.
type tableChoice struct {
	once sync.Once
	t    *sliding.Table
}

// New returns a Solver that keeps its files in opts.Dir (""
// means pdb.CacheDir()), writes notes and build lines to opts.Log and
// reports building on opts.Progress. Nothing is opened until a board needs
// it (or Warm is called).
func New(opts Options) *Solver {
	ctx, cancel := context.WithCancel(context.Background())
	return &Solver{opts: opts, ctx: ctx, cancel: cancel, entries: map[entryKey]*choice{}, notes: map[string]bool{},
		tables: map[string]*tableChoice{}, sets: map[setKey]*setSlot{}, cached: pdb.Cached}
}

// Close stops the opening or building of sets under way in the background
// and waits for it to end. The Solver must not be used afterwards; the
// sets it opened stay valid for those who hold them.
func (s *Solver) Close() error {
	s.mu.Lock()
	s.closed = true
	s.mu.Unlock()
	s.cancel()
	s.wg.Wait()
	return nil
}

// entryKey names one choice: a board size, the goal cell of the blank as
// given (not canonical, so that a lookup costs no symmetry), and the
// partition asked for ("" for the automatic choice).
type entryKey struct {
	w, h, goalBlank int
	partition       string
}

// choice holds one choice of set and, once opened, the set.
type choice struct {
	open    sync.Mutex // held while the set is chosen and opened
	set     atomic.Pointer[pdbsearch.Searcher]
	none    atomic.Bool // no database fits: IDA* with linear conflicts
	started atomic.Bool // a background open has begun
}

func (s *Solver) entry(k entryKey) *choice {
	s.mu.Lock()
	defer s.mu.Unlock()
	e := s.entries[k]
	if e == nil {
		e = &choice{}
		s.entries[k] = e
	}
	return e
}

// Dir returns the directory the Solver keeps its files in.
func (s *Solver) Dir() (string, error) {
	return pdb.Dir(s.opts.Dir)
}

// fastest returns a fewest-move solution from b to goal, found by the
// method the Solver chooses for the board's size and goal (see Solver):
// Solve's answer for the zero Method. The first board of a size and goal
// may wait for its set to be opened or built, unless Options.Background is
// set: then that board is solved by IDA* with linear conflicts while the
// set opens.
func (s *Solver) fastest(ctx context.Context, b, goal sliding.Board, lim search.Limits) (sliding.Solution, error) {
	if sliding.TableSize(b.W, b.H) {
		return sliding.Search(ctx, b, goal, sliding.Options{Table: s.Table(goal)})
	}
	if s.opts.NoDatabases {
		return sliding.Search(ctx, b, goal, sliding.Options{Limits: lim})
	}
	for try := 0; ; try++ {
		set, err := s.set(ctx, entryKey{b.W, b.H, goal.Blank(), ""})
		switch {
		case errors.Is(err, pdb.ErrNoDatabase) || errors.Is(err, ErrNotReady):
			return sliding.Search(ctx, b, goal, sliding.Options{Limits: lim})
		case err != nil:
			return sliding.Solution{}, err
		}
		sol, err := s.solveSet(ctx, set, b, goal, lim)
		if !errors.Is(err, pdb.ErrDamaged) || try > 0 {
			return sol, err
		}
		// The set's files changed under it: open it again (its damaged
		// tables are rebuilt) and solve once more.
		s.logf("pdb: %v; opening the databases again", err)
	}
}

// solvePartition solves b for goal with pattern databases, whatever the
// board's size: with the given partition, built and cached on first use, or
// with "" the set that Solve chooses for the board. It returns an error
// matching pdb.ErrNoDatabase when no database fits the board or the
// partition does not parse, ErrNotReady when Options.Background is set and
// the set is still opening, and otherwise the errors of Solve.
func (s *Solver) solvePartition(ctx context.Context, b, goal sliding.Board, partition string, lim search.Limits) (sliding.Solution, error) {
	if err := sliding.Check(b, goal); err != nil {
		return sliding.Solution{}, err
	}
	set, err := s.set(ctx, entryKey{b.W, b.H, goal.Blank(), partition})
	if err != nil {
		return sliding.Solution{}, err
	}
	return s.solveSet(ctx, set, b, goal, lim)
}

// solveSet solves b for goal with set and the Solver's run options; an
// unusable checkpoint file is the caller's fault, so it matches ErrInput.
func (s *Solver) solveSet(ctx context.Context, set *pdbsearch.Searcher, b, goal sliding.Board, lim search.Limits) (sliding.Solution, error) {
	sol, err := set.Solve(ctx, b, goal, lim, s.opts.Run)
	if errors.Is(err, pdbsearch.ErrCheckpoint) {
		err = inputError{err}
	}
	return sol, err
}

// Set returns the set the Solver uses for w x h boards whose goal has the
// blank on cell goalBlank, with the given partition ("" for the automatic
// choice that Solve makes for the zero Method), opening or building it on first use. It
// returns an error matching pdb.ErrNoDatabase and ErrInput when no set
// fits the size, or the partition does not parse or fit.
func (s *Solver) Set(ctx context.Context, w, h, goalBlank int, partition string) (*pdb.Set, error) {
	set, err := s.searcher(ctx, w, h, goalBlank, partition)
	if err != nil {
		return nil, err
	}
	return set.Set(), nil
}

// searcher returns the search over the set that Set returns.
func (s *Solver) searcher(ctx context.Context, w, h, goalBlank int, partition string) (*pdbsearch.Searcher, error) {
	set, err := s.set(ctx, entryKey{w, h, goalBlank, partition})
	if errors.Is(err, pdb.ErrNoDatabase) {
		err = inputError{err}
	}
	return set, err
}

// Warm opens, in the background, the sets that Solve will use for w x h
// boards whose goal has the blank on cell goalBlank, and returns at once.
// Errors are written to Options.Log.
func (s *Solver) Warm(w, h, goalBlank int) {
	if s.opts.NoDatabases || sliding.TableSize(w, h) {
		return
	}
	k := entryKey{w, h, goalBlank, ""}
	s.background(s.entry(k), k)
}

// Ready reports whether the set that Solve uses for w x h boards whose
// goal has the blank on cell goalBlank is open (or none is needed).
func (s *Solver) Ready(w, h, goalBlank int) bool {
	if sliding.TableSize(w, h) || s.opts.NoDatabases {
		return true
	}
	e := s.entry(entryKey{w, h, goalBlank, ""})
	set := e.set.Load()
	return set != nil && !set.Set().Damaged() || e.none.Load()
}

func (s *Solver) background(e *choice, k entryKey) {
	if set := e.set.Load(); set != nil && !set.Set().Damaged() || e.none.Load() || !e.started.CompareAndSwap(false, true) {
		return
	}
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		e.started.Store(false)
		return
	}
	s.wg.Add(1)
	s.mu.Unlock()
	go func() {
		defer s.wg.Done()
		defer e.started.Store(false)
		// One background open (a build, at worst: a core and up to hundreds
		// of MB of disk) at a time in the process; the others wait their
		// turn, and their boards are answered without the set meanwhile.
		select {
		case backgroundOpens <- struct{}{}:
			defer func() { <-backgroundOpens }()
		case <-s.ctx.Done():
			return
		}
		if _, err := s.openEntry(s.ctx, e, k); err != nil && !errors.Is(err, pdb.ErrNoDatabase) && s.ctx.Err() == nil {
			s.logf("pdb: %dx%d boards, blank goal on cell %d: %v", k.w, k.h, k.goalBlank, err)
		}
	}()
}

// backgroundOpens holds a token while a background open runs: one at a
// time in the process, whatever the number of Solvers.
var backgroundOpens = make(chan struct{}, 1)

// set returns the opened set of k, opening it if need be (or, with
// Options.Background, starting to open it and returning ErrNotReady).
func (s *Solver) set(ctx context.Context, k entryKey) (*pdbsearch.Searcher, error) {
	if s.opts.NoDatabases {
		return nil, fmt.Errorf("%w: this solver does without them", pdb.ErrNoDatabase)
	}
	e := s.entry(k)
	if set := e.set.Load(); set != nil {
		if !set.Set().Damaged() {
			return set, nil
		}
		e.set.CompareAndSwap(set, nil)
	}
	if e.none.Load() {
		return nil, noneErr(k.w, k.h)
	}
	if s.opts.Background {
		s.background(e, k)
		return nil, ErrNotReady
	}
	return s.openEntry(ctx, e, k)
}

func noneErr(w, h int) error {
	return fmt.Errorf("%w for %dx%d boards (more than %d cells)", pdb.ErrNoDatabase, w, h, pdb.MaxCells)
}

// noDatabase is an error that matches pdb.ErrNoDatabase and reads as its
// cause.
type noDatabase struct{ err error }

func (e noDatabase) Error() string        { return e.err.Error() }
func (e noDatabase) Unwrap() error        { return e.err }
func (e noDatabase) Is(target error) bool { return target == pdb.ErrNoDatabase }

// openEntry chooses and opens the set of k once.
func (s *Solver) openEntry(ctx context.Context, e *choice, k entryKey) (*pdbsearch.Searcher, error) {
	e.open.Lock()
	defer e.open.Unlock()
	if set := e.set.Load(); set != nil && !set.Set().Damaged() {
		return set, nil
	}
	if e.none.Load() {
		return nil, noneErr(k.w, k.h)
	}
	dir, err := s.Dir()
	if err != nil {
		return nil, err
	}
	partition := k.partition
	if partition == "" {
		var ok bool
		if partition, ok = pdb.DefaultPartition(k.w, k.h); !ok {
			e.none.Store(true)
			s.note(fmt.Sprintf("searchlab: no pattern database fits a %dx%d board; using IDA* with linear conflicts", k.w, k.h))
			return nil, noneErr(k.w, k.h)
		}
		partition = s.choose(dir, k.w, k.h, k.goalBlank, partition)
	}
	pruneLen := s.opts.PruneLength
	if def, _ := pdb.DefaultPartition(k.w, k.h); pruneLen == 0 && k.partition == "" && partition != def && !pdb.MachineCached(dir, k.w, k.h, pdb.PruneLength(k.w, k.h)) {
		// The quick set stands in while the fast one is not built: so
		// does a machine that is quick to build.
		pruneLen = pdb.QuickPruneLength
	}
	blank, canon, err := pdb.Canonical(k.w, k.h, k.goalBlank, partition)
	if err != nil {
		return nil, noDatabase{err}
	}
	sk := setKey{k.w, k.h, blank, canon, pruneLen}
	s.mu.Lock()
	slot := s.sets[sk]
	if slot == nil {
		slot = &setSlot{}
		s.sets[sk] = slot
	}
	s.mu.Unlock()
	slot.mu.Lock()
	defer slot.mu.Unlock()
	if slot.set == nil {
		if err := s.admit(dir, k, partition); err != nil {
			return nil, err
		}
	}
	if slot.set == nil || slot.set.Set().Damaged() {
		opts := pdb.Options{Dir: dir, Log: s.opts.Log, Progress: s.opts.Progress, PruneLength: pruneLen, InMemory: s.opts.InMemory}
		set, err := pdb.Open(ctx, k.w, k.h, blank, canon, opts)
		if err != nil {
			return nil, err
		}
		slot.set = pdbsearch.New(set)
	}
	e.set.Store(slot.set)
	return slot.set, nil
}

// admit counts the set of partition for k against the Solver's caps
// (Options.MaxBuild, MaxOpen) before it is first opened, or returns an
// error matching pdb.ErrNoDatabase when it would pass one.
func (s *Solver) admit(dir string, k entryKey, partition string) error {
	maxBuild, maxOpen := s.opts.MaxBuild, s.opts.MaxOpen
	if s.opts.Background {
		maxBuild, maxOpen = cmp.Or(maxBuild, BackgroundBuild), cmp.Or(maxOpen, BackgroundOpen)
	}
	if maxBuild <= 0 && maxOpen <= 0 {
		return nil
	}
	entries, cached := s.cached(dir, k.w, k.h, k.goalBlank, partition)
	build := entries
	if cached {
		build = 0
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	var over string
	switch {
	case maxBuild > 0 && s.built+build > maxBuild:
		over = fmt.Sprintf("building them (%d entries) would pass this solver's cap of %d entries built", build, maxBuild)
	case maxOpen > 0 && s.opened+entries > maxOpen:
		over = fmt.Sprintf("opening them (%d entries) would pass this solver's cap of %d entries open", entries, maxOpen)
	default:
		s.built += build
		s.opened += entries
		return nil
	}
	err := noDatabase{fmt.Errorf("the %s pattern databases for %dx%d boards: %s", partition, k.w, k.h, over)}
	if !s.notes[err.Error()] && s.opts.Log != nil {
		s.notes[err.Error()] = true
		fmt.Fprintf(s.opts.Log, "searchlab: %v; using IDA* with linear conflicts\n", err)
	}
	return err
}

// choose returns def when its tables are cached in dir or quick to build,
// and otherwise the quick partition, with a note saying how to build def.
func (s *Solver) choose(dir string, w, h, goalBlank int, def string) string {
	quick, ok := QuickPartition(w, h)
	if !ok {
		return def
	}
	entries, cached := s.cached(dir, w, h, goalBlank, def)
	if entries <= QuickEntries || cached {
		return def
	}
	s.note(fmt.Sprintf("searchlab: the %s pattern databases for %dx%d boards are not built yet (about 15 s and 300 MB of disk, once); "+
		"using %s, built in seconds. For the fastest solver run: searchlab pdb build --size %dx%d", def, w, h, quick, w, h))
	return quick
}

// Table returns the distance table of goal, a board of at most 9 cells
// (see sliding.Table): read from the Solver's directory, where it is kept
// as NAME.tab beside the pattern databases, or built (about 20 ms for 3x3)
// and saved there the first time. A table file that does not read back
// whole and right is rebuilt, with a line on Options.Log; one that cannot
// be saved is used all the same. Tables are kept by goal for the life of
// the Solver, up to 32 goals; past that, and with Options.NoDatabases,
// tables come from sliding.TableFor, not from disk, so that a server asked
// for many goals does not fill the disk. It panics if goal has more than 9
// cells.
func (s *Solver) Table(goal sliding.Board) *sliding.Table {
	if !sliding.TableSize(goal.W, goal.H) {
		panic("solve: Solver.Table: board too large for a table")
	}
	if s.opts.NoDatabases {
		return sliding.TableFor(goal)
	}
	key := string([]byte{byte(goal.W), byte(goal.H)}) + string(goal.Tiles)
	s.mu.Lock()
	tc := s.tables[key]
	if tc == nil {
		if len(s.tables) >= maxTables {
			s.mu.Unlock()
			return sliding.TableFor(goal)
		}
		tc = &tableChoice{}
		s.tables[key] = tc
	}
	s.mu.Unlock()
	tc.once.Do(func() { tc.t = s.loadTable(goal, tableFileName(goal)) })
	return tc.t
}

// tableFileName names the file of goal's distance table.
func tableFileName(goal sliding.Board) string {
	var sb strings.Builder
	sb.WriteString(strconv.Itoa(goal.W) + "x" + strconv.Itoa(goal.H) + "-table")
	for i, t := range goal.Tiles {
		sep := byte('-')
		if i > 0 {
			sep = '.'
		}
		sb.WriteByte(sep)
		sb.WriteString(strconv.Itoa(int(t)))
	}
	sb.WriteString(tableExt)
	return sb.String()
}

const tableExt = ".tab"

// maxTables is the most goals whose tables a Solver keeps and caches on disk.
const maxTables = 32

func (s *Solver) loadTable(goal sliding.Board, name string) *sliding.Table {
	dir, err := s.Dir()
	if err != nil {
		return sliding.TableFor(goal)
	}
	path := filepath.Join(dir, name)
	// Mapped, not copied: the file is only ever replaced whole
	// (atomicfile), and UnmarshalBinary checks every byte all the same.
	data, err := regularfile.Map(path)
	if err == nil {
		t := new(sliding.Table)
		if err = t.UnmarshalBinary(data); err == nil && t.Goal().Equal(goal) {
			return t
		}
		if err == nil {
			err = fmt.Errorf("%w: the table of another goal", sliding.ErrTableData)
		}
		s.logf("pdb: %s: %v; rebuilding it", name, err)
	} else if !errors.Is(err, os.ErrNotExist) {
		s.logf("pdb: reading %s: %v; building the table", name, err)
	}
	t := sliding.TableFor(goal)
	if err := atomicfile.WriteMarshaled(dir, name, t, 0o644); err != nil {
		s.logf("pdb: could not save %s: %v; using it without caching", name, err)
	}
	return t
}

// note writes msg and a newline to Options.Log, once per Solver.
func (s *Solver) note(msg string) {
	s.mu.Lock()
	seen := s.notes[msg]
	s.notes[msg] = true
	s.mu.Unlock()
	if !seen && s.opts.Log != nil {
		io.WriteString(s.opts.Log, msg+"\n")
	}
}

func (s *Solver) logf(format string, args ...any) {
	if s.opts.Log != nil {
		fmt.Fprintf(s.opts.Log, format+"\n", args...)
	}
}
