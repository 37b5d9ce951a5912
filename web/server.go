// Package web serves searchlab's page and its HTTP JSON API: solve and
// compare sliding-tile boards, solve, count and generate Sudoku, and solve
// one-stroke boards, over the same puzzle packages as the command line and
// with the same JSON answers (package api). The page is embedded; a Server
// is an http.Handler that needs no files at run time.
//
// Every solve is bounded by a time limit and a node cap, cancelled when the
// client goes away, and admitted only while fewer than MaxConcurrent solves
// run: the rest are answered 503 with Retry-After at once, not queued. A
// solve holds its slot until its answer is written (or the write times
// out), so that answers waiting for slow readers count against the limit.
// Look-ups in the distance table of a small board have a lane of their own,
// never refused behind slow solves.
//
// A web page on another site cannot drive the server: API requests must be
// application/json (a cross-site form or text/plain POST gets 415), and the
// Host header must name the address the server listens on or a configured
// name (others get 421), which defeats DNS rebinding. Every response says
// X-Content-Type-Options: nosniff and carries a Content-Security-Policy
// that allows only the server's own scripts and no framing.
package web

import (
	"bytes"
	"embed"
	"encoding/json"
	"errors"
	"io"
	"io/fs"
	"log/slog"
	"net/http"
	"runtime"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"github.com/searchlab/searchlab/api"
	"github.com/searchlab/searchlab/search"
	"github.com/searchlab/searchlab/sliding/solve"
	"github.com/searchlab/searchlab/stroke"
)

//go:embed static
var staticFiles embed.FS

// Config sets a Server's limits. The zero value is usable: each field's
// zero means the default it names.
type Config struct {
	// MaxConcurrent is the number of solves that may run at once; more
	// are refused with 503. Default: the number of processors.
	MaxConcurrent int
	// SolveTimeout bounds each solve (each run of a compare). A request
	// may ask for less, never more. Default: 10 s.
	SolveTimeout time.Duration
	// MaxNodes caps the expansions of each search. A request may ask for
	// fewer, never more. Default: 2,000,000.
	MaxNodes int64
	// MaxBytes caps the memory of the states each BFS or A* search holds
	// (see search.Limits.MaxBytes). MaxConcurrent times MaxBytes, plus the
	// pattern databases, is what the server's searches may take at most.
	// Default: 256 MB.
	MaxBytes int64
	// MaxBody caps request bodies, in bytes. Default: 1 MB.
	MaxBody int64
	// WriteTimeout bounds the writing of one answer; a client that reads
	// slower is cut off, and its solve slot freed. Default: 10 s.
	WriteTimeout time.Duration
	// AllowedHosts names the hosts, besides the address the server is
	// reached on, that requests may name in their Host header: "name" for
	// any port, "name:port" for one, "*" for any host at all. On a
	// loopback address localhost, 127.0.0.1 and [::1] with the server's
	// port are always allowed.
	AllowedHosts []string
	// Logger receives one line per request. Default: none.
	Logger *slog.Logger
	// Solver answers sliding boards (see package sliding/solve); nil is one
	// without pattern databases (boards over 9 cells are then solved by
	// IDA* with linear conflicts). A server's solver should have
	// Options.Background set, so that no request waits for a set to be
	// built. The caller closes it after the server is done.
	Solver *solve.Solver
}

// Defaults of Config.
const (
	DefaultSolveTimeout = 10 * time.Second
	DefaultMaxNodes     = 2_000_000
	DefaultMaxBytes     = 256 << 20
	DefaultMaxBody      = 1 << 20
	DefaultWriteTimeout = 10 * time.Second
)

// Server serves the page and the API. Create it with New.
type Server struct {
	cfg     Config
	mux     *http.ServeMux
	slots   chan struct{}
	fast    chan struct{} // the lane of small-board table look-ups
	solving atomic.Int64

	strokeSolvers sync.Pool
}

