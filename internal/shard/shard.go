// Package shard selects one of n shards of a bulk input: the items whose
// index in the input (counted from 0) leaves remainder Index when divided
// by Count. Count independent workers, one per shard, handle every item
// exactly once, and each shard's work is spread over the whole input.
package shard

import (
	"fmt"
	"strconv"
	"strings"
)

// Shard is shard Index of Count. The zero Shard, and any Shard with a
// Count of 1, holds every item.
type Shard struct {
	Index, Count int
}

// Has reports whether the item of the given index (from 0) is in s.
func (s Shard) Has(index int) bool {
	return s.Count <= 1 || index%s.Count == s.Index
}

// String writes s as "k/n"; the zero Shard is "".
func (s Shard) String() string {
	if s.Count == 0 {
		return ""
	}
	return fmt.Sprintf("%d/%d", s.Index, s.Count)
}

// Parse reads "k/n", with 0 <= k < n; spaces around k and n are allowed.
func Parse(v string) (Shard, error) {
	ks, ns, ok := strings.Cut(v, "/")
	k, err1 := strconv.Atoi(strings.TrimSpace(ks))
	n, err2 := strconv.Atoi(strings.TrimSpace(ns))
	if !ok || err1 != nil || err2 != nil {
		return Shard{}, fmt.Errorf("%q is not a shard like 0/4 (shard k of n, k from 0 to n-1)", v)
	}
	if n < 1 || k < 0 || k >= n {
		return Shard{}, fmt.Errorf("shard %d/%d: want 0 <= k < n", k, n)
	}
	return Shard{Index: k, Count: n}, nil
}

// Set parses v as Parse does and stores it in s, for flag.Value; s is
// unchanged when v is not a shard.
func (s *Shard) Set(v string) error {
	p, err := Parse(v)
	if err != nil {
		return err
	}
	*s = p
	return nil
}
