//go:build unix

package server

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/rs/zerolog"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookexec/hookexec/internal/event"
)

// markerServer serves a config whose only PreToolUse hook touches
// DIR/ran, so that a test can tell whether a request ran a hook.
func markerServer(t *testing.T, ho HTTPOptions, log zerolog.Logger) (*httpT, string) {
	dir := t.TempDir()
	cfg := writeConfig(t, dir, "touch "+filepath.Join(dir, "ran"))
	return startHTTP(t, New(testOptions(cfg, nil, log)), ho), dir
}

func TestHTTPTokenRequired(t *testing.T) {
	t.Parallel()
	logs := &lockedBuffer{}
	h, dir := markerServer(t, HTTPOptions{}, zerolog.New(logs).Level(zerolog.DebugLevel))
	marker := filepath.Join(dir, "ran")
	for name, auth := range map[string]string{
		"none":         "",
		"wrong":        "Bearer " + strings.Repeat("0", 64),
		"prefix":       "Bearer " + testToken[:10],
		"other scheme": "Basic " + testToken,
	} {
		status, body := h.post("PreToolUse", bashEvent(dir), map[string]string{"Authorization": auth})
		assert.Equal(t, http.StatusUnauthorized, status, name)
		assert.NotContains(t, body, testToken, name)
		assert.NoFileExists(t, marker, "%s: a hook ran without the token", name)
	}
	status, body := h.post("PreToolUse", bashEvent(dir), nil)
	require.Equal(t, http.StatusOK, status, body)
	assert.FileExists(t, marker)
	assert.NotContains(t, logs.String(), testToken[:16], "the token is logged")
	assert.Contains(t, logs.String(), "/v1/claude/PreToolUse", "requests are logged at debug")
}

// lockedBuffer is a log written from several goroutines.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

func TestHTTPHostAndOrigin(t *testing.T) {
	t.Parallel()
	h, dir := markerServer(t, HTTPOptions{}, zerolog.Nop())
	_, port, _ := strings.Cut(h.addr, ":")
	for _, host := range []string{"evil.example:" + port, "evil.example", "127.0.0.1:1", "localhost.evil.example:" + port, "10.0.0.1:" + port} {
		status, _ := h.post("PreToolUse", bashEvent(dir), map[string]string{"Host": host})
		assert.Equal(t, http.StatusForbidden, status, host)
		status, _ = h.do(http.MethodGet, "/v1/health?nonce=ab", "", map[string]string{"Host": host})
		assert.Equal(t, http.StatusForbidden, status, "health, Host %s", host)
	}
	for _, origin := range []string{"https://evil.example", "null", "http://127.0.0.1:" + port} {
		status, _ := h.post("PreToolUse", bashEvent(dir), map[string]string{"Origin": origin})
		assert.Equal(t, http.StatusForbidden, status, origin)
	}
	assert.NoFileExists(t, filepath.Join(dir, "ran"))
	for _, host := range []string{"127.0.0.1:" + port, "localhost:" + port} {
		status, body := h.post("PreToolUse", bashEvent(dir), map[string]string{"Host": host})
		assert.Equal(t, http.StatusOK, status, "%s: %s", host, body)
	}

	remote, rdir := markerServer(t, HTTPOptions{AllowRemote: true}, zerolog.Nop())
	status, body := remote.post("PreToolUse", bashEvent(rdir), map[string]string{"Host": "hooks.example:80"})
	assert.Equal(t, http.StatusOK, status, "--http-allow-remote accepts any Host: %s", body)
	status, _ = remote.post("PreToolUse", bashEvent(rdir), map[string]string{"Origin": "https://evil.example"})
	assert.Equal(t, http.StatusForbidden, status, "Origin is refused even then")
}

func TestHTTPContentType(t *testing.T) {
	t.Parallel()
	h, dir := markerServer(t, HTTPOptions{}, zerolog.Nop())
	for _, ct := range []string{"", "text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", "application/jsonx"} {
		status, _ := h.post("PreToolUse", bashEvent(dir), map[string]string{"Content-Type": ct})
		assert.Equal(t, http.StatusUnsupportedMediaType, status, "Content-Type %q", ct)
	}
	assert.NoFileExists(t, filepath.Join(dir, "ran"))
	status, body := h.post("PreToolUse", bashEvent(dir), map[string]string{"Content-Type": "application/json; charset=utf-8"})
	assert.Equal(t, http.StatusOK, status, body)
}

