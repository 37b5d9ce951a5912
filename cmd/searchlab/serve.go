package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"strings"
	"time"

	"github.com/searchlab/searchlab/internal/cli"
	"github.com/searchlab/searchlab/internal/httpserve"
	"github.com/searchlab/searchlab/sliding/solve"
	"github.com/searchlab/searchlab/web"
)

const serveDescription = `
Serves searchlab's page and its HTTP JSON API on --addr until interrupted;
docs/http-api.md lists the endpoints. One line per request is logged on
stderr. Every solve is bounded by --timeout and --max-nodes and cancelled
when its client goes away; at most --max-concurrent run at once, and
further requests are answered 503 at once. Requests must name the server
in their Host header (its address, localhost on loopback, or an
--allowed-host). Sliding boards over 9 cells use pattern databases once
they are ready (opened or built in the background; --no-pdb never).

Examples:
  searchlab serve                       # then open http://127.0.0.1:8080/
  searchlab serve --addr :8080 --max-concurrent 4 --timeout 30s
  curl -s localhost:8080/api/sliding/solve -H 'Content-Type: application/json' -d '{"board":"8 6 7 2 5 4 3 0 1"}'
`

func runServe(ctx context.Context, e *env, args []string) error {
	fs := cli.NewFlagSet(e.stdout, "searchlab serve", "[--addr HOST:PORT] [flags]", serveDescription)
	addr := fs.String("addr", "127.0.0.1:8080", "`address` to listen on; :8080 listens on every interface")
	maxConcurrent := fs.Int("max-concurrent", 0, "solves allowed at once (0: the number of processors)")
	timeout := fs.Duration("timeout", web.DefaultSolveTimeout, "time allowed per solve (per compare table)")
	maxNodes := fs.Int64("max-nodes", web.DefaultMaxNodes, "expansions allowed per search")
	noPDB := fs.Bool("no-pdb", false, "do not open or build pattern databases")
	var allowedHosts []string
	fs.Func("allowed-host", "a `name` (or name:port) that requests may give as Host besides the listen address; repeatable", func(v string) error {
		if strings.TrimSpace(v) == "" {
			return errors.New("empty host name")
		}
		allowedHosts = append(allowedHosts, v)
		return nil
	})
	if err := cli.ParseFlags(fs, args); err != nil {
		return err
	}
	if *maxConcurrent < 0 || *timeout <= 0 || *maxNodes <= 0 {
		return cli.Inputf("--max-concurrent must not be negative, --timeout and --max-nodes must be positive")
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		return cli.Inputf("--addr: %v", err)
	}
	logger := slog.New(slog.NewTextHandler(e.stderr, nil))
	cfg := web.Config{MaxConcurrent: *maxConcurrent, SolveTimeout: *timeout, MaxNodes: *maxNodes, Logger: logger, AllowedHosts: allowedHosts}
	if !*noPDB {
		// No request waits for a set: each opens (or is built) in the
		// background, and IDA* with linear conflicts answers meanwhile.
		cfg.Solver = solve.New(solve.Options{Log: e.stderr, Background: true})
		defer cfg.Solver.Close()
	}
	server := web.New(cfg)
	server.WarmPage()
	fmt.Fprintf(e.stderr, "searchlab: serving on http://%s/ (Ctrl-C stops)\n", ln.Addr())
	return httpserve.Run(ctx, server.HTTPServer(), ln, 5*time.Second)
}
