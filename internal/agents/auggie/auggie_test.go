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

// TestBlockedToolExits2: a blocked PreToolUse exits 2 (Auggie's documented
// block; it reads the JSON then too); a blocked Stop only answers.
func TestBlockedToolExits2(t *testing.T) {
	t.Parallel()
	a := Agent()
	deny := verdict.Verdict{Blocked: true, Decision: "deny", Reason: "no", Continue: true}
	assert.True(t, a.Answer.ExitBlocked(testevent.Get(t, "BeforeTool"), deny))
	assert.False(t, a.Answer.ExitBlocked(testevent.Get(t, "AfterAgent"), deny))
	assert.False(t, a.Answer.ExitBlocked(testevent.Get(t, "BeforeTool"), verdict.Verdict{Decision: "allow", Continue: true}))
	assert.Equal(t, int64(5000), a.Units(5e9), "timeouts are milliseconds")
	key, ok := a.EventKey(testevent.Get(t, "Notification"))
	assert.True(t, ok && key == "Notification")
	_, ok = a.EventKey(testevent.Get(t, "BeforeAgent"))
	assert.False(t, ok, "the prompt event is PromptSubmit, an alias")
}

// TestRender: the auggie format puts each event's decision where Auggie
// 0.36.0 reads it.
func TestRender(t *testing.T) {
	t.Parallel()
	render := Agent().Answer.Render
	ctx := map[string]any{"additionalContext": "run the tests"}
	patch := map[string]any{"tool_input": map[string]any{"command": "ls -la"}}
	for _, tc := range []struct {
		name, event string
		v           verdict.Verdict
		want        string
	}{
		{"tool deny", "BeforeTool", verdict.Verdict{Decision: "deny", Reason: "no", Continue: true},
			`{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"no"}}`},
		{"tool defer is no decision", "BeforeTool", verdict.Verdict{Decision: "defer", Continue: true}, `{}`},
		{"tool rewrite", "BeforeTool", verdict.Verdict{Decision: "allow", Continue: true, HookSpecificOutput: patch},
			`{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow","updatedInput":{"command":"ls -la","timeout":1000}}}`},
		{"tool context at the top", "BeforeTool", verdict.Verdict{Continue: true, HookSpecificOutput: ctx}, `{"additionalContext":"run the tests"}`},
		{"stop block inside", "AfterAgent", verdict.Verdict{Decision: "deny", Reason: "tests fail", Continue: true},
			`{"hookSpecificOutput":{"hookEventName":"Stop","decision":"block","reason":"tests fail"}}`},
		{"post-tool block and context", "AfterTool", verdict.Verdict{Decision: "deny", Reason: "lint", Continue: true, HookSpecificOutput: ctx},
			`{"hookSpecificOutput":{"hookEventName":"PostToolUse","decision":"block","reason":"lint","additionalContext":"run the tests"}}`},
		{"prompt deny stops", "BeforeAgent", verdict.Verdict{Decision: "deny", Reason: "secret in prompt", Continue: true},
			`{"continue":false,"stopReason":"secret in prompt"}`},
		{"session context", "SessionStart", verdict.Verdict{Continue: true, HookSpecificOutput: ctx},
			`{"hookSpecificOutput":{"hookEventName":"SessionStart","additionalContext":"run the tests"}}`},
		{"stop the agent", "BeforeTool", verdict.Verdict{Continue: false, StopReason: "enough", SystemMessage: "m"},
			`{"continue":false,"stopReason":"enough","systemMessage":"m"}`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			assert.JSONEq(t, tc.want, agenttest.RenderJSON(t, render, tc.event, tc.v))
		})
	}
}

// TestFailedPolicyInSystemMessage: a policy that timed out without denying
// is named in systemMessage, as the claude format names it.
func TestFailedPolicyInSystemMessage(t *testing.T) {
	t.Parallel()
	v := verdict.Verdict{Continue: true, Hooks: []verdict.HookReport{{Name: "slow", Outcome: verdict.Timeout, Error: "timed out: 1s"}}}
	assert.JSONEq(t, `{"systemMessage":"Warning: hook slow did not answer in time (1s)"}`, agenttest.RenderJSON(t, Agent().Answer.Render, "BeforeTool", v))
}

func TestBlocks(t *testing.T) {
	t.Parallel()
	pre, stop, post := testevent.Get(t, "BeforeTool"), testevent.Get(t, "AfterAgent"), testevent.Get(t, "AfterTool")
	assert.True(t, Blocks(pre, nil, 2))
	assert.False(t, Blocks(stop, nil, 2), "exit 2 blocks PreToolUse only")
	assert.True(t, Blocks(pre, []byte(`{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny"}}`), 0))
	assert.True(t, Blocks(stop, []byte(`{"hookSpecificOutput":{"hookEventName":"Stop","decision":"block"}}`), 0))
	assert.True(t, Blocks(post, []byte(`{"hookSpecificOutput":{"hookEventName":"PostToolUse","decision":"block"}}`), 0))
	assert.False(t, Blocks(stop, []byte(`{"decision":"block"}`), 0), "Auggie reads Stop's block inside hookSpecificOutput only")
	assert.True(t, Blocks(pre, []byte(`{"continue":false}`), 0))
}
