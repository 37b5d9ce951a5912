package main

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/searchlab/searchlab/api"
)

// syncBuffer is a bytes.Buffer safe for one writer and one reader.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// startServe runs "searchlab serve" without pattern databases on a free
// port of 127.0.0.1, with more flags, and returns its address, its stderr
// and a function that interrupts it and returns its exit status.
func startServe(t *testing.T, flags ...string) (addr string, stderr *syncBuffer, stop func() int) {
	t.Helper()
	var out, errb syncBuffer
	e := &env{stdin: strings.NewReader(""), stdout: &out, stderr: &errb}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan int, 1)
	go func() { done <- run(ctx, e, append([]string{"serve", "--addr", "127.0.0.1:0", "--no-pdb"}, flags...)) }()
	stop = func() int {
		cancel()
		select {
		case code := <-done:
			return code
		case <-time.After(10 * time.Second):
			t.Fatal("serve did not stop")
			return -1
		}
	}
	re := regexp.MustCompile(`serving on http://(\S+)/`)
	for deadline := time.Now().Add(10 * time.Second); addr == ""; time.Sleep(10 * time.Millisecond) {
		if m := re.FindStringSubmatch(errb.String()); m != nil {
			addr = m[1]
		} else if time.Now().After(deadline) {
			stop()
			t.Fatalf("no address in %q", errb.String())
		}
	}
	return addr, &errb, stop
}

// TestServe starts "searchlab serve" on a free port, solves a board through
// it, and stops it as an interrupt would.
func TestServe(t *testing.T) {
	addr, errb, stop := startServe(t)
	url := "http://" + addr + "/"
	resp, err := http.Post(url+"api/sliding/solve", "application/json", strings.NewReader(`{"board":"1 2 3 4 5 6 0 7 8"}`))
	if err != nil {
		t.Fatal(err)
	}
	var a api.SlidingAnswer
	err = json.NewDecoder(resp.Body).Decode(&a)
	resp.Body.Close()
	if err != nil || resp.StatusCode != 200 || a.Length != 2 || a.Moves != "RR" {
		t.Errorf("solve: %d %+v %v", resp.StatusCode, a, err)
	}
	if code := stop(); code != 0 {
		t.Errorf("exit %d after interrupt: %s", code, errb.String())
	}
	if !strings.Contains(errb.String(), "path=/api/sliding/solve status=200") {
		t.Errorf("no request log line in %q", errb.String())
	}
	code, _, errOut := runCLI(t, "", "serve", "--addr", "256.0.0.1:http")
	if code != 2 || !strings.Contains(errOut, "--addr") {
		t.Errorf("bad --addr: exit %d, %q", code, errOut)
	}
}
