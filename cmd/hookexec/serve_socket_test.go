//go:build unix

package main

import (
	"bufio"
	"encoding/json"
	"net"
	"os"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// --listen unix:PATH: the socket is 0600, each connection is its own
// stream, two clients are answered on their own connections, a second
// server on the same path is refused, and SIGTERM removes the socket.
func TestServeUnixSocket(t *testing.T) {
	t.Parallel()
	e := newServeEnv(t)
	cfg := e.write(t, "hooks.json", hookConfig(map[string]string{"*": "true"}))
	sock := e.path("s.sock")
	p := e.serve(t, "--config", cfg, "--listen", "unix:"+sock)
	waitFile(t, sock)
	fi, err := os.Stat(sock)
	require.NoError(t, err)
	assert.Equal(t, os.ModeSocket, fi.Mode().Type())
	assert.Equal(t, os.FileMode(0o600), fi.Mode().Perm())

	dial := func() (net.Conn, *bufio.Reader) {
		c, err := net.Dial("unix", sock)
		require.NoError(t, err)
		t.Cleanup(func() { _ = c.Close() })
		require.NoError(t, c.SetDeadline(time.Now().Add(60*time.Second)))
		return c, bufio.NewReader(c)
	}
	exchange := func(c net.Conn, r *bufio.Reader, id string) message {
		_, err := c.Write([]byte(`{"type":"HOOK_EXECUTION_REQUEST","payload":{"correlationId":"` + id + `","eventName":"BeforeTool","input":{"tool_name":"x"}}}` + "\n"))
		require.NoError(t, err)
		line, err := r.ReadBytes('\n')
		require.NoError(t, err)
		var m message
		require.NoError(t, json.Unmarshal(line, &m), string(line))
		return m
	}
	c1, r1 := dial()
	c2, r2 := dial()
	m := exchange(c2, r2, "from-2")
	assert.Equal(t, "from-2", m.Payload.CorrelationID)
	assert.True(t, m.Payload.Success, "%+v", m)
	m = exchange(c1, r1, "from-1")
	assert.Equal(t, "from-1", m.Payload.CorrelationID)
	assert.True(t, m.Payload.Success, "%+v", m)

	// A client that closes its side gets its last answers, then EOF.
	_, err = c1.Write([]byte(`{"type":"HOOK_EXECUTION_REQUEST","payload":{"correlationId":"bye","eventName":"BeforeTool","input":{}}}` + "\n"))
	require.NoError(t, err)
	require.NoError(t, c1.(*net.UnixConn).CloseWrite())
	line, err := r1.ReadBytes('\n')
	require.NoError(t, err)
	assert.Contains(t, string(line), `"correlationId":"bye"`)
	_, err = r1.ReadBytes('\n')
	assert.Error(t, err)

	second := e.command("serve", "--config", cfg, "--listen", "unix:"+sock)
	out, err := second.CombinedOutput()
	assert.Error(t, err)
	assert.Contains(t, string(out), "another server is listening")

	require.NoError(t, p.cmd.Process.Signal(syscall.SIGTERM))
	require.NoError(t, p.wait())
	assert.NoFileExists(t, sock)
}

// A path that exists and is not a socket is not replaced.
func TestServeUnixSocketRefusesFile(t *testing.T) {
	t.Parallel()
	e := newServeEnv(t)
	file := e.write(t, "not-a-socket", "keep me")
	out, err := e.command("serve", "--listen", "unix:"+file).CombinedOutput()
	assert.Error(t, err)
	assert.Contains(t, string(out), "not a socket")
	data, err := os.ReadFile(file)
	require.NoError(t, err)
	assert.Equal(t, "keep me", string(data))
}

// A socket left by a server that died is replaced.
func TestServeUnixSocketReplacesStale(t *testing.T) {
	t.Parallel()
	e := newServeEnv(t)
	sock := e.path("stale.sock")
	l, err := net.Listen("unix", sock)
	require.NoError(t, err)
	l.(*net.UnixListener).SetUnlinkOnClose(false)
	require.NoError(t, l.Close())
	require.FileExists(t, sock)

	p := e.serve(t, "--listen", "unix:"+sock)
	var c net.Conn
	for deadline := time.Now().Add(60 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		if c, err = net.Dial("unix", sock); err == nil || time.Now().After(deadline) {
			break
		}
	}
	require.NoError(t, err)
	defer func() { _ = c.Close() }()
	_, err = c.Write([]byte("nonsense\n"))
	require.NoError(t, err)
	line, err := bufio.NewReader(c).ReadBytes('\n')
	require.NoError(t, err)
	assert.Contains(t, string(line), "HOOK_PROTOCOL_ERROR")
	require.NoError(t, p.cmd.Process.Signal(syscall.SIGTERM))
	require.NoError(t, p.wait())
}
