//go:build unix

package server

import (
	"bufio"
	"encoding/json"
	"net/http"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/rs/zerolog"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookexec/hookexec/internal/audit"
)

// TestHTTPRequestsAreRecorded: each HTTP request the server runs appends
// one line to the decision log of the server's environment,
// after its answer.
func TestHTTPRequestsAreRecorded(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	log := filepath.Join(dir, "audit", "decisions.jsonl")
	require.NoError(t, os.MkdirAll(filepath.Dir(log), 0o700))
	cfg := writeConfig(t, dir, "echo denied >&2; exit 2")
	project := filepath.Join(dir, "project")
	require.NoError(t, os.MkdirAll(project, 0o700))
	getenv := func(k string) string {
		switch k {
		case "PATH":
			return os.Getenv("PATH")
		case audit.EnvFile:
			return log
		}
		return ""
	}
	h := startHTTP(t, New(testOptions(cfg, getenv, zerolog.Nop())), HTTPOptions{})
	for range 2 {
		status, body := h.post("PreToolUse", bashEvent(project), nil)
		require.Equal(t, http.StatusOK, status, body)
	}
	// The record is written after the answer is sent: wait for it.
	var recs []audit.Record
	require.Eventually(t, func() bool {
		recs = readRecords(t, log)
		return len(recs) == 2
	}, 10*time.Second, 10*time.Millisecond)
	for _, r := range recs {
		assert.Equal(t, audit.ViaServe, r.Via)
		assert.Equal(t, "claude", r.Format)
		assert.Equal(t, "PreToolUse", r.EventName)
		assert.Equal(t, "ls", r.Input)
		assert.True(t, r.Blocked)
		require.NotNil(t, r.Policy)
		assert.Equal(t, "denied\n", r.Policy.Stderr)
	}
}

func readRecords(t *testing.T, path string) []audit.Record {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		return nil
	}
	defer func() { _ = f.Close() }()
	var recs []audit.Record
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		var r audit.Record
		require.NoError(t, json.Unmarshal(sc.Bytes(), &r))
		recs = append(recs, r)
	}
	return recs
}
