//go:build unix

package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookexec/hookexec/internal/server"
	"github.com/hookexec/hookexec/internal/testproc"
)

// ensureEnv is a serveEnv with a free loopback address for serve --http
// and the runs of serve --ensure there.
type ensureEnv struct {
	*serveEnv
	addr, cfg string
}

func newEnsureEnv(t *testing.T) *ensureEnv {
	t.Helper()
	e := &ensureEnv{serveEnv: newServeEnv(t)}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	e.addr = l.Addr().String()
	require.NoError(t, l.Close())
	e.cfg = e.write(t, "hooks.json", hookConfig(map[string]string{"*": "true"}))
	// Whatever the test leaves running at the address is stopped.
	t.Cleanup(func() {
		if info, err := server.Probe(context.Background(), e.addr, e.token(t)); err == nil {
			_ = syscall.Kill(info.PID, syscall.SIGKILL)
		}
	})
	return e
}

// ensure runs serve --ensure with extra environment variables and
// returns its stdout and stderr (it logs whether it started the server).
func (e *ensureEnv) ensure(t *testing.T, env ...string) (stdout, stderr string) {
	t.Helper()
	stdout, stderr, err := e.run(env...)
	require.NoError(t, err, "stdout: %s\nstderr: %s", stdout, stderr)
	return stdout, stderr
}

// run is ensure for any goroutine: the error is returned.
func (e *ensureEnv) run(env ...string) (stdout, stderr string, err error) {
	return e.runArgs(nil, env...)
}

// runArgs is run with more serve flags.
func (e *ensureEnv) runArgs(args []string, env ...string) (stdout, stderr string, err error) {
	cmd := e.command(append([]string{"serve", "--http", e.addr, "--ensure", "--config", e.cfg, "--log-level", "info"}, args...)...)
	cmd.Env = append(append([]string(nil), e.env...), env...)
	var out, errOut strings.Builder
	cmd.Stdout, cmd.Stderr = &out, &errOut
	err = cmd.Run()
	return out.String(), errOut.String(), err
}

func (e *ensureEnv) token(t *testing.T) string {
	data, err := os.ReadFile(e.path(".config/hookexec/serve-token"))
	if err != nil {
		return ""
	}
	return strings.TrimSpace(string(data))
}

// admin is the admin token of the user's state directory ("" when none).
func (e *ensureEnv) admin(t *testing.T) string {
	data, err := os.ReadFile(e.path(".local/state/hookexec/serve-admin-token"))
	if err != nil {
		return ""
	}
	return strings.TrimSpace(string(data))
}

func (e *ensureEnv) probe(t *testing.T) (server.Info, error) {
	return server.Probe(context.Background(), e.addr, e.token(t))
}

// TestServeEnsure: the first --ensure starts one detached server and
// returns once it answers, printing nothing; the next ones find it; after
// a kill -9 the next one starts another (no stale lock or pid file stops
// it); sessions ensuring at once start one.
func TestServeEnsure(t *testing.T) {
	t.Parallel()
	e := newEnsureEnv(t)
	// SPEC §2.5: nothing of the session's environment reaches the server.
	stdout, stderr := e.ensure(t, "CLAUDE_PROJECT_DIR="+e.path("proj"), "HOOKEXEC_TRUST_PROJECT=1", "CLAUDECODE=1",
		"HOOKEXEC_SHELL=/bin/true", "HTTPS_PROXY=http://127.0.0.1:9", "BASH_ENV=/tmp/rc", "PATH="+e.path("proj/bin")+":"+os.Getenv("PATH"))
	assert.Empty(t, stdout)
	assert.Contains(t, stderr, `"started":true`)
	first, err := e.probe(t)
	require.NoError(t, err)
	assert.Equal(t, buildVersion(), first.Version)
	if runtime.GOOS == "linux" {
		checkServerProcess(t, e, first.PID)
	}

	stdout, stderr = e.ensure(t)
	assert.Empty(t, stdout)
	assert.Contains(t, stderr, `"started":false`)
	again, err := e.probe(t)
	require.NoError(t, err)
	assert.Equal(t, first.PID, again.PID)

	// kill -9: the next session start brings a new one.
	require.NoError(t, syscall.Kill(first.PID, syscall.SIGKILL))
	waitNotRunning(t, e)
	var wg sync.WaitGroup
	logs := make([]string, 4)
	for i := range logs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			out, log, err := e.run()
			logs[i] = log
			assert.NoError(t, err, log)
			assert.Empty(t, out)
		}()
	}
	wg.Wait()
	assert.Equal(t, 1, strings.Count(strings.Join(logs, ""), `"started":true`), "one of the sessions started it:\n%s", strings.Join(logs, "\n"))
	second, err := e.probe(t)
	require.NoError(t, err)
	assert.NotEqual(t, first.PID, second.PID)
	pids, err := testproc.Survivors(e.addr)
	require.NoError(t, err)
	assert.Equal(t, []int{second.PID}, pids, "one server at the address, no ensure left running")
}

