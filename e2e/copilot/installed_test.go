//go:build e2e && unix

package copilot

import (
	"bytes"
	"encoding/json"
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

// nativeGuard is a native policy as a user writes it once for every agent:
// @shell, reading the normalized view's command (issue 20), denying a
// command that holds deny. It counts its runs in the project, so that a
// policy run twice shows.
func nativeGuard(deny string) string {
	return `{"hooks": {"BeforeTool": [{"matcher": "@shell", "hooks": [{"type": "command",
  "command": "echo x >> \"$COPILOT_PROJECT_DIR/guard-runs\"; grep -q '\"command\":\"` + deny + `' && { echo native-deny >&2; exit 2; }; exit 0"}]}]}}`
}

// installedRun is one copilot -p run in a project set up by the given
// hookexec commands (each run with HOME and COPILOT_HOME set), with the
// native guard as the user's hookexec config.
type installedRun struct {
	project, home string
	setup         []string // each command's output
	guardRuns     int
	toolRan       bool
	seen          string
	exit          int
	warnings      []string // Copilot's session.warning messages
}

func runInstalled(t *testing.T, env e2eEnv, deny string, trustFolder bool, setups ...[]string) installedRun {
	t.Helper()
	return runInstalledFiles(t, env, deny, trustFolder, nil, setups...)
}

// runInstalledFiles is runInstalled with files written first (path
// relative to the run's directory, home/... or project/...: content, with
// $BIN for hookexec).
func runInstalledFiles(t *testing.T, env e2eEnv, deny string, trustFolder bool, files map[string]string, setups ...[]string) installedRun {
	t.Helper()
	base := t.TempDir()
	r := installedRun{project: filepath.Join(base, "project"), home: filepath.Join(base, "home")}
	copilotHome := filepath.Join(r.home, ".copilot")
	for _, d := range []string{r.project, filepath.Join(copilotHome, "hooks"), filepath.Join(r.home, ".config", "hookexec")} {
		require.NoError(t, os.MkdirAll(d, 0o755))
	}
	for name, content := range files {
		path := filepath.Join(base, filepath.FromSlash(name))
		require.NoError(t, os.MkdirAll(filepath.Dir(path), 0o755))
		require.NoError(t, os.WriteFile(path, []byte(strings.ReplaceAll(content, "$BIN", env.bin)), 0o644))
	}
	require.NoError(t, os.WriteFile(filepath.Join(r.home, ".config", "hookexec", "hooks.json"), []byte(nativeGuard(deny)), 0o600))
	envv := []string{"PATH=" + os.Getenv("PATH"), "HOME=" + r.home, "LANG=C.UTF-8", "TERM=dumb", "TMPDIR=" + os.TempDir(),
		"XDG_CACHE_HOME=" + env.cache, "COPILOT_HOME=" + copilotHome, "COPILOT_OFFLINE=true", "COPILOT_AUTO_UPDATE=false",
		"COPILOT_MODEL=fake-model", "COPILOT_PROVIDER_API_KEY=dummy", "NO_PROXY=127.0.0.1", "HOOKEXEC_E2E_RUN=" + base}
	for _, args := range setups {
		cmd := exec.Command(env.bin, args...)
		cmd.Dir, cmd.Env = r.project, envv
		out, err := cmd.CombinedOutput()
		r.setup = append(r.setup, strings.TrimSpace(string(out)))
		if err != nil {
			r.setup[len(r.setup)-1] += " (" + err.Error() + ")"
		}
	}
	srv := fakeopenai.Start(t, fakeopenai.Script{Tools: []fakeopenai.ToolCall{toolCall(scenario{})}, Final: "done"})
	args := []string{"-p", "Run the command.", "--output-format", "json", "--allow-all-tools", "--disable-client-telemetry"}
	if trustFolder {
		args = append(args, "--trust-folder")
	}
	envv = append(envv, "COPILOT_PROVIDER_BASE_URL="+srv.URL+"/v1")
	run := harness.Run{Program: env.copilot, Args: args, Dir: r.project, Env: envv, Marker: base, Timeout: runTimeout}.Do()
	r.exit = run.Exit
	runs, _ := os.ReadFile(filepath.Join(r.project, "guard-runs"))
	r.guardRuns = strings.Count(string(runs), "x")
	r.toolRan = exists(r.project, "marker")
	for _, line := range bytes.Split(run.Stdout, []byte("\n")) {
		var ev struct {
			Type string `json:"type"`
			Data struct {
				Message string `json:"message"`
			} `json:"data"`
		}
		if json.Unmarshal(line, &ev) == nil && ev.Type == "session.warning" {
			r.warnings = append(r.warnings, ev.Data.Message)
		}
	}
	if main := srv.Main(); len(main) > 1 && len(main[1].ToolResults()) > 0 {
		r.seen = main[1].ToolResults()[0]
	}
	return r
}

// TestNativePolicyThroughInstall: a native policy matched by @shell and
// reading the view's command holds under Copilot's camelCase events, as
// install copilot sets them up (the lost camelCase deny), and the
// model reads its reason.
func TestNativePolicyThroughInstall(t *testing.T) {
	env := loadEnv(t)
	r := runInstalled(t, env, "echo ran", false, []string{"install", "copilot", "--user"})
	t.Logf("setup: %q", r.setup)
	assert.False(t, r.toolRan, "the guard denied the shell command")
	assert.Equal(t, 1, r.guardRuns)
	assert.Contains(t, r.seen, "native-deny")
}

// TestClaudeEntriesUnderCopilot: in a trusted folder Copilot runs the
// project's .claude/settings.json too, so hookexec's Claude entries guard
// Copilot's tool calls (the deny holds under the PascalCase names), and
// installing for both runs every policy twice: install refuses the second
// set unless --double-fire.
func TestClaudeEntriesUnderCopilot(t *testing.T) {
	env := loadEnv(t)
	t.Run("claude entries alone", func(t *testing.T) {
		r := runInstalled(t, env, "echo ran", true, []string{"install", "claude"})
		t.Logf("setup: %q", r.setup)
		assert.False(t, r.toolRan)
		assert.Equal(t, 1, r.guardRuns, "Copilot ran hookexec's Claude entry")
	})
	t.Run("install copilot refuses to double-fire", func(t *testing.T) {
		r := runInstalled(t, env, "echo ran", true, []string{"install", "claude"}, []string{"install", "copilot"})
		t.Logf("setup: %q", r.setup)
		require.Len(t, r.setup, 2)
		assert.Contains(t, r.setup[1], "double-fire")
		assert.Equal(t, 1, r.guardRuns)
	})
	t.Run("both sets with --double-fire run the policy twice", func(t *testing.T) {
		// The guard allows here: Copilot stops at the first hook that
		// denies, so a deny would hide the second run.
		r := runInstalled(t, env, "no such command", true, []string{"install", "claude"}, []string{"install", "copilot", "--double-fire"})
		t.Logf("setup: %q", r.setup)
		assert.True(t, r.toolRan)
		assert.Equal(t, 2, r.guardRuns, "Copilot ran hookexec under both names")
	})
	t.Run("the user's Claude settings are not read", func(t *testing.T) {
		r := runInstalled(t, env, "echo ran", true, []string{"install", "claude", "--user"})
		t.Logf("setup: %q", r.setup)
		assert.True(t, r.toolRan)
		assert.Equal(t, 0, r.guardRuns, "Copilot CLI does not run ~/.claude/settings.json")
	})
	t.Run("a deny stops Copilot's other hooks", func(t *testing.T) {
		r := runInstalled(t, env, "echo ran", true, []string{"install", "claude"}, []string{"install", "copilot", "--double-fire"})
		assert.False(t, r.toolRan)
		assert.Equal(t, 1, r.guardRuns, "Copilot runs no hook after one denied")
	})
}

// TestFormatUnderPascalCaseNames: Copilot reads --format copilot's answer
// also when hookexec is registered under Claude Code's names, where it
// sends Claude-shaped payloads (issue 20: the answer must hold in both
// dialects).
func TestFormatUnderPascalCaseNames(t *testing.T) {
	env := loadEnv(t)
	entry := `{"version": 1, "hooks": {"PreToolUse": [{"type": "command", "bash": "$BIN fire PreToolUse --format copilot", "timeoutSec": 60}]}}`
	r := runInstalledFiles(t, env, "echo ran", false, map[string]string{"home/.copilot/hooks/hookexec.json": entry})
	assert.False(t, r.toolRan, "the deny holds under PreToolUse")
	assert.Equal(t, 1, r.guardRuns)
	assert.Contains(t, r.seen, "native-deny")
}

// TestUntrustedProjectNotice: a project's own hookexec policies that are
// not trusted do not run, the tool call they would have guarded is denied
// until the project is trusted (SPEC §2.5), and Copilot's user hears of
// it: hookexec's notice on sessionStart reaches Copilot's warnings through
// exit 2, where Copilot alone would only log a systemMessage.
func TestUntrustedProjectNotice(t *testing.T) {
	env := loadEnv(t)
	guard := `{"hooks": {"BeforeTool": [{"matcher": "@shell", "hooks": [{"type": "command", "command": "echo project-deny >&2; exit 2"}]}]}}`
	r := runInstalledFiles(t, env, "no such command", false, map[string]string{"project/.hookexec/hooks.json": guard},
		[]string{"install", "copilot", "--user", "--events", "preToolUse,sessionStart"})
	t.Logf("setup: %q, warnings: %q", r.setup, r.warnings)
	assert.False(t, r.toolRan, "an untrusted project's guard does not run, so the call is denied")
	require.NotEmpty(t, r.warnings)
	assert.Contains(t, strings.Join(r.warnings, "\n"), "not trusted")
}
