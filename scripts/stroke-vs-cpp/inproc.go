package main

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/searchlab/searchlab/stroke"
)

// driverText is the C++ driver of the in-process comparison. It includes the
// peer's source with its main renamed to peer_main (below), reads every board from
// the file named by argv[1], and runs argv[2] rounds: in each, for every
// board, it writes 1.inp, resets the peer's globals, times peer_main alone
// with a steady clock, and reads 1.out. It prints one line a board: the
// least time in nanoseconds over the rounds and the peer's answer. The line
// "calibration NS" gives the least time of peer_main on the board in the
// file argv[3], of the same size with only one-tile chains (see
// calibrationBoard): its file reading and writing and set-up, with next to
// no search.
//
// The peer's "int main(){...}" has no return statement, which is fine for
// main and undefined for any other function (g++ -O2 compiles it into a
// crash), so the macro turns it into "void peer_main(){...}" with the body
// untouched.
const driverText = `#define main() peer_unused(); void peer_main()
#include PEER_SOURCE
#undef main
#include <chrono>
#include <cstring>

static long long timeOne(const std::string &board, std::string &answer) {
	{
		std::ofstream f("1.inp");
		f << board;
	}
	std::remove("1.out");
	maxCombo = 0;
	maxColor = 0;
	colors.clear();
	std::memset(mmap, 0, sizeof mmap);
	std::memset(check, 0, sizeof check);
	auto t0 = std::chrono::steady_clock::now();
	peer_main();
	auto t1 = std::chrono::steady_clock::now();
	std::ifstream g("1.out");
	std::getline(g, answer);
	return std::chrono::duration_cast<std::chrono::nanoseconds>(t1 - t0).count();
}

int main(int argc, char **argv) {
	std::ifstream in(argv[1]);
	int rounds = std::atoi(argv[2]);
	std::string calib;
	{
		std::ifstream c(argv[3]);
		std::stringstream ss;
		ss << c.rdbuf();
		calib = ss.str();
	}
	std::vector<std::string> boards;
	int n;
	while (in >> n) {
		std::string b = std::to_string(n) + "\n", row;
		for (int i = 0; i < n; i++) {
			in >> row;
			b += row + "\n";
		}
		boards.push_back(b);
	}
	std::vector<long long> least(boards.size(), -1);
	std::vector<std::string> answers(boards.size());
	long long cal = -1;
	for (int r = 0; r < rounds; r++) {
		for (int k = 0; k < 20; k++) {
			std::string a;
			long long t = timeOne(calib, a);
			if (cal < 0 || t < cal) cal = t;
		}
		for (size_t i = 0; i < boards.size(); i++) {
			long long t = timeOne(boards[i], answers[i]);
			if (least[i] < 0 || t < least[i]) least[i] = t;
		}
	}
	std::printf("calibration %lld\n", cal);
	for (size_t i = 0; i < boards.size(); i++)
		std::printf("%lld %s\n", least[i], answers[i].c_str());
}
`

