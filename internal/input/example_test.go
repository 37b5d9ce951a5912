package input_test

import (
	"fmt"
	"io"
	"strings"

	"github.com/searchlab/searchlab/internal/input"
)

// Peek looks at the first line to tell the format (it holds at least that
// line), and the reader then reads the whole input, the byte-order mark
// skipped.
func ExampleSource_Peek() {
	src := input.New("", strings.NewReader("\xef\xbb\xbf3\n1 2 3\n4 5 6\n"))
	first, _, _ := strings.Cut(string(src.Peek(1)), "\n")
	fmt.Printf("first line: %q\n", first)
	all, _ := io.ReadAll(src.Reader())
	fmt.Printf("all: %q\n", all)
	// Output:
	// first line: "3"
	// all: "3\n1 2 3\n4 5 6\n"
}
