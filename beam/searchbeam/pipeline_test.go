package searchbeam

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem"
	_ "github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem/memfs"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/testing/ptest"

	"github.com/searchlab/searchlab/api"
	"github.com/searchlab/searchlab/search"
	"github.com/searchlab/searchlab/sliding"
	"github.com/searchlab/searchlab/sliding/solve"
	"github.com/searchlab/searchlab/sliding/units"
)

// TestMain runs the pipelines on Prism, in this process (loopback: no
// network service beyond 127.0.0.1). Beam's loopback worker leaves a file
// in the temporary directory on every run, so the tests get a temporary
// directory of their own, removed at the end.
func TestMain(m *testing.M) {
	tmp, err := os.MkdirTemp("", "searchbeam-test-")
	if err != nil {
		panic(err)
	}
	os.Setenv("TMPDIR", tmp)
	code := ptest.MainRet(m)
	os.RemoveAll(tmp)
	os.Exit(code)
}

var korf24 = flag.Bool("beam.korf24", false, "TestSolveHardBoards: also Korf's 24-puzzle #40 with 6-6-6-6 (about a minute, and 4 x 60 MB of databases)")

// readAnswers reads a file of JSON lines into values of type T.
func readAnswers[T any](t *testing.T, path string) []T {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var out []T
	for _, l := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		var v T
		if err := json.Unmarshal([]byte(l), &v); err != nil {
			t.Fatalf("%s: %q: %v", path, l, err)
		}
		out = append(out, v)
	}
	return out
}

// sudokuValid reports whether sol is a filled 9x9 grid that keeps the
// givens of puzzle and repeats no digit in a row, column or box.
func sudokuValid(puzzle, sol string) bool {
	if len(sol) != 81 || len(puzzle) != 81 {
		return false
	}
	for i := range 81 {
		if p := puzzle[i]; p != '.' && p != '0' && p != sol[i] {
			return false
		}
	}
	for u := range 27 {
		seen := map[byte]bool{}
		for k := range 9 {
			var r, c int
			switch {
			case u < 9:
				r, c = u, k
			case u < 18:
				r, c = k, u-9
			default:
				b := u - 18
				r, c = b/3*3+k/3, b%3*3+k%3
			}
			d := sol[r*9+c]
			if d < '1' || d > '9' || seen[d] {
				return false
			}
			seen[d] = true
		}
	}
	return true
}

// strokeLines returns the boards of a file in the classic stroke format
// (a size line, then the rows) as rows joined by '/'.
func strokeLines(t *testing.T, path string) []string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	lines := strings.Fields(string(data))
	for i := 0; i < len(lines); {
		n, err := strconv.Atoi(lines[i])
		if err != nil {
			t.Fatalf("%s: %q is not a size", path, lines[i])
		}
		i++
		if _, err := strconv.Atoi(lines[i]); err == nil { // "R C"
			i++
		}
		out = append(out, strings.Join(lines[i:i+n], "/"))
		i += n
	}
	return out
}

