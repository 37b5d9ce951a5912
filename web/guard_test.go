package web_test

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/searchlab/searchlab/sliding/solve"
	"github.com/searchlab/searchlab/web"
)

// rawRequest sends req (a whole HTTP/1.1 request as text) to addr and
// returns the status line's code and the response, read within limit.
func rawRequest(t *testing.T, addr, req string, limit time.Duration) (*http.Response, time.Duration) {
	t.Helper()
	start := time.Now()
	conn, err := net.DialTimeout("tcp", addr, limit)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	conn.SetDeadline(start.Add(limit))
	if _, err := io.WriteString(conn, req); err != nil {
		t.Fatal(err)
	}
	resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err != nil {
		t.Fatalf("no answer within %v: %v", limit, err)
	}
	io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	return resp, time.Since(start)
}

// send sends req and returns the answer, its body closed.
func send(t *testing.T, req *http.Request) *http.Response {
	t.Helper()
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	return resp
}

// TestCrossSite checks what keeps another site's page out: only JSON
// bodies, only this server's Host names, and the security headers on the
// page, its files and the API.
func TestCrossSite(t *testing.T) {
	srv := httptest.NewServer(web.New(web.Config{AllowedHosts: []string{"lab.example.org"}}))
	defer srv.Close()
	addr := srv.Listener.Addr().String()
	_, port, _ := net.SplitHostPort(addr)
	board := `{"board":"8 6 7 2 5 4 3 0 1"}`

	types := []struct {
		ctype  string
		status int
	}{
		{"application/json", 200},
		{"application/json; charset=utf-8", 200},
		{"text/plain", 415},
		{"text/plain;charset=UTF-8", 415},
		{"application/x-www-form-urlencoded", 415},
		{"multipart/form-data; boundary=x", 415},
		{"", 415},
		{"application/jsonx", 415},
	}
	for _, tt := range types {
		req, _ := http.NewRequest(http.MethodPost, srv.URL+"/api/sliding/solve", strings.NewReader(board))
		if tt.ctype != "" {
			req.Header.Set("Content-Type", tt.ctype)
		}
		resp := send(t, req)
		if resp.StatusCode != tt.status {
			t.Errorf("Content-Type %q: status %d, want %d", tt.ctype, resp.StatusCode, tt.status)
		}
	}

	hosts := []struct {
		host   string
		status int
	}{
		{addr, 200},
		{"localhost:" + port, 200},
		{"LOCALHOST:" + port, 200},
		{"[::1]:" + port, 200},
		{"lab.example.org", 200},
		{"lab.example.org:443", 200},
		{"evil.example", 421},
		{"evil.example:" + port, 421},
		{"localhost:1", 421},
		{"127.0.0.2:" + port, 421},
		{"127.0.0.1.evil.example:" + port, 421},
	}
	for _, tt := range hosts {
		for _, path := range []string{"/", "/api/health"} {
			req, _ := http.NewRequest(http.MethodGet, srv.URL+path, nil)
			req.Host = tt.host
			resp := send(t, req)
			if resp.StatusCode != tt.status {
				t.Errorf("GET %s with Host %q: status %d, want %d", path, tt.host, resp.StatusCode, tt.status)
			}
		}
	}

	for _, path := range []string{"/", "/static/app.js", "/static/style.css", "/api/health", "/api/nothing", "/static/%ff"} {
		req, _ := http.NewRequest(http.MethodGet, srv.URL+path, nil)
		h := send(t, req).Header
		if h.Get("X-Content-Type-Options") != "nosniff" || !strings.Contains(h.Get("Content-Security-Policy"), "frame-ancestors 'none'") ||
			h.Get("X-Frame-Options") != "DENY" {
			t.Errorf("GET %s: headers %v lack nosniff, the CSP or X-Frame-Options", path, h)
		}
	}
}

// TestRequestHygiene checks the smaller refusals: a body announced over
// the cap is refused before it is sent, a /static/ path that is not UTF-8
// is not found, and pattern databases that are still being built answer
// 503 with Retry-After.
func TestRequestHygiene(t *testing.T) {
	srv := httptest.NewServer(web.New(web.Config{}))
	defer srv.Close()
	addr := srv.Listener.Addr().String()

	// 100 MB announced, 10 bytes sent: the answer must not wait for the
	// rest (the server's read timeout).
	resp, took := rawRequest(t, addr, "POST /api/sliding/solve HTTP/1.1\r\nHost: "+addr+
		"\r\nContent-Type: application/json\r\nContent-Length: 100000000\r\n\r\n{\"board\":", 5*time.Second)
	if resp.StatusCode != http.StatusRequestEntityTooLarge || took > time.Second {
		t.Errorf("100 MB announced: status %d after %v, want 413 at once", resp.StatusCode, took)
	}

	for _, path := range []string{"/static/%ff", "/static/a%80b.js", "/static/%c0%af"} {
		resp, _ := rawRequest(t, addr, "GET "+path+" HTTP/1.1\r\nHost: "+addr+"\r\nConnection: close\r\n\r\n", 5*time.Second)
		if resp.StatusCode != http.StatusNotFound && resp.StatusCode != http.StatusBadRequest {
			t.Errorf("GET %s: status %d, want 404 or 400", path, resp.StatusCode)
		}
	}
}

