//go:build unix

package server

import (
	"context"
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
)

// Requests from several clients at once are each answered with their own
// verdict (run with -race).
func TestHTTPConcurrentClients(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	cfg := writeConfig(t, dir, `if grep -q 'rm '; then echo "no rm" >&2; exit 2; fi`)
	h := startHTTP(t, New(testOptions(cfg, nil, zerolog.Nop())), HTTPOptions{})
	var wg sync.WaitGroup
	for c := range 6 {
		wg.Go(func() {
			for i := range 5 {
				cmd := "ls " + strconv.Itoa(c)
				if (c+i)%2 == 0 {
					cmd = "rm -rf " + strconv.Itoa(c)
				}
				status, body := h.post("PreToolUse", `{"session_id":"s`+strconv.Itoa(c)+`","cwd":"`+dir+`","tool_name":"Bash","tool_input":{"command":"`+cmd+`"}}`, nil)
				assert.Equal(t, http.StatusOK, status, body)
				assert.Equal(t, strings.HasPrefix(cmd, "rm"), strings.Contains(body, `"deny"`), "%s: %s", cmd, body)
			}
		})
	}
	wg.Wait()
}

// HTTP requests and NDJSON ones share the --max-events slots: with one
// slot, an HTTP request waits while a stream's event runs.
func TestHTTPSharesSlotsWithStreams(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	release := filepath.Join(dir, "release")
	cfg := filepath.Join(dir, "hooks.json")
	// The hook notes DIR/TOOL.started and waits for DIR/release.
	body := `{"hooks":{"PreToolUse":[{"hooks":[{"type":"command","command":"id=$(sed 's/.*\"tool_name\":\"\\([a-z]*\\)\".*/\\1/'); touch ` + dir + `/$id.started; while [ ! -e ` + release + ` ]; do sleep 0.02; done"}]}]}}`
	require.NoError(t, os.WriteFile(cfg, []byte(body), 0o644))
	opts := testOptions(cfg, nil, zerolog.Nop())
	opts.MaxEvents = 1
	srv := New(opts)
	h := startHTTP(t, srv, HTTPOptions{})
	inR, inW := io.Pipe()
	streamDone := make(chan error, 1)
	go func() { streamDone <- srv.Serve(context.Background(), inR, io.Discard) }()
	_, err := io.WriteString(inW, `{"type":"HOOK_EXECUTION_REQUEST","payload":{"correlationId":"1","eventName":"PreToolUse","format":"claude","input":{"tool_name":"stream","cwd":"`+dir+`"}}}`+"\n")
	require.NoError(t, err)
	waitExists(t, filepath.Join(dir, "stream.started"))
	answered := make(chan int, 1)
	go func() {
		status, _ := h.post("PreToolUse", `{"tool_name":"http","cwd":"`+dir+`"}`, nil)
		answered <- status
	}()
	time.Sleep(300 * time.Millisecond) // room for the HTTP event to start, were it allowed to
	assert.NoFileExists(t, filepath.Join(dir, "http.started"), "an HTTP event ran beside a stream's with --max-events 1")
	require.NoError(t, os.WriteFile(release, nil, 0o644))
	select {
	case status := <-answered:
		assert.Equal(t, http.StatusOK, status)
	case <-time.After(60 * time.Second):
		t.Fatal("the HTTP request was not answered in 60 s")
	}
	assert.FileExists(t, filepath.Join(dir, "http.started"))
	require.NoError(t, inW.Close())
	require.NoError(t, <-streamDone)
}

func waitExists(t *testing.T, path string) {
	t.Helper()
	for deadline := time.Now().Add(60 * time.Second); time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
		if _, err := os.Stat(path); err == nil {
			return
		}
	}
	t.Fatalf("%s never appeared", path)
}
