package httpserve_test

import (
	"context"
	"errors"
	"io"
	"net"
	"net/http"
	"testing"
	"time"

	"github.com/searchlab/searchlab/internal/httpserve"
)

func listen(t *testing.T) net.Listener {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	return ln
}

// TestRun checks that a request is answered while serving, that a request
// in flight when the context is done still gets its answer, and that Run
// then returns nil.
func TestRun(t *testing.T) {
	started, release := make(chan bool), make(chan bool)
	srv := &http.Server{Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/slow" {
			started <- true
			<-release
		}
		io.WriteString(w, "ok")
	})}
	ln := listen(t)
	ctx, cancel := context.WithCancel(context.Background())
	stopped := make(chan error, 1)
	go func() { stopped <- httpserve.Run(ctx, srv, ln, 5*time.Second) }()
	base := "http://" + ln.Addr().String()
	get := func(path string) (string, error) {
		resp, err := http.Get(base + path)
		if err != nil {
			return "", err
		}
		defer resp.Body.Close()
		b, err := io.ReadAll(resp.Body)
		return string(b), err
	}
	if body, err := get("/"); err != nil || body != "ok" {
		t.Fatalf("GET /: %q, %v", body, err)
	}
	slow := make(chan string, 1)
	go func() {
		body, err := get("/slow")
		if err != nil {
			body = err.Error()
		}
		slow <- body
	}()
	<-started
	cancel()
	time.Sleep(50 * time.Millisecond) // Shutdown has begun
	release <- true
	if body := <-slow; body != "ok" {
		t.Errorf("the request in flight got %q, want ok", body)
	}
	select {
	case err := <-stopped:
		if err != nil {
			t.Errorf("Run after shutdown: %v", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("Run did not return")
	}
}

// TestRunServeError checks that an error that stops serving is returned
// at once.
func TestRunServeError(t *testing.T) {
	ln := listen(t)
	ln.Close()
	err := httpserve.Run(context.Background(), &http.Server{}, ln, time.Second)
	if err == nil || errors.Is(err, http.ErrServerClosed) {
		t.Errorf("Run on a closed listener: %v, want its error", err)
	}
}