// checkServerProcess reads the started server's process on Linux: no
// agent session's variable in its environment, its working directory the
// state directory (no session's project), its arguments the serve flags
// given with absolute paths and --idle-exit 12h, its output in serve.log.
func checkServerProcess(t *testing.T, e *ensureEnv, pid int) {
	t.Helper()
	proc := "/proc/" + strconv.Itoa(pid)
	environ, err := os.ReadFile(proc + "/environ")
	require.NoError(t, err)
	for _, kv := range strings.Split(string(environ), "\x00") {
		name, _, _ := strings.Cut(kv, "=")
		assert.NotContains(t, server.SessionVars(), name, "the server got a session's variable")
		assert.NotContains(t, []string{"HOOKEXEC_SHELL", "HTTPS_PROXY", "BASH_ENV"}, name, "the server got the session's %s", name)
	}
	assert.NotContains(t, string(environ), e.path("proj"), "the server got the session's PATH")
	assert.Contains(t, string(environ), "XDG_CONFIG_HOME=")
	cwd, err := os.Readlink(proc + "/cwd")
	require.NoError(t, err)
	assert.Equal(t, e.path(".local/state/hookexec"), cwd)
	cmdline, err := os.ReadFile(proc + "/cmdline")
	require.NoError(t, err)
	assert.Equal(t, []string{"hookexec", "serve", "--http", e.addr, "--log-level=info", "--config=" + e.cfg, "--idle-exit", "12h", ""},
		strings.Split(string(cmdline), "\x00"))
	fi, err := os.Stat(e.path(".local/state/hookexec/serve.log"))
	require.NoError(t, err, "the server's output goes to serve.log")
	assert.Equal(t, os.FileMode(0o600), fi.Mode().Perm())
}

func waitNotRunning(t *testing.T, e *ensureEnv) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for {
		_, err := e.probe(t)
		if errors.Is(err, server.ErrNotRunning) {
			return
		}
		require.True(t, time.Now().Before(deadline), "the server still answers: %v", err)
		time.Sleep(20 * time.Millisecond)
	}
}

// A server shut down gracefully (POST /v1/shutdown with the token, as an
// ensure of a newer version does) lets the port go and is gone; the next
// ensure starts another.
func TestServeEnsureAfterShutdown(t *testing.T) {
	t.Parallel()
	e := newEnsureEnv(t)
	_, _ = e.ensure(t)
	first, err := e.probe(t)
	require.NoError(t, err)
	// SPEC §2.5: the client token, which an agent session's environment
	// holds, does not stop the server; the admin token does.
	require.Error(t, server.Shutdown(context.Background(), e.addr, e.token(t), ""))
	_, err = e.probe(t)
	require.NoError(t, err, "the client token stopped the server")
	require.NotEmpty(t, e.admin(t))
	require.NoError(t, server.Shutdown(context.Background(), e.addr, e.token(t), e.admin(t)))
	waitNotRunning(t, e)
	_, stderr := e.ensure(t)
	assert.Contains(t, stderr, `"started":true`)
	second, err := e.probe(t)
	require.NoError(t, err)
	assert.NotEqual(t, first.PID, second.PID)
	pids, err := testproc.Survivors(e.addr)
	require.NoError(t, err)
	assert.Equal(t, []int{second.PID}, pids, "the server shut down is gone")
}

