//go:build !unix

package pdbsearch_test

import "errors"

func mkfifo(string) error { return errors.New("no named pipes") }
