package verdict

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookexec/hookexec/internal/event"
)

// --format claude answers each new event in the shape Claude Code 2.1.328
// reads.
func TestRenderClaudeEvents(t *testing.T) {
	t.Parallel()
	tests := []formatCase{
		{"PostToolBatch block stops the loop", "PostToolBatch", Verdict{Continue: true, Decision: "deny", Reason: "lint fails",
			HookSpecificOutput: map[string]any{"additionalContext": "see lint.log"}},
			`{"decision":"block","reason":"lint fails","hookSpecificOutput":{"hookEventName":"PostToolBatch","additionalContext":"see lint.log"}}`},
		{"PermissionDenied retry", "PermissionDenied", Verdict{Continue: true, HookSpecificOutput: map[string]any{"retry": true}},
			`{"hookSpecificOutput":{"hookEventName":"PermissionDenied","retry":true}}`},
		{"PermissionDenied cannot block", "PermissionDenied", Verdict{Continue: true, Decision: "deny", Reason: "x"}, `{}`},
		{"PermissionDenied retry of the wrong type", "PermissionDenied", Verdict{Continue: true, HookSpecificOutput: map[string]any{"retry": "yes"}}, `{}`},
		{"PreToolUse defer", "PreToolUse", Verdict{Continue: true, Decision: "defer", Reason: "ask the SDK host"},
			`{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"defer","permissionDecisionReason":"ask the SDK host"}}`},
		{"PreModelSwitch deny", "PreModelSwitch", Verdict{Continue: true, Decision: "deny", Reason: "cache miss too costly"},
			`{"hookSpecificOutput":{"hookEventName":"PreModelSwitch","permissionDecision":"deny","permissionDecisionReason":"cache miss too costly"}}`},
		{"TaskCompleted block", "TaskCompleted", Verdict{Continue: true, Decision: "deny", Reason: "tests fail"},
			`{"decision":"block","reason":"tests fail"}`},
		{"TaskCreated allow is nothing", "TaskCreated", Verdict{Continue: true, Decision: "allow"}, `{}`},
		{"TeammateIdle block", "TeammateIdle", Verdict{Continue: true, Decision: "deny", Reason: "keep going"},
			`{"decision":"block","reason":"keep going"}`},
		{"ConfigChange block", "ConfigChange", Verdict{Continue: true, Decision: "deny", Reason: "managed"},
			`{"decision":"block","reason":"managed"}`},
		{"UserPromptExpansion context and suppress", "UserPromptExpansion", Verdict{Continue: true, Decision: "deny", Reason: "no",
			HookSpecificOutput: map[string]any{"additionalContext": "c", "suppressOriginalPrompt": true}},
			`{"decision":"block","reason":"no","hookSpecificOutput":{"hookEventName":"UserPromptExpansion","additionalContext":"c","suppressOriginalPrompt":true}}`},
		{"UserPromptSubmit sessionTitle", "UserPromptSubmit", Verdict{Continue: true, HookSpecificOutput: map[string]any{"sessionTitle": "fix ci"}},
			`{"hookSpecificOutput":{"hookEventName":"UserPromptSubmit","sessionTitle":"fix ci"}}`},
		{"SessionStart fields", "SessionStart", Verdict{Continue: true, HookSpecificOutput: map[string]any{
			"initialUserMessage": "hi", "watchPaths": []any{"/p/.envrc"}, "reloadSkills": true, "sessionTitle": "t"}},
			`{"hookSpecificOutput":{"hookEventName":"SessionStart","sessionTitle":"t","initialUserMessage":"hi","reloadSkills":true,"watchPaths":["/p/.envrc"]}}`},
		{"FileChanged watchPaths", "FileChanged", Verdict{Continue: true, HookSpecificOutput: map[string]any{"watchPaths": []any{"/p/.env"}}},
			`{"hookSpecificOutput":{"hookEventName":"FileChanged","watchPaths":["/p/.env"]}}`},
		{"CwdChanged watchPaths not strings", "CwdChanged", Verdict{Continue: true, HookSpecificOutput: map[string]any{"watchPaths": []any{1}}}, `{}`},
		{"MessageDisplay displayContent", "MessageDisplay", Verdict{Continue: true, HookSpecificOutput: map[string]any{"displayContent": "[redacted]"}},
			`{"hookSpecificOutput":{"hookEventName":"MessageDisplay","displayContent":"[redacted]"}}`},
		{"PostToolUse outputs", "PostToolUse", Verdict{Continue: true, HookSpecificOutput: map[string]any{
			"updatedToolOutput": map[string]any{"stdout": "x"}, "updatedMCPToolOutput": "m", "classifierContext": "user said ok"}},
			`{"hookSpecificOutput":{"hookEventName":"PostToolUse","updatedToolOutput":{"stdout":"x"},"updatedMCPToolOutput":"m","classifierContext":"user said ok"}}`},
		{"Elicitation accept", "Elicitation", Verdict{Continue: true, HookSpecificOutput: map[string]any{"action": "accept", "content": map[string]any{"name": "x"}}},
			`{"hookSpecificOutput":{"hookEventName":"Elicitation","action":"accept","content":{"name":"x"}}}`},
		{"Elicitation deny declines", "Elicitation", Verdict{Continue: true, Decision: "deny", Reason: "no",
			HookSpecificOutput: map[string]any{"action": "accept", "content": map[string]any{"name": "x"}}},
			`{"decision":"block","reason":"no","hookSpecificOutput":{"hookEventName":"Elicitation","action":"decline"}}`},
		{"ElicitationResult unknown action dropped", "ElicitationResult", Verdict{Continue: true, HookSpecificOutput: map[string]any{"action": "maybe"}}, `{}`},
		{"Setup context", "Setup", Verdict{Continue: true, HookSpecificOutput: map[string]any{"additionalContext": "deps installed"}},
			`{"hookSpecificOutput":{"hookEventName":"Setup","additionalContext":"deps installed"}}`},
		{"PostModelSwitch context", "PostModelSwitch", Verdict{Continue: true, HookSpecificOutput: map[string]any{"additionalContext": "c"}},
			`{"hookSpecificOutput":{"hookEventName":"PostModelSwitch","additionalContext":"c"}}`},
		{"StopFailure: generic fields only", "StopFailure", Verdict{Continue: true, SystemMessage: "m", HookSpecificOutput: map[string]any{"additionalContext": "c"}},
			`{"systemMessage":"m"}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			assert.JSONEq(t, tt.want, renderJSON(t, FormatClaude, tt.event, tt.v))
		})
	}
}

func TestResolveEvent(t *testing.T) {
	t.Parallel()
	ev, warning, err := ResolveEvent("pretooluse", FormatClaude)
	require.NoError(t, err)
	assert.Equal(t, "BeforeTool", ev.Name)
	assert.Empty(t, warning)

	for _, f := range []Format{FormatClaude, FormatGemini} {
		ev, warning, err = ResolveEvent("SomeFutureEvent", f)
		require.NoError(t, err)
		assert.Equal(t, event.Unknown("SomeFutureEvent"), ev)
		assert.Equal(t, `unknown event "SomeFutureEvent": ran the hooks registered under exactly this key, matchers ignored, merged as decisions`, warning)
	}
	_, warning, err = ResolveEvent("PostToolBatchX", FormatClaude)
	require.NoError(t, err)
	assert.Contains(t, warning, `(did you mean "PostToolBatch"?)`)

	_, _, err = ResolveEvent("SomeFutureEvent", FormatResult)
	var ue *event.UnknownError
	require.ErrorAs(t, err, &ue, "the result format keeps the usage error")
	for _, bad := range []string{"", "two words", "nul\x00", string(make([]byte, 200))} {
		_, _, err = ResolveEvent(bad, FormatClaude)
		assert.Error(t, err, "%q", bad)
	}
}
