package prune_test

import (
	"context"
	"fmt"

	"github.com/searchlab/searchlab/sliding/prune"
)

// A search follows the machine from the blank's cell and skips the moves it
// forbids. Here the blank goes round the top-left 2x2 block of a 3x3 board
// (right, down, left, up, ...): the sixth move is forbidden, because six
// moves the other way round reach the same board and come first.
func Example() {
	m, err := prune.New(context.Background(), 3, 3, 12)
	if err != nil {
		fmt.Println(err)
		return
	}
	const up, down, left, right = 0, 1, 2, 3
	s := m.Start(0)
	fmt.Println("undo the first move:", m.Next(m.Next(s, right), left) == prune.Pruned)
	for i, d := range []int{right, down, left, up, right, down} {
		if s = m.Next(s, d); s == prune.Pruned {
			fmt.Println("move", i+1, "is forbidden")
			break
		}
		fmt.Println("move", i+1, "to cell", m.Cell(s))
	}
	// Output:
	// undo the first move: true
	// move 1 to cell 1
	// move 2 to cell 4
	// move 3 to cell 3
	// move 4 to cell 0
	// move 5 to cell 1
	// move 6 is forbidden
}
