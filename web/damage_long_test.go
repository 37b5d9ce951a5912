package web_test

import (
	"context"
	"encoding/json"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/searchlab/searchlab/api"
	"github.com/searchlab/searchlab/internal/pdbtest"
	"github.com/searchlab/searchlab/sliding"
	"github.com/searchlab/searchlab/sliding/solve"
	"github.com/searchlab/searchlab/sliding/units"
	"github.com/searchlab/searchlab/web"
)

// TestTruncateUnderServer is the audit's case: the tables of the 4x4 set a
// server is using are cut to 4 KB in place while it answers 4x4 boards.
// The server must stay up and keep answering: every answer is the right
// length or an error (IDA* with linear conflicts answers while the set is
// rebuilt, within the server's limits), and the set's files are rebuilt.
func TestTruncateUnderServer(t *testing.T) {
	longTest(t)
	dir := t.TempDir()
	ready := func(sv *solve.Solver) {
		sv.Warm(4, 4, 15)
		deadline := time.Now().Add(2 * time.Minute)
		for !sv.Ready(4, 4, 15) {
			if time.Now().After(deadline) {
				t.Fatal("the 4x4 set was not ready within two minutes")
			}
			time.Sleep(20 * time.Millisecond)
		}
	}
	// The first solver builds the set; the server's maps it from disk.
	first := solve.New(solve.Options{Dir: dir, Background: true})
	ready(first)
	first.Close()
	sv := solve.New(solve.Options{Dir: dir, Background: true})
	defer sv.Close()
	ready(sv)
	srv := httptest.NewServer(web.New(web.Config{Solver: sv}))
	defer srv.Close()
	goal := sliding.Standard(4, 4)
	r := rand.New(rand.NewPCG(9, 10))
	solveOne := func() (ok, failed bool) {
		b := sliding.Scramble(r, goal, 60)
		want, err := sliding.Search(context.Background(), b, goal, sliding.Options{Algorithm: sliding.IDAStar, Tuned: true, Heuristic: sliding.LinearConflict(goal)})
		if err != nil {
			t.Fatal(err)
		}
		res := post(context.Background(), http.DefaultClient, srv.URL+"/api/sliding/solve", map[string]any{"board": units.Tiles(b), "size": "4x4"})
		if res.err != nil {
			t.Fatalf("the server did not answer: %v", res.err)
		}
		if res.status != http.StatusOK {
			// A limit of the fallback search while the set is rebuilt.
			t.Logf("status %d: %s", res.status, clip(res.body))
			return false, true
		}
		var a api.SlidingAnswer
		if err := json.Unmarshal(res.body, &a); err != nil || a.Length != want.Len() || !a.Optimal {
			t.Fatalf("answer %s, want %d moves, optimal", clip(res.body), want.Len())
		}
		return true, false
	}
	for range 5 {
		solveOne()
	}
	tables := pdbtest.Truncate(t, filepath.Join(dir, "4x4-*.pdb"))
	var ok, failed int
	for end := time.Now().Add(5 * time.Second); time.Now().Before(end); {
		a, f := solveOne()
		if a {
			ok++
		}
		if f {
			failed++
		}
	}
	t.Logf("after truncation: %d right answers, %d errors", ok, failed)
	if ok == 0 {
		t.Error("no right answer after the truncation")
	}
	// The set is rebuilt in the background: its files whole again.
	deadline := time.Now().Add(2 * time.Minute)
	for _, f := range tables {
		for {
			if fi, err := os.Stat(f); err == nil && fi.Size() != 4096 {
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("%s not rebuilt within two minutes", f)
			}
			time.Sleep(50 * time.Millisecond)
		}
	}
}
