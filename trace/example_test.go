package trace_test

import (
	"bytes"
	"context"
	"fmt"
	"strings"

	"github.com/searchlab/searchlab/api"
	"github.com/searchlab/searchlab/sliding"
	"github.com/searchlab/searchlab/trace"
)

// Sliding records an A* search as start, event and end records;
// WriteLines prints them as JSON lines.
func ExampleSliding() {
	b, _ := sliding.ParseGoal("1 2 3 4 0 5 7 8 6", 3, 3)
	tr, err := trace.Sliding(context.Background(), b, sliding.Standard(3, 3), trace.SlidingOptions{
		Algorithm: sliding.AStar, Heuristic: "manhattan", Kinds: []string{"expand", "goal"}})
	if err != nil {
		fmt.Println(err)
		return
	}
	var buf bytes.Buffer
	tr.WriteLines(&buf)
	lines := strings.Split(strings.TrimSpace(buf.String()), "\n")
	for _, l := range lines[:len(lines)-1] { // the end record holds the time taken
		fmt.Println(l)
	}
	end := tr.End.(*api.SlidingTraceEnd)
	fmt.Println(end.Solved, end.Length, end.Moves, end.Stats.Expanded)
	// Output:
	// {"type":"start","puzzle":"sliding","algorithm":"astar","heuristic":"manhattan","width":3,"height":3,"board":[1,2,3,4,0,5,7,8,6],"goal":[1,2,3,4,5,6,7,8,0],"max_events":20000}
	// {"type":"event","kind":"expand","state":[1,2,3,4,0,5,7,8,6],"g":0,"h":2,"f":2,"expanded":1,"generated":0,"frontier":0,"stored":1}
	// {"type":"event","kind":"expand","state":[1,2,3,4,5,0,7,8,6],"g":1,"h":1,"f":2,"expanded":2,"generated":4,"frontier":3,"stored":5}
	// {"type":"event","kind":"goal","state":[1,2,3,4,5,6,7,8,0],"g":2,"h":0,"f":2,"depth":2,"expanded":2,"generated":7,"frontier":4,"stored":7}
	// true 2 RD 2
}

// ReadSliding reads the one board a trace follows, and names the text in
// the faults of its content.
func ExampleReadSliding() {
	b, err := trace.ReadSliding(strings.NewReader("1 2 3 4 0 5 7 8 6\n"), "", sliding.Line, 0, 0)
	fmt.Println(b.Tiles, err)
	_, err = trace.ReadSliding(strings.NewReader("1 2 3\n4 0 5\n7 8 8\n"), "board.txt", sliding.Grid, 0, 0)
	fmt.Println(err)
	_, err = trace.ReadSliding(strings.NewReader(""), "board.txt", sliding.Grid, 0, 0)
	fmt.Println(err)
	// Output:
	// [1 2 3 4 0 5 7 8 6] <nil>
	// board.txt: sliding: line 3: tile 8 appears twice (also on line 3)
	// want one board in the input, got 0
}
