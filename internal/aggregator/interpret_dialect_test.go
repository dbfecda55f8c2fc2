package aggregator

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/hookexec/hookexec/internal/testevent"
	"github.com/hookexec/hookexec/internal/verdict"
)

// The agents' dialects read a hook's answer as the agent does with its own
// hooks: Claude Code 2.1 and Gemini CLI 0.61 (make e2e compares them).
func TestInterpretAgentDialects(t *testing.T) {
	t.Parallel()
	tests := []struct {
		dialect string
		name    string
		code    int
		stdout  string
		stderr  string
		outcome verdict.Outcome
		output  *verdict.Output
		err     string
	}{
		{dialect: "claude", name: "exit 2 names the command", code: 2, stderr: "no rm\n", outcome: verdict.Blocked,
			output: &verdict.Output{Decision: "deny", Reason: "[./hooks/guard.sh]: no rm"}},
		{dialect: "claude", name: "exit 2 without stderr", code: 2, outcome: verdict.Blocked,
			output: &verdict.Output{Decision: "deny", Reason: "[./hooks/guard.sh]: No stderr output"}},
		{dialect: "claude", name: "exit 2 reads the JSON, stderr ignored", code: 2, stdout: `{"hookSpecificOutput":{"permissionDecision":"allow","permissionDecisionReason":"from json"}}`, stderr: "ignored", outcome: verdict.Blocked,
			output: &verdict.Output{Decision: "deny", Reason: "from json", HookSpecificOutput: map[string]any{"permissionDecision": "allow", "permissionDecisionReason": "from json"}}},
		{dialect: "claude", name: "exit 2 continue false without a reason", code: 2, stdout: `{"continue":false,"stopReason":"stop"}`, outcome: verdict.Blocked,
			output: &verdict.Output{Decision: "deny", Reason: "[./hooks/guard.sh]: No stderr output", Continue: boolPtr(false), StopReason: "stop"}},
		{dialect: "claude", name: "exit 2 plain stdout is not read", code: 2, stdout: "text", outcome: verdict.Blocked,
			output: &verdict.Output{Decision: "deny", Reason: "[./hooks/guard.sh]: No stderr output"}},
		{dialect: "claude", name: "exit 1 shows nothing", code: 1, stderr: "broke", outcome: verdict.Error},
		{dialect: "claude", name: "exit 1 JSON is read", code: 1, stdout: `{"hookSpecificOutput":{"permissionDecision":"deny","permissionDecisionReason":"no"}}`, outcome: verdict.Error,
			output: &verdict.Output{Decision: "deny", Reason: "no", HookSpecificOutput: map[string]any{"permissionDecision": "deny", "permissionDecisionReason": "no"}}},
		{dialect: "qwen", name: "exit 2 stderr is the reason, unlabelled", code: 2, stderr: "no rm\n", outcome: verdict.Blocked,
			output: &verdict.Output{Decision: "deny", Reason: "no rm"}},
		{dialect: "qwen", name: "exit 2 ignores stdout", code: 2, stdout: `{"decision":"allow","reason":"from stdout"}`, stderr: "from stderr", outcome: verdict.Blocked,
			output: &verdict.Output{Decision: "deny", Reason: "from stderr"}},
		{dialect: "qwen", name: "exit 2 reads a JSON object on stderr", code: 2, stderr: `{"hookSpecificOutput":{"permissionDecisionReason":"from json"},"reason":"from json"}`, outcome: verdict.Blocked,
			output: &verdict.Output{Decision: "deny", Reason: "from json", HookSpecificOutput: map[string]any{"permissionDecisionReason": "from json"}}},
		{dialect: "qwen", name: "exit 2 without stderr still blocks", code: 2, stdout: "text", outcome: verdict.Blocked,
			output: &verdict.Output{Decision: "deny", Reason: "hook exited with code 2 and wrote nothing on stderr"}},
		{dialect: "qwen", name: "exit 1 JSON is read", code: 1, stdout: `{"hookSpecificOutput":{"permissionDecision":"deny","permissionDecisionReason":"no"}}`, outcome: verdict.Error,
			output: &verdict.Output{Decision: "deny", Reason: "no", HookSpecificOutput: map[string]any{"permissionDecision": "deny", "permissionDecisionReason": "no"}}},
		{dialect: "gemini", name: "exit 0 json", stdout: `{"decision":"deny","reason":"no"}`, outcome: verdict.Success,
			output: &verdict.Output{Decision: "deny", Reason: "no"}},
		{dialect: "gemini", name: "deny json on stderr, stdout empty", stderr: `{"decision":"deny","reason":"from stderr"}`, outcome: verdict.Success,
			output: &verdict.Output{Decision: "deny", Reason: "from stderr"}},
		{dialect: "gemini", name: "stderr ignored when stdout has text", stdout: "hello", stderr: `{"decision":"deny"}`, outcome: verdict.Success,
			output: &verdict.Output{SystemMessage: "hello"}},
		{dialect: "gemini", name: "exit 2 without output does not block", code: 2, outcome: verdict.Error,
			err: "exit code 2 without output, which Gemini CLI does not take as a block"},
		{dialect: "gemini", name: "exit 2 with text denies", code: 2, stderr: "no rm", outcome: verdict.Blocked,
			output: &verdict.Output{Decision: "deny", Reason: "no rm"}},
		{dialect: "gemini", name: "exit 2 json is taken as it is", code: 2, stdout: `{"decision":"allow","systemMessage":"x"}`, stderr: "ignored", outcome: verdict.Error,
			output: &verdict.Output{Decision: "allow", SystemMessage: "x"}, err: "exit code 2"},
		{dialect: "gemini", name: "exit 2 json deny", code: 2, stdout: `{"decision":"deny","reason":"json"}`, stderr: "err text", outcome: verdict.Blocked,
			output: &verdict.Output{Decision: "deny", Reason: "json"}},
		{dialect: "gemini", name: "exit 1 json is read", code: 1, stdout: `{"systemMessage":"read anyway"}`, outcome: verdict.Error,
			output: &verdict.Output{SystemMessage: "read anyway"}, err: "exit code 1"},
		{dialect: "gemini", name: "exit 1 text is a warning", code: 1, stderr: "oops", outcome: verdict.Error,
			output: &verdict.Output{SystemMessage: "Warning: oops"}, err: "exit code 1"},
		{dialect: "gemini", name: "exit 3 text denies", code: 3, stdout: "nope", outcome: verdict.Blocked,
			output: &verdict.Output{Decision: "deny", Reason: "nope"}},
		{dialect: "gemini", name: "bare number is no answer", stdout: "42", outcome: verdict.Success,
			err: "the JSON answer is not an object; Gemini CLI ignores it"},
		{dialect: "gemini", name: "null is no answer", stdout: "null", outcome: verdict.Success,
			err: "the JSON answer is not an object; Gemini CLI ignores it"},
		{dialect: "gemini", name: "double-encoded object", stdout: `"{\"decision\":\"block\"}"`, outcome: verdict.Success,
			output: &verdict.Output{Decision: "deny"}},
		{dialect: "gemini", name: "array is an empty answer", stdout: `[1]`, outcome: verdict.Success, output: &verdict.Output{}},
		{dialect: "gemini", name: "decision is case-sensitive", stdout: `{"decision":"Block","reason":"r"}`, outcome: verdict.Success,
			output: &verdict.Output{Reason: "r"}, err: `decision "Block" ignored: Gemini CLI reads only allow, ask, deny and block, in lower case`},
		{dialect: "gemini", name: "suppressOutput truthy string", stdout: `{"suppressOutput":"true"}`, outcome: verdict.Success,
			output: &verdict.Output{SuppressOutput: boolPtr(true)}},
		{dialect: "gemini", name: "suppressOutput zero is false", stdout: `{"suppressOutput":0}`, outcome: verdict.Success,
			output: &verdict.Output{}},
		{dialect: "gemini", name: "permissionDecision is not a Gemini decision", stdout: `{"hookSpecificOutput":{"permissionDecision":"deny"}}`, outcome: verdict.Success,
			output: &verdict.Output{HookSpecificOutput: map[string]any{"permissionDecision": "deny"}}},
		{dialect: "codex", name: "exit 2 blocks with stderr, stdout not read", code: 2, stdout: `{"systemMessage":"x"}`, stderr: "no rm\n", outcome: verdict.Blocked,
			output: &verdict.Output{Decision: "deny", Reason: "no rm"}},
		{dialect: "codex", name: "exit 2 without stderr is a failed hook", code: 2, stdout: "plain", outcome: verdict.Error,
			err: "exit code 2 without an error message, which Codex does not take as a block"},
		{dialect: "codex", name: "exit 1 JSON is not read", code: 1, stdout: `{"hookSpecificOutput":{"permissionDecision":"deny","permissionDecisionReason":"no"}}`, outcome: verdict.Error,
			output: &verdict.Output{SystemMessage: `Warning: {"hookSpecificOutput":{"permissionDecision":"deny","permissionDecisionReason":"no"}}`}, err: "exit code 1"},
		{dialect: "codex", name: "exit 0 JSON deny", stdout: `{"hookSpecificOutput":{"permissionDecision":"deny","permissionDecisionReason":"no"}}`, outcome: verdict.Success,
			output: &verdict.Output{Decision: "deny", Reason: "no", HookSpecificOutput: map[string]any{"permissionDecision": "deny", "permissionDecisionReason": "no"}}},
	}
	for _, tc := range tests {
		t.Run(tc.dialect+"/"+tc.name, func(t *testing.T) {
			t.Parallel()
			meta := testMeta()
			meta.Dialect = tc.dialect
			r := Interpret(testevent.Get(t, "BeforeTool"), meta, exited(tc.code, tc.stdout, tc.stderr))
			assert.Equal(t, tc.outcome, r.Outcome)
			assert.Equal(t, tc.output, r.Output)
			if tc.dialect == "gemini" || tc.err != "" {
				assert.Equal(t, tc.err, r.Error)
			}
		})
	}
}
