package verdict

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestParseFormat(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]Format{
		"": FormatResult, "result": FormatResult, "claude": FormatClaude, " Gemini ": FormatGemini, "CLAUDE": FormatClaude,
	} {
		f, err := ParseFormat(in)
		require.NoError(t, err, in)
		assert.Equal(t, want, f, in)
	}
	_, err := ParseFormat("llxprt")
	assert.EqualError(t, err, `unknown format "llxprt" (supported: result, claude, gemini)`)
}

func b(v bool) *bool { return &v }

// toolInput is the event's tool_input for the renderers.
var toolInput = AgentInput{ToolInput: func() map[string]any {
	return map[string]any{"command": "ls", "timeout": json.Number("1000")}
}}

// renderJSON renders v for event name in format f as compact JSON.
func renderJSON(t *testing.T, f Format, name string, v Verdict) string {
	t.Helper()
	ev := mustEvent(t, name)
	v.Event = ev.Name
	v.Blocked = ev.CanBlock && (v.Decision == "deny" || !v.Continue)
	data, err := json.Marshal(Render(f, ev, v, toolInput))
	require.NoError(t, err)
	return string(data)
}

type formatCase struct {
	name  string
	event string
	v     Verdict
	want  string
}

func TestRenderClaude(t *testing.T) {
	t.Parallel()
	tests := []formatCase{
		{"no hooks", "PreToolUse", Verdict{Continue: true}, `{}`},
		{"deny", "PreToolUse", Verdict{Continue: true, Decision: "deny", Reason: "no rm -rf"},
			`{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"no rm -rf"}}`},
		{"canonical name gets the Claude name", "BeforeTool", Verdict{Continue: true, Decision: "allow", Reason: "read-only"},
			`{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow","permissionDecisionReason":"read-only"}}`},
		{"ask", "BeforeTool", Verdict{Continue: true, Decision: "ask", Reason: "sure?"},
			`{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"ask","permissionDecisionReason":"sure?"}}`},
		{"no decision is no permissionDecision", "BeforeTool", Verdict{Continue: true, Reason: "said nothing", SystemMessage: "plain text"},
			`{"systemMessage":"plain text"}`},
		{"updatedInput and context", "PreToolUse", Verdict{Continue: true, HookSpecificOutput: map[string]any{
			"updatedInput": map[string]any{"command": "ls -la"}, "additionalContext": "ctx", "permissionDecision": "defer"}},
			`{"hookSpecificOutput":{"hookEventName":"PreToolUse","updatedInput":{"command":"ls -la"},"additionalContext":"ctx"}}`},
		{"tool_input patch over the event's tool_input", "BeforeTool", Verdict{Continue: true, Decision: "allow", HookSpecificOutput: map[string]any{
			"tool_input": map[string]any{"command": "ls -l"}}},
			`{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow","updatedInput":{"command":"ls -l","timeout":1000}}}`},
		{"tool_input patch over updatedInput", "BeforeTool", Verdict{Continue: true, HookSpecificOutput: map[string]any{
			"updatedInput": map[string]any{"command": "pwd"}, "tool_input": map[string]any{"description": "d"}}},
			`{"hookSpecificOutput":{"hookEventName":"PreToolUse","updatedInput":{"command":"pwd","description":"d"}}}`},
		{"continue false", "PreToolUse", Verdict{Continue: false, StopReason: "out of budget", SystemMessage: "m", SuppressOutput: true},
			`{"continue":false,"stopReason":"out of budget","suppressOutput":true,"systemMessage":"m"}`},
		{"permission allow", "PermissionRequest", Verdict{Continue: true, Decision: "allow", Reason: "ok", HookSpecificOutput: map[string]any{
			"decision": map[string]any{"behavior": "allow", "updatedPermissions": []any{"x"}, "updatedInput": map[string]any{"a": "b"}}}},
			`{"hookSpecificOutput":{"hookEventName":"PermissionRequest","decision":{"behavior":"allow","updatedInput":{"a":"b"},"updatedPermissions":["x"]}}}`},
		{"permission deny", "PermissionRequest", Verdict{Continue: true, Decision: "deny", Reason: "not in CI", HookSpecificOutput: map[string]any{
			"decision": map[string]any{"behavior": "deny", "interrupt": true}}},
			`{"hookSpecificOutput":{"hookEventName":"PermissionRequest","decision":{"behavior":"deny","message":"not in CI","interrupt":true}}}`},
		{"permission deny ignores an allow's extras", "PermissionRequest", Verdict{Continue: true, Decision: "deny", HookSpecificOutput: map[string]any{
			"decision": map[string]any{"behavior": "allow", "updatedInput": map[string]any{"a": "b"}}}},
			`{"hookSpecificOutput":{"hookEventName":"PermissionRequest","decision":{"behavior":"deny"}}}`},
		{"permission ask is no decision", "PermissionRequest", Verdict{Continue: true, Decision: "ask", Reason: "?"}, `{}`},
		{"PostToolUse block and context", "AfterTool", Verdict{Continue: true, Decision: "deny", Reason: "lint failed", HookSpecificOutput: map[string]any{
			"additionalContext": "3 errors", "updatedMCPToolOutput": "redacted", "tool_output": "x"}},
			`{"decision":"block","reason":"lint failed","hookSpecificOutput":{"hookEventName":"PostToolUse","additionalContext":"3 errors","updatedMCPToolOutput":"redacted"}}`},
		{"PostToolUse allow is nothing", "PostToolUse", Verdict{Continue: true, Decision: "allow", Reason: "fine"}, `{}`},
		{"UserPromptSubmit block", "BeforeAgent", Verdict{Continue: true, Decision: "deny", Reason: "no secrets in prompts"},
			`{"decision":"block","reason":"no secrets in prompts"}`},
		{"UserPromptSubmit context", "UserPromptSubmit", Verdict{Continue: true, HookSpecificOutput: map[string]any{"additionalContext": "branch main"}},
			`{"hookSpecificOutput":{"hookEventName":"UserPromptSubmit","additionalContext":"branch main"}}`},
		{"Stop block", "Stop", Verdict{Continue: true, Decision: "deny", Reason: "tests fail", HookSpecificOutput: map[string]any{"additionalContext": "run make test"}},
			`{"decision":"block","reason":"tests fail","hookSpecificOutput":{"hookEventName":"Stop","additionalContext":"run make test"}}`},
		{"Stop continue false", "AfterAgent", Verdict{Continue: false, StopReason: "done", HookSpecificOutput: map[string]any{"clearContext": true}},
			`{"continue":false,"stopReason":"done"}`},
		{"PreCompact block", "PreCompress", Verdict{Continue: true, Decision: "deny", Reason: "not now"}, `{"decision":"block","reason":"not now"}`},
		{"SubagentStop block", "SubagentStop", Verdict{Continue: true, Decision: "deny", Reason: "keep going"}, `{"decision":"block","reason":"keep going"}`},
		{"SessionStart never blocks", "SessionStart", Verdict{Continue: false, StopReason: "no", Decision: "deny", Reason: "no",
			HookSpecificOutput: map[string]any{"additionalContext": "3 open PRs"}},
			`{"hookSpecificOutput":{"hookEventName":"SessionStart","additionalContext":"3 open PRs"}}`},
		{"Notification message", "Notification", Verdict{Continue: true, SystemMessage: "pinged", Decision: "deny"}, `{"systemMessage":"pinged"}`},
		{"SubagentStart context", "SubagentStart", Verdict{Continue: true, HookSpecificOutput: map[string]any{"additionalContext": "be brief"}},
			`{"hookSpecificOutput":{"hookEventName":"SubagentStart","additionalContext":"be brief"}}`},
		{"PostToolUseFailure context", "PostToolUseFailure", Verdict{Continue: true, Decision: "deny", HookSpecificOutput: map[string]any{"additionalContext": "retry"}},
			`{"hookSpecificOutput":{"hookEventName":"PostToolUseFailure","additionalContext":"retry"}}`},
		{"no Claude name: generic fields", "BeforeModel", Verdict{Continue: true, Decision: "deny", Reason: "model not allowed", SystemMessage: "m",
			HookSpecificOutput: map[string]any{"llm_request": map[string]any{"model": "x"}, "additionalContext": "c"}},
			`{"systemMessage":"m","decision":"block","reason":"model not allowed"}`},
		{"no Claude name: stop", "AfterModel", Verdict{Continue: false, StopReason: "pii"}, `{"continue":false,"stopReason":"pii"}`},
		{"no Claude name: tool selection", "BeforeToolSelection", Verdict{Continue: true, HookSpecificOutput: map[string]any{
			"toolConfig": map[string]any{"mode": "NONE", "allowedFunctionNames": []string{}}}}, `{}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			assert.JSONEq(t, tt.want, renderJSON(t, FormatClaude, tt.event, tt.v))
		})
	}
}

func TestRenderGemini(t *testing.T) {
	t.Parallel()
	tests := []formatCase{
		{"no hooks", "BeforeTool", Verdict{Continue: true}, `{}`},
		{"deny", "BeforeTool", Verdict{Continue: true, Decision: "deny", Reason: "no /etc"}, `{"decision":"deny","reason":"no /etc"}`},
		{"ask", "PreToolUse", Verdict{Continue: true, Decision: "ask", Reason: "sure?"}, `{"decision":"ask","reason":"sure?"}`},
		{"allow", "BeforeTool", Verdict{Continue: true, Decision: "allow"}, `{"decision":"allow"}`},
		{"continue false and messages", "AfterAgent", Verdict{Continue: false, StopReason: "done", SystemMessage: "m", SuppressOutput: true,
			HookSpecificOutput: map[string]any{"clearContext": true}},
			`{"continue":false,"stopReason":"done","systemMessage":"m","suppressOutput":true,"hookSpecificOutput":{"clearContext":true}}`},
		{"tool_input", "BeforeTool", Verdict{Continue: true, HookSpecificOutput: map[string]any{"tool_input": map[string]any{"x": json.Number("1")}}},
			`{"hookSpecificOutput":{"tool_input":{"x":1}}}`},
		{"Claude fields", "PreToolUse", Verdict{Continue: true, Decision: "deny", Reason: "r", HookSpecificOutput: map[string]any{
			"permissionDecision": "deny", "permissionDecisionReason": "r", "updatedInput": map[string]any{"a": "1", "b": "2"},
			"tool_input": map[string]any{"b": "3"}, "additionalContext": "c"}},
			`{"decision":"deny","reason":"r","hookSpecificOutput":{"tool_input":{"a":"1","b":"3"},"additionalContext":"c"}}`},
		// SessionStart cannot block (no decision), but Gemini stops on
		// continue:false there (issue 17 §3).
		{"SessionStart never blocks, but stops", "SessionStart", Verdict{Continue: false, StopReason: "s", Decision: "deny", Reason: "r", SystemMessage: "hi",
			HookSpecificOutput: map[string]any{"additionalContext": "ctx"}},
			`{"continue":false,"stopReason":"s","systemMessage":"hi","hookSpecificOutput":{"additionalContext":"ctx"}}`},
		{"SessionStart continues", "SessionStart", Verdict{Continue: true, Decision: "deny", Reason: "r", SystemMessage: "hi"},
			`{"systemMessage":"hi"}`},
		{"SessionEnd never stops", "SessionEnd", Verdict{Continue: false, StopReason: "s"}, `{}`},
		{"tool selection", "BeforeToolSelection", Verdict{Continue: true, HookSpecificOutput: map[string]any{
			"toolConfig": map[string]any{"mode": "ANY", "allowedFunctionNames": []string{"read_file"}}}},
			`{"hookSpecificOutput":{"toolConfig":{"mode":"ANY","allowedFunctionNames":["read_file"]}}}`},
		{"model request and response", "BeforeModel", Verdict{Continue: true, HookSpecificOutput: map[string]any{
			"llm_request": map[string]any{"model": "m"}, "llm_response": map[string]any{"candidates": []any{}}}},
			`{"hookSpecificOutput":{"llm_request":{"model":"m"},"llm_response":{"candidates":[]}}}`},
		{"model deny", "AfterModel", Verdict{Continue: true, Decision: "deny", Reason: "pii"}, `{"decision":"deny","reason":"pii"}`},
		{"Claude-only event", "PermissionRequest", Verdict{Continue: true, Decision: "deny", Reason: "no",
			HookSpecificOutput: map[string]any{"decision": map[string]any{"behavior": "deny"}}}, `{"decision":"deny","reason":"no"}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			assert.JSONEq(t, tt.want, renderJSON(t, FormatGemini, tt.event, tt.v))
		})
	}
}

// The renderers never modify the verdict's maps.
func TestRenderDoesNotModifyVerdict(t *testing.T) {
	t.Parallel()
	hso := map[string]any{"updatedInput": map[string]any{"a": "1"}, "tool_input": map[string]any{"b": "2"}}
	v := Verdict{Continue: true, HookSpecificOutput: hso}
	RenderGemini(mustEvent(t, "BeforeTool"), v, AgentInput{})
	RenderClaude(mustEvent(t, "BeforeTool"), v, toolInput)
	assert.Equal(t, map[string]any{"updatedInput": map[string]any{"a": "1"}, "tool_input": map[string]any{"b": "2"}}, hso)
}

func TestRenderResult(t *testing.T) {
	t.Parallel()
	v := Verdict{Event: "BeforeTool", Continue: true, Hooks: []HookReport{}}
	assert.Equal(t, v, Render(FormatResult, mustEvent(t, "BeforeTool"), v, AgentInput{}))
}
