package solve_test

import (
	"context"
	"errors"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/searchlab/searchlab/search"
	"github.com/searchlab/searchlab/sliding"
	"github.com/searchlab/searchlab/sliding/solve"
)

// TestRun checks every algorithm and heuristic against the
// distance table on random 3x3 boards and two goals, and the errors of bad
// options.
func TestRun(t *testing.T) {
	t.Parallel()
	solver := solve.New(solve.Options{NoDatabases: true})
	defer solver.Close()
	rng := rand.New(rand.NewPCG(1, 2))
	spiral, _ := sliding.ParseGoal("1 2 3 8 0 4 7 6 5", 3, 3)
	for _, goal := range []sliding.Board{sliding.Standard(3, 3), spiral} {
		table := sliding.TableFor(goal)
		for range 20 {
			b := sliding.Scramble(rng, goal, 14)
			want := table.Distance(b)
			for _, m := range []solve.Method{
				{}, {Algorithm: sliding.BFS}, {Algorithm: sliding.IDDFS}, {Algorithm: sliding.AStar, Heuristic: "misplaced"},
				{Algorithm: sliding.IDAStar, Heuristic: "manhattan"}, {Algorithm: sliding.AStar, Heuristic: "linear"},
			} {
				sol, err := solver.Solve(context.Background(), b, goal, m, search.Limits{})
				if err != nil || sol.Len() != want || !sol.Optimal || sliding.Verify(b, goal, sol.Moves) != nil {
					t.Fatalf("%v %+v: %d moves (optimal %v, %v), want %d", b, m, sol.Len(), sol.Optimal, err, want)
				}
			}
		}
	}
	b := sliding.Standard(3, 3)
	for _, m := range []solve.Method{
		{Algorithm: sliding.AStar, Heuristic: "nosuch"},
		{Heuristic: "pdb"},
		{Algorithm: sliding.BFS, Heuristic: "pdb"},
	} {
		if _, err := solver.Solve(context.Background(), b, b, m, search.Limits{}); !errors.Is(err, solve.ErrInput) {
			t.Errorf("%+v: error %v does not match ErrInput", m, err)
		}
	}
	// The one bound rule: BFS and IDDFS on 3x4 and up need a node cap or a
	// deadline; BFS and A* get the memory guard.
	big := sliding.Standard(4, 3)
	for _, algo := range []sliding.Algorithm{sliding.BFS, sliding.IDDFS} {
		_, err := solver.Solve(context.Background(), big, big, solve.Method{Algorithm: algo}, search.Limits{})
		var ue *solve.UnboundedError
		if !errors.As(err, &ue) || !errors.Is(err, solve.ErrInput) || ue.States() != "2.4e+08" {
			t.Errorf("%s on 4x3 unbounded: %v", algo, err)
		}
		if _, err := solver.Solve(context.Background(), big, big, solve.Method{Algorithm: algo}, search.Limits{MaxNodes: 10}); err != nil {
			t.Errorf("%s on 4x3 with a cap: %v", algo, err)
		}
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		if _, err := solver.Solve(ctx, big, big, solve.Method{Algorithm: algo}, search.Limits{}); err != nil {
			t.Errorf("%s on 4x3 with a deadline: %v", algo, err)
		}
		cancel()
	}
	if got := solve.Limits(sliding.AStar, search.Limits{}).MaxNodes; got != solve.MemoryGuard {
		t.Errorf("A* unbounded: cap %d, want the memory guard", got)
	}
}

