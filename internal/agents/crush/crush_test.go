package crush

import (
	"encoding/json"
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

func TestEvents(t *testing.T) {
	t.Parallel()
	a := Agent()
	key, ok := a.EventKey(testevent.Get(t, "BeforeTool"))
	assert.True(t, ok)
	assert.Equal(t, "PreToolUse", key)
	for _, name := range []string{"AfterTool", "BeforeAgent", "AfterAgent", "SessionStart"} {
		_, ok := a.EventKey(testevent.Get(t, name))
		assert.False(t, ok, "Crush fires PreToolUse only, not %s", name)
	}
}

// TestRender: the crush format in each case Crush reads.
func TestRender(t *testing.T) {
	t.Parallel()
	render := Agent().Answer.Render
	patch := map[string]any{"tool_input": map[string]any{"command": "ls -la"}}
	for _, tc := range []struct {
		name, event string
		v           verdict.Verdict
		want        string
	}{
		{"deny", "BeforeTool", verdict.Verdict{Decision: "deny", Reason: "no rm", Continue: true}, `{"decision":"deny","reason":"no rm"}`},
		{"allow skips the prompt", "BeforeTool", verdict.Verdict{Decision: "allow", Continue: true}, `{"decision":"allow"}`},
		{"ask is no opinion", "BeforeTool", verdict.Verdict{Decision: "ask", Reason: "sure?", Continue: true}, `{}`},
		{"nothing", "BeforeTool", verdict.Verdict{Continue: true}, `{}`},
		{"halt", "BeforeTool", verdict.Verdict{Continue: false, StopReason: "stop here"}, `{"halt":true,"reason":"stop here"}`},
		{"deny and halt", "BeforeTool", verdict.Verdict{Decision: "deny", Reason: "no", Continue: false, StopReason: "stop"}, `{"decision":"deny","halt":true,"reason":"no\nstop"}`},
		{"context and message", "BeforeTool", verdict.Verdict{Continue: true, SystemMessage: "policy x skipped", HookSpecificOutput: map[string]any{"additionalContext": "run gofumpt"}}, `{"context":["run gofumpt","policy x skipped"]}`},
		{"rewrite", "BeforeTool", verdict.Verdict{Decision: "allow", Continue: true, HookSpecificOutput: patch}, `{"decision":"allow","updated_input":{"command":"ls -la","timeout":1000}}`},
		{"no rewrite when denied", "BeforeTool", verdict.Verdict{Decision: "deny", Reason: "no", Continue: true, HookSpecificOutput: patch}, `{"decision":"deny","reason":"no"}`},
		{"no decision where nothing blocks", "SessionStart", verdict.Verdict{Decision: "deny", Reason: "no", Continue: true}, `{}`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			got := agenttest.RenderJSON(t, render, tc.event, tc.v)
			assert.JSONEq(t, tc.want, got)
		})
	}
}

// TestAnswerExitStatuses: the block is in the JSON (exit 0); an error exits
// 1, which Crush passes, and a --fail-closed deny exits 2.
func TestAnswerExitStatuses(t *testing.T) {
	t.Parallel()
	a := Agent().Answer
	assert.Nil(t, a.ExitBlocked)
	assert.Nil(t, a.Failed)
	assert.False(t, a.ErrorsExitZero)
	var o Output
	assert.NoError(t, json.Unmarshal([]byte(`{"decision":"deny","halt":true,"reason":"r","context":["a"],"updated_input":{"x":1}}`), &o))
	assert.Equal(t, Output{Decision: "deny", Halt: true, Reason: "r", Context: []string{"a"}, UpdatedInput: map[string]any{"x": float64(1)}}, o)
}

func TestBlocks(t *testing.T) {
	t.Parallel()
	ev := testevent.Get(t, "BeforeTool")
	for _, tc := range []struct {
		stdout string
		status int
		want   bool
	}{
		{`{"decision":"deny","reason":"x"}`, 0, true},
		{`{"halt":true}`, 0, true},
		{`{"hookSpecificOutput":{"permissionDecision":"deny"}}`, 0, true},
		{`{"decision":"allow"}`, 0, false},
		{``, 2, true},
		{``, 49, true},
		{`{"decision":"deny"}`, 1, false},
		{`not json`, 0, false},
	} {
		assert.Equal(t, tc.want, Blocks(ev, []byte(tc.stdout), tc.status), "%s exit %d", tc.stdout, tc.status)
	}
}
