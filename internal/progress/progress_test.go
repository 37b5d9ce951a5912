package progress_test

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
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

// TestLines checks the report lines: redrawn in place on a terminal, a
// line each otherwise, and Done lines only once a report was written.
func TestLines(t *testing.T) {
	for _, tc := range []struct {
		terminal bool
		want     string
	}{
		{true, "\rstate 1\x1b[K\rstate 2\x1b[K\r\x1b[Kstage done\n"},
		{false, "state 1\nstate 2\nstage done\n"},
	} {
		var buf strings.Builder
		l := progress.NewLines(&buf, tc.terminal)
		l.Done("quick stage")
		l.Report("state 1")
		l.Report("state 2")
		l.Done("stage done")
		l.Clear()
		if got := buf.String(); got != tc.want {
			t.Errorf("terminal %v:\n got %q\nwant %q", tc.terminal, got, tc.want)
		}
	}
	var nl *progress.Lines
	nl.Report("x")
	nl.Done("x")
	nl.Clear() // must not panic
}

func TestCount(t *testing.T) {
	for _, tc := range []struct {
		x    float64
		want string
	}{
		{0, "0"}, {950, "950"}, {999.4, "999"}, {1000, "1.0k"}, {12345, "12.3k"},
		{4.567e6, "4.57M"}, {7.891e9, "7.89G"}, {1.234e12, "1.23T"},
	} {
		if got := progress.Count(tc.x); got != tc.want {
			t.Errorf("Count(%g) = %q, want %q", tc.x, got, tc.want)
		}
	}
}

func TestStages(t *testing.T) {
	var buf bytes.Buffer
	report := progress.Stages(&buf)
	report("a", 1, 2)
	report("a", 2, 2)
	report("a", 2, 2) // finished: not drawn again
	report("b", 5, 10)
	report("b", 10, 10)
	out := buf.String()
	if strings.Count(out, "\n") != 2 || !strings.Contains(out, "a") || !strings.Contains(out, "b") || !strings.Contains(out, "10/10") {
		t.Errorf("two stages drew %q; want a bar each, ended", out)
	}
}

func TestForFile(t *testing.T) {
	dir := t.TempDir()
	name := filepath.Join(dir, "input")
	if err := os.WriteFile(name, make([]byte, 100), 0o644); err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	pr, pw, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer pr.Close()
	defer pw.Close()
	tests := []struct {
		name string
		r    io.Reader
		min  int64
		bar  bool
	}{
		{"large file", f, 99, true},
		{"small file", f, 100, false},
		{"pipe", pr, 0, false},
		{"not a file", strings.NewReader("abc"), 0, false},
	}
	for _, tc := range tests {
		var buf bytes.Buffer
		bar := progress.ForFile(&buf, "input", tc.r, tc.min)
		if (bar != nil) != tc.bar {
			t.Errorf("%s: bar %v, want one: %v", tc.name, bar != nil, tc.bar)
		}
		bar.Set(100)
		bar.Finish()
		if tc.bar && !strings.Contains(buf.String(), "100/100") {
			t.Errorf("%s: drew %q", tc.name, buf.String())
		}
	}
}
