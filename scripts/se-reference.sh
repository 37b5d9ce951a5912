#!/usr/bin/env bash
# Builds the Sudoku Explainer reference ratings of sudoku/testdata/ and
# times Sudoku Explainer (SE) on them, from SE's own source.
#
#   bash scripts/se-reference.sh SE_DIR [rebuild|check|time FILE...|rate FILE...|compare [FILE...]]
#
# SE_DIR is a checkout of github.com/SudokuMonster/SukakuExplainer (the
# ratings were made at commit 362854eea4e983017726d406ac9ee8a28909bcc7,
# version 1.18.1). The script compiles it with plain javac (no build tool,
# no network) and rates with SE's technique set of Sudoku Explainer 1.2.1
# (TECHS below: what Settings.init121() builds), one thread, SE's default
# lkSudoku BUG and UR fixes on: what
#   java -cp SE diuf.sudoku.test.serate --techs=TECHS --threads=1 --format='%r %p %d'
# prints. A small driver (CpuRate, below) calls the same Solver.getDifficulty
# as serate and also reports the rating thread's CPU time per puzzle.
#
#   rebuild  draw the candidate pool from $SEARCHLAB_DATA (default
#            ../shared/data/sudoku), rate it, and write
#            sudoku/testdata/se-ratings-tuning.txt and se-ratings-unseen.txt
#            (up to PER_BAND puzzles of each ER band, alternately one file
#            and the other). The forum's hardest (43 s a puzzle in SE) are a
#            sample of HARD puzzles, rated one JVM each under a CPU limit.
#   check    rate the puzzles of the reference files again and report every
#            line where SE's ER, EP or ED now differs (the default).
#   time     rate FILEs' puzzles (first field of each line) and print per
#            ER band the puzzles and SE's CPU seconds (median, mean, max).
#   rate     rate FILEs' puzzles one JVM each under a CPU limit of LIMIT
#            seconds (default 600) and print "puzzle ER EP ED cpu_seconds"
#            a line ("puzzle TIMEOUT" past the limit): how the puzzles of
#            ER 10 and up were added to the reference files.
#   compare  per ER band of the reference files (or FILEs), SE's CPU per
#            puzzle against "searchlab sudoku rate --jobs 1" (process CPU,
#            best of 3), and the ratio: the speed comparison of
#            docs/benchmarks.md.
#
# Needs java and javac (Debian: default-jdk-headless) and python3.
set -euo pipefail
cd "$(dirname "$0")/.."
se_dir=${1:?usage: se-reference.sh SE_DIR [rebuild|check|time FILE...]}
mode=${2:-check}
shift 2 || shift $#
data=${SEARCHLAB_DATA:-../shared/data/sudoku}
per_band=${PER_BAND:-40}
hard=${HARD:-16}
TECHS=1111111111010111011011011011000010100010111111
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# Compile SE and the driver.
mkdir -p "$tmp/se" "$tmp/drv"
find "$se_dir/diuf" -name '*.java' > "$tmp/srcs"
javac -nowarn -encoding ISO-8859-1 -d "$tmp/se" @"$tmp/srcs" 2> "$tmp/javac.log" || { cat "$tmp/javac.log" >&2; exit 1; }
(cd "$se_dir" && find diuf -type f ! -name '*.java' -exec cp --parents {} "$tmp/se/" \;)
cat > "$tmp/drv/CpuRate.java" <<'EOF'
import java.io.*;
import java.lang.management.*;
import java.util.*;
import diuf.sudoku.*;
import diuf.sudoku.solver.*;
import diuf.sudoku.test.serate;

