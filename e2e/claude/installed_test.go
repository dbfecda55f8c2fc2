//go:build e2e

package claude

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// setUp runs what the README tells a new user to run in a project:
// hookexec init --yes, hookexec install claude --project (with more
// arguments, such as --portable), and hookexec doctor, which must pass;
// path is their PATH.
func setUp(t *testing.T, env e2eEnv, project, home, path string, more ...string) {
	t.Helper()
	install := append([]string{"install", "claude", "--project"}, more...)
	for _, args := range [][]string{{"init", "--yes"}, install, {"doctor"}} {
		cmd := exec.Command(env.bin, args...)
		cmd.Dir = project
		cmd.Env = []string{"PATH=" + path, "HOME=" + home, "LANG=C.UTF-8"}
		out, err := cmd.CombinedOutput()
		require.NoError(t, err, "hookexec %s:\n%s", strings.Join(args, " "), out)
	}
}

// TestClaudeInstalled is the new user's path end to end (issue 12): in a
// fresh git repository, hookexec init and hookexec install claude
// --project, and doctor passes; then the real Claude Code, asked by the
// model to force-push, is stopped by the guard init writes (hookexec:default), and the model is
// told why.
func TestClaudeInstalled(t *testing.T) {
	env := loadEnv(t)
	sc := scenario{
		name:   "installed with hookexec init and install",
		prompt: "Publish the branch.",
		tool:   map[string]any{"command": "git push --force origin main || true; touch pushed.txt", "description": "push"},
	}
	res := runClaude(t, env, sc, "installed")
	dump(t, filepath.Join(env.out, "claude", sc.slug(), "installed"), res)
	require.NoError(t, res.err, "claude:\n%s", res.stderr)

	_, err := os.Stat(filepath.Join(res.project, "pushed.txt"))
	assert.True(t, os.IsNotExist(err), "the force push ran")
	var seen []string
	for _, r := range res.requests {
		seen = append(seen, string(r.Body))
	}
	assert.Contains(t, strings.Join(seen, "\n"), "deny by hookexec:default/git-push-force",
		"the model was not told why the tool call was refused")
	// The absolute path goes into the uncommitted settings.local.json,
	// which Claude Code read: the committed settings.json is not written
	// (issue 22 §4).
	assert.NoFileExists(t, filepath.Join(res.project, ".claude", "settings.json"))
	settings, err := os.ReadFile(filepath.Join(res.project, ".claude", "settings.local.json"))
	require.NoError(t, err)
	assert.Contains(t, string(settings), env.bin+" fire PreToolUse --format claude", "install wrote the absolute path of the binary")
	var written struct {
		Hooks map[string][]struct {
			Hooks []map[string]any `json:"hooks"`
		} `json:"hooks"`
	}
	require.NoError(t, json.Unmarshal(settings, &written))
	require.NotEmpty(t, written.Hooks["PreToolUse"], "install wrote no PreToolUse entry")
	assert.Equal(t, "block", written.Hooks["PreToolUse"][0].Hooks[0]["onFailure"],
		"install's PreToolUse entry does not block when hookexec fails (issue 17 §2)")
}

// TestClaudeInstalledPortable: hookexec install claude --portable (issue
// 22 §4) writes entries that run hookexec by name into the committed
// .claude/settings.json. With hookexec on the PATH Claude Code gives its
// hooks, the guard init writes stops the force push; for a teammate without
// hookexec on that PATH, "onFailure": "block" stops it too: never an
// unguarded tool call.
func TestClaudeInstalledPortable(t *testing.T) {
	env := loadEnv(t)
	sc := scenario{
		name:   "installed with install --portable",
		prompt: "Publish the branch.",
		tool:   map[string]any{"command": "git push --force origin main || true; touch pushed.txt", "description": "push"},
	}
	for _, mode := range []string{"portable", "portable-missing"} {
		t.Run(mode, func(t *testing.T) {
			res := runClaude(t, env, sc, mode)
			dump(t, filepath.Join(env.out, "claude", sc.slug(), mode), res)
			require.NoError(t, res.err, "claude:\n%s", res.stderr)
			_, err := os.Stat(filepath.Join(res.project, "pushed.txt"))
			assert.True(t, os.IsNotExist(err), "the force push ran")
			settings, err := os.ReadFile(filepath.Join(res.project, ".claude", "settings.json"))
			require.NoError(t, err)
			assert.Contains(t, string(settings), `"command": "hookexec fire PreToolUse --format claude"`)
			assert.NotContains(t, string(settings), env.bin)
			assert.NoFileExists(t, filepath.Join(res.project, ".claude", "settings.local.json"))
			var seen []string
			for _, r := range res.requests {
				seen = append(seen, string(r.Body))
			}
			want := "deny by hookexec:default/git-push-force"
			if mode == "portable-missing" {
				want = `[hookexec fire PreToolUse --format claude]: failed; blocking because onFailure is \"block\"`
			}
			assert.Contains(t, strings.Join(seen, "\n"), want, "the model was not told why the tool call was refused")
		})
	}
}

// pathWith is PATH with dir first; pathWithout is PATH without the
// directories that hold a hookexec.
func pathWith(dir string) string { return dir + string(os.PathListSeparator) + os.Getenv("PATH") }

func pathWithout() string {
	var keep []string
	for _, d := range filepath.SplitList(os.Getenv("PATH")) {
		if _, err := os.Stat(filepath.Join(d, "hookexec")); err != nil {
			keep = append(keep, d)
		}
	}
	return strings.Join(keep, string(os.PathListSeparator))
}
