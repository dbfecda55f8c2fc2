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
// unprivileged user (issue 9): Go's own raise of the soft limit to the hard
// one does not help, so spawns queue for descriptors and all run. With a
// limit too low for even one hook, every hook is a spawn_error that names
// the limit, and fire fails open without crashing.
func TestFireUnderLowFileLimit(t *testing.T) {
	setpriv, dir, bin := unprivilegedSetup(t)
	var hooks []string
	for i := range 40 {
		hooks = append(hooks, fmt.Sprintf(`{"type":"command","command":"echo h%d"}`, i))
	}
	config := filepath.Join(dir, "hooks.json")
	require.NoError(t, os.WriteFile(config, []byte(`{"hooks":{"BeforeTool":[{"hooks":[`+strings.Join(hooks, ",")+`]}]}}`), 0o644))

	fire := func(limit int) (outcomes map[string]int, errs []string) {
		script := fmt.Sprintf(`ulimit -n %d; exec "$0" fire BeforeTool --config "$1"`, limit)
		cmd := exec.Command(setpriv, "--reuid=65534", "--regid=65534", "--clear-groups", "--", "sh", "-c", script, bin, config)
		cmd.Dir = dir
		cmd.Env = []string{"PATH=/usr/local/bin:/usr/bin:/bin", "HOME=" + dir, "GORACE=atexit_sleep_ms=0"}
		cmd.Stdin = strings.NewReader(`{"tool_name":"run_shell_command"}`)
		out, err := cmd.Output()
		require.NoError(t, err, "stderr: %s", stderrOf(err))
		var v struct {
			Hooks []struct {
				Outcome string `json:"outcome"`
				Error   string `json:"error"`
			} `json:"hooks"`
		}
		require.NoError(t, json.Unmarshal(out, &v), string(out))
		require.Len(t, v.Hooks, 40)
		outcomes = make(map[string]int)
		for _, h := range v.Hooks {
			outcomes[h.Outcome]++
			if h.Error != "" {
				errs = append(errs, h.Error)
			}
		}
		return outcomes, errs
	}

	outcomes, errs := fire(32)
	assert.Equal(t, map[string]int{"success": 40}, outcomes, "errors: %q", errs)

	outcomes, errs = fire(14)
	assert.Equal(t, map[string]int{"spawn_error": 40}, outcomes)
	for _, e := range errs {
		assert.Contains(t, e, "RLIMIT_NOFILE is 14 open files")
	}
}
