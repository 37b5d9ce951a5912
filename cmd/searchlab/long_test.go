package main

import (
	"bufio"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/searchlab/searchlab/sliding"
	"github.com/searchlab/searchlab/sliding/solve"
)

// korfGoal16 is Korf's goal: the blank top-left.
const korfGoal16 = "0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15"

// korf1 is Korf's 15-puzzle instance 1, 57 moves; with the weak 3-3-3-3-3
// databases it takes some seconds, long enough to interrupt.
const korf1 = "14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3"

// TestCheckpointInterrupted stops "searchlab sliding --checkpoint" in a
// separate process once a later iteration has finished subtrees: with
// SIGINT (Ctrl-C: the checkpoint is written as it stops) and with SIGKILL
// (a crash: the last periodic checkpoint is all there is). Solving again
// with the same checkpoint gives the optimal answer and starts at the
// checkpoint's bound.
func TestCheckpointInterrupted(t *testing.T) {
	for _, tc := range []struct {
		name string
		sig  syscall.Signal
	}{{"ctrl-c", syscall.SIGINT}, {"crash", syscall.SIGKILL}} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			t.Setenv("XDG_CACHE_HOME", dir)
			ck := filepath.Join(dir, "korf1.ck")
			args := []string{"sliding", "--format", "line", "--goal", korfGoal16, "--heuristic", "pdb", "--partition", "3-3-3-3-3",
				"--checkpoint", ck, "--checkpoint-every", "30ms", "--progress", "20ms", "--path"}
			cmd := exec.Command(os.Args[0], args...)
			cmd.Env = append(os.Environ(), asCommand+"=1")
			cmd.Stdin = strings.NewReader(korf1 + "\n")
			stderr, err := cmd.StderrPipe()
			if err != nil {
				t.Fatal(err)
			}
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			re := regexp.MustCompile(`^bound (\d+) \|.*\| (\d+) subtrees done \| saved`)
			sc := bufio.NewScanner(stderr)
			first, signalled := 0, false
			var lines []string
			for sc.Scan() {
				lines = append(lines, sc.Text())
				m := re.FindStringSubmatch(sc.Text())
				if m == nil || signalled {
					continue
				}
				bound, _ := strconv.Atoi(m[1])
				done, _ := strconv.Atoi(m[2])
				if first == 0 {
					first = bound
				}
				if bound > first && done > 0 {
					cmd.Process.Signal(tc.sig)
					signalled = true
				}
			}
			err = cmd.Wait()
			if !signalled {
				t.Skipf("the solve ended before it could be interrupted: %v", err)
			}
			out := strings.Join(lines, "\n")
			ee, ok := err.(*exec.ExitError)
			switch {
			case !ok:
				t.Fatalf("interrupted: %v; stderr:\n%s", err, out)
			case tc.sig == syscall.SIGINT && (ee.ExitCode() != 1 || !strings.Contains(out, ": interrupted; progress saved in "+ck)):
				t.Fatalf("interrupted: %v, want exit status 1, \"interrupted\" and where the progress is; stderr:\n%s", err, out)
			}
			info, err := solve.ReadCheckpoint(ck)
			if err != nil {
				t.Fatal(err)
			}
			if info.Iterations == 0 || info.Solved {
				t.Fatalf("checkpoint %+v, want finished iterations", info)
			}
			code, stdout, errOut := runCLI(t, korf1+"\n", append(args, "--progress", "1ms")...)
			if code != 0 {
				t.Fatalf("resumed: exit %d, %s", code, errOut)
			}
			b, _ := sliding.ParseGoal(korf1, 4, 4)
			goal, _ := sliding.ParseGoal(korfGoal16, 4, 4)
			if n := replay(t, strings.TrimSpace(stdout), b, goal); n != 57 {
				t.Errorf("resumed: %d moves, want 57", n)
			}
			// The resumed run starts at the checkpoint's iteration: no
			// iteration below its bound is searched again. (The checkpoint's
			// own iteration may end before the first progress report, and
			// then it prints no line, so the first line may be a later one.)
			iters := regexp.MustCompile(`(?m)^bound (\d+) done`).FindAllStringSubmatch(errOut, -1)
			for _, it := range iters {
				if b, _ := strconv.Atoi(it[1]); b < info.Bound {
					t.Errorf("resumed run searched again the iteration of bound %d, below the checkpoint's %d:\n%s", b, info.Bound, errOut)
				}
			}
			// Solved: the checkpoint answers at once, with the same path.
			code, again, _ := runCLI(t, korf1+"\n", args...)
			if code != 0 || again != stdout {
				t.Errorf("solved checkpoint: exit %d, %q, want %q", code, again, stdout)
			}
		})
	}
}

