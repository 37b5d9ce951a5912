#!/usr/bin/env bash
# Times "searchlab sudoku" against tdoku (github.com/t-dillon/tdoku) side by
# side: the same files, one thread each, both sides in one run, interleaved
# (round by round, set by set), and prints a Markdown table of puzzles per
# second (the median of the rounds) with the ratios.
#
#   bash scripts/sudoku-vs-tdoku.sh [-r rounds] [-t seconds] [-s set,set] [-n] [-x] [-c core] TDOKU_CHECKOUT
#   bash scripts/sudoku-vs-tdoku.sh [options] -b RUN_BENCHMARK -B SEARCHLAB
#
# TDOKU_CHECKOUT is a tdoku work tree (or a bare git directory of one). The
# script copies its sources to a scratch directory outside this repository
# (WORK, default a new temporary directory, removed at the end unless WORK is
# set), builds run_benchmark there with clang++ (g++ if clang++ is missing;
# CXX overrides) at -O3 -march=native, and builds searchlab from this
# repository as users do (go build, no GOEXPERIMENT: the sudoku package
# picks its 9x9 core by what the processor has). Nothing of tdoku is
# written into this repository. With -b and -B it builds nothing and times
# the two programs given (static binaries carried to a machine without the
# tool chains); the in-process column is then left out.
#
# For each set and round it runs, back to back:
#   count  tdoku:     run_benchmark -s tdoku -r 0 -n LINES -w 1 -t SECONDS FILE
#                     (its default solution limit 2: every puzzle proved unique)
#          searchlab: searchlab sudoku --jobs 1 --count < FILE repeated
#                     (the whole process by the wall clock; the file is
#                     repeated so that the run lasts about SECONDS)
#   solve  tdoku:     the same with -f (stop at the first solution)
#          searchlab: searchlab sudoku --jobs 1 < FILE repeated
#   in-process        go test ./sudoku -bench 'Solve$/SET' (up to 2 solutions),
#                     unless -n is given
# tdoku runs with -r 0, so it solves the puzzles of the file as they are, in
# order, as searchlab does (its default -r 1 would solve random relabellings).
#
# The two sides take turns going first, round by round. The header names
# the processor and the core searchlab ran (searchlab sudoku --stats).
#
# Options: -r rounds (default 3), -t seconds per measurement (default 3),
# -s sets (default all six: 17clue,magictour,hardest11plus,hardest1106,serg,top95),
# -n no in-process column, -d data directory (default ../shared/data/sudoku),
# -x build searchlab with GOEXPERIMENT=simd (the experimental build),
# -c core: force searchlab's 9x9 core (SEARCHLAB_SUDOKU_CORE: avx512, avx2,
# bands, portable), -b RUN_BENCHMARK and -B SEARCHLAB: prebuilt programs.
set -euo pipefail

rounds=3 secs=3 sets=17clue,magictour,hardest11plus,hardest1106,serg,top95 inproc=1 simd=0
tdoku= ours=
repo=$(cd "$(dirname "$0")/.." && pwd)
data=$repo/../shared/data/sudoku
usage() { sed -n '2,44p' "$0" | sed 's/^# \{0,1\}//'; exit "${1:-2}"; }
case ${1:-} in -h | --help) usage 0 ;; esac
while getopts "r:t:s:nd:xc:b:B:h" o; do
  case $o in
    r) rounds=$OPTARG ;;
    t) secs=$OPTARG ;;
    s) sets=$OPTARG ;;
    n) inproc=0 ;;
    d) data=$OPTARG ;;
    x) simd=1 ;;
    c) export SEARCHLAB_SUDOKU_CORE=$OPTARG ;;
    b) tdoku=$(realpath "$OPTARG") ;;
    B) ours=$(realpath "$OPTARG") ;;
    h) usage 0 ;;
    *) usage ;;
  esac
done
shift $((OPTIND - 1))
if [ -n "$tdoku" ] && [ -n "$ours" ]; then
  [ $# -eq 0 ] || usage
  inproc=0
else
  [ $# -eq 1 ] || usage
  src=$(cd "$1" && pwd)
fi

if [ -n "${WORK:-}" ]; then
  work=$WORK; mkdir -p "$work"
else
  work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
fi
case "$work/" in "$repo/"*) echo "WORK must be outside the repository" >&2; exit 2 ;; esac

# The file and benchmark name of each set.
file_of() {
  case $1 in
    17clue) echo tdoku_17_clue ;;
    magictour) echo magictour_top1465 ;;
    hardest11plus) echo forum_hardest_1905_11plus ;;
    hardest1106) echo forum_hardest_1106 ;;
    serg) echo serg_benchmark ;;
    top95) echo norvig_top95 ;;
    top50000) echo sudokuvault_top50000 ;;
    *) echo "unknown set $1" >&2; exit 2 ;;
  esac
}

