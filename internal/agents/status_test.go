package agents

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/hookexec/hookexec/internal/testevent"
	"github.com/hookexec/hookexec/internal/verdict"
)

// TestBlocksByStatus: the result format blocks by status; an agent format
// only when the JSON was not written, or under claude for a claude hook's
// exit 2 and WorktreeCreate.
func TestBlocksByStatus(t *testing.T) {
	t.Parallel()
	two := 2
	tool, worktree := testevent.Get(t, "BeforeTool"), testevent.Get(t, "WorktreeCreate")
	blocked := verdict.Verdict{Blocked: true}
	claude2 := verdict.Verdict{Blocked: true, Hooks: []verdict.HookReport{{Dialect: "claude", Outcome: verdict.Blocked, ExitCode: &two}}}
	tests := []struct {
		name    string
		f       verdict.Format
		ev      string
		v       verdict.Verdict
		written bool
		want    bool
	}{
		{"not blocked", verdict.FormatResult, "", verdict.Verdict{}, true, false},
		{"result", verdict.FormatResult, "", blocked, true, true},
		{"claude JSON", claudeFormat, "", blocked, true, false},
		{"gemini JSON", geminiFormat, "", blocked, true, false},
		{"gemini not written", geminiFormat, "", blocked, false, true},
		{"claude exit 2", claudeFormat, "", claude2, true, true},
		{"gemini claude exit 2", geminiFormat, "", claude2, true, false},
		{"claude worktree", claudeFormat, "worktree", blocked, true, true},
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
	failed := verdict.Verdict{Hooks: []verdict.HookReport{{Name: "a", Outcome: verdict.Timeout}, {Name: "b", Outcome: verdict.Error}}}
	assert.EqualError(t, FailedError(geminiFormat, failed), "hook(s) failed: a, b")
	assert.NoError(t, FailedError(claudeFormat, failed))
	assert.NoError(t, FailedError(verdict.FormatResult, failed))
	assert.NoError(t, FailedError(geminiFormat, verdict.Verdict{}))
}

func TestErrorStatus(t *testing.T) {
	t.Parallel()
	assert.Equal(t, verdict.StatusError, ErrorStatus(verdict.FormatResult, false))
	assert.Equal(t, verdict.StatusBlocked, ErrorStatus(verdict.FormatResult, true))
	assert.Equal(t, verdict.StatusProceed, ErrorStatus(claudeFormat, false))
	assert.Equal(t, verdict.StatusProceed, ErrorStatus(claudeFormat, true))
	assert.Equal(t, verdict.StatusError, ErrorStatus(geminiFormat, false))
	assert.Equal(t, verdict.StatusBlocked, ErrorStatus(geminiFormat, true))
}

// TestWrite: the result format is one JSON document; Claude's
// WorktreeCreate path is a line of text, and nothing without one.
func TestWrite(t *testing.T) {
	t.Parallel()
	var b strings.Builder
	assert.NoError(t, Write(&b, verdict.FormatResult, testevent.Get(t, "BeforeTool"), verdict.Verdict{Decision: "allow"}, verdict.AgentInput{}))
	assert.True(t, strings.HasPrefix(b.String(), "{\n"), b.String())
	b.Reset()
	assert.NoError(t, Write(&b, claudeFormat, testevent.Get(t, "WorktreeCreate"), verdict.Verdict{}, verdict.AgentInput{}))
	assert.Empty(t, b.String())
}
