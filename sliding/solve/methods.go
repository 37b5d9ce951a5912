package solve

import (
	"strings"

	"github.com/searchlab/searchlab/sliding"
)

// The registry of methods: every algorithm and heuristic a Solver runs on
// sliding boards, with the properties that the doors (the command's flags
// and help, compare, traces, the HTTP API, Beam, the page's menus) read
// instead of naming methods themselves. A new heuristic is one file in
// package sliding (its type) and one entry in heuristics below.

// HeuristicPDB is the name of the pattern-database heuristic: IDA* over
// the additive databases of package sliding/pdb, chosen by the Solver.
const HeuristicPDB = "pdb"

// AlgorithmInfo describes one algorithm of the registry.
type AlgorithmInfo struct {
	// Name is how --algo and the API's "algo" name it.
	Name sliding.Algorithm `json:"name"`
	// Label names it in menus, such as "A*".
	Label string `json:"label"`
	// Optimal reports that every length it returns is proven the fewest
	// (anytime's is when it finishes within its limits, and each answer
	// says so).
	Optimal bool `json:"optimal"`
	// BoundedMemory reports that its memory grows with the depth of the
	// search only, not with the states it reaches.
	BoundedMemory bool `json:"bounded_memory"`
	// Bidirectional reports a search from both ends that meets in the
	// middle.
	Bidirectional bool `json:"bidirectional"`
	// Informed reports that it takes a heuristic.
	Informed bool `json:"informed"`
	// Weighted reports that it takes a weight on the heuristic
	// (Method.Weight).
	Weighted bool `json:"weighted"`
	// Traceable reports that package trace can record its search (every
	// algorithm but auto, which is several).
	Traceable bool `json:"traceable"`
	// DepthLimited reports a search that goes no deeper than
	// Method.MaxDepth and stops at the first path it finds there: the
	// path's length depends on the limit, and a limit too low finds none.
	DepthLimited bool `json:"depth_limited"`
	// BoundFrom is the board size, in cells, from which the algorithm is
	// refused unless a node cap or a deadline bounds it (see Bounded); 0
	// when it is never refused.
	BoundFrom int `json:"bound_from,omitempty"`
	// Default marks the algorithm used when none is named (auto).
	Default bool `json:"default,omitempty"`
	// Doc says in a few words what it does.
	Doc string `json:"doc"`

	// compare lists the heuristics of its rows in Compare (nil: every
	// heuristic without databases).
	compare []string
}

// HeuristicInfo describes one heuristic of the registry.
type HeuristicInfo struct {
	// Name is how --heuristic and the API's "heuristic" name it.
	Name string `json:"name"`
	// Label names it in menus, such as "linear conflict".
	Label string `json:"label"`
	// Databases reports that it needs pattern databases: it runs only with
	// the algorithms auto and idastar, on boards of MinCells to MaxCells
	// cells, and not on a Solver with Options.NoDatabases.
	Databases bool `json:"databases"`
	// MinCells and MaxCells bound the board sizes it works on; 0 is no
	// bound.
	MinCells int `json:"min_cells,omitempty"`
	MaxCells int `json:"max_cells,omitempty"`
	// Default marks the heuristic used when none is named (linear).
	Default bool `json:"default,omitempty"`
	// Doc says in a few words what it estimates.
	Doc string `json:"doc"`

	// newFor returns the heuristic for a goal; nil for the databases, which
	// the Solver opens.
	newFor func(goal sliding.Board) sliding.Heuristic
}

// MethodList is the whole registry, as GET /api/methods returns it.
type MethodList struct {
	Algorithms []AlgorithmInfo `json:"algorithms"`
	Heuristics []HeuristicInfo `json:"heuristics"`
}

// algorithms lists the algorithms in the order compare tables and menus
// show them.
var algorithms = []AlgorithmInfo{
	{Name: sliding.Auto, Label: "auto (fastest exact)", Optimal: true, BoundedMemory: true, Default: true,
		Doc: "the fastest exact method: a distance table up to 9 cells, pattern databases up to 32, IDA* with linear conflicts beyond"},
	{Name: sliding.BFS, Label: "BFS", Optimal: true, Traceable: true, BoundFrom: UninformedCells,
		Doc: "breadth-first search: every board by distance from the start"},
	{Name: sliding.BiBFS, Label: "Bidirectional BFS", Optimal: true, Bidirectional: true, Traceable: true,
		Doc: "breadth-first search from both ends, meeting in the middle"},
	{Name: sliding.DFS, Label: "DFS (depth limited)", BoundedMemory: true, Traceable: true, DepthLimited: true,
		Doc: "depth-first search within a depth limit: a path, not the shortest"},
	{Name: sliding.IDDFS, Label: "IDDFS", Optimal: true, BoundedMemory: true, Traceable: true, BoundFrom: UninformedCells,
		Doc: "depth-first search with a depth limit raised by one each round"},
	{Name: sliding.AStar, Label: "A*", Optimal: true, Informed: true, Traceable: true,
		Doc: "best-first search on moves so far plus the heuristic"},
	{Name: sliding.NBS, Label: "NBS (bidirectional A*)", Optimal: true, Informed: true, Bidirectional: true, Traceable: true,
		Doc: "bidirectional heuristic search from both ends", compare: []string{"manhattan", "linear"}},
	{Name: sliding.WAStar, Label: "weighted A*", Informed: true, Weighted: true, Traceable: true,
		Doc: "A* with the heuristic weighted: quick, at most Weight times the fewest moves", compare: []string{"linear"}},
	{Name: sliding.Anytime, Label: "anytime weighted A*", Informed: true, Weighted: true, Traceable: true,
		Doc: "weighted A* that improves its path until proven or stopped, with a lower bound", compare: []string{"linear"}},
	{Name: sliding.IDAStar, Label: "IDA*", Optimal: true, BoundedMemory: true, Informed: true, Traceable: true,
		Doc: "depth-first search with a bound on moves plus the heuristic, raised each round"},
}

