package units_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"testing"

	"github.com/searchlab/searchlab/search"
	"github.com/searchlab/searchlab/sliding"
	"github.com/searchlab/searchlab/sliding/solve"
	"github.com/searchlab/searchlab/sliding/units"
)

// childBound, set in the environment, makes the test binary a child
// process that searches the units on its stdin to that bound and writes
// their answers on stdout, as "searchlab sliding run-units" does.
const childBound = "UNITS_TEST_CHILD_BOUND"

func TestMain(m *testing.M) {
	if b := os.Getenv(childBound); b != "" {
		if err := runChild(b); err != nil {
			fmt.Fprintln(os.Stderr, "child:", err)
			os.Exit(1)
		}
		os.Exit(0)
	}
	os.Exit(m.Run())
}

func runChild(bound string) error {
	ctx := context.Background()
	f, err := strconv.Atoi(bound)
	if err != nil {
		return err
	}
	lines, err := units.ReadUnits(os.Stdin)
	if err != nil {
		return err
	}
	dir, err := os.MkdirTemp("", "units-child")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	solver := solve.New(solve.Options{Dir: dir})
	defer solver.Close()
	set, err := solver.Units(ctx, 3, 3, 8, "4-4")
	if err != nil {
		return err
	}
	jobs := make([]units.Job, len(lines))
	for i, u := range lines {
		_, g, pu, err := u.Parse()
		if err != nil {
			return err
		}
		jobs[i] = units.Job{Line: u, Goal: g, Unit: pu, Bound: f, Set: set}
	}
	var answers []units.UnitAnswer
	for _, o := range units.Run(ctx, jobs, 1, search.Limits{}) {
		if o.Err != nil {
			return o.Err
		}
		if o.Searched {
			answers = append(answers, o.Answer)
		}
	}
	fmt.Fprintln(os.Stderr, "searched", len(answers), "units")
	return units.WriteLines(os.Stdout, answers)
}

// TestDrive drives one board's units to its solution in child processes,
// with the length of the set's own search, and their stderr through one
// writer; a failing child and a canceled context are errors.
func TestDrive(t *testing.T) {
	ctx := context.Background()
	set, b, goal, sp := units.SplitEight(t)
	want, err := set.Reference(ctx, b, goal)
	if err != nil {
		t.Fatal(err)
	}
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	plan := units.Plan{Split: sp, Units: units.New(1, sp, "4-4"), Method: "pdb 4-4"}
	var stderr strings.Builder
	child := func(env string) func(ctx context.Context, bound int) *exec.Cmd {
		return func(ctx context.Context, bound int) *exec.Cmd {
			cmd := exec.CommandContext(ctx, exe)
			cmd.Env = append(os.Environ(), childBound+"="+env+strconv.Itoa(bound))
			cmd.Stderr = &stderr
			return cmd
		}
	}
	sol, rounds, err := units.Drive(ctx, plan, units.Commands(plan.Units, 3, child("")))
	if err != nil || sol.Len() != want.Len() || !sol.Optimal || sliding.Verify(b, goal, sol.Moves) != nil {
		t.Fatalf("Drive: %d moves (optimal %v), %v; want %d", sol.Len(), sol.Optimal, err, want.Len())
	}
	if sol.Method != "pdb 4-4 (work units)" {
		t.Errorf("Drive: method %q", sol.Method)
	}
	if len(rounds) == 0 || !rounds[len(rounds)-1].Solved || strings.Count(stderr.String(), "searched") != 3*len(rounds) {
		t.Errorf("Drive: %d rounds, stderr %q", len(rounds), stderr.String())
	}
	if _, _, err := units.Drive(ctx, plan, units.Commands(plan.Units, 2, child("x"))); err == nil || !strings.Contains(err.Error(), "run-units (process") {
		t.Errorf("Drive with failing children: %v", err)
	}
	canceled, cancel := context.WithCancel(ctx)
	cancel()
	if _, _, err := units.Drive(canceled, plan, units.Commands(plan.Units, 2, child(""))); !errors.Is(err, search.ErrLimit) {
		t.Errorf("Drive canceled: %v, want search.ErrLimit", err)
	}
}

