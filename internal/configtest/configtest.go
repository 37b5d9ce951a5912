// Package configtest runs a package's tests with a configuration directory
// of their own, for the packages whose code makes the key that signs
// checkpoints there.
package configtest

import (
	"os"
	"testing"
)

// Main runs m with XDG_CONFIG_HOME pointed at a new temporary directory,
// removes it, and exits with m's status: the tests neither read nor make
// the user's checkpoint key. Call it from TestMain.
func Main(m *testing.M) {
	dir, err := os.MkdirTemp("", "searchlab-test-config")
	if err != nil {
		panic(err)
	}
	os.Setenv("XDG_CONFIG_HOME", dir)
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}
