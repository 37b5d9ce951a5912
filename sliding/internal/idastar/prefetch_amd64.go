package idastar

// prefetchRows asks the processor to fetch into its caches the rows of the
// move-pruning machine (table, four transitions a row) for the states in row;
// a negative state, a pruned move, fetches row 0. It only hints: it changes
// no memory and no result.
//
//go:noescape
func prefetchRows(table *int32, row *[4]int32)
