package sliding

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"
)

// FormatOf returns the format of some input: the one named name
// (ParseFormat), or when name is "" the one DetectFormat tells from the
// input's first lines, which peek(n) returns for n lines. peek is not
// called when name is given, so that a bad name is refused before any
// input is read. A name that is not a format gets ParseFormat's error;
// input whose format cannot be told a *SyntaxError.
func FormatOf(name string, peek func(lines int) []byte) (Format, error) {
	if name != "" {
		return ParseFormat(name)
	}
	return DetectFormat(peek(2))
}

// DetectFormat tells the format of input that starts with prefix (its
// first two lines that are not blank suffice). A lone number on the first
// line that is not blank is BOJ11112's case count, unless it holds the
// digits 0 to 8 once each (a 3x3 board written without spaces, refused
// with a message that says so). A line with rows separated by slashes
// ("8 1 3 / 4 0 2 / 7 6 5") is Line. A line of tiles
// (numbers, or # or _ for the blank) is Line when no row follows it at
// once, or when neither it nor the next line has a number as large as its
// count of tiles; otherwise the rows are Grid, which also reads BOJ 1525
// boards. Input that is none of these gets a *SyntaxError naming the line
// and asking for the format; input with no board at all is Grid.
func DetectFormat(prefix []byte) (Format, error) {
	lines := bytes.Split(prefix, []byte("\n"))
	first := -1
	for i, l := range lines {
		if len(bytes.TrimSpace(l)) > 0 {
			first = i
			break
		}
	}
	if first < 0 {
		return Grid, nil
	}
	if bytes.Contains(lines[first], []byte("/")) {
		// Rows separated by slashes, as boards are printed on one line.
		for _, tok := range strings.Fields(strings.ReplaceAll(string(lines[first]), "/", " ")) {
			if !tileToken(tok) {
				return "", syntaxErr(first+1, "cannot tell the input format from %q; give it with --format (grid, line, boj11112 or boj1525)", clip(tok))
			}
		}
		return Line, nil
	}
	toks := strings.Fields(string(lines[first]))
	if len(toks) == 1 {
		if runTogether(toks[0]) {
			return "", syntaxErr(first+1, "%q is a 3x3 board with its tiles run together, or a case count of BOJ 11112; write the tiles apart (%s), or give --format boj11112",
				toks[0], strings.Join(strings.Split(toks[0], ""), " "))
		}
		if _, err := strconv.Atoi(toks[0]); err == nil {
			return BOJ11112, nil
		}
	}
	for _, tok := range toks {
		if !tileToken(tok) {
			return "", syntaxErr(first+1, "cannot tell the input format from %q; give it with --format (grid, line, boj11112 or boj1525)", clip(tok))
		}
	}
	var next []string
	if first+1 < len(lines) {
		next = strings.Fields(string(lines[first+1]))
	}
	// A board in Line holds its tiles 0 to n-1 on one line; the rows of a
	// Grid go on with the numbers the first row lacks.
	if len(next) == 0 || maxTile(toks) < len(toks) && maxTile(next) < len(toks) {
		return Line, nil
	}
	return Grid, nil
}

// tileToken reports whether tok can be a tile: a number (however large:
// the parser names one out of range), or # or _.
func tileToken(tok string) bool {
	if tok == "#" || tok == "_" {
		return true
	}
	if _, err := strconv.Atoi(tok); err == nil {
		return true
	}
	return digits(tok)
}

// runTogether reports whether tok holds the digits 0 to 8 once each: the
// tiles of a 3x3 board written without spaces, which no judge's case count
// is.
func runTogether(tok string) bool {
	if len(tok) != 9 {
		return false
	}
	seen := 0
	for _, c := range []byte(tok) {
		if c < '0' || c > '8' || seen&(1<<(c-'0')) != 0 {
			return false
		}
		seen |= 1 << (c - '0')
	}
	return true
}

// maxTile returns the largest number of toks; # and _ count as 0, and
// tokens that are not numbers are left to the parser.
func maxTile(toks []string) int {
	m := 0
	for _, tok := range toks {
		if v, err := strconv.Atoi(tok); err == nil {
			m = max(m, v)
		}
	}
	return m
}

// goalFields splits a goal into its tiles. Rows may be separated by " / ",
// the notation boards are printed in on one line ("1 2 3 / 8 0 4 / 7 6 5");
// then every row must have the same number of tiles, returned as rowW (0
// when the goal has no slashes).
func goalFields(s string) (toks []string, rowW int, err error) {
	if !strings.Contains(s, "/") {
		return strings.Fields(s), 0, nil
	}
	for i, row := range strings.Split(s, "/") {
		f := strings.Fields(row)
		if i > 0 && len(f) != rowW {
			return nil, 0, fmt.Errorf("%w: row %d of the goal has %d tiles, the first has %d", ErrInvalid, i+1, len(f), rowW)
		}
		rowW = len(f)
		toks = append(toks, f...)
	}
	if rowW == 0 {
		return nil, 0, fmt.Errorf("%w: the goal has an empty row", ErrInvalid)
	}
	return toks, rowW, nil
}
