package sudoku

import (
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"testing"
)

var update = flag.Bool("update", false, "regenerate the 16x16 and 25x25 puzzles in testdata")

// TestUpdateTestdata writes testdata/box4.txt and testdata/box5.txt (with
// -update): generated puzzles, each line "puzzle:solution".
func TestUpdateTestdata(t *testing.T) {
	t.Parallel()
	if !*update {
		t.Skip("run with -update to regenerate testdata")
	}
	for _, box := range []int{4, 5} {
		gen, err := NewGenerator(box, uint64(box))
		if err != nil {
			t.Fatal(err)
		}
		var out []byte
		for k := 0; k < 4; k++ {
			p, s, err := gen.Generate(context.Background(), 0)
			if err != nil {
				t.Fatal(err)
			}
			out = fmt.Appendf(out, "%s:%s\n", p, s)
			t.Logf("box %d: %d givens", box, p.Givens())
		}
		if err := os.WriteFile(filepath.Join("testdata", fmt.Sprintf("box%d.txt", box)), out, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}