// TestRunCommands checks that RunCommands reads back what each process
// writes and names a process that fails.
func TestRunCommands(t *testing.T) {
	t.Parallel()
	sh, err := exec.LookPath("sh")
	if err != nil {
		t.Skip("no sh")
	}
	us := []units.WorkUnit{{Line: 1, Unit: 0}, {Line: 1, Unit: 1}, {Line: 1, Unit: 2}}
	ctx := context.Background()
	// Each process answers its first unit's number, read from its stdin.
	script := `read -r l; u=${l#*\"unit\":}; u=${u%%,*}; cat >/dev/null; echo "{\"line\":1,\"unit\":$u,\"bound\":5,\"next\":7}"`
	rs, err := units.RunCommands(ctx, us, 2, func(ctx context.Context) *exec.Cmd {
		return exec.CommandContext(ctx, sh, "-c", script)
	})
	if err != nil {
		t.Fatal(err)
	}
	// Each of the two processes answers the first unit of its share, with
	// the bound and next it wrote.
	want := []solve.UnitResult{{Index: 0, Bound: 5, Next: 7}, {Index: 1, Bound: 5, Next: 7}}
	if fmt.Sprint(rs) != fmt.Sprint(want) {
		t.Errorf("results %+v, want %+v", rs, want)
	}
	_, err = units.RunCommands(ctx, us, 2, func(ctx context.Context) *exec.Cmd {
		return exec.CommandContext(ctx, sh, "-c", "cat >/dev/null; exit 3")
	})
	if err == nil || !strings.Contains(err.Error(), "run-units (process 1 of 2)") {
		t.Errorf("failing processes: %v", err)
	}
}

// TestStep merges the results of two boards: one solved from the start
// (its units' results at its first bound hold a solution), one with every
// unit still to search.
func TestStep(t *testing.T) {
	ctx := context.Background()
	set, _, _, sp := units.SplitEight(t)
	solved := units.New(1, sp, "4-4")
	open := units.New(2, sp, "4-4")
	want, _ := set.Reference(ctx, sp.Board, sp.Goal)
	var answers []units.UnitAnswer
	todo, bound := solved, sp.H
	for range 40 {
		for _, o := range units.Run(ctx, jobsOf(t, set.UnitSet, todo, bound), 2, search.Limits{}) {
			if o.Searched {
				answers = append(answers, o.Answer)
			}
		}
		boards, err := units.Step(solved, answers)
		if err != nil || len(boards) != 1 {
			t.Fatalf("Step: %d boards, %v", len(boards), err)
		}
		if boards[0].Solution.Optimal {
			break
		}
		todo, bound = boards[0].Todo, boards[0].Next
	}
	boards, err := units.Step(append(solved, open...), answers)
	if err != nil || len(boards) != 2 {
		t.Fatalf("Step: %d boards, %v", len(boards), err)
	}
	if b := boards[0]; b.Line != 1 || !b.Solution.Optimal || b.Solution.Len() != want.Len() || b.Solution.Method != "pdb 4-4 (work units)" {
		t.Errorf("board 1: line %d, %d moves (optimal %v, method %q); want %d", b.Line, b.Solution.Len(), b.Solution.Optimal, b.Solution.Method, want.Len())
	}
	if b := boards[1]; b.Line != 2 || b.Solution.Optimal || b.Next != sp.H || len(b.Todo) != len(open) {
		t.Errorf("board 2: line %d, next %d, %d units to do; want %d at %d", b.Line, b.Next, len(b.Todo), len(open), sp.H)
	}
	var nu *units.NoUnitsError
	if _, err := units.Step(open, answers); !errors.As(err, &nu) {
		t.Errorf("Step with results of a board without units: %v", err)
	}
	bad := append([]units.UnitAnswer{}, answers...)
	bad = append(bad, answers[0])
	bad[len(bad)-1].Next++
	if boards, err := units.Step(solved, bad); err == nil || len(boards) != 1 || boards[0].Line != 1 {
		t.Errorf("Step with results that disagree: %d boards, %v", len(boards), err)
	}
}

// jobsOf returns the jobs that search the units to bound with set.
func jobsOf(t *testing.T, set *solve.UnitSet, us []units.WorkUnit, bound int) []units.Job {
	t.Helper()
	jobs := make([]units.Job, len(us))
	for i, u := range us {
		_, g, pu, err := u.Parse()
		if err != nil {
			t.Fatal(err)
		}
		jobs[i] = units.Job{Line: u, Goal: g, Unit: pu, Bound: bound, Set: set}
	}
	return jobs
}