// TestRunDatabases checks that Auto answers through the pattern databases: the table
// for 3x3, pattern databases for 3x4 (with Background, IDA* with linear
// conflicts until the set is ready), and that heuristic pdb on a board no
// database fits is an input error.
func TestRunDatabases(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	solver := solve.New(solve.Options{Dir: t.TempDir(), Background: true})
	defer solver.Close()
	small := sliding.Scramble(rand.New(rand.NewPCG(3, 4)), sliding.Standard(3, 3), 10)
	if sol, err := solver.Solve(ctx, small, sliding.Standard(3, 3), solve.Method{}, search.Limits{}); err != nil || sol.Method != "table" {
		t.Errorf("3x3: %v, method %q", err, sol.Method)
	}
	goal := sliding.Standard(4, 3)
	big := sliding.Scramble(rand.New(rand.NewPCG(5, 6)), goal, 30)
	ref, err := sliding.Search(ctx, big, goal, sliding.Options{Algorithm: sliding.IDAStar, Tuned: true, Heuristic: sliding.LinearConflict(goal)})
	if err != nil {
		t.Fatal(err)
	}
	methods := map[string]bool{}
	for range 1000 {
		sol, err := solver.Solve(ctx, big, goal, solve.Method{}, search.Limits{})
		if err != nil || !sol.Optimal || sol.Len() != ref.Len() || sliding.Verify(big, goal, sol.Moves) != nil {
			t.Fatalf("4x3: %v, %+v; want %d moves", err, sol, ref.Len())
		}
		methods[sol.Method] = true
		if sol.Method == "pdb 6-5" {
			break
		}
		time.Sleep(10 * time.Millisecond)
	}
	if !methods["pdb 6-5"] {
		t.Errorf("4x3 answered by %v, never by the pattern databases", methods)
	}
	huge := sliding.Standard(6, 6)
	if _, err := solver.Solve(ctx, huge, huge, solve.Method{Heuristic: solve.HeuristicPDB}, search.Limits{}); !errors.Is(err, solve.ErrInput) {
		t.Errorf("pdb on 6x6: %v", err)
	}
	without := solve.New(solve.Options{NoDatabases: true})
	defer without.Close()
	if _, err := without.Solve(ctx, big, goal, solve.Method{Heuristic: solve.HeuristicPDB}, search.Limits{}); !errors.Is(err, solve.ErrInput) {
		t.Errorf("pdb with NoDatabases: %v", err)
	}
}

// TestCheckpointable checks which methods and board sizes can keep a
// checkpoint: the pattern-database search on boards beyond the tables.
func TestCheckpointable(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		m    solve.Method
		w, h int
		want string // "" for nil
	}{
		{solve.Method{}, 4, 4, ""},
		{solve.Method{Algorithm: sliding.Auto, Heuristic: "manhattan"}, 5, 5, ""},
		{solve.Method{Algorithm: sliding.IDAStar, Heuristic: "pdb"}, 4, 4, ""},
		{solve.Method{Algorithm: sliding.IDAStar, Heuristic: "linear"}, 4, 4, "solve: only the pattern-database search keeps a checkpoint"},
		{solve.Method{Algorithm: sliding.AStar, Heuristic: "pdb"}, 4, 4, "solve: only the pattern-database search keeps a checkpoint"},
		{solve.Method{}, 3, 3, "a 3x3 board is answered from a table at once; nothing to resume"},
		{solve.Method{}, 2, 4, "a 2x4 board is answered from a table at once; nothing to resume"},
		{solve.Method{}, 6, 6, "no pattern databases for 6x6 boards (at most 32 cells)"},
	} {
		err := solve.Checkpointable(tc.m, tc.w, tc.h)
		if tc.want == "" && err != nil || tc.want != "" && (err == nil || err.Error() != tc.want || !errors.Is(err, solve.ErrInput)) {
			t.Errorf("Checkpointable(%+v, %dx%d) = %v, want %q", tc.m, tc.w, tc.h, err, tc.want)
		}
	}
	if err := solve.Checkpointable(solve.Method{Algorithm: sliding.BFS}, 4, 4); !errors.Is(err, solve.ErrNoCheckpoint) {
		t.Errorf("Checkpointable of BFS: %v, want ErrNoCheckpoint", err)
	}
}

