package pdb

import (
	"os"

	"github.com/searchlab/searchlab/internal/regularfile"
)

// openRegular and readRegular open only regular files, without waiting
// (see package regularfile).
func openRegular(path string) (*os.File, error) { return regularfile.Open(path) }

func readRegular(path string) ([]byte, error) { return regularfile.ReadFile(path) }
