//go:build !unix

package pdb

// openNoWait is no flag where opens do not wait for a pipe's writer.
const openNoWait = 0
