package main

import (
	"flag"
	"fmt"
	"strconv"
	"strings"
)

// shard selects one of n shards of an input's puzzles: the puzzles whose
// index in the input (counted from 0) leaves remainder k when divided by n.
// n independent workers, one per shard, answer every puzzle exactly once,
// and each shard's work is spread over the whole file. The zero shard
// holds every puzzle.
type shard struct {
	k, n int
}

// has reports whether the puzzle of the given index (from 0) is in s.
func (s shard) has(index int) bool {
	return s.n <= 1 || index%s.n == s.k
}

// String writes s as "k/n"; the zero shard is "".
func (s shard) String() string {
	if s.n == 0 {
		return ""
	}
	return fmt.Sprintf("%d/%d", s.k, s.n)
}

// Set parses "k/n", with 0 <= k < n, for flag.Value.
func (s *shard) Set(v string) error {
	ks, ns, ok := strings.Cut(v, "/")
	k, err1 := strconv.Atoi(strings.TrimSpace(ks))
	n, err2 := strconv.Atoi(strings.TrimSpace(ns))
	if !ok || err1 != nil || err2 != nil {
		return fmt.Errorf("%q is not a shard like 0/4 (shard k of n, k from 0 to n-1)", v)
	}
	if n < 1 || k < 0 || k >= n {
		return fmt.Errorf("shard %d/%d: want 0 <= k < n", k, n)
	}
	s.k, s.n = k, n
	return nil
}

// shardUsage is the help of --shard, the same on every bulk command.
const shardUsage = "answer only shard `k/n` of the input: the puzzles whose index (from 0) is k modulo n, so that n workers (k = 0..n-1) answer each puzzle once; --json lines keep their input numbers"

// registerShard adds --shard to fs.
func registerShard(fs *flag.FlagSet, s *shard) {
	fs.Var(s, "shard", shardUsage)
}
