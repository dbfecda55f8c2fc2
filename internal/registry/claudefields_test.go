package registry

import (
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// claudeHook loads one hook entry from a .claude/settings.json (claude
// dialect) and returns the hook, or nil when it was skipped, with the
// load warnings.
func claudeHook(t *testing.T, entry string) (*Hook, []string) {
	t.Helper()
	return hookIn(t, filepath.Join(".claude", "settings.json"), entry)
}

func hookIn(t *testing.T, name, entry string) (*Hook, []string) {
	t.Helper()
	reg, _ := loadString(t, name, `{"hooks": {"PreToolUse": [{"hooks": [`+entry+`]}]}}`, "")
	if len(reg.Hooks) == 0 {
		return nil, warningTexts(reg)
	}
	require.Len(t, reg.Hooks, 1)
	return reg.Hooks[0], warningTexts(reg)
}

// TestClaudeAsyncFields: async and asyncRewake are honoured (the hook runs
// in the background); asyncRewake implies async, as in Claude Code. A value
// of the wrong type never skips the hook: it is reported and read as
// false, so the hook runs in the foreground and its answer counts.
func TestClaudeAsyncFields(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name          string
		fields        string
		async, rewake bool
		warning       string
	}{
		{"absent", ``, false, false, ""},
		{"async", `, "async": true`, true, false, ""},
		{"async false", `, "async": false`, false, false, ""},
		{"async null", `, "async": null`, false, false, ""},
		{"asyncRewake implies async", `, "asyncRewake": true`, true, true, ""},
		{"asyncRewake with async false", `, "async": false, "asyncRewake": true`, true, true, ""},
		{"async string", `, "async": "yes"`, false, false, `"async" must be a boolean, got string; read as false: the hook runs in the foreground and its answer counts`},
		{"asyncRewake number", `, "asyncRewake": 1`, false, false, `"asyncRewake" must be a boolean, got number; read as false`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			for _, file := range []string{filepath.Join(".claude", "settings.json"), "hooks.json"} {
				h, w := hookIn(t, file, `{"type": "command", "command": "x"`+tt.fields+`}`)
				require.NotNil(t, h, "%s: the hook is never skipped: %v", file, w)
				assert.Equal(t, tt.async, h.Async, file)
				assert.Equal(t, tt.rewake, h.AsyncRewake, file)
				if tt.warning == "" {
					assert.Empty(t, w, file)
				} else {
					require.Len(t, w, 1, file)
					assert.Contains(t, w[0], tt.warning, file)
				}
			}
		})
	}
}

// TestClaudeIgnoredFields: statusMessage, once, rewakeMessage,
// rewakeSummary and cloud are accepted and change nothing; a value of the
// wrong type is reported, and the hook is kept.
func TestClaudeIgnoredFields(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, field, good, bad, badKind string
	}{
		{"statusMessage", "statusMessage", `"Checking..."`, `1`, "number"},
		{"once", "once", `true`, `"yes"`, "string"},
		{"rewakeMessage", "rewakeMessage", `"Look:"`, `[]`, "array"},
		{"rewakeSummary", "rewakeSummary", `"CI failed"`, `{}`, "object"},
		{"cloud", "cloud", `"skip"`, `false`, "boolean"},
	}
	plain, _ := claudeHook(t, `{"type": "command", "command": "x"}`)
	require.NotNil(t, plain)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			h, w := claudeHook(t, `{"type": "command", "command": "x", "`+tt.field+`": `+tt.good+`}`)
			require.NotNil(t, h)
			assert.Empty(t, w)
			assert.Equal(t, plain.Command, h.Command)
			assert.False(t, h.Async)
			assert.Empty(t, h.Shell)

			h, w = claudeHook(t, `{"type": "command", "command": "x", "`+tt.field+`": `+tt.bad+`}`)
			require.NotNil(t, h, "a wrong type never skips the hook")
			require.Len(t, w, 1)
			assert.Contains(t, w[0], `"`+tt.field+`" must be a `)
			assert.Contains(t, w[0], "got "+tt.badKind+"; ignored")
		})
	}
}

// TestClaudeShell: in the claude dialect "shell" is Claude Code's enum:
// "bash" is the dialect's default shell, "powershell" runs pwsh. Elsewhere,
// and for any other value, it names a program (SPEC §4.2).
func TestClaudeShell(t *testing.T) {
	t.Parallel()
	tests := []struct {
		file, shell, want string
	}{
		{filepath.Join(".claude", "settings.json"), "bash", ""},
		{filepath.Join(".claude", "settings.json"), "powershell", "pwsh"},
		{filepath.Join(".claude", "settings.json"), "zsh", "zsh"},
		{"hooks.json", "bash", "bash"},
		{"hooks.json", "powershell", "powershell"},
		{filepath.Join(".gemini", "settings.json"), "bash", "bash"},
	}
	for _, tt := range tests {
		h, w := hookIn(t, tt.file, `{"type": "command", "command": "x", "shell": "`+tt.shell+`"}`)
		require.NotNil(t, h)
		assert.Empty(t, w)
		assert.Equal(t, tt.want, h.Shell, "%s %s", tt.file, tt.shell)
	}
}

// TestValidateClaudeShell: validate says when a claude-dialect shell is one
// Claude Code would not accept.
func TestValidateClaudeShell(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	content := `{"hooks": {"PreToolUse": [{"hooks": [{"type": "command", "command": "true", "shell": "sh"}, {"type": "command", "command": "true", "shell": "bash"}]}]}}`
	got := validateString(t, dir, filepath.Join(".claude", "settings.json"), content, nil)
	require.Len(t, got, 1, "%v", got)
	assert.Contains(t, got[0], `warning: PreToolUse[0].hooks[0]: "shell" "sh": Claude Code accepts only "bash" or "powershell" here; hookexec runs the program "sh"`)
}

// TestValidateAsyncRewake: validate says that an asyncRewake hook cannot
// wake the model behind hookexec; async alone draws no finding.
func TestValidateAsyncRewake(t *testing.T) {
	t.Parallel()
	content := `{"hooks": {"Stop": [{"hooks": [{"type": "command", "command": "true", "async": true}, {"type": "command", "command": "true", "asyncRewake": true}]}]}}`
	got := validateString(t, t.TempDir(), filepath.Join(".claude", "settings.json"), content, nil)
	require.Len(t, got, 1, "%v", got)
	assert.Contains(t, got[0], `warning: Stop[0].hooks[1]: "asyncRewake": hookexec runs the hook in the background but cannot wake the model when it exits 2`)
}
