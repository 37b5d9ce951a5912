//go:build !amd64

package idastar

// prefetchRows does nothing on this architecture (see prefetch_amd64.go).
func prefetchRows(table *int32, row *[4]int32) {}
