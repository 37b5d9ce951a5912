//go:build unix

package input_test

import (
	"os"
	"strings"
	"testing"

	"github.com/searchlab/searchlab/internal/input"
)

// TestViewCutShort checks that a file cut short while View has it mapped
// makes View return an error naming it, where reading the mapping faults,
// and does not crash the process.
func TestViewCutShort(t *testing.T) {
	path := writeTemp(t, strings.Repeat("8 1 3 4 0 2 7 6 5\n", 2000))
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var sum byte
	err = input.New(path, f).View(func(data []byte) error {
		if err := os.Truncate(path, 0); err != nil {
			t.Fatal(err)
		}
		for _, b := range data {
			sum += b
		}
		return nil
	})
	if err == nil || !strings.Contains(err.Error(), path+": the file was cut short") {
		t.Errorf("View of a file cut short: %v (sum %d), want an error naming it", err, sum)
	}
}