func TestHTTPRoutes(t *testing.T) {
	t.Parallel()
	h, dir := markerServer(t, HTTPOptions{}, zerolog.Nop())
	for _, path := range []string{"/", "/v1", "/v1/", "/v1/claude", "/v1/claude/", "/v1/claude/PreToolUse/", "/v1/claude/PreToolUse/x", "/v1//PreToolUse", "/v1/../v1/health", "/V1/claude/PreToolUse", "/v1/health/", "/favicon.ico"} {
		status, _ := h.do(http.MethodPost, path, bashEvent(dir), nil)
		assert.Equal(t, http.StatusNotFound, status, path)
	}
	status, _ := h.do(http.MethodGet, "/v1/claude/PreToolUse", "", nil)
	assert.Equal(t, http.StatusMethodNotAllowed, status)
	status, _ = h.do(http.MethodPost, "/v1/health", "", nil)
	assert.Equal(t, http.StatusMethodNotAllowed, status)
	status, _ = h.do(http.MethodGet, "/v1/shutdown", "", nil)
	assert.Equal(t, http.StatusMethodNotAllowed, status)
	status, body := h.do(http.MethodPost, "/v1/nosuchagent/PreToolUse", bashEvent(dir), nil)
	assert.Equal(t, http.StatusBadRequest, status)
	assert.Contains(t, body, "unknown format")
	// Under an agent format an event hookexec does not know runs the hooks
	// registered under that name, as fire does; under result it is an
	// error.
	status, _ = h.do(http.MethodPost, "/v1/result/NoSuchEvent", bashEvent(dir), nil)
	assert.Equal(t, http.StatusBadRequest, status)
	status, body = h.post("PreToolUse", `{"tool_name":`, nil)
	assert.Equal(t, http.StatusBadRequest, status)
	assert.Contains(t, body, "not JSON")
	status, _ = h.post("PreToolUse", bashEvent(dir), map[string]string{ProjectDirHeader: "relative/dir"})
	assert.Equal(t, http.StatusBadRequest, status)
	assert.NoFileExists(t, filepath.Join(dir, "ran"))
	// A query is no part of the route: install --http's URLs carry a hint
	// for Claude Code's failure message (?on-failure=...), which the
	// event route answers as without it.
	status, _ = h.do(http.MethodPost, "/v1/claude/PreToolUse?on-failure=run-hookexec-doctor", bashEvent(dir), nil)
	assert.Equal(t, http.StatusOK, status)
	assert.FileExists(t, filepath.Join(dir, "ran"))
}

func TestHTTPBodyTooLarge(t *testing.T) {
	t.Parallel()
	h, dir := markerServer(t, HTTPOptions{}, zerolog.Nop())
	// Announced too large: refused before the body is read (only a few
	// bytes of it are ever sent).
	c := h.rawConn()
	_, port, _ := strings.Cut(h.addr, ":")
	_, _ = fmt.Fprintf(c, "POST /v1/claude/PreToolUse HTTP/1.1\r\nHost: 127.0.0.1:%s\r\nAuthorization: Bearer %s\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n{", port, testToken, event.MaxInputSize+1)
	require.NoError(t, c.SetReadDeadline(time.Now().Add(30*time.Second)))
	resp, err := http.ReadResponse(bufio.NewReader(c), nil)
	require.NoError(t, err)
	assert.Equal(t, http.StatusRequestEntityTooLarge, resp.StatusCode)
	// Chunked, no length: cut at the limit.
	big := `{"tool_name":"Bash","x":"` + strings.Repeat("a", event.MaxInputSize) + `"}`
	req, err := http.NewRequest(http.MethodPost, "http://"+h.addr+"/v1/claude/PreToolUse", io.MultiReader(strings.NewReader(big)))
	require.NoError(t, err)
	req.ContentLength = -1
	req.Header.Set("Authorization", "Bearer "+testToken)
	req.Header.Set("Content-Type", "application/json")
	r2, err := h.client.Do(req)
	require.NoError(t, err)
	_ = r2.Body.Close()
	assert.Equal(t, http.StatusRequestEntityTooLarge, r2.StatusCode)
	assert.NoFileExists(t, filepath.Join(dir, "ran"))
}