// New returns a Server with cfg's limits, defaults filled in.
func New(cfg Config) *Server {
	if cfg.MaxConcurrent <= 0 {
		cfg.MaxConcurrent = runtime.NumCPU()
	}
	if cfg.SolveTimeout <= 0 {
		cfg.SolveTimeout = DefaultSolveTimeout
	}
	if cfg.MaxNodes <= 0 {
		cfg.MaxNodes = DefaultMaxNodes
	}
	if cfg.MaxBytes <= 0 {
		cfg.MaxBytes = DefaultMaxBytes
	}
	if cfg.MaxBody <= 0 {
		cfg.MaxBody = DefaultMaxBody
	}
	if cfg.WriteTimeout <= 0 {
		cfg.WriteTimeout = DefaultWriteTimeout
	}
	if cfg.Solver == nil {
		cfg.Solver = solve.New(solve.Options{NoDatabases: true})
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.New(slog.DiscardHandler)
	}
	s := &Server{cfg: cfg, mux: http.NewServeMux(), slots: make(chan struct{}, cfg.MaxConcurrent),
		fast: make(chan struct{}, max(fastLane, cfg.MaxConcurrent))}
	s.strokeSolvers.New = func() any { return stroke.NewSolver() }
	static, err := fs.Sub(staticFiles, "static")
	if err != nil {
		panic(err) // the embedded tree always has it
	}
	files := http.FileServerFS(static)
	s.mux.Handle("GET /static/", http.StripPrefix("/static/", files))
	s.mux.HandleFunc("GET /{$}", func(w http.ResponseWriter, r *http.Request) {
		http.ServeFileFS(w, r, static, "index.html")
	})
	s.mux.HandleFunc("/api/health", s.health)
	s.mux.HandleFunc("/api/methods", s.methods)
	s.mux.HandleFunc("/api/sliding/solve", s.postLane(s.slidingSolve))
	s.mux.HandleFunc("/api/sliding/compare", s.post(decoded(s.slidingCompare)))
	s.mux.HandleFunc("/api/sudoku/solve", s.post(decoded(s.sudokuSolve)))
	s.mux.HandleFunc("/api/sudoku/generate", s.post(decoded(s.sudokuGenerate)))
	s.mux.HandleFunc("/api/sudoku/rate", s.post(decoded(s.sudokuRate)))
	s.mux.HandleFunc("/api/sudoku/hint", s.post(decoded(s.sudokuHint)))
	s.mux.HandleFunc("/api/stroke/solve", s.post(decoded(s.strokeSolve)))
	s.registerTrace()
	s.mux.HandleFunc("/api/", func(w http.ResponseWriter, r *http.Request) {
		writeError(w, http.StatusNotFound, "no API endpoint "+r.URL.Path)
	})
	return s
}

// Config returns the server's limits, defaults filled in.
func (s *Server) Config() Config { return s.cfg }

// WarmPage starts opening (or building) in the background the
// pattern-database sets of the goals the page offers, blank last on 4x4
// and 5x5, so that its boards get them soonest, and returns at once; a
// server without databases does nothing.
func (s *Server) WarmPage() {
	s.cfg.Solver.Warm(4, 4, 15)
	s.cfg.Solver.Warm(5, 5, 24)
}

// HTTPServer returns an http.Server that serves s with connection limits
// fit for its answers: a slow or idle client cannot hold a connection, and
// a compare, which may take twice the solve time, still has time to be
// written.
func (s *Server) HTTPServer() *http.Server {
	return &http.Server{
		Handler:           s,
		ReadHeaderTimeout: 5 * time.Second,
		ReadTimeout:       15 * time.Second,
		WriteTimeout:      2*s.cfg.SolveTimeout + 30*time.Second,
		IdleTimeout:       2 * time.Minute,
	}
}

// ServeHTTP serves one request and logs it.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	start := time.Now()
	rec := &statusRecorder{ResponseWriter: w, status: http.StatusOK}
	if s.guard(rec, r) {
		s.mux.ServeHTTP(rec, r)
	}
	s.cfg.Logger.Info("request", "method", r.Method, "path", r.URL.Path, "status", rec.status,
		"bytes", rec.bytes, "duration", time.Since(start), "remote", r.RemoteAddr)
}

