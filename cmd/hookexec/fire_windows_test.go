//go:build windows

package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/hookexec/hookexec/internal/testfs"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookexec/hookexec/internal/testproc"
)

// The fire smoke test of the Windows build (run under Wine by `make
// test-windows`): hookexec, as testscript.Main put it on PATH, runs hooks
// with cmd.exe (no Git Bash there) and in exec form.

// fireResult is what one fire run gave.
type fireResult struct {
	code    int
	stdout  []byte
	stderr  string
	verdict struct {
		Blocked bool `json:"blocked"`
		Hooks   []struct {
			Outcome         string `json:"outcome"`
			Stdout          string `json:"stdout"`
			StdoutTruncated bool   `json:"stdoutTruncated"`
		} `json:"hooks"`
	}
	elapsed time.Duration
}

// fire runs `hookexec fire BeforeTool --config <config> args...` with a
// BeforeTool event on stdin, in a fresh directory.
func fire(t *testing.T, config string, args ...string) fireResult {
	t.Helper()
	dir := testfs.TempDir(t)
	cfg := filepath.Join(dir, "hooks.json")
	require.NoError(t, os.WriteFile(cfg, []byte(config), 0o644))
	bin, err := exec.LookPath("hookexec")
	require.NoError(t, err, "testscript.Main puts hookexec on PATH")
	cmd := exec.Command(bin, append([]string{"fire", "BeforeTool", "--config", cfg, "--project-dir", dir}, args...)...)
	cmd.Stdin = strings.NewReader(`{"tool_name":"write_file","tool_input":{"file_path":"x"}}`)
	cmd.Env = append(os.Environ(), "HOOKEXEC_DEPTH=", "XDG_CONFIG_HOME="+dir, "XDG_DATA_HOME="+dir, "HOOKEXEC_SYSTEM_DIR="+dir)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	start := time.Now()
	err = cmd.Run()
	r := fireResult{stdout: stdout.Bytes(), stderr: stderr.String(), elapsed: time.Since(start)}
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		r.code = ee.ExitCode()
	} else {
		require.NoError(t, err)
	}
	require.NoError(t, json.Unmarshal(r.stdout, &r.verdict), "stdout: %.300s\nstderr: %s", r.stdout, r.stderr)
	return r
}

func hooksConfig(hook string) string {
	return `{"hooks": {"BeforeTool": [{"matcher": "write_*", "hooks": [` + hook + `]}]}}`
}

func TestFireOnWindowsBlock(t *testing.T) {
	// cmd.exe is the shell (%OS% expands to Windows_NT); exit 2 blocks
	// with stderr as the reason.
	r := fire(t, hooksConfig(`{"type": "command", "command": "echo %OS% says no>&2& exit 2"}`))
	assert.Equal(t, 2, r.code, "stderr: %s", r.stderr)
	assert.True(t, r.verdict.Blocked)
	require.Len(t, r.verdict.Hooks, 1)
	assert.Equal(t, "blocked", r.verdict.Hooks[0].Outcome)
	assert.Equal(t, "Windows_NT says no", strings.TrimSpace(r.stderr))
}

func TestFireOnWindowsTimeoutKillsChild(t *testing.T) {
	n := 40000 + os.Getpid()%20000
	started, waited := fmt.Sprintf("ping -n %d ", n), fmt.Sprintf("ping -n %d ", n+1)
	// The timeout leaves Wine ample time to start both pings (the echo
	// between them shows it did).
	hook := fmt.Sprintf(`{"type": "command", "timeout": 6000, "command": "start /b %s127.0.0.1 >NUL & echo started& %s127.0.0.1 >NUL"}`, started, waited)
	r := fire(t, hooksConfig(hook), "--kill-grace", "500ms")
	assert.Equal(t, 0, r.code, "a timeout fails open; stderr: %s", r.stderr)
	require.Len(t, r.verdict.Hooks, 1)
	assert.Equal(t, "timeout", r.verdict.Hooks[0].Outcome)
	assert.Contains(t, r.verdict.Hooks[0].Stdout, "started")
	assert.Less(t, r.elapsed, 20*time.Second)
	for _, marker := range []string{started, waited} {
		pids, err := testproc.Survivors(marker)
		require.NoError(t, err)
		assert.Empty(t, pids, "no %q is left", marker)
	}
}

func TestFireOnWindowsTenMiBOutput(t *testing.T) {
	r := fire(t, hooksConfig(`{"type": "command", "command": "testhook", "args": ["flood", "10485760"]}`), "--max-output", "1048576")
	assert.Equal(t, 0, r.code, "stderr: %s", r.stderr)
	require.Len(t, r.verdict.Hooks, 1)
	h := r.verdict.Hooks[0]
	assert.Equal(t, "success", h.Outcome, "exit 9 would mean a write failed")
	assert.True(t, h.StdoutTruncated)
	// 1 MiB kept, then the marker counting the rest, all of it read.
	assert.True(t, strings.HasPrefix(h.Stdout, strings.Repeat("x", 1<<20)), "stdout starts with the 1 MiB kept")
	assert.Contains(t, h.Stdout[1<<20:], fmt.Sprintf("truncated; %d more bytes not kept", 9<<20))
	assert.Less(t, r.elapsed, 60*time.Second)
}
