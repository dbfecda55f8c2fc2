package aggregator

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// The claude dialect reads exit 2 and other failures as Claude Code 2.1
// does with its own hooks (make e2e compares the two).
func TestInterpretClaudeDialect(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name    string
		code    int
		stdout  string
		stderr  string
		outcome Outcome
		output  *Output
	}{
		{name: "exit 2 names the command", code: 2, stderr: "no rm\n", outcome: Blocked,
			output: &Output{Decision: "deny", Reason: "[./hooks/guard.sh]: no rm"}},
		{name: "exit 2 without stderr", code: 2, outcome: Blocked,
			output: &Output{Decision: "deny", Reason: "[./hooks/guard.sh]: No stderr output"}},
		{name: "exit 2 reads the JSON, stderr ignored", code: 2, stdout: `{"hookSpecificOutput":{"permissionDecision":"allow","permissionDecisionReason":"from json"}}`, stderr: "ignored", outcome: Blocked,
			output: &Output{Decision: "deny", Reason: "from json", HookSpecificOutput: map[string]any{"permissionDecision": "allow", "permissionDecisionReason": "from json"}}},
		{name: "exit 2 continue false without a reason", code: 2, stdout: `{"continue":false,"stopReason":"stop"}`, outcome: Blocked,
			output: &Output{Decision: "deny", Reason: "[./hooks/guard.sh]: No stderr output", Continue: boolPtr(false), StopReason: "stop"}},
		{name: "exit 2 plain stdout is not read", code: 2, stdout: "text", outcome: Blocked,
			output: &Output{Decision: "deny", Reason: "[./hooks/guard.sh]: No stderr output"}},
		{name: "exit 1 shows nothing", code: 1, stderr: "broke", outcome: Error},
		{name: "exit 1 JSON is read", code: 1, stdout: `{"hookSpecificOutput":{"permissionDecision":"deny","permissionDecisionReason":"no"}}`, outcome: Error,
			output: &Output{Decision: "deny", Reason: "no", HookSpecificOutput: map[string]any{"permissionDecision": "deny", "permissionDecisionReason": "no"}}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			meta := testMeta()
			meta.Dialect = "claude"
			r := Interpret(mustEvent(t, "BeforeTool"), meta, exited(tc.code, tc.stdout, tc.stderr))
			assert.Equal(t, tc.outcome, r.Outcome)
			assert.Equal(t, tc.output, r.Output)
		})
	}
}

func TestClaudeExit2(t *testing.T) {
	t.Parallel()
	two, one := 2, 1
	assert.True(t, Verdict{Hooks: []HookReport{{Dialect: "claude", Outcome: Blocked, ExitCode: &two}}}.ClaudeExit2())
	assert.False(t, Verdict{Hooks: []HookReport{{Dialect: "native", Outcome: Blocked, ExitCode: &two}}}.ClaudeExit2())
	assert.False(t, Verdict{Hooks: []HookReport{{Dialect: "claude", Outcome: Error, ExitCode: &one}}}.ClaudeExit2())
}
