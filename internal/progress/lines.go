package progress

import (
	"fmt"
	"io"
	"sync"
)

// Lines writes the reports of a long task: on a terminal one line redrawn
// in place, otherwise a line each report. A nil *Lines writes nothing. Its
// methods are safe for concurrent use.
type Lines struct {
	mu       sync.Mutex
	w        io.Writer
	terminal bool
	drawn    bool // a line is drawn in place and not yet ended
	shown    bool // a report was written: Done writes from then on
}

// NewLines returns a Lines that writes on w, redrawing in place where
// terminal is true.
func NewLines(w io.Writer, terminal bool) *Lines {
	return &Lines{w: w, terminal: terminal}
}

// Report writes line, the task's state now: in place of the last report
// on a terminal, on a line of its own otherwise.
func (l *Lines) Report(line string) {
	if l == nil {
		return
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	l.shown = true
	if l.terminal {
		fmt.Fprintf(l.w, "\r%s\x1b[K", line)
		l.drawn = true
		return
	}
	fmt.Fprintln(l.w, line)
}

// Done writes line, a stage of the task finished, on a line that stays;
// before the first Report it writes nothing, so that a quick task prints
// no lines at all.
func (l *Lines) Done(line string) {
	if l == nil {
		return
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if !l.shown {
		return
	}
	l.clear()
	fmt.Fprintln(l.w, line)
}

// Clear removes a line drawn in place, so that other output can follow.
func (l *Lines) Clear() {
	if l == nil {
		return
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	l.clear()
}

func (l *Lines) clear() {
	if l.drawn {
		fmt.Fprint(l.w, "\r\x1b[K")
		l.drawn = false
	}
}

// Count writes a number shortly, to three significant digits: 950, 12.3k,
// 4.56M, 7.89G, 1.23T.
func Count(x float64) string {
	switch {
	case x >= 1e12:
		return fmt.Sprintf("%.2fT", x/1e12)
	case x >= 1e9:
		return fmt.Sprintf("%.2fG", x/1e9)
	case x >= 1e6:
		return fmt.Sprintf("%.2fM", x/1e6)
	case x >= 1e3:
		return fmt.Sprintf("%.1fk", x/1e3)
	}
	return fmt.Sprintf("%.0f", x)
}

// Stages returns a progress function for a task made of named stages, each
// of known size, that draws a Bar on w for each stage in turn (w should be
// a terminal). A stage reported again after it finished is not redrawn.
func Stages(w io.Writer) func(name string, done, total int64) {
	var bar *Bar
	var label, finished string
	return func(name string, done, total int64) {
		if name == finished {
			return
		}
		if name != label {
			bar.Finish()
			label = name
			bar = New(w, name, total)
		}
		bar.Set(done)
		if done == total {
			bar.Finish()
			bar, label, finished = nil, "", name
		}
	}
}
