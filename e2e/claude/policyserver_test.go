//go:build e2e

package claude

import (
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// The environment of the Claude runs holds two variables for the headers
// of the http policies: one the hook lists in allowedEnvVars (so Claude
// puts its value in the header), one it does not (so Claude leaves it
// empty).
const (
	httpTokenVar    = "E2E_HTTP_TOKEN"
	httpTokenValue  = "tok-e2e-allowed"
	httpUnlistedVar = "E2E_HTTP_UNLISTED"
	httpUnlistedVal = "secret-e2e-unlisted"
)

// httpHeaders are the headers of every http policy, and the variable it
// allows.
var (
	httpHeaders = map[string]any{
		"Authorization":  "Bearer $" + httpTokenVar,
		"X-E2E-Unlisted": "v=${" + httpUnlistedVar + "}",
	}
	httpAllowedEnvVars = []any{httpTokenVar}
)

// reportedHeaders are the request headers the facts name (others, such as
// User-Agent, are in the raw evidence only).
var reportedHeaders = []string{"Authorization", "Content-Type", "X-E2E-Unlisted"}

// policyServer answers the http policies of a scenario on 127.0.0.1 (never
// any other address): a POST to /NAME gets the answer of the policy NAME.
// It records every request.
type policyServer struct {
	URL     string
	answers map[string]httpAnswer

	mu       sync.Mutex
	requests []policyRequest
}

// httpAnswer is what the policy server answers for one http policy.
type httpAnswer struct {
	status int    // 0 for 200
	body   string // "" for an empty body
	delay  time.Duration
	// redirect, when set, makes the server answer 307 to /NAME/redirected,
	// which it answers with *redirect.
	redirect *httpAnswer
}

// policyRequest is one request an http policy got.
type policyRequest struct {
	At      time.Time           `json:"at"`
	Method  string              `json:"method"`
	Path    string              `json:"path"`
	Headers map[string][]string `json:"headers"`
	Body    json.RawMessage     `json:"body,omitempty"`
	Text    string              `json:"text,omitempty"`
}

// startPolicyServer serves the http policies until the test ends; nil when
// the scenario has none.
func startPolicyServer(t *testing.T, policies []policy) *policyServer {
	t.Helper()
	answers := map[string]httpAnswer{}
	for _, p := range policies {
		if p.http != nil {
			answers[p.name] = *p.http
		}
	}
	if len(answers) == 0 {
		return nil
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	s := &policyServer{URL: "http://" + ln.Addr().String(), answers: answers}
	srv := &http.Server{Handler: s, ReadHeaderTimeout: 10 * time.Second}
	go func() { _ = srv.Serve(ln) }()
	t.Cleanup(func() { _ = srv.Close() })
	return s
}

func (s *policyServer) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	rec := policyRequest{At: time.Now(), Method: r.Method, Path: r.URL.Path, Headers: r.Header.Clone()}
	if json.Valid(body) {
		rec.Body = body
	} else {
		rec.Text = string(body)
	}
	s.mu.Lock()
	s.requests = append(s.requests, rec)
	s.mu.Unlock()
	name, redirected := strings.CutSuffix(strings.TrimPrefix(r.URL.Path, "/"), "/redirected")
	a, ok := s.answers[name]
	if redirected && ok && a.redirect != nil {
		a = *a.redirect
	} else if redirected {
		ok = false
	}
	if !ok || r.Method != http.MethodPost {
		http.NotFound(w, r)
		return
	}
	if a.redirect != nil {
		http.Redirect(w, r, "/"+name+"/redirected", http.StatusTemporaryRedirect)
		return
	}
	if a.delay > 0 {
		select {
		case <-time.After(a.delay):
		case <-r.Context().Done():
			return
		}
	}
	switch {
	case json.Valid([]byte(a.body)):
		w.Header().Set("Content-Type", "application/json")
	case a.body != "":
		w.Header().Set("Content-Type", "text/plain")
	}
	if a.status != 0 {
		w.WriteHeader(a.status)
	}
	_, _ = io.WriteString(w, a.body)
}

// Requests is a copy of what was recorded so far.
func (s *policyServer) Requests() []policyRequest {
	if s == nil {
		return nil
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.requests)
}

// describe is one request as a fact: method, path, the reported headers,
// and the event fields of the body that say what it was about.
func (r policyRequest) describe() string {
	parts := []string{r.Method + " " + r.Path}
	for _, h := range reportedHeaders {
		parts = append(parts, fmt.Sprintf("%s=%q", h, strings.Join(http.Header(r.Headers).Values(h), ",")))
	}
	var ev map[string]any
	if json.Unmarshal(r.Body, &ev) != nil {
		return strings.Join(append(parts, fmt.Sprintf("body not JSON: %q", r.Text)), " ")
	}
	parts = append(parts, fmt.Sprintf("event=%v tool=%v input=%v", ev["hook_event_name"], ev["tool_name"], ev["tool_input"]))
	return strings.Join(append(parts, "keys="+eventKeys(ev)), " ")
}
