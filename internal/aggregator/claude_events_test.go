package aggregator

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookexec/hookexec/internal/event"
)

// Merge precedence on PreToolUse: deny > defer > ask > allow (issue 17).
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
		v := Merge(mustEvent(t, "PreToolUse"), reportsFor(t, "PreToolUse", tc.stdouts...))
		assert.Equal(t, tc.decision, v.Decision, tc.name)
		assert.Equal(t, tc.reason, v.Reason, tc.name)
		assert.Equal(t, tc.blocked, v.Blocked, tc.name)
	}
	assert.JSONEq(t, `{}`, renderJSON(t, FormatGemini, "BeforeTool", Verdict{Continue: true, Decision: "defer", Reason: "later"}),
		"Gemini CLI has no defer: no decision")
}

// The hookSpecificOutput fields of the new events merge so that one hook's
// request is not lost to another's silence.
func TestMergeClaudeSpecific(t *testing.T) {
	t.Parallel()
	v := Merge(mustEvent(t, "PermissionDenied"), reportsFor(t, "PermissionDenied",
		`{"hookSpecificOutput":{"hookEventName":"PermissionDenied","retry":true}}`,
		`{"hookSpecificOutput":{"hookEventName":"PermissionDenied","retry":false}}`))
	assert.Equal(t, map[string]any{"retry": true}, v.HookSpecificOutput)

	v = Merge(mustEvent(t, "CwdChanged"), reportsFor(t, "CwdChanged",
		`{"hookSpecificOutput":{"watchPaths":["/a/.envrc","/a/.env"]}}`,
		`{"hookSpecificOutput":{"watchPaths":["/a/.env","/b/x"]}}`,
		`{"hookSpecificOutput":{"watchPaths":"not a list"}}`))
	assert.Equal(t, map[string]any{"watchPaths": []any{"/a/.envrc", "/a/.env", "/b/x"}}, v.HookSpecificOutput)

	v = Merge(mustEvent(t, "Elicitation"), reportsFor(t, "Elicitation",
		`{"hookSpecificOutput":{"action":"accept","content":{"a":1}}}`,
		`{"hookSpecificOutput":{"action":"decline"}}`,
		`{"hookSpecificOutput":{"action":"cancel"}}`))
	assert.Equal(t, "decline", v.HookSpecificOutput["action"])
}

