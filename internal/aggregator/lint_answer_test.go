package aggregator

import (
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookexec/hookexec/internal/agents"
	"github.com/hookexec/hookexec/internal/agents/claude"
	"github.com/hookexec/hookexec/internal/event"
)

const hookAt = `hook "guard" (.hookexec/hooks.json:4:9): `

// Each field in the wrong place is warned with its fix, naming the hook;
// the decision is what it was without the warning.
func TestAnswerWarnings(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name     string
		dialect  string
		event    string // the hook's event key; BeforeTool when empty
		code     int
		stdout   string
		stderr   string
		decision string
		want     []string
	}{
		{name: "top-level additionalContext", event: "SessionStart", stdout: `{"additionalContext":"main is frozen"}`,
			want: []string{`top-level "additionalContext" is ignored: only hookSpecificOutput.additionalContext reaches the model; move it into hookSpecificOutput: {"hookSpecificOutput": {"hookEventName": "SessionStart", "additionalContext": ...}}`}},
		{name: "top-level permissionDecision and its reason", stdout: `{"permissionDecision":"deny","permissionDecisionReason":"no"}`,
			want: []string{`top-level "permissionDecision" and "permissionDecisionReason" are ignored: read only inside hookSpecificOutput; move into hookSpecificOutput: {"hookSpecificOutput": {"hookEventName": "BeforeTool", "permissionDecision": ..., "permissionDecisionReason": ...}}`}},
		{name: "top-level updatedInput", dialect: "claude", event: "PreToolUse", stdout: `{"updatedInput":{"command":"ls"}}`,
			want: []string{`top-level "updatedInput" is ignored: read only inside hookSpecificOutput; move into hookSpecificOutput: {"hookSpecificOutput": {"hookEventName": "PreToolUse", "updatedInput": ...}}`}},
		{name: "a deny with a misplaced extra field still denies", stdout: `{"decision":"deny","reason":"no","additionalContext":"x"}`, decision: "deny",
			want: []string{`top-level "additionalContext" is ignored: only hookSpecificOutput.additionalContext reaches the model; move it into hookSpecificOutput: {"hookSpecificOutput": {"hookEventName": "BeforeTool", "additionalContext": ...}}`}},
		{name: "exit 2 with a misplaced field still denies", code: 2, stdout: `{"permissionDecisionReason":"no"}`, decision: "deny",
			want: []string{`top-level "permissionDecisionReason" is ignored: read only inside hookSpecificOutput; move into hookSpecificOutput: {"hookSpecificOutput": {"hookEventName": "BeforeTool", "permissionDecisionReason": ...}}`}},
		{name: "top-level permissionDecision said by decision too", stdout: `{"decision":"deny","permissionDecision":"deny"}`, decision: "deny"},
		{name: "top-level reason said by reason too", stdout: `{"hookSpecificOutput":{"permissionDecision":"deny"},"reason":"r","permissionDecisionReason":"r"}`, decision: "deny"},
		{name: "misspelled decision", stdout: `{"decison":"deny"}`,
			want: []string{`unknown key "decison" is ignored (did you mean "decision"?)`}},
		{name: "misspelled systemMessage", stdout: `{"systemMesage":"hi"}`,
			want: []string{`unknown key "systemMesage" is ignored (did you mean "systemMessage"?)`}},
		{name: "misspelled hookSpecificOutput", stdout: `{"hookSpecificOutputs":{"additionalContext":"x"}}`,
			want: []string{`unknown key "hookSpecificOutputs" is ignored (did you mean "hookSpecificOutput"?)`}},
		{name: "top-level key in the wrong case", event: "SessionStart", stdout: `{"additionalcontext":"x"}`,
			want: []string{`unknown key "additionalcontext" is ignored (did you mean "additionalContext"? it goes inside hookSpecificOutput: {"hookSpecificOutput": {"hookEventName": "SessionStart", "additionalContext": ...}})`}},
		{name: "unknown top-level key", stdout: `{"verdict":"deny"}`,
			want: []string{`unknown key "verdict" is ignored (the top-level keys read are continue, decision, hookSpecificOutput, reason, stopReason, suppressOutput, systemMessage)`}},
		{name: "misspelled key in hookSpecificOutput", event: "SessionStart", stdout: `{"hookSpecificOutput":{"additionalcontext":"x"}}`,
			want: []string{`unknown key "additionalcontext" in hookSpecificOutput is ignored (did you mean "additionalContext"?)`}},
		{name: "misspelled permissionDecision", dialect: "qwen", event: "PreToolUse", stdout: `{"hookSpecificOutput":{"permisionDecision":"deny"}}`,
			want: []string{`unknown key "permisionDecision" in hookSpecificOutput is ignored (did you mean "permissionDecision"?)`}},
		{name: "unknown key in a native hookSpecificOutput passes", stdout: `{"hookSpecificOutput":{"someAgentsField":1}}`},
		{name: "unknown key in a claude hookSpecificOutput", dialect: "claude", event: "PreToolUse", stdout: `{"hookSpecificOutput":{"someAgentsField":1}}`,
			want: []string{`unknown key "someAgentsField" in hookSpecificOutput is ignored: Claude Code reads none such`}},
		{name: "hookEventName of another event", dialect: "claude", event: "PreToolUse", stdout: `{"hookSpecificOutput":{"hookEventName":"PostToolUse","permissionDecision":"deny"}}`, decision: "deny",
			want: []string{`hookSpecificOutput.hookEventName is "PostToolUse" but the hook answered PreToolUse (Claude Code rejects an answer for another event); write "PreToolUse"`}},
		{name: "hookEventName of an alias", stdout: `{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny"}}`, decision: "deny"},
		{name: "qwen exit 2 reads stderr", dialect: "qwen", event: "PreToolUse", code: 2, stdout: `{"decison":"x"}`, stderr: `{"reason":"no","additionalContext":"x"}`, decision: "deny",
			want: []string{`top-level "additionalContext" is ignored: only hookSpecificOutput.additionalContext reaches the model; move it into hookSpecificOutput: {"hookSpecificOutput": {"hookEventName": "PreToolUse", "additionalContext": ...}}`}},
		{name: "claude exit 1 JSON is read", dialect: "claude", event: "PreToolUse", code: 1, stdout: `{"decison":"deny"}`,
			want: []string{`unknown key "decison" is ignored (did you mean "decision"?)`}},
		{name: "native exit 1 output is not read", code: 1, stdout: `{"decison":"deny"}`},
		{name: "plain text on SessionStart", event: "SessionStart", stdout: "main is frozen\n",
			want: []string{`plain text on SessionStart becomes a systemMessage: the user sees it, the model does not; to give it to the model print {"hookSpecificOutput": {"hookEventName": "SessionStart", "additionalContext": "..."}} instead`}},
		{name: "plain text on UserPromptSubmit", event: "UserPromptSubmit", stdout: "remember the style guide",
			want: []string{`plain text on UserPromptSubmit becomes a systemMessage: the user sees it, the model does not; to give it to the model print {"hookSpecificOutput": {"hookEventName": "UserPromptSubmit", "additionalContext": "..."}} instead`}},
		{name: "plain text on BeforeTool is a message as meant", stdout: "checked"},
		{name: "claude plain text on SessionStart is context", dialect: "claude", event: "SessionStart", stdout: "main is frozen"},
		{name: "gemini is not linted", dialect: "gemini", stdout: `{"decison":"deny","additionalContext":"x"}`},
		{name: "copilot reads top-level permissionDecision", dialect: "copilot", event: "preToolUse", stdout: `{"permissionDecision":"deny"}`, decision: "deny"},
		{name: "cursor reads its own keys", dialect: "cursor", event: "beforeShellExecution", stdout: `{"permission":"deny","user_message":"no"}`, decision: "deny"},
		{name: "cline answers with its own keys", dialect: "cline", event: "PreToolUse", stdout: `{"cancel":true,"errorMessage":"rm"}`},
		{name: "kimi answers as Claude Code with keys of its own", dialect: "kimi", event: "PreToolUse", stdout: `{"someKimiField":1,"hookSpecificOutput":{"someKimiField":1}}`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			meta := testMeta()
			meta.Pos = ".hookexec/hooks.json:4:9"
			if tc.dialect != "" {
				meta.Dialect = tc.dialect
			}
			if tc.event != "" {
				meta.EventKey = tc.event
			}
			ev := eventOf(t, meta.EventKey)
			r := Interpret(ev, meta, exited(tc.code, tc.stdout, tc.stderr))
			var want []string
			for _, w := range tc.want {
				want = append(want, hookAt+w)
			}
			assert.Equal(t, want, r.Warnings)
			got := ""
			if r.Output != nil {
				got = r.Output.Decision
			}
			assert.Equal(t, tc.decision, got, "the warning never changes the decision")
		})
	}
}

