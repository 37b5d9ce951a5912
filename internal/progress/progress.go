// Package progress reports the progress of long tasks on stderr: a one-line
// bar on a terminal (Bar, Stages), and report lines redrawn in place on a
// terminal or written one a line elsewhere (Lines). It is a leaf package
// with useful zero values: a nil *Bar or *Lines does nothing, so callers
// need no "if terminal" checks around every update.
package progress

import (
	"fmt"
	"io"
	"os"
	"strings"
	"sync"
	"time"
)

// Bar is a progress bar for a task of known size. It redraws at most every
// tenth of a second. A nil *Bar is valid and draws nothing. Its methods are
// safe for concurrent use.
type Bar struct {
	mu    sync.Mutex
	w     io.Writer
	label string
	total int64
	done  int64
	start time.Time
	last  time.Time
}

// New returns a bar that draws on w, which should be a terminal, for a task
// of total units described by label.
func New(w io.Writer, label string, total int64) *Bar {
	return &Bar{w: w, label: label, total: total, start: time.Now()}
}

// Add records n more units done.
func (b *Bar) Add(n int64) {
	if b == nil {
		return
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	b.done += n
	if now := time.Now(); now.Sub(b.last) >= 100*time.Millisecond || b.done >= b.total {
		b.last = now
		b.draw(now)
	}
}

// Set records that n units are done in all.
func (b *Bar) Set(n int64) {
	if b == nil {
		return
	}
	b.mu.Lock()
	d := n - b.done
	b.mu.Unlock()
	b.Add(d)
}

// Finish draws the bar one last time and ends its line.
func (b *Bar) Finish() {
	if b == nil {
		return
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	b.draw(time.Now())
	fmt.Fprintln(b.w)
}

func (b *Bar) draw(now time.Time) {
	const width = 30
	frac := 1.0
	if b.total > 0 {
		frac = min(1, float64(b.done)/float64(b.total))
	}
	fill := int(frac * width)
	elapsed := now.Sub(b.start).Truncate(time.Second)
	fmt.Fprintf(b.w, "\r%s [%s%s] %3.0f%% %d/%d %v ", b.label,
		strings.Repeat("=", fill), strings.Repeat(" ", width-fill), frac*100, b.done, b.total, elapsed)
}

// ForFile returns a bar labelled label that draws on w the bytes read of
// r, when r is a regular file (such as stdin redirected from one) of more
// than min bytes, and nil otherwise: input of unknown size has no bar, and
// small input is read before a bar would help.
func ForFile(w io.Writer, label string, r io.Reader, min int64) *Bar {
	f, ok := r.(*os.File)
	if !ok {
		return nil
	}
	if st, err := f.Stat(); err == nil && st.Mode().IsRegular() && st.Size() > min {
		return New(w, label, st.Size())
	}
	return nil
}