// --format claude answers each new event in the shape Claude Code 2.1.328
// reads.
func TestRenderClaudeEvents(t *testing.T) {
	t.Parallel()
	tests := []formatCase{
		{"PostToolBatch block stops the loop", "PostToolBatch", Verdict{Continue: true, Decision: "deny", Reason: "lint fails",
			HookSpecificOutput: map[string]any{"additionalContext": "see lint.log"}},
			`{"decision":"block","reason":"lint fails","hookSpecificOutput":{"hookEventName":"PostToolBatch","additionalContext":"see lint.log"}}`},
		{"PermissionDenied retry", "PermissionDenied", Verdict{Continue: true, HookSpecificOutput: map[string]any{"retry": true}},
			`{"hookSpecificOutput":{"hookEventName":"PermissionDenied","retry":true}}`},
		{"PermissionDenied cannot block", "PermissionDenied", Verdict{Continue: true, Decision: "deny", Reason: "x"}, `{}`},
		{"PermissionDenied retry of the wrong type", "PermissionDenied", Verdict{Continue: true, HookSpecificOutput: map[string]any{"retry": "yes"}}, `{}`},
		{"PreToolUse defer", "PreToolUse", Verdict{Continue: true, Decision: "defer", Reason: "ask the SDK host"},
			`{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"defer","permissionDecisionReason":"ask the SDK host"}}`},
		{"PreModelSwitch deny", "PreModelSwitch", Verdict{Continue: true, Decision: "deny", Reason: "cache miss too costly"},
			`{"hookSpecificOutput":{"hookEventName":"PreModelSwitch","permissionDecision":"deny","permissionDecisionReason":"cache miss too costly"}}`},
		{"TaskCompleted block", "TaskCompleted", Verdict{Continue: true, Decision: "deny", Reason: "tests fail"},
			`{"decision":"block","reason":"tests fail"}`},
		{"TaskCreated allow is nothing", "TaskCreated", Verdict{Continue: true, Decision: "allow"}, `{}`},
		{"TeammateIdle block", "TeammateIdle", Verdict{Continue: true, Decision: "deny", Reason: "keep going"},
			`{"decision":"block","reason":"keep going"}`},
		{"ConfigChange block", "ConfigChange", Verdict{Continue: true, Decision: "deny", Reason: "managed"},
			`{"decision":"block","reason":"managed"}`},
		{"UserPromptExpansion context and suppress", "UserPromptExpansion", Verdict{Continue: true, Decision: "deny", Reason: "no",
			HookSpecificOutput: map[string]any{"additionalContext": "c", "suppressOriginalPrompt": true}},
			`{"decision":"block","reason":"no","hookSpecificOutput":{"hookEventName":"UserPromptExpansion","additionalContext":"c","suppressOriginalPrompt":true}}`},
		{"UserPromptSubmit sessionTitle", "UserPromptSubmit", Verdict{Continue: true, HookSpecificOutput: map[string]any{"sessionTitle": "fix ci"}},
			`{"hookSpecificOutput":{"hookEventName":"UserPromptSubmit","sessionTitle":"fix ci"}}`},
		{"SessionStart fields", "SessionStart", Verdict{Continue: true, HookSpecificOutput: map[string]any{
			"initialUserMessage": "hi", "watchPaths": []any{"/p/.envrc"}, "reloadSkills": true, "sessionTitle": "t"}},
			`{"hookSpecificOutput":{"hookEventName":"SessionStart","sessionTitle":"t","initialUserMessage":"hi","reloadSkills":true,"watchPaths":["/p/.envrc"]}}`},
		{"FileChanged watchPaths", "FileChanged", Verdict{Continue: true, HookSpecificOutput: map[string]any{"watchPaths": []any{"/p/.env"}}},
			`{"hookSpecificOutput":{"hookEventName":"FileChanged","watchPaths":["/p/.env"]}}`},
		{"CwdChanged watchPaths not strings", "CwdChanged", Verdict{Continue: true, HookSpecificOutput: map[string]any{"watchPaths": []any{1}}}, `{}`},
		{"MessageDisplay displayContent", "MessageDisplay", Verdict{Continue: true, HookSpecificOutput: map[string]any{"displayContent": "[redacted]"}},
			`{"hookSpecificOutput":{"hookEventName":"MessageDisplay","displayContent":"[redacted]"}}`},
		{"PostToolUse outputs", "PostToolUse", Verdict{Continue: true, HookSpecificOutput: map[string]any{
			"updatedToolOutput": map[string]any{"stdout": "x"}, "updatedMCPToolOutput": "m", "classifierContext": "user said ok"}},
			`{"hookSpecificOutput":{"hookEventName":"PostToolUse","updatedToolOutput":{"stdout":"x"},"updatedMCPToolOutput":"m","classifierContext":"user said ok"}}`},
		{"Elicitation accept", "Elicitation", Verdict{Continue: true, HookSpecificOutput: map[string]any{"action": "accept", "content": map[string]any{"name": "x"}}},
			`{"hookSpecificOutput":{"hookEventName":"Elicitation","action":"accept","content":{"name":"x"}}}`},
		{"Elicitation deny declines", "Elicitation", Verdict{Continue: true, Decision: "deny", Reason: "no",
			HookSpecificOutput: map[string]any{"action": "accept", "content": map[string]any{"name": "x"}}},
			`{"decision":"block","reason":"no","hookSpecificOutput":{"hookEventName":"Elicitation","action":"decline"}}`},
		{"ElicitationResult unknown action dropped", "ElicitationResult", Verdict{Continue: true, HookSpecificOutput: map[string]any{"action": "maybe"}}, `{}`},
		{"Setup context", "Setup", Verdict{Continue: true, HookSpecificOutput: map[string]any{"additionalContext": "deps installed"}},
			`{"hookSpecificOutput":{"hookEventName":"Setup","additionalContext":"deps installed"}}`},
		{"PostModelSwitch context", "PostModelSwitch", Verdict{Continue: true, HookSpecificOutput: map[string]any{"additionalContext": "c"}},
			`{"hookSpecificOutput":{"hookEventName":"PostModelSwitch","additionalContext":"c"}}`},
		{"StopFailure: generic fields only", "StopFailure", Verdict{Continue: true, SystemMessage: "m", HookSpecificOutput: map[string]any{"additionalContext": "c"}},
			`{"systemMessage":"m"}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			assert.JSONEq(t, tt.want, renderJSON(t, FormatClaude, tt.event, tt.v))
		})
	}
}

// WorktreeCreate: a hook's plain stdout is the worktree's path (its last
// line), and --format claude prints that path as text, nothing when
// blocked.
func TestWorktreeCreate(t *testing.T) {
	t.Parallel()
	ev := mustEvent(t, "WorktreeCreate")
	r := Interpret(ev, testMeta(), exited(0, "creating...\n/tmp/wt/feature\n", ""))
	require.NotNil(t, r.Output)
	assert.Equal(t, map[string]any{"worktreePath": "/tmp/wt/feature"}, r.Output.HookSpecificOutput)
	v := Merge(ev, []HookReport{r})
	assert.Equal(t, ClaudeText("/tmp/wt/feature"), Render(FormatClaude, ev, v, AgentInput{}))

	r = Interpret(ev, testMeta(), exited(0, `{"hookSpecificOutput":{"hookEventName":"WorktreeCreate","worktreePath":"/w"}}`, ""))
	assert.Equal(t, ClaudeText("/w"), Render(FormatClaude, ev, Merge(ev, []HookReport{r}), AgentInput{}))

	blocked := Merge(ev, []HookReport{r, Interpret(ev, testMeta(), exited(2, "", "no worktrees here"))})
	require.True(t, blocked.Blocked)
	assert.Equal(t, ClaudeText(""), Render(FormatClaude, ev, blocked, AgentInput{}))
}

// Plain stdout of a claude-dialect hook is context where Claude Code adds
// it to the model's context.
func TestPlainContextEvents(t *testing.T) {
	t.Parallel()
	meta := testMeta()
	meta.Dialect = "claude"
	for name, isContext := range map[string]bool{"UserPromptExpansion": true, "PostModelSwitch": true, "TaskCompleted": false} {
		r := Interpret(mustEvent(t, name), meta, exited(0, "some text", ""))
		if isContext {
			assert.Equal(t, &Output{HookSpecificOutput: map[string]any{"additionalContext": "some text"}}, r.Output, name)
		} else {
			assert.Equal(t, &Output{SystemMessage: "some text"}, r.Output, name)
		}
	}
}

func TestResolveEvent(t *testing.T) {
	t.Parallel()
	ev, warning, err := ResolveEvent("pretooluse", FormatClaude)
	require.NoError(t, err)
	assert.Equal(t, "BeforeTool", ev.Name)
	assert.Empty(t, warning)

	for _, f := range []Format{FormatClaude, FormatGemini} {
		ev, warning, err = ResolveEvent("SomeFutureEvent", f)
		require.NoError(t, err)
		assert.Equal(t, event.Unknown("SomeFutureEvent"), ev)
		assert.Equal(t, `unknown event "SomeFutureEvent": ran the hooks registered under exactly this key, matchers ignored, merged as decisions`, warning)
	}
	_, warning, err = ResolveEvent("PostToolBatchX", FormatClaude)
	require.NoError(t, err)
	assert.Contains(t, warning, `(did you mean "PostToolBatch"?)`)

	_, _, err = ResolveEvent("SomeFutureEvent", FormatResult)
	var ue *event.UnknownError
	require.ErrorAs(t, err, &ue, "the result format keeps the usage error")
	for _, bad := range []string{"", "two words", "nul\x00", string(make([]byte, 200))} {
		_, _, err = ResolveEvent(bad, FormatClaude)
		assert.Error(t, err, "%q", bad)
	}
}

// An unknown event merges as decisions and can block: a hook's deny is
// never turned into a pass.
func TestUnknownEventBlocks(t *testing.T) {
	t.Parallel()
	ev := event.Unknown("SomeFutureEvent")
	v := Merge(ev, []HookReport{Interpret(ev, testMeta(), exited(2, "", "not now"))})
	assert.True(t, v.Blocked)
	data, err := json.Marshal(Render(FormatClaude, ev, v, AgentInput{}))
	require.NoError(t, err)
	assert.JSONEq(t, `{"decision":"block","reason":"not now"}`, string(data))
}
