package sudoku

import "bytes"

// FormatOf returns the format of some input: the one called name
// (ParseFormat), or when name is "" the one DetectFormat tells from the
// input's first line, which peek(1) returns. peek is not called when name
// is given, so that a bad name is refused before any input is read.
func FormatOf(name string, peek func(lines int) []byte) (Format, error) {
	if name != "" {
		return ParseFormat(name)
	}
	return DetectFormat(peek(1)), nil
}

// DetectFormat tells the format of input that starts with prefix from its
// first line that is not blank: numbers separated by spaces are
// FormatGrid, nine digits (or '.' for blanks) are FormatBOJ2239, anything
// else is FormatLine
// (whose parser names the fault, if any).
func DetectFormat(prefix []byte) Format {
	for line := range bytes.SplitSeq(prefix, []byte("\n")) {
		line = bytes.TrimSpace(line)
		switch {
		case len(line) == 0:
			continue
		case bytes.IndexAny(line, " \t") >= 0:
			return FormatGrid
		case len(line) == 9 && digitRow(line):
			return FormatBOJ2239
		}
		return FormatLine
	}
	return FormatLine
}

// digitRow reports whether b is a row of Baekjoon 2239: digits, or '.'
// for a blank.
func digitRow(b []byte) bool {
	for _, c := range b {
		if (c < '0' || c > '9') && c != '.' {
			return false
		}
	}
	return true
}
