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

// WriteList writes infos, the files of the directory dir as List or
// Verify describe them, as a table aligned in columns under a line naming
// dir: a row per file with its name, size in MiB, board, blank cell, the
// goal cells of its pattern's tiles and its status ("ok", or "ok, checksum
// verified" when verified, or what is wrong with it). With no files it
// writes a line saying that dir has none. It returns the number of files
// that are damaged.
func WriteList(w io.Writer, dir string, infos []Info, verified bool) (damaged int, err error) {
	if len(infos) == 0 {
		_, err := fmt.Fprintf(w, "no pattern databases in %s\n", dir)
		return 0, err
	}
	fmt.Fprintf(w, "%s:\n", dir)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "FILE\tMiB\tBOARD\tBLANK\tTILES (goal cells)\tSTATUS")
	for _, in := range infos {
		status := "ok"
		if verified {
			status = "ok, checksum verified"
		}
		if in.Err != nil {
			status = in.Err.Error()
			damaged++
		}
		tiles := joinInts(in.Cells, " ")
		if in.ZeroAware {
			tiles += " (zero-aware)"
		}
		fmt.Fprintf(tw, "%s\t%.1f\t%dx%d\t%d\t%s\t%s\n", in.Name, float64(in.Size)/(1<<20), in.W, in.H, in.Blank, tiles, status)
	}
	return damaged, tw.Flush()
}

// joinInts writes the numbers of xs separated by sep.
func joinInts(xs []int, sep string) string {
	s := make([]string, len(xs))
	for i, x := range xs {
		s[i] = strconv.Itoa(x)
	}
	return strings.Join(s, sep)
}
