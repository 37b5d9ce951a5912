package web

import (
	"net/http"

	"github.com/searchlab/searchlab/sliding/solve"
)

// methods answers GET /api/methods with the registry of sliding methods
// (solve.Methods): the algorithms and heuristics that /api/sliding/solve
// and /api/trace/sliding take, with their labels and properties. The page
// builds its menus from it and names no method itself.
func (s *Server) methods(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		w.Header().Set("Allow", "GET, HEAD")
		writeError(w, http.StatusMethodNotAllowed, r.Method+" is not allowed here; use GET")
		return
	}
	writeJSON(w, http.StatusOK, solve.Methods())
}