// TestProgressPrinter checks the report lines that setup wires: redrawn
// in place on a terminal, a line each otherwise (with --progress), and a
// line per iteration once a report was written.
func TestProgressPrinter(t *testing.T) {
	for _, terminal := range []bool{true, false} {
		var buf strings.Builder
		f := longFlags{every: time.Minute}
		if !terminal {
			f.progress = time.Second
		}
		o, lines, err := f.setup(&env{stderr: &buf, stderrTerminal: terminal}, &slidingFlags{}, []sliding.Case{{Board: sliding.Standard(4, 4)}})
		if err != nil || lines == nil || o.Run.Progress == nil || o.Run.Iteration == nil {
			t.Fatalf("terminal %v: setup gave %v, progress lines %v", terminal, err, lines)
		}
		o.Run.Iteration(solve.IterationReport{Bound: 80})
		if buf.Len() != 0 {
			t.Errorf("terminal %v: a quick iteration wrote %q", terminal, buf.String())
		}
		o.Run.Progress(solve.Progress{Bound: 82, Expanded: 1234567890, IterationExpanded: 4567, Rate: 2.5e6, Subtrees: 12})
		o.Run.Iteration(solve.IterationReport{Bound: 82, Expanded: 99, Subtrees: 7, Workers: []solve.WorkerReport{{Busy: 1500 * time.Millisecond}, {Busy: 1499 * time.Millisecond}}})
		lines.Clear()
		got := buf.String()
		want := "bound 82 | 1.23G expanded, 4.6k this iteration | 2.50M/s | iteration 0s, all 0s | 12 subtrees done"
		if terminal {
			want = "\r" + want + "\x1b[K\r\x1b[Kbound 82 done: 99 expanded, 7 subtrees, 0s; workers busy 1.5s 1.499s\n"
		} else {
			want += "\nbound 82 done: 99 expanded, 7 subtrees, 0s; workers busy 1.5s 1.499s\n"
		}
		if got != want {
			t.Errorf("terminal %v:\n got %q\nwant %q", terminal, got, want)
		}
	}
}

// TestCheckpointBadUse checks the refusals: exit status 2 with a message.
func TestCheckpointBadUse(t *testing.T) {
	dir := t.TempDir()
	t.Setenv("XDG_CACHE_HOME", dir)
	ck := filepath.Join(dir, "ck")
	base := []string{"sliding", "--format", "line", "--goal", korfGoal16, "--heuristic", "pdb", "--partition", "3-3-3-3-3"}
	// A checkpoint of Korf's instance 1, stopped by a node cap.
	code, _, errOut := runCLI(t, korf1+"\n", append(base, "--checkpoint", ck, "--max-nodes", "100000")...)
	if code != 1 || !strings.Contains(errOut, "progress saved") {
		t.Fatalf("node cap: exit %d, %s", code, errOut)
	}
	damaged := filepath.Join(dir, "damaged")
	data, _ := os.ReadFile(ck)
	os.WriteFile(damaged, []byte(strings.Replace(string(data), `"bound":`, `"bound":1`, 1)), 0o644)
	tests := []struct {
		name  string
		input string
		args  []string
		msg   string
	}{
		{"another board", "13 5 4 10 9 12 8 14 2 3 7 1 0 15 11 6\n", append(base, "--checkpoint", ck), "another board"},
		{"other databases", korf1 + "\n", []string{"sliding", "--format", "line", "--goal", korfGoal16, "--heuristic", "pdb", "--partition", "5-5-5", "--checkpoint", ck}, "other pattern databases"},
		{"damaged", korf1 + "\n", append(base, "--checkpoint", damaged), "checksum mismatch"},
		{"two boards", korf1 + "\n" + korf1 + "\n", append(base, "--checkpoint", ck), "one board"},
		{"a 3x3 board", "1 2 3 4 5 6 7 0 8\n", []string{"sliding", "--format", "line", "--checkpoint", ck}, "table"},
		{"another algorithm", korf1 + "\n", []string{"sliding", "--format", "line", "--algo", "astar", "--checkpoint", ck}, "pattern-database search"},
		{"negative threads", korf1 + "\n", append(base, "--threads", "-1"), "--threads"},
		{"other pruning", korf1 + "\n", append(base, "--checkpoint", ck, "--prune", "2"), "other move pruning"},
		{"prune 1", korf1 + "\n", append(base, "--prune", "1"), "--prune"},
		{"prune 41", korf1 + "\n", append(base, "--prune", "41"), "--prune"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			code, out, errOut := runCLI(t, tc.input, tc.args...)
			if code != 2 || !strings.Contains(errOut, tc.msg) || out != "" {
				t.Errorf("exit %d, stdout %q, stderr %q; want 2 and %q", code, out, errOut, tc.msg)
			}
		})
	}
}

// TestInMemoryFlag solves Korf's instance 2 with the databases read into
// memory (--in-memory) and mapped: the same optimal length and, with one
// thread, the same nodes.
func TestInMemoryFlag(t *testing.T) {
	t.Setenv("XDG_CACHE_HOME", t.TempDir())
	base := []string{"sliding", "--format", "line", "--goal", korfGoal16, "--heuristic", "pdb", "--partition", "6-6-3", "--threads", "1", "--stats"}
	const korf2 = "13 5 4 10 9 12 8 14 2 3 7 1 0 15 11 6"
	nodes := regexp.MustCompile(`expanded \d+`)
	var runs []string
	for _, extra := range [][]string{nil, {"--in-memory"}} {
		code, out, errOut := runCLI(t, korf2+"\n", append(base, extra...)...)
		if code != 0 || strings.TrimSpace(out) != "55" {
			t.Fatalf("%v: exit %d, stdout %q, stderr %q; want 55 moves", extra, code, out, errOut)
		}
		runs = append(runs, nodes.FindString(errOut))
	}
	if runs[0] == "" || runs[0] != runs[1] {
		t.Errorf("mapped: %q, in memory: %q; want the same nodes", runs[0], runs[1])
	}
}
