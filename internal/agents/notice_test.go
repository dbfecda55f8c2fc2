package agents

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookexec/hookexec/internal/agents/claude"
	"github.com/hookexec/hookexec/internal/agents/gemini"
	"github.com/hookexec/hookexec/internal/testevent"
	"github.com/hookexec/hookexec/internal/verdict"
)

// The agent formats, as the tests name them.
const (
	claudeFormat = verdict.Format(claude.Name)
	geminiFormat = verdict.Format(gemini.Name)
)

// memLog is a NoticeLog in memory.
type memLog map[string]bool

func (m memLog) Given(n string) bool {
	given := m[n]
	m[n] = true
	return given
}

// TestSkipNotice: the notice of hooks left out reaches the agent's user on
// SessionStart and BeforeAgent always, and on the session's first other
// event unless BeforeAgent told already (SPEC §2.5: an event that cannot
// block tells too).
func TestSkipNotice(t *testing.T) {
	t.Parallel()
	skipped := verdict.Verdict{Continue: true, Skipped: []string{"a.json:3:14: PreToolUse[0].hooks[0]: unsupported hook type \"prompt\"; hook skipped"}}
	const want = "hookexec: these hooks do not run: a.json:3:14: PreToolUse[0].hooks[0]: unsupported hook type \"prompt\"; hook skipped. Run 'hookexec validate' for details."
	messageOf := func(f verdict.Format, name string, v verdict.Verdict, log verdict.NoticeLog) string {
		switch out := Render(f, testevent.Get(t, name), v, verdict.AgentInput{Notices: log}).(type) {
		case claude.Output:
			return out.SystemMessage
		case gemini.Output:
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
		{"events that cannot block tell once too", []string{"Notification", "SessionEnd", "PreToolUse"}, []bool{true, false, false}},
	}
	for _, tt := range tests {
		for _, f := range []verdict.Format{claudeFormat, geminiFormat} {
			log := memLog{}
			for i, name := range tt.events {
				if name == "PostToolUse" && f == geminiFormat {
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
	assert.Equal(t, want, messageOf(claudeFormat, "SessionStart", skipped, nil))
	assert.Empty(t, messageOf(claudeFormat, "PreToolUse", skipped, nil))
	// The result format is unchanged.
	assert.Empty(t, Render(verdict.FormatResult, testevent.Get(t, "SessionStart"), skipped, verdict.AgentInput{Notices: memLog{}}).(verdict.Verdict).SystemMessage)
}

// TestPendingNotice: a project changed since it was trusted is named to the
// agent's user once per session, with what is held and the one command
// that reviews the change.
func TestPendingNotice(t *testing.T) {
	t.Parallel()
	v := verdict.Verdict{Continue: true, Pending: []string{".hookexec/hooks.json", "guard.sh"}, Held: []string{"sh ./guard.sh (changed: guard.sh)"}}
	const want = "hookexec: this project's hook files changed since you trusted them: .hookexec/hooks.json, guard.sh. " +
		"The hooks you trusted still run; new or changed hooks do not (held: sh ./guard.sh (changed: guard.sh)). Review the change with 'hookexec trust'."
	log := memLog{}
	first := Render(claudeFormat, testevent.Get(t, "PreToolUse"), v, verdict.AgentInput{Notices: log}).(claude.Output)
	assert.Equal(t, want, first.SystemMessage)
	again := Render(claudeFormat, testevent.Get(t, "PreToolUse"), v, verdict.AgentInput{Notices: log}).(claude.Output)
	assert.Empty(t, again.SystemMessage, "told once per session")

	many := verdict.PendingText([]string{"a"}, []string{"1", "2", "3", "4", "5"})
	assert.Contains(t, many, "(held: 1; 2; 3 and 2 more)")
}

// An error verdict on Gemini's BeforeToolSelection prints nothing
// (verdict.ErrorVerdict).
func TestErrorVerdictToolSelection(t *testing.T) {
	t.Parallel()
	v := verdict.ErrorVerdict(testevent.Get(t, "BeforeToolSelection"), errors.New("bad.json:2:13: invalid JSON"), true)
	assert.Nil(t, Render(geminiFormat, testevent.Get(t, "BeforeToolSelection"), v, verdict.AgentInput{}), "Gemini reads any answer there as a tool config")
}

// Every message of the agent formats (SPEC §6) is cut; decisions, flags and
// the result format are not touched.
func TestRenderCutsMessages(t *testing.T) {
	t.Parallel()
	huge := strings.Repeat("ü", 100<<10) // 200 KiB
	const limit = 4 << 10
	in := verdict.AgentInput{MaxMessage: limit}
	stop := verdict.Verdict{Continue: false, StopReason: huge, SystemMessage: huge, Decision: "deny", Reason: huge,
		HookSpecificOutput: map[string]any{"additionalContext": huge}}

	messages := map[string]string{}
	pre := claude.RenderOutput(testevent.Get(t, "PreToolUse"), stop, in)
	messages["claude systemMessage"] = pre.SystemMessage
	messages["claude stopReason"] = pre.StopReason
	require.NotNil(t, pre.HookSpecificOutput)
	assert.Equal(t, "deny", pre.HookSpecificOutput.PermissionDecision)
	messages["claude permissionDecisionReason"] = pre.HookSpecificOutput.PermissionDecisionReason
	messages["claude additionalContext"] = pre.HookSpecificOutput.AdditionalContext

	block := claude.RenderOutput(testevent.Get(t, "Stop"), stop, in)
	assert.Equal(t, "block", block.Decision)
	messages["claude reason"] = block.Reason

	perm := claude.RenderOutput(testevent.Get(t, "PermissionRequest"), stop, in)
	require.NotNil(t, perm.HookSpecificOutput)
	require.NotNil(t, perm.HookSpecificOutput.Decision)
	messages["claude decision.message"] = perm.HookSpecificOutput.Decision.Message

	gem := gemini.RenderOutput(testevent.Get(t, "BeforeTool"), stop, in)
	assert.Equal(t, "deny", gem.Decision)
	messages["gemini systemMessage"] = gem.SystemMessage
	messages["gemini reason"] = gem.Reason
	messages["gemini stopReason"] = gem.StopReason
	messages["gemini additionalContext"], _ = gem.HookSpecificOutput["additionalContext"].(string)

	for field, m := range messages {
		assert.LessOrEqual(t, len(m), limit, field)
		assert.True(t, utf8.ValidString(m), field)
		assert.Contains(t, m, "… [hookexec: cut ", field)
		kept, _, _ := strings.Cut(m, "… [hookexec")
		assert.True(t, strings.HasPrefix(huge, kept), field)
	}
	assert.Equal(t, huge, stop.HookSpecificOutput["additionalContext"], "the verdict is not modified")

	// The result format is the verdict as it is.
	data, err := json.Marshal(Render(verdict.FormatResult, testevent.Get(t, "BeforeTool"), stop, in))
	require.NoError(t, err)
	var v verdict.Verdict
	require.NoError(t, json.Unmarshal(data, &v))
	assert.Equal(t, huge, v.SystemMessage)
	assert.Equal(t, huge, v.Reason)
}
