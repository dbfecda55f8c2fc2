package factory

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookexec/hookexec/internal/agents/agenttest"
	"github.com/hookexec/hookexec/internal/testevent"
	"github.com/hookexec/hookexec/internal/verdict"
)

func TestShellSample(t *testing.T) {
	t.Parallel()
	agenttest.CheckShellSample(t, Agent())
}

// TestEvents: Droid fires nine of Claude Code's events, under Claude Code's
// names; the others (PermissionRequest, Claude's later ones) it has not.
func TestEvents(t *testing.T) {
	t.Parallel()
	a := Agent()
	for name, want := range map[string]string{
		"BeforeTool": "PreToolUse", "AfterTool": "PostToolUse", "BeforeAgent": "UserPromptSubmit",
		"AfterAgent": "Stop", "SubagentStop": "SubagentStop", "PreCompress": "PreCompact",
		"SessionStart": "SessionStart", "SessionEnd": "SessionEnd", "Notification": "Notification",
	} {
		key, ok := a.EventKey(testevent.Get(t, name))
		assert.True(t, ok, name)
		assert.Equal(t, want, key, name)
	}
	for _, name := range []string{"PermissionRequest", "PostToolUseFailure", "BeforeModel", "PostCompact"} {
		_, ok := a.EventKey(testevent.Get(t, name))
		assert.False(t, ok, name)
	}
}

// TestAnswerIsClaudes: --format factory answers as --format claude does;
// Droid reads hookSpecificOutput.permissionDecision.
func TestAnswerIsClaudes(t *testing.T) {
	t.Parallel()
	a := Agent()
	require.NotNil(t, a.Answer.Render)
	got := agenttest.RenderJSON(t, a.Answer.Render, "BeforeTool", verdict.Verdict{Decision: "deny", Reason: "no", Continue: true})
	assert.JSONEq(t, `{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"no"}}`, got)
	fam, ok := a.Tools.FamilyOf("Create", a.MCPPrefix)
	assert.True(t, ok)
	assert.EqualValues(t, "write", fam)
}
