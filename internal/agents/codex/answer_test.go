package codex

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/hookexec/hookexec/internal/agents/agenttest"
	"github.com/hookexec/hookexec/internal/testevent"
	"github.com/hookexec/hookexec/internal/verdict"
)

// TestRenderCodex: each answer holds only what Codex 0.169 accepts on the
// event (output_parser.rs), so a deny is never rejected with the rest.
func TestRenderCodex(t *testing.T) {
	t.Parallel()
	timedOut := verdict.HookReport{Name: "slow", Outcome: verdict.Timeout, Error: "timed out: after 1s"}
	tests := []struct {
		name, event string
		v           verdict.Verdict
		want        string
	}{
		{"no hooks", "PreToolUse", verdict.Verdict{Continue: true}, `{}`},
		{"deny", "PreToolUse", verdict.Verdict{Continue: true, Decision: "deny", Reason: "no rm -rf"},
			`{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"no rm -rf"}}`},
		{"deny beside continue false: no continue, no stopReason", "PreToolUse", verdict.Verdict{Continue: false, StopReason: "stop", Decision: "deny", Reason: "no", SuppressOutput: true},
			`{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"no"}}`},
		{"continue false alone is a deny", "BeforeTool", verdict.Verdict{Continue: false, StopReason: "out of budget"},
			`{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"out of budget"}}`},
		{"deny without a reason gets one", "PreToolUse", verdict.Verdict{Continue: true, Decision: "deny"},
			`{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"blocked by hook"}}`},
		{"deny beside a policy that timed out", "PreToolUse", verdict.Verdict{Continue: true, Decision: "deny", Reason: "no", Hooks: []verdict.HookReport{timedOut}},
			`{"systemMessage":"Warning: hook slow did not answer in time (after 1s)","hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"no"}}`},
		{"allow is left out", "PreToolUse", verdict.Verdict{Continue: true, Decision: "allow", Reason: "read-only"}, `{}`},
		{"ask is left out", "PreToolUse", verdict.Verdict{Continue: true, Decision: "ask", Reason: "sure?"}, `{}`},
		{"updatedInput goes with allow", "PreToolUse", verdict.Verdict{Continue: true, HookSpecificOutput: map[string]any{"updatedInput": map[string]any{"command": "ls -la"}}},
			`{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow","updatedInput":{"command":"ls -la"}}}`},
		{"context stays", "PreToolUse", verdict.Verdict{Continue: true, Decision: "ask", HookSpecificOutput: map[string]any{"additionalContext": "ctx"}},
			`{"hookSpecificOutput":{"hookEventName":"PreToolUse","additionalContext":"ctx"}}`},
		{"permission deny drops interrupt", "PermissionRequest", verdict.Verdict{Continue: true, Decision: "deny", Reason: "not in CI", HookSpecificOutput: map[string]any{
			"decision": map[string]any{"behavior": "deny", "interrupt": true}}},
			`{"hookSpecificOutput":{"hookEventName":"PermissionRequest","decision":{"behavior":"deny","message":"not in CI"}}}`},
		{"permission allow drops updatedPermissions", "PermissionRequest", verdict.Verdict{Continue: true, Decision: "allow", HookSpecificOutput: map[string]any{
			"decision": map[string]any{"behavior": "allow", "updatedPermissions": []any{"x"}}}},
			`{"hookSpecificOutput":{"hookEventName":"PermissionRequest","decision":{"behavior":"allow"}}}`},
		{"permission continue false is a deny", "PermissionRequest", verdict.Verdict{Continue: false, StopReason: "halt"},
			`{"hookSpecificOutput":{"hookEventName":"PermissionRequest","decision":{"behavior":"deny","message":"halt"}}}`},
		{"PostToolUse block needs a reason", "PostToolUse", verdict.Verdict{Continue: true, Decision: "deny", SuppressOutput: true},
			`{"decision":"block","reason":"blocked by hook"}`},
		{"PostToolUse context", "PostToolUse", verdict.Verdict{Continue: true, HookSpecificOutput: map[string]any{"additionalContext": "3 errors"}},
			`{"hookSpecificOutput":{"hookEventName":"PostToolUse","additionalContext":"3 errors"}}`},
		{"prompt block", "UserPromptSubmit", verdict.Verdict{Continue: true, Decision: "deny", Reason: "no secrets"},
			`{"decision":"block","reason":"no secrets"}`},
		{"stop block", "Stop", verdict.Verdict{Continue: true, Decision: "deny", Reason: "tests fail"},
			`{"decision":"block","reason":"tests fail"}`},
		{"session context", "SessionStart", verdict.Verdict{Continue: true, HookSpecificOutput: map[string]any{"additionalContext": "branch main"}},
			`{"hookSpecificOutput":{"hookEventName":"SessionStart","additionalContext":"branch main"}}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			assert.JSONEq(t, tt.want, agenttest.RenderJSON(t, render, tt.event, tt.v))
		})
	}
}

// TestAnswerExits: fire exits 0 under --format codex, whatever the verdict:
// Codex reads a hook's JSON only on exit 0.
func TestAnswerExits(t *testing.T) {
	t.Parallel()
	a := Agent().Answer
	assert.Nil(t, a.ExitBlocked)
	assert.Nil(t, a.Failed)
	assert.True(t, a.ErrorsExitZero)
}

// TestBlocks: what Codex takes as a block from one hook.
func TestBlocks(t *testing.T) {
	t.Parallel()
	pre, stop := testevent.Get(t, "PreToolUse"), testevent.Get(t, "Stop")
	deny := `{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"no"}}`
	assert.True(t, blocks(pre, []byte(deny), 0))
	assert.False(t, blocks(pre, []byte(deny), 1), "JSON is read only on exit 0")
	assert.True(t, blocks(pre, nil, 2))
	assert.False(t, blocks(pre, []byte(`{"continue":false,"hookSpecificOutput":{"permissionDecision":"deny","permissionDecisionReason":"no"}}`), 0), "rejected whole")
	assert.False(t, blocks(pre, []byte(`{"hookSpecificOutput":{"permissionDecision":"deny"}}`), 0), "a deny needs a reason")
	assert.True(t, blocks(stop, []byte(`{"decision":"block","reason":"tests"}`), 0))
	assert.True(t, blocks(stop, []byte(`{"continue":false}`), 0))
	assert.False(t, blocks(stop, []byte(`{"decision":"block"}`), 0))
}
