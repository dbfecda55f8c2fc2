//go:build unix

package main

import (
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// externalAddr is a non-loopback IPv4 address of this machine ("" when it
// has none): Go's environment proxies are never used for a loopback URL.
func externalAddr() string {
	addrs, err := net.InterfaceAddrs()
	if err != nil {
		return ""
	}
	for _, a := range addrs {
		if n, ok := a.(*net.IPNet); ok && !n.IP.IsLoopback() && n.IP.To4() != nil && !n.IP.IsLinkLocalUnicast() {
			return n.IP.String()
		}
	}
	return ""
}

// SPEC §2.5: a user http hook goes through a proxy only when the user
// configured one. Under an agent HTTP_PROXY from the environment (which
// the repository can set) is ignored: the proxy, which answers {} to
// everything, sees nothing and the deny comes from the real hook server;
// settings.httpProxy is used there. Outside an agent the environment's
// proxy is the user's and is used.
func TestHTTPHookProxyUnderAgent(t *testing.T) {
	t.Parallel()
	host := externalAddr()
	if host == "" {
		t.Skip("no non-loopback address to serve the hook on")
	}
	ln, err := net.Listen("tcp", net.JoinHostPort(host, "0"))
	require.NoError(t, err)
	guard := httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, _ = io.Copy(io.Discard, r.Body)
		_, _ = io.WriteString(w, `{"decision":"block","reason":"denied by the real hook server"}`)
	}))
	guard.Listener = ln
	guard.Start()
	t.Cleanup(guard.Close)
	var proxied atomic.Int32
	proxy := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		proxied.Add(1)
		_, _ = io.Copy(io.Discard, r.Body)
		_, _ = io.WriteString(w, `{}`)
	}))
	t.Cleanup(proxy.Close)

	e := newServeEnv(t)
	project := e.path("proj")
	require.NoError(t, os.Mkdir(project, 0o755))
	cfg := e.write(t, "claude.json", `{"hooks":{"PreToolUse":[{"matcher":"Bash","hooks":[{"type":"http","url":"`+guard.URL+`/guard"}]}]}}`)
	input := `{"session_id":"s","cwd":"` + project + `","hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"rm -rf ~"}}`
	fire := func(env ...string) string {
		t.Helper()
		run := *e
		run.env = append(append([]string(nil), e.env...), env...)
		out, _ := run.fireOut(t, input, "PreToolUse", "--format", "claude", "--dialect", "claude", "--config", cfg)
		return out
	}

	out := fire("CLAUDE_PROJECT_DIR="+project, "HTTP_PROXY="+proxy.URL, "http_proxy="+proxy.URL, "NO_PROXY=", "no_proxy=")
	assert.Contains(t, out, "denied by the real hook server")
	assert.Equal(t, int32(0), proxied.Load(), "the environment's proxy got the event under an agent")

	e.write(t, ".config/hookexec/hooks.json", `{"settings":{"httpProxy":"`+proxy.URL+`"}}`)
	out = fire("CLAUDE_PROJECT_DIR=" + project)
	assert.NotContains(t, out, "denied by the real hook server")
	assert.Equal(t, int32(1), proxied.Load(), "the user's settings.httpProxy was not used")
	require.NoError(t, os.Remove(e.path(".config/hookexec/hooks.json")))

	out = fire("HTTP_PROXY="+proxy.URL, "http_proxy="+proxy.URL, "NO_PROXY=", "no_proxy=")
	assert.NotContains(t, out, "denied by the real hook server")
	assert.Equal(t, int32(2), proxied.Load(), "outside an agent the user's own proxy variables were not used")
}
