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

// Algorithm is one algorithm of Methods (temporary: the registry's).
type Algorithm struct {
	Name          string `json:"name"`
	Label         string `json:"label"`
	Optimal       bool   `json:"optimal"`
	BoundedMemory bool   `json:"bounded_memory"`
	Bidirectional bool   `json:"bidirectional"`
	Informed      bool   `json:"informed"`
	Weighted      bool   `json:"weighted"`
	Traceable     bool   `json:"traceable"`
	DepthLimited  bool   `json:"depth_limited"`
	BoundFrom     int    `json:"bound_from,omitempty"`
	Default       bool   `json:"default,omitempty"`
	Doc           string `json:"doc"`
}

// Heuristic is one heuristic of Methods (temporary: the registry's).
type Heuristic struct {
	Name      string `json:"name"`
	Label     string `json:"label"`
	Databases bool   `json:"databases"`
	MinCells  int    `json:"min_cells,omitempty"`
	MaxCells  int    `json:"max_cells,omitempty"`
	Default   bool   `json:"default,omitempty"`
	Doc       string `json:"doc"`
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
		m.Algorithms = append(m.Algorithms, Algorithm{Name: string(a), Label: tempLabels[string(a)], Default: a == sliding.Auto, Doc: "does " + string(a),
			Optimal: a != sliding.DFS && a != sliding.WAStar && a != sliding.Anytime, BoundedMemory: a == sliding.DFS || a == sliding.IDDFS || a == sliding.IDAStar || a == sliding.Auto,
			Bidirectional: a == sliding.BiBFS || a == sliding.NBS, Informed: a.Informed(), DepthLimited: a == sliding.DFS, Traceable: a != sliding.Auto})
	}
	for _, h := range sliding.Heuristics() {
		m.Heuristics = append(m.Heuristics, Heuristic{Name: h, Label: tempLabels[h], Default: h == "linear", Doc: "estimates " + h})
	}
	return m
}

var tempLabels = map[string]string{"auto": "auto (fastest exact)", "bfs": "BFS", "bibfs": "Bidirectional BFS", "dfs": "DFS (depth limited)", "iddfs": "IDDFS",
	"astar": "A*", "nbs": "NBS (bidirectional A*)", "wastar": "Weighted A*", "anytime": "Anytime A*", "idastar": "IDA*",
	"misplaced": "misplaced tiles", "manhattan": "Manhattan", "linear": "linear conflict"}
