package aggregator

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// The gemini dialect reads a hook's answer as Gemini CLI 0.61's hook runner
// does (make e2e compares the two).
func TestInterpretGeminiDialect(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name    string
		code    int
		stdout  string
		stderr  string
		outcome Outcome
		output  *Output
		err     string
	}{
		{name: "exit 0 json", stdout: `{"decision":"deny","reason":"no"}`, outcome: Success,
			output: &Output{Decision: "deny", Reason: "no"}},
		{name: "deny json on stderr, stdout empty", stderr: `{"decision":"deny","reason":"from stderr"}`, outcome: Success,
			output: &Output{Decision: "deny", Reason: "from stderr"}},
		{name: "stderr ignored when stdout has text", stdout: "hello", stderr: `{"decision":"deny"}`, outcome: Success,
			output: &Output{SystemMessage: "hello"}},
		{name: "exit 2 without output does not block", code: 2, outcome: Error,
			err: "exit code 2 without output, which Gemini CLI does not take as a block"},
		{name: "exit 2 with text denies", code: 2, stderr: "no rm", outcome: Blocked,
			output: &Output{Decision: "deny", Reason: "no rm"}},
		{name: "exit 2 json is taken as it is", code: 2, stdout: `{"decision":"allow","systemMessage":"x"}`, stderr: "ignored", outcome: Error,
			output: &Output{Decision: "allow", SystemMessage: "x"}, err: "exit code 2"},
		{name: "exit 2 json deny", code: 2, stdout: `{"decision":"deny","reason":"json"}`, stderr: "err text", outcome: Blocked,
			output: &Output{Decision: "deny", Reason: "json"}},
		{name: "exit 1 json is read", code: 1, stdout: `{"systemMessage":"read anyway"}`, outcome: Error,
			output: &Output{SystemMessage: "read anyway"}, err: "exit code 1"},
		{name: "exit 1 text is a warning", code: 1, stderr: "oops", outcome: Error,
			output: &Output{SystemMessage: "Warning: oops"}, err: "exit code 1"},
		{name: "exit 3 text denies", code: 3, stdout: "nope", outcome: Blocked,
			output: &Output{Decision: "deny", Reason: "nope"}},
		{name: "bare number is no answer", stdout: "42", outcome: Success,
			err: "the JSON answer is not an object; Gemini CLI ignores it"},
		{name: "null is no answer", stdout: "null", outcome: Success,
			err: "the JSON answer is not an object; Gemini CLI ignores it"},
		{name: "double-encoded object", stdout: `"{\"decision\":\"block\"}"`, outcome: Success,
			output: &Output{Decision: "deny"}},
		{name: "array is an empty answer", stdout: `[1]`, outcome: Success, output: &Output{}},
		{name: "decision is case-sensitive", stdout: `{"decision":"Block","reason":"r"}`, outcome: Success,
			output: &Output{Reason: "r"}, err: `decision "Block" ignored: Gemini CLI reads only allow, ask, deny and block, in lower case`},
		{name: "suppressOutput truthy string", stdout: `{"suppressOutput":"true"}`, outcome: Success,
			output: &Output{SuppressOutput: boolPtr(true)}},
		{name: "suppressOutput zero is false", stdout: `{"suppressOutput":0}`, outcome: Success,
			output: &Output{}},
		{name: "permissionDecision is not a Gemini decision", stdout: `{"hookSpecificOutput":{"permissionDecision":"deny"}}`, outcome: Success,
			output: &Output{HookSpecificOutput: map[string]any{"permissionDecision": "deny"}}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			meta := testMeta()
			meta.Dialect = "gemini"
			r := Interpret(mustEvent(t, "BeforeTool"), meta, exited(tc.code, tc.stdout, tc.stderr))
			assert.Equal(t, tc.outcome, r.Outcome)
			assert.Equal(t, tc.output, r.Output)
			assert.Equal(t, tc.err, r.Error)
		})
	}
}

func TestTruthy(t *testing.T) {
	t.Parallel()
	for v, want := range map[any]bool{nil: false, false: false, true: true, "": false, "false": true} {
		assert.Equal(t, want, truthy(v), "%#v", v)
	}
	assert.False(t, truthy(jsonNumber("0")))
	assert.False(t, truthy(jsonNumber("-0.0")))
	assert.True(t, truthy(jsonNumber("0.5")))
	assert.True(t, truthy(map[string]any{}))
}

func jsonNumber(s string) any {
	v, _ := decodeValue(s)
	return v
}
