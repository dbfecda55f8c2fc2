package aggregator

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookexec/hookexec/internal/agents"
	"github.com/hookexec/hookexec/internal/agents/claude"
	"github.com/hookexec/hookexec/internal/agents/gemini"
	"github.com/hookexec/hookexec/internal/event"
	"github.com/hookexec/hookexec/internal/testevent"
	"github.com/hookexec/hookexec/internal/verdict"
)

// Merge precedence on PreToolUse: deny > defer > ask > allow.
func TestMergeDefer(t *testing.T) {
	t.Parallel()
	deferOut := `{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"defer","permissionDecisionReason":"later"}}`
	for _, tc := range []struct {
		name     string
		stdouts  []string
		decision string
		reason   string
		blocked  bool
	}{
		{"defer beats ask and allow", []string{`{"decision":"allow"}`, deferOut, `{"decision":"ask","reason":"q"}`}, "defer", "later", false},
		{"deny beats defer", []string{deferOut, `{"decision":"deny","reason":"no"}`}, "deny", "no", true},
		{"defer alone", []string{deferOut}, "defer", "later", false},
	} {
		v := Merge(testevent.Get(t, "PreToolUse"), reportsFor(t, "PreToolUse", tc.stdouts...))
		assert.Equal(t, tc.decision, v.Decision, tc.name)
		assert.Equal(t, tc.reason, v.Reason, tc.name)
		assert.Equal(t, tc.blocked, v.Blocked, tc.name)
	}
	assert.JSONEq(t, `{}`, renderJSON(t, verdict.Format(gemini.Name), "BeforeTool", verdict.Verdict{Continue: true, Decision: "defer", Reason: "later"}),
		"Gemini CLI has no defer: no decision")
}

// The hookSpecificOutput fields of the new events merge so that one hook's
// request is not lost to another's silence.
func TestMergeClaudeSpecific(t *testing.T) {
	t.Parallel()
	v := Merge(testevent.Get(t, "PermissionDenied"), reportsFor(t, "PermissionDenied",
		`{"hookSpecificOutput":{"hookEventName":"PermissionDenied","retry":true}}`,
		`{"hookSpecificOutput":{"hookEventName":"PermissionDenied","retry":false}}`))
	assert.Equal(t, map[string]any{"retry": true}, v.HookSpecificOutput)

	v = Merge(testevent.Get(t, "CwdChanged"), reportsFor(t, "CwdChanged",
		`{"hookSpecificOutput":{"watchPaths":["/a/.envrc","/a/.env"]}}`,
		`{"hookSpecificOutput":{"watchPaths":["/a/.env","/b/x"]}}`,
		`{"hookSpecificOutput":{"watchPaths":"not a list"}}`))
	assert.Equal(t, map[string]any{"watchPaths": []any{"/a/.envrc", "/a/.env", "/b/x"}}, v.HookSpecificOutput)

	v = Merge(testevent.Get(t, "Elicitation"), reportsFor(t, "Elicitation",
		`{"hookSpecificOutput":{"action":"accept","content":{"a":1}}}`,
		`{"hookSpecificOutput":{"action":"decline"}}`,
		`{"hookSpecificOutput":{"action":"cancel"}}`))
	assert.Equal(t, "decline", v.HookSpecificOutput["action"])
}

// WorktreeCreate: a hook's plain stdout is the worktree's path (its last
// line), and --format claude prints that path as text, nothing when
// blocked.
func TestWorktreeCreate(t *testing.T) {
	t.Parallel()
	ev := testevent.Get(t, "WorktreeCreate")
	r := Interpret(ev, testMeta(), exited(0, "creating...\n/tmp/wt/feature\n", ""))
	require.NotNil(t, r.Output)
	assert.Equal(t, map[string]any{"worktreePath": "/tmp/wt/feature"}, r.Output.HookSpecificOutput)
	v := Merge(ev, []verdict.HookReport{r})
	assert.Equal(t, verdict.Text("/tmp/wt/feature"), agents.Render(verdict.Format(claude.Name), ev, v, verdict.AgentInput{}))

	r = Interpret(ev, testMeta(), exited(0, `{"hookSpecificOutput":{"hookEventName":"WorktreeCreate","worktreePath":"/w"}}`, ""))
	assert.Equal(t, verdict.Text("/w"), agents.Render(verdict.Format(claude.Name), ev, Merge(ev, []verdict.HookReport{r}), verdict.AgentInput{}))

	blocked := Merge(ev, []verdict.HookReport{r, Interpret(ev, testMeta(), exited(2, "", "no worktrees here"))})
	require.True(t, blocked.Blocked)
	assert.Equal(t, verdict.Text(""), agents.Render(verdict.Format(claude.Name), ev, blocked, verdict.AgentInput{}))
}

// Plain stdout of a claude-dialect hook is context where Claude Code adds
// it to the model's context.
func TestPlainContextEvents(t *testing.T) {
	t.Parallel()
	meta := testMeta()
	meta.Dialect = "claude"
	for name, isContext := range map[string]bool{"UserPromptExpansion": true, "PostModelSwitch": true, "TaskCompleted": false} {
		r := Interpret(testevent.Get(t, name), meta, exited(0, "some text", ""))
		if isContext {
			assert.Equal(t, &verdict.Output{HookSpecificOutput: map[string]any{"additionalContext": "some text"}}, r.Output, name)
		} else {
			assert.Equal(t, &verdict.Output{SystemMessage: "some text"}, r.Output, name)
		}
	}
}

// An unknown event merges as decisions and can block: a hook's deny is
// never turned into a pass.
func TestUnknownEventBlocks(t *testing.T) {
	t.Parallel()
	ev := event.Unknown("SomeFutureEvent")
	v := Merge(ev, []verdict.HookReport{Interpret(ev, testMeta(), exited(2, "", "not now"))})
	assert.True(t, v.Blocked)
	data, err := json.Marshal(agents.Render(verdict.Format(claude.Name), ev, v, verdict.AgentInput{}))
	require.NoError(t, err)
	assert.JSONEq(t, `{"decision":"block","reason":"not now"}`, string(data))
}
