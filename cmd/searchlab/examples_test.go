package main

import (
	"os"
	"strings"
	"testing"
)

// TestShippedExamples runs the commands that the README shows on the
// examples that ship in the repository, and checks their answers.
func TestShippedExamples(t *testing.T) {
	tests := []struct {
		file string
		args []string
		want []string // the answer lines, in order
	}{
		{"eight.txt", []string{"sliding", "--format", "boj11112"}, []string{"0", "3", "4", "31", "impossible", "29", "impossible"}},
		{"sudoku.txt", []string{"sudoku", "--count", "--limit", "1000"}, []string{"1", "1", "1", "1", "1", "872"}},
		{"stroke.txt", []string{"stroke"}, []string{"G 10", "G 6", "Y 9", "G 26", "G 4"}},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			in, err := os.ReadFile("../../examples/" + tt.file)
			if err != nil {
				t.Fatal(err)
			}
			code, out, errOut := runCLI(t, string(in), tt.args...)
			if code != 0 {
				t.Fatalf("exit %d, stderr %q", code, errOut)
			}
			got := strings.Split(strings.TrimSpace(out), "\n")
			if strings.Join(got, "|") != strings.Join(tt.want, "|") {
				t.Errorf("answers %q, want %q", got, tt.want)
			}
		})
	}
}
