package search

import (
	"context"
	"errors"
	"fmt"
	"iter"
	"slices"
)

// ErrCycle reports that a graph that must be acyclic (for TopologicalSort
// and CountPaths) holds a cycle. The error returned is a *CycleError that
// names one.
var ErrCycle = errors.New("search: cycle")

// CycleError is the error of TopologicalSort and CountPaths on a graph
// with a cycle: Cycle holds the states of one cycle in step order, each
// state a successor of the one before and Cycle[0] a successor of the last
// (one state with a step to itself for a self-loop). It matches ErrCycle
// under errors.Is.
type CycleError[S any] struct {
	Cycle []S
}

func (e *CycleError[S]) Error() string {
	return fmt.Sprintf("search: cycle of %d states through %v", len(e.Cycle), e.Cycle[0])
}

// Is reports whether target is ErrCycle.
func (e *CycleError[S]) Is(target error) bool { return target == ErrCycle }

// dfsStack is the explicit stack of an iterative depth-first traversal,
// so that a chain of millions of states needs no deep recursion. Each frame
// holds a state and the range of its successors in succ, generated at once
// when the state is pushed; a frame's successors are dropped when it is
// popped, so succ holds only the successors of the states on the path.
type dfsStack[S comparable, C Cost] struct {
	m      *meter
	next   Successors[S, C]
	frames []dfsFrame[S]
	succ   []S
	obs    bool
}

type dfsFrame[S any] struct {
	state S
	id    int // the caller's number for state
	lo    int // the first of its successors in succ
	at    int // the next successor to hand out
	end   int // one past its last successor
}

func newDFSStack[S comparable, C Cost](m *meter, next Successors[S, C]) dfsStack[S, C] {
	return dfsStack[S, C]{m: m, next: next, obs: m.obs != nil}
}

// push expands s, numbered id by the caller, onto the stack. held is the
// number of states the caller holds beyond the stack, for Stats and the
// memory cap.
func (d *dfsStack[S, C]) push(s S, id, held int) error {
	d.m.stored(held + len(d.succ))
	if err := d.m.expand(); err != nil {
		return err
	}
	if d.obs {
		emitState(d.m, s, ev[int]{kind: Expand, depth: len(d.frames), frontier: len(d.frames) + 1, stored: held + len(d.succ)})
	}
	lo := len(d.succ)
	for t := range d.next(s) {
		d.m.stats.Generated++
		d.succ = append(d.succ, t)
		if d.obs {
			emitChild(d.m, t, s, ev[int]{kind: Generate, depth: len(d.frames) + 1, frontier: len(d.frames) + 1, stored: held + len(d.succ)})
		}
	}
	d.frames = append(d.frames, dfsFrame[S]{state: s, id: id, lo: lo, at: lo, end: len(d.succ)})
	d.m.frontier(len(d.frames))
	return nil
}

// child returns the next successor of the state on top of the stack, or
// false when it has none left.
func (d *dfsStack[S, C]) child() (S, bool) {
	f := &d.frames[len(d.frames)-1]
	if f.at == f.end {
		var zero S
		return zero, false
	}
	f.at++
	return d.succ[f.at-1], true
}

// top returns the frame on top of the stack.
func (d *dfsStack[S, C]) top() *dfsFrame[S] { return &d.frames[len(d.frames)-1] }

// pop removes the top frame and returns it.
func (d *dfsStack[S, C]) pop() dfsFrame[S] {
	f := d.frames[len(d.frames)-1]
	d.frames = d.frames[:len(d.frames)-1]
	d.succ = d.succ[:f.lo]
	return f
}

// cycleTo returns the states on the stack from the last frame holding t to
// the top: a cycle when t is a successor of the top state.
func (d *dfsStack[S, C]) cycleTo(t S) []S {
	i := len(d.frames) - 1
	for d.frames[i].state != t {
		i--
	}
	cycle := make([]S, 0, len(d.frames)-i)
	for _, f := range d.frames[i:] {
		cycle = append(cycle, f.state)
	}
	return cycle
}

// TopologicalSort returns every state reachable from starts, each before
// all the states it has a step to: reverse postorder of a depth-first
// traversal that takes starts in order and successors in the order they
// are yielded. Step costs are ignored. When the reachable graph has a
// cycle it returns a *CycleError naming one (matching ErrCycle).
//
// It takes O(V+E) time over the V states and E steps reached, without
// recursion, and O(V) memory beyond the successors of the states on the
// current depth-first path. Stats.Expanded counts the states whose
// successors were generated; Limits apply as to every search (trace events:
// expand and generate).
func TopologicalSort[S comparable, C Cost](ctx context.Context, starts iter.Seq[S], next Successors[S, C], lim Limits) (order []S, stats Stats, err error) {
	m := newMeter(ctx, lim, &stats)
	defer m.done()
	stats.Iterations = 1
	const onPath, finished = 1, 2
	mark := map[S]uint8{}
	d := newDFSStack(&m, next)
	for s := range starts {
		if mark[s] != 0 {
			continue
		}
		holds(&m, s)
		mark[s] = onPath
		if err := d.push(s, 0, len(mark)); err != nil {
			return nil, stats, err
		}
		for len(d.frames) > 0 {
			t, ok := d.child()
			if !ok {
				f := d.pop()
				mark[f.state] = finished
				order = append(order, f.state)
				continue
			}
			switch mark[t] {
			case onPath:
				return nil, stats, &CycleError[S]{Cycle: d.cycleTo(t)}
			case 0:
				mark[t] = onPath
				if err := d.push(t, 0, len(mark)); err != nil {
					return nil, stats, err
				}
			}
		}
	}
	slices.Reverse(order)
	return order, stats, nil
}

