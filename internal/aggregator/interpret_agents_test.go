package aggregator

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/hookexec/hookexec/internal/reading"
	"github.com/hookexec/hookexec/internal/testevent"
	"github.com/hookexec/hookexec/internal/verdict"
)

// Cursor's, Windsurf's and Kiro CLI's own hooks keep meaning what they
// meant when hookexec runs them (their documentation; none runs here).
func TestInterpretCursorWindsurfKiro(t *testing.T) {
	t.Parallel()
	tests := []struct {
		dialect, event, name string
		code                 int
		stdout, stderr       string
		outcome              verdict.Outcome
		output               *verdict.Output
	}{
		{"cursor", "BeforeTool", "permission deny", 0, `{"permission":"deny","user_message":"shown","agent_message":"for the model"}`, "", verdict.Success,
			&verdict.Output{Decision: "deny", Reason: "for the model"}},
		{"cursor", "BeforeTool", "user_message alone is the reason", 0, `{"permission":"deny","user_message":"no rm"}`, "", verdict.Success,
			&verdict.Output{Decision: "deny", Reason: "no rm"}},
		{"cursor", "BeforeTool", "allow with a rewrite", 0, `{"permission":"allow","updated_input":{"command":"ls -l"}}`, "", verdict.Success,
			&verdict.Output{Decision: "allow", HookSpecificOutput: map[string]any{"updatedInput": map[string]any{"command": "ls -l"}}}},
		{"cursor", "BeforeTool", "unknown permission", 0, `{"permission":"maybe"}`, "", verdict.Success, &verdict.Output{}},
		{"cursor", "BeforeTool", "hookexec's own fields win", 0, `{"decision":"allow","permission":"deny"}`, "", verdict.Success,
			&verdict.Output{Decision: "allow"}},
		{"cursor", "BeforeAgent", "continue false blocks the prompt", 0, `{"continue":false,"user_message":"no secrets"}`, "", verdict.Success,
			&verdict.Output{Decision: "deny", Reason: "no secrets"}},
		{"cursor", "AfterAgent", "followup keeps the agent going", 0, `{"followup_message":"run the tests"}`, "", verdict.Success,
			&verdict.Output{Decision: "deny", Reason: "run the tests"}},
		{"cursor", "AfterTool", "context", 0, `{"additional_context":"3 lint errors"}`, "", verdict.Success,
			&verdict.Output{HookSpecificOutput: map[string]any{"additionalContext": "3 lint errors"}}},
		{"cursor", "BeforeTool", "exit 2 blocks", 2, "", "no", verdict.Blocked, &verdict.Output{Decision: "deny", Reason: "no"}},
		{"windsurf", "BeforeTool", "exit 2 blocks with stderr", 2, "Command approved", "Command blocked: 'rm -rf'", verdict.Blocked,
			&verdict.Output{Decision: "deny", Reason: "Command blocked: 'rm -rf'"}},
		{"windsurf", "BeforeTool", "exit 2 without stderr", 2, "", "", verdict.Blocked,
			&verdict.Output{Decision: "deny", Reason: reading.NoBlockMessage}},
		{"windsurf", "BeforeTool", "stdout is no answer", 0, `{"decision":"deny"}`, "", verdict.Success, nil},
		{"windsurf", "BeforeTool", "another status proceeds", 1, "", "Error parsing JSON", verdict.Error,
			&verdict.Output{SystemMessage: "Warning: Error parsing JSON"}},
		{"kiro", "SessionStart", "spawn stdout is context", 0, "git status: clean", "", verdict.Success,
			&verdict.Output{HookSpecificOutput: map[string]any{"additionalContext": "git status: clean"}}},
		{"kiro", "BeforeAgent", "prompt stdout is context", 0, "branch main", "", verdict.Success,
			&verdict.Output{HookSpecificOutput: map[string]any{"additionalContext": "branch main"}}},
		{"kiro", "AfterTool", "tool stdout is kept", 0, "formatted", "", verdict.Success, nil},
	}
	for _, tc := range tests {
		t.Run(tc.dialect+"/"+tc.name, func(t *testing.T) {
			t.Parallel()
			meta := testMeta()
			meta.Dialect = tc.dialect
			r := Interpret(testevent.Get(t, tc.event), meta, exited(tc.code, tc.stdout, tc.stderr))
			assert.Equal(t, tc.outcome, r.Outcome)
			assert.Equal(t, tc.output, r.Output)
		})
	}
}