// statusRecorder remembers the status and size of a response for the log.
type statusRecorder struct {
	http.ResponseWriter
	status int
	bytes  int64
}

func (r *statusRecorder) WriteHeader(code int) {
	r.status = code
	r.ResponseWriter.WriteHeader(code)
}

func (r *statusRecorder) Write(p []byte) (int, error) {
	n, err := r.ResponseWriter.Write(p)
	r.bytes += int64(n)
	return n, err
}

// Unwrap lets http.ResponseController reach the connection's deadlines.
func (r *statusRecorder) Unwrap() http.ResponseWriter { return r.ResponseWriter }

// Health is the body of GET /api/health.
type Health struct {
	OK            bool  `json:"ok"`
	Solving       int64 `json:"solving"`
	MaxConcurrent int   `json:"max_concurrent"`
}

func (s *Server) health(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		w.Header().Set("Allow", "GET, HEAD")
		writeError(w, http.StatusMethodNotAllowed, r.Method+" is not allowed here; use GET")
		return
	}
	writeJSON(w, http.StatusOK, Health{OK: true, Solving: s.solving.Load(), MaxConcurrent: s.cfg.MaxConcurrent})
}

// httpError is an error with the status and body to answer it with.
type httpError struct {
	status int
	body   api.Error
}

func (e *httpError) Error() string { return e.body.Error }

func errorf(status int, msg string) *httpError {
	return &httpError{status: status, body: api.Error{Error: msg}}
}

// handler answers a decoded request body with a value to send as JSON, or
// an error; an *httpError carries its status, any other error is a 500.
type handler func(r *http.Request, body []byte) (any, error)

// post wraps h: POST only, a JSON body within the cap, a solve slot (503
// when none is free) held until the answer is written, and JSON out.
func (s *Server) post(h handler) http.HandlerFunc {
	return s.postLane(func(r *http.Request, body []byte) (work, bool, error) {
		return func() (any, error) { return h(r, body) }, false, nil
	})
}

// work is the search that answers a checked request: a value to send as
// JSON, or an error as a handler returns it.
type work func() (any, error)

// lanedHandler checks a request body before it takes a slot and returns
// the work that answers it, and whether that work is a quick look-up,
// which takes its slot from the fast lane instead of the solves'. A body
// it refuses is answered without a slot.
type lanedHandler func(r *http.Request, body []byte) (job work, quick bool, err error)

// postLane is post with a fast lane for the work h says is quick.
func (s *Server) postLane(h lanedHandler) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodPost {
			w.Header().Set("Allow", "POST")
			writeError(w, http.StatusMethodNotAllowed, r.Method+" is not allowed here; POST a JSON body")
			return
		}
		if !jsonBody(r) {
			writeError(w, http.StatusUnsupportedMediaType, "the request body must be JSON, sent with Content-Type: application/json")
			return
		}
		tooBig := "the request body is over " + strconv.FormatInt(s.cfg.MaxBody, 10) + " bytes"
		if r.ContentLength > s.cfg.MaxBody {
			// Refused before reading: the client said how much it sends.
			w.Header().Set("Connection", "close")
			writeError(w, http.StatusRequestEntityTooLarge, tooBig)
			return
		}
		body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, s.cfg.MaxBody))
		if err != nil {
			var mb *http.MaxBytesError
			if errors.As(err, &mb) {
				writeError(w, http.StatusRequestEntityTooLarge, tooBig)
				return
			}
			writeError(w, http.StatusBadRequest, "reading the request body: "+err.Error())
			return
		}
		job, quick, err := h(r, body)
		if err != nil {
			s.answer(w, r, nil, err)
			return
		}
		slots := s.slots
		if quick {
			slots = s.fast
		}
		select {
		case slots <- struct{}{}:
		default:
			writeError(w, http.StatusServiceUnavailable, "busy: "+strconv.Itoa(s.cfg.MaxConcurrent)+" solves are running; retry in a second")
			return
		}
		s.solving.Add(1)
		defer func() {
			s.solving.Add(-1)
			<-slots
		}()
		v, err := job()
		s.answer(w, r, v, err)
	}
}

