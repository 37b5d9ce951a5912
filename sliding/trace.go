package sliding

import (
	"github.com/searchlab/searchlab/search"
)

// boardEvents returns an observer that hands obs each event of a search
// over states as strings (genericSolve's) with its State and Parent as
// Boards of w x h.
func boardEvents(w, h int, obs search.Observer) search.Observer {
	board := func(s any) any {
		if s == nil {
			return nil
		}
		return Board{W: w, H: h, Tiles: []byte(s.(string))}
	}
	return func(e search.Event) {
		e.State, e.Parent = board(e.State), board(e.Parent)
		obs(e)
	}
}