// serve --stop shuts the user's server down and returns once it is gone;
// a second --stop finds nothing and says so (exit 0); --stop with
// --ensure is a usage error.
func TestServeStop(t *testing.T) {
	t.Parallel()
	e := newEnsureEnv(t)
	_, _ = e.ensure(t)
	first, err := e.probe(t)
	require.NoError(t, err)
	stop := func() (string, error) {
		cmd := e.command("serve", "--http", e.addr, "--stop")
		cmd.Env = e.env
		out, err := cmd.CombinedOutput()
		return string(out), err
	}
	out, err := stop()
	require.NoError(t, err, out)
	assert.Equal(t, fmt.Sprintf("stopped hookexec serve %s (pid %d) at %s\n", first.Version, first.PID, e.addr), out)
	_, err = e.probe(t)
	require.ErrorIs(t, err, server.ErrNotRunning, "--stop returns once the server is gone")
	out, err = stop()
	require.NoError(t, err, out)
	assert.Equal(t, "no hookexec serve answers at "+e.addr+"\n", out)
	_, stderr, err := e.runArgs([]string{"--stop"})
	require.Error(t, err)
	assert.Contains(t, stderr, "--ensure, --stop and --unit exclude each other")
}

// An --ensure inside hooks nested too deep starts no server (the server
// would not get the session's depth) and says so in the SessionStart
// message; --ensure still exits 0.
func TestServeEnsureServerFails(t *testing.T) {
	t.Parallel()
	e := newEnsureEnv(t)
	stdout, _ := e.ensure(t, "HOOKEXEC_DEPTH=99")
	var msg struct{ SystemMessage string }
	require.NoError(t, json.Unmarshal([]byte(stdout), &msg), stdout)
	assert.Contains(t, msg.SystemMessage, "hookexec serve could not start at "+e.addr+": HOOKEXEC_DEPTH is 99: hooks are running hookexec recursively")
	assert.True(t, strings.HasSuffix(msg.SystemMessage, "; guarded tools will be blocked until it runs: run 'hookexec doctor'"), msg.SystemMessage)
}

// A server that stops at once is reported with the last line of its
// serve.log (lastLine).
func TestLastLine(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "serve.log")
	require.NoError(t, os.WriteFile(path, []byte(strings.Repeat("x", 2000)+"\nfirst\nhookexec: it failed\n\n"), 0o600))
	assert.Equal(t, "hookexec: it failed", lastLine(path))
	assert.Equal(t, "", lastLine(filepath.Join(t.TempDir(), "none")))
}

// --idle-exit given to --ensure goes to the server it starts (instead of
// 12h): that server exits by itself once idle. (The wait watches the
// process, not the port: a health probe is a request, which keeps the
// server from being idle.)
func TestServeEnsureIdleExit(t *testing.T) {
	t.Parallel()
	e := newEnsureEnv(t)
	stdout, stderr, err := e.runArgs([]string{"--idle-exit", "300ms"})
	require.NoError(t, err, stderr)
	assert.Empty(t, stdout)
	assert.Contains(t, stderr, `"started":true`)
	deadline := time.Now().Add(30 * time.Second)
	for {
		pids, err := testproc.Survivors(e.addr)
		require.NoError(t, err)
		if len(pids) == 0 {
			break
		}
		require.True(t, time.Now().Before(deadline), "the idle server still runs: %v", pids)
		time.Sleep(50 * time.Millisecond)
	}
	_, err = e.probe(t)
	require.ErrorIs(t, err, server.ErrNotRunning)
}
