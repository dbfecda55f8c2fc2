//go:build unix

package server

import (
	"bytes"
	"context"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/rs/zerolog"
	"github.com/stretchr/testify/require"

	"github.com/hookexec/hookexec/internal/agents/claude"
	"github.com/hookexec/hookexec/internal/engine"
	"github.com/hookexec/hookexec/internal/runner"
	"github.com/hookexec/hookexec/internal/verdict"
)

const testToken = "00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff"

// adminToken is the admin token of the tests' servers that have one.
const adminToken = "ffeeddccbbaa99887766554433221100ffeeddccbbaa99887766554433221100"

// httpT is a server answering HTTP on a loopback port for one test.
type httpT struct {
	t      testing.TB
	addr   string
	cancel context.CancelFunc
	done   chan error
	client *http.Client
}

// testOptions are a server's options for the config file cfg (none when
// ""), in Claude Code's format, with getenv as the server's environment
// (PATH from the process when getenv is nil).
func testOptions(cfg string, getenv func(string) string, log zerolog.Logger) Options {
	if getenv == nil {
		getenv = func(k string) string {
			if k == "PATH" {
				return os.Getenv("PATH")
			}
			return ""
		}
	}
	var configs []string
	if cfg != "" {
		configs = []string{cfg}
	}
	return Options{
		Request: engine.Request{Configs: configs, Cache: &engine.Cache{}, Getenv: getenv, Format: verdict.Format(claude.Name), Environ: []string{"PATH=" + os.Getenv("PATH")}},
		Engine:  engine.Engine{Runner: runner.New(runner.Options{KillGrace: 200 * time.Millisecond}), Environ: os.Environ(), Log: log},
		Log:     log,
	}
}

// startHTTP serves srv over HTTP on 127.0.0.1 with ho (the test token
// when ho has none).
func startHTTP(t testing.TB, srv *Server, ho HTTPOptions) *httpT {
	t.Helper()
	if ho.Token == "" {
		ho.Token = testToken
	}
	ln, err := ListenHTTP("127.0.0.1:0", false)
	require.NoError(t, err)
	ctx, cancel := context.WithCancel(context.Background())
	h := &httpT{t: t, addr: ln.Addr().String(), cancel: cancel, done: make(chan error, 1),
		client: &http.Client{Timeout: 60 * time.Second, CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}}
	go func() { h.done <- srv.ServeHTTPOn(ctx, ln, ho) }()
	t.Cleanup(func() {
		cancel()
		select {
		case err := <-h.done:
			_ = err // the process or server was stopped; how does not matter here
		case <-time.After(60 * time.Second):
			t.Error("the server did not stop in 60 s")
		}
	})
	return h
}

// do sends method path with body and headers (Authorization with the
// test token and Content-Type application/json unless headers set them;
// a header set to "" is left out) and returns the status and body.
func (h *httpT) do(method, path, body string, headers map[string]string) (int, string) {
	h.t.Helper()
	req, err := http.NewRequest(method, "http://"+h.addr+path, strings.NewReader(body))
	require.NoError(h.t, err)
	all := map[string]string{"Authorization": "Bearer " + testToken, "Content-Type": "application/json"}
	for k, v := range headers {
		all[k] = v
	}
	for k, v := range all {
		switch {
		case v == "":
		case k == "Host":
			req.Host = v
		default:
			req.Header.Set(k, v)
		}
	}
	resp, err := h.client.Do(req)
	require.NoError(h.t, err)
	defer func() { _ = resp.Body.Close() }()
	b, err := io.ReadAll(resp.Body)
	require.NoError(h.t, err)
	return resp.StatusCode, string(b)
}

// post sends an event to /v1/claude/EVENT.
func (h *httpT) post(ev, body string, headers map[string]string) (int, string) {
	h.t.Helper()
	return h.do(http.MethodPost, "/v1/claude/"+ev, body, headers)
}

// waitDone waits for the server to return by itself.
func (h *httpT) waitDone(within time.Duration) error {
	h.t.Helper()
	select {
	case err := <-h.done:
		h.done <- err // for the cleanup
		return err
	case <-time.After(within):
		h.t.Fatalf("the server did not stop within %s", within)
		return nil
	}
}

// writeConfig writes a hooks file with one PreToolUse command hook in the
// claude dialect for each command, and returns its path.
func writeConfig(t *testing.T, dir string, commands ...string) string {
	t.Helper()
	var hooks []string
	for _, c := range commands {
		hooks = append(hooks, `{"type":"command","command":`+quoteJSON(c)+`}`)
	}
	path := filepath.Join(dir, "hooks.json")
	body := `{"hooks":{"PreToolUse":[{"matcher":"Bash","hooks":[` + strings.Join(hooks, ",") + `]}]}}`
	require.NoError(t, os.WriteFile(path, []byte(body), 0o644))
	return path
}

func quoteJSON(s string) string {
	var b bytes.Buffer
	b.WriteByte('"')
	for _, r := range s {
		switch r {
		case '"', '\\':
			b.WriteByte('\\')
			b.WriteRune(r)
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
	return b.String()
}

// rawConn opens a plain TCP connection to the server.
func (h *httpT) rawConn() net.Conn {
	h.t.Helper()
	c, err := net.DialTimeout("tcp", h.addr, 10*time.Second)
	require.NoError(h.t, err)
	h.t.Cleanup(func() { _ = c.Close() })
	return c
}

func bashEvent(dir string) string {
	return `{"session_id":"s1","cwd":"` + dir + `","hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"ls"}}`
}
