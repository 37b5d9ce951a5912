#!/usr/bin/env bash
# Times "searchlab sliding --format boj11112" against the C++ peer
# (eight_sol2.cpp: A*, packed int states, Manhattan distance, priority queue)
# on the same random BOJ 11112 batch, back to back in one run, checks that
# both print the same answers, and prints the figures and the ratio.
#
#   bash scripts/bench-boj11112.sh [boards] [searchlab runs] [peer runs]
#
# Defaults: 50000 boards (seed 1, every second one unsolvable), 5 runs of
# searchlab and 3 of the peer, interleaved (searchlab, peer, searchlab, peer,
# ...); the median of each side is reported. Beside each searchlab run, two
# floors: a Go program that only reads the batch whole (scripts/readfloor),
# what any Go process that reads this input costs here, and "searchlab
# version", the start-up of searchlab itself. Set PEER to the peer's
# source if it is not at ../shared/peers/eight_sol2.cpp.
set -euo pipefail
cd "$(dirname "$0")/.."
n=${1:-50000}
runs=${2:-5}
peer_runs=${3:-3}
peer_src=${PEER:-../shared/peers/eight_sol2.cpp}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

go build -o "$tmp/searchlab" ./cmd/searchlab
go build -o "$tmp/readfloor" ./scripts/readfloor
g++ -O2 -o "$tmp/eight_sol2" "$peer_src"
go run ./scripts/boj11112gen -n "$n" -seed 1 > "$tmp/batch.txt"
echo "batch: $n boards, $(wc -c < "$tmp/batch.txt") bytes; machine: $(nproc) cores, $(uptime | sed 's/.*load/load/')"

# seconds OUT CMD...: runs CMD < batch > OUT, prints "wall cpu" in seconds
# (cpu = user + system).
seconds() {
  local out=$1; shift
  local TIMEFORMAT='%R %U %S' t
  t=$( { time "$@" < "$tmp/batch.txt" > "$out"; } 2>&1 )
  read -r r u s <<< "$t"
  printf "%.3f %.3f\n" "$r" "$(echo "$u + $s" | bc -l)"
}

ours=() peers=() floors=() starts=()
for i in $(seq "$(( runs > peer_runs ? runs : peer_runs ))"); do
  if [ "$i" -le "$runs" ]; then
    ours+=("$(seconds "$tmp/ours.txt" "$tmp/searchlab" sliding --format boj11112)")
    floors+=("$(seconds "$tmp/floor.txt" "$tmp/readfloor")")
    starts+=("$(seconds "$tmp/version.txt" "$tmp/searchlab" version)")
  fi
  if [ "$i" -le "$peer_runs" ]; then
    peers+=("$(seconds "$tmp/peer.txt" "$tmp/eight_sol2")")
  fi
done
if ! cmp -s "$tmp/ours.txt" "$tmp/peer.txt"; then
  echo "FAIL: the answers differ"; diff "$tmp/ours.txt" "$tmp/peer.txt" | head; exit 1
fi
echo "answers: identical ($(grep -c impossible "$tmp/ours.txt") impossible)"
# median LIST...: the middle "wall cpu" pair by wall time.
median() { printf '%s\n' "$@" | sort -n | awk -v k=$(( ($# + 1) / 2 )) 'NR == k'; }
read -r ow oc <<< "$(median "${ours[@]}")"
read -r pw pc <<< "$(median "${peers[@]}")"
read -r fw fc <<< "$(median "${floors[@]}")"
read -r sw sc <<< "$(median "${starts[@]}")"
printf 'searchlab: %.3f s wall, %.3f s cpu (median of %d runs; all: %s)\n' "$ow" "$oc" "$runs" "$(printf '%s, ' "${ours[@]}")"
printf 'peer:      %.3f s wall, %.3f s cpu (median of %d runs; all: %s)\n' "$pw" "$pc" "$peer_runs" "$(printf '%s, ' "${peers[@]}")"
printf 'ratio:     %.0fx wall, %.0fx cpu\n' "$(echo "$pw / $ow" | bc -l)" "$(echo "$pc / $oc" | bc -l)"
printf 'floor:     %.3f s wall, %.3f s cpu (a Go program that reads the batch whole, median of %d runs; all: %s)\n' "$fw" "$fc" "$runs" "$(printf '%s, ' "${floors[@]}")"
printf 'start-up:  %.3f s wall, %.3f s cpu (searchlab version, median of %d runs; all: %s)\n' "$sw" "$sc" "$runs" "$(printf '%s, ' "${starts[@]}")"
