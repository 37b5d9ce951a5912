package search

import (
	"fmt"
)

// EventKind names what an algorithm did in one trace Event.
type EventKind uint8

// The kinds of trace events. Each algorithm reports the kinds that apply to
// it; the field list of Event says which fields each kind fills.
const (
	// Expand: State is taken from the frontier (BFS, A*) or entered
	// (depth-first algorithms) and its successors are about to be
	// generated. There is one Expand event for each count of
	// Stats.Expanded.
	Expand EventKind = iota + 1
	// Generate: State was produced as a successor of Parent and is new,
	// or (A*) reached by a cheaper path than before while still open.
	Generate
	// Duplicate: State, a successor of Parent, was dropped: BFS had seen
	// it, A* knew a path at least as cheap, a depth-first search has it on
	// the current path. Each count of Stats.Generated is one Generate,
	// Duplicate or Reopen event.
	Duplicate
	// Reopen: A* had expanded State already and now reached it more
	// cheaply (G is the new cost); it goes back on the open list.
	Reopen
	// Threshold: an iterative algorithm starts a new iteration with Bound
	// as its limit (IDDFS: a depth; IDA*: an f bound).
	Threshold
	// Prune: State was cut off. IDA*: its F exceeded Bound. IDDFS and
	// DFS: the depth limit Bound was reached at State. Branch and bound:
	// the subtree's Bound could not beat the best value Best.
	Prune
	// Improve: branch and bound found State, whose value G = Best beats
	// every state before it; AnytimeAStar found a path to State of cost
	// G = Best, cheaper than every path before it, with Bound the proven
	// lower bound on the optimum at that moment.
	Improve
	// Goal: State is the goal the search returns; G is the path's cost.
	Goal
	// Meet: a bidirectional search found a path through State, reached
	// from both ends, and G, its cost, beats every path before it.
	Meet
)

var kindNames = [...]string{"", "expand", "generate", "duplicate", "reopen", "threshold", "prune", "improve", "goal", "meet"}

// String returns the kind's name as the JSON trace spells it: "expand",
// "generate", "duplicate", "reopen", "threshold", "prune", "improve",
// "goal" or "meet".
func (k EventKind) String() string {
	if int(k) < len(kindNames) && k != 0 {
		return kindNames[k]
	}
	return fmt.Sprintf("EventKind(%d)", k)
}

// MarshalText encodes k as its name.
func (k EventKind) MarshalText() ([]byte, error) {
	if k == 0 || int(k) >= len(kindNames) {
		return nil, fmt.Errorf("search: unknown event kind %d", k)
	}
	return []byte(kindNames[k]), nil
}

// UnmarshalText decodes a kind from its name.
func (k *EventKind) UnmarshalText(b []byte) error {
	for i, n := range kindNames {
		if i > 0 && n == string(b) {
			*k = EventKind(i)
			return nil
		}
	}
	return fmt.Errorf("search: unknown event kind %q", b)
}

// Event is one step of a search, reported to Limits.Observe. States are
// held as any, so that one Observer type serves every state type; an
// observer converts them back with a type assertion.
type Event struct {
	Kind EventKind
	// State is the state the event is about; nil for Threshold.
	State any
	// Parent is the state whose successor State is (Generate, Duplicate,
	// Reopen, and Prune below a parent); nil otherwise.
	Parent any
	// G is the cost of the path to State (for branch and bound, State's
	// value) and H the heuristic's estimate of the cost left (A* and IDA*;
	// 0 for the others). F is G + H.
	G, H, F int
	// Depth is the number of steps from the start to State.
	Depth int
	// Bound is the limit of a Threshold or a Prune, and for branch and
	// bound the upper bound of State's subtree.
	Bound int
	// Best is the best value found so far by branch and bound.
	Best int
	// Expanded and Generated are the search's counts once this event has
	// happened, as Stats will report them.
	Expanded, Generated int64
	// Frontier is the number of states waiting to be expanded (BFS and A*:
	// the open states; depth-first algorithms: the current path), and
	// Stored the number of states held in memory (BFS and A*: every state
	// seen), both when the event happened.
	Frontier, Stored int
	// Costs holds G, H, F, Bound and Best as float64: for a search with
	// float costs the int fields above round them to the nearest integer,
	// and Costs keeps them whole.
	Costs EventCosts
	// Backward reports that a bidirectional search took this step from
	// the goal's end: State and Parent are then linked by a predecessor
	// step, and G is the cost from State to the goal.
	Backward bool
}

// EventCosts holds an Event's costs unrounded.
type EventCosts struct {
	G, H, F, Bound, Best float64
}

// Observer receives the events of one search, in order, on the search's
// goroutine. It must not keep Event.State beyond the call if the states
// are reused by the caller's successor function.
type Observer func(Event)

// Trace is an Observer's memory with a cap: it keeps the first Max events
// and marks itself Truncated when more came. Use its Observe method as
// Limits.Observe.
type Trace struct {
	// Max is the number of events kept; 0 or less keeps none.
	Max int
	// Events holds the events kept, in order.
	Events []Event
	// Truncated reports that events came after the first Max; Dropped
	// counts them.
	Truncated bool
	Dropped   int64
	// OnFull, when set, is called once, when the first event beyond Max
	// arrives, for example to cancel the search's context.
	OnFull func()
}

// Observe records e, or counts it as dropped once Max events are kept.
func (t *Trace) Observe(e Event) {
	if len(t.Events) < t.Max {
		t.Events = append(t.Events, e)
		return
	}
	if !t.Truncated {
		t.Truncated = true
		if t.OnFull != nil {
			t.OnFull()
		}
	}
	t.Dropped++
}

// ev is an event's numbers, with costs of type C. Each algorithm has one
// body, traced or not: where an observer is set it passes ev, and the
// states apart, to emitNone, emitState and emitChild, which build the Event
// out of line, so that a search without an observer pays one predictable
// branch per event.
type ev[C Cost] struct {
	kind                    EventKind
	g, h, bound, best       C
	depth, frontier, stored int
	backward                bool
	// limit is the bound when it is a depth (byDepth), not a cost.
	limit   int
	byDepth bool
}

// emit completes an event with the search's counts and passes it to the
// observer, which must not be nil.
func emit[C Cost](m *meter, state, parent any, e ev[C]) {
	f := e.g + e.h
	bound, boundF := toInt(e.bound), float64(e.bound)
	if e.byDepth {
		bound, boundF = e.limit, float64(e.limit)
	}
	m.obs(Event{Kind: e.kind, State: state, Parent: parent, G: toInt(e.g), H: toInt(e.h), F: toInt(f), Depth: e.depth, Bound: bound, Best: toInt(e.best),
		Expanded: m.stats.Expanded, Generated: m.stats.Generated, Frontier: e.frontier, Stored: e.stored, Backward: e.backward,
		Costs: EventCosts{G: float64(e.g), H: float64(e.h), F: float64(f), Bound: boundF, Best: float64(e.best)}})
}

// emitNone reports an event about no state (a threshold).
//
//go:noinline
func emitNone[C Cost](m *meter, e ev[C]) { emit(m, nil, nil, e) }

// emitState reports an event about state s.
//
//go:noinline
func emitState[S any, C Cost](m *meter, s S, e ev[C]) { emit(m, s, nil, e) }

// emitChild reports an event about s, a successor of parent.
//
//go:noinline
func emitChild[S any, C Cost](m *meter, s, parent S, e ev[C]) { emit(m, s, parent, e) }
