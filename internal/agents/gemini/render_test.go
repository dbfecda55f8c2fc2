package gemini

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/hookexec/hookexec/internal/agents/agenttest"
	"github.com/hookexec/hookexec/internal/verdict"
)

type formatCase struct {
	name  string
	event string
	v     verdict.Verdict
	want  string
}

func TestRenderGemini(t *testing.T) {
	t.Parallel()
	tests := []formatCase{
		{"no hooks", "BeforeTool", verdict.Verdict{Continue: true}, `{}`},
		{"deny", "BeforeTool", verdict.Verdict{Continue: true, Decision: "deny", Reason: "no /etc"}, `{"decision":"deny","reason":"no /etc"}`},
		{"ask", "PreToolUse", verdict.Verdict{Continue: true, Decision: "ask", Reason: "sure?"}, `{"decision":"ask","reason":"sure?"}`},
		{"allow", "BeforeTool", verdict.Verdict{Continue: true, Decision: "allow"}, `{"decision":"allow"}`},
		{"continue false and messages", "AfterAgent", verdict.Verdict{Continue: false, StopReason: "done", SystemMessage: "m", SuppressOutput: true,
			HookSpecificOutput: map[string]any{"clearContext": true}},
			`{"continue":false,"stopReason":"done","systemMessage":"m","suppressOutput":true,"hookSpecificOutput":{"clearContext":true}}`},
		{"tool_input", "BeforeTool", verdict.Verdict{Continue: true, HookSpecificOutput: map[string]any{"tool_input": map[string]any{"x": json.Number("1")}}},
			`{"hookSpecificOutput":{"tool_input":{"x":1}}}`},
		{"Claude fields", "PreToolUse", verdict.Verdict{Continue: true, Decision: "deny", Reason: "r", HookSpecificOutput: map[string]any{
			"permissionDecision": "deny", "permissionDecisionReason": "r", "updatedInput": map[string]any{"a": "1", "b": "2"},
			"tool_input": map[string]any{"b": "3"}, "additionalContext": "c"}},
			`{"decision":"deny","reason":"r","hookSpecificOutput":{"tool_input":{"a":"1","b":"3"},"additionalContext":"c"}}`},
		// SessionStart cannot block (no decision), but Gemini stops on
		// continue:false there.
		{"SessionStart never blocks, but stops", "SessionStart", verdict.Verdict{Continue: false, StopReason: "s", Decision: "deny", Reason: "r", SystemMessage: "hi",
			HookSpecificOutput: map[string]any{"additionalContext": "ctx"}},
			`{"continue":false,"stopReason":"s","systemMessage":"hi","hookSpecificOutput":{"additionalContext":"ctx"}}`},
		{"SessionStart continues", "SessionStart", verdict.Verdict{Continue: true, Decision: "deny", Reason: "r", SystemMessage: "hi"},
			`{"systemMessage":"hi"}`},
		{"SessionEnd never stops", "SessionEnd", verdict.Verdict{Continue: false, StopReason: "s"}, `{}`},
		{"tool selection", "BeforeToolSelection", verdict.Verdict{Continue: true, HookSpecificOutput: map[string]any{
			"toolConfig": map[string]any{"mode": "ANY", "allowedFunctionNames": []string{"read_file"}}}},
			`{"hookSpecificOutput":{"toolConfig":{"mode":"ANY","allowedFunctionNames":["read_file"]}}}`},
		{"model request and response", "BeforeModel", verdict.Verdict{Continue: true, HookSpecificOutput: map[string]any{
			"llm_request": map[string]any{"model": "m"}, "llm_response": map[string]any{"candidates": []any{}}}},
			`{"hookSpecificOutput":{"llm_request":{"model":"m"},"llm_response":{"candidates":[]}}}`},
		{"model deny", "AfterModel", verdict.Verdict{Continue: true, Decision: "deny", Reason: "pii"}, `{"decision":"deny","reason":"pii"}`},
		{"Claude-only event", "PermissionRequest", verdict.Verdict{Continue: true, Decision: "deny", Reason: "no",
			HookSpecificOutput: map[string]any{"decision": map[string]any{"behavior": "deny"}}}, `{"decision":"deny","reason":"no"}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			assert.JSONEq(t, tt.want, agenttest.RenderJSON(t, render, tt.event, tt.v))
		})
	}
}
