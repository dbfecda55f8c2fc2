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

// loopbackName is a host name of this machine that resolves to loopback
// addresses only ("" when there is none): Go never uses an environment
// proxy for "localhost" or a loopback IP, but does for any other name, so
// the hook is served on 127.0.0.1 under such a name and no traffic leaves
// the machine.
func loopbackName() string {
	candidates := []string{"localhost.localdomain"}
	if h, err := os.Hostname(); err == nil {
		candidates = append([]string{h}, candidates...)
	}
	for _, name := range candidates {
		if name == "" || name == "localhost" || net.ParseIP(name) != nil {
			continue
		}
		addrs, err := net.LookupIP(name)
		if err != nil || len(addrs) == 0 {
			continue
		}
		loop := true
		for _, a := range addrs {
			loop = loop && a.IsLoopback() && a.To4() != nil
		}
		if loop {
			return name
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
	host := loopbackName()
	if host == "" {
		t.Skip("no host name of this machine resolves to 127.0.0.1 alone")
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	guard := httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, _ = io.Copy(io.Discard, r.Body)
		_, _ = io.WriteString(w, `{"decision":"block","reason":"denied by the real hook server"}`)
	}))
	guard.Listener = ln
	guard.Start()
	t.Cleanup(guard.Close)
	_, port, err := net.SplitHostPort(ln.Addr().String())
	require.NoError(t, err)
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
	cfg := e.write(t, "claude.json", `{"hooks":{"PreToolUse":[{"matcher":"Bash","hooks":[{"type":"http","url":"http://`+net.JoinHostPort(host, port)+`/guard"}]}]}}`)
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
