package search

import "context"

// Cycle describes where the sequence x0, f(x0), f(f(x0)), ... of a
// function on a finite set of states starts to repeat: after Lead steps it
// enters a cycle of Length states that repeats forever.
type Cycle[S any] struct {
	// Lead is the number of states before the cycle (μ): the index of the
	// first state that the sequence meets again.
	Lead int
	// Length is the number of states on the cycle (λ), at least 1.
	Length int
	// Entry is the first state of the cycle: f applied Lead times to x0.
	Entry S
	// Stats counts the calls of f in Expanded.
	Stats Stats
}

// Brent finds the cycle of the sequence x0, f(x0), f(f(x0)), ... with
// Brent's algorithm (1980): it holds two states, calls f O(Lead + Length)
// times (fewer than Floyd on most sequences), and needs no table of the
// states seen. f must be a function: the same state always maps to the
// same state.
//
// Limits.MaxNodes caps the calls of f and the context is checked as in
// every search; on a sequence whose cycle is too long for them it returns
// ErrLimit. Limits.MaxBytes has nothing to bound (two states are held),
// and there are no trace events.
func Brent[S comparable](ctx context.Context, x0 S, f func(S) S, lim Limits) (c Cycle[S], err error) {
	m := onePass(ctx, lim, &c.Stats, x0)
	defer m.done()
	call := counted(&m, f)
	// Find the length: the hare runs ahead of a tortoise that jumps to it
	// at every power of two, until the hare meets it.
	power, length := 1, 1
	tortoise := x0
	hare, err := call(x0)
	for err == nil && tortoise != hare {
		if power == length {
			tortoise = hare
			power *= 2
			length = 0
		}
		hare, err = call(hare)
		length++
	}
	if err != nil {
		return c, err
	}
	// Find the lead: two pointers Length apart meet at the entry.
	hare = x0
	for range length {
		if hare, err = call(hare); err != nil {
			return c, err
		}
	}
	if c.Entry, c.Lead, err = meet(call, x0, hare); err != nil {
		return c, err
	}
	c.Length = length
	return c, nil
}

// Floyd finds the cycle of the sequence x0, f(x0), f(f(x0)), ... with
// Floyd's tortoise and hare: a hare at twice the tortoise's speed meets it
// on the cycle, then the lead and the length are walked off. It holds two
// states and calls f O(Lead + Length) times, more than Brent on most
// sequences. Limits are as for Brent.
func Floyd[S comparable](ctx context.Context, x0 S, f func(S) S, lim Limits) (c Cycle[S], err error) {
	m := onePass(ctx, lim, &c.Stats, x0)
	defer m.done()
	call := counted(&m, f)
	tortoise, err := call(x0)
	if err != nil {
		return c, err
	}
	hare, err := call(tortoise)
	for err == nil && tortoise != hare {
		if tortoise, err = call(tortoise); err != nil {
			break
		}
		if hare, err = call(hare); err != nil {
			break
		}
		hare, err = call(hare)
	}
	if err != nil {
		return c, err
	}
	if c.Entry, c.Lead, err = meet(call, x0, hare); err != nil {
		return c, err
	}
	length := 1
	for hare, err = call(c.Entry); err == nil && hare != c.Entry; hare, err = call(hare) {
		length++
	}
	if err != nil {
		return c, err
	}
	c.Length = length
	return c, nil
}

// counted returns f, each call of it counted as an expansion by m and
// refused with m's error once a limit is reached. The cycle finders hold
// two states.
func counted[S any](m *meter, f func(S) S) func(S) (S, error) {
	m.stored(2)
	return func(s S) (S, error) {
		if err := m.expand(); err != nil {
			return s, err
		}
		return f(s), nil
	}
}

// meet steps from x0 and from hare, a multiple of the cycle's length
// ahead of it, one state at a time until they meet: at the cycle's first
// state, after lead steps.
func meet[S comparable](call func(S) (S, error), x0, hare S) (entry S, lead int, err error) {
	tortoise := x0
	for tortoise != hare {
		if tortoise, err = call(tortoise); err != nil {
			return tortoise, lead, err
		}
		if hare, err = call(hare); err != nil {
			return tortoise, lead, err
		}
		lead++
	}
	return tortoise, lead, nil
}
