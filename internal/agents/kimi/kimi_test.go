package kimi

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

// TestUserScopeOnly: Kimi Code reads one file, the user's config.toml.
func TestUserScopeOnly(t *testing.T) {
	t.Parallel()
	a := Agent()
	assert.False(t, a.HasScope(agent.ProjectScope))
	assert.True(t, a.HasScope(agent.UserScope))
	assert.Equal(t, "/home/dev/.kimi-code/config.toml", a.SettingsPath(agent.UserScope, "/p", "/home/dev"))
	assert.Equal(t, agent.LayoutTOML, a.Layout)
}

// TestEveryBlockExits2: a blocked event answers in Claude Code's JSON and
// exits 2, Kimi's documented block on every event that can block.
func TestEveryBlockExits2(t *testing.T) {
	t.Parallel()
	a := Agent()
	deny := verdict.Verdict{Blocked: true, Decision: "deny", Reason: "no", Continue: true}
	for _, name := range []string{"BeforeTool", "BeforeAgent", "AfterAgent"} {
		_, ok := a.EventKey(testevent.Get(t, name))
		assert.True(t, ok, name)
		assert.True(t, a.Answer.ExitBlocked(testevent.Get(t, name), deny), name)
	}
	assert.False(t, a.Answer.ExitBlocked(testevent.Get(t, "BeforeTool"), verdict.Verdict{Continue: true}))
	got := agenttest.RenderJSON(t, a.Answer.Render, "BeforeTool", verdict.Verdict{Decision: "deny", Reason: "no", Continue: true})
	assert.JSONEq(t, `{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"no"}}`, got)
}

func TestBlocks(t *testing.T) {
	t.Parallel()
	pre, post := testevent.Get(t, "BeforeTool"), testevent.Get(t, "AfterTool")
	deny := []byte(`{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny"}}`)
	assert.True(t, Blocks(pre, deny, 0))
	assert.True(t, Blocks(pre, nil, 2))
	assert.True(t, Blocks(testevent.Get(t, "AfterAgent"), nil, 2))
	assert.False(t, Blocks(pre, deny, 1), "any other status fails open")
	assert.False(t, Blocks(pre, []byte(`{"continue":false}`), 0))
	assert.False(t, Blocks(post, nil, 2), "PostToolUse only observes")
}
