//go:build unix

package server

import (
	"context"
	"net"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/rs/zerolog"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// shortDir is a directory whose socket paths fit sun_path (104 bytes on
// macOS), which t.TempDir's long names may not.
func shortDir(t *testing.T) string {
	dir, err := os.MkdirTemp("", "hx")
	require.NoError(t, err)
	t.Cleanup(func() { _ = os.RemoveAll(dir) })
	return dir
}

func TestListenUnixModeAndStale(t *testing.T) {
	t.Parallel()
	dir := shortDir(t)
	sock := filepath.Join(dir, "s.sock")

	l, err := listenUnix(sock)
	require.NoError(t, err)
	fi, err := os.Stat(sock)
	require.NoError(t, err)
	assert.Equal(t, os.ModeSocket, fi.Mode().Type())
	assert.Equal(t, os.FileMode(0o600), fi.Mode().Perm())

	// Someone answers: refused, and the socket stays.
	_, err = listenUnix(sock)
	assert.ErrorContains(t, err, "another server is listening on it")
	require.NoError(t, l.Close())
	require.FileExists(t, sock, "closing the listener leaves the file to ServeUnix")

	// Nobody answers: the stale socket is replaced.
	l, err = listenUnix(sock)
	require.NoError(t, err)
	require.NoError(t, l.Close())

	file := filepath.Join(dir, "file")
	require.NoError(t, os.WriteFile(file, []byte("keep me"), 0o644))
	_, err = listenUnix(file)
	assert.ErrorContains(t, err, "exists and is not a socket; refusing to replace it")
	data, err := os.ReadFile(file)
	require.NoError(t, err)
	assert.Equal(t, "keep me", string(data))
}

// Cancelling ctx ends ServeUnix without an error, closes the connections
// it serves and removes the socket.
func TestServeUnixCancel(t *testing.T) {
	t.Parallel()
	sock := filepath.Join(shortDir(t), "s.sock")
	srv := New(Options{Log: zerolog.Nop()})
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- srv.ServeUnix(ctx, sock) }()
	var c net.Conn
	var err error
	for deadline := time.Now().Add(30 * time.Second); ; time.Sleep(10 * time.Millisecond) {
		if c, err = net.Dial("unix", sock); err == nil || time.Now().After(deadline) {
			break
		}
	}
	require.NoError(t, err)
	defer func() { _ = c.Close() }()
	cancel()
	select {
	case err := <-done:
		require.NoError(t, err)
	case <-time.After(30 * time.Second):
		t.Fatal("ServeUnix did not return after cancellation")
	}
	require.NoError(t, c.SetReadDeadline(time.Now().Add(30*time.Second)))
	_, err = c.Read(make([]byte, 1))
	assert.Error(t, err, "the connection is closed")
	assert.NoFileExists(t, sock)
}
