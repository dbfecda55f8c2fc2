package cortex

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/hookexec/hookexec/internal/agents/agent"
	"github.com/hookexec/hookexec/internal/agents/agenttest"
	"github.com/hookexec/hookexec/internal/testevent"
	"github.com/hookexec/hookexec/internal/verdict"
)

func TestShellSample(t *testing.T) {
	t.Parallel()
	agenttest.CheckShellSample(t, Agent())
}

// TestFilesAndEvents: the user's file is under ~/.snowflake/cortex, the
// project's under .cortex; Cortex Code also runs a project's Claude Code
// hooks; it has Setup and PermissionRequest but not Claude's later events.
func TestFilesAndEvents(t *testing.T) {
	t.Parallel()
	a := Agent()
	assert.Equal(t, "/home/dev/.snowflake/cortex/settings.json", a.SettingsPath(agent.UserScope, "/p", "/home/dev"))
	assert.Equal(t, "/p/.cortex/settings.json", a.SettingsPath(agent.ProjectScope, "/p", "/home/dev"))
	assert.Equal(t, []string{"claude"}, a.AlsoRuns)
	for _, name := range []string{"BeforeTool", "Setup", "PermissionRequest", "SubagentStop"} {
		_, ok := a.EventKey(testevent.Get(t, name))
		assert.True(t, ok, name)
	}
	for _, name := range []string{"SubagentStart", "WorktreeCreate", "PostCompact"} {
		_, ok := a.EventKey(testevent.Get(t, name))
		assert.False(t, ok, name)
	}
	got := agenttest.RenderJSON(t, a.Answer.Render, "PermissionRequest", verdict.Verdict{Decision: "deny", Reason: "no", Continue: true})
	assert.JSONEq(t, `{"hookSpecificOutput":{"hookEventName":"PermissionRequest","decision":{"behavior":"deny","message":"no"}}}`, got)
}
