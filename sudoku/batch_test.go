package sudoku_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/searchlab/searchlab/search"
	"github.com/searchlab/searchlab/sudoku"
)

// batchText is the text a test's Batch.Append writes for one answer.
func batchText(dst []byte, a *sudoku.Answer) ([]byte, error) {
	if a.Err != nil {
		return dst, fmt.Errorf("line %d: %w", a.Line, a.Err)
	}
	return fmt.Appendf(dst, "%d %d %d %d %v\n", a.Index, a.Seq, a.Line, a.Result.Count, a.Result.Solution), nil
}

// TestBatchRun checks that every path of Batch.Run (the line fast path,
// one job, many jobs) writes what solving the selected puzzles one by one
// with Solve gives, in input order.
func TestBatchRun(t *testing.T) {
	data, err := os.ReadFile("testdata/sample/norvig_top95.txt")
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		b    sudoku.Batch
	}{
		{"lines", sudoku.Batch{Options: sudoku.Options{Limit: 1}}},
		{"lines count", sudoku.Batch{Options: sudoku.Options{Limit: 2, NoSolution: true}}},
		{"one job timed", sudoku.Batch{Options: sudoku.Options{Limit: 1}, Timed: true}},
		{"three jobs", sudoku.Batch{Options: sudoku.Options{Limit: 2}, Jobs: 3}},
		{"shard 1 of 3", sudoku.Batch{Options: sudoku.Options{Limit: 1}, Shard: 1, Shards: 3}},
		{"shard 0 of 2, four jobs", sudoku.Batch{Options: sudoku.Options{Limit: 1, First: true}, Jobs: 4, Shard: 0, Shards: 2}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var want bytes.Buffer
			sc := sudoku.NewScanner(bytes.NewReader(data), sudoku.FormatLine)
			seq := 0
			for index := 0; sc.Scan(); index++ {
				if tc.b.Shards > 1 && index%tc.b.Shards != tc.b.Shard {
					continue
				}
				rec := sc.Record()
				g, err := sudoku.Parse(sudoku.FormatLine, rec)
				if err != nil {
					t.Fatal(err)
				}
				res, err := sudoku.Solve(context.Background(), g, tc.b.Options)
				a := sudoku.Answer{Index: index, Seq: seq, Line: rec.Line, Result: res, Err: err}
				out, _ := batchText(nil, &a)
				want.Write(out)
				seq++
			}
			b := tc.b
			b.Append = batchText
			var got bytes.Buffer
			st, err := b.Run(context.Background(), bytes.NewReader(data), &got)
			if err != nil {
				t.Fatal(err)
			}
			if got.String() != want.String() {
				t.Errorf("Run wrote\n%s\nwant\n%s", got.String(), want.String())
			}
			if st.Puzzles != seq {
				t.Errorf("Run solved %d puzzles, want %d", st.Puzzles, seq)
			}
		})
	}
}

// TestBatchRunErrors checks that a bad line and an answer's error stop
// every path of Batch.Run, with the answers before them written.
func TestBatchRunErrors(t *testing.T) {
	good := strings.Repeat(".", 81)
	tests := []struct {
		name, input string
		opt         sudoku.Options
		wantLines   int
		wantErr     error
	}{
		{"bad line", good + "\n" + good + "\n12345\n" + good + "\n", sudoku.Options{Limit: 1}, 2, sudoku.ErrInvalid},
		{"conflict", good + "\n11" + strings.Repeat(".", 79) + "\n" + good + "\n", sudoku.Options{Limit: 1}, 1, sudoku.ErrInvalid},
		{"guess cap", good + "\n", sudoku.Options{Limit: 2, Limits: search.Limits{MaxNodes: 1}}, 0, sudoku.ErrLimit},
	}
	for _, tc := range tests {
		for _, jobs := range []int{1, 2} {
			for _, timed := range []bool{false, true} {
				b := sudoku.Batch{Options: tc.opt, Jobs: jobs, Timed: timed, Append: batchText}
				var got bytes.Buffer
				_, err := b.Run(context.Background(), strings.NewReader(tc.input), &got)
				if !errors.Is(err, tc.wantErr) || strings.Count(got.String(), "\n") != tc.wantLines {
					t.Errorf("%s, %d jobs, timed %v: wrote %q, err %v; want %d lines, %v", tc.name, jobs, timed, got.String(), err, tc.wantLines, tc.wantErr)
				}
			}
		}
	}
}