// TestDamagedCheckpoint checks that a checkpoint file that cannot be used
// is the caller's fault: its error matches solve.ErrCheckpoint and ErrInput.
func TestDamagedCheckpoint(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	ck := filepath.Join(dir, "ck")
	if err := os.WriteFile(ck, []byte("not a checkpoint\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	solver := solve.New(solve.Options{Dir: dir, Run: solve.RunOptions{Checkpoint: ck}})
	defer solver.Close()
	goal := sliding.Standard(4, 3)
	b := sliding.Scramble(rand.New(rand.NewPCG(5, 6)), goal, 30)
	_, err := solver.Solve(context.Background(), b, goal, solve.Method{}, search.Limits{})
	if !errors.Is(err, solve.ErrCheckpoint) || !errors.Is(err, solve.ErrInput) {
		t.Errorf("a damaged checkpoint: %v; want an error matching solve.ErrCheckpoint and solve.ErrInput", err)
	}
}

// TestAnswerLen checks the length of each kind of answer.
func TestAnswerLen(t *testing.T) {
	t.Parallel()
	three := sliding.Solution{Moves: []sliding.Move{sliding.Up, sliding.Left, sliding.Down}, Optimal: true}
	for _, tc := range []struct {
		name string
		a    solve.Answer
		want int
	}{
		{"lookup", solve.Answer{Lookup: true, Length: 7, Solvable: true}, 7},
		{"lookup, unsolvable", solve.Answer{Lookup: true, Length: -1}, -1},
		{"searched", solve.Answer{Solution: three, Solvable: true}, 3},
		{"searched, unsolvable", solve.Answer{Solution: sliding.Solution{Optimal: true, Method: "parity"}}, -1},
		{"solved already", solve.Answer{Solvable: true}, 0},
	} {
		if got := tc.a.Len(); got != tc.want {
			t.Errorf("%s: got %d, want %d", tc.name, got, tc.want)
		}
	}
}

// TestBatchUnbounded checks which board of a batch Run would refuse
// without a bound, and that a node cap or a deadline lifts the refusal.
func TestBatchUnbounded(t *testing.T) {
	t.Parallel()
	eight, fifteen := sliding.Standard(3, 3), sliding.Standard(4, 4)
	boards := []sliding.Board{eight, eight, fifteen, fifteen}
	for _, tc := range []struct {
		name     string
		bt       solve.Batch
		deadline bool
		want     int // the index refused, -1 for none
	}{
		{"bfs", solve.Batch{Boards: boards, Method: solve.Method{Algorithm: sliding.BFS}}, false, 2},
		{"iddfs", solve.Batch{Boards: boards, Method: solve.Method{Algorithm: sliding.IDDFS}}, false, 2},
		{"dfs", solve.Batch{Boards: boards, Method: solve.Method{Algorithm: sliding.DFS}}, false, 2},
		{"dfs, capped", solve.Batch{Boards: boards, Method: solve.Method{Algorithm: sliding.DFS}, Limits: search.Limits{MaxNodes: 10}}, false, -1},
		{"bfs, capped", solve.Batch{Boards: boards, Method: solve.Method{Algorithm: sliding.BFS}, Limits: search.Limits{MaxNodes: 10}}, false, -1},
		{"bfs, deadline", solve.Batch{Boards: boards, Method: solve.Method{Algorithm: sliding.BFS}}, true, -1},
		{"bfs, small boards", solve.Batch{Boards: boards[:2], Method: solve.Method{Algorithm: sliding.BFS}}, false, -1},
		{"auto", solve.Batch{Boards: boards}, false, -1},
		{"idastar", solve.Batch{Boards: boards, Method: solve.Method{Algorithm: sliding.IDAStar}}, false, -1},
	} {
		i, ue := tc.bt.Unbounded(tc.deadline)
		if i != tc.want || (ue != nil) != (tc.want >= 0) {
			t.Errorf("%s: got %d, %v; want %d", tc.name, i, ue, tc.want)
		}
		if ue != nil && (ue.W != 4 || ue.H != 4 || ue.Algorithm != tc.bt.Method.Algorithm || !errors.Is(ue, solve.ErrInput)) {
			t.Errorf("%s: %+v", tc.name, ue)
		}
	}
}

// TestLimitsBudget checks that every search gets the memory budget
// whatever node cap it has, and the node guard only where it has none.
func TestLimitsBudget(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		algo      sliding.Algorithm
		lim       search.Limits
		wantNodes int64
		wantBytes int64
	}{
		{sliding.BiBFS, search.Limits{MaxNodes: 20_000_000}, 20_000_000, solve.MemoryBudget},
		{sliding.AStar, search.Limits{MaxNodes: 10_000_000}, 10_000_000, solve.MemoryBudget},
		{sliding.AStar, search.Limits{}, solve.MemoryGuard, solve.MemoryBudget},
		{sliding.BFS, search.Limits{MaxBytes: 1 << 20}, solve.MemoryGuard, 1 << 20},
		{sliding.DFS, search.Limits{MaxNodes: 5}, 5, solve.MemoryBudget},
		{sliding.IDAStar, search.Limits{}, 0, solve.MemoryBudget},
	} {
		got := solve.Limits(tc.algo, tc.lim)
		if got.MaxNodes != tc.wantNodes || got.MaxBytes != tc.wantBytes {
			t.Errorf("%s %+v: nodes %d bytes %d, want %d and %d", tc.algo, tc.lim, got.MaxNodes, got.MaxBytes, tc.wantNodes, tc.wantBytes)
		}
	}
	// A large node cap does not lift the budget: a 16x16 bidirectional
	// BFS stops at it.
	huge := sliding.Scramble(rand.New(rand.NewPCG(3, 4)), sliding.Standard(16, 16), 400)
	solver := solve.New(solve.Options{NoDatabases: true})
	defer solver.Close()
	_, err := solver.Solve(context.Background(), huge, sliding.Standard(16, 16), solve.Method{Algorithm: sliding.BiBFS},
		search.Limits{MaxNodes: 20_000_000, MaxBytes: 4 << 20})
	if !errors.Is(err, search.ErrLimit) {
		t.Errorf("bibfs on 16x16 within 4 MB: %v, want the limit", err)
	}
}

// TestBatchSharesBudget checks that the boards a batch solves at once
// share its memory budget: a 3x3 BFS to 31 moves holds about 38 MB, which
// fits 50 MB alone but not half of it.
func TestBatchSharesBudget(t *testing.T) {
	t.Parallel()
	solver := solve.New(solve.Options{NoDatabases: true})
	defer solver.Close()
	far, _ := sliding.New(3, 3, []int{8, 6, 7, 2, 5, 4, 3, 0, 1})
	goal := sliding.Standard(3, 3)
	m := solve.Method{Algorithm: sliding.BFS}
	for _, n := range []int{1, 2} {
		bt := solve.Batch{Method: m, Limits: search.Limits{MaxBytes: 50 << 20}}
		for range n {
			bt.Boards, bt.Goals = append(bt.Boards, far), append(bt.Goals, goal)
		}
		workers := solver.Workers(m, bt.Boards)
		var errs []error
		err := solver.SolveBatch(context.Background(), bt, func(i int, a solve.Answer) error {
			errs = append(errs, a.Err)
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		for i, err := range errs {
			if want := workers > 1; errors.Is(err, search.ErrLimit) != want || !want && err != nil {
				t.Errorf("%d boards on %d workers, board %d: %v (want the limit: %v)", n, workers, i, err, want)
			}
		}
	}
}

// TestTally checks the summary of a batch's searches: counts added up,
// lookups and skipped boards left out, an unsolvable board proven, and a
// length not proven the fewest making the whole unproven.
func TestTally(t *testing.T) {
	t.Parallel()
	searched := func(optimal bool, expanded int64) solve.Answer {
		return solve.Answer{Solvable: true, Solution: sliding.Solution{Optimal: optimal, Stats: search.Stats{Expanded: expanded, Iterations: 1, PeakStored: int(expanded)}}}
	}
	unsolvable := solve.Answer{Solution: sliding.Solution{Optimal: true, Method: "parity"}}
	for _, tc := range []struct {
		name     string
		answers  []solve.Answer
		expanded int64
		optimal  bool
	}{
		{"none", nil, 0, true},
		{"optimal", []solve.Answer{searched(true, 5), searched(true, 7)}, 12, true},
		{"with an unsolvable board", []solve.Answer{searched(true, 5), unsolvable}, 5, true},
		{"one unproven", []solve.Answer{searched(true, 5), searched(false, 3)}, 8, false},
		{"lookups and skips", []solve.Answer{searched(true, 5), {Lookup: true, Length: 3, Solvable: true}, {Skipped: true}}, 5, true},
	} {
		var tally solve.Tally
		for _, a := range tc.answers {
			tally.Add(a)
		}
		sol := tally.Solution("astar", time.Second)
		if sol.Stats.Expanded != tc.expanded || sol.Optimal != tc.optimal || sol.Method != "astar" || sol.Stats.Elapsed != time.Second {
			t.Errorf("%s: got %+v; want %d expanded, optimal %v", tc.name, sol, tc.expanded, tc.optimal)
		}
	}
}

// TestAnswerReport checks the --stats line of a searched answer and of an
// unsolvable board.
func TestAnswerReport(t *testing.T) {
	t.Parallel()
	sol := sliding.Solution{Method: "idastar+linear", Optimal: true, Stats: search.Stats{Expanded: 3, Generated: 8, Iterations: 2}}
	for _, tc := range []struct {
		a    solve.Answer
		want string
	}{
		{solve.Answer{Solvable: true, Solution: sol}, sol.Report()},
		{solve.Answer{Solution: sliding.Solution{Optimal: true, Method: "parity"}}, "unsolvable (parity), no search"},
	} {
		if got := tc.a.Report(); got != tc.want {
			t.Errorf("got %q, want %q", got, tc.want)
		}
	}
}

// TestRequestCheck checks each fault Check finds, the field it names, and
// the order it looks in; every fault matches solve.ErrInput.
func TestRequestCheck(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name  string
		r     solve.Request
		want  string // the field of a *FieldError, or the message of another fault; "" for none
		isErr error  // a sentinel the fault matches, if any
	}{
		{"zero", solve.Request{}, "", nil},
		{"all given", solve.Request{Format: "line", Size: "4x4", Goal: "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 0", Algo: "idastar", Heuristic: "pdb", MaxNodes: 5, MaxDepth: 3, Timeout: time.Second}, "", nil},
		{"goal of an unknown size", solve.Request{Goal: "1 2 3 4 0 5"}, "", nil},
		{"format", solve.Request{Format: "csv"}, "format", nil},
		{"algo", solve.Request{Algo: "dijkstra"}, "algo", nil},
		{"heuristic", solve.Request{Heuristic: "euclid"}, "heuristic", nil},
		{"pdb with bfs", solve.Request{Algo: "bfs", Heuristic: "pdb"}, "heuristic pdb works with algorithm auto or idastar, not bfs", solve.ErrPDBAlgorithm},
		{"pdb with auto", solve.Request{Heuristic: "pdb"}, "", nil},
		{"negative", solve.Request{MaxDepth: -1}, "max nodes, max depth, timeout and weight must not be negative", solve.ErrNegative},
		{"size", solve.Request{Size: "4by4"}, "size", nil},
		{"size of a judge's format", solve.Request{Format: "boj1525", Size: "3x3"}, "size", nil},
		{"goal of the size", solve.Request{Size: "3x3", Goal: "1 2 3 4"}, "goal", nil},
		{"goal of a judge's format", solve.Request{Format: "boj11112", Goal: "1 2 3 4"}, "goal", nil},
		{"format before algo", solve.Request{Format: "csv", Algo: "dijkstra"}, "format", nil},
		{"bounds before size", solve.Request{Size: "4by4", MaxNodes: -1}, "max nodes, max depth, timeout and weight must not be negative", solve.ErrNegative},
	} {
		err := tc.r.Check()
		var fe *solve.FieldError
		got := ""
		switch {
		case errors.As(err, &fe):
			got = fe.Field
			if err.Error() != fe.Field+": "+fe.Err.Error() {
				t.Errorf("%s: message %q", tc.name, err)
			}
		case err != nil:
			got = err.Error()
		}
		if got != tc.want || err != nil && !errors.Is(err, solve.ErrInput) || tc.isErr != nil && !errors.Is(err, tc.isErr) {
			t.Errorf("%s: got %v (%q); want %q", tc.name, err, got, tc.want)
		}
	}
}
