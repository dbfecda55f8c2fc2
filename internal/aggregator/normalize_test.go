package aggregator

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookexec/hookexec/internal/testevent"
	"github.com/hookexec/hookexec/internal/verdict"
)

func TestInterpretNormalization(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name   string
		event  string
		stdout string
		output *verdict.Output
		err    string
	}{
		{name: "unknown decision string", stdout: `{"decision":"maybe","reason":"r"}`,
			output: &verdict.Output{Reason: "r"}, err: `unknown decision "maybe" ignored`},
		{name: "unknown decision number", stdout: `{"decision":42}`,
			output: &verdict.Output{}, err: `unknown decision 42 ignored`},
		{name: "block is deny", stdout: `{"decision":"block"}`, output: &verdict.Output{Decision: "deny"}},
		{name: "approve is allow", stdout: `{"decision":"approve"}`, output: &verdict.Output{Decision: "allow"}},
		{name: "upper-case DENY", stdout: `{"decision":"DENY"}`, output: &verdict.Output{Decision: "deny"}},
		{name: "ask kept", stdout: `{"decision":"Ask"}`, output: &verdict.Output{Decision: "ask"}},
		{name: "null and empty decision are absent", stdout: `{"decision":null,"reason":""}`, output: &verdict.Output{}},
		{name: "permissionDecision allow",
			stdout: `{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow","permissionDecisionReason":"safe"}}`,
			output: &verdict.Output{Decision: "allow", Reason: "safe", HookSpecificOutput: map[string]any{"hookEventName": "PreToolUse", "permissionDecision": "allow", "permissionDecisionReason": "safe"}}},
		{name: "permissionDecision deny",
			stdout: `{"hookSpecificOutput":{"permissionDecision":"deny","permissionDecisionReason":"no"}}`,
			output: &verdict.Output{Decision: "deny", Reason: "no", HookSpecificOutput: map[string]any{"permissionDecision": "deny", "permissionDecisionReason": "no"}}},
		{name: "permissionDecision ask",
			stdout: `{"hookSpecificOutput":{"permissionDecision":"ask"}}`,
			output: &verdict.Output{Decision: "ask", HookSpecificOutput: map[string]any{"permissionDecision": "ask"}}},
		{name: "permissionDecision defer on PreToolUse is a decision",
			stdout: `{"hookSpecificOutput":{"permissionDecision":"Defer","permissionDecisionReason":"later"}}`,
			output: &verdict.Output{Decision: "defer", Reason: "later", HookSpecificOutput: map[string]any{"permissionDecision": "Defer", "permissionDecisionReason": "later"}}},
		{name: "top-level defer on BeforeTool", stdout: `{"decision":"defer"}`, output: &verdict.Output{Decision: "defer"}},
		{name: "permissionDecision defer elsewhere is no decision", event: "PreModelSwitch",
			stdout: `{"hookSpecificOutput":{"permissionDecision":"defer"}}`,
			output: &verdict.Output{HookSpecificOutput: map[string]any{"permissionDecision": "defer"}}},
		{name: "top-level defer elsewhere is unknown", event: "Stop", stdout: `{"decision":"defer"}`,
			output: &verdict.Output{}, err: `unknown decision "defer" ignored`},
		{name: "PreModelSwitch permissionDecision deny", event: "PreModelSwitch",
			stdout: `{"hookSpecificOutput":{"hookEventName":"PreModelSwitch","permissionDecision":"deny","permissionDecisionReason":"too costly"}}`,
			output: &verdict.Output{Decision: "deny", Reason: "too costly", HookSpecificOutput: map[string]any{"hookEventName": "PreModelSwitch", "permissionDecision": "deny", "permissionDecisionReason": "too costly"}}},
		{name: "permissionDecision unknown",
			stdout: `{"hookSpecificOutput":{"permissionDecision":"sure"}}`,
			output: &verdict.Output{HookSpecificOutput: map[string]any{"permissionDecision": "sure"}},
			err:    `unknown hookSpecificOutput.permissionDecision "sure" ignored`},
		{name: "top-level decision wins over permissionDecision",
			stdout: `{"decision":"deny","reason":"top","hookSpecificOutput":{"permissionDecision":"allow","permissionDecisionReason":"inner"}}`,
			output: &verdict.Output{Decision: "deny", Reason: "top", HookSpecificOutput: map[string]any{"permissionDecision": "allow", "permissionDecisionReason": "inner"}}},
		{name: "permissionDecisionReason fills empty reason",
			stdout: `{"decision":"deny","hookSpecificOutput":{"permissionDecisionReason":"inner"}}`,
			output: &verdict.Output{Decision: "deny", Reason: "inner", HookSpecificOutput: map[string]any{"permissionDecisionReason": "inner"}}},
		{name: "PermissionRequest behavior allow", event: "PermissionRequest",
			stdout: `{"hookSpecificOutput":{"hookEventName":"PermissionRequest","decision":{"behavior":"allow"}}}`,
			output: &verdict.Output{Decision: "allow", HookSpecificOutput: map[string]any{"hookEventName": "PermissionRequest", "decision": map[string]any{"behavior": "allow"}}}},
		{name: "PermissionRequest behavior deny with message", event: "PermissionRequest",
			stdout: `{"hookSpecificOutput":{"decision":{"behavior":"deny","message":"not here"}}}`,
			output: &verdict.Output{Decision: "deny", Reason: "not here", HookSpecificOutput: map[string]any{"decision": map[string]any{"behavior": "deny", "message": "not here"}}}},
		{name: "PermissionRequest unknown behavior", event: "PermissionRequest",
			stdout: `{"hookSpecificOutput":{"decision":{"behavior":"ask"}}}`,
			output: &verdict.Output{HookSpecificOutput: map[string]any{"decision": map[string]any{"behavior": "ask"}}},
			err:    `unknown hookSpecificOutput.decision.behavior "ask" ignored`},
		{name: "behavior ignored outside PermissionRequest",
			stdout: `{"hookSpecificOutput":{"decision":{"behavior":"deny"}}}`,
			output: &verdict.Output{HookSpecificOutput: map[string]any{"decision": map[string]any{"behavior": "deny"}}}},
		{name: "wrong-typed fields noted",
			stdout: `{"continue":"no","suppressOutput":1,"reason":["r"],"stopReason":false,"systemMessage":{},"hookSpecificOutput":"x"}`,
			output: &verdict.Output{},
			err: `"reason" ignored: expected a string, got ["r"]; "stopReason" ignored: expected a string, got false; ` +
				`"systemMessage" ignored: expected a string, got {}; "continue" ignored: expected a boolean, got "no"; ` +
				`"suppressOutput" ignored: expected a boolean, got 1; "hookSpecificOutput" ignored: expected an object, got "x"`},
		{name: "all kept fields",
			stdout: `{"continue":false,"stopReason":"s","systemMessage":"m","suppressOutput":true,"reason":"r","decision":"deny"}`,
			output: &verdict.Output{Decision: "deny", Reason: "r", Continue: boolPtr(false), StopReason: "s", SystemMessage: "m", SuppressOutput: boolPtr(true)}},
		{name: "numbers preserved exactly",
			stdout: `{"hookSpecificOutput":{"n":12345678901234567890,"f":1.10}}`,
			output: &verdict.Output{HookSpecificOutput: map[string]any{"n": json.Number("12345678901234567890"), "f": json.Number("1.10")}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			name := tt.event
			if name == "" {
				name = "BeforeTool"
			}
			r := Interpret(testevent.Get(t, name), testMeta(), exited(0, tt.stdout, ""))
			assert.Equal(t, verdict.Success, r.Outcome)
			assert.Equal(t, tt.output, r.Output)
			assert.Equal(t, tt.err, r.Error)
		})
	}
}

func TestInterpretNumbersRoundTrip(t *testing.T) {
	t.Parallel()
	r := Interpret(testevent.Get(t, "BeforeModel"), testMeta(),
		exited(0, `{"hookSpecificOutput":{"llm_request":{"seed":9007199254740993,"temperature":0.70}}}`, ""))
	b, err := json.Marshal(r.Output)
	require.NoError(t, err)
	assert.JSONEq(t, `{"hookSpecificOutput":{"llm_request":{"seed":9007199254740993,"temperature":0.70}}}`, string(b))
	assert.Contains(t, string(b), "9007199254740993")
}
