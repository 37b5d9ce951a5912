package solve_test

import (
	"errors"
	"fmt"
	"testing"
	"time"

	"github.com/searchlab/searchlab/sliding/solve"
)

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
		{"negative", solve.Request{MaxDepth: -1}, "max nodes, max depth and timeout must not be negative", solve.ErrNegative},
		{"size", solve.Request{Size: "4by4"}, "size", nil},
		{"size of a judge's format", solve.Request{Format: "boj1525", Size: "3x3"}, "size", nil},
		{"goal of the size", solve.Request{Size: "3x3", Goal: "1 2 3 4"}, "goal", nil},
		{"goal of a judge's format", solve.Request{Format: "boj11112", Goal: "1 2 3 4"}, "goal", nil},
		{"format before algo", solve.Request{Format: "csv", Algo: "dijkstra"}, "format", nil},
		{"bounds before size", solve.Request{Size: "4by4", MaxNodes: -1}, "max nodes, max depth and timeout must not be negative", solve.ErrNegative},
	} {
		err := tc.r.Check()
		var fe *solve.FieldError
		got := ""
		switch {
		case errors.As(err, &fe):
			got = fe.Field
			if err.Error() != fmt.Sprintf("%s: %v", fe.Field, fe.Err) {
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

// Check names the field of a fault, as a command's flag or a request's
// field names it.
func ExampleRequest_Check() {
	fmt.Println(solve.Request{Format: "boj11112", Size: "4x4"}.Check())
	fmt.Println(solve.Request{Algo: "bfs", Heuristic: "pdb"}.Check())
	fmt.Println(solve.Request{Format: "line", Size: "4x4", Algo: "idastar", Heuristic: "manhattan"}.Check())
	// Output:
	// size: boj11112 boards are always 3x3
	// heuristic pdb works with algorithm auto or idastar, not bfs
	// <nil>
}