// StronglyConnectedComponents returns the strongly connected components of
// the graph reachable from starts: the largest sets of states in which
// every state has a path to every other. Step costs are ignored. Each
// component lists its states in the order the traversal reached them, and
// the components come in reverse topological order: a component comes
// after every component it has a step to (sinks first), as Tarjan's
// algorithm finds them.
//
// It is Tarjan's algorithm with an explicit stack: O(V+E) time over the V
// states and E steps reached, no recursion (a chain of millions of states
// is safe), and O(V) memory beyond the successors of the states on the
// current depth-first path. Limits and Stats are as for TopologicalSort.
func StronglyConnectedComponents[S comparable, C Cost](ctx context.Context, starts iter.Seq[S], next Successors[S, C], lim Limits) (components [][]S, stats Stats, err error) {
	m := newMeter(ctx, lim, &stats)
	defer m.done()
	stats.Iterations = 1
	index := map[S]int{} // discovery number of each state reached
	var (
		states []S    // by discovery number
		low    []int  // the least discovery number reachable within the DFS subtree and back steps
		onTop  []bool // whether a state is on Tarjan's stack
		stack  []int  // Tarjan's stack of states not yet in a component
	)
	d := newDFSStack(&m, next)
	visit := func(s S) error {
		id := len(states)
		index[s] = id
		states = append(states, s)
		low = append(low, id)
		onTop = append(onTop, true)
		stack = append(stack, id)
		return d.push(s, id, len(states))
	}
	for s := range starts {
		if _, ok := index[s]; ok {
			continue
		}
		holds(&m, s)
		if err := visit(s); err != nil {
			return nil, stats, err
		}
		for len(d.frames) > 0 {
			t, ok := d.child()
			if ok {
				j, seen := index[t]
				if !seen {
					if err := visit(t); err != nil {
						return nil, stats, err
					}
				} else if onTop[j] {
					top := d.top()
					low[top.id] = min(low[top.id], j)
				}
				continue
			}
			id := d.pop().id
			if low[id] == id {
				at := len(stack) - 1
				for stack[at] != id {
					at--
				}
				comp := make([]S, 0, len(stack)-at)
				for _, j := range stack[at:] {
					onTop[j] = false
					comp = append(comp, states[j])
				}
				stack = stack[:at]
				components = append(components, comp)
			}
			if len(d.frames) > 0 {
				top := d.top()
				low[top.id] = min(low[top.id], low[id])
			}
		}
	}
	return components, stats, nil
}

// ConnectedComponents returns the connected components of the graph
// reachable from starts with every step taken as an undirected edge: two
// states are in one component when a chain of steps, each taken in either
// direction, joins them. Step costs are ignored. Each component lists its
// states in the order a breadth-first traversal from starts (taken in
// order) reached them, and the components come in the order of their first
// state. For a graph whose steps are all reversible these are the usual
// connected components of the states reachable from starts.
//
// It is a breadth-first traversal with a union-find forest over the states
// (union by size, path halving): O((V+E) α(V)) time and O(V) memory.
// Stats.Expanded counts the states whose successors were generated;
// Limits apply as to every search (trace events: expand and generate).
func ConnectedComponents[S comparable, C Cost](ctx context.Context, starts iter.Seq[S], next Successors[S, C], lim Limits) (components [][]S, stats Stats, err error) {
	m := newMeter(ctx, lim, &stats)
	defer m.done()
	stats.Iterations = 1
	obs := m.obs != nil
	index := map[S]int{}
	var (
		states []S   // by discovery number: the queue of the traversal
		parent []int // the union-find forest
		size   []int
	)
	add := func(s S) int {
		id := len(states)
		index[s] = id
		states = append(states, s)
		parent = append(parent, id)
		size = append(size, 1)
		return id
	}
	find := func(i int) int {
		for parent[i] != i {
			parent[i] = parent[parent[i]]
			i = parent[i]
		}
		return i
	}
	for s := range starts {
		if _, ok := index[s]; ok {
			continue
		}
		holds(&m, s)
		add(s)
	}
	for head := 0; head < len(states); head++ {
		s := states[head]
		m.stored(len(states))
		if err := m.expand(); err != nil {
			return nil, stats, err
		}
		if obs {
			emitState(&m, s, ev[int]{kind: Expand, frontier: len(states) - head - 1, stored: len(states)})
		}
		for t := range next(s) {
			stats.Generated++
			j, ok := index[t]
			if !ok {
				j = add(t)
			}
			if obs {
				emitChild(&m, t, s, ev[int]{kind: Generate, frontier: len(states) - head - 1, stored: len(states)})
			}
			a, b := find(head), find(j)
			if a == b {
				continue
			}
			if size[a] < size[b] {
				a, b = b, a
			}
			parent[b] = a
			size[a] += size[b]
		}
		m.frontier(len(states) - head - 1)
	}
	m.stored(len(states))
	which := make(map[int]int) // root -> component
	for i, s := range states {
		r := find(i)
		c, ok := which[r]
		if !ok {
			c = len(components)
			which[r] = c
			components = append(components, make([]S, 0, size[r]))
		}
		components[c] = append(components[c], s)
	}
	return components, stats, nil
}