// inProcess compares stroke.Solve with the peer's search run inside one
// process: it compiles the driver above with the peer's source (read at run
// time, never copied), then runs rounds times: the driver (inner rounds per
// board) and stroke.Solve (inner runs per board), back to back. Every time
// is the least over all runs of that board. It checks that the lengths
// agree and prints totals, medians and ratios.
func inProcess(peerSrc string, boards []*stroke.Board, rounds, inner int) {
	src, err := filepath.Abs(peerSrc)
	check(err)
	if _, err := os.Stat(src); err != nil {
		check(fmt.Errorf("peer source: %w", err))
	}
	// The peer's 1.inp and 1.out go to memory where there is a tmpfs: the
	// calibration takes off its file time, but the less of it, the less
	// noise.
	base := ""
	if st, err := os.Stat("/dev/shm"); err == nil && st.IsDir() {
		base = "/dev/shm"
	}
	dir, err := os.MkdirTemp(base, "stroke-cpp-inproc")
	check(err)
	defer os.RemoveAll(dir)
	check(os.WriteFile(filepath.Join(dir, "driver.cpp"), []byte(driverText), 0o644))
	bin := filepath.Join(dir, "driver")
	cc := exec.Command("g++", "-O2", "-w", "-o", bin, "-DPEER_SOURCE=\""+src+"\"", filepath.Join(dir, "driver.cpp"))
	cc.Stdout, cc.Stderr = os.Stderr, os.Stderr
	check(cc.Run())
	var text strings.Builder
	for _, b := range boards {
		text.WriteString(b.String())
	}
	check(os.WriteFile(filepath.Join(dir, "boards.txt"), []byte(text.String()), 0o644))
	check(os.WriteFile(filepath.Join(dir, "calib.txt"), []byte(calibrationBoard(boards[0].Rows)), 0o644))

	n := len(boards)
	theirs := make([]time.Duration, n)
	ours := make([]time.Duration, n)
	for i := range n {
		theirs[i], ours[i] = 1<<62, 1<<62
	}
	cal := time.Duration(1 << 62)
	answers := make([]string, n)
	results := make([]stroke.Result, n)
	s := stroke.NewSolver()
	ctx := context.Background()
	for range rounds {
		cmd := exec.Command(bin, "boards.txt", strconv.Itoa(inner), "calib.txt")
		cmd.Dir = dir
		cmd.Stderr = os.Stderr
		out, err := cmd.Output()
		check(err)
		sc := bufio.NewScanner(strings.NewReader(string(out)))
		i := -1
		for sc.Scan() {
			f := strings.Fields(sc.Text())
			if i < 0 {
				ns, err := strconv.ParseInt(f[1], 10, 64)
				check(err)
				cal = min(cal, time.Duration(ns))
				i++
				continue
			}
			ns, err := strconv.ParseInt(f[0], 10, 64)
			check(err)
			theirs[i] = min(theirs[i], time.Duration(ns))
			answers[i] = strings.Join(f[1:], " ")
			i++
		}
		if i != n {
			check(fmt.Errorf("driver answered %d boards of %d", i, n))
		}
		for k := range inner {
			for i, b := range boards {
				t0 := time.Now()
				r, err := s.Solve(ctx, b, stroke.Options{})
				d := time.Since(t0)
				check(err)
				ours[i] = min(ours[i], d)
				if k == 0 {
					results[i] = r
				}
			}
		}
	}
	mismatches := 0
	for i, r := range results {
		f := strings.Fields(answers[i])
		if len(f) != 2 {
			fmt.Printf("board %d: peer printed %q\n", i+1, answers[i])
			mismatches++
			continue
		}
		if l, _ := strconv.Atoi(f[1]); l != r.Length {
			fmt.Printf("board %d: peer %q, stroke %v\n%s", i+1, answers[i], r, boards[i])
			mismatches++
		}
	}
	less := make([]time.Duration, n)
	for i, t := range theirs {
		less[i] = max(0, t-cal)
	}
	fmt.Printf("in one process, least of %d x %d runs per board\n", rounds, inner)
	tp := report(36, "C++ peer_main (steady clock)", theirs)
	tl := report(36, "C++ peer_main less calibration", less)
	to := report(36, "stroke.Solve", ours)
	fmt.Printf("C++ calibration (peer_main on a %dx%d board of one-tile chains, least): %v\n", boards[0].Rows, boards[0].Rows, cal)
	fmt.Printf("ratio C++/stroke on totals: peer_main %.0fx; less calibration %.0fx\n", float64(tp)/float64(to), float64(tl)/float64(to))
	fmt.Printf("length disagreements: %d\n", mismatches)
	if mismatches > 0 {
		os.Exit(1)
	}
}

// calibrationBoard returns an n x n board on which every chain is one tile
// long: the player in the top left corner, G, Y and B around it, R
// elsewhere (OR/GB for n < 3). The peer reads as much as for any n x n
// board and searches next to nothing.
func calibrationBoard(n int) string {
	if n < 3 {
		return "2\nOR\nGB\n"
	}
	var sb strings.Builder
	fmt.Fprintf(&sb, "%d\n", n)
	rest := strings.Repeat("R", n-2)
	sb.WriteString("OG" + rest + "\n")
	sb.WriteString("YB" + rest + "\n")
	for range n - 2 {
		sb.WriteString(strings.Repeat("R", n) + "\n")
	}
	return sb.String()
}
