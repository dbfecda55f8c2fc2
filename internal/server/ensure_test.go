package server

import (
	"context"
	"errors"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// listenAt runs h at addr until the test ends or h's shutdown is asked:
// a server as Ensure's Start would start it, in this process.
func listenAt(t testing.TB, addr string, f *fakeServer) error {
	l, err := net.Listen("tcp", addr)
	if err != nil {
		return err
	}
	srv := &http.Server{ReadHeaderTimeout: time.Second}
	srv.Handler = http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		f.ServeHTTP(w, r)
		if r.URL.Path == "/v1/shutdown" && f.shutdowns.Load() > 0 {
			// Shutdown, not Close: Close could cut the connection before
			// this answer is flushed, and the client would read EOF.
			go func() { _ = srv.Shutdown(context.Background()) }()
		}
	})
	go func() { _ = srv.Serve(l) }()
	t.Cleanup(func() { _ = srv.Close() })
	return nil
}

// ensureCase is Ensure's options for a test: a free address, a lock in
// the test's directory, and a Start that starts a fake server of version
// at the address and counts its calls.
type ensureCase struct {
	opts   EnsureOptions
	starts atomic.Int32
}

func newEnsureCase(t *testing.T, version string) *ensureCase {
	c := &ensureCase{}
	c.opts = EnsureOptions{
		Addr: freeAddr(t), Token: clientToken, Version: version,
		Wait: 2 * time.Second,
	}
	lock := filepath.Join(t.TempDir(), LockFile)
	c.opts.Lock = func() (string, error) { return lock, nil }
	c.opts.Start = func() error {
		c.starts.Add(1)
		return listenAt(t, c.opts.Addr, &fakeServer{token: clientToken, version: version, pid: 100})
	}
	return c
}

func TestEnsureStartsOne(t *testing.T) {
	t.Parallel()
	c := newEnsureCase(t, "2.0.0")
	started, err := Ensure(context.Background(), c.opts)
	require.NoError(t, err)
	assert.True(t, started)
	assert.Equal(t, int32(1), c.starts.Load())
	info, err := Probe(context.Background(), c.opts.Addr, clientToken)
	require.NoError(t, err)
	assert.Equal(t, "2.0.0", info.Version)

	// Once it answers, Ensure only probes.
	started, err = Ensure(context.Background(), c.opts)
	require.NoError(t, err)
	assert.False(t, started)
	assert.Equal(t, int32(1), c.starts.Load())
}

// The fast path takes no lock: a server that answers is found with one
// probe, without even locating the lock.
func TestEnsureFastPathTakesNoLock(t *testing.T) {
	t.Parallel()
	c := newEnsureCase(t, "2.0.0")
	require.NoError(t, listenAt(t, c.opts.Addr, &fakeServer{token: clientToken, version: "2.0.0"}))
	c.opts.Lock = func() (string, error) { return "", errors.New("no lock on the fast path") }
	started, err := Ensure(context.Background(), c.opts)
	require.NoError(t, err)
	assert.False(t, started)
	assert.Zero(t, c.starts.Load())
}

// Sessions starting at once start one server: the second Ensure waits
// for the lock and finds the first one's server.
func TestEnsureConcurrentStartsOne(t *testing.T) {
	t.Parallel()
	c := newEnsureCase(t, "2.0.0")
	start := c.opts.Start
	c.opts.Start = func() error {
		time.Sleep(50 * time.Millisecond) // a server takes a moment to listen
		return start()
	}
	var wg sync.WaitGroup
	errs := make([]error, 8)
	for i := range errs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, errs[i] = Ensure(context.Background(), c.opts)
		}()
	}
	wg.Wait()
	for _, err := range errs {
		require.NoError(t, err)
	}
	assert.Equal(t, int32(1), c.starts.Load())
}

// A server of another version is shut down (with the token, after its
// proof) and this version's started once the port is free.
func TestEnsureReplacesOtherVersion(t *testing.T) {
	t.Parallel()
	c := newEnsureCase(t, "2.0.0")
	old := &fakeServer{token: clientToken, version: "1.0.0", pid: 99}
	require.NoError(t, listenAt(t, c.opts.Addr, old))
	started, err := Ensure(context.Background(), c.opts)
	require.NoError(t, err)
	assert.True(t, started)
	assert.Equal(t, int32(1), old.shutdowns.Load())
	assert.Equal(t, int32(1), c.starts.Load())
	info, err := Probe(context.Background(), c.opts.Addr, clientToken)
	require.NoError(t, err)
	assert.Equal(t, "2.0.0", info.Version)
}

