//go:build unix

package server

import (
	"context"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/rs/zerolog"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The client against the real HTTP side: Probe reads serve's health
// answer (version, pid, proof), a server under another user's token is
// not ours, and Shutdown stops it.
func TestClientAgainstServe(t *testing.T) {
	t.Parallel()
	h, _ := markerServer(t, HTTPOptions{Version: "3.1.4", AdminToken: adminToken}, zerolog.Nop())
	info, err := Probe(context.Background(), h.addr, testToken)
	require.NoError(t, err)
	assert.Equal(t, Info{Version: "3.1.4", PID: os.Getpid()}, info)
	_, err = Probe(context.Background(), h.addr, strings.Repeat("cd", 32))
	require.ErrorIs(t, err, ErrNotOurs)
	require.Error(t, Shutdown(context.Background(), h.addr, strings.Repeat("cd", 32), adminToken))
	require.Error(t, Shutdown(context.Background(), h.addr, testToken, ""), "stopped without the admin token")

	require.NoError(t, Shutdown(context.Background(), h.addr, testToken, adminToken))
	require.NoError(t, h.waitDone(30*time.Second))
	_, err = Probe(context.Background(), h.addr, testToken)
	require.ErrorIs(t, err, ErrNotRunning)
}
