package web_test

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/searchlab/searchlab/api"
	"github.com/searchlab/searchlab/sliding"
	"github.com/searchlab/searchlab/web"
)

// TestCompareWholeLimit is the audit's case: a compare of a 16x16 board
// with "timeout": "2s" must answer 200 within the time as a whole (plus a
// second), with every row and its status, runs not reached "not-run", not
// a bare 504 after the time of every run added up.
func TestCompareWholeLimit(t *testing.T) {
	srv := httptest.NewServer(web.New(web.Config{}))
	defer srv.Close()
	b := sliding.Scramble(rand.New(rand.NewPCG(1, 2)), sliding.Standard(16, 16), 200)
	tiles := make([]string, len(b.Tiles))
	for i, tl := range b.Tiles {
		tiles[i] = fmt.Sprint(tl)
	}
	start := time.Now()
	r := post(context.Background(), http.DefaultClient, srv.URL+"/api/sliding/compare",
		map[string]any{"board": strings.Join(tiles, " "), "size": "16x16", "timeout": "2s"})
	took := time.Since(start)
	if r.status != http.StatusOK || took > 3*time.Second {
		t.Fatalf("status %d after %v (want 200 within 3s): %s", r.status, took, clip(r.body))
	}
	var a api.CompareAnswer
	if err := json.Unmarshal(r.body, &a); err != nil {
		t.Fatal(err)
	}
	if len(a.Rows) < 13 {
		t.Errorf("%d rows, want every run", len(a.Rows))
	}
	for _, row := range a.Rows {
		switch row.Status {
		case "ok", "timeout", "node-cap", "none", "n/a", "not-run":
		default:
			t.Errorf("row %s/%s: status %q", row.Algorithm, row.Heuristic, row.Status)
		}
	}
	t.Logf("16x16 compare, timeout 2s: %v", took)
}
