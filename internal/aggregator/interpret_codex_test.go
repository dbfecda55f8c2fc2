package aggregator

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/hookexec/hookexec/internal/testevent"
	"github.com/hookexec/hookexec/internal/verdict"
)

// TestInterpretCodexPlainContext: Codex takes a hook's plain stdout on
// SessionStart as the model's context (events/session_start.rs), and so
// does the codex dialect; elsewhere plain text is a message.
func TestInterpretCodexPlainContext(t *testing.T) {
	t.Parallel()
	meta := testMeta()
	meta.Dialect = "codex"
	r := Interpret(testevent.Get(t, "SessionStart"), meta, exited(0, "branch main\n", ""))
	assert.Equal(t, verdict.Success, r.Outcome)
	assert.Equal(t, &verdict.Output{HookSpecificOutput: map[string]any{"additionalContext": "branch main"}}, r.Output)
	r = Interpret(testevent.Get(t, "PreToolUse"), meta, exited(0, "hello", ""))
	assert.Equal(t, &verdict.Output{SystemMessage: "hello"}, r.Output)
}