// Something that is not the user's server at the address: Ensure says so,
// starts nothing and sends the token nowhere.
func TestEnsureSquatter(t *testing.T) {
	t.Parallel()
	c := newEnsureCase(t, "2.0.0")
	s := &squatter{answer: func(w http.ResponseWriter, r *http.Request) { _, _ = w.Write([]byte("{}")) }}
	l, err := net.Listen("tcp", c.opts.Addr)
	require.NoError(t, err)
	srv := &http.Server{Handler: s, ReadHeaderTimeout: time.Second}
	go func() { _ = srv.Serve(l) }()
	t.Cleanup(func() { _ = srv.Close() })

	started, err := Ensure(context.Background(), c.opts)
	require.ErrorIs(t, err, ErrNotOurs)
	assert.False(t, started)
	assert.Zero(t, c.starts.Load())
	assert.Zero(t, s.auths.Load())
}

func TestEnsureStartFails(t *testing.T) {
	t.Parallel()
	c := newEnsureCase(t, "2.0.0")
	c.opts.Start = func() error { return errors.New("no such file") }
	_, err := Ensure(context.Background(), c.opts)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "starting the server: no such file")

	// A start that succeeds but never answers is bounded by Wait.
	c.opts.Start, c.opts.Wait = func() error { return nil }, 100*time.Millisecond
	_, err = Ensure(context.Background(), c.opts)
	require.ErrorIs(t, err, ErrNotRunning)
	assert.Contains(t, err.Error(), "did not answer within 100ms")
}

// A lock another holds past the bound fails instead of hanging.
func TestLockFileBounded(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), LockFile)
	unlock, err := lockFile(context.Background(), path, time.Second)
	require.NoError(t, err)
	_, err = lockFile(context.Background(), path, 50*time.Millisecond)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "another hookexec held it")
	unlock()
	unlock2, err := lockFile(context.Background(), path, time.Second)
	require.NoError(t, err)
	unlock2()
	fi, err := os.Stat(path)
	require.NoError(t, err)
	if os.PathSeparator == '/' {
		assert.Equal(t, os.FileMode(0o600), fi.Mode().Perm())
	}
}

// SPEC §2.5: the server serve --ensure starts gets a fixed, minimal
// environment: no agent session's variables, nothing of hookexec's own
// knobs, proxies, shell startup files or the session's PATH.
func TestServerEnv(t *testing.T) {
	t.Parallel()
	vars := SessionVars()
	for _, v := range []string{"CLAUDE_PROJECT_DIR", "CLAUDECODE", "CLAUDE_CODE_ENTRYPOINT", "COPILOT_CLI", "AUGMENT_CONVERSATION_ID", "HOOKEXEC_TRUST_PROJECT"} {
		assert.Contains(t, vars, v)
	}
	env := map[string]string{
		"HOME": "/h", "USER": "me", "LANG": "C.UTF-8", "XDG_CONFIG_HOME": "/h/.config",
		"PATH": "/proj/bin:/usr/bin", "HOOKEXEC_SHELL": "/bin/true", "HOOKEXEC_CONFIG": "/dev/null",
		"HOOKEXEC_SYSTEM_DIR": "/proj", "HTTP_PROXY": "http://evil", "HTTPS_PROXY": "http://evil",
		"BASH_ENV": "/proj/rc", "ENV": "/proj/rc", "LD_PRELOAD": "/proj/x.so",
	}
	for _, v := range vars {
		env[v] = "x"
	}
	got := serverEnv(func(k string) string { return env[k] }, "/opt/hookexec/bin", "linux")
	assert.Equal(t, []string{"HOME=/h", "USER=me", "LANG=C.UTF-8", "XDG_CONFIG_HOME=/h/.config",
		"PATH=/opt/hookexec/bin:/h/.local/bin:/h/bin:/usr/local/bin:/usr/bin:/bin:/usr/local/sbin:/usr/sbin:/sbin"}, got)
}
