package verdict

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestBlockMessage(t *testing.T) {
	t.Parallel()
	assert.Equal(t, "no", Verdict{Reason: "no", StopReason: "stop"}.BlockMessage())
	assert.Equal(t, "stop", Verdict{Reason: " ", StopReason: "stop"}.BlockMessage())
	assert.Equal(t, "blocked by hook", Verdict{}.BlockMessage())
}

// TestBlocksByStatus: the result format blocks by status; an agent format
// only when the JSON was not written, or under claude for a claude hook's
// exit 2 and WorktreeCreate.
func TestBlocksByStatus(t *testing.T) {
	t.Parallel()
	two := 2
	tool, worktree := mustEvent(t, "BeforeTool"), mustEvent(t, "WorktreeCreate")
	blocked := Verdict{Blocked: true}
	claude2 := Verdict{Blocked: true, Hooks: []HookReport{{Dialect: "claude", Outcome: Blocked, ExitCode: &two}}}
	tests := []struct {
		name    string
		f       Format
		ev      string
		v       Verdict
		written bool
		want    bool
	}{
		{"not blocked", FormatResult, "", Verdict{}, true, false},
		{"result", FormatResult, "", blocked, true, true},
		{"claude JSON", FormatClaude, "", blocked, true, false},
		{"gemini JSON", FormatGemini, "", blocked, true, false},
		{"gemini not written", FormatGemini, "", blocked, false, true},
		{"claude exit 2", FormatClaude, "", claude2, true, true},
		{"gemini claude exit 2", FormatGemini, "", claude2, true, false},
		{"claude worktree", FormatClaude, "worktree", blocked, true, true},
	}
	for _, tt := range tests {
		ev := tool
		if tt.ev == "worktree" {
			ev = worktree
		}
		assert.Equal(t, tt.want, BlocksByStatus(tt.f, ev, tt.v, tt.written), tt.name)
	}
}

func TestFailedError(t *testing.T) {
	t.Parallel()
	failed := Verdict{Hooks: []HookReport{{Name: "a", Outcome: Timeout}, {Name: "b", Outcome: Error}}}
	assert.EqualError(t, FailedError(FormatGemini, failed), "hook(s) failed: a, b")
	assert.NoError(t, FailedError(FormatClaude, failed))
	assert.NoError(t, FailedError(FormatResult, failed))
	assert.NoError(t, FailedError(FormatGemini, Verdict{}))
}

func TestErrorStatus(t *testing.T) {
	t.Parallel()
	assert.Equal(t, StatusError, ErrorStatus(FormatResult, false))
	assert.Equal(t, StatusBlocked, ErrorStatus(FormatResult, true))
	assert.Equal(t, StatusProceed, ErrorStatus(FormatClaude, false))
	assert.Equal(t, StatusProceed, ErrorStatus(FormatClaude, true))
	assert.Equal(t, StatusError, ErrorStatus(FormatGemini, false))
	assert.Equal(t, StatusBlocked, ErrorStatus(FormatGemini, true))
}

// TestWrite: the result format is one JSON document; Claude's
// WorktreeCreate path is a line of text, and nothing without one.
func TestWrite(t *testing.T) {
	t.Parallel()
	var b strings.Builder
	assert.NoError(t, Write(&b, FormatResult, mustEvent(t, "BeforeTool"), Verdict{Decision: "allow"}, AgentInput{}))
	assert.True(t, strings.HasPrefix(b.String(), "{\n"), b.String())
	b.Reset()
	assert.NoError(t, Write(&b, FormatClaude, mustEvent(t, "WorktreeCreate"), Verdict{}, AgentInput{}))
	assert.Empty(t, b.String())
}
