package copilot

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookexec/hookexec/internal/agents/agenttest"
	"github.com/hookexec/hookexec/internal/verdict"
)

func exitCode(c int) *int { return &c }

func TestRenderCopilot(t *testing.T) {
	t.Parallel()
	timedOut := verdict.HookReport{Name: "slow.sh", Outcome: verdict.Timeout, Error: "timed out: killed after 1s"}
	failed := verdict.HookReport{Name: "broken.sh", Outcome: verdict.Error, ExitCode: exitCode(1), Error: "exit code 1"}
	tests := []struct {
		name, event string
		v           verdict.Verdict
		want        string
	}{
		{"no hooks", "BeforeTool", verdict.Verdict{Continue: true}, `{}`},
		{"deny is top level", "BeforeTool", verdict.Verdict{Continue: true, Decision: "deny", Reason: "no rm -rf"},
			`{"permissionDecision":"deny","permissionDecisionReason":"no rm -rf"}`},
		{"PascalCase name answers the same", "PreToolUse", verdict.Verdict{Continue: true, Decision: "deny", Reason: "no"},
			`{"permissionDecision":"deny","permissionDecisionReason":"no"}`},
		{"allow", "BeforeTool", verdict.Verdict{Continue: true, Decision: "allow", Reason: "read-only"},
			`{"permissionDecision":"allow","permissionDecisionReason":"read-only"}`},
		{"ask", "BeforeTool", verdict.Verdict{Continue: true, Decision: "ask", Reason: "sure?"},
			`{"permissionDecision":"ask","permissionDecisionReason":"sure?"}`},
		{"defer is no decision", "BeforeTool", verdict.Verdict{Continue: true, Decision: "defer"}, `{}`},
		{"rewrite is modifiedArgs", "BeforeTool", verdict.Verdict{Continue: true, HookSpecificOutput: map[string]any{
			"updatedInput": map[string]any{"command": "ls -la"}}},
			`{"modifiedArgs":{"command":"ls -la"}}`},
		{"a patch is merged into the whole input", "BeforeTool", verdict.Verdict{Continue: true, Decision: "allow", HookSpecificOutput: map[string]any{
			"tool_input": map[string]any{"command": "ls -l"}}},
			`{"permissionDecision":"allow","modifiedArgs":{"command":"ls -l","timeout":1000}}`},
		{"a deny rewrites nothing", "BeforeTool", verdict.Verdict{Continue: true, Decision: "deny", Reason: "r", HookSpecificOutput: map[string]any{
			"updatedInput": map[string]any{"command": "ls"}}},
			`{"permissionDecision":"deny","permissionDecisionReason":"r"}`},
		{"continue false denies the tool", "BeforeTool", verdict.Verdict{Continue: false, StopReason: "out of budget"},
			`{"permissionDecision":"deny","permissionDecisionReason":"out of budget","continue":false,"stopReason":"out of budget"}`},
		{"continue false blocks the prompt", "BeforeAgent", verdict.Verdict{Continue: false, StopReason: "halt"},
			`{"decision":"block","reason":"halt","continue":false,"stopReason":"halt"}`},
		{"a timed-out policy denies the tool", "BeforeTool", verdict.Verdict{Continue: true, Hooks: []verdict.HookReport{timedOut}},
			`{"permissionDecision":"deny","permissionDecisionReason":"hookexec denies the call because a policy did not answer: hook slow.sh did not answer in time (killed after 1s)"}`},
		{"a failed policy denies the permission", "PermissionRequest", verdict.Verdict{Continue: true, Decision: "allow", Hooks: []verdict.HookReport{failed}},
			`{"behavior":"deny","message":"hookexec denies the call because a policy did not answer: hook broken.sh failed (exit code 1)"}`},
		{"a failed policy elsewhere is a warning", "AfterTool", verdict.Verdict{Continue: true, Hooks: []verdict.HookReport{failed}},
			`{"systemMessage":"Warning: hook broken.sh failed (exit code 1)"}`},
		{"a deny keeps its own reason over a failure", "BeforeTool", verdict.Verdict{Continue: true, Decision: "deny", Reason: "guard", Hooks: []verdict.HookReport{timedOut}},
			`{"permissionDecision":"deny","permissionDecisionReason":"guard","systemMessage":"Warning: hook slow.sh did not answer in time (killed after 1s)"}`},
		{"permission allow", "PermissionRequest", verdict.Verdict{Continue: true, Decision: "allow", Reason: "ok"}, `{"behavior":"allow"}`},
		{"permission deny", "PermissionRequest", verdict.Verdict{Continue: true, Decision: "deny", Reason: "not in CI"},
			`{"behavior":"deny","message":"not in CI"}`},
		{"permission ask is no decision", "PermissionRequest", verdict.Verdict{Continue: true, Decision: "ask"}, `{}`},
		{"post-tool block and context", "AfterTool", verdict.Verdict{Continue: true, Decision: "deny", Reason: "lint failed", HookSpecificOutput: map[string]any{
			"additionalContext": "3 errors"}},
			`{"decision":"block","reason":"lint failed","additionalContext":"3 errors"}`},
		{"post-tool allow is nothing", "AfterTool", verdict.Verdict{Continue: true, Decision: "allow"}, `{}`},
		{"prompt block", "BeforeAgent", verdict.Verdict{Continue: true, Decision: "deny", Reason: "no secrets"},
			`{"decision":"block","reason":"no secrets"}`},
		{"prompt context", "BeforeAgent", verdict.Verdict{Continue: true, HookSpecificOutput: map[string]any{"additionalContext": "branch main"}},
			`{"additionalContext":"branch main"}`},
		{"session start context", "SessionStart", verdict.Verdict{Continue: true, HookSpecificOutput: map[string]any{"additionalContext": "hello"}},
			`{"additionalContext":"hello"}`},
		{"stop block", "AfterAgent", verdict.Verdict{Continue: true, Decision: "deny", Reason: "tests fail"},
			`{"decision":"block","reason":"tests fail"}`},
		{"subagent stop block", "SubagentStop", verdict.Verdict{Continue: true, Decision: "deny", Reason: "again"},
			`{"decision":"block","reason":"again"}`},
		{"an event that cannot block never blocks", "SessionEnd", verdict.Verdict{Continue: true, Decision: "deny", Reason: "x"}, `{}`},
		{"systemMessage is kept", "SessionStart", verdict.Verdict{Continue: true, SystemMessage: "note"}, `{"systemMessage":"note"}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			assert.JSONEq(t, tt.want, copilotFields(t, agenttest.RenderJSON(t, render, tt.event, tt.v)))
		})
	}
}

// copilotFields is a rendered answer without hookSpecificOutput: what
// Copilot CLI reads under its camelCase names.
func copilotFields(t *testing.T, answer string) string {
	t.Helper()
	var m map[string]any
	require.NoError(t, json.Unmarshal([]byte(answer), &m))
	delete(m, "hookSpecificOutput")
	out, err := json.Marshal(m)
	require.NoError(t, err)
	return string(out)
}

// TestRenderClaudeShapeBesides: the answer carries Claude Code's
// hookSpecificOutput too, for VS Code's agent (and Copilot CLI under the
// PascalCase names), saying the same thing.
func TestRenderClaudeShapeBesides(t *testing.T) {
	t.Parallel()
	timedOut := verdict.HookReport{Name: "slow.sh", Outcome: verdict.Timeout, Error: "timed out: killed after 1s"}
	tests := []struct {
		name, event string
		v           verdict.Verdict
		want        string
	}{
		{"deny", "BeforeTool", verdict.Verdict{Continue: true, Decision: "deny", Reason: "no"},
			`{"permissionDecision":"deny","permissionDecisionReason":"no","hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"no"}}`},
		{"a timeout denies in both", "BeforeTool", verdict.Verdict{Continue: true, Hooks: []verdict.HookReport{timedOut}},
			`{"permissionDecision":"deny","permissionDecisionReason":"hookexec denies the call because a policy did not answer: hook slow.sh did not answer in time (killed after 1s)",` +
				`"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"hookexec denies the call because a policy did not answer: hook slow.sh did not answer in time (killed after 1s)"}}`},
		{"rewrite", "BeforeTool", verdict.Verdict{Continue: true, HookSpecificOutput: map[string]any{"updatedInput": map[string]any{"command": "ls"}}},
			`{"modifiedArgs":{"command":"ls"},"hookSpecificOutput":{"hookEventName":"PreToolUse","updatedInput":{"command":"ls"}}}`},
		{"context", "AfterTool", verdict.Verdict{Continue: true, HookSpecificOutput: map[string]any{"additionalContext": "c"}},
			`{"additionalContext":"c","hookSpecificOutput":{"hookEventName":"PostToolUse","additionalContext":"c"}}`},
		{"permission", "PermissionRequest", verdict.Verdict{Continue: true, Decision: "deny", Reason: "r"},
			`{"behavior":"deny","message":"r","hookSpecificOutput":{"hookEventName":"PermissionRequest","decision":{"behavior":"deny","message":"r"}}}`},
		{"stop continue false stops VS Code, Copilot CLI ignores it", "AfterAgent", verdict.Verdict{Continue: false, StopReason: "enough"},
			`{"continue":false,"stopReason":"enough"}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			assert.JSONEq(t, tt.want, agenttest.RenderJSON(t, render, tt.event, tt.v))
		})
	}
}

func TestRenderCutsMessages(t *testing.T) {
	t.Parallel()
	ev := testEvent(t, "BeforeTool")
	long := strings.Repeat("x", 5000)
	out := render(ev, verdict.Verdict{Event: ev.Name, Continue: true, Decision: "deny", Reason: long, Blocked: true},
		verdict.AgentInput{MaxMessage: verdict.MinMaxMessage}).(Output)
	assert.Equal(t, verdict.CutMessage(long, verdict.MinMaxMessage), out.PermissionDecisionReason)
	assert.Less(t, len(out.PermissionDecisionReason), len(long))
}

// TestBlocksAsCopilotReads: what Copilot takes as a block (a real run),
// and every blocking answer of the renderer is one.
func TestBlocksAsCopilotReads(t *testing.T) {
	t.Parallel()
	pre, post, perm, stop := testEvent(t, "BeforeTool"), testEvent(t, "AfterTool"), testEvent(t, "PermissionRequest"), testEvent(t, "AfterAgent")
	assert.True(t, Blocks(pre, []byte(`{"permissionDecision":"deny"}`), 0))
	assert.False(t, Blocks(pre, []byte(`{"hookSpecificOutput":{"permissionDecision":"deny"}}`), 0), "ignored under camelCase names")
	assert.False(t, Blocks(pre, []byte(`{"permissionDecision":"allow"}`), 0))
	assert.True(t, Blocks(pre, nil, 1), "a preToolUse hook that fails denies")
	assert.True(t, Blocks(perm, []byte(`{"behavior":"deny"}`), 0))
	assert.True(t, Blocks(perm, nil, 2))
	assert.True(t, Blocks(post, []byte(`{"decision":"block","reason":"r"}`), 0))
	assert.False(t, Blocks(post, []byte(`{"decision":"block"}`), 2), "exit 2 after a tool is a warning")
	assert.True(t, Blocks(stop, []byte(`{"decision":"block"}`), 0))
	assert.False(t, Blocks(testEvent(t, "SessionEnd"), []byte(`{"decision":"block"}`), 0))
	for _, tc := range []struct {
		ev string
		v  verdict.Verdict
	}{
		{"BeforeTool", verdict.Verdict{Continue: true, Decision: "deny", Reason: "r"}},
		{"BeforeTool", verdict.Verdict{Continue: false, StopReason: "s"}},
		{"PermissionRequest", verdict.Verdict{Continue: true, Decision: "deny"}},
		{"AfterTool", verdict.Verdict{Continue: true, Decision: "deny"}},
		{"BeforeAgent", verdict.Verdict{Continue: false}},
		{"AfterAgent", verdict.Verdict{Continue: true, Decision: "deny"}},
	} {
		out := agenttest.RenderJSON(t, render, tc.ev, tc.v)
		assert.True(t, Blocks(testEvent(t, tc.ev), []byte(out), 0), "%s %+v: %s", tc.ev, tc.v, out)
	}
}

// TestWarning: what Copilot's user is told through exit 2 on the events
// where it is a warning; nothing on the tool guards, where it would deny.
func TestWarning(t *testing.T) {
	t.Parallel()
	failed := verdict.HookReport{Name: "lint.sh", Outcome: verdict.Error, ExitCode: exitCode(1), Error: "exit code 1"}
	v := verdict.Verdict{Continue: true, SystemMessage: "note", Hooks: []verdict.HookReport{failed}}
	assert.Equal(t, "Warning: hook lint.sh failed (exit code 1)\nnote", warning(testEvent(t, "AfterTool"), v))
	assert.Equal(t, "note", warning(testEvent(t, "SessionStart"), verdict.Verdict{Continue: true, SystemMessage: "note"}))
	assert.Empty(t, warning(testEvent(t, "BeforeTool"), v), "exit 2 would deny the tool")
	assert.Empty(t, warning(testEvent(t, "PermissionRequest"), v))
	assert.Empty(t, warning(testEvent(t, "AfterAgent"), verdict.Verdict{Continue: true}))
	assert.Empty(t, warning(testEvent(t, "PreCompress"), v), "not known what exit 2 does there")
}
