package main

import (
	"math/rand/v2"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/searchlab/searchlab/sliding"
)

// TestReliabilityRefusals checks flag values that would cost unbounded
// memory: each is refused with exit status 2 and a message naming the
// flag, before any work.
func TestReliabilityRefusals(t *testing.T) {
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"sudoku", "--jobs", "1000000"}, "--jobs must be from 1 to 1024"},
		{[]string{"sudoku", "--jobs", "1025"}, "--jobs must be from 1 to 1024"},
		{[]string{"sudoku", "--jobs", "0"}, "--jobs must be from 1 to 1024"},
	}
	for _, tt := range tests {
		code, out, errOut := runCLI(t, "", tt.args...)
		if code != 2 || out != "" || !strings.Contains(errOut, tt.want) {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want 2 and %q", tt.args, code, out, errOut, tt.want)
		}
	}
	if code, _, errOut := runCLI(t, "", "sudoku", "--jobs", "1024"); code != 0 {
		t.Errorf("--jobs 1024 on empty input: exit %d: %s", code, errOut)
	}
}

// TestServeHosts checks serve's Host rule through the command: the listen
// address and localhost answer, a name given with --allowed-host answers,
// any other name gets 421, and a text/plain POST gets 415.
func TestServeHosts(t *testing.T) {
	addr, _, stop := startServe(t, "--allowed-host", "lab.example.org")
	defer stop()
	port := addr[strings.LastIndexByte(addr, ':'):]
	for _, tt := range []struct {
		host, ctype string
		status      int
	}{
		{addr, "application/json", 200},
		{"localhost" + port, "application/json", 200},
		{"lab.example.org", "application/json", 200},
		{"rebound.example" + port, "application/json", 421},
		{addr, "text/plain", 415},
	} {
		req, _ := http.NewRequest(http.MethodPost, "http://"+addr+"/api/sliding/solve", strings.NewReader(`{"board":"1 2 3 4 5 6 0 7 8"}`))
		req.Host = tt.host
		req.Header.Set("Content-Type", tt.ctype)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != tt.status {
			t.Errorf("Host %q, Content-Type %q: status %d, want %d", tt.host, tt.ctype, resp.StatusCode, tt.status)
		}
	}
}

// TestCompareWholeTimeout runs compare on a 16x16 board with --timeout 2s:
// the whole table must end within the time (plus a second), every run in
// it with its status.
func TestCompareWholeTimeout(t *testing.T) {
	b := sliding.Scramble(rand.New(rand.NewPCG(1, 2)), sliding.Standard(16, 16), 200)
	start := time.Now()
	code, out, errOut := runNoDB(t, b.String()+"\n", "compare", "--format", "grid", "--timeout", "2s")
	took := time.Since(start)
	if code != 0 || took > 3*time.Second {
		t.Fatalf("exit %d after %v, want 0 within 3s: %s", code, took, errOut)
	}
	rows := compareRows(t, out)
	if len(rows) < 13 {
		t.Errorf("%d rows, want every run:\n%s", len(rows), out)
	}
	t.Logf("16x16 compare --timeout 2s: %v", took)
}
