// Package stroketest reads the reference boards of package stroke's
// testdata, for the tests of stroke and of the packages that serve it.
package stroketest

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/searchlab/searchlab/stroke"
)

// Reference reads boards.txt and boards.want in dir (stroke's testdata
// folder): the boards, and for each its recorded answer, a line "COLOUR
// LENGTH" ("- 0" where no chain starts). It fails the test when the files
// cannot be read or the counts differ.
func Reference(t testing.TB, dir string) ([]*stroke.Board, []string) {
	t.Helper()
	f, err := os.Open(filepath.Join(dir, "boards.txt"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	boards, err := stroke.ParseAll(f)
	if err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(filepath.Join(dir, "boards.want"))
	if err != nil {
		t.Fatal(err)
	}
	wants := strings.Split(strings.TrimSpace(string(data)), "\n")
	if len(wants) != len(boards) {
		t.Fatalf("%s: %d boards, %d answers", dir, len(boards), len(wants))
	}
	return boards, wants
}
