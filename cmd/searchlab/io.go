package main

import (
	"bufio"
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
)

// newFlagSet returns a flag set for a command whose help text starts with
// a usage line (synopsis after the command's name), then description,
// then the flags, if it has any. The flag package prints nothing itself:
// -h prints the help on stdout (see parseArgs), and a parse error is
// returned for exitCode to print with a pointer to the help.
func newFlagSet(e *env, name, synopsis, description string) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	out := &flagOutput{w: e.stdout}
	fs.SetOutput(out)
	fs.Usage = func() {
		if !out.on {
			return // a parse error: exitCode reports it
		}
		w := fs.Output()
		fmt.Fprintln(w, strings.TrimSpace("Usage: searchlab "+name+" "+synopsis))
		if d := strings.TrimSpace(description); d != "" {
			fmt.Fprintf(w, "\n%s\n", d)
		}
		any := false
		fs.VisitAll(func(*flag.Flag) { any = true })
		if any {
			fmt.Fprintln(w, "\nFlags:")
			fs.PrintDefaults()
		}
	}
	return fs
}

// flagOutput is a flag set's output: silent, until the help is asked for.
type flagOutput struct {
	w  io.Writer
	on bool
}

func (o *flagOutput) Write(p []byte) (int, error) {
	if !o.on {
		return len(p), nil
	}
	return o.w.Write(p)
}

// printHelp writes fs's help text on stdout.
func printHelp(fs *flag.FlagSet) {
	if o, ok := fs.Output().(*flagOutput); ok {
		o.on = true
		defer func() { o.on = false }()
	}
	fs.Usage()
}

// usageError is a bad flag or argument of a command: exitCode prints it
// with a line naming the command's help, and exits with status 2.
type usageError struct {
	cmd string // such as "sliding" or "sudoku generate"
	err error
}

func (e usageError) Error() string        { return e.cmd + ": " + e.err.Error() }
func (e usageError) Unwrap() error        { return e.err }
func (e usageError) Is(target error) bool { return target == errBadInput }

// parseArgs parses args into fs and returns the arguments that are not
// flags. Flags may come before, between and after them; "--" ends the
// flags. -h prints the help on stdout and returns flag.ErrHelp.
func parseArgs(fs *flag.FlagSet, args []string) ([]string, error) {
	var rest []string
	for {
		if err := fs.Parse(args); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				printHelp(fs)
				return nil, err
			}
			return nil, usageError{fs.Name(), err}
		}
		left := fs.Args()
		if len(left) == 0 {
			return rest, nil
		}
		if used := len(args) - len(left); used > 0 && args[used-1] == "--" {
			return append(rest, left...), nil
		}
		rest = append(rest, left[0])
		args = left[1:]
	}
}

// parseFlags is parseArgs for commands that take no arguments besides
// flags.
func parseFlags(fs *flag.FlagSet, args []string) error {
	rest, err := parseArgs(fs, args)
	if err != nil {
		return err
	}
	if len(rest) > 0 {
		return usageError{fs.Name(), fmt.Errorf("unexpected argument %q", rest[0])}
	}
	return nil
}

// source is one input of a command: a file named on the command line, or
// stdin. A UTF-8 byte-order mark at its start is skipped.
type source struct {
	name   string // the file's name; "" for stdin
	r      io.Reader
	file   *os.File // the open file, closed by closeSources; nil for stdin
	prefix []byte   // what peek has read, nil before
	peeked bool
}

// inputs returns the sources that args name, in order: stdin when there
// are none, and for "-". A file that cannot be opened is bad input.
func (e *env) inputs(args []string) ([]*source, error) {
	if len(args) == 0 {
		return []*source{newSource("", e.stdin, nil)}, nil
	}
	var srcs []*source
	for _, a := range args {
		if a == "-" {
			srcs = append(srcs, newSource("", e.stdin, nil))
			continue
		}
		f, err := os.Open(a)
		if err != nil {
			closeSources(srcs)
			return nil, badInput(err)
		}
		srcs = append(srcs, newSource(a, f, f))
	}
	return srcs, nil
}

