package aggregator

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/hookexec/hookexec/internal/reading"
	"github.com/hookexec/hookexec/internal/testevent"
	"github.com/hookexec/hookexec/internal/verdict"
)

// The copilot dialect reads a hook as Copilot CLI 1.0.102 reads its own
// (.github/hooks/*.json, ~/.copilot/hooks/*.json; each case seen in a real
// run).
func TestInterpretCopilot(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, event, key string
		code             int
		stdout, stderr   string
		outcome          verdict.Outcome
		output           *verdict.Output
	}{
		{name: "top-level deny", event: "BeforeTool", key: "preToolUse", stdout: `{"permissionDecision":"deny","permissionDecisionReason":"no rm"}`,
			outcome: verdict.Success, output: &verdict.Output{Decision: "deny", Reason: "no rm",
				HookSpecificOutput: map[string]any{"permissionDecision": "deny", "permissionDecisionReason": "no rm"}}},
		{name: "top-level deny under the PascalCase name", event: "BeforeTool", key: "PreToolUse", stdout: `{"permissionDecision":"deny","permissionDecisionReason":"no"}`,
			outcome: verdict.Success, output: &verdict.Output{Decision: "deny", Reason: "no",
				HookSpecificOutput: map[string]any{"permissionDecision": "deny", "permissionDecisionReason": "no"}}},
		{name: "hookSpecificOutput is ignored under camelCase names", event: "BeforeTool", key: "preToolUse",
			stdout:  `{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"lost"}}`,
			outcome: verdict.Success, output: &verdict.Output{}},
		{name: "hookSpecificOutput decides under PascalCase names", event: "BeforeTool", key: "PreToolUse",
			stdout:  `{"hookSpecificOutput":{"permissionDecision":"deny","permissionDecisionReason":"held","additionalContext":"ignored"}}`,
			outcome: verdict.Success, output: &verdict.Output{Decision: "deny", Reason: "held",
				HookSpecificOutput: map[string]any{"permissionDecision": "deny", "permissionDecisionReason": "held"}}},
		{name: "modifiedArgs is the rewrite", event: "BeforeTool", key: "preToolUse", stdout: `{"modifiedArgs":{"command":"ls"}}`,
			outcome: verdict.Success, output: &verdict.Output{HookSpecificOutput: map[string]any{"updatedInput": map[string]any{"command": "ls"}}}},
		{name: "top-level context", event: "AfterTool", key: "postToolUse", stdout: `{"additionalContext":"lint: 3 errors"}`,
			outcome: verdict.Success, output: &verdict.Output{HookSpecificOutput: map[string]any{"additionalContext": "lint: 3 errors"}}},
		{name: "Claude's context is ignored even under PascalCase", event: "AfterTool", key: "PostToolUse",
			stdout: `{"hookSpecificOutput":{"additionalContext":"lost"}}`, outcome: verdict.Success, output: &verdict.Output{}},
		{name: "behavior deny", event: "PermissionRequest", key: "permissionRequest", stdout: `{"behavior":"deny","message":"not here"}`,
			outcome: verdict.Success, output: &verdict.Output{Decision: "deny", Reason: "not here"}},
		{name: "Claude's permission decision object is ignored", event: "PermissionRequest", key: "PermissionRequest",
			stdout: `{"hookSpecificOutput":{"decision":{"behavior":"deny","message":"m"}}}`, outcome: verdict.Success, output: &verdict.Output{}},
		{name: "block on stop", event: "AfterAgent", key: "agentStop", stdout: `{"decision":"block","reason":"run the tests"}`,
			outcome: verdict.Success, output: &verdict.Output{Decision: "deny", Reason: "run the tests"}},
		{name: "exit 2 denies a tool with stderr", event: "BeforeTool", key: "preToolUse", code: 2, stderr: "no rm\n",
			outcome: verdict.Blocked, output: &verdict.Output{Decision: "deny", Reason: "no rm"}},
		{name: "exit 2 without stderr", event: "BeforeTool", key: "preToolUse", code: 2,
			outcome: verdict.Blocked, output: &verdict.Output{Decision: "deny", Reason: reading.NoBlockMessage}},
		{name: "exit 1 denies a tool, its JSON ignored", event: "BeforeTool", key: "preToolUse", code: 1, stdout: `{"permissionDecision":"allow"}`,
			outcome: verdict.Blocked, output: &verdict.Output{Decision: "deny", Reason: "hook exited with code 1"}},
		{name: "exit 1 denies a permission", event: "PermissionRequest", key: "permissionRequest", code: 1, stderr: "broke",
			outcome: verdict.Blocked, output: &verdict.Output{Decision: "deny", Reason: "broke"}},
		{name: "exit 2 on a prompt is a warning", event: "BeforeAgent", key: "userPromptSubmitted", code: 2, stderr: "careful",
			outcome: verdict.Error, output: &verdict.Output{SystemMessage: "Warning: careful"}},
		{name: "exit 1 after a tool is skipped", event: "AfterTool", key: "postToolUse", code: 1,
			outcome: verdict.Error},
		{name: "plain text is a message", event: "SessionStart", key: "sessionStart", stdout: "hello",
			outcome: verdict.Success, output: &verdict.Output{SystemMessage: "hello"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			meta := testMeta()
			meta.Dialect = "copilot"
			meta.EventKey = tc.key
			r := Interpret(testevent.Get(t, tc.event), meta, exited(tc.code, tc.stdout, tc.stderr))
			assert.Equal(t, tc.outcome, r.Outcome)
			assert.Equal(t, tc.output, r.Output)
		})
	}
}