// answer writes the answer v, or the error err, of the request r.
func (s *Server) answer(w http.ResponseWriter, r *http.Request, v any, err error) {
	// The slot is held while the answer is written, within its own
	// deadline: a client that does not read cannot hold it for long.
	// An answer streamed as its search runs has the search's time too.
	deadline := time.Now().Add(s.cfg.WriteTimeout)
	st, streams := v.(streamer)
	if streams && err == nil {
		deadline = deadline.Add(st.timeout())
	}
	http.NewResponseController(w).SetWriteDeadline(deadline)
	if err != nil {
		var he *httpError
		if errors.As(err, &he) {
			writeJSON(w, he.status, he.body)
			return
		}
		s.cfg.Logger.Error("solve failed", "path", r.URL.Path, "err", err)
		writeError(w, http.StatusInternalServerError, err.Error())
		return
	}
	if streams {
		if err := st.stream(w); err != nil {
			s.cfg.Logger.Info("answer cut off", "path", r.URL.Path, "err", err)
		}
		return
	}
	writeJSON(w, http.StatusOK, v)
}

// streamer is an answer written piece by piece as it is encoded, so that a
// large answer is never held whole in memory.
type streamer interface {
	// stream runs the work and writes the answer, status included.
	stream(w http.ResponseWriter) error
	// timeout is how long the work may take before writing ends.
	timeout() time.Duration
}

// decoded adapts h, which takes a request body decoded into a T, to a
// handler: a body that does not decode is answered as decode says, and h is
// not called.
func decoded[T any](h func(r *http.Request, q *T) (any, error)) handler {
	return func(r *http.Request, body []byte) (any, error) {
		var q T
		if err := decode(body, &q); err != nil {
			return nil, err
		}
		return h(r, &q)
	}
}

// decode reads body into v, refusing unknown fields and trailing data.
func decode(body []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return errorf(http.StatusBadRequest, "bad JSON request: "+err.Error())
	}
	if dec.More() {
		return errorf(http.StatusBadRequest, "bad JSON request: more than one value")
	}
	return nil
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	data, err := json.Marshal(v)
	if err != nil {
		status, data = http.StatusInternalServerError, []byte(`{"error":"encoding the answer failed"}`)
	}
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	if status == http.StatusServiceUnavailable {
		w.Header().Set("Retry-After", "1")
	}
	w.WriteHeader(status)
	w.Write(append(data, '\n'))
}

func writeError(w http.ResponseWriter, status int, msg string) {
	writeJSON(w, status, api.Error{Error: msg})
}

// searchLimits returns the limits of one search with the given node cap.
func (s *Server) searchLimits(maxNodes int64) search.Limits {
	return search.Limits{MaxNodes: maxNodes, MaxBytes: s.cfg.MaxBytes}
}

// Limits are a request's bounds on its search: a node cap and a time limit
// such as "5s" or "500ms". They may ask for less than the server allows
// (Config.MaxNodes, Config.SolveTimeout), never more; zero is the server's.
type Limits struct {
	MaxNodes int64  `json:"max_nodes,omitempty"`
	Timeout  string `json:"timeout,omitempty"`
}

// limits returns the node cap and time limit of one solve: the request's
// when it asks for less than the server allows, else the server's.
func (s *Server) limits(l Limits) (int64, time.Duration, error) {
	maxNodes, timeout := l.MaxNodes, l.Timeout
	if maxNodes < 0 {
		return 0, 0, errorf(http.StatusBadRequest, "max_nodes must not be negative")
	}
	if maxNodes == 0 || maxNodes > s.cfg.MaxNodes {
		maxNodes = s.cfg.MaxNodes
	}
	d := s.cfg.SolveTimeout
	if timeout != "" {
		t, err := time.ParseDuration(timeout)
		if err != nil || t < 0 {
			return 0, 0, errorf(http.StatusBadRequest, "timeout: "+strconv.Quote(timeout)+" is not a duration such as 5s or 500ms")
		}
		if t > 0 && t < d {
			d = t
		}
	}
	return maxNodes, d, nil
}