// CpuRate rates the 81-character puzzles of stdin as serate does with
// --techs=ARG --threads=1 and prints "puzzle ER EP ED cpu_seconds" a line,
// the CPU time being the rating thread's own.
public class CpuRate {
    public static void main(String[] args) throws IOException {
        String techs = args[0];
        EnumSet<SolvingTechnique> all = EnumSet.allOf(SolvingTechnique.class);
        if (techs.length() != all.size()) throw new IllegalArgumentException("techs needs " + all.size() + " characters");
        EnumSet<SolvingTechnique> use = EnumSet.noneOf(SolvingTechnique.class);
        int i = 0;
        for (SolvingTechnique t : all) if (techs.charAt(i++) == '1') use.add(t);
        Settings.getInstance().setTechniques(use);
        Settings.getInstance().setNumThreads(1);
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
        for (String line; (line = in.readLine()) != null; ) {
            line = line.trim();
            if (line.length() != 81) continue;
            StringWriter sw = new StringWriter();
            PrintWriter pw = new PrintWriter(sw);
            serate.Formatter f = new serate.Formatter(pw, "", "", "", "%r %p %d");
            long t0 = mx.getCurrentThreadCpuTime();
            Grid grid = new Grid();
            grid.fromString(line);
            f.setPuzzleLine(line);
            grid.adjustPencilmarks();
            Solver solver = new Solver(grid);
            solver.rebuildPotentialValues();
            solver.getDifficulty(f);
            long t1 = mx.getCurrentThreadCpuTime();
            pw.flush();
            System.out.printf("%s %s %.4f%n", line, sw.toString().trim(), (t1 - t0) / 1e9);
            System.out.flush();
        }
    }
}
EOF
javac -cp "$tmp/se" -d "$tmp/drv" "$tmp/drv/CpuRate.java"
java_rate() { java -XX:+UseSerialGC -XX:ActiveProcessorCount=1 -Xmx1g -cp "$tmp/se:$tmp/drv" CpuRate "$TECHS"; }

# rate_each: one JVM per puzzle of stdin, each under a CPU limit of
# $1 seconds; a puzzle over it prints "puzzle TIMEOUT".
rate_each() {
  while read -r p; do
    r=$( (ulimit -t "$1"; echo "$p" | java_rate) 2>/dev/null || true)
    if [ -n "$r" ]; then echo "$r"; else echo "$p TIMEOUT"; fi
  done
}

ref=(sudoku/testdata/se-ratings-tuning.txt sudoku/testdata/se-ratings-unseen.txt)
puzzles_of() { grep -hv '^#' "$@" | awk 'NF { print $1 }'; }

case $mode in
check)
  puzzles_of "${ref[@]}" | java_rate > "$tmp/now"
  grep -hv '^#' "${ref[@]}" | awk 'NF' | sort > "$tmp/was"
  awk '{ print $1, $2, $3, $4 }' "$tmp/now" | sort > "$tmp/now4"
  if diff "$tmp/was" "$tmp/now4"; then echo "SE agrees with all $(wc -l < "$tmp/was") reference ratings"; fi
  ;;
time)
  puzzles_of "$@" | java_rate | python3 -c '
import sys, statistics
bands = {}
for l in sys.stdin:
    f = l.split()
    er, cpu = float(f[1]), float(f[4])
    b = "11+" if er >= 11 else "%d.0-%d.9" % (int(er), int(er))
    bands.setdefault(b, []).append(cpu)
print("| ER band | puzzles | SE CPU median (s) | mean (s) | max (s) |")
print("|---|---|---|---|---|")
for b in sorted(bands, key=lambda b: float(b.split("-")[0].rstrip("+"))):
    v = bands[b]
    print("| %s | %d | %.4f | %.4f | %.4f |" % (b, len(v), statistics.median(v), statistics.mean(v), max(v)))
'
  ;;
rate)
  puzzles_of "$@" | rate_each "${LIMIT:-600}"
  ;;
compare)
  # SE's CPU per puzzle (the rating thread's, in one warm JVM; the hardest
  # one JVM each) against searchlab's process CPU per band (one job, best
  # of 3 runs), over the reference files or FILEs.
  [ $# -gt 0 ] || set -- "${ref[@]}"
  go build -o "$tmp/searchlab" ./cmd/searchlab
  grep -hv '^#' "$@" | awk 'NF && $2 < 11 { print $1 }' | java_rate > "$tmp/se.out"
  grep -hv '^#' "$@" | awk 'NF && $2 >= 11 { print $1 }' | rate_each 600 >> "$tmp/se.out"
  python3 - "$tmp" "$@" <<'EOF'
import subprocess, sys
tmp, files = sys.argv[1], sys.argv[2:]
se = {}
for l in open(tmp + "/se.out"):
    f = l.split()
    if len(f) == 5: se[f[0]] = float(f[4])
bands = {}
for name in files:
    for l in open(name):
        f = l.split()
        if not f or l.startswith("#"): continue
        er = float(f[1])
        bands.setdefault(11 if er >= 11 else int(er), []).append(f[0])
print("| ER band | puzzles | SE CPU per puzzle (ms) | searchlab CPU per puzzle (ms) | ratio |")
print("|---|---|---|---|---|")
tse = tus = 0
for b in sorted(bands):
    ps = [p for p in bands[b] if p in se]
    open(tmp + "/band", "w").write("\n".join(ps) + "\n")
    best = None
    for _ in range(3):
        r = subprocess.run(["/usr/bin/time", "-f", "%U %S", tmp + "/searchlab", "sudoku", "rate", "--jobs", "1", tmp + "/band"], capture_output=True, text=True)
        t = sum(map(float, r.stderr.split()[-2:]))
        best = t if best is None else min(best, t)
    st = sum(se[p] for p in ps)
    tse, tus = tse + st, tus + best
    name = "11+" if b == 11 else "%d.0-%d.9" % (b, b)
    print("| %s | %d | %.2f | %.2f | %.1fx |" % (name, len(ps), 1000 * st / len(ps), 1000 * best / len(ps), st / max(best, 1e-9)))
print("| all | %d | | | %.1fx |" % (sum(len(v) for v in bands.values()), tse / max(tus, 1e-9)))
EOF
  ;;
rebuild)
  # The pool: whole small lists and seeded samples of the large ones.
  python3 - "$data" "$hard" > "$tmp/pool" 2> "$tmp/hardpool" <<'EOF'
