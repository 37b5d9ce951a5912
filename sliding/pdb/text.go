package pdb

import (
	"fmt"
	"io"
	"strconv"
	"strings"
	"text/tabwriter"
)

// ParseBlank reads the goal cell of the blank on a board of n cells:
// "first" (cell 0), "last" (cell n-1), or a cell number counted from 0 in
// reading order.
func ParseBlank(s string, n int) (int, error) {
	switch s {
	case "first":
		return 0, nil
	case "last":
		return n - 1, nil
	}
	c, err := strconv.Atoi(s)
	if err != nil || c < 0 || c >= n {
		return 0, fmt.Errorf("%q is not first, last or a cell from 0 to %d", s, n-1)
	}
	return c, nil
}

// Serves returns the goal cells of the blank, in order, whose goals the
// set serves: those that a symmetry of the board takes to the set's own
// (see CanonicalBlank).
func (s *Set) Serves() []int {
	var cells []int
	for c := range s.w * s.h {
		if CanonicalBlank(s.w, s.h, c) == s.blank {
			cells = append(cells, c)
		}
	}
	return cells
}

// String describes the set on one line: board size, method, the blank's
// goal cell and the cells it serves, the number of patterns and the
// memory its tables take, such as "3x3 pdb 4-4+mirror, blank goal on cell
// 0 (serves goals with the blank on cells 0, 2, 6, 8): 2 patterns, 0 MB".
func (s *Set) String() string {
	return fmt.Sprintf("%dx%d %s, blank goal on cell %d (serves goals with the blank on cells %s): %d patterns, %d MB",
		s.w, s.h, s.Method(), s.blank, joinInts(s.Serves(), ", "), len(s.groups), s.Bytes()>>20)
}

// Listing is what List or Verify found in a database directory.
type Listing struct {
	Dir   string // the directory
	Files []Info // its files, sorted by name
	// Verified reports that the files' checksums were checked (Verify).
	Verified bool
}

// ListDir lists the database files in dir ("" for CacheDir()), as List
// does, or with verify as Verify does.
func ListDir(dir string, verify bool) (Listing, error) {
	dir, err := Dir(dir)
	if err != nil {
		return Listing{}, err
	}
	l := Listing{Dir: dir, Verified: verify}
	if verify {
		l.Files, err = Verify(dir)
	} else {
		l.Files, err = List(dir)
	}
	return l, err
}

// Damaged returns the number of files that cannot be used (Info.Err).
func (l Listing) Damaged() int {
	n := 0
	for _, in := range l.Files {
		if in.Err != nil {
			n++
		}
	}
	return n
}

// WriteText writes l as a table aligned in columns under a line naming
// its directory: a row per file with its name, size in MiB, board, blank
// cell, the goal cells of its pattern's tiles and its status ("ok", "ok,
// checksum verified" when Verified, or what is wrong with it). With no
// files it writes a line saying that the directory has none.
func (l Listing) WriteText(w io.Writer) error {
	if len(l.Files) == 0 {
		_, err := fmt.Fprintf(w, "no pattern databases in %s\n", l.Dir)
		return err
	}
	fmt.Fprintf(w, "%s:\n", l.Dir)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "FILE\tMiB\tBOARD\tBLANK\tTILES (goal cells)\tSTATUS")
	for _, in := range l.Files {
		status := "ok"
		if l.Verified {
			status = "ok, checksum verified"
		}
		if in.Err != nil {
			status = in.Err.Error()
		}
		tiles := joinInts(in.Cells, " ")
		if in.ZeroAware {
			tiles += " (zero-aware)"
		}
		fmt.Fprintf(tw, "%s\t%.1f\t%dx%d\t%d\t%s\t%s\n", in.Name, float64(in.Size)/(1<<20), in.W, in.H, in.Blank, tiles, status)
	}
	return tw.Flush()
}

// joinInts writes the numbers of xs separated by sep.
func joinInts(xs []int, sep string) string {
	s := make([]string, len(xs))
	for i, x := range xs {
		s[i] = strconv.Itoa(x)
	}
	return strings.Join(s, sep)
}
