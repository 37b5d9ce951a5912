package web

import (
	"mime"
	"net"
	"net/http"
	"strconv"
	"strings"
	"unicode/utf8"
)

// contentSecurityPolicy lets the page load its own scripts, styles and
// images and talk to its own API, nothing else, and forbids framing it.
const contentSecurityPolicy = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; " +
	"connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

// fastLane is the least number of table look-ups that may run at once.
const fastLane = 4

// guard sets the security headers of every response and answers, itself,
// the requests that must not reach a handler: a Host header that names
// neither the server nor an allowed host (421), and a /static/ path that
// is not UTF-8 (404). It reports whether the request may go on.
func (s *Server) guard(w http.ResponseWriter, r *http.Request) bool {
	h := w.Header()
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Content-Security-Policy", contentSecurityPolicy)
	h.Set("X-Frame-Options", "DENY")
	h.Set("Referrer-Policy", "no-referrer")
	if !s.hostAllowed(r) {
		writeError(w, http.StatusMisdirectedRequest, "the Host header "+strconv.Quote(r.Host)+
			" names neither this server's address nor an allowed host (serve --allowed-host)")
		return false
	}
	if strings.HasPrefix(r.URL.Path, "/static/") && !utf8.ValidString(r.URL.Path) {
		http.NotFound(w, r)
		return false
	}
	return true
}

// hostAllowed reports whether r's Host header names the address the
// request came in on, a loopback name when that address is loopback, or
// one of Config.AllowedHosts. A request that did not come through a
// listener (a handler called directly) has no address and is allowed.
func (s *Server) hostAllowed(r *http.Request) bool {
	name, port := splitHost(r.Host)
	for _, a := range s.cfg.AllowedHosts {
		an, ap := splitHost(a)
		if a == "*" || an == name && (ap == "" || ap == port) {
			return true
		}
	}
	local, ok := r.Context().Value(http.LocalAddrContextKey).(net.Addr)
	if !ok {
		return true
	}
	tcp, ok := local.(*net.TCPAddr)
	if !ok {
		return true // a Unix socket has no Host to rebind
	}
	lport := strconv.Itoa(tcp.Port)
	if port == "" && tcp.Port == 80 {
		port = lport
	}
	if port != lport {
		return false
	}
	if ip := net.ParseIP(name); ip != nil && ip.Equal(tcp.IP) {
		return true
	}
	if tcp.IP.IsLoopback() {
		switch name {
		case "localhost", "127.0.0.1", "::1":
			return true
		}
	}
	return false
}

// splitHost splits a Host header into its lower-case name (brackets and a
// final dot removed) and port ("" when none).
func splitHost(host string) (name, port string) {
	name = host
	if n, p, err := net.SplitHostPort(host); err == nil {
		name, port = n, p
	}
	name = strings.TrimSuffix(strings.Trim(strings.ToLower(name), "[]"), ".")
	return name, port
}

// jsonBody reports whether r says its body is JSON. Browsers send a
// cross-site POST without asking first only as a form or text/plain, so
// asking for JSON keeps other sites' pages out.
func jsonBody(r *http.Request) bool {
	mt, _, err := mime.ParseMediaType(r.Header.Get("Content-Type"))
	return err == nil && mt == "application/json"
}
