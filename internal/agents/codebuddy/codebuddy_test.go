package codebuddy

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/hookexec/hookexec/internal/agents/agenttest"
	"github.com/hookexec/hookexec/internal/matcher"
	"github.com/hookexec/hookexec/internal/testevent"
	"github.com/hookexec/hookexec/internal/verdict"
)

func TestShellSample(t *testing.T) {
	t.Parallel()
	agenttest.CheckShellSample(t, Agent())
}

// TestClaudeFamily: CodeBuddy Code fires Claude Code's events under their
// names, has its tools, answers in its format, and reads a matcher as an
// unanchored regular expression.
func TestClaudeFamily(t *testing.T) {
	t.Parallel()
	a := Agent()
	for _, name := range []string{"BeforeTool", "PermissionRequest", "WorktreeCreate", "Setup"} {
		ev := testevent.Get(t, name)
		key, ok := a.EventKey(ev)
		assert.True(t, ok && key == ev.Claude, name)
	}
	for _, name := range []string{"BeforeModel", "PostToolBatch", "PreModelSwitch"} {
		_, ok := a.EventKey(testevent.Get(t, name))
		assert.False(t, ok, name)
	}
	assert.Equal(t, matcher.JSRegexOrExact{}, a.Matchers)
	got := agenttest.RenderJSON(t, a.Answer.Render, "AfterAgent", verdict.Verdict{Decision: "deny", Reason: "tests fail", Continue: true})
	assert.JSONEq(t, `{"decision":"block","reason":"tests fail"}`, got)
}
