package web

import (
	"net/http"

	"github.com/searchlab/searchlab/sliding"
)

// Methods is the body of GET /api/methods: the algorithms and heuristics
// that /api/sliding/solve and /api/trace/sliding take, with what each
// promises. The page builds its menus from it and names none itself.
type Methods struct {
	Algorithms []Algorithm `json:"algorithms"`
	Heuristics []Heuristic `json:"heuristics"`
}

// Algorithm is one algorithm of Methods.
type Algorithm struct {
	// Name is the value of a request's "algo"; Label names it for people.
	Name  string `json:"name"`
	Label string `json:"label"`
	// Default marks the algorithm a request without "algo" gets.
	Default bool `json:"default,omitempty"`
	// Optimal reports that its answers are proven the fewest moves.
	Optimal bool `json:"optimal"`
	// BoundedMemory reports that it keeps only its path (and what the
	// heuristic needs), not every board it reaches.
	BoundedMemory bool `json:"bounded_memory"`
	// Bidirectional reports that it searches from the goal too.
	Bidirectional bool `json:"bidirectional"`
	// Informed reports that it takes a heuristic.
	Informed bool `json:"informed"`
	// DepthLimited reports that it searches only to max_depth.
	DepthLimited bool `json:"depth_limited"`
	// Traceable reports that /api/trace/sliding can follow it.
	Traceable bool `json:"traceable"`
	// Weight is the weight on the heuristic of a weighted search.
	Weight float64 `json:"weight,omitempty"`
	// Heuristics lists the heuristics it takes when not every one.
	Heuristics []string `json:"heuristics,omitempty"`
	// Sizes lists the board sizes (WxH) it works on; none is every size.
	Sizes []string `json:"sizes,omitempty"`
}

// Heuristic is one heuristic of Methods.
type Heuristic struct {
	// Name is the value of a request's "heuristic"; Label names it for
	// people.
	Name  string `json:"name"`
	Label string `json:"label"`
	// Default marks the heuristic a request without "heuristic" gets.
	Default bool `json:"default,omitempty"`
	// NeedsDatabases reports that it looks up pattern databases.
	NeedsDatabases bool `json:"needs_databases"`
	// Available is false when this server cannot use it (pattern
	// databases on a server without them).
	Available bool `json:"available"`
	// Sizes lists the board sizes (WxH) it works on; none is every size.
	Sizes []string `json:"sizes,omitempty"`
}

func (s *Server) methods(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		w.Header().Set("Allow", "GET, HEAD")
		writeError(w, http.StatusMethodNotAllowed, r.Method+" is not allowed here; use GET")
		return
	}
	writeJSON(w, http.StatusOK, s.methodList())
}

// methodList reads the server's methods from the registry.
func (s *Server) methodList() Methods {
	var m Methods
	for _, a := range sliding.Algorithms() {
		m.Algorithms = append(m.Algorithms, Algorithm{Name: string(a), Label: tempLabels[string(a)], Default: a == sliding.Auto,
			Optimal: a != sliding.DFS && a != sliding.WAStar && a != sliding.Anytime, BoundedMemory: a == sliding.DFS || a == sliding.IDDFS || a == sliding.IDAStar || a == sliding.Auto,
			Bidirectional: a == sliding.BiBFS || a == sliding.NBS, Informed: a.Informed(), DepthLimited: a == sliding.DFS, Traceable: a != sliding.Auto})
	}
	for _, h := range sliding.Heuristics() {
		m.Heuristics = append(m.Heuristics, Heuristic{Name: h, Label: tempLabels[h], Default: h == "linear", Available: true})
	}
	return m
}

var tempLabels = map[string]string{"auto": "auto (fastest exact)", "bfs": "BFS", "bibfs": "Bidirectional BFS", "dfs": "DFS (depth limited)", "iddfs": "IDDFS",
	"astar": "A*", "nbs": "NBS (bidirectional A*)", "wastar": "Weighted A*", "anytime": "Anytime A*", "idastar": "IDA*",
	"misplaced": "misplaced tiles", "manhattan": "Manhattan", "linear": "linear conflict"}
