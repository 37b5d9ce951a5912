package sliding_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"strings"

	"github.com/searchlab/searchlab/sliding"
)

func ExampleSearch() {
	b, _ := sliding.New(3, 3, []int{1, 0, 3, 4, 2, 6, 7, 5, 8})
	sol, err := sliding.Search(context.Background(), b, sliding.Standard(3, 3), sliding.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(sol.Len(), sol.Moves, sol.Optimal, sol.Method)
	// Output: 3 [D D R] true table
}

func ExampleSearch_unsolvable() {
	b, _ := sliding.New(3, 3, []int{2, 1, 3, 4, 5, 6, 7, 8, 0})
	_, err := sliding.Search(context.Background(), b, sliding.Standard(3, 3), sliding.Options{})
	fmt.Println(err == sliding.ErrUnsolvable)
	// Output: true
}

func ExampleSearch_spiral() {
	b, _ := sliding.New(3, 3, []int{2, 8, 3, 1, 6, 4, 7, 0, 5})
	spiral, _ := sliding.ParseGoal("1 2 3 8 0 4 7 6 5", 3, 3)
	sol, err := sliding.Search(context.Background(), b, spiral, sliding.Options{
		Algorithm: sliding.AStar,
		Heuristic: sliding.Manhattan(spiral),
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(sol.Len(), sol.Method, sliding.Verify(b, spiral, sol.Moves) == nil)
	// Output: 5 astar+manhattan true
}

func ExampleSearch_tuned() {
	goal := sliding.Standard(4, 4)
	b, _ := goal.Apply(sliding.Up, sliding.Up, sliding.Left, sliding.Down, sliding.Left)
	sol, _ := sliding.Search(context.Background(), b, goal, sliding.Options{Algorithm: sliding.IDAStar, Tuned: true, Heuristic: sliding.LinearConflict(goal)})
	fmt.Println(sol.Len(), sol.Moves)
	// Output: 5 [R U R D D]
}

func ExampleSolvable() {
	goal := sliding.Standard(4, 4)
	loyd, _ := sliding.New(4, 4, []int{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 15, 14, 0})
	fmt.Println(sliding.Solvable(goal, goal), sliding.Solvable(loyd, goal))
	// Output: true false
}

func ExampleParseAll() {
	in := "2\n\n123\n456\n78#\n\n1#3\n426\n758\n"
	cases, err := sliding.ParseAll(strings.NewReader(in), sliding.BOJ11112, 0, 0)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, c := range cases {
		fmt.Printf("line %d: %v\n", c.Line, c.Board.Tiles)
	}
	_, err = sliding.ParseAll(strings.NewReader("1\n123\n455\n78#\n"), sliding.BOJ11112, 0, 0)
	fmt.Println(err)
	// Output:
	// line 3: [1 2 3 4 5 6 7 8 0]
	// line 7: [1 0 3 4 2 6 7 5 8]
	// sliding: line 3: tile 5 appears twice (also on line 3)
}

func ExampleTableFor() {
	t := sliding.TableFor(sliding.Standard(3, 3))
	b, _ := sliding.New(3, 3, []int{8, 6, 7, 2, 5, 4, 3, 0, 1})
	fmt.Println(t.States(), t.MaxDistance(), t.Distance(b))
	// Output: 181440 31 31
}

// The three heuristics of the package, weakest first, on one board.
func ExampleHeuristic() {
	goal := sliding.Standard(3, 3)
	b, _ := sliding.New(3, 3, []int{3, 2, 1, 4, 5, 6, 7, 8, 0})
	for _, h := range []sliding.Heuristic{sliding.Misplaced(goal), sliding.Manhattan(goal), sliding.LinearConflict(goal)} {
		fmt.Println(h.Name(), h.Estimate(b))
	}
	// Output:
	// misplaced 2
	// manhattan 4
	// linear 8
}

func ExampleWrite() {
	b, _ := sliding.New(3, 3, []int{1, 0, 3, 4, 2, 6, 7, 5, 8})
	sliding.Write(os.Stdout, sliding.BOJ11112, []sliding.Board{b})
	// Output:
	// 1
	//
	// 1#3
	// 426
	// 758
}

func ExampleParseGoal() {
	spiral, err := sliding.ParseGoal("1 2 3 8 0 4 7 6 5", 0, 0)
	fmt.Println(spiral, err)
	_, err = sliding.ParseGoal("1 2 3 4 5 6 7 8 8", 0, 0)
	fmt.Println(err)
	// Output:
	// 1 2 3
	// 8 0 4
	// 7 6 5 <nil>
	// sliding: invalid board: tile 8 appears twice (also on line 1)
}

// Goals gives each board the goal of its size: here a spiral goal, read
// once for every 3x3 board, and refused for a 4x4 one.
func ExampleGoals() {
	cases, _ := sliding.ParseAll(strings.NewReader("1 2 3 8 4 0 7 6 5\n2 8 3 1 6 4 7 0 5\n"), sliding.Line, 0, 0)
	goals, err := sliding.Goals(cases, "1 2 3 / 8 0 4 / 7 6 5")
	fmt.Println(len(goals), goals[1].Equal(goals[0]), err)
	fmt.Println(goals[0])
	cases, _ = sliding.ParseAll(strings.NewReader("1 2 3 4 5 6 7 8 9 10 11 12 13 14 0 15\n"), sliding.Line, 0, 0)
	_, err = sliding.Goals(cases, "1 2 3 / 8 0 4 / 7 6 5")
	fmt.Println(err)
	// Output:
	// 2 true <nil>
	// 1 2 3
	// 8 0 4
	// 7 6 5
	// line 1: the board is 4x4 but the goal has 9 tiles
}

// OneLine writes a board in the notation ParseGoal reads back.
func ExampleBoard_OneLine() {
	spiral, _ := sliding.ParseGoal("1 2 3 8 0 4 7 6 5", 3, 3)
	fmt.Println(spiral.OneLine())
	back, err := sliding.ParseGoal(spiral.OneLine(), 0, 0)
	fmt.Println(back.Equal(spiral), err)
	fmt.Println(sliding.Standard(4, 2).OneLine())
	// Output:
	// 1 2 3 / 8 0 4 / 7 6 5
	// true <nil>
	// 1 2 3 4 / 5 6 7 0
}

func ExampleVerify() {
	goal := sliding.Standard(2, 2)
	b, _ := sliding.New(2, 2, []int{0, 1, 3, 2})
	fmt.Println(sliding.Verify(b, goal, []sliding.Move{sliding.Right, sliding.Down}))
	fmt.Println(sliding.Verify(b, goal, []sliding.Move{sliding.Down, sliding.Right}) != nil)
	// Output:
	// <nil>
	// true
}

func ExampleScramble() {
	goal := sliding.Standard(4, 4)
	b := sliding.Scramble(rand.New(rand.NewPCG(1, 2)), goal, 20)
	sol, _ := sliding.Search(context.Background(), b, goal, sliding.Options{})
	fmt.Println(sliding.Solvable(b, goal), sol.Len() <= 20, sol.Len()%2 == 0)
	// Output: true true true
}

func ExampleRandomBatch() {
	goal := sliding.Standard(3, 3)
	boards := sliding.RandomBatch(rand.New(rand.NewPCG(1, 11112)), goal, 4)
	for _, b := range boards {
		fmt.Print(sliding.Solvable(b, goal), " ")
	}
	fmt.Println()
	// Output: true false true false
}

func ExampleDefaultMaxDepth() {
	fmt.Println(sliding.DefaultMaxDepth(3, 3), sliding.DefaultMaxDepth(2, 4), sliding.DefaultMaxDepth(4, 4))
	// Output: 31 36 80
}

func ExampleMisplaced() {
	goal := sliding.Standard(3, 3)
	b, _ := sliding.New(3, 3, []int{1, 2, 3, 4, 5, 6, 0, 7, 8})
	fmt.Println(sliding.Misplaced(goal).Estimate(b), sliding.Manhattan(goal).Estimate(b), sliding.LinearConflict(goal).Estimate(b))
	// Output: 2 2 2
}

func ExampleNewTable() {
	goal, _ := sliding.ParseGoal("1 2 3 4 5 6 7 0", 4, 2)
	t := sliding.NewTable(goal)
	b, _ := sliding.New(4, 2, []int{1, 2, 3, 4, 0, 5, 6, 7})
	moves, ok := t.Path(b)
	fmt.Println(t.States(), t.MaxDistance(), t.Distance(b), moves, ok)
	// Output: 20160 36 3 [R R R] true
}

func ExampleTableSize() {
	// Boards of up to 9 cells are answered from a distance table.
	fmt.Println(sliding.TableSize(3, 3), sliding.TableSize(2, 4), sliding.TableSize(4, 4))
	// Output: true true false
}

func ExampleTarget() {
	// On a 3x3 board the blank on the centre cell (4) moves up to cell 1;
	// from the top-left corner (0) it cannot move left.
	to, ok := sliding.Target(3, 3, 4, sliding.Up)
	fmt.Println(to, ok)
	_, ok = sliding.Target(3, 3, 0, sliding.Left)
	fmt.Println(ok)
	// Output:
	// 1 true
	// false
}

func ExampleBoard_Apply() {
	b, _ := sliding.New(3, 3, []int{1, 2, 3, 4, 0, 5, 7, 8, 6})
	end, err := b.Apply(sliding.Right, sliding.Down)
	fmt.Println(end, err)
	// Output:
	// 1 2 3
	// 4 5 6
	// 7 8 0 <nil>
}

func ExampleParseSize() {
	w, h, err := sliding.ParseSize("4x3")
	fmt.Println(w, h, err)
	_, _, err = sliding.ParseSize("1x5")
	fmt.Println(err)
	// Output:
	// 4 3 <nil>
	// 1x5: sides must be 2 to 16
}

func ExampleScanner() {
	in := "1 2 3 4 5 6 7 8 0\n\n1 2 3 4 5 6 0 7 8\n1 2 3\n"
	sc := sliding.NewScanner(strings.NewReader(in), sliding.Line, 0, 0)
	for sc.Scan() {
		c := sc.Case()
		fmt.Println("line", c.Line, c.Board.Tiles)
	}
	fmt.Println(sc.Err())
	// Output:
	// line 1 [1 2 3 4 5 6 7 8 0]
	// line 3 [1 2 3 4 5 6 0 7 8]
	// sliding: line 4: 3 numbers do not make a square board (give the size with --size WxH)
}

// ExampleAppendAnswer writes the answer lines of three boards: one solved
// in 2 moves (with its path), one at the goal, and one that cannot reach
// the goal, in the grid format and in BOJ 1525.
func ExampleAppendAnswer() {
	var out []byte
	out = sliding.AppendAnswer(out, sliding.Grid, 2, []sliding.Move{sliding.Up, sliding.Left})
	out = sliding.AppendAnswer(out, sliding.Grid, 0, nil)
	out = sliding.AppendAnswer(out, sliding.Grid, -1, nil)
	out = sliding.AppendAnswer(out, sliding.BOJ1525, -1, nil)
	os.Stdout.Write(out)
	// Output:
	// 2 UL
	// 0
	// impossible
	// -1
}

// ExampleWriteAnswers answers a Baekjoon 11112 batch from the 3x3 table:
// Distances reads it whole first (an error there leaves the output
// untouched), then WriteAnswers prints one line a board.
func ExampleWriteAnswers() {
	batch := []byte("3\n123\n456\n78#\n\n1#3\n426\n758\n\n213\n456\n78#\n")
	dist, err := sliding.TableFor(sliding.Standard(3, 3)).Distances(nil, batch, sliding.BOJ11112)
	if err != nil {
		fmt.Println(err)
		return
	}
	sliding.WriteAnswers(os.Stdout, sliding.BOJ11112, dist)
	// Output:
	// 0
	// 3
	// impossible
}

// ExampleMovesString writes moves as letters and reads them back.
func ExampleMovesString() {
	s := sliding.MovesString([]sliding.Move{sliding.Up, sliding.Left, sliding.Down})
	moves, err := sliding.ParseMoves(s)
	fmt.Println(s, len(moves), err)
	// Output: ULD 3 <nil>
}
