package setup

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookexec/hookexec/internal/event"
)

// TestOnFailureApplies: install writes "onFailure": "block" for Claude Code
// on events that can block, but not on SessionStart (cannot block) nor on
// Stop (Claude Code ignores it there), and never for Gemini CLI.
func TestOnFailureApplies(t *testing.T) {
	t.Parallel()
	claude, gemini := agent(t, "claude"), agent(t, "gemini")
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
