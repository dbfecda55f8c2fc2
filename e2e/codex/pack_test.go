//go:build e2e && unix

package codex

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookexec/hookexec/e2e/fakeopenai"
	"github.com/hookexec/hookexec/e2e/harness"
)

// packDestructive is the destructive call of TestCodexPack: git reset
// --hard, which discards the uncommitted change, and which Codex runs with
// its approvals off and no sandbox (the suite's config.toml). Codex
// refuses rm -rf by itself ("rm -f style commands are not permitted").
const packDestructive = "git reset --hard"

// TestCodexPack: the built-in pack hookexec:default as the project's only
// guard (docs/rules.md), with the real Codex. The fake model asks for an
// everyday shell call (harness.PackEveryday), then for a destructive one.
// First Codex alone: the delete happens, so what stops it later is
// hookexec. Then with the pack in .hookexec/hooks.json, trusted, and the
// entries install codex writes: the everyday call runs, the delete is
// denied, nothing is lost, and the model reads the pack's reason. The row
// goes to OUT/codex-pack.md.
func TestCodexPack(t *testing.T) {
	e := setup(t)
	dir := filepath.Join(e.base, "pack")
	home, codexHome := filepath.Join(dir, "home"), filepath.Join(dir, "codex-home")
	for _, d := range []string{home, codexHome} {
		require.NoError(t, os.MkdirAll(d, 0o755))
	}
	runEnv := []string{"PATH=" + os.Getenv("PATH"), "HOME=" + home, "CODEX_HOME=" + codexHome, "TERM=dumb", "SHELL=/bin/sh",
		"HOOKEXEC_E2E_FAKE_KEY=dummy", "HOOKEXEC_E2E_RUN=" + dir}
	// In the HOME, as projects are: a directory beside the project is the
	// user's (the temporary directory holding the test's is not).
	f := harness.NewPackFixture(t, filepath.Join(home, "work"), runEnv)
	hookexec := func(args ...string) string {
		cmd := exec.Command(e.bin, args...)
		cmd.Dir, cmd.Env = f.Project, runEnv
		out, err := cmd.CombinedOutput()
		require.NoError(t, err, "hookexec %v: %s", args, out)
		return string(out)
	}
	session := func(name string) *fakeopenai.Server {
		fake, err := fakeopenai.Listen(fakeopenai.Script{Model: "gpt-5.5", Final: finalText, Tools: []fakeopenai.ToolCall{
			fakeopenai.Call("exec_command", map[string]any{"cmd": harness.PackEveryday}),
			fakeopenai.Call("exec_command", map[string]any{"cmd": packDestructive}),
		}})
		require.NoError(t, err)
		t.Cleanup(func() { _ = fake.Close() })
		require.NoError(t, os.WriteFile(filepath.Join(codexHome, "config.toml"), []byte(baseConfig(fake.URL+"/v1")), 0o600))
		if name == "guarded" {
			require.Contains(t, hookexec("install", "codex", "--project-dir", f.Project), "trusted by hash")
		}
		assert.Equal(t, 0, e.codexExec(t, dir, f.Project, runEnv, "pack-"+name), name)
		return fake
	}

	alone := session("alone")
	lostAlone := f.Lost()
	require.Contains(t, lostAlone, "the uncommitted change",
		"Codex alone did not run %s: a block by hookexec would prove nothing", packDestructive)
	assert.True(t, f.EverydayRan(), "Codex alone did not run the everyday call")
	assert.False(t, alone.Saw("hookexec:default"))
	f.Restore(t)

	f.WritePackConfig(t)
	hookexec("trust", "--yes")
	guarded := session("guarded")
	assert.True(t, f.EverydayRan(), "hookexec:default stopped the everyday call")
	lost := f.Lost()
	assert.Empty(t, lost, "%s ran through hookexec:default", packDestructive)
	reason := "hookexec:default/git-reset-hard"
	assert.True(t, guarded.Saw(reason), "the model reads the pack's reason %q", reason)
	assert.True(t, guarded.Saw("[destructive git]"), "the model reads the pack's category")
	out := hookexec("log", "--blocked")
	assert.Equal(t, 1, strings.Count(out, packDestructive), "hookexec log --blocked lists the block once:\n%s", out)

	harness.WritePackRow(t, filepath.Join(os.Getenv("HOOKEXEC_E2E_OUT"), "codex-pack.md"), harness.PackRow{
		Agent:       "Codex (`codex exec`, `approval_policy = \"never\"`, `sandbox_mode = \"danger-full-access\"`)",
		OwnChecks:   "its approval policy and sandbox, both off as a user running it unattended sets them; it refuses `rm -rf` by itself",
		Destructive: packDestructive, Alone: "ran it: " + harness.PackLost(lostAlone), Guarded: "denied: " + harness.PackLost(lost),
		Reason: strings.ReplaceAll(guarded.Message(reason), home, "<home>"), EverydayRan: f.EverydayRan(),
	})
}
