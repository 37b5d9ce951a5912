package solve

import (
	"fmt"
	"time"

	"github.com/searchlab/searchlab/sliding"
)

// Request names, as text, how to read sliding boards and how to solve
// them: what a command's flags or a request's fields give, under the same
// names.
type Request struct {
	// Format, Size and Goal say how to read the boards: a sliding.Format
	// ("" when told from the input), a size WxH ("" for the input's, or a
	// square) and a goal as sliding.ParseGoal reads it ("" for the
	// standard goal).
	Format, Size, Goal string
	// Algo, Heuristic, Weight and Partition name the Method: an algorithm
	// and a heuristic of the registry ("" for auto and linear), the weight
	// of wastar and anytime (0 for the default) and a pattern-database
	// partition ("" for the Solver's choice).
	Algo, Heuristic string
	Weight          float64
	Partition       string
	// MaxNodes, MaxDepth and Timeout bound the search; 0 is no bound.
	MaxNodes int64
	MaxDepth int
	Timeout  time.Duration
}

// FieldError is a fault of one field of a Request; Field names it as a
// flag or a request field does: format, size, goal, algo or heuristic.
// It matches ErrInput.
type FieldError struct {
	Field string
	Err   error
}

func (e *FieldError) Error() string { return e.Field + ": " + e.Err.Error() }

// Unwrap returns the fault and ErrInput.
func (e *FieldError) Unwrap() []error { return []error{e.Err, ErrInput} }

var (
	// ErrPDBAlgorithm reports a heuristic that needs pattern databases
	// with an algorithm other than auto or idastar. It matches ErrInput.
	ErrPDBAlgorithm = InputErrorf("heuristic " + HeuristicPDB + " works with algorithm auto or idastar")
	// ErrNegative reports a negative MaxNodes, MaxDepth, Timeout or
	// Weight. It matches ErrInput.
	ErrNegative = InputErrorf("max nodes, max depth, timeout and weight must not be negative")
)

// Check checks r on its own, before any board is read: the format, the
// algorithm, the heuristic and whether it goes with the algorithm, the
// bounds, the size (none with a format that fixes it), and the goal where
// the size is known (given, or fixed by the format). It returns the first
// fault: a *FieldError, ErrPDBAlgorithm or ErrNegative.
func (r Request) Check() error {
	var format sliding.Format // "" when told from the input
	if r.Format != "" {
		var err error
		if format, err = sliding.ParseFormat(r.Format); err != nil {
			return &FieldError{"format", err}
		}
	}
	if r.MaxNodes < 0 || r.MaxDepth < 0 || r.Timeout < 0 || r.Weight < 0 {
		return ErrNegative
	}
	if err := r.Method().Check(); err != nil {
		return err
	}
	w, h := format.Size()
	if r.Size != "" {
		if w != 0 {
			return &FieldError{"size", fmt.Errorf("%s boards are always %dx%d", format, w, h)}
		}
		var err error
		if w, h, err = sliding.ParseSize(r.Size); err != nil {
			return &FieldError{"size", err}
		}
	}
	if r.Goal != "" && w != 0 {
		if _, err := sliding.ParseGoal(r.Goal, w, h); err != nil {
			return &FieldError{"goal", err}
		}
	}
	return nil
}

// Method returns the Method that r names; Check checks it.
func (r Request) Method() Method {
	return Method{Algorithm: sliding.Algorithm(r.Algo), Heuristic: r.Heuristic, Weight: r.Weight, Partition: r.Partition, MaxDepth: r.MaxDepth}
}

// pdbAlgorithm returns nil if the heuristic pdb goes with algo, and
// otherwise ErrPDBAlgorithm naming algo.
func pdbAlgorithm(algo sliding.Algorithm) error {
	if algo != sliding.Auto && algo != sliding.IDAStar {
		return fmt.Errorf("%w, not %s", ErrPDBAlgorithm, algo)
	}
	return nil
}