// A client that trickles its headers or its body is cut off.
func TestHTTPSlowClientsCut(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	cfg := writeConfig(t, dir, "touch "+filepath.Join(dir, "ran"))
	h := startHTTP(t, New(testOptions(cfg, nil, zerolog.Nop())), HTTPOptions{ReadHeaderTimeout: 200 * time.Millisecond, ReadTimeout: 400 * time.Millisecond})
	_, port, _ := strings.Cut(h.addr, ":")
	for name, partial := range map[string]string{
		"headers": "POST /v1/claude/PreToolUse HTTP/1.1\r\nHost: 127.0.0.1:" + port + "\r\n",
		"body":    "POST /v1/claude/PreToolUse HTTP/1.1\r\nHost: 127.0.0.1:" + port + "\r\nAuthorization: Bearer " + testToken + "\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{\"tool_name\"",
	} {
		c := h.rawConn()
		_, err := io.WriteString(c, partial)
		require.NoError(t, err)
		require.NoError(t, c.SetReadDeadline(time.Now().Add(20*time.Second)))
		start := time.Now()
		_, err = io.ReadAll(c) // ends when the server closes the connection
		require.NoError(t, err, "%s: the server kept a trickling connection open for 20 s", name)
		assert.Less(t, time.Since(start), 20*time.Second, name)
	}
	assert.NoFileExists(t, filepath.Join(dir, "ran"))
}

func TestHTTPHealth(t *testing.T) {
	t.Parallel()
	h, _ := markerServer(t, HTTPOptions{Version: "1.2.3"}, zerolog.Nop())
	status, body := h.do(http.MethodGet, "/v1/health?nonce=00ff", "", map[string]string{"Authorization": "", "Content-Type": ""})
	require.Equal(t, http.StatusOK, status, body)
	assert.JSONEq(t, `{"hookexec":"1.2.3","pid":`+strconv.Itoa(os.Getpid())+`,"proof":"`+Proof(testToken, "00ff")+`"}`, body)
	assert.NotContains(t, body, testToken)
	for _, nonce := range []string{"xyz", strings.Repeat("a", 300)} {
		status, _ = h.do(http.MethodGet, "/v1/health?nonce="+nonce, "", nil)
		assert.Equal(t, http.StatusBadRequest, status, nonce)
	}
}

// SPEC §2.5: the client token, which every agent session's environment
// holds (and the model's commands inherit), does not stop the server:
// POST /v1/shutdown needs the admin token too (403 without it).
func TestHTTPShutdownRoute(t *testing.T) {
	t.Parallel()
	h, _ := markerServer(t, HTTPOptions{AdminToken: adminToken}, zerolog.Nop())
	status, _ := h.do(http.MethodPost, "/v1/shutdown", "", map[string]string{"Authorization": "", AdminHeader: adminToken})
	require.Equal(t, http.StatusUnauthorized, status)
	status, body := h.do(http.MethodPost, "/v1/shutdown", "", nil)
	require.Equal(t, http.StatusForbidden, status, "the client token alone stops the server")
	assert.Contains(t, body, "hookexec serve --stop")
	status, _ = h.do(http.MethodPost, "/v1/shutdown", "", map[string]string{AdminHeader: testToken})
	require.Equal(t, http.StatusForbidden, status, "the client token as the admin token stops the server")
	status, _ = h.do(http.MethodGet, "/v1/health", "", nil)
	require.Equal(t, http.StatusOK, status, "still serving after a shutdown without the admin token")
	status, body = h.do(http.MethodPost, "/v1/shutdown", "", map[string]string{AdminHeader: adminToken})
	require.Equal(t, http.StatusOK, status, body)
	require.NoError(t, h.waitDone(30*time.Second))
}

// A server without an admin token cannot be stopped over HTTP at all.
func TestHTTPShutdownWithoutAdminToken(t *testing.T) {
	t.Parallel()
	h, _ := markerServer(t, HTTPOptions{}, zerolog.Nop())
	status, _ := h.do(http.MethodPost, "/v1/shutdown", "", map[string]string{AdminHeader: testToken})
	require.Equal(t, http.StatusForbidden, status)
	status, _ = h.do(http.MethodGet, "/v1/health", "", nil)
	require.Equal(t, http.StatusOK, status)
}

