package cursor

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/hookexec/hookexec/internal/agents/agenttest"
	"github.com/hookexec/hookexec/internal/testevent"
	"github.com/hookexec/hookexec/internal/verdict"
)

func TestRenderCursor(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, event string
		v           verdict.Verdict
		want        string
	}{
		{"no decision is an explicit allow", "BeforeTool", verdict.Verdict{Continue: true}, `{"permission":"allow"}`},
		{"deny", "BeforeTool", verdict.Verdict{Continue: true, Decision: "deny", Reason: "no rm -rf"},
			`{"permission":"deny","user_message":"no rm -rf","agent_message":"no rm -rf"}`},
		{"continue false denies the tool", "BeforeTool", verdict.Verdict{Continue: false, StopReason: "out of budget"},
			`{"permission":"deny","user_message":"out of budget","agent_message":"out of budget"}`},
		{"ask never becomes an allow", "BeforeTool", verdict.Verdict{Continue: true, Decision: "ask", Reason: "force push"},
			`{"permission":"deny","user_message":"approval required: force push","agent_message":"approval required: force push"}`},
		{"rewrite", "BeforeTool", verdict.Verdict{Continue: true, Decision: "allow", HookSpecificOutput: map[string]any{
			"tool_input": map[string]any{"command": "ls -l"}}},
			`{"permission":"allow","updated_input":{"command":"ls -l","timeout":1000}}`},
		{"a warning reaches the user", "BeforeTool", verdict.Verdict{Continue: true, SystemMessage: "lint is slow"},
			`{"permission":"allow","user_message":"lint is slow"}`},
		{"prompt block", "BeforeAgent", verdict.Verdict{Continue: true, Decision: "deny", Reason: "no secrets"},
			`{"user_message":"no secrets","continue":false}`},
		{"prompt allowed", "BeforeAgent", verdict.Verdict{Continue: true}, `{"continue":true}`},
		{"stop block keeps the agent going", "AfterAgent", verdict.Verdict{Continue: true, Decision: "deny", Reason: "tests fail"},
			`{"followup_message":"tests fail"}`},
		{"stop allowed", "AfterAgent", verdict.Verdict{Continue: true}, `{}`},
		{"post-tool context", "AfterTool", verdict.Verdict{Continue: true, HookSpecificOutput: map[string]any{"additionalContext": "3 lint errors"}},
			`{"additional_context":"3 lint errors"}`},
		{"post-tool block reaches the model", "AfterTool", verdict.Verdict{Continue: true, Decision: "deny", Reason: "lint failed",
			HookSpecificOutput: map[string]any{"additionalContext": "3 errors"}},
			`{"additional_context":"lint failed\n3 errors"}`},
		{"session context", "SessionStart", verdict.Verdict{Continue: true, HookSpecificOutput: map[string]any{"additionalContext": "branch main"}},
			`{"additional_context":"branch main"}`},
		{"compaction says nothing", "PreCompress", verdict.Verdict{Continue: true}, `{}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			assert.JSONEq(t, tt.want, agenttest.RenderJSON(t, render, tt.event, tt.v))
		})
	}
}

func TestRenderCursorNamesFailedPolicies(t *testing.T) {
	t.Parallel()
	v := verdict.Verdict{Continue: true, Hooks: []verdict.HookReport{{Name: "guard", Outcome: verdict.Timeout, Error: "timed out: killed after 1s"}}}
	got := agenttest.RenderJSON(t, render, "BeforeTool", v)
	assert.JSONEq(t, `{"permission":"allow","user_message":"Warning: hook guard did not answer in time (killed after 1s)"}`, got)
}

func TestAnswerExitStatus(t *testing.T) {
	t.Parallel()
	a := answer()
	assert.Nil(t, a.ExitBlocked, "the block is in the JSON, read on exit 0")
	assert.Nil(t, a.Failed, "exit 1 would block every action through failClosed")
	assert.True(t, a.ErrorsExitZero)
}

func TestBlocks(t *testing.T) {
	t.Parallel()
	bt, stop := testevent.Get(t, "BeforeTool"), testevent.Get(t, "AfterAgent")
	assert.True(t, blocks(bt, []byte(`{"permission":"deny","user_message":"no"}`), 0))
	assert.True(t, blocks(bt, nil, 2), "exit 2 is a deny")
	assert.True(t, blocks(testevent.Get(t, "BeforeAgent"), []byte(`{"continue":false}`), 0))
	assert.True(t, blocks(stop, []byte(`{"followup_message":"go on"}`), 0))
	assert.False(t, blocks(bt, []byte(`{"permission":"allow"}`), 0))
	assert.False(t, blocks(bt, []byte(`{"permission":"deny"}`), 1), "another status fails open")
	assert.False(t, blocks(bt, []byte(`not json`), 0))
}