// closeSources closes the files of srcs.
func closeSources(srcs []*source) {
	for _, s := range srcs {
		if s.file != nil {
			s.file.Close()
		}
	}
}

func newSource(name string, r io.Reader, f *os.File) *source {
	return &source{name: name, r: r, file: f}
}

// utf8BOM is the byte-order mark some editors write at the start of UTF-8
// text.
var utf8BOM = []byte("\xef\xbb\xbf")

// reader returns what is left of the source's input, its byte-order mark
// skipped.
func (s *source) reader() io.Reader {
	s.peek(0)
	return s.r
}

// peek returns the start of the source's input without consuming it,
// holding at least its first n lines that are not blank where it has
// them (fewer when they exceed 64 KB), and skips a byte-order mark. Only
// the first call reads: format detection comes before reading. A regular
// file is read and sought back, so that the reader stays the *os.File
// (whose size shows progress); other input is read ahead and handed back
// before the rest. Input typed on a terminal is read no further than n
// lines (or, with n 0, than its first characters).
func (s *source) peek(n int) []byte {
	if s.peeked {
		return s.prefix
	}
	s.peeked = true
	const most = 64 << 10
	var buf []byte
	chunk := make([]byte, 4096)
	var err error
	for len(buf) < most && !enoughLines(buf, n) {
		var n int
		n, err = s.r.Read(chunk)
		buf = append(buf, chunk[:n]...)
		if err != nil {
			break
		}
	}
	skip := 0
	if bytes.HasPrefix(buf, utf8BOM) {
		skip = len(utf8BOM)
	}
	s.prefix = buf[skip:]
	if f, ok := s.r.(*os.File); ok {
		if fi, serr := f.Stat(); serr == nil && fi.Mode().IsRegular() {
			if _, serr := f.Seek(int64(skip-len(buf)), io.SeekCurrent); serr == nil {
				return s.prefix
			}
		}
	}
	rest := s.r
	if err != nil {
		rest = errReader{err}
	}
	s.r = io.MultiReader(bytes.NewReader(s.prefix), rest)
	return s.prefix
}

// enoughLines reports whether b holds n complete lines that are not
// blank, or with n 0 enough to tell whether it starts with a byte-order
// mark.
func enoughLines(b []byte, n int) bool {
	if n == 0 {
		return len(b) >= len(utf8BOM) || len(b) > 0 && b[0] != utf8BOM[0]
	}
	full := 0
	for len(b) > 0 && full < n {
		i := bytes.IndexByte(b, '\n')
		if i < 0 {
			return false
		}
		if len(bytes.TrimSpace(b[:i])) > 0 {
			full++
		}
		b = b[i+1:]
	}
	return full == n
}

// errReader returns err on every read: the error that ended a peek, at its
// place after the bytes read before it (io.EOF ends the input there).
type errReader struct{ err error }

func (r errReader) Read([]byte) (int, error) { return 0, r.err }

// inFile prefixes err with the source's file name, when it has one.
func (s *source) inFile(err error) error {
	if err == nil || s.name == "" {
		return err
	}
	return fileError{s.name, err}
}

// fileError is an error in the input of a named file.
type fileError struct {
	name string
	err  error
}

func (e fileError) Error() string { return e.name + ": " + e.err.Error() }
func (e fileError) Unwrap() error { return e.err }

// stickyWriter passes writes on to w until one fails, and then fails every
// later one with that first error, which run reports: output that is cut
// short never ends with exit status 0.
type stickyWriter struct {
	w   io.Writer
	err error
}

func (s *stickyWriter) Write(p []byte) (int, error) {
	if s.err != nil {
		return 0, s.err
	}
	n, err := s.w.Write(p)
	if err != nil {
		s.err = err
	}
	return n, err
}

// flush flushes out and, where *err is nil, sets it to the flush's error:
// "defer flush(out, &err)" in a function with a named error result.
func flush(out *bufio.Writer, err *error) {
	if ferr := out.Flush(); *err == nil && ferr != nil {
		*err = ferr
	}
}
