package main

import (
	"flag"

	"github.com/searchlab/searchlab/internal/shard"
)

// shardUsage is the help of --shard, the same on every bulk command.
const shardUsage = "answer only shard `k/n` of the input: the puzzles whose index (from 0) is k modulo n, so that n workers (k = 0..n-1) answer each puzzle once; --json lines keep their input numbers"

// shardFlag adds --shard to fs and returns its value.
func shardFlag(fs *flag.FlagSet) *shard.Shard {
	s := new(shard.Shard)
	fs.Var(s, "shard", shardUsage)
	return s
}
