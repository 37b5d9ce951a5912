package progress_test

import (
	"bytes"
	"strings"
	"testing"

	"github.com/searchlab/searchlab/internal/progress"
)

func TestBarDrawsProgress(t *testing.T) {
	var buf bytes.Buffer
	b := progress.New(&buf, "solving", 4)
	b.Add(2)
	b.Set(4)
	b.Finish()
	out := buf.String()
	for _, want := range []string{"solving", "100%", "4/4"} {
		if !strings.Contains(out, want) {
			t.Errorf("output %q lacks %q", out, want)
		}
	}
	if !strings.HasSuffix(out, "\n") {
		t.Errorf("Finish did not end the line: %q", out)
	}
}

func TestNilBarIsSilent(t *testing.T) {
	var b *progress.Bar
	b.Add(1)
	b.Set(2)
	b.Finish() // must not panic
}
