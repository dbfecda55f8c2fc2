package registry

import (
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/hookexec/hookexec/internal/testevent"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The fixtures in testdata/dialects are laid out as the agents lay out
// their settings; each is read in its dialect (SPEC §2.2, §3.1).
const fixtures = "../../testdata/dialects"

func loadFixture(t *testing.T, rel string, d Dialect) *Registry {
	t.Helper()
	reg, err := Load(Options{Configs: []string{filepath.Join(fixtures, rel)}, Dialect: d, Getenv: env(nil)})
	require.NoError(t, err)
	require.Len(t, reg.Files, 1)
	return reg
}

// matching lists the commands of the hooks under key that match value, in
// plan order (disabled hooks included).
func matching(t *testing.T, reg *Registry, key, value string) []string {
	t.Helper()
	out := []string{}
	for _, h := range reg.ForEvent(testevent.Get(t, key)) {
		if h.Matcher.Match(value) {
			out = append(out, h.Target())
		}
	}
	return out
}

// byCommand finds the hook with this command.
func byCommand(t *testing.T, reg *Registry, command string) *Hook {
	t.Helper()
	for _, h := range reg.Hooks {
		if h.Command == command {
			return h
		}
	}
	t.Fatalf("no hook %q", command)
	return nil
}

type fixtureMatch struct {
	event, value string
	want         []string
}

func TestFixtureClaude(t *testing.T) {
	t.Parallel()
	reg := loadFixture(t, "claude/.claude/settings.json", "")
	assert.Equal(t, Claude, reg.Files[0].Dialect)
	assert.True(t, reg.Files[0].Enabled)

	// Timeouts are seconds; the default is 600 s; the shell is sh.
	assert.Equal(t, 5*time.Second, byCommand(t, reg, "echo bash-guard").Timeout)
	assert.Equal(t, 1500*time.Millisecond, byCommand(t, reg, "echo edit-regex").Timeout)
	h := byCommand(t, reg, "echo edit-or-write")
	assert.Zero(t, h.Timeout)
	assert.Equal(t, 600*time.Second, h.Dialect.DefaultTimeout())
	assert.Equal(t, []string{"sh"}, h.Dialect.DefaultShells(nil))

	for _, tt := range []fixtureMatch{
		{"PreToolUse", "Bash", []string{"echo bash-guard"}},
		{"PreToolUse", "Edit", []string{"echo edit-or-write", "echo edit-regex"}},
		{"PreToolUse", "Write", []string{"echo edit-or-write"}},
		{"PreToolUse", "NotebookEdit", []string{"echo edit-regex"}},
		{"PreToolUse", "mcp__memory", []string{"echo memory-server-name"}},
		{"PreToolUse", "mcp__memory__create_entities", []string{"echo memory-tools", "http://localhost:8080/hooks/pre-tool-use", "echo conditional"}},
		{"PreToolUse", "Bash(", []string{}},
		{"SessionStart", "startup", []string{"echo 'session context'", "echo 'branch main'"}},
		{"SessionStart", "clear", []string{}},
	} {
		assert.Equal(t, tt.want, matching(t, reg, tt.event, tt.value), "%s %s", tt.event, tt.value)
	}

	// "if" is read and compiled; the planner applies it.
	cond := byCommand(t, reg, "echo conditional")
	assert.Equal(t, "Bash(git *)", cond.If)
	require.NotNil(t, cond.IfRule)

	// Claude's prompt, agent and mcp_tool types are skipped, each with a
	// warning; so is nothing else (http hooks run). async and asyncRewake hooks are kept, marked to run
	// in the background. A regular expression that does not compile is
	// kept and never matches.
	stop := reg.ForEvent(testevent.Get(t, "Stop"))
	require.Len(t, stop, 1)
	assert.True(t, stop[0].Async && stop[0].AsyncRewake, "asyncRewake implies async")
	assert.True(t, byCommand(t, reg, "echo 'session context'").Async)
	assert.False(t, byCommand(t, reg, "echo 'branch main'").Async)
	w := warningTexts(reg)
	require.Len(t, w, 4, strings.Join(w, "\n"))
	for i, re := range []string{
		`^42:\d+: PreToolUse\[5\]: matcher "Bash\(" does not compile: .*; this matcher never matches$`,
		`^52:\d+: UserPromptSubmit\[0\]\.hooks\[1\]: unsupported hook type "prompt"`,
		`^68:\d+: Stop\[0\]\.hooks\[0\]: unsupported hook type "agent"`,
		`^70:\d+: Stop\[0\]\.hooks\[2\]: unsupported hook type "mcp_tool"`,
	} {
		assert.Regexp(t, re, w[i])
	}
}

func TestFixtureGemini(t *testing.T) {
	t.Parallel()
	reg := loadFixture(t, "gemini/.gemini/settings.json", "")
	assert.Equal(t, Gemini, reg.Files[0].Dialect)
	assert.Empty(t, reg.Warnings, "an invalid regexp falls back to exact equality silently")
	assert.Equal(t, []string{"noisy-logger"}, disabledNames(reg))
	h := byCommand(t, reg, "echo write-guard")
	assert.Equal(t, 1500*time.Millisecond, h.Timeout, "milliseconds")
	assert.Equal(t, 60*time.Second, h.Dialect.DefaultTimeout())
	assert.Equal(t, []string{"bash", "sh"}, h.Dialect.DefaultShells(nil))

	for _, tt := range []fixtureMatch{
		// Unanchored regular expressions on tool names: write_* is "write"
		// followed by any number of "_", so it matches overwrite too.
		{"BeforeTool", "write_file", []string{"echo write-guard", "echo write-star", "echo noisy"}},
		{"BeforeTool", "replace", []string{"echo write-guard", "echo noisy"}},
		{"BeforeTool", "overwrite", []string{"echo write-star", "echo noisy"}},
		{"BeforeTool", "read_file", []string{"echo noisy"}},
		{"BeforeTool", "run_shell_command(", []string{"echo exact-fallback", "echo noisy"}},
		{"BeforeTool", "run_shell_command", []string{"echo noisy"}},
		// Exact equality on the other match values.
		{"SessionStart", "startup", []string{"echo startup-exact"}},
		{"SessionStart", "start.*", []string{"echo start-regex"}},
		{"PreCompress", "auto", []string{"echo auto-compress"}},
		{"PreCompress", "automatic", []string{}},
	} {
		assert.Equal(t, tt.want, matching(t, reg, tt.event, tt.value), "%s %s", tt.event, tt.value)
	}
}

func TestFixtureLLxprt(t *testing.T) {
	t.Parallel()
	reg := loadFixture(t, "llxprt/.llxprt/settings.json", "")
	assert.Equal(t, LLxprt, reg.Files[0].Dialect)
	assert.Empty(t, reg.Warnings)
	h := byCommand(t, reg, "echo llxprt-write-guard")
	assert.Equal(t, 2*time.Second, h.Timeout)
	assert.True(t, h.Sequential)

	for _, tt := range []fixtureMatch{
		{"BeforeTool", "write_file", []string{"echo llxprt-write-guard", "echo llxprt-write-star"}},
		{"BeforeTool", "overwrite", []string{"echo llxprt-write-star"}},
		{"BeforeTool", "[", []string{"echo exact-bracket"}},
		{"BeforeTool", "read_file", []string{}},
		{"SessionStart", "startup", []string{}},
		// "|" is no alternative outside tool names: exact equality.
		{"PreCompress", "auto", []string{}},
		{"PreCompress", "manual|auto", []string{"echo either-trigger"}},
	} {
		assert.Equal(t, tt.want, matching(t, reg, tt.event, tt.value), "%s %s", tt.event, tt.value)
	}
}

func TestFixtureClaudePlugin(t *testing.T) {
	t.Parallel()
	reg := loadFixture(t, "claude-plugin/guard-plugin/hooks/hooks.json", "")
	assert.Equal(t, Claude, reg.Files[0].Dialect)
	require.Len(t, reg.Hooks, 1)
	h := reg.Hooks[0]
	assert.Equal(t, 10*time.Second, h.Timeout)
	root, err := filepath.Abs(filepath.Join(fixtures, "claude-plugin", "guard-plugin"))
	require.NoError(t, err)
	assert.Equal(t, map[string]string{"CLAUDE_PLUGIN_ROOT": root}, h.Env)
	assert.Equal(t, root, PluginRoot(filepath.Join(fixtures, "claude-plugin/guard-plugin/hooks/hooks.json")))
	assert.Equal(t, []string{"${CLAUDE_PLUGIN_ROOT}/scripts/guard.sh"}, matching(t, reg, "PreToolUse", "Bash"))

	// --dialect changes how the file is read, not where the plugin is.
	reg = loadFixture(t, "claude-plugin/guard-plugin/hooks/hooks.json", Native)
	assert.Equal(t, Native, reg.Files[0].Dialect)
	assert.Equal(t, 10*time.Millisecond, reg.Hooks[0].Timeout)
	assert.Equal(t, root, reg.Hooks[0].Env["CLAUDE_PLUGIN_ROOT"])
}

// --dialect forces the dialect of a file in an agent's directory.
func TestFixtureForcedDialect(t *testing.T) {
	t.Parallel()
	reg := loadFixture(t, "claude/.claude/settings.json", Native)
	assert.Equal(t, Native, reg.Files[0].Dialect)
	assert.Equal(t, 5*time.Millisecond, byCommand(t, reg, "echo bash-guard").Timeout)
	assert.Equal(t, []string{"echo edit-or-write"}, matching(t, reg, "PreToolUse", "Edit")[:1])
	assert.NotContains(t, matching(t, reg, "PreToolUse", "NotebookEdit"), "echo edit-regex", "Edit.* is a glob in the native dialect")
}

// A plugin's own env setting for CLAUDE_PLUGIN_ROOT wins; files that are not
// a plugin's hooks/hooks.json get none.
func TestPluginRootEnv(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, "p", ".claude-plugin", "plugin.json"), `{"name": "p"}`)
	path := writeFile(t, filepath.Join(dir, "p", "hooks", "hooks.json"), `{"hooks": {"Stop": [{"hooks": [
		{"type": "command", "command": "a", "env": {"CLAUDE_PLUGIN_ROOT": "/mine", "X": "1"}},
		{"type": "command", "command": "b"}]}]}}`)
	other := writeFile(t, filepath.Join(dir, "p", "hooks", "other.json"), `{"hooks": {"Stop": [{"hooks": [{"type": "command", "command": "c"}]}]}}`)
	reg, err := Load(Options{Configs: []string{path, other}, Getenv: env(nil)})
	require.NoError(t, err)
	require.Len(t, reg.Hooks, 3)
	assert.Equal(t, map[string]string{"CLAUDE_PLUGIN_ROOT": "/mine", "X": "1"}, reg.Hooks[0].Env)
	assert.Equal(t, map[string]string{"CLAUDE_PLUGIN_ROOT": filepath.Join(dir, "p")}, reg.Hooks[1].Env)
	assert.Nil(t, reg.Hooks[2].Env)
	assert.Equal(t, "", PluginRoot(other))
}
