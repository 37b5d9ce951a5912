// Package syntaxerr words the messages of the puzzle packages' SyntaxError
// types, so that sliding, sudoku and stroke name a fault in their input
// alike.
package syntaxerr

import "strconv"

// Message returns "pkg: line N: msg", or "pkg: msg" when line is 0 (input
// given as a string, with no lines to count).
func Message(pkg string, line int, msg string) string {
	if line == 0 {
		return pkg + ": " + msg
	}
	return pkg + ": line " + strconv.Itoa(line) + ": " + msg
}
