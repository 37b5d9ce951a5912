package pdb

import (
	"context"
	"flag"
	"os"
	"testing"
	"time"
)

// The build and load benchmarks of the 7-8 databases: go test ./sliding/pdb
// -run '^$' -bench 78 (and -pdb.dir). They use, and if need be build, the
// databases in the cache. The searches of Korf's instances are package
// sliding/solve/internal/pdbsearch's.
var (
	dirFlag    = flag.String("pdb.dir", "", "database directory for the long runs (default: the user cache)")
	inMemory   = flag.Bool("pdb.inmemory", false, "read the long runs' databases into memory (Options.InMemory) instead of mapping them")
	oldBuilder = flag.Bool("pdb.oldbuilder", false, "BenchmarkBuild78: build with the placement builder, the one before the block builder")
)

func openLong(tb testing.TB, w int, partition string) *Set {
	tb.Helper()
	start := time.Now()
	s, err := Open(context.Background(), w, w, 0, partition, Options{Dir: *dirFlag, Log: os.Stderr, InMemory: *inMemory})
	if err != nil {
		tb.Fatal(err)
	}
	tb.Logf("opened %dx%d %s in %v (%d MB)", w, w, partition, time.Since(start).Round(time.Millisecond), s.Bytes()>>20)
	return s
}

// BenchmarkBuild78 builds the 7-8 databases in memory (about 15 s on two
// cores; with -pdb.oldbuilder, the placement builder: over 3 minutes).
func BenchmarkBuild78(b *testing.B) {
	for range b.N {
		if !*oldBuilder {
			if _, err := Build(context.Background(), 4, 4, 0, "7-8", nil); err != nil {
				b.Fatal(err)
			}
			continue
		}
		_, pats, err := newSet(4, 4, 0, "7-8")
		if err != nil {
			b.Fatal(err)
		}
		for _, p := range pats {
			if _, err := buildPlacements(context.Background(), p, 0, nil); err != nil {
				b.Fatal(err)
			}
		}
	}
}

// BenchmarkLoad78 reads the cached 7-8 databases.
func BenchmarkLoad78(b *testing.B) {
	openLong(b, 4, "7-8")
	for range b.N {
		if _, err := Open(context.Background(), 4, 4, 0, "7-8", Options{Dir: *dirFlag}); err != nil {
			b.Fatal(err)
		}
	}
}
