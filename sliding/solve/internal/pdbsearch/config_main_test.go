package pdbsearch_test

import (
	"testing"

	"github.com/searchlab/searchlab/internal/configtest"
)

// TestMain keeps the tests away from the user's configuration directory,
// where the key that signs checkpoints is made.
func TestMain(m *testing.M) { configtest.Main(m) }