// TestNotReady503 checks that a pdb request whose databases are still
// being built in the background is answered 503 with Retry-After, not 400.
func TestNotReady503(t *testing.T) {
	s := web.New(web.Config{Solver: newBackgroundSolver(t)})
	var e struct{ Error string }
	code, h := postJSON(t, s, "/api/sliding/solve", `{"board":"1 2 3 4 5 6 7 8 9 10 11 12 13 14 0 15","heuristic":"pdb"}`, &e)
	if code != http.StatusServiceUnavailable || h.Get("Retry-After") == "" {
		t.Errorf("pdb not ready: status %d, Retry-After %q, %q; want 503 with Retry-After", code, h.Get("Retry-After"), e.Error)
	}
}

// busyServer returns a server whose only solve slot is held by a client
// that does not read its (large) answer, and the function that lets go.
func busyServer(t *testing.T, cfg web.Config) (*httptest.Server, func()) {
	t.Helper()
	cfg.MaxConcurrent = 1
	srv := httptest.NewServer(web.New(cfg))
	addr := srv.Listener.Addr().String()
	conn, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	// A 4x4 BFS trace of 100,000 events is about 25 MB: far more than the
	// socket buffers hold, so that the server blocks writing it.
	body := `{"board":"14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3","goal":"0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15","algo":"bfs","max_events":100000}`
	fmt.Fprintf(conn, "POST /api/trace/sliding HTTP/1.1\r\nHost: %s\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n%s", addr, len(body), body)
	// Wait until the slot is taken.
	deadline := time.Now().Add(10 * time.Second)
	for {
		h, err := getHealth(http.DefaultClient, srv.URL)
		if err == nil && h.Solving == 1 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the trace never took the slot: %+v %v", h, err)
		}
		time.Sleep(10 * time.Millisecond)
	}
	return srv, func() { conn.Close() }
}

// TestSlotHeldUntilWritten checks that a solve keeps its slot while its
// answer is written: with one slot, held by a client that does not read,
// a second solve is refused 503; small-board look-ups still answer (their
// own lane); and the slot comes back once the client goes or the write
// times out.
func TestSlotHeldUntilWritten(t *testing.T) {
	srv, release := busyServer(t, web.Config{WriteTimeout: time.Minute})
	defer srv.Close()
	ctx := context.Background()
	slow := map[string]any{"board": "5 1 2 3 9 6 7 4 13 10 11 8 0 14 15 12", "algo": "astar"}
	if r := post(ctx, http.DefaultClient, srv.URL+"/api/sliding/solve", slow); r.status != http.StatusServiceUnavailable || r.retryAfter == "" {
		t.Errorf("second solve while the first answer is unread: status %d, Retry-After %q; want 503", r.status, r.retryAfter)
	}
	for _, board := range []string{"8 6 7 2 5 4 3 0 1", "1 2 3 4 5 6 0 7 8"} {
		r := post(ctx, http.DefaultClient, srv.URL+"/api/sliding/solve", map[string]any{"board": board})
		if r.status != http.StatusOK {
			t.Errorf("3x3 look-up %s behind a held slot: status %d: %s", board, r.status, clip(r.body))
		}
	}
	// A small board searched by a named algorithm is no look-up: it waits
	// for a solve slot like any search.
	if r := post(ctx, http.DefaultClient, srv.URL+"/api/sliding/solve", map[string]any{"board": "1 2 3 4 5 6 0 7 8", "algo": "bfs"}); r.status != http.StatusServiceUnavailable {
		t.Errorf("3x3 bfs behind a held slot: status %d, want 503: %s", r.status, clip(r.body))
	}
	release()
	if _, ok := waitHealth(http.DefaultClient, srv.URL, 10*time.Second, func(h healthAnswer) bool { return h.Solving == 0 }); !ok {
		t.Fatal("the slot was not given back after the client went away")
	}
	if r := post(ctx, http.DefaultClient, srv.URL+"/api/sliding/solve", slow); r.status != http.StatusOK {
		t.Errorf("solve after the client went away: status %d: %s", r.status, clip(r.body))
	}

	// A client that stays but does not read loses the slot when the
	// trace's time and the write timeout have passed.
	srv2, release2 := busyServer(t, web.Config{WriteTimeout: 500 * time.Millisecond, SolveTimeout: 2 * time.Second})
	defer srv2.Close()
	defer release2()
	if _, ok := waitHealth(http.DefaultClient, srv2.URL, 10*time.Second, func(h healthAnswer) bool { return h.Solving == 0 }); !ok {
		t.Fatal("the slot was not given back at the write timeout")
	}
}

