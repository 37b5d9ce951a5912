package units

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"

	"github.com/searchlab/searchlab/sliding/solve"
)

// ReadUnits reads work units, one JSON object a line, skipping blank
// lines. A line that does not parse, or has a field WorkUnit lacks, is an
// error matching solve.ErrInput that names the line.
func ReadUnits(r io.Reader) ([]WorkUnit, error) {
	return readLines[WorkUnit](r, "unit")
}

// ReadAnswers reads the results of units, one JSON object a line, as
// ReadUnits reads units.
func ReadAnswers(r io.Reader) ([]UnitAnswer, error) {
	return readLines[UnitAnswer](r, "result")
}

// WriteLines writes each value as one JSON line to w, and returns the
// first write error.
func WriteLines[T WorkUnit | UnitAnswer](w io.Writer, vs []T) error {
	for _, v := range vs {
		data, err := json.Marshal(v)
		if err != nil {
			return err
		}
		if _, err := w.Write(append(data, '\n')); err != nil {
			return err
		}
	}
	return nil
}

// readLines reads one JSON object of type T a line, skipping blank lines;
// what names T in the message about a line that does not parse.
func readLines[T any](r io.Reader, what string) ([]T, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64*1024), 16<<20)
	var out []T
	for n := 1; sc.Scan(); n++ {
		line := bytes.TrimSpace(sc.Bytes())
		if len(line) == 0 {
			continue
		}
		var v T
		dec := json.NewDecoder(bytes.NewReader(line))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&v); err != nil {
			return nil, solve.InputErrorf("line %d: not a %s line: %v", n, what, err)
		}
		out = append(out, v)
	}
	return out, sc.Err()
}

// Group is the units of one board, as from New, and the results read
// back for them so far: what Pending merges.
type Group struct {
	// Line is the board's line in its input (WorkUnit.Line).
	Line    int
	Units   []WorkUnit
	Results []solve.UnitResult
}

// NoUnitsError reports a result whose board has no units.
type NoUnitsError struct {
	// Index is the result's place among the results, from 0, and Line
	// the board line it names.
	Index, Line int
}

func (e *NoUnitsError) Error() string {
	return fmt.Sprintf("results line %d: no units of board line %d", e.Index+1, e.Line)
}

// Is makes a NoUnitsError match solve.ErrInput.
func (e *NoUnitsError) Is(target error) bool { return target == solve.ErrInput }

// GroupByBoard sorts units and their results by board, the boards in the
// order of their first unit. A result of a board without units is a
// *NoUnitsError; a result that does not hold together is an error
// matching solve.ErrInput that names its place ("results line n").
func GroupByBoard(us []WorkUnit, answers []UnitAnswer) ([]Group, error) {
	at := map[int]int{} // board line -> index in groups
	var groups []Group
	for _, u := range us {
		k, ok := at[u.Line]
		if !ok {
			k = len(groups)
			at[u.Line] = k
			groups = append(groups, Group{Line: u.Line})
		}
		groups[k].Units = append(groups[k].Units, u)
	}
	for i, a := range answers {
		k, ok := at[a.Line]
		if !ok {
			return nil, &NoUnitsError{Index: i, Line: a.Line}
		}
		r, err := a.Result()
		if err != nil {
			return nil, solve.InputErrorf("results line %d: %v", i+1, err)
		}
		groups[k].Results = append(groups[k].Results, r)
	}
	return groups, nil
}
