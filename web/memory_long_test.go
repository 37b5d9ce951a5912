package web_test

import (
	"bufio"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/searchlab/searchlab/web"
)

// rssBytes returns the process's resident set size, from /proc.
func rssBytes(t *testing.T) int64 {
	data, err := os.ReadFile("/proc/self/status")
	if err != nil {
		t.Skip("no /proc/self/status: ", err)
	}
	for _, line := range strings.Split(string(data), "\n") {
		if rest, ok := strings.CutPrefix(line, "VmRSS:"); ok {
			kb, _ := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(rest), " kB"), 10, 64)
			return kb << 10
		}
	}
	t.Skip("no VmRSS in /proc/self/status")
	return 0
}

// TestMemoryUnderLoad is the audit's case: two 16x16 BFS solves and
// eight 16x16 traces of 100,000 events whose answers nobody reads, all at
// once, on a server with default limits but ten slots (a ten-core host).
// The process (server and test) must stay within 1 GB of RSS, and the
// server must be idle again afterwards.
func TestMemoryUnderLoad(t *testing.T) {
	longTest(t)
	srv := httptest.NewServer(web.New(web.Config{MaxConcurrent: 10}))
	defer srv.Close()
	addr := srv.Listener.Addr().String()
	board := board16()

	base := rssBytes(t)
	var peak int64
	stop := make(chan struct{})
	var sampler sync.WaitGroup
	sampler.Go(func() {
		for {
			if r := rssBytes(t); r > peak {
				peak = r
			}
			select {
			case <-stop:
				return
			case <-time.After(20 * time.Millisecond):
			}
		}
	})

	var wg sync.WaitGroup
	codes := make([]int, 2)
	for i := range 2 {
		wg.Go(func() {
			body := `{"board":"` + board + `","size":"16x16","algo":"bfs"}`
			req, _ := http.NewRequest(http.MethodPost, srv.URL+"/api/sliding/solve", strings.NewReader(body))
			req.Header.Set("Content-Type", "application/json")
			resp, err := http.DefaultClient.Do(req)
			if err == nil {
				codes[i] = resp.StatusCode
				resp.Body.Close()
			}
		})
	}
	if _, ok := waitHealth(http.DefaultClient, srv.URL, 10*time.Second, func(h healthAnswer) bool { return h.Solving == 2 }); !ok {
		t.Fatal("the two BFS solves did not start")
	}
	var conns []net.Conn
	for range 8 {
		conn, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		conns = append(conns, conn)
		body := `{"board":"` + board + `","size":"16x16","algo":"astar","max_events":100000}`
		fmt.Fprintf(conn, "POST /api/trace/sliding HTTP/1.1\r\nHost: %s\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n%s", addr, len(body), body)
	}
	wg.Wait()
	time.Sleep(12 * time.Second) // the traces run out their time unread
	for _, c := range conns {
		// Read the status line of each trace: 200 (cut off or whole) or 503.
		c.SetReadDeadline(time.Now().Add(30 * time.Second))
		line, _ := bufio.NewReader(c).ReadString('\n')
		t.Logf("trace: %q", strings.TrimSpace(line))
		c.Close()
	}
	close(stop)
	sampler.Wait()
	t.Logf("RSS before %d MB, peak %d MB; BFS answers %v", base>>20, peak>>20, codes)
	if peak > 1<<30 {
		t.Errorf("peak RSS %d MB, want at most 1024 MB", peak>>20)
	}
	if h, ok := waitHealth(http.DefaultClient, srv.URL, 30*time.Second, func(h healthAnswer) bool { return h.Solving == 0 }); !ok {
		t.Errorf("the server did not come back to idle: %+v", h)
	}
}
