// Package input reads a command's input: the files named on its command
// line, or stdin. A Source skips a UTF-8 byte-order mark, lets a command
// peek at its first lines to detect a format before reading, and reads
// whole where a command wants all of it at once.
package input

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"runtime/debug"
	"unsafe"

	"github.com/searchlab/searchlab/internal/regularfile"
)

// Source is one input of a command: a file named on the command line, or
// stdin.
type Source struct {
	Name   string // the file's name; "" for stdin
	r      io.Reader
	file   *os.File // the open file, closed by Close; nil for stdin
	prefix []byte   // what Peek has read, nil before
	peeked bool
}

// New returns a source that reads r, under the file name name ("" for
// stdin). Close leaves r open.
func New(name string, r io.Reader) *Source {
	return &Source{Name: name, r: r}
}

// Open returns the sources that args name, in order: stdin when there are
// none, and for "-". It returns the error of a file that cannot be opened,
// or that is a directory, having closed those opened before it.
func Open(args []string, stdin io.Reader) ([]*Source, error) {
	if len(args) == 0 {
		return []*Source{New("", stdin)}, nil
	}
	var srcs []*Source
	for _, a := range args {
		if a == "-" {
			srcs = append(srcs, New("", stdin))
			continue
		}
		f, err := os.Open(a)
		if err == nil {
			if fi, serr := f.Stat(); serr == nil && fi.IsDir() {
				f.Close()
				err = &fs.PathError{Op: "open", Path: a, Err: ErrDirectory}
			}
		}
		if err != nil {
			Close(srcs)
			return nil, err
		}
		srcs = append(srcs, &Source{Name: a, r: f, file: f})
	}
	return srcs, nil
}

// ErrDirectory is Open's error for a directory named as an input file.
var ErrDirectory = errors.New("is a directory, not a file")

// Close closes the files that Open opened for srcs.
func Close(srcs []*Source) {
	for _, s := range srcs {
		if s.file != nil {
			s.file.Close()
		}
	}
}

// utf8BOM is the byte-order mark some editors write at the start of UTF-8
// text.
var utf8BOM = []byte("\xef\xbb\xbf")

// Reader returns what is left of the source's input, its byte-order mark
// skipped.
func (s *Source) Reader() io.Reader {
	s.Peek(0)
	return s.r
}

// Peek returns the start of the source's input without consuming it,
// holding at least its first n lines that are not blank where it has them
// (fewer when they exceed 64 KB), and skips a byte-order mark. Only the
// first call reads: format detection comes before reading. A regular file
// is read and sought back, so that the reader stays the *os.File (whose
// size shows progress); other input is read ahead and handed back before
// the rest. Input typed on a terminal is read no further than n lines (or,
// with n 0, than its first characters).
func (s *Source) Peek(n int) []byte {
	if s.peeked {
		return s.prefix
	}
	s.peeked = true
	const most = 64 << 10
	var buf []byte
	chunk := make([]byte, 4096)
	var err error
	for len(buf) < most && !enoughLines(buf, n) {
		var k int
		k, err = s.r.Read(chunk)
		buf = append(buf, chunk[:k]...)
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

// ReadAll reads what is left of the source whole, and keeps it: Reader
// returns it again afterwards. A regular file (stdin redirected from one)
// is read in one read of its size.
func (s *Source) ReadAll() ([]byte, error) {
	data, err := readAll(s.Reader())
	if err == nil {
		s.r = bytes.NewReader(data)
	}
	return data, err
}

func readAll(r io.Reader) ([]byte, error) {
	if f, ok := r.(*os.File); ok {
		if fi, err := f.Stat(); err == nil && fi.Mode().IsRegular() {
			if off, err := f.Seek(0, io.SeekCurrent); err == nil && fi.Size() >= off {
				data := make([]byte, fi.Size()-off)
				n, err := io.ReadFull(f, data)
				if err == nil {
					// The file may have grown since.
					rest, err := io.ReadAll(f)
					return append(data[:n], rest...), err
				}
				if err != io.ErrUnexpectedEOF {
					return nil, err
				}
				return data[:n], nil
			}
		}
	}
	return io.ReadAll(r)
}

// View calls fn with what is left of the source's input, whole, and
// returns fn's error; the input is not consumed (Reader still returns it
// all). A regular file (stdin redirected from one) is mapped read-only
// instead of copied into memory, which costs far fewer page faults for a
// large input, and the mapping is undone when fn returns: fn must not keep
// data, write to it or hand it to other goroutines. Should the file be cut
// short meanwhile, so that reading data faults, View returns an error
// instead of the process crashing. Other input is read (ReadAll) and kept.
func (s *Source) View(fn func(data []byte) error) error {
	s.Peek(0)
	if f, ok := s.r.(*os.File); ok {
		if m, ok := regularfile.MapFile(f); ok {
			defer regularfile.Unmap(m)
			if off, err := f.Seek(0, io.SeekCurrent); err == nil && off <= int64(len(m)) {
				return s.guard(m, func() error { return fn(m[off:]) })
			}
		}
	}
	data, err := s.ReadAll()
	if err != nil {
		return err
	}
	return fn(data)
}

// guard runs fn, turning a fault in reading the mapping m (its file cut
// short under it) into an error.
func (s *Source) guard(m []byte, fn func() error) (err error) {
	old := debug.SetPanicOnFault(true)
	defer func() {
		debug.SetPanicOnFault(old)
		r := recover()
		if r == nil {
			return
		}
		start := uintptr(unsafe.Pointer(unsafe.SliceData(m)))
		if f, ok := r.(interface{ Addr() uintptr }); ok && f.Addr()-start < uintptr(len(m)) {
			name := s.Name
			if name == "" {
				name = "stdin"
			}
			err = fmt.Errorf("%s: the file was cut short while it was read", name)
			return
		}
		panic(r)
	}()
	return fn()
}

// InFile prefixes err with the source's file name, when it has one, as a
// *FileError.
func (s *Source) InFile(err error) error {
	if err == nil || s.Name == "" {
		return err
	}
	return &FileError{s.Name, err}
}

// FileError is an error in the input of a named file.
type FileError struct {
	Name string
	Err  error
}

func (e *FileError) Error() string { return e.Name + ": " + e.Err.Error() }
func (e *FileError) Unwrap() error { return e.Err }
