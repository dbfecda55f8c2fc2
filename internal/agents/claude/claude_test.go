package claude

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookexec/hookexec/internal/agents/gemini"
	"github.com/hookexec/hookexec/internal/event"
)

// TestOnFailureApplies: install writes "onFailure": "block" for Claude Code
// on events that can block, but not on SessionStart (cannot block) nor on
// Stop (Claude Code ignores it there), and never for Gemini CLI.
func TestOnFailureApplies(t *testing.T) {
	t.Parallel()
	claude, gemini := Agent(), gemini.Agent()
	for key, want := range map[string]bool{
		"PreToolUse": true, "PostToolUse": true, "UserPromptSubmit": true, "PermissionRequest": true, "PreCompact": true,
		"SessionStart": false, "Notification": false, "Stop": false, "SubagentStop": false,
	} {
		ev, ok := event.ByKey(key)
		require.True(t, ok, key)
		assert.Equal(t, want, claude.OnFailureApplies(ev), key)
		assert.False(t, gemini.OnFailureApplies(ev), key)
	}
}

// TestEventKey: Claude Code names an event by its Claude alias, and has no
// event of Gemini CLI's own.
func TestEventKey(t *testing.T) {
	t.Parallel()
	for key, want := range map[string]string{"BeforeTool": "PreToolUse", "AfterAgent": "Stop", "SessionStart": "SessionStart", "PermissionRequest": "PermissionRequest", "BeforeModel": ""} {
		ev, ok := event.ByKey(key)
		require.True(t, ok, key)
		got, ok := Agent().EventKey(ev)
		assert.Equal(t, want, got, key)
		assert.Equal(t, want != "", ok, key)
	}
}

// TestShellProgram: "bash" is the dialect's default shell, "powershell"
// runs pwsh, anything else is a program name.
func TestShellProgram(t *testing.T) {
	t.Parallel()
	a := Agent()
	assert.Empty(t, a.ShellProgram("bash"))
	assert.Equal(t, "pwsh", a.ShellProgram("powershell"))
	assert.Equal(t, "zsh", a.ShellProgram("zsh"))
}
