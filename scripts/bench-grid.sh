#!/usr/bin/env bash
# Times package search's A* and Dijkstra on the 1000 x 1000 benchmark grid
# of internal/gridbench (20% walls, seed 1, corner to corner) against
# textbook C++ (scripts/bench-grid.cpp: std::priority_queue, flat arrays,
# the same tie-break), in interleaved rounds, checks that both expand the
# same states and find the same cost, and prints the medians and ratios.
#
#   bash scripts/bench-grid.sh [rounds] [reps]
#
# Defaults: 3 rounds (C++, Go, C++, Go, ...), each program running each
# search 5 times and reporting the median process CPU time of one search.
# The table gives the median over the rounds. Go runs the searches as a
# user writes them (struct states, an iter.Seq2 of the open neighbours,
# Manhattan distance), and again with the grid's dense index of its cells
# (Limits.Index). Without g++ it prints the Go figures alone.
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-3}
reps=${2:-5}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

go build -o "$tmp/benchgrid" ./scripts/benchgrid
cpp=
if command -v g++ > /dev/null; then
  g++ -O2 -o "$tmp/bench-grid" scripts/bench-grid.cpp
  cpp="$tmp/bench-grid"
else
  echo "g++ not found: Go figures only"
fi
echo "machine: $(nproc) cores, $(uptime | sed 's/.*load/load/')"

for i in $(seq "$rounds"); do
  if [ -n "$cpp" ]; then
    "$cpp" "$reps" | sed "s/^/cpp /" >> "$tmp/times"
  fi
  "$tmp/benchgrid" -reps "$reps" | sed "s/^/go /" >> "$tmp/times"
done

# median SIDE NAME: the median seconds of NAME's lines from SIDE.
median() {
  awk -v s="$1" -v n="$2" '$1 == s && $2 == n { print $5 }' "$tmp/times" | sort -g |
    awk '{ v[NR] = $1 } END { if (NR) print v[int((NR + 1) / 2)] }'
}
# outcome SIDE NAME: expansions and cost (the same in every round).
outcome() {
  awk -v s="$1" -v n="$2" '$1 == s && $2 == n { print $3, $4; exit }' "$tmp/times"
}

printf "%-16s %12s %6s %10s %10s %7s\n" search expansions cost go_s cpp_s ratio
status=0
for name in astar dijkstra astar-index dijkstra-index; do
  base=${name%-index}
  read -r exp cost <<< "$(outcome go "$name")"
  g=$(median go "$name")
  if [ -n "$cpp" ]; then
    read -r cexp ccost <<< "$(outcome cpp "$base")"
    if [ "$exp $cost" != "$cexp $ccost" ]; then
      echo "$name: Go expanded $exp states to cost $cost, C++ $cexp to cost $ccost" >&2
      status=1
    fi
    c=$(median cpp "$base")
    printf "%-16s %12s %6s %10.4f %10.4f %6.1fx\n" "$name" "$exp" "$cost" "$g" "$c" "$(echo "$g / $c" | bc -l)"
  else
    printf "%-16s %12s %6s %10.4f %10s %7s\n" "$name" "$exp" "$cost" "$g" - -
  fi
done
exit $status
