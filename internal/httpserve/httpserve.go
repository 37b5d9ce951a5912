// Package httpserve runs an HTTP server until its context is done, then
// shuts it down gracefully: requests in flight finish, within a grace
// period, and new connections are refused.
package httpserve

import (
	"context"
	"errors"
	"net"
	"net/http"
	"time"
)

// Run serves srv on ln until ctx is done, then shuts srv down, waiting at
// most grace for the requests in flight. It returns nil after a clean
// shutdown, the error that stopped serving before ctx was done, or that of
// a shutdown that ran out of time.
func Run(ctx context.Context, srv *http.Server, ln net.Listener, grace time.Duration) error {
	done := make(chan error, 1)
	go func() { done <- srv.Serve(ln) }()
	select {
	case err := <-done:
		return err
	case <-ctx.Done():
	}
	shut, cancel := context.WithTimeout(context.Background(), grace)
	defer cancel()
	if err := srv.Shutdown(shut); err != nil {
		return err
	}
	if err := <-done; !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}
