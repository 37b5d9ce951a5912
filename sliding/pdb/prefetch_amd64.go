package pdb

// prefetchRows asks the processor to fetch into its caches the rows of the
// move-pruning machine (fsm, four transitions a row) for the states in row;
// a negative state, a pruned move, fetches row 0. It only hints: it changes
// no memory and no result.
//
//go:noescape
func prefetchRows(fsm *int32, row *[4]int32)
