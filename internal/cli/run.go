package cli

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"time"
)

// RunChecked runs as Run does, with stdout behind a StickyWriter that env
// puts into the command's environment, and fails a run that would end with
// status 0 when a write to stdout failed where the command did not look:
// output cut short never ends with status 0.
func (p *Program[E]) RunChecked(ctx context.Context, env func(stdout io.Writer) E, stdout, stderr io.Writer, args []string) int {
	out := &StickyWriter{W: stdout}
	code := p.Run(ctx, env(out), out, stderr, args)
	if code == 0 && out.Err() != nil {
		code = p.Exit(stderr, fmt.Errorf("writing output: %w", out.Err()))
	}
	return code
}

// Main runs the program with this process's arguments, stdout and stderr
// (RunChecked; env makes the environment of the command), and exits with
// its status. An interrupt (Ctrl-C) cancels the context the command runs
// with.
func (p *Program[E]) Main(env func(stdout io.Writer) E) {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	code := p.RunChecked(ctx, env, os.Stdout, os.Stderr, os.Args[1:])
	stop()
	os.Exit(code)
}

// WithTimeout returns ctx with the timeout d, as a command's --timeout
// gives it: none when d is 0.
func WithTimeout(ctx context.Context, d time.Duration) (context.Context, context.CancelFunc) {
	if d > 0 {
		return context.WithTimeout(ctx, d)
	}
	return context.WithCancel(ctx)
}

// IsTerminal reports whether f is a character device, such as a terminal
// (where a command may draw progress bars).
func IsTerminal(f *os.File) bool {
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}