// eventOf is the event a hook registered under key (a name of the
// catalogue or of an agent) answers.
func eventOf(t *testing.T, key string) event.Event {
	t.Helper()
	n, ok := agents.EventByKey(key)
	require.True(t, ok, key)
	return n.Event
}

// A correct answer, in each dialect, gives no warning: every key that
// some reader takes is known.
func TestAnswerWarningsNoneForCorrectAnswers(t *testing.T) {
	t.Parallel()
	answers := map[string]string{
		"PreToolUse":        `{"continue":true,"suppressOutput":false,"systemMessage":"m","decision":"approve","reason":"r","hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow","permissionDecisionReason":"ok","updatedInput":{"command":"ls"},"tool_input":{"command":"ls"},"additionalContext":"c"}}`,
		"SessionStart":      `{"hookSpecificOutput":{"hookEventName":"SessionStart","additionalContext":"frozen","initialUserMessage":"hi","sessionTitle":"t","watchPaths":["a"],"reloadSkills":true}}`,
		"UserPromptSubmit":  `{"decision":"block","reason":"no","hookSpecificOutput":{"hookEventName":"UserPromptSubmit","additionalContext":"c","sessionTitle":"t","suppressOriginalPrompt":true}}`,
		"PostToolUse":       `{"decision":"block","reason":"r","hookSpecificOutput":{"hookEventName":"PostToolUse","additionalContext":"c","updatedToolOutput":"o","updatedMCPToolOutput":"o","classifierContext":"c"}}`,
		"PermissionRequest": `{"hookSpecificOutput":{"hookEventName":"PermissionRequest","decision":{"behavior":"allow","updatedInput":{},"updatedPermissions":[]}}}`,
		"Stop":              `{"decision":"block","reason":"keep going","stopReason":"s","continue":false}`,
		"PreCompact":        `{"async":true,"asyncTimeout":10}`,
	}
	for _, a := range agents.All() {
		for _, dialect := range []string{"native", a.Name} {
			for key, answer := range answers {
				meta := testMeta()
				meta.Dialect, meta.EventKey = dialect, key
				ev := eventOf(t, key)
				for _, code := range []int{0, 2} {
					r := Interpret(ev, meta, exited(code, answer, answer))
					assert.Empty(t, r.Warnings, "%s %s exit %d", dialect, key, code)
				}
			}
		}
	}
}

