//go:build !amd64

package pdb

// prefetchRows does nothing on this architecture (see prefetch_amd64.go).
func prefetchRows(fsm *int32, row *[4]int32) {}