// heuristics lists the heuristics, weakest first.
var heuristics = []HeuristicInfo{
	{Name: "misplaced", Label: "misplaced tiles", Doc: "the tiles not on their goal cell",
		newFor: func(goal sliding.Board) sliding.Heuristic { return sliding.Misplaced(goal) }},
	{Name: "manhattan", Label: "Manhattan", Doc: "the sum of every tile's distance to its goal cell",
		newFor: func(goal sliding.Board) sliding.Heuristic { return sliding.Manhattan(goal) }},
	{Name: "linear", Label: "linear conflict", Default: true, Doc: "Manhattan distance plus two moves for each pair of tiles in their goal line but in the wrong order",
		newFor: func(goal sliding.Board) sliding.Heuristic { return sliding.LinearConflict(goal) }},
	{Name: HeuristicPDB, Label: "pattern databases", Databases: true, MinCells: 10, MaxCells: 32,
		Doc: "additive pattern databases: exact distances of groups of tiles, summed"},
}

// Algorithms returns the registry's algorithms in the order compare tables
// and menus show them, in a new slice.
func Algorithms() []AlgorithmInfo { return append([]AlgorithmInfo(nil), algorithms...) }

// Heuristics returns the registry's heuristics, weakest first, in a new
// slice.
func Heuristics() []HeuristicInfo { return append([]HeuristicInfo(nil), heuristics...) }

// Methods returns the whole registry.
func Methods() MethodList { return MethodList{Algorithms(), Heuristics()} }

// AlgorithmOf returns the registry's entry for name; "" is the default
// (auto). The error, matching ErrInput, names the choices.
func AlgorithmOf(name string) (AlgorithmInfo, error) {
	for _, a := range algorithms {
		if string(a.Name) == name || name == "" && a.Default {
			return a, nil
		}
	}
	return AlgorithmInfo{}, InputErrorf("unknown algorithm %q (want %s)", name, AlgorithmNames())
}

// HeuristicOf returns the registry's entry for name; "" is the default
// (linear). The error, matching ErrInput, names the choices.
func HeuristicOf(name string) (HeuristicInfo, error) {
	for _, h := range heuristics {
		if h.Name == name || name == "" && h.Default {
			return h, nil
		}
	}
	return HeuristicInfo{}, InputErrorf("unknown heuristic %q (want %s)", name, HeuristicNames(true))
}

// ParseAlgorithm returns the algorithm named s ("" is auto), or an error
// matching ErrInput that names the choices.
func ParseAlgorithm(s string) (sliding.Algorithm, error) {
	a, err := AlgorithmOf(s)
	return a.Name, err
}

// New returns the heuristic h for goal, or nil for one that needs pattern
// databases (the Solver opens them).
func (h HeuristicInfo) New(goal sliding.Board) sliding.Heuristic {
	if h.newFor == nil {
		return nil
	}
	return h.newFor(goal)
}

// AlgorithmNames lists the algorithms' names for a help text or an error:
// "auto, bfs, bibfs, ... or idastar".
func AlgorithmNames() string {
	names := make([]string, len(algorithms))
	for i, a := range algorithms {
		names[i] = string(a.Name)
	}
	return orList(names)
}

// TraceableNames lists the names of the algorithms package trace records.
func TraceableNames() string {
	var names []string
	for _, a := range algorithms {
		if a.Traceable {
			names = append(names, string(a.Name))
		}
	}
	return orList(names)
}

// HeuristicNames lists the heuristics' names for a help text or an error,
// with those that need pattern databases if databases.
func HeuristicNames(databases bool) string {
	var names []string
	for _, h := range heuristics {
		if databases || !h.Databases {
			names = append(names, h.Name)
		}
	}
	return orList(names)
}

func orList(names []string) string {
	if len(names) < 2 {
		return strings.Join(names, "")
	}
	return strings.Join(names[:len(names)-1], ", ") + " or " + names[len(names)-1]
}

// boardHeuristic returns the heuristic named name (not one of databases)
// for goal; the error matches ErrInput.
func boardHeuristic(name string, goal sliding.Board) (sliding.Heuristic, error) {
	h, err := HeuristicOf(name)
	if err != nil {
		return nil, err
	}
	if h.Databases {
		return nil, InputErrorf("heuristic %s needs pattern databases: it works with algorithm auto or idastar", h.Name)
	}
	return h.New(goal), nil
}

// usesDatabases reports whether the heuristic named name needs pattern
// databases.
func usesDatabases(name string) bool {
	h, err := HeuristicOf(name)
	return err == nil && h.Databases
}
