//go:build windows

package main

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookexec/hookexec/internal/testfs"
	"github.com/hookexec/hookexec/internal/testproc"
)

// TestFireOnWindowsAsync: an async hook runs under a detached supervisor
// (its own process group, no console): fire answers while the hook waits,
// and the hook then runs to its end.
func TestFireOnWindowsAsync(t *testing.T) {
	dir := testfs.TempDir(t)
	goFile, marker := filepath.Join(dir, "go"), filepath.Join(dir, "marker")
	hook := fmt.Sprintf(`{"type": "command", "async": true, "timeout": 60000, "command": "testhook waitfile \"%s\" && echo done>\"%s\""}`, jsonEscape(goFile), jsonEscape(marker))
	r := fire(t, hooksConfig(hook))
	assert.Equal(t, 0, r.code, "stderr: %s", r.stderr)
	require.Len(t, r.verdict.Hooks, 1)
	assert.Equal(t, "async", r.verdict.Hooks[0].Outcome)
	assert.NoFileExists(t, marker)

	require.NoError(t, os.WriteFile(goFile, nil, 0o644))
	require.Eventually(t, func() bool { _, err := os.Stat(marker); return err == nil }, 60*time.Second, 50*time.Millisecond)
}

// TestFireOnWindowsAsyncBounded: an async hook and what it started are
// killed once its timeout and the kill grace are over.
func TestFireOnWindowsAsyncBounded(t *testing.T) {
	n := 20000 + os.Getpid()%20000
	started, waited := fmt.Sprintf("ping -n %d ", n), fmt.Sprintf("ping -n %d ", n+1)
	ready := filepath.Join(testfs.TempDir(t), "ready")
	hook := fmt.Sprintf(`{"type": "command", "async": true, "timeout": 6000, "command": "start /b %s127.0.0.1 >NUL & echo x>\"%s\"& %s127.0.0.1 >NUL"}`, started, jsonEscape(ready), waited)
	r := fire(t, hooksConfig(hook), "--kill-grace", "500ms")
	assert.Equal(t, 0, r.code, "stderr: %s", r.stderr)
	require.Len(t, r.verdict.Hooks, 1)
	assert.Equal(t, "async", r.verdict.Hooks[0].Outcome)
	require.Eventually(t, func() bool { _, err := os.Stat(ready); return err == nil }, 60*time.Second, 50*time.Millisecond, "the hook runs")
	for _, m := range []string{started, waited} {
		require.Eventually(t, func() bool {
			pids, err := testproc.Survivors(m)
			return err == nil && len(pids) == 0
		}, 60*time.Second, 200*time.Millisecond, "no %q is left after the timeout", m)
	}
}

func jsonEscape(s string) string {
	b := []byte{}
	for _, c := range []byte(s) {
		if c == '\\' || c == '"' {
			b = append(b, '\\')
		}
		b = append(b, c)
	}
	return string(b)
}