import random, sys
d, hard = sys.argv[1], int(sys.argv[2])
def lines(f): return [l.strip() for l in open(d + "/" + f) if len(l.strip()) == 81]
r = random.Random(20261128)
seen = set()
def out(xs, w):
    for x in xs:
        if x not in seen:
            seen.add(x); w.write(x + "\n")
out(lines("norvig_easy50.txt"), sys.stdout)
out(lines("norvig_top95.txt"), sys.stdout)
out(r.sample(lines("tdoku_17_clue.txt"), 300), sys.stdout)
out(r.sample(lines("magictour_top1465.txt"), 300)[:120], sys.stdout)
out(r.sample(lines("sudokuvault_top50000.txt"), 300)[:120], sys.stdout)
out(r.sample(lines("forum_hardest_1106.txt"), hard // 2), sys.stderr)
out(r.sample(lines("forum_hardest_1905_11plus.txt"), hard // 2), sys.stderr)
EOF
  java_rate < "$tmp/pool" > "$tmp/rated"
  rate_each 300 < "$tmp/hardpool" >> "$tmp/rated"
  python3 - "$per_band" "$TECHS" "${ref[@]}" < "$tmp/rated" <<'EOF'
import sys
per, techs, tuning, unseen = int(sys.argv[1]), sys.argv[2], sys.argv[3], sys.argv[4]
bands = {}
for l in sys.stdin:
    f = l.split()
    if len(f) < 5: continue  # over the CPU limit: not rated
    er = float(f[1])
    b = 11 if er >= 11 else int(er)
    bands.setdefault(b, []).append(" ".join(f[:4]))
head = """# Sudoku Explainer's ratings: puzzle ER EP ED, one decimal each as SE prints them.
# SE: SukakuExplainer 1.18.1 (github.com/SudokuMonster/SukakuExplainer
# 362854eea4e983017726d406ac9ee8a28909bcc7) compiled with javac, rated with
# Sudoku Explainer 1.2.1's technique set, one thread: serate --techs=%s --threads=1 --format='%%r %%p %%d'
# Made by: bash scripts/se-reference.sh SE_DIR rebuild (puzzles drawn from
# norvig easy50 and top95, tdoku 17-clue, magictour top1465, sudokuvault top50000,
# forum hardest 1106 and 1905 11+; up to %d a band of ER, every second one in each file).
# WHAT
""" % (techs, per)
files = {tuning: [], unseen: []}
for b in sorted(bands):
    # Evenly spaced over the band's puzzles sorted by ER (then pool order),
    # so that each band spreads over its values and its sources.
    xs = sorted(bands[b], key=lambda x: float(x.split()[1]))
    n = min(per, len(xs))
    for k in range(n):
        files[tuning if k % 2 == 0 else unseen].append(xs[k * len(xs) // n])
for name, xs in files.items():
    what = ("Tuning set: the rater may be tuned on these." if name == tuning else
            "Held out: the rater must not be tuned on these; they measure it.")
    with open(name, "w") as w:
        w.write(head.replace("WHAT", what))
        for x in xs: w.write(x + "\n")
    print(name, len(xs), "puzzles")
EOF
  ;;
*)
  echo "se-reference.sh: unknown mode $mode (rebuild, check, time, rate or compare)" >&2
  exit 2
  ;;
esac
