package search_test

import (
	"context"
	"errors"
	"iter"
	"math/rand/v2"
	"testing"

	"github.com/searchlab/searchlab/search"
)

// knap is a partial 0/1 knapsack choice: items before next are decided.
type knap struct {
	next, weight, value int
	chosen              uint32
}

type knapsack struct {
	weights, values []int
	capacity        int
}

func (k knapsack) problem() search.Maximize[knap] {
	return search.Maximize[knap]{
		Children: func(s knap) iter.Seq[knap] {
			return func(yield func(knap) bool) {
				if s.next == len(k.weights) {
					return
				}
				i := s.next
				if s.weight+k.weights[i] <= k.capacity {
					if !yield(knap{i + 1, s.weight + k.weights[i], s.value + k.values[i], s.chosen | 1<<i}) {
						return
					}
				}
				yield(knap{i + 1, s.weight, s.value, s.chosen})
			}
		},
		Value: func(s knap) int { return s.value },
		Bound: func(s knap) int {
			b := s.value
			for _, v := range k.values[s.next:] {
				b += v
			}
			return b
		},
	}
}

// bruteForce tries every subset.
func (k knapsack) bruteForce() int {
	best := 0
	for mask := range 1 << len(k.weights) {
		w, v := 0, 0
		for i := range k.weights {
			if mask&(1<<i) != 0 {
				w += k.weights[i]
				v += k.values[i]
			}
		}
		if w <= k.capacity {
			best = max(best, v)
		}
	}
	return best
}

func randomKnapsack(r *rand.Rand) knapsack {
	n := 1 + r.IntN(14)
	k := knapsack{weights: make([]int, n), values: make([]int, n)}
	total := 0
	for i := range n {
		k.weights[i] = 1 + r.IntN(20)
		k.values[i] = r.IntN(30)
		total += k.weights[i]
	}
	k.capacity = r.IntN(total + 1)
	return k
}

// randomKnapsacks yields n random knapsacks drawn from the seeds, numbered
// from 0.
func randomKnapsacks(seed1, seed2 uint64, n int) iter.Seq2[int, knapsack] {
	r := rand.New(rand.NewPCG(seed1, seed2))
	return func(yield func(int, knapsack) bool) {
		for trial := range n {
			if !yield(trial, randomKnapsack(r)) {
				return
			}
		}
	}
}

// solve runs branch and bound on k from the empty choice.
func (k knapsack) solve(lim search.Limits) (search.BranchResult[knap], error) {
	return search.BranchAndBound(context.Background(), one(knap{}), k.problem(), lim)
}

func one[S any](s S) iter.Seq[S] { return func(yield func(S) bool) { yield(s) } }

func TestBranchAndBoundAgainstBruteForce(t *testing.T) {
	t.Parallel()
	for trial, k := range randomKnapsacks(3, 4, 300) {
		res, err := k.solve(search.Limits{})
		if err != nil {
			t.Fatalf("trial %d: %v", trial, err)
		}
		want := k.bruteForce()
		if res.Value != want || !res.Optimal || res.Bound != want {
			t.Errorf("trial %d: value %d bound %d optimal %v, want %d proven", trial, res.Value, res.Bound, res.Optimal, want)
		}
		w, v := 0, 0
		for i := range k.weights {
			if res.Best.chosen&(1<<i) != 0 {
				w += k.weights[i]
				v += k.values[i]
			}
		}
		if w > k.capacity || v != res.Value {
			t.Errorf("trial %d: best state %+v weighs %d (cap %d), is worth %d", trial, res.Best, w, k.capacity, v)
		}
	}
}

// TestBranchAndBoundLimit checks that a search stopped by its node cap
// returns a feasible best, not proven, with a bound no less than the optimum.
func TestBranchAndBoundLimit(t *testing.T) {
	t.Parallel()
	stopped := 0
	for trial, k := range randomKnapsacks(5, 6, 200) {
		want := k.bruteForce()
		res, err := k.solve(search.Limits{MaxNodes: 5})
		if err == nil {
			if res.Value != want || !res.Optimal {
				t.Errorf("trial %d: finished with %d (optimal %v), want %d", trial, res.Value, res.Optimal, want)
			}
			continue
		}
		stopped++
		if !errors.Is(err, search.ErrLimit) {
			t.Fatalf("trial %d: error %v, want ErrLimit", trial, err)
		}
		if res.Optimal || res.Value > want || res.Bound < want {
			t.Errorf("trial %d: value %d bound %d optimal %v; optimum %d must lie in [value, bound], unproven", trial, res.Value, res.Bound, res.Optimal, want)
		}
	}
	if stopped == 0 {
		t.Fatal("no search hit the node cap: the test checks nothing")
	}
}

func TestBranchAndBoundNoStarts(t *testing.T) {
	t.Parallel()
	k := knapsack{}
	_, err := search.BranchAndBound(context.Background(), func(func(knap) bool) {}, k.problem(), search.Limits{})
	if !errors.Is(err, search.ErrNotFound) {
		t.Errorf("error %v, want ErrNotFound", err)
	}
}

// TestBranchAndBoundTies checks that the first of several equally good
// states, in the order of starts and children, wins.
func TestBranchAndBoundTies(t *testing.T) {
	t.Parallel()
	starts := func(yield func(int) bool) {
		for _, s := range []int{3, 7, 5, 7} {
			if !yield(s) {
				return
			}
		}
	}
	p := search.Maximize[int]{
		Children: func(int) iter.Seq[int] { return func(func(int) bool) {} },
		Value:    func(s int) int { return s % 5 }, // 3, 2, 0, 2
		Bound:    func(s int) int { return s % 5 },
	}
	res, err := search.BranchAndBound(context.Background(), starts, p, search.Limits{})
	if err != nil || res.Best != 3 || res.Value != 3 {
		t.Errorf("best %d value %d err %v, want 3, 3", res.Best, res.Value, err)
	}
}