func TestHTTPIdleExit(t *testing.T) {
	t.Parallel()
	h, _ := markerServer(t, HTTPOptions{IdleExit: 200 * time.Millisecond}, zerolog.Nop())
	require.NoError(t, h.waitDone(30*time.Second))
}

func TestListenHTTPRefusesRemote(t *testing.T) {
	t.Parallel()
	for _, addr := range []string{"0.0.0.0:0", ":0", "[::]:0", "192.0.2.1:0", "example.com:0"} {
		_, err := ListenHTTP(addr, false)
		require.Error(t, err, addr)
		assert.Contains(t, err.Error(), "--http-allow-remote", addr)
	}
	_, err := ListenHTTP("127.0.0.1", false)
	require.ErrorContains(t, err, "HOST:PORT")
	ln, err := ListenHTTP("localhost:0", false)
	require.NoError(t, err)
	_ = ln.Close()
}

// Headers past MaxHeaderBytes are refused (431) before any check runs.
func TestHTTPHeadersBounded(t *testing.T) {
	t.Parallel()
	h, dir := markerServer(t, HTTPOptions{}, zerolog.Nop())
	status, _ := h.post("PreToolUse", bashEvent(dir), map[string]string{"X-Padding": strings.Repeat("a", 2*MaxHeaderBytes)})
	assert.Equal(t, http.StatusRequestHeaderFieldsTooLarge, status)
	assert.NoFileExists(t, filepath.Join(dir, "ran"))
}

// --idle-exit never cuts a request that is running: the server waits for
// it to be answered, then for the idle time again.
func TestHTTPIdleExitWaitsForRequests(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	cfg := writeConfig(t, dir, "sleep 2; touch "+filepath.Join(dir, "ran"))
	h := startHTTP(t, New(testOptions(cfg, nil, zerolog.Nop())), HTTPOptions{IdleExit: time.Second})
	status, body := h.post("PreToolUse", bashEvent(dir), nil)
	assert.Equal(t, http.StatusOK, status, body)
	assert.FileExists(t, filepath.Join(dir, "ran"))
	require.NoError(t, h.waitDone(30*time.Second))
}

// The read timeouts bound the reading of a request, not the hooks: an
// event whose hook outlives ReadTimeout is answered in full.
func TestHTTPReadTimeoutSparesLongHooks(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	cfg := writeConfig(t, dir, "sleep 1.5; touch "+filepath.Join(dir, "ran"))
	h := startHTTP(t, New(testOptions(cfg, nil, zerolog.Nop())), HTTPOptions{ReadHeaderTimeout: 200 * time.Millisecond, ReadTimeout: 400 * time.Millisecond})
	status, body := h.post("PreToolUse", bashEvent(dir), nil)
	assert.Equal(t, http.StatusOK, status, body)
	assert.NotContains(t, body, "cancel")
	assert.FileExists(t, filepath.Join(dir, "ran"))
}

// A client that goes away (the agent's hook timeout) cancels its event:
// the hook's process does not outlive it.
func TestHTTPClientGoneCancelsHooks(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	pidFile := filepath.Join(dir, "pid")
	cfg := writeConfig(t, dir, "echo $$ > "+pidFile+"; exec sleep 300")
	h := startHTTP(t, New(testOptions(cfg, nil, zerolog.Nop())), HTTPOptions{})
	req, err := http.NewRequest(http.MethodPost, "http://"+h.addr+"/v1/claude/PreToolUse", strings.NewReader(bashEvent(dir)))
	require.NoError(t, err)
	req.Header.Set("Authorization", "Bearer "+testToken)
	req.Header.Set("Content-Type", "application/json")
	_, err = (&http.Client{Timeout: 3 * time.Second}).Do(req)
	require.Error(t, err, "the hook sleeps 300 s: the client gives up first")
	waitExists(t, pidFile)
	time.Sleep(50 * time.Millisecond) // the pid written whole
	b, err := os.ReadFile(pidFile)
	require.NoError(t, err)
	pid, err := strconv.Atoi(strings.TrimSpace(string(b)))
	require.NoError(t, err)
	for deadline := time.Now().Add(30 * time.Second); processAlive(pid); time.Sleep(20 * time.Millisecond) {
		require.True(t, time.Now().Before(deadline), "the hook of a request whose client went away still runs after 30 s")
	}
}