// newBackgroundSolver returns a solve.Solver that builds its sets in the
// background in a temporary directory, closed (its builds stopped) before
// the directory is removed.
func newBackgroundSolver(t *testing.T) *solve.Solver {
	t.Helper()
	s := solve.New(solve.Options{Dir: t.TempDir(), Background: true})
	t.Cleanup(func() { s.Close() })
	return s
}

// TestTraceBytesCap checks that a trace of a large board is capped by its
// encoded size: a 16x16 board's events are about 1.8 KB each, so 100,000 of
// them would be 180 MB; the answer stops at 32 MB, says so, and is whole
// JSON.
func TestTraceBytesCap(t *testing.T) {
	longTest(t)
	srv := httptest.NewServer(web.New(web.Config{}))
	defer srv.Close()
	board := board16()
	r := post(context.Background(), http.DefaultClient, srv.URL+"/api/trace/sliding",
		map[string]any{"board": board, "size": "16x16", "algo": "bfs", "max_events": 100000})
	if r.status != http.StatusOK {
		t.Fatalf("status %d: %s", r.status, clip(r.body))
	}
	var tr struct {
		Events []json.RawMessage
		End    struct {
			Events    int
			Truncated bool
			Error     string
		}
	}
	if err := json.Unmarshal(r.body, &tr); err != nil {
		t.Fatal(err)
	}
	if len(r.body) > 33<<20 || len(r.body) < 16<<20 || !tr.End.Truncated || tr.End.Events != len(tr.Events) || !strings.Contains(tr.End.Error, "bytes") {
		t.Errorf("16x16 trace: %d bytes, %d events, end %+v; want at most 32 MB, cut by bytes", len(r.body), len(tr.Events), tr.End)
	}
}

// TestTraceBytesCapStroke checks the same cap on a one-stroke trace: a
// step on a 16x16 board of two colours is about 500 bytes, so 100,000 of
// them would be 50 MB; the answer stops keeping steps at 32 MB, says
// truncated, and still gives the search's answer.
func TestTraceBytesCapStroke(t *testing.T) {
	longTest(t)
	srv := httptest.NewServer(web.New(web.Config{}))
	defer srv.Close()
	const board = `16
GRGRRRGRRRRGGRRR
GRRRRGRRRRGGRRGR
RRGRRRRGGGGGGGRR
RRGGGGGRRGRGRGGR
RGGGGGRRGGRRGGGG
GRGGRRGRRGRRGGGR
RGGGRGGGGGRRRRRR
RRGRGGRRGGGRRGGG
GGRGGRRROGRRGRRR
RRGRRRGRGGGGRRGG
GGGRRRGGGRRRGRRG
RGGRGRGRRRGRRGGR
RGGGRGGGGRRRRGRG
RGRGGRRGRGRGGRGG
GRRRRRRGRGGRRRRR
RGRRRGRGRGGGRRGG
`
	r := post(context.Background(), http.DefaultClient, srv.URL+"/api/trace/stroke",
		map[string]any{"board": board, "max_events": 100000})
	if r.status != http.StatusOK {
		t.Fatalf("status %d: %s", r.status, clip(r.body))
	}
	var tr struct {
		Events []json.RawMessage
		End    struct {
			Events    int
			Dropped   int64
			Truncated bool
		}
	}
	if err := json.Unmarshal(r.body, &tr); err != nil {
		t.Fatal(err)
	}
	if len(r.body) > 33<<20 || len(r.body) < 16<<20 || !tr.End.Truncated || tr.End.Events != len(tr.Events) || tr.End.Events >= 100000 {
		t.Errorf("16x16 stroke trace: %d bytes, %d events, end %+v; want at most 32 MB, cut by bytes", len(r.body), len(tr.Events), tr.End)
	}
}

// longTest skips t unless SEARCHLAB_RELIABILITY=long: the long reliability
// tests (seconds to minutes, hundreds of MB) run in CI, not in every go test.
func longTest(t *testing.T) {
	t.Helper()
	if os.Getenv("SEARCHLAB_RELIABILITY") != "long" {
		t.Skip("a long reliability test; set SEARCHLAB_RELIABILITY=long to run it")
	}
}
