package idastar

import (
	"fmt"
	"testing"
	"time"
)

// TestReportStrings checks the report lines of Progress and
// IterationReport: shortened counts, rounded times, a saved checkpoint, a
// resumed iteration and the workers' busy times.
func TestReportStrings(t *testing.T) {
	busy := []WorkerReport{{Busy: 1500 * time.Millisecond}, {Busy: 1499 * time.Millisecond}}
	tests := []struct {
		report fmt.Stringer
		want   string
	}{
		{Progress{Bound: 40}, "bound 40 | 0 expanded, 0 this iteration | 0/s | iteration 0s, all 0s | 0 subtrees done"},
		{Progress{Bound: 82, Expanded: 1234567890, IterationExpanded: 4567, Rate: 2.5e6, IterationTime: 1499 * time.Millisecond, Elapsed: 61500 * time.Millisecond, Subtrees: 12},
			"bound 82 | 1.23G expanded, 4.6k this iteration | 2.50M/s | iteration 1s, all 1m2s | 12 subtrees done"},
		{Progress{Bound: 50, Subtrees: 3, Saved: time.Now().Add(-5 * time.Second)},
			"bound 50 | 0 expanded, 0 this iteration | 0/s | iteration 0s, all 0s | 3 subtrees done | saved 5s ago"},
		{IterationReport{Bound: 80}, "bound 80 done: 0 expanded, 0 subtrees, 0s; workers busy "},
		{IterationReport{Bound: 82, Expanded: 99, Subtrees: 7, Elapsed: 2345678 * time.Microsecond, Workers: busy},
			"bound 82 done: 99 expanded, 7 subtrees, 2.346s; workers busy 1.5s 1.499s"},
		{IterationReport{Bound: 84, Resumed: true, Workers: busy[:1]}, "bound 84 done (resumed): 0 expanded, 0 subtrees, 0s; workers busy 1.5s"},
	}
	for _, tc := range tests {
		if got := tc.report.String(); got != tc.want {
			t.Errorf("%#v:\n got %q\nwant %q", tc.report, got, tc.want)
		}
	}
}
