//go:build unix

package main

import (
	"bufio"
	"encoding/json"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// serveEnv is a directory with hookexec and testhook on PATH (links to the
// test binary, which testscript's dispatch runs as the command of that
// name) and the environment for a hookexec run isolated in it.
type serveEnv struct {
	dir string
	env []string
}

func newServeEnv(t *testing.T) *serveEnv {
	t.Helper()
	// Short: a Unix socket's path is limited to about 100 bytes.
	dir, err := os.MkdirTemp("", "hxs")
	require.NoError(t, err)
	t.Cleanup(func() { _ = os.RemoveAll(dir) })
	dir, err = filepath.EvalSymlinks(dir)
	require.NoError(t, err)
	exe, err := os.Executable()
	require.NoError(t, err)
	bin := filepath.Join(dir, "bin")
	require.NoError(t, os.Mkdir(bin, 0o755))
	for _, name := range []string{"hookexec", "testhook"} {
		require.NoError(t, os.Symlink(exe, filepath.Join(bin, name)))
	}
	env := []string{
		"PATH=" + bin + string(os.PathListSeparator) + os.Getenv("PATH"),
		"HOME=" + dir, "XDG_CONFIG_HOME=" + dir + "/.config", "XDG_DATA_HOME=" + dir + "/.local/share",
		"HOOKEXEC_DEPTH=", "GORACE=atexit_sleep_ms=0", testPasswdHome + "=" + dir,
	}
	return &serveEnv{dir: dir, env: env}
}

// path is name inside the environment's directory.
func (e *serveEnv) path(name string) string { return filepath.Join(e.dir, name) }

// write writes a file inside the environment's directory.
func (e *serveEnv) write(t *testing.T, name, body string) string {
	t.Helper()
	p := e.path(name)
	require.NoError(t, os.MkdirAll(filepath.Dir(p), 0o755))
	require.NoError(t, os.WriteFile(p, []byte(body), 0o644))
	return p
}

// command is hookexec with args, in the environment.
func (e *serveEnv) command(args ...string) *exec.Cmd {
	cmd := exec.Command(filepath.Join(e.dir, "bin", "hookexec"), args...)
	cmd.Dir = e.dir
	cmd.Env = e.env
	return cmd
}

// serveProc is a running `hookexec serve` on stdin and stdout.
type serveProc struct {
	t      *testing.T
	cmd    *exec.Cmd
	stdin  io.WriteCloser
	lines  chan string
	stderr *strings.Builder
}

func (e *serveEnv) serve(t *testing.T, args ...string) *serveProc {
	t.Helper()
	cmd := e.command(append([]string{"serve"}, args...)...)
	stdin, err := cmd.StdinPipe()
	require.NoError(t, err)
	// Not StdoutPipe: Wait must not close it before the lines are read.
	stdout, w, err := os.Pipe()
	require.NoError(t, err)
	cmd.Stdout = w
	p := &serveProc{t: t, cmd: cmd, stdin: stdin, lines: make(chan string, 64), stderr: &strings.Builder{}}
	cmd.Stderr = p.stderr
	require.NoError(t, cmd.Start())
	_ = w.Close()
	go func() {
		defer close(p.lines)
		defer func() { _ = stdout.Close() }()
		sc := bufio.NewScanner(stdout)
		sc.Buffer(nil, 256<<20)
		for sc.Scan() {
			p.lines <- sc.Text()
		}
	}()
	t.Cleanup(func() {
		_ = cmd.Process.Kill()
		_ = cmd.Wait()
	})
	return p
}

func (p *serveProc) send(line string) {
	p.t.Helper()
	_, err := io.WriteString(p.stdin, line+"\n")
	require.NoError(p.t, err)
}

// request sends a HOOK_EXECUTION_REQUEST; extra is added to the payload
// (`,"format":"claude"`).
func (p *serveProc) request(id, event, input, extra string) {
	p.t.Helper()
	p.send(`{"type":"HOOK_EXECUTION_REQUEST","payload":{"correlationId":"` + id + `","eventName":"` + event + `","input":` + input + extra + `}}`)
}

// message is any message serve writes.
type message struct {
	Type    string `json:"type"`
	Payload struct {
		CorrelationID string          `json:"correlationId"`
		Success       bool            `json:"success"`
		Output        json.RawMessage `json:"output"`
		Error         *struct {
			Code    string `json:"code"`
			Message string `json:"message"`
		} `json:"error"`
	} `json:"payload"`
}

func (m message) code() string {
	if m.Payload.Error == nil {
		return ""
	}
	return m.Payload.Error.Code
}

// recv is the next line serve writes, decoded (at most 60 s away).
func (p *serveProc) recv() message {
	p.t.Helper()
	select {
	case line, ok := <-p.lines:
		require.True(p.t, ok, "serve's stdout ended; stderr: %s", p.stderr.String())
		var m message
		require.NoError(p.t, json.Unmarshal([]byte(line), &m), line)
		return m
	case <-time.After(60 * time.Second):
		p.t.Fatalf("no message from serve in 60 s; stderr: %s", p.stderr.String())
		return message{}
	}
}

// wait closes stdin and returns serve's exit error (at most 60 s away);
// the lines it wrote can still be received.
func (p *serveProc) wait() error {
	p.t.Helper()
	_ = p.stdin.Close()
	done := make(chan error, 1)
	go func() { done <- p.cmd.Wait() }()
	select {
	case err := <-done:
		return err
	case <-time.After(60 * time.Second):
		p.t.Fatal("serve did not exit in 60 s")
		return nil
	}
}

// waitFile waits (at most 60 s) until path exists.
func waitFile(t *testing.T, path string) {
	t.Helper()
	for deadline := time.Now().Add(60 * time.Second); time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
		if _, err := os.Stat(path); err == nil {
			return
		}
	}
	t.Fatalf("%s never appeared", path)
}

// withoutDurations decodes JSON and drops every "durationMs" field, the
// one thing that differs between two runs of the same event.
func withoutDurations(t *testing.T, data []byte) any {
	t.Helper()
	var v any
	require.NoError(t, json.Unmarshal(data, &v), string(data))
	var strip func(any)
	strip = func(v any) {
		switch x := v.(type) {
		case map[string]any:
			delete(x, "durationMs")
			for _, e := range x {
				strip(e)
			}
		case []any:
			for _, e := range x {
				strip(e)
			}
		}
	}
	strip(v)
	return v
}
