// Command readfloor reads stdin whole and prints how many bytes it read:
// the least a Go program that reads a batch costs, process start-up
// included. scripts/bench-boj11112.sh times it beside searchlab, so that
// a reader sees how much of searchlab's time is the process itself.
package main

import (
	"fmt"
	"io"
	"os"
)

func main() {
	b, err := io.ReadAll(os.Stdin)
	if err != nil {
		fmt.Fprintln(os.Stderr, "readfloor:", err)
		os.Exit(1)
	}
	fmt.Println(len(b))
}