# Build tdoku from a copy of its sources (its cmake writes into src/).
cxx=${CXX:-$(command -v clang++ || command -v g++ || echo none)}
if [ -z "$tdoku" ]; then
echo "building tdoku from $src in $work" >&2
rm -rf "$work/tdoku"; mkdir -p "$work/tdoku/build"
if [ "$(git -C "$src" rev-parse --is-bare-repository 2>/dev/null)" = true ]; then
  git clone -q --no-checkout "$src" "$work/tdoku/git"
  git -C "$work/tdoku/git" checkout -q HEAD -- CMakeLists.txt src include other test
  mv "$work/tdoku/git/"* "$work/tdoku/" && rm -rf "$work/tdoku/git"
else
  tar -C "$src" --exclude=.git --exclude=build --exclude=data.zip -cf - . | tar -x -C "$work/tdoku"
fi
cc=${CC:-$(command -v clang || command -v gcc)}
(cd "$work/tdoku/build" &&
  CC=$cc CXX=$cxx cmake .. -DCMAKE_BUILD_TYPE=Release > cmake.log 2>&1 &&
  make -j"$(nproc)" run_benchmark > make.log 2>&1) || {
  echo "tdoku build failed; see $work/tdoku/build/*.log" >&2; exit 1; }
tdoku=$work/tdoku/build/run_benchmark
fi

goexp=
if [ "$simd" = 1 ]; then goexp=simd; fi
if [ -z "$ours" ]; then
  echo "building searchlab${goexp:+ with GOEXPERIMENT=$goexp}" >&2
  (cd "$repo" && GOEXPERIMENT=$goexp go build -o "$work/searchlab" ./cmd/searchlab)
  ours=$work/searchlab
fi
core=$("$ours" sudoku --stats --count < "$data/norvig_top95.txt" 2>&1 > /dev/null | sed -n 's/.*core \([^)]*\)).*/\1/p')
echo "searchlab's 9x9 core: ${core:-unknown}" >&2
if [ "$inproc" = 1 ]; then
  (cd "$repo" && GOEXPERIMENT=$goexp go test -c -o "$work/sudoku.test" ./sudoku)
fi

# Each measurement prints "WALL CPU": puzzles per second by the wall clock
# and by the process's CPU time (user + system). tdoku reports only its
# wall-clock rate; its CPU rate is that divided by the share of a core the
# process had (CPU time / wall time of the whole run, warm-up included), an
# estimate that holds when the share is steady. On a shared machine the CPU
# rates are the steadier ones; searchlab's include its garbage collector.

# timed CMD...: runs CMD (its stdin and stdout as given) and writes "REAL
# CPU" in seconds to $work/time.txt.
timed() {
  local TIMEFORMAT='%R %U %S'
  { time "$@" 2> /dev/null; } 2> "$work/time.raw"
  tail -n 1 "$work/time.raw" | awk '{ printf "%s %s\n", $1, $2 + $3 }' > "$work/time.txt"
}

# tdoku_rate FILE [-f]: tdoku's rates.
tdoku_rate() {
  local f=$1; shift
  timed "$tdoku" -s tdoku -r 0 -c 1 -n "$(wc -l < "$f")" -w 1 -t "$secs" "$@" "$f" > "$work/tdoku.out"
  awk -F, -v tm="$(cat "$work/time.txt")" 'NF >= 7 { split(tm, a, " "); printf "%.1f %.1f\n", $6, $6 * a[1] / a[2]; exit }' "$work/tdoku.out"
}

# ours_rate FILE N FLAGS...: searchlab's rates on FILE, which holds N
# puzzles, through the whole command.
ours_rate() {
  local f=$1 n=$2; shift 2
  timed "$ours" sudoku --jobs 1 "$@" < "$f" > /dev/null
  awk -v n="$n" '{ printf "%.1f %.1f\n", n / $1, n / $2 }' "$work/time.txt"
}

# inproc_rate SET: BenchmarkSolve/SET's rates (its CPU rate is the
# benchmark goroutine's thread CPU time).
inproc_rate() {
  (cd "$repo/sudoku" && "$work/sudoku.test" -test.run '^$' -test.bench "^BenchmarkSolve\$/^$1\$" \
    -test.benchtime "${secs}s") | awk '/puzzles\/s/ { for (i = 1; i < NF; i++) { if ($(i+1) == "puzzles/s") w = $i; if ($(i+1) == "cpu-puzzles/s") c = $i } print w, c }'
}

