//go:build !unix

package regularfile

import "os"

// openNoWait is no flag where opens do not wait for a pipe's writer.
const openNoWait = 0

// mapFile maps nothing where mappings are not used: f is read instead.
func mapFile(*os.File, int64) ([]byte, bool) { return nil, false }

func unmap([]byte) error { return nil }
