package claude

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/hookexec/hookexec/internal/agents/agenttest"
	"github.com/hookexec/hookexec/internal/verdict"
)

// --format claude answers each new event in the shape Claude Code 2.1.328
// reads.
func TestRenderClaudeEvents(t *testing.T) {
	t.Parallel()
	tests := []formatCase{
		{"PostToolBatch block stops the loop", "PostToolBatch", verdict.Verdict{Continue: true, Decision: "deny", Reason: "lint fails",
			HookSpecificOutput: map[string]any{"additionalContext": "see lint.log"}},
			`{"decision":"block","reason":"lint fails","hookSpecificOutput":{"hookEventName":"PostToolBatch","additionalContext":"see lint.log"}}`},
		{"PermissionDenied retry", "PermissionDenied", verdict.Verdict{Continue: true, HookSpecificOutput: map[string]any{"retry": true}},
			`{"hookSpecificOutput":{"hookEventName":"PermissionDenied","retry":true}}`},
		{"PermissionDenied cannot block", "PermissionDenied", verdict.Verdict{Continue: true, Decision: "deny", Reason: "x"}, `{}`},
		{"PermissionDenied retry of the wrong type", "PermissionDenied", verdict.Verdict{Continue: true, HookSpecificOutput: map[string]any{"retry": "yes"}}, `{}`},
		{"PreToolUse defer", "PreToolUse", verdict.Verdict{Continue: true, Decision: "defer", Reason: "ask the SDK host"},
			`{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"defer","permissionDecisionReason":"ask the SDK host"}}`},
		{"PreModelSwitch deny", "PreModelSwitch", verdict.Verdict{Continue: true, Decision: "deny", Reason: "cache miss too costly"},
			`{"hookSpecificOutput":{"hookEventName":"PreModelSwitch","permissionDecision":"deny","permissionDecisionReason":"cache miss too costly"}}`},
		{"TaskCompleted block", "TaskCompleted", verdict.Verdict{Continue: true, Decision: "deny", Reason: "tests fail"},
			`{"decision":"block","reason":"tests fail"}`},
		{"TaskCreated allow is nothing", "TaskCreated", verdict.Verdict{Continue: true, Decision: "allow"}, `{}`},
		{"TeammateIdle block", "TeammateIdle", verdict.Verdict{Continue: true, Decision: "deny", Reason: "keep going"},
			`{"decision":"block","reason":"keep going"}`},
		{"ConfigChange block", "ConfigChange", verdict.Verdict{Continue: true, Decision: "deny", Reason: "managed"},
			`{"decision":"block","reason":"managed"}`},
		{"UserPromptExpansion context and suppress", "UserPromptExpansion", verdict.Verdict{Continue: true, Decision: "deny", Reason: "no",
			HookSpecificOutput: map[string]any{"additionalContext": "c", "suppressOriginalPrompt": true}},
			`{"decision":"block","reason":"no","hookSpecificOutput":{"hookEventName":"UserPromptExpansion","additionalContext":"c","suppressOriginalPrompt":true}}`},
		{"UserPromptSubmit sessionTitle", "UserPromptSubmit", verdict.Verdict{Continue: true, HookSpecificOutput: map[string]any{"sessionTitle": "fix ci"}},
			`{"hookSpecificOutput":{"hookEventName":"UserPromptSubmit","sessionTitle":"fix ci"}}`},
		{"SessionStart fields", "SessionStart", verdict.Verdict{Continue: true, HookSpecificOutput: map[string]any{
			"initialUserMessage": "hi", "watchPaths": []any{"/p/.envrc"}, "reloadSkills": true, "sessionTitle": "t"}},
			`{"hookSpecificOutput":{"hookEventName":"SessionStart","sessionTitle":"t","initialUserMessage":"hi","reloadSkills":true,"watchPaths":["/p/.envrc"]}}`},
		{"FileChanged watchPaths", "FileChanged", verdict.Verdict{Continue: true, HookSpecificOutput: map[string]any{"watchPaths": []any{"/p/.env"}}},
			`{"hookSpecificOutput":{"hookEventName":"FileChanged","watchPaths":["/p/.env"]}}`},
		{"CwdChanged watchPaths not strings", "CwdChanged", verdict.Verdict{Continue: true, HookSpecificOutput: map[string]any{"watchPaths": []any{1}}}, `{}`},
		{"MessageDisplay displayContent", "MessageDisplay", verdict.Verdict{Continue: true, HookSpecificOutput: map[string]any{"displayContent": "[redacted]"}},
			`{"hookSpecificOutput":{"hookEventName":"MessageDisplay","displayContent":"[redacted]"}}`},
		{"PostToolUse outputs", "PostToolUse", verdict.Verdict{Continue: true, HookSpecificOutput: map[string]any{
			"updatedToolOutput": map[string]any{"stdout": "x"}, "updatedMCPToolOutput": "m", "classifierContext": "user said ok"}},
			`{"hookSpecificOutput":{"hookEventName":"PostToolUse","updatedToolOutput":{"stdout":"x"},"updatedMCPToolOutput":"m","classifierContext":"user said ok"}}`},
		{"Elicitation accept", "Elicitation", verdict.Verdict{Continue: true, HookSpecificOutput: map[string]any{"action": "accept", "content": map[string]any{"name": "x"}}},
			`{"hookSpecificOutput":{"hookEventName":"Elicitation","action":"accept","content":{"name":"x"}}}`},
		{"Elicitation deny declines", "Elicitation", verdict.Verdict{Continue: true, Decision: "deny", Reason: "no",
			HookSpecificOutput: map[string]any{"action": "accept", "content": map[string]any{"name": "x"}}},
			`{"decision":"block","reason":"no","hookSpecificOutput":{"hookEventName":"Elicitation","action":"decline"}}`},
		{"ElicitationResult unknown action dropped", "ElicitationResult", verdict.Verdict{Continue: true, HookSpecificOutput: map[string]any{"action": "maybe"}}, `{}`},
		{"Setup context", "Setup", verdict.Verdict{Continue: true, HookSpecificOutput: map[string]any{"additionalContext": "deps installed"}},
			`{"hookSpecificOutput":{"hookEventName":"Setup","additionalContext":"deps installed"}}`},
		{"PostModelSwitch context", "PostModelSwitch", verdict.Verdict{Continue: true, HookSpecificOutput: map[string]any{"additionalContext": "c"}},
			`{"hookSpecificOutput":{"hookEventName":"PostModelSwitch","additionalContext":"c"}}`},
		{"StopFailure: generic fields only", "StopFailure", verdict.Verdict{Continue: true, SystemMessage: "m", HookSpecificOutput: map[string]any{"additionalContext": "c"}},
			`{"systemMessage":"m"}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			assert.JSONEq(t, tt.want, agenttest.RenderJSON(t, render, tt.event, tt.v))
		})
	}
}
