package solve_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/searchlab/searchlab/search"
	"github.com/searchlab/searchlab/sliding"
	"github.com/searchlab/searchlab/sliding/solve"
)

// The registry lists what a page's menus and a command's help offer.
func ExampleMethods() {
	for _, a := range solve.Algorithms() {
		fmt.Printf("%s (%s): optimal %v\n", a.Name, a.Label, a.Optimal)
	}
	for _, h := range solve.Heuristics() {
		fmt.Printf("%s (%s): databases %v\n", h.Name, h.Label, h.Databases)
	}
	// Output:
	// auto (auto (fastest exact)): optimal true
	// bfs (BFS): optimal true
	// bibfs (Bidirectional BFS): optimal true
	// dfs (DFS (depth limited)): optimal false
	// iddfs (IDDFS): optimal true
	// astar (A*): optimal true
	// nbs (NBS (bidirectional A*)): optimal true
	// wastar (weighted A*): optimal false
	// anytime (anytime weighted A*): optimal false
	// idastar (IDA*): optimal true
	// misplaced (misplaced tiles): databases false
	// manhattan (Manhattan): databases false
	// linear (linear conflict): databases false
	// pdb (pattern databases): databases true
}

// TestRegistryRuns runs every algorithm of the registry with every
// heuristic it takes on one board, and checks each answer against the
// registry's properties: a path that replays to the goal, proven the
// fewest when the algorithm is optimal, and the mark exactly when not.
func TestRegistryRuns(t *testing.T) {
	solver := solve.New(solve.Options{NoDatabases: true})
	defer solver.Close()
	b, _ := sliding.ParseGoal("1 2 3 4 0 6 7 5 8", 3, 3)
	goal := sliding.Standard(3, 3)
	fewest := sliding.TableFor(goal).Distance(b)
	for _, a := range solve.Algorithms() {
		hs := []string{""}
		if a.Informed {
			hs = nil
			for _, h := range solve.Heuristics() {
				if !h.Databases {
					hs = append(hs, h.Name)
				}
			}
		}
		for _, h := range hs {
			m := solve.Method{Algorithm: a.Name, Heuristic: h}
			if err := m.Check(); err != nil {
				t.Fatalf("%+v: Check: %v", m, err)
			}
			sol, err := solver.Solve(context.Background(), b, goal, m, search.Limits{})
			if err != nil {
				t.Fatalf("%+v: %v", m, err)
			}
			if err := sliding.Verify(b, goal, sol.Moves); err != nil {
				t.Errorf("%+v: %v", m, err)
			}
			if a.Optimal && (!sol.Optimal || sol.Len() != fewest) {
				t.Errorf("%+v: %d moves, optimal %v; the registry says optimal, the fewest are %d", m, sol.Len(), sol.Optimal, fewest)
			}
			if (sol.Mark() == "") != sol.Optimal {
				t.Errorf("%+v: optimal %v but mark %q", m, sol.Optimal, sol.Mark())
			}
		}
	}
}

func TestMethodCheck(t *testing.T) {
	tests := []struct {
		m     solve.Method
		field string // "" for ErrPDBAlgorithm
		ok    bool
	}{
		{solve.Method{}, "", true},
		{solve.Method{Algorithm: sliding.WAStar, Weight: 2}, "", true},
		{solve.Method{Algorithm: sliding.IDAStar, Heuristic: solve.HeuristicPDB}, "", true},
		{solve.Method{Algorithm: "quick"}, "algo", false},
		{solve.Method{Heuristic: "euclid"}, "heuristic", false},
		{solve.Method{Algorithm: sliding.AStar, Heuristic: solve.HeuristicPDB}, "", false},
		{solve.Method{Algorithm: sliding.WAStar, Weight: -1}, "weight", false},
		{solve.Method{MaxDepth: -1}, "max-depth", false},
	}
	for _, tc := range tests {
		err := tc.m.Check()
		if tc.ok {
			if err != nil {
				t.Errorf("%+v: %v", tc.m, err)
			}
			continue
		}
		if !errors.Is(err, solve.ErrInput) {
			t.Errorf("%+v: %v, want an error matching ErrInput", tc.m, err)
		}
		var fe *solve.FieldError
		switch {
		case tc.field == "" && !errors.Is(err, solve.ErrPDBAlgorithm):
			t.Errorf("%+v: %v, want ErrPDBAlgorithm", tc.m, err)
		case tc.field != "" && (!errors.As(err, &fe) || fe.Field != tc.field):
			t.Errorf("%+v: %v, want a fault of field %s", tc.m, err, tc.field)
		}
	}
}

// TestMethodsJSON checks the registry's JSON, as GET /api/methods sends it.
func TestMethodsJSON(t *testing.T) {
	data, err := json.Marshal(solve.Methods())
	if err != nil {
		t.Fatal(err)
	}
	var back struct {
		Algorithms []struct {
			Name      string `json:"name"`
			Label     string `json:"label"`
			Informed  bool   `json:"informed"`
			Traceable bool   `json:"traceable"`
		} `json:"algorithms"`
		Heuristics []struct {
			Name      string `json:"name"`
			Databases bool   `json:"databases"`
		} `json:"heuristics"`
	}
	if err := json.Unmarshal(data, &back); err != nil {
		t.Fatal(err)
	}
	if len(back.Algorithms) != len(solve.Algorithms()) || len(back.Heuristics) != len(solve.Heuristics()) {
		t.Fatalf("JSON %s lost entries", data)
	}
	for _, a := range back.Algorithms {
		if a.Name == "" || a.Label == "" {
			t.Errorf("algorithm %+v without a name or label", a)
		}
		if _, err := solve.ParseAlgorithm(a.Name); err != nil {
			t.Errorf("%s: %v", a.Name, err)
		}
	}
	if !strings.Contains(solve.AlgorithmNames(), "auto") || strings.Contains(solve.TraceableNames(), "auto") {
		t.Errorf("names %q, traceable %q", solve.AlgorithmNames(), solve.TraceableNames())
	}
}
