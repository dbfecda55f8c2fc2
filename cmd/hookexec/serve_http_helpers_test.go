//go:build unix

package main

import (
	"bytes"
	"errors"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// httpProc is a running `hookexec serve --http` on a free loopback port.
type httpProc struct {
	t      *testing.T
	cmd    *exec.Cmd
	addr   string
	token  string
	stderr *strings.Builder
	done   chan error
}

// freePort is a loopback address no one listens on (just now).
func freePort(t *testing.T) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	addr := ln.Addr().String()
	require.NoError(t, ln.Close())
	return addr
}

// serveHTTP starts `hookexec serve --http ADDR args...` with extraEnv
// added to the environment, and waits until it answers its health check.
func (e *serveEnv) serveHTTP(t *testing.T, extraEnv []string, args ...string) *httpProc {
	t.Helper()
	return e.serveHTTPIn(t, "", extraEnv, args...)
}

// serveHTTPIn is serveHTTP with the server's working directory dir ("":
// the command's default).
func (e *serveEnv) serveHTTPIn(t *testing.T, dir string, extraEnv []string, args ...string) *httpProc {
	t.Helper()
	addr := freePort(t)
	cmd := e.command(append([]string{"serve", "--http", addr}, args...)...)
	if dir != "" {
		cmd.Dir = dir
	}
	cmd.Env = append(append([]string{}, cmd.Env...), extraEnv...)
	p := &httpProc{t: t, cmd: cmd, addr: addr, stderr: &strings.Builder{}, done: make(chan error, 1)}
	cmd.Stderr = p.stderr
	require.NoError(t, cmd.Start())
	go func() { p.done <- cmd.Wait() }()
	t.Cleanup(func() {
		_ = cmd.Process.Kill()
		select {
		case err := <-p.done:
			_ = err // the process or server was stopped; how does not matter here
		case <-time.After(30 * time.Second):
		}
	})
	for deadline := time.Now().Add(30 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		resp, err := http.Get("http://" + addr + "/v1/health")
		if err == nil {
			_ = resp.Body.Close()
			break
		}
		select {
		case err := <-p.done:
			t.Fatalf("serve --http exited: %v; stderr: %s", err, p.stderr.String())
		default:
		}
		require.True(t, time.Now().Before(deadline), "serve --http did not answer in 30 s; stderr: %s", p.stderr.String())
	}
	tok, err := os.ReadFile(filepath.Join(e.dir, ".config", "hookexec", "serve-token"))
	require.NoError(t, err)
	p.token = strings.TrimSpace(string(tok))
	return p
}

// post sends body to /v1/FORMAT/EVENT with the token and project (the
// Hookexec-Project-Dir header; none when "").
func (p *httpProc) post(format, event, body, project string) (int, string) {
	p.t.Helper()
	req, err := http.NewRequest(http.MethodPost, "http://"+p.addr+"/v1/"+format+"/"+event, strings.NewReader(body))
	require.NoError(p.t, err)
	req.Header.Set("Authorization", "Bearer "+p.token)
	req.Header.Set("Content-Type", "application/json")
	if project != "" {
		req.Header.Set("Hookexec-Project-Dir", project)
	}
	resp, err := (&http.Client{Timeout: 120 * time.Second}).Do(req)
	require.NoError(p.t, err)
	defer func() { _ = resp.Body.Close() }()
	b, err := io.ReadAll(resp.Body)
	require.NoError(p.t, err)
	return resp.StatusCode, string(b)
}

// wait waits (at most within) for the server to exit, and returns its
// error.
func (p *httpProc) wait(within time.Duration) error {
	p.t.Helper()
	select {
	case err := <-p.done:
		p.done <- err
		return err
	case <-time.After(within):
		p.t.Fatalf("serve --http did not exit within %s; stderr: %s", within, p.stderr.String())
		return nil
	}
}

// fireOut runs `hookexec fire EVENT args...` with stdin and returns its
// stdout and exit status.
func (e *serveEnv) fireOut(t *testing.T, stdin string, args ...string) (string, int) {
	t.Helper()
	cmd := e.command(append([]string{"fire"}, args...)...)
	cmd.Stdin = strings.NewReader(stdin)
	var out bytes.Buffer
	cmd.Stdout = &out
	err := cmd.Run()
	var exit *exec.ExitError
	if errors.As(err, &exit) {
		return out.String(), exit.ExitCode()
	}
	require.NoError(t, err)
	return out.String(), 0
}

// alive reports whether process pid exists.
func alive(pid int) bool {
	return syscall.Kill(pid, 0) == nil
}