// TestSolveFiles runs the file pipeline on two mixed files (Sudoku,
// sliding tiles and one-stroke boards, a comment, bad lines) and checks
// every answer: in input order per file, each Sudoku solution valid for
// its puzzle, each sliding answer of the fewest moves (the 3x3 distance
// table; IDA* with linear conflicts for 4x4) and a path that reaches the
// goal, each one-stroke length the one the README gives.
func TestSolveFiles(t *testing.T) {
	dir := t.TempDir()
	sdk, err := os.ReadFile("../../examples/sudoku.txt")
	if err != nil {
		t.Fatal(err)
	}
	puzzles := strings.Fields(string(sdk))
	strokes := strokeLines(t, "../../examples/stroke.txt")
	strokeWant := []string{"G 10", "G 6", "Y 9", "G 26", "G 4"}
	rng := rand.New(rand.NewPCG(4, 2))
	var slides []sliding.Board
	for range 6 {
		slides = append(slides, sliding.Random(rng, 3, 3))
	}
	slides = append(slides, sliding.Scramble(rng, sliding.Standard(4, 4), 60))

	type want struct {
		kind  string
		input string
		check func(t *testing.T, raw json.RawMessage)
	}
	var wants []want
	for _, p := range puzzles {
		wants = append(wants, want{"sudoku", p, func(t *testing.T, raw json.RawMessage) {
			var a api.SudokuAnswer
			json.Unmarshal(raw, &a)
			if a.Solutions < 1 || !sudokuValid(p, a.Solution) {
				t.Errorf("sudoku %s: %+v is not a solution", p, a)
			}
		}})
	}
	for _, b := range slides {
		goal := sliding.Standard(b.W, b.H)
		input := fmt.Sprintf("%dx%d %s", b.W, b.H, units.Tiles(b))
		wants = append(wants, want{"sliding", input, func(t *testing.T, raw json.RawMessage) {
			var a api.SlidingAnswer
			json.Unmarshal(raw, &a)
			best := -1
			if b.W*b.H == 9 {
				best = sliding.TableFor(goal).Distance(b)
			} else if sol, err := sliding.Search(context.Background(), b, goal, sliding.Options{Algorithm: sliding.IDAStar, Tuned: true, Heuristic: sliding.LinearConflict(goal)}); err == nil {
				best = sol.Len()
			}
			moves, _ := sliding.ParseMoves(a.Moves)
			if a.Length != best || (best >= 0 && sliding.Verify(b, goal, moves) != nil) {
				t.Errorf("sliding %s: %+v, want %d moves", input, a, best)
			}
		}})
	}
	for i, s := range strokes {
		wants = append(wants, want{"stroke", s, func(t *testing.T, raw json.RawMessage) {
			var a api.StrokeAnswer
			json.Unmarshal(raw, &a)
			if got := fmt.Sprintf("%s %d", a.Colour, a.Length); got != strokeWant[i] || !a.Optimal {
				t.Errorf("stroke %s: %+v, want %s", s, a, strokeWant[i])
			}
		}})
	}
	rng.Shuffle(len(wants), func(i, j int) { wants[i], wants[j] = wants[j], wants[i] })

	// Two files, each with a comment and a bad line.
	files := []string{filepath.Join(dir, "a.txt"), filepath.Join(dir, "b.txt")}
	half := len(wants) / 2
	parts := [][]want{wants[:half], wants[half:]}
	for k, f := range files {
		var sb strings.Builder
		sb.WriteString("# mixed puzzles\n")
		for _, w := range parts[k] {
			sb.WriteString(w.kind + " " + w.input + "\n")
		}
		sb.WriteString("sudoku 12345\n")
		if err := os.WriteFile(f, []byte(sb.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	out := filepath.Join(dir, "out")
	os.Mkdir(out, 0o755)
	p, s := beam.NewPipelineWithRoot()
	SolveFiles(s, []string{filepath.Join(dir, "*.txt")}, out, Options{Kind: KindMixed, Partitions: "4x4=6-6-3", PDBDir: filepath.Join(dir, "pdb")})
	if err := ptest.Run(p); err != nil {
		t.Fatal(err)
	}
	for k, f := range files {
		answers := readAnswers[Answer](t, OutputPath(f, out))
		if len(answers) != len(parts[k])+1 {
			t.Fatalf("%s: %d answers, want %d", f, len(answers), len(parts[k])+1)
		}
		for i, w := range parts[k] {
			a := answers[i]
			if a.Line != i+2 || a.Kind != w.kind || a.Error != "" {
				t.Errorf("%s answer %d: line %d, kind %q, error %q; want line %d, %s", f, i, a.Line, a.Kind, a.Error, i+2, w.kind)
				continue
			}
			w.check(t, a.Answer)
		}
		last := answers[len(answers)-1]
		if last.Line != len(parts[k])+2 || !strings.Contains(last.Error, fmt.Sprintf("line %d:", last.Line)) {
			t.Errorf("%s: bad line answered %+v, want an error naming line %d", f, last, len(parts[k])+2)
		}
	}
}

// TestSolveHardBoards runs the work-unit pipeline on a 5x5 and a 4x4
// board and an unsolvable one, and checks that each solved board has the
// optimal length and path that IDA* in one process finds with the same
// databases.
func TestSolveHardBoards(t *testing.T) {
	dir := t.TempDir()
	rng := rand.New(rand.NewPCG(24, 25))
	boards := []sliding.Board{
		sliding.Scramble(rng, sliding.Standard(5, 5), 90),
		sliding.Scramble(rng, sliding.Standard(4, 4), 80),
	}
	partitions := "5x5=5-5-5-5-4,4x4=6-6-3"
	if *korf24 {
		// Korf's #40, relabelled for the standard goal (blank last).
		korf := "2 17 4 13 7 12 10 3 0 16 21 24 8 5 18 20 15 19 14 9 22 11 6 1 23"
		tl := make([]int, 25)
		for i, x := range strings.Fields(korf) {
			v, _ := strconv.Atoi(x)
			tl[24-i] = (25 - v) % 25 // rotate the board and its numbering by 180 degrees
		}
		b, err := sliding.New(5, 5, tl)
		if err != nil {
			t.Fatal(err)
		}
		boards = append(boards, b)
		partitions = "5x5=6-6-6-6,4x4=6-6-3"
	}
	var sb strings.Builder
	for _, b := range boards {
		fmt.Fprintf(&sb, "%dx%d %s\n", b.W, b.H, units.Tiles(b))
	}
	sb.WriteString("2x2 2 1 3 0\n") // unsolvable
	in := filepath.Join(dir, "hard.txt")
	if err := os.WriteFile(in, []byte(sb.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	opt := Options{Partitions: partitions, PDBDir: filepath.Join(dir, "pdb")}
	p, s := beam.NewPipelineWithRoot()
	SolveHardBoards(s, []string{in}, "", 6, 20, opt)
	if err := ptest.Run(p); err != nil {
		t.Fatal(err)
	}
	states := readAnswers[BoardState](t, OutputPath(in, ""))
	if len(states) != len(boards)+1 {
		t.Fatalf("%d states, want %d", len(states), len(boards)+1)
	}
	solver := solve.New(solve.Options{Dir: opt.PDBDir})
	defer solver.Close()
	for i, b := range boards {
		st := states[i]
		goal := sliding.Standard(b.W, b.H)
		part, _ := partitionFor(partitions, b.W, b.H)
		want, err := solver.Solve(context.Background(), b, goal, solve.Method{Heuristic: solve.HeuristicPDB, Partition: part}, search.Limits{})
		if err != nil {
			t.Fatal(err)
		}
		moves, _ := sliding.ParseMoves(st.Moves)
		if st.Line != i+1 || !st.Solved || st.Length != want.Len() || !slices.Equal(moves, want.Moves) || sliding.Verify(b, goal, moves) != nil {
			t.Errorf("board %d: %+v; want %d moves %s", i+1, st, want.Len(), sliding.MovesString(want.Moves))
		}
		if st.Stages != want.Stats.Iterations {
			t.Errorf("board %d: %d stages, one process %d iterations", i+1, st.Stages, want.Stats.Iterations)
		}
		t.Logf("board %d (%dx%d): %d moves, %d stages of %d units, %d nodes (one process: %d)", i+1, b.W, b.H, st.Length, st.Stages, st.Units, st.Expanded, want.Stats.Expanded)
	}
	if last := states[len(boards)]; last.Solved || !strings.Contains(last.Error, "cannot reach the goal") {
		t.Errorf("unsolvable board: %+v", last)
	}
}

// TestSolveFilesMemfs runs the file pipeline on Beam's in-memory
// filesystem: the pipeline reads and writes through Beam's filesystems, so
// gs:// and the others work the same way.
func TestSolveFilesMemfs(t *testing.T) {
	ctx := context.Background()
	in := "memfs://puzzles/mixed.txt"
	write := func(path, text string) {
		fs, err := filesystem.New(ctx, path)
		if err != nil {
			t.Fatal(err)
		}
		w, err := fs.OpenWrite(ctx, path)
		if err != nil {
			t.Fatal(err)
		}
		w.Write([]byte(text))
		if err := w.Close(); err != nil {
			t.Fatal(err)
		}
	}
	write(in, "stroke RGB/ROG/GGB\nsliding 3x3 1 2 3 4 5 6 7 0 8\nsudoku 4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......\n")
	p, s := beam.NewPipelineWithRoot()
	SolveFiles(s, []string{in}, "memfs://answers", Options{Kind: KindMixed})
	if err := ptest.Run(p); err != nil {
		t.Fatal(err)
	}
	out := OutputPath(in, "memfs://answers")
	fs, _ := filesystem.New(ctx, out)
	r, err := fs.OpenRead(ctx, out)
	if err != nil {
		t.Fatalf("%s: %v", out, err)
	}
	data, _ := io.ReadAll(r)
	var kinds []string
	for _, l := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		var a Answer
		if err := json.Unmarshal([]byte(l), &a); err != nil || a.Error != "" {
			t.Fatalf("%q: %v", l, err)
		}
		kinds = append(kinds, fmt.Sprintf("%d:%s", a.Line, a.Kind))
	}
	if got := strings.Join(kinds, " "); got != "1:stroke 2:sliding 3:sudoku" {
		t.Errorf("answers %s, want 1:stroke 2:sliding 3:sudoku", got)
	}
}