# Repeat each file so that one searchlab run lasts about $secs seconds of
# CPU time. The repetition grows fourfold until a run takes a quarter of
# that, then scales by the time measured: a run of a small file alone (95
# puzzles) is mostly the process's start-up, and an estimate from it would
# leave the start-up a large share of every timed run. These runs also warm
# the cache.
repeat() { awk -v n="$2" '{ a[NR] = $0 } END { for (i = 0; i < n; i++) for (j = 1; j <= NR; j++) print a[j] }' "$1"; }
declare -A rep nrep
for s in ${sets//,/ }; do
  f=$data/$(file_of "$s").txt
  lines=$(wc -l < "$f")
  rep[$s]=$work/$s.rep.txt
  k=1
  while :; do
    repeat "$f" "$k" > "${rep[$s]}"
    timed "$ours" sudoku --jobs 1 --count < "${rep[$s]}" > /dev/null
    cpu=$(awk '{ print $2 }' "$work/time.txt")
    if awk -v c="$cpu" -v t="$secs" 'BEGIN { exit !(c >= t / 4) }'; then break; fi
    k=$((k * 4))
  done
  n=$(awk -v k="$k" -v c="$cpu" -v t="$secs" 'BEGIN { n = int(k * t / c + 0.5); print (n < 1 ? 1 : n) }')
  if [ "$n" != "$k" ]; then
    repeat "$f" "$n" > "${rep[$s]}"
  fi
  nrep[$s]=$((n * lines))
  echo "$(file_of "$s"): $n copies of the file, ${nrep[$s]} puzzles a searchlab run" >&2
done

declare -A res
add() { res[$1,w]+="${2% *} "; res[$1,c]+="${2#* } "; }
for round in $(seq "$rounds"); do
  echo "round $round of $rounds: $(uptime | sed 's/.*load/load/')" >&2
  for s in ${sets//,/ }; do
    f=$data/$(file_of "$s").txt
    if [ $((round % 2)) = 1 ]; then
      a=$(tdoku_rate "$f"); b=$(ours_rate "${rep[$s]}" "${nrep[$s]}" --count)
    else
      b=$(ours_rate "${rep[$s]}" "${nrep[$s]}" --count); a=$(tdoku_rate "$f")
    fi
    add "$s,tc" "$a"; add "$s,oc" "$b"
    res[$s,rc]+="$(awk -v a="$a" -v b="$b" 'BEGIN { split(a, x, " "); split(b, y, " "); printf "%.3f", y[1] / x[1] }') "
    res[$s,rcc]+="$(awk -v a="$a" -v b="$b" 'BEGIN { split(a, x, " "); split(b, y, " "); printf "%.3f", y[2] / x[2] }') "
    if [ $((round % 2)) = 1 ]; then
      a=$(tdoku_rate "$f" -f); b=$(ours_rate "${rep[$s]}" "${nrep[$s]}")
    else
      b=$(ours_rate "${rep[$s]}" "${nrep[$s]}"); a=$(tdoku_rate "$f" -f)
    fi
    add "$s,tf" "$a"; add "$s,of" "$b"
    res[$s,rf]+="$(awk -v a="$a" -v b="$b" 'BEGIN { split(a, x, " "); split(b, y, " "); printf "%.3f", y[1] / x[1] }') "
    res[$s,rfc]+="$(awk -v a="$a" -v b="$b" 'BEGIN { split(a, x, " "); split(b, y, " "); printf "%.3f", y[2] / x[2] }') "
    if [ "$inproc" = 1 ]; then add "$s,ip" "$(inproc_rate "$s")"; fi
  done
done

median() { tr ' ' '\n' | grep . | sort -g | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }
fmt() { awk -v x="$1" 'BEGIN { s = sprintf("%.0f", x); o = ""; while (length(s) > 3) { o = "," substr(s, length(s) - 2) o; s = substr(s, 1, length(s) - 3) } print s o }'; }
med() { fmt "$(median <<< "${res[$1]}")"; }
rat() { printf '%.2f' "$(median <<< "${res[$1]}")"; }
rng() { tr ' ' '\n' <<< "${res[$1]}" | grep . | sort -g | awk '{ a[NR] = $1 } END { printf "%.2f-%.2f", a[1], a[NR] }'; }

echo
gov=$(go version 2> /dev/null | awk '{ print $3 }') || true
echo "$(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | sed 's/.*: //'), searchlab ${gov:-prebuilt}${goexp:+ GOEXPERIMENT=$goexp} core ${core:-unknown}, tdoku $(awk -F, 'NF >= 7 { print $1, $2, $3; exit }' "$work/tdoku.out"); median of $rounds interleaved rounds, $(uptime | sed 's/.*load/load/') at the end"
echo
echo "Puzzles per second, by the wall clock (by CPU time in brackets); ratios are medians of the rounds' paired ratios, then their range over the rounds."
echo
ipcol="" iprule=""
if [ "$inproc" = 1 ]; then ipcol=" searchlab in-process |"; iprule="---:|"; fi
echo "| set | searchlab \`--count\` |$ipcol tdoku | ÷ tdoku | searchlab one solution | tdoku \`-f\` | ÷ tdoku \`-f\` |"
echo "|---|---:|$iprule---:|---:|---:|---:|---:|"
for s in ${sets//,/ }; do
  ip=""
  if [ "$inproc" = 1 ]; then ip=" $(med "$s,ip,w") ($(med "$s,ip,c")) |"; fi
  echo "| $(file_of "$s") | $(med "$s,oc,w") ($(med "$s,oc,c")) |$ip $(med "$s,tc,w") ($(med "$s,tc,c")) | **$(rat "$s,rc")** $(rng "$s,rc") ($(rat "$s,rcc") $(rng "$s,rcc")) | $(med "$s,of,w") ($(med "$s,of,c")) | $(med "$s,tf,w") ($(med "$s,tf,c")) | **$(rat "$s,rf")** $(rng "$s,rf") ($(rat "$s,rfc") $(rng "$s,rfc")) |"
done
