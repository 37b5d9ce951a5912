package stroke_test

import (
	"context"
	"fmt"
	"os"
	"strings"

	"github.com/searchlab/searchlab/search"
	"github.com/searchlab/searchlab/stroke"
)

// A node cap that runs out is not an error for SolveWithin: the answer is
// the best chain found, not marked optimal, with a proven bound.
func ExampleSolver_SolveWithin() {
	bs, _ := stroke.ParseAll(strings.NewReader("3\nGGR\nOGR\nRRR\n"))
	s := stroke.NewSolver()
	res, err := s.SolveWithin(context.Background(), bs[0], stroke.Options{})
	fmt.Println(string(res.Colour), res.Length, res.Optimal, err)
	capped, err := s.SolveWithin(context.Background(), bs[0], stroke.Options{Limits: search.Limits{MaxNodes: 2}})
	fmt.Println(capped.Optimal, capped.Bound >= res.Length, err)
	_, err = s.Solve(context.Background(), bs[0], stroke.Options{Limits: search.Limits{MaxNodes: 2}})
	fmt.Println(err != nil)
	// Output:
	// R 5 true <nil>
	// false true <nil>
	// true
}

// ColoursWithin gives every colour on the board, those no chain starts on
// with length 0.
func ExampleSolver_ColoursWithin() {
	bs, _ := stroke.ParseAll(strings.NewReader("3\nGGB\nOGR\nRRR\n"))
	per, err := stroke.NewSolver().ColoursWithin(context.Background(), bs[0], stroke.Options{})
	fmt.Println(per['G'].Length, per['R'].Length, per['B'].Length, per['B'].Optimal, err)
	// Output: 3 4 0 true <nil>
}

// AppendLine writes the answer line: the best chain, each colour's best
// and the chain's cells.
func ExampleResult_AppendLine() {
	b, _ := stroke.New([]string{"RGB", "ROG", "GGB"})
	s := stroke.NewSolver()
	r, _ := s.SolveWithin(context.Background(), b, stroke.Options{})
	per, _ := s.ColoursWithin(context.Background(), b, stroke.Options{})
	os.Stdout.Write(r.AppendLine(nil, nil, false))
	os.Stdout.Write(r.AppendLine(nil, per, true))
	// Output:
	// G 4
	// G 4 B:1 G:4 R:2 1,2 2,3 3,2 3,1
}
