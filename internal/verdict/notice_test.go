package verdict

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
)

// memLog is a NoticeLog in memory.
type memLog map[string]bool

func (m memLog) Given(n string) bool {
	given := m[n]
	m[n] = true
	return given
}

// TestSkipNotice: the notice of hooks left out reaches the agent's user on
// SessionStart and BeforeAgent always, on the session's first other event
// that can block unless BeforeAgent told already, and nowhere else (issue
// 17 §2).
func TestSkipNotice(t *testing.T) {
	t.Parallel()
	skipped := Verdict{Continue: true, Skipped: []string{"a.json:3:14: PreToolUse[0].hooks[0]: unsupported hook type \"prompt\"; hook skipped"}}
	const want = "hookexec: these hooks do not run: a.json:3:14: PreToolUse[0].hooks[0]: unsupported hook type \"prompt\"; hook skipped. Run 'hookexec validate' for details."
	messageOf := func(f Format, name string, v Verdict, log NoticeLog) string {
		switch out := Render(f, mustEvent(t, name), v, AgentInput{Notices: log}).(type) {
		case ClaudeOutput:
			return out.SystemMessage
		case GeminiOutput:
			return out.SystemMessage
		}
		return "?"
	}
	tests := []struct {
		name   string
		events []string // fired in order in one session
		want   []bool   // told on each
	}{
		{"session start does not count", []string{"SessionStart", "PreToolUse", "PreToolUse", "SessionStart"}, []bool{true, true, false, true}},
		{"prompt always", []string{"UserPromptSubmit", "UserPromptSubmit", "PreToolUse"}, []bool{true, true, false}},
		{"first blocking event", []string{"PostToolUse", "PreToolUse", "Stop"}, []bool{true, false, false}},
		{"not on events that cannot block", []string{"Notification", "SessionEnd", "PreToolUse"}, []bool{false, false, true}},
	}
	for _, tt := range tests {
		for _, f := range []Format{FormatClaude, FormatGemini} {
			log := memLog{}
			for i, name := range tt.events {
				if name == "PostToolUse" && f == FormatGemini {
					name = "AfterTool"
				}
				got := messageOf(f, name, skipped, log)
				if tt.want[i] {
					assert.Equal(t, want, got, "%s %s: %s (#%d)", tt.name, f, name, i)
				} else {
					assert.Empty(t, got, "%s %s: %s (#%d)", tt.name, f, name, i)
				}
			}
		}
	}
	// Without a log: SessionStart and BeforeAgent only, as before.
	assert.Equal(t, want, messageOf(FormatClaude, "SessionStart", skipped, nil))
	assert.Empty(t, messageOf(FormatClaude, "PreToolUse", skipped, nil))
	// The result format is unchanged.
	assert.Empty(t, Render(FormatResult, mustEvent(t, "SessionStart"), skipped, AgentInput{Notices: memLog{}}).(Verdict).SystemMessage)
}

func TestSkipNoticeText(t *testing.T) {
	t.Parallel()
	assert.Empty(t, skipNoticeText(Verdict{}))
	v := Verdict{
		Untrusted: []string{"/p/.hookexec/hooks.json"},
		Skipped:   []string{"w1", "w2", "w3", "w4", "w5"},
	}
	assert.Equal(t, "hookexec: this project's hook files are not trusted, so their hooks did not run: /p/.hookexec/hooks.json. Review them and run 'hookexec trust' in the project to enable them.\n"+
		"hookexec: these hooks do not run: w1; w2; w3 (and 2 more). Run 'hookexec validate' for details.", skipNoticeText(v))
	// The notice comes before the hooks' own messages.
	told := skipNotice(mustEvent(t, "SessionStart"), Verdict{Skipped: []string{"w"}, SystemMessage: "hello"}, nil)
	assert.Equal(t, "hookexec: these hooks do not run: w. Run 'hookexec validate' for details.\nhello", told.SystemMessage)
}

func TestErrorVerdict(t *testing.T) {
	t.Parallel()
	err := errors.New("bad.json:2:13: invalid JSON")
	msg := "hookexec: no hook ran for this event: bad.json:2:13: invalid JSON (run 'hookexec validate' to check the configs)"

	v := ErrorVerdict(mustEvent(t, "PreToolUse"), err, false)
	assert.False(t, v.Blocked)
	assert.Empty(t, v.Decision)
	assert.Equal(t, msg, v.SystemMessage)

	v = ErrorVerdict(mustEvent(t, "PreToolUse"), err, true)
	assert.True(t, v.Blocked)
	assert.Equal(t, "deny", v.Decision)
	assert.Equal(t, err.Error(), v.Reason)
	assert.Equal(t, msg, v.SystemMessage)

	v = ErrorVerdict(mustEvent(t, "SessionStart"), err, true)
	assert.False(t, v.Blocked, "an event that cannot block never denies")
	assert.Equal(t, msg, v.SystemMessage)

	v = ErrorVerdict(mustEvent(t, "BeforeToolSelection"), err, true)
	assert.Nil(t, Render(FormatGemini, mustEvent(t, "BeforeToolSelection"), v, AgentInput{}), "Gemini reads any answer there as a tool config")
}

// TestPendingNotice: a project changed since it was trusted is named to the
// agent's user once per session, with what is held and the one command
// that reviews the change (issue 18 §3).
func TestPendingNotice(t *testing.T) {
	t.Parallel()
	v := Verdict{Continue: true, Pending: []string{".hookexec/hooks.json", "guard.sh"}, Held: []string{"sh ./guard.sh (changed: guard.sh)"}}
	const want = "hookexec: this project's hook files changed since you trusted them: .hookexec/hooks.json, guard.sh. " +
		"The hooks you trusted still run; new or changed hooks do not (held: sh ./guard.sh (changed: guard.sh)). Review the change with 'hookexec trust'."
	log := memLog{}
	first := Render(FormatClaude, mustEvent(t, "PreToolUse"), v, AgentInput{Notices: log}).(ClaudeOutput)
	assert.Equal(t, want, first.SystemMessage)
	again := Render(FormatClaude, mustEvent(t, "PreToolUse"), v, AgentInput{Notices: log}).(ClaudeOutput)
	assert.Empty(t, again.SystemMessage, "told once per session")

	many := PendingText([]string{"a"}, []string{"1", "2", "3", "4", "5"})
	assert.Contains(t, many, "(held: 1; 2; 3 and 2 more)")
}
