//go:build e2e && unix

package qwen

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookexec/hookexec/e2e/fakeopenai"
	"github.com/hookexec/hookexec/e2e/harness"
)

// TestQwenInstalled is the new user's path end to end: in a fresh
// project, hookexec init and hookexec install qwen --project, and doctor
// passes; then the real Qwen Code, asked by the model to force-push, is
// stopped by the guard init writes (hookexec:default), and the model is told why.
func TestQwenInstalled(t *testing.T) {
	env := loadEnv(t)
	sc := scenario{
		name:   "installed with hookexec init and install",
		prompt: "Publish the branch.",
		tool:   fakeopenai.Call("run_shell_command", map[string]any{"command": "git push --force origin main || true; touch pushed.txt"}),
	}
	res := runQwen(t, env, sc, "installed")
	dump(t, filepath.Join(env.out, "qwen", harness.Slug(sc.name), "installed"), res)
	require.NoError(t, res.err, "qwen:\n%s", res.stderr)

	_, err := os.Stat(filepath.Join(res.project, "pushed.txt"))
	assert.True(t, os.IsNotExist(err), "the force push ran")
	assert.True(t, res.model.Saw("deny by hookexec:default/git-push-force"),
		"the model was not told why the tool call was refused")
	settings, err := os.ReadFile(filepath.Join(res.project, ".qwen", "settings.json"))
	require.NoError(t, err)
	assert.Contains(t, string(settings), env.bin+" fire PreToolUse --format qwen", "install wrote the absolute path of the binary")
}
