package claude

import (
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

func TestRenderClaude(t *testing.T) {
	t.Parallel()
	tests := []formatCase{
		{"no hooks", "PreToolUse", verdict.Verdict{Continue: true}, `{}`},
		{"deny", "PreToolUse", verdict.Verdict{Continue: true, Decision: "deny", Reason: "no rm -rf"},
			`{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"no rm -rf"}}`},
		{"canonical name gets the Claude name", "BeforeTool", verdict.Verdict{Continue: true, Decision: "allow", Reason: "read-only"},
			`{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow","permissionDecisionReason":"read-only"}}`},
		{"ask", "BeforeTool", verdict.Verdict{Continue: true, Decision: "ask", Reason: "sure?"},
			`{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"ask","permissionDecisionReason":"sure?"}}`},
		{"no decision is no permissionDecision", "BeforeTool", verdict.Verdict{Continue: true, Reason: "said nothing", SystemMessage: "plain text"},
			`{"systemMessage":"plain text"}`},
		{"updatedInput and context", "PreToolUse", verdict.Verdict{Continue: true, HookSpecificOutput: map[string]any{
			"updatedInput": map[string]any{"command": "ls -la"}, "additionalContext": "ctx", "permissionDecision": "defer"}},
			`{"hookSpecificOutput":{"hookEventName":"PreToolUse","updatedInput":{"command":"ls -la"},"additionalContext":"ctx"}}`},
		{"tool_input patch over the event's tool_input", "BeforeTool", verdict.Verdict{Continue: true, Decision: "allow", HookSpecificOutput: map[string]any{
			"tool_input": map[string]any{"command": "ls -l"}}},
			`{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow","updatedInput":{"command":"ls -l","timeout":1000}}}`},
		{"tool_input patch over updatedInput", "BeforeTool", verdict.Verdict{Continue: true, HookSpecificOutput: map[string]any{
			"updatedInput": map[string]any{"command": "pwd"}, "tool_input": map[string]any{"description": "d"}}},
			`{"hookSpecificOutput":{"hookEventName":"PreToolUse","updatedInput":{"command":"pwd","description":"d"}}}`},
		{"continue false", "PreToolUse", verdict.Verdict{Continue: false, StopReason: "out of budget", SystemMessage: "m", SuppressOutput: true},
			`{"continue":false,"stopReason":"out of budget","suppressOutput":true,"systemMessage":"m"}`},
		{"permission allow", "PermissionRequest", verdict.Verdict{Continue: true, Decision: "allow", Reason: "ok", HookSpecificOutput: map[string]any{
			"decision": map[string]any{"behavior": "allow", "updatedPermissions": []any{"x"}, "updatedInput": map[string]any{"a": "b"}}}},
			`{"hookSpecificOutput":{"hookEventName":"PermissionRequest","decision":{"behavior":"allow","updatedInput":{"a":"b"},"updatedPermissions":["x"]}}}`},
		{"permission deny", "PermissionRequest", verdict.Verdict{Continue: true, Decision: "deny", Reason: "not in CI", HookSpecificOutput: map[string]any{
			"decision": map[string]any{"behavior": "deny", "interrupt": true}}},
			`{"hookSpecificOutput":{"hookEventName":"PermissionRequest","decision":{"behavior":"deny","message":"not in CI","interrupt":true}}}`},
		{"permission deny ignores an allow's extras", "PermissionRequest", verdict.Verdict{Continue: true, Decision: "deny", HookSpecificOutput: map[string]any{
			"decision": map[string]any{"behavior": "allow", "updatedInput": map[string]any{"a": "b"}}}},
			`{"hookSpecificOutput":{"hookEventName":"PermissionRequest","decision":{"behavior":"deny"}}}`},
		{"permission ask is no decision", "PermissionRequest", verdict.Verdict{Continue: true, Decision: "ask", Reason: "?"}, `{}`},
		{"PostToolUse block and context", "AfterTool", verdict.Verdict{Continue: true, Decision: "deny", Reason: "lint failed", HookSpecificOutput: map[string]any{
			"additionalContext": "3 errors", "updatedMCPToolOutput": "redacted", "tool_output": "x"}},
			`{"decision":"block","reason":"lint failed","hookSpecificOutput":{"hookEventName":"PostToolUse","additionalContext":"3 errors","updatedMCPToolOutput":"redacted"}}`},
		{"PostToolUse allow is nothing", "PostToolUse", verdict.Verdict{Continue: true, Decision: "allow", Reason: "fine"}, `{}`},
		{"UserPromptSubmit block", "BeforeAgent", verdict.Verdict{Continue: true, Decision: "deny", Reason: "no secrets in prompts"},
			`{"decision":"block","reason":"no secrets in prompts"}`},
		{"UserPromptSubmit context", "UserPromptSubmit", verdict.Verdict{Continue: true, HookSpecificOutput: map[string]any{"additionalContext": "branch main"}},
			`{"hookSpecificOutput":{"hookEventName":"UserPromptSubmit","additionalContext":"branch main"}}`},
		{"Stop block", "Stop", verdict.Verdict{Continue: true, Decision: "deny", Reason: "tests fail", HookSpecificOutput: map[string]any{"additionalContext": "run make test"}},
			`{"decision":"block","reason":"tests fail","hookSpecificOutput":{"hookEventName":"Stop","additionalContext":"run make test"}}`},
		{"Stop continue false", "AfterAgent", verdict.Verdict{Continue: false, StopReason: "done", HookSpecificOutput: map[string]any{"clearContext": true}},
			`{"continue":false,"stopReason":"done"}`},
		{"PreCompact block", "PreCompress", verdict.Verdict{Continue: true, Decision: "deny", Reason: "not now"}, `{"decision":"block","reason":"not now"}`},
		{"SubagentStop block", "SubagentStop", verdict.Verdict{Continue: true, Decision: "deny", Reason: "keep going"}, `{"decision":"block","reason":"keep going"}`},
		{"SessionStart never blocks", "SessionStart", verdict.Verdict{Continue: false, StopReason: "no", Decision: "deny", Reason: "no",
			HookSpecificOutput: map[string]any{"additionalContext": "3 open PRs"}},
			`{"hookSpecificOutput":{"hookEventName":"SessionStart","additionalContext":"3 open PRs"}}`},
		{"Notification message", "Notification", verdict.Verdict{Continue: true, SystemMessage: "pinged", Decision: "deny"}, `{"systemMessage":"pinged"}`},
		{"SubagentStart context", "SubagentStart", verdict.Verdict{Continue: true, HookSpecificOutput: map[string]any{"additionalContext": "be brief"}},
			`{"hookSpecificOutput":{"hookEventName":"SubagentStart","additionalContext":"be brief"}}`},
		{"PostToolUseFailure context", "PostToolUseFailure", verdict.Verdict{Continue: true, Decision: "deny", HookSpecificOutput: map[string]any{"additionalContext": "retry"}},
			`{"hookSpecificOutput":{"hookEventName":"PostToolUseFailure","additionalContext":"retry"}}`},
		{"no Claude name: generic fields", "BeforeModel", verdict.Verdict{Continue: true, Decision: "deny", Reason: "model not allowed", SystemMessage: "m",
			HookSpecificOutput: map[string]any{"llm_request": map[string]any{"model": "x"}, "additionalContext": "c"}},
			`{"systemMessage":"m","decision":"block","reason":"model not allowed"}`},
		{"no Claude name: stop", "AfterModel", verdict.Verdict{Continue: false, StopReason: "pii"}, `{"continue":false,"stopReason":"pii"}`},
		{"no Claude name: tool selection", "BeforeToolSelection", verdict.Verdict{Continue: true, HookSpecificOutput: map[string]any{
			"toolConfig": map[string]any{"mode": "NONE", "allowedFunctionNames": []string{}}}}, `{}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			assert.JSONEq(t, tt.want, agenttest.RenderJSON(t, render, tt.event, tt.v))
		})
	}
}
