package server

import (
	"crypto/subtle"
	"mime"
	"net"
	"net/http"
	"strings"
)

// The checks every HTTP request passes before anything runs. Each answers
// "" when the request passes, else the status and the message to refuse
// it with.

// checkHost refuses a Host header that is not a loopback literal or
// localhost with the server's own port: a web page that rebinds its DNS
// name to 127.0.0.1 sends its own name (DNS rebinding).
func (f *httpFront) checkHost(r *http.Request) (int, string) {
	if f.opts.AllowRemote {
		return 0, ""
	}
	host, port, err := net.SplitHostPort(r.Host)
	if err != nil {
		host, port = r.Host, "80"
	}
	if !loopbackHost(strings.Trim(host, "[]")) || (f.port != "" && port != f.port) {
		return http.StatusForbidden, "Host " + quoteHeader(r.Host) + " is not this server's loopback address"
	}
	return 0, ""
}

// checkOrigin refuses any request with an Origin header: the agents send
// none, and a browser sends one on every cross-origin POST (CSRF).
func checkOrigin(r *http.Request) (int, string) {
	if _, ok := r.Header["Origin"]; ok {
		return http.StatusForbidden, "requests from a web page (Origin header) are not accepted"
	}
	return 0, ""
}

// checkToken compares the bearer token with the server's in constant
// time. Nothing of either is told in the answer.
func (f *httpFront) checkToken(r *http.Request) (int, string) {
	auth := r.Header.Get("Authorization")
	scheme, tok, ok := strings.Cut(auth, " ")
	if !ok || !strings.EqualFold(scheme, "Bearer") {
		return http.StatusUnauthorized, "missing token: send Authorization: Bearer $HOOKEXEC_SERVE_TOKEN"
	}
	if subtle.ConstantTimeCompare([]byte(strings.TrimSpace(tok)), []byte(f.opts.Token)) != 1 {
		return http.StatusUnauthorized, "wrong token: send the token of the serve-token file (hookexec doctor checks it)"
	}
	return 0, ""
}

// AdminHeader carries the admin token (AdminTokenPath) that POST
// /v1/shutdown needs besides the client token.
const AdminHeader = "Hookexec-Admin-Token"

// checkAdmin refuses a shutdown that does not carry the admin token: the
// client token is in every agent session's environment, where the
// model's commands inherit it, and must not be enough to stop the server
// (and take its port). A server with no admin token cannot be stopped
// over HTTP.
func (f *httpFront) checkAdmin(r *http.Request) (int, string) {
	tok := strings.TrimSpace(r.Header.Get(AdminHeader))
	if f.opts.AdminToken == "" {
		return http.StatusForbidden, "this server has no admin token: stop its process (serve --stop needs a server started with one)"
	}
	if tok == "" || subtle.ConstantTimeCompare([]byte(tok), []byte(f.opts.AdminToken)) != 1 {
		return http.StatusForbidden, "stopping the server needs the admin token of the user's state directory, not the client token: run 'hookexec serve --stop'"
	}
	return 0, ""
}

// checkContentType accepts application/json (with parameters) only: a
// browser's simple cross-site POST cannot send it without a preflight.
func checkContentType(r *http.Request) (int, string) {
	mt, _, err := mime.ParseMediaType(r.Header.Get("Content-Type"))
	if err != nil || mt != "application/json" {
		return http.StatusUnsupportedMediaType, "Content-Type must be application/json"
	}
	return 0, ""
}

// quoteHeader quotes a header value for an error message, cut short.
func quoteHeader(v string) string {
	if len(v) > 100 {
		v = v[:100] + "..."
	}
	return "\"" + strings.Map(func(r rune) rune {
		if r < 0x20 || r == 0x7f || r == '"' {
			return '?'
		}
		return r
	}, v) + "\""
}
