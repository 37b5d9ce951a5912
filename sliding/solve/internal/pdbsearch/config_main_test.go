package pdbsearch_test

import (
	"os"
	"testing"
)

// TestMain points the user's configuration directory, where the key that
// signs checkpoints is made, at a temporary one, so that the tests leave
// the user's alone.
func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "searchlab-test-config")
	if err != nil {
		panic(err)
	}
	os.Setenv("XDG_CONFIG_HOME", dir)
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}
