//go:build !unix

package pdb_test

import "errors"

func mkfifo(string) error { return errors.New("no named pipes") }
