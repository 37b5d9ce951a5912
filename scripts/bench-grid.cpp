// The C++ baseline of scripts/bench-grid.sh: textbook A* and Dijkstra on
// the benchmark grid of internal/gridbench, as a performance-minded user
// writes them: flat arrays indexed by cell, std::priority_queue with lazy
// deletion, the tie-break of package search (f ascending, then g
// descending, then the order of generation), the neighbours in the same
// order (up, down, left, right).
//
//   g++ -O2 -o bench-grid scripts/bench-grid.cpp
//   ./bench-grid [reps]
//
// For each search it prints "name expansions cost seconds", seconds being
// the median over reps runs of the process CPU time one search takes
// (the grid is built once, before).
#include <algorithm>
#include <climits>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <queue>
#include <vector>

static const int kSide = 1000, kSeed = 1, kWallPercent = 20;

struct Grid {
  int w, h;
  std::vector<char> wall;
};

// makeGrid repeats gridbench.New: splitmix64, one value a cell in row order.
static Grid makeGrid(int w, int h, uint64_t seed, int wallPercent) {
  Grid g{w, h, std::vector<char>(size_t(w) * h)};
  uint64_t x = seed;
  for (size_t i = 0; i < g.wall.size(); i++) {
    x += 0x9e3779b97f4a7c15ULL;
    uint64_t z = x;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    z ^= z >> 31;
    g.wall[i] = z % 100 < uint64_t(wallPercent);
  }
  g.wall[0] = g.wall[g.wall.size() - 1] = 0;
  return g;
}

struct Item {
  int f, g;
  uint64_t seq;
  int cell;
};

struct Worse {
  bool operator()(const Item& a, const Item& b) const {
    if (a.f != b.f) return a.f > b.f;
    if (a.g != b.g) return a.g < b.g;
    return a.seq > b.seq;
  }
};

struct Outcome {
  long expansions;
  int cost;
  size_t pathLen;
};

static Outcome search(const Grid& gr, bool astar) {
  const int w = gr.w, h = gr.h, n = w * h, goal = n - 1;
  auto est = [&](int c) { return astar ? (h - 1 - c / w) + (w - 1 - c % w) : 0; };
  std::vector<int> g(n, INT_MAX), parent(n, -1);
  std::vector<char> closed(n, 0);
  std::priority_queue<Item, std::vector<Item>, Worse> open;
  uint64_t seq = 0;
  long expansions = 0;
  g[0] = 0;
  open.push({est(0), 0, seq++, 0});
  while (!open.empty()) {
    Item it = open.top();
    open.pop();
    if (closed[it.cell] || it.g != g[it.cell]) continue;
    if (it.cell == goal) {
      std::vector<int> path;
      for (int c = goal; c != -1; c = parent[c]) path.push_back(c);
      std::reverse(path.begin(), path.end());
      return {expansions, it.g, path.size()};
    }
    expansions++;
    closed[it.cell] = 1;
    int r = it.cell / w, c = it.cell % w;
    int next[4], k = 0;
    if (r > 0 && !gr.wall[it.cell - w]) next[k++] = it.cell - w;
    if (r < h - 1 && !gr.wall[it.cell + w]) next[k++] = it.cell + w;
    if (c > 0 && !gr.wall[it.cell - 1]) next[k++] = it.cell - 1;
    if (c < w - 1 && !gr.wall[it.cell + 1]) next[k++] = it.cell + 1;
    for (int i = 0; i < k; i++) {
      int t = next[i], ng = it.g + 1;
      if (ng >= g[t]) continue;
      g[t] = ng;
      parent[t] = it.cell;
      closed[t] = 0;
      open.push({ng + est(t), ng, seq++, t});
    }
  }
  return {expansions, -1, 0};
}

static double cpu() {
  timespec ts;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return ts.tv_sec + ts.tv_nsec * 1e-9;
}

int main(int argc, char** argv) {
  int reps = argc > 1 ? atoi(argv[1]) : 5;
  Grid gr = makeGrid(kSide, kSide, kSeed, kWallPercent);
  for (int astar = 1; astar >= 0; astar--) {
    std::vector<double> times;
    Outcome o{};
    for (int i = 0; i < reps; i++) {
      double t0 = cpu();
      o = search(gr, astar);
      times.push_back(cpu() - t0);
    }
    std::sort(times.begin(), times.end());
    printf("%s %ld %d %.6f\n", astar ? "astar" : "dijkstra", o.expansions, o.cost, times[times.size() / 2]);
  }
}
