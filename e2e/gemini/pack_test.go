//go:build e2e && unix

package gemini

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

	"github.com/hookexec/hookexec/e2e/harness"
)

// packDestructive is the destructive call of TestGeminiPack: a recursive
// delete of a directory beside the project.
const packDestructive = "rm -rf ../other-project"

// TestGeminiPack: the built-in pack hookexec:default as the project's only
// guard (docs/rules.md), in the real hook engine of Gemini CLI
// (driver.mjs runs the CLI's own path for a tool call: the scheduler's
// evaluateBeforeToolHook). Without hooks the engine lets the destructive
// run_shell_command call run; with the pack in .hookexec/hooks.json,
// trusted, and the settings install gemini writes, the call is blocked
// with the pack's reason, and the everyday call still runs. The driver
// does not run the tool itself; the row goes to OUT/gemini-pack.md.
func TestGeminiPack(t *testing.T) {
	e := setupIn(t, "gemini-pack")
	w := e.startWorker(t, 0)
	defer w.stop()
	runEnv := []string{"PATH=" + os.Getenv("PATH"), "HOME=" + w.home, "LANG=C.UTF-8"}
	f := harness.NewPackFixture(t, filepath.Join(w.home, "work"), runEnv)
	hookexec := func(args ...string) {
		cmd := exec.Command(e.bin, args...)
		cmd.Dir, cmd.Env = f.Project, runEnv
		out, err := cmd.CombinedOutput()
		require.NoError(t, err, "hookexec %v: %s", args, out)
	}
	fire := func(name string, hooks map[string]any, command string) map[string]any {
		job, err := json.Marshal(map[string]any{"projectDir": f.Project, "sessionId": sessionID, "hooks": hooks, "event": "BeforeTool",
			"args": map[string]any{"tool_name": "run_shell_command", "tool_input": map[string]any{"command": command}}})
		require.NoError(t, err)
		raw, err := w.do(job)
		require.NoError(t, err, "driver.mjs failed; see its stderr in %s", e.out)
		require.NoError(t, os.WriteFile(filepath.Join(e.out, name+".json"), raw, 0o644))
		var out driverOutput
		require.NoError(t, json.Unmarshal(raw, &out))
		require.Empty(t, out.DriverError)
		return out.CLI
	}

	alone := fire("alone-destructive", map[string]any{}, packDestructive)
	require.Equal(t, "tool runs", alone["outcome"], "Gemini's engine alone stops %s: a block by hookexec would prove nothing", packDestructive)

	f.WritePackConfig(t)
	hookexec("trust", "--yes")
	hookexec("install", "gemini", "--project-dir", f.Project)
	data, err := os.ReadFile(filepath.Join(f.Project, ".gemini", "settings.json"))
	require.NoError(t, err)
	var settings struct {
		Hooks map[string]any `json:"hooks"`
	}
	require.NoError(t, json.Unmarshal(data, &settings))
	require.Contains(t, settings.Hooks, "BeforeTool", "install gemini's settings:\n%s", data)

	guarded := fire("guarded-destructive", settings.Hooks, packDestructive)
	assert.Equal(t, "tool blocked", guarded["outcome"], "hookexec:default let %s run: %v", packDestructive, guarded)
	reason := fmt.Sprint(guarded["error"])
	for _, want := range []string{"hookexec:default/rm-", "[destructive delete]", packDestructive} {
		assert.Contains(t, reason, want, "the model is not told the pack's reason")
	}
	everyday := fire("guarded-everyday", settings.Hooks, harness.PackEveryday)
	assert.Equal(t, "tool runs", everyday["outcome"], "hookexec:default stopped the everyday call: %v", everyday)

	harness.WritePackRow(t, filepath.Join(filepath.Dir(e.out), "gemini-pack.md"), harness.PackRow{
		Agent:       "Gemini CLI (the hook engine of @google/gemini-cli-core, the scheduler's path for a tool call)",
		OwnChecks:   "none in the hook engine (the CLI's policy engine and confirmation prompt are outside what the suite drives)",
		Destructive: packDestructive, Alone: fmt.Sprint(alone["outcome"]), Guarded: fmt.Sprint(guarded["outcome"]),
		Reason: strings.ReplaceAll(reason, w.home, "<home>"), EverydayRan: everyday["outcome"] == "tool runs",
	})
}
