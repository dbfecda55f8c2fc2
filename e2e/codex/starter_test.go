//go:build e2e && unix

package codex

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookexec/hookexec/e2e/fakeopenai"
	"github.com/hookexec/hookexec/e2e/harness"
)

// TestCodexNativePolicies: policies written once for every agent guard
// Codex. The guard hookexec init writes (hookexec:default) and a native
// "@edit|@write" policy in .hookexec/hooks.json, trusted with hookexec
// trust and run through the entries install codex writes (and trusts),
// block Codex's Bash and apply_patch, and the model reads why.
func TestCodexNativePolicies(t *testing.T) {
	e := setup(t)
	dir := filepath.Join(e.base, "native")
	home, codexHome, project := filepath.Join(dir, "home"), filepath.Join(dir, "codex-home"), filepath.Join(dir, "project")
	for _, d := range []string{home, codexHome, project} {
		require.NoError(t, os.MkdirAll(d, 0o755))
	}
	runEnv := []string{"PATH=" + os.Getenv("PATH"), "HOME=" + home, "CODEX_HOME=" + codexHome, "TERM=dumb", "SHELL=/bin/sh",
		"HOOKEXEC_E2E_FAKE_KEY=dummy", "HOOKEXEC_E2E_RUN=" + dir}
	hookexec := func(args ...string) string {
		cmd := exec.Command(e.bin, args...)
		cmd.Dir, cmd.Env = project, runEnv
		out, err := cmd.CombinedOutput()
		require.NoError(t, err, "hookexec %v: %s", args, out)
		return string(out)
	}
	hookexec("init")
	file := filepath.Join(project, ".hookexec", "hooks.json")
	data, err := os.ReadFile(file)
	require.NoError(t, err)
	var cfg map[string]any
	require.NoError(t, json.Unmarshal(data, &cfg))
	hooks := cfg["hooks"].(map[string]any)
	hooks["BeforeTool"] = append(hooks["BeforeTool"].([]any), map[string]any{"matcher": "@edit|@write",
		"hooks": []any{map[string]any{"type": "command", "command": "echo 'MK-NATIVE-EDIT no edits here' >&2; exit 2"}}})
	data, err = json.MarshalIndent(cfg, "", "  ")
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(file, data, 0o644))
	hookexec("trust", "--yes")

	for _, tc := range []struct {
		name string
		call fakeopenai.ToolCall
		saw  string
		file string // a file the tool would create
	}{
		{"the guard init writes blocks a force push", fakeopenai.Call("exec_command", map[string]any{"cmd": "git push --force origin main > pushed.txt"}),
			"deny by hookexec:default/git-push-force", "pushed.txt"},
		{"@edit|@write blocks apply_patch", patch, "MK-NATIVE-EDIT", "notes.txt"},
	} {
		fake, err := fakeopenai.Listen(fakeopenai.Script{Tools: []fakeopenai.ToolCall{tc.call}, Final: finalText, Model: "gpt-5.5"})
		require.NoError(t, err)
		require.NoError(t, os.WriteFile(filepath.Join(codexHome, "config.toml"), []byte(baseConfig(fake.URL+"/v1")), 0o600))
		out := hookexec("install", "codex", "--project-dir", project)
		require.Contains(t, out, "trusted by hash")
		code := e.codexExec(t, dir, project, runEnv, harness.Slug(tc.name))
		assert.Equal(t, 0, code, tc.name)
		assert.True(t, fake.Saw(tc.saw), "%s: the model reads %q", tc.name, tc.saw)
		assert.NoFileExists(t, filepath.Join(project, tc.file), "%s: the tool did not run", tc.name)
		_ = fake.Close()
		hookexec("uninstall", "codex", "--project-dir", project)
	}
}
