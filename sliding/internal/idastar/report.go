package idastar

import (
	"fmt"
	"strings"
	"time"

	"github.com/searchlab/searchlab/internal/progress"
)

// String writes p as one line of a progress report: the bound, the nodes
// expanded in all and in this iteration, the rate, the iteration's and the
// whole solve's time, the subtrees done, and how long ago the checkpoint
// was saved (measured now) when it was. Counts are shortened as
// progress.Count writes them and times rounded to the second.
func (p Progress) String() string {
	line := fmt.Sprintf("bound %d | %s expanded, %s this iteration | %s/s | iteration %v, all %v | %d subtrees done",
		p.Bound, progress.Count(float64(p.Expanded)), progress.Count(float64(p.IterationExpanded)), progress.Count(p.Rate),
		p.IterationTime.Round(time.Second), p.Elapsed.Round(time.Second), p.Subtrees)
	if !p.Saved.IsZero() {
		line += fmt.Sprintf(" | saved %v ago", time.Since(p.Saved).Round(time.Second))
	}
	return line
}

// String writes r as one line: the bound, whether an earlier run began the
// iteration, its nodes, subtrees and time, and how long each worker was
// busy, to the millisecond.
func (r IterationReport) String() string {
	busy := make([]string, len(r.Workers))
	for i, w := range r.Workers {
		busy[i] = w.Busy.Round(time.Millisecond).String()
	}
	resumed := ""
	if r.Resumed {
		resumed = " (resumed)"
	}
	return fmt.Sprintf("bound %d done%s: %d expanded, %d subtrees, %v; workers busy %s",
		r.Bound, resumed, r.Expanded, r.Subtrees, r.Elapsed.Round(time.Millisecond), strings.Join(busy, " "))
}
