//go:build !unix

package regularfile

// openNoWait is no flag where opens do not wait for a pipe's writer.
const openNoWait = 0
