package main

import (
	"bytes"
	"context"
	"io"
	"testing"

	"github.com/searchlab/searchlab/sliding"
)

// BenchmarkSlidingBatch100k runs "searchlab sliding --format boj11112" in
// process on the README's 100,000-board batch (seed 1, half unsolvable):
// parse, solve, verify and print. The 3x3 table is built in the first
// iteration and cached after; BenchmarkTableBuild in package sliding times
// the build alone.
func BenchmarkSlidingBatch100k(b *testing.B) {
	var in bytes.Buffer
	if err := sliding.Write(&in, sliding.BOJ11112, sliding.BatchBOJ11112(100000, 1)); err != nil {
		b.Fatal(err)
	}
	data := in.Bytes()
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		e := &env{stdin: bytes.NewReader(data), stdout: io.Discard, stderr: io.Discard}
		if code := run(context.Background(), e, []string{"sliding", "--format", "boj11112"}); code != 0 {
			b.Fatalf("exit %d", code)
		}
	}
}
