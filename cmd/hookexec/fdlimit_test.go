//go:build linux

package main

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// 40 parallel hooks under a hard limit of 32 open files, as an
// unprivileged user: Go's own raise of the soft limit to the hard
// one does not help, so spawns queue for descriptors and all run. With a
// limit too low for even one hook, every hook is a spawn_error that names
// the limit, and fire fails open without crashing.
func TestFireUnderLowFileLimit(t *testing.T) {
	setpriv, dir, bin := unprivilegedSetup(t)
	var commands []string
	for i := range 40 {
		commands = append(commands, fmt.Sprintf("echo h%d", i))
	}
	config := filepath.Join(dir, "hooks.json")
	writeHooks(t, config, commands)

	fire := func(limit int) (map[string]int, []string) {
		return fireLimited(t, setpriv, dir, bin, fmt.Sprintf("ulimit -n %d", limit), config, 40)
	}

	outcomes, errs := fire(32)
	assert.Equal(t, map[string]int{"success": 40}, outcomes, "errors: %q", errs)

	outcomes, errs = fire(14)
	assert.Equal(t, map[string]int{"spawn_error": 40}, outcomes)
	for _, e := range errs {
		assert.Contains(t, e, "RLIMIT_NOFILE is 14 open files")
	}
}

// fireLimited runs `hookexec fire BeforeTool --config config` as nobody in
// dir after the shell command limit (bash, for ulimit -u), and returns the
// count of each outcome and the hooks' errors. fire must exit 0 with n
// hooks in its verdict: a limit never crashes it.
func fireLimited(t *testing.T, setpriv, dir, bin, limit, config string, n int, args ...string) (outcomes map[string]int, errs []string) {
	t.Helper()
	script := limit + `; exec "$0" fire BeforeTool --config "$@"`
	cmd := exec.Command(setpriv, append([]string{"--reuid=65534", "--regid=65534", "--clear-groups", "--", "bash", "-c", script, bin, config}, args...)...)
	cmd.Dir = dir
	cmd.Env = []string{"PATH=/usr/local/bin:/usr/bin:/bin", "HOME=" + dir, "GORACE=atexit_sleep_ms=0"}
	cmd.Stdin = strings.NewReader(`{"tool_name":"run_shell_command"}`)
	out, err := cmd.Output()
	require.NoError(t, err, "stderr: %.2000s", stderrOf(err))
	var v struct {
		Hooks []struct {
			Outcome string `json:"outcome"`
			Error   string `json:"error"`
		} `json:"hooks"`
	}
	require.NoError(t, json.Unmarshal(out, &v), string(out))
	require.Len(t, v.Hooks, n)
	outcomes = make(map[string]int)
	for _, h := range v.Hooks {
		outcomes[h.Outcome]++
		if h.Error != "" {
			errs = append(errs, h.Error)
		}
	}
	return outcomes, errs
}

// writeHooks writes a config with one BeforeTool hook per command.
func writeHooks(t *testing.T, path string, commands []string) {
	t.Helper()
	var hooks []string
	for _, c := range commands {
		b, err := json.Marshal(c)
		require.NoError(t, err)
		hooks = append(hooks, `{"type":"command","command":`+string(b)+`}`)
	}
	require.NoError(t, os.WriteFile(path, []byte(`{"hooks":{"BeforeTool":[{"hooks":[`+strings.Join(hooks, ",")+`]}]}}`), 0o644))
}