// The keys --format claude passes through are known keys, so that a
// Claude Code field hookexec carries is never called unknown.
func TestSpecificKeysCoverClaude(t *testing.T) {
	t.Parallel()
	typ := reflect.TypeOf(claude.SpecificOutput{})
	for i := range typ.NumField() {
		tag := strings.Split(typ.Field(i).Tag.Get("json"), ",")[0]
		require.NotEmpty(t, tag)
		assert.Contains(t, specificKeys(), tag)
	}
}

// A hostile answer gets a bounded warning: a few warnings and a count,
// no suggestion for a huge key, and the key shortened in the message.
func TestAnswerWarningsBounded(t *testing.T) {
	t.Parallel()
	keys := make([]string, 0, 1000)
	for i := range 1000 {
		keys = append(keys, fmt.Sprintf(`"k%04d":1`, i))
	}
	meta := testMeta()
	r := Interpret(eventOf(t, "BeforeTool"), meta, exited(0, "{"+strings.Join(keys, ",")+"}", ""))
	require.Len(t, r.Warnings, maxAnswerWarnings)
	assert.Equal(t, `hook "guard" (.hookexec/hooks.json): 996 more fields of the answer are not read (run the hook to see them)`, r.Warnings[maxAnswerWarnings-1])

	huge := strings.Repeat("decision", 1<<17) // 1 MiB
	r = Interpret(eventOf(t, "BeforeTool"), meta, exited(0, `{"`+huge+`":"deny"}`, ""))
	require.Len(t, r.Warnings, 1)
	assert.Less(t, len(r.Warnings[0]), 300)
	assert.Contains(t, r.Warnings[0], `unknown key "decisiondecisiondecisiondecisiondecisio… is ignored`)
}
