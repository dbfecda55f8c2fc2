package auggie

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/hookexec/hookexec/internal/agents/agenttest"
	"github.com/hookexec/hookexec/internal/testevent"
	"github.com/hookexec/hookexec/internal/verdict"
)

func TestShellSample(t *testing.T) {
	t.Parallel()
	agenttest.CheckShellSample(t, Agent())
}

// TestBlockedToolExits2: a blocked PreToolUse answers in Claude Code's JSON
// and exits 2 (Auggie's documented block); a blocked Stop only answers.
func TestBlockedToolExits2(t *testing.T) {
	t.Parallel()
	a := Agent()
	deny := verdict.Verdict{Blocked: true, Decision: "deny", Reason: "no", Continue: true}
	assert.True(t, a.Answer.ExitBlocked(testevent.Get(t, "BeforeTool"), deny))
	assert.False(t, a.Answer.ExitBlocked(testevent.Get(t, "AfterAgent"), deny))
	assert.False(t, a.Answer.ExitBlocked(testevent.Get(t, "BeforeTool"), verdict.Verdict{Decision: "allow", Continue: true}))
	got := agenttest.RenderJSON(t, a.Answer.Render, "BeforeTool", verdict.Verdict{Decision: "deny", Reason: "no", Continue: true})
	assert.JSONEq(t, `{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"no"}}`, got)
	assert.Equal(t, int64(5000), a.Units(5e9), "timeouts are milliseconds")
}
