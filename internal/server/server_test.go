//go:build unix

package server

import (
	"bufio"
	"context"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/rs/zerolog"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookexec/hookexec/internal/engine"
	"github.com/hookexec/hookexec/internal/runner"
	"github.com/hookexec/hookexec/internal/verdict"
)

// A request beyond MaxEvents waits for a running one to end; a
// correlationId already in flight is refused.
func TestServeBoundAndDuplicate(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	cfg := filepath.Join(dir, "hooks.json")
	// The hook notes that it started (as DIR/TOOL.started) and waits for
	// DIR/TOOL.release.
	body := `{"hooks":{"BeforeTool":[{"hooks":[{"type":"command","command":"id=$(sed 's/.*\"tool_name\":\"\\([a-z0-9]*\\)\".*/\\1/'); touch ` + dir + `/$id.started; while [ ! -e ` + dir + `/$id.release ]; do sleep 0.02; done"}]}]}}`
	require.NoError(t, os.WriteFile(cfg, []byte(body), 0o644))
	getenv := func(k string) string {
		if k == "PATH" {
			return os.Getenv("PATH")
		}
		return ""
	}
	srv := New(Options{
		Request:   engine.Request{Configs: []string{cfg}, Cache: &engine.Cache{}, Getenv: getenv, Format: verdict.FormatResult},
		Engine:    engine.Engine{Runner: runner.New(runner.Options{}), Environ: os.Environ(), Log: zerolog.Nop()},
		MaxEvents: 1,
		Log:       zerolog.Nop(),
	})
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	done := make(chan error, 1)
	go func() { done <- srv.Serve(context.Background(), inR, outW); _ = outW.Close() }()
	responses := make(chan Response, 8)
	go func() {
		sc := bufio.NewScanner(outR)
		for sc.Scan() {
			var m struct{ Payload Response }
			if json.Unmarshal(sc.Bytes(), &m) == nil {
				responses <- m.Payload
			}
		}
		close(responses)
	}()
	send := func(id, tool string) {
		_, err := io.WriteString(inW, `{"type":"HOOK_EXECUTION_REQUEST","payload":{"correlationId":"`+id+`","eventName":"BeforeTool","input":{"tool_name":"`+tool+`","cwd":"`+dir+`"}}}`+"\n")
		require.NoError(t, err)
	}
	recv := func() Response {
		select {
		case r := <-responses:
			return r
		case <-time.After(60 * time.Second):
			t.Fatal("no response in 60 s")
			return Response{}
		}
	}
	waitFor := func(name string) {
		for deadline := time.Now().Add(60 * time.Second); time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
			if _, err := os.Stat(filepath.Join(dir, name)); err == nil {
				return
			}
		}
		t.Fatalf("%s never appeared", name)
	}
	send("1", "a")
	waitFor("a.started")
	send("2", "b")
	send("1", "c") // "1" is in flight
	dup := recv()
	assert.Equal(t, "1", dup.CorrelationID)
	require.NotNil(t, dup.Error)
	assert.Equal(t, CodeBadRequest, dup.Error.Code)
	time.Sleep(300 * time.Millisecond) // give a second event the chance to start, were it allowed to
	assert.NoFileExists(t, filepath.Join(dir, "b.started"), "two events ran at once with MaxEvents 1")

	require.NoError(t, os.WriteFile(filepath.Join(dir, "a.release"), nil, 0o644))
	r := recv()
	assert.Equal(t, "1", r.CorrelationID)
	assert.True(t, r.Success, "%+v", r)
	waitFor("b.started")
	require.NoError(t, os.WriteFile(filepath.Join(dir, "b.release"), nil, 0o644))
	r = recv()
	assert.Equal(t, "2", r.CorrelationID)
	assert.True(t, r.Success, "%+v", r)
	require.NoError(t, inW.Close())
	require.NoError(t, <-done)
}
