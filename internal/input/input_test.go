package input_test

import (
	"bytes"
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/searchlab/searchlab/internal/input"
)

const bom = "\xef\xbb\xbf"

func writeTemp(t *testing.T, text string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "in.txt")
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestPeek checks that peeking at an input skips a byte-order mark and
// hands back every other byte, read a byte at a time (a pipe) or from a
// file, whose reader stays the file.
func TestPeek(t *testing.T) {
	long := strings.Repeat("1 2 3 4 5 6 7 8 0\n", 10000)
	for _, in := range []string{"", "\n", "a", bom, bom + "x", "\xef\xbbx", "1 2\n\n\n3 4\n5 6\n", bom + long, long} {
		for n := range 3 {
			want := strings.TrimPrefix(in, bom)
			src := input.New("", iotest.OneByteReader(strings.NewReader(in)))
			p := string(src.Peek(n))
			got, err := io.ReadAll(src.Reader())
			if err != nil || string(got) != want || !strings.HasPrefix(want, p) {
				t.Errorf("Peek(%d) of %.20q: %.20q, then %.20q, %v", n, in, p, got, err)
			}
			f, err := os.Open(writeTemp(t, in))
			if err != nil {
				t.Fatal(err)
			}
			src = input.New(f.Name(), f)
			src.Peek(n)
			r := src.Reader()
			if r != io.Reader(f) {
				t.Errorf("Peek(%d) of a file: the reader is %T, not the file", n, r)
			}
			if got, err := io.ReadAll(r); err != nil || string(got) != want {
				t.Errorf("Peek(%d) of a file of %.20q, then %.20q, %v", n, in, got, err)
			}
			f.Close()
		}
	}
}

// TestPeekLines checks how much Peek holds: n lines that are not blank,
// and only the first call reads.
func TestPeekLines(t *testing.T) {
	for _, tc := range []struct {
		in   string
		n    int
		want string
	}{
		{"1 2\n3 4\n5 6\n", 1, "1 2\n"},
		{"1 2\n\n3 4\n5 6\n", 2, "1 2\n\n3 4\n"},
		{bom + "x\ny\n", 1, "x\n"},
		{"no newline", 1, "no newline"},
		{"abc\n", 0, "a"},
	} {
		src := input.New("", iotest.OneByteReader(strings.NewReader(tc.in)))
		if got := string(src.Peek(tc.n)); got != tc.want {
			t.Errorf("Peek(%d) of %q = %q, want %q", tc.n, tc.in, got, tc.want)
		}
		if got := string(src.Peek(tc.n + 5)); got != tc.want {
			t.Errorf("a second Peek of %q read on: %q", tc.in, got)
		}
	}
}

// TestReadError checks that a read error that ends a peek comes after the
// bytes read before it.
func TestReadError(t *testing.T) {
	src := input.New("", iotest.TimeoutReader(strings.NewReader("1 2 3\n")))
	src.Peek(2)
	if got, err := io.ReadAll(src.Reader()); string(got) != "1 2 3\n" || err != iotest.ErrTimeout {
		t.Errorf("a read error after the peek: %q, %v; want the bytes, then the error", got, err)
	}
}

// TestReadAll checks that ReadAll, and View, hand over the rest of a file
// (View maps it) or of a pipe whole, after a peek or not, without the
// byte-order mark, and that Reader gives it all again after; and that
// View returns fn's error.
func TestReadAll(t *testing.T) {
	text := strings.Repeat("8 1 3 4 0 2 7 6 5\n", 1000)
	view := func(src *input.Source) ([]byte, error) {
		var got []byte
		err := src.View(func(data []byte) error {
			got = bytes.Clone(data)
			return nil
		})
		return got, err
	}
	for _, peek := range []bool{false, true} {
		for how, read := range map[string]func(*input.Source) ([]byte, error){"ReadAll": (*input.Source).ReadAll, "View": view} {
			f, err := os.Open(writeTemp(t, bom+text))
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			for _, src := range []*input.Source{input.New("f", f), input.New("", strings.NewReader(bom+text))} {
				if peek {
					src.Peek(1)
				}
				data, err := read(src)
				if err != nil || string(data) != text {
					t.Errorf("%s (peek %v): %d bytes, %v; want %d", how, peek, len(data), err, len(text))
				}
				if again, _ := io.ReadAll(src.Reader()); string(again) != text {
					t.Errorf("Reader after %s (peek %v): %d bytes, want %d", how, peek, len(again), len(text))
				}
			}
		}
	}
	f, err := os.Open(writeTemp(t, ""))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	cause := errors.New("bad batch")
	if err := input.New("f", f).View(func(data []byte) error {
		if len(data) != 0 {
			t.Errorf("View of an empty file: %d bytes", len(data))
		}
		return cause
	}); err != cause {
		t.Errorf("View returned %v, want fn's error", err)
	}
}

// TestOpen checks the sources that arguments name, and the errors of a
// missing file and of InFile.
func TestOpen(t *testing.T) {
	path := writeTemp(t, "file\n")
	stdin := strings.NewReader("stdin\n")
	srcs, err := input.Open([]string{path, "-"}, stdin)
	if err != nil {
		t.Fatal(err)
	}
	defer input.Close(srcs)
	var got []string
	for _, s := range srcs {
		b, _ := io.ReadAll(s.Reader())
		got = append(got, s.Name+"="+string(b))
	}
	if want := []string{path + "=file\n", "=stdin\n"}; strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("Open: %q, want %q", got, want)
	}
	if srcs, _ := input.Open(nil, stdin); len(srcs) != 1 || srcs[0].Name != "" {
		t.Errorf("Open(nil): %d sources, want stdin alone", len(srcs))
	}
	if _, err := input.Open([]string{path, filepath.Join(t.TempDir(), "missing")}, stdin); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("Open of a missing file: %v", err)
	}
	dir := t.TempDir()
	if _, err := input.Open([]string{path, dir}, stdin); !errors.Is(err, input.ErrDirectory) || err.Error() != "open "+dir+": is a directory, not a file" {
		t.Errorf("Open of a directory: %v", err)
	}
	cause := errors.New("line 3: bad")
	var fe *input.FileError
	if err := srcs[0].InFile(cause); err.Error() != path+": line 3: bad" || !errors.As(err, &fe) || !errors.Is(err, cause) {
		t.Errorf("InFile of a file: %v", err)
	}
	if err := srcs[1].InFile(cause); err != cause {
		t.Errorf("InFile of stdin: %v, want the error itself", err)
	}
}

// FuzzPeek checks that peeking never loses or adds a byte, whatever the
// input and the number of lines asked for.
func FuzzPeek(f *testing.F) {
	for _, s := range []string{"", bom, bom + "1 2\n3 4\n", "\xef\xbb", "\n\n1\n"} {
		f.Add(s, 2)
	}
	f.Fuzz(func(t *testing.T, in string, n int) {
		n = max(0, n%5)
		src := input.New("", iotest.HalfReader(strings.NewReader(in)))
		p := src.Peek(n)
		got, err := io.ReadAll(src.Reader())
		want := strings.TrimPrefix(in, bom)
		if err != nil || string(got) != want || !strings.HasPrefix(want, string(p)) {
			t.Errorf("Peek(%d) of %q: %q, then %q, %v", n, in, p, got, err)
		}
	})
}
