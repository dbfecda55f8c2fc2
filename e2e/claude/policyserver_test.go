//go:build e2e

package claude

import (
	"io"
	"net/http"
	"net/http/httptest"
	"testing"
)

// startPolicyServer serves the http policies of a run on 127.0.0.1 and
// returns its URL ("" when no policy is an http hook):
//
//	/deny       200, a PreToolUse deny (E2E-REASON-http-deny)
//	/allow      200, a PreToolUse allow (E2E-REASON-http-allow)
//	/status500  500 with a deny in its body: a status alone never blocks
func startPolicyServer(t *testing.T, policies []policy) string {
	t.Helper()
	need := false
	for _, p := range policies {
		need = need || p.http != ""
	}
	if !need {
		return ""
	}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, _ = io.Copy(io.Discard, r.Body)
		switch r.URL.Path {
		case "/deny":
			_, _ = io.WriteString(w, `{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"E2E-REASON-http-deny"}}`)
		case "/allow":
			_, _ = io.WriteString(w, `{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow","permissionDecisionReason":"E2E-REASON-http-allow"}}`)
		case "/status500":
			w.WriteHeader(http.StatusInternalServerError)
			_, _ = io.WriteString(w, `{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"E2E-REASON-http-500"}}`)
		default:
			http.NotFound(w, r)
		}
	}))
	t.Cleanup(srv.Close)
	return srv.URL
}
