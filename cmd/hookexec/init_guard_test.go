package main

import (
	"encoding/json"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookexec/hookexec/internal/testfs"
)

// TestInitGuardWithoutShellOnWindows: the guard init writes needs no shell
// (a rules hook, SPEC §4.8), so with nothing on PATH (no sh, no Git Bash,
// no cmd.exe) init, trust and fire still deny a destructive call and let
// an everyday one through. make test-windows runs it as a Windows binary
// under Wine; here it runs as a Linux one.
func TestInitGuardWithoutShellOnWindows(t *testing.T) {
	dir := testfs.TempDir(t)
	project, empty := filepath.Join(dir, "proj"), filepath.Join(dir, "empty")
	for k, v := range map[string]string{
		"PATH": empty, "HOME": dir, "USERPROFILE": dir, "XDG_CONFIG_HOME": filepath.Join(dir, "config"),
		"XDG_DATA_HOME": filepath.Join(dir, "data"), "XDG_STATE_HOME": filepath.Join(dir, "state"),
		"APPDATA": filepath.Join(dir, "config"), "LOCALAPPDATA": filepath.Join(dir, "data"),
		"HOOKEXEC_SYSTEM_DIR": filepath.Join(dir, "system"), "HOOKEXEC_AUDIT": "off", "HOOKEXEC_DEPTH": "",
		"HOOKEXEC_CONFIG": "", "HOOKEXEC_SHELL": "", "CLAUDE_PROJECT_DIR": "",
	} {
		t.Setenv(k, v)
	}
	code, stdout, stderr := runHookexec(t, "", "init", "--yes", project)
	require.Equal(t, 0, code, "init:\n%s\n%s", stdout, stderr)
	require.Contains(t, stdout, "trusted ")

	fire := func(command string) (int, map[string]any) {
		in, err := json.Marshal(map[string]any{"tool_name": "Bash", "cwd": project, "tool_input": map[string]any{"command": command}})
		require.NoError(t, err)
		code, stdout, stderr := runHookexec(t, string(in), "fire", "PreToolUse", "--project-dir", project)
		var v map[string]any
		require.NoError(t, json.Unmarshal([]byte(stdout), &v), "fire on %q:\n%s\n%s", command, stdout, stderr)
		return code, v
	}
	code, v := fire("git reset --hard")
	assert.Equal(t, 2, code, "%v", v)
	assert.Equal(t, "deny", v["decision"])
	assert.Contains(t, v["reason"], "hookexec:default/git-reset-hard")
	hooks, _ := v["hooks"].([]any)
	require.Len(t, hooks, 1)
	assert.Equal(t, "success", hooks[0].(map[string]any)["outcome"], "the guard ran, with no shell to start")

	code, v = fire("go test ./...")
	assert.Equal(t, 0, code, "%v", v)
	assert.Nil(t, v["decision"])
}
