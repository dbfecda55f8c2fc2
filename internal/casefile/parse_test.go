package casefile

import (
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookexec/hookexec/internal/registry"
)

func TestParseSingleCase(t *testing.T) {
	t.Parallel()
	data := `{
  "name": "blocks sudo",
  "description": "sudo is not for agents",
  "event": "pretooluse",
  "config": "../hooks.json",
  "dialect": "Claude",
  "input": {"tool_name": "Bash", "tool_input": {"command": "sudo ls"}},
  "env": {"MODE": "strict"},
  "expect": {
    "blocked": true, "decision": "deny", "continue": true, "exitCode": 2,
    "reasonContains": "sudo", "stopReasonContains": [], "systemMessageContains": ["a", "b"],
    "additionalContextContains": "ctx", "hookCount": 1,
    "hooks": [
      {"name": "guard", "outcome": "blocked", "exitCode": 2, "decision": "deny", "stderrContains": "sudo"},
      {"outcome": "success", "stdoutContains": ["x"]}
    ]
  }
}`
	cases, err := Parse(filepath.Join("policies", "tests", "sudo.json"), []byte(data))
	require.NoError(t, err)
	require.Len(t, cases, 1)
	c := cases[0]
	assert.Equal(t, "blocks sudo", c.Name)
	assert.Equal(t, "BeforeTool", c.Event.Name)
	assert.Equal(t, "pretooluse", c.EventName)
	assert.Equal(t, []string{filepath.Join("policies", "hooks.json")}, c.Configs, "relative to the case file")
	assert.Nil(t, c.Inline)
	assert.Equal(t, "Claude", c.Dialect)
	assert.JSONEq(t, `{"tool_name": "Bash", "tool_input": {"command": "sudo ls"}}`, string(c.Input))
	assert.Equal(t, map[string]string{"MODE": "strict"}, c.Env)
	assert.Equal(t, Position{File: filepath.Join("policies", "tests", "sudo.json"), Line: 1, Col: 1}, c.Pos)

	e := c.Expect
	assert.Equal(t, true, *e.Blocked)
	assert.Equal(t, "deny", *e.Decision)
	assert.Equal(t, true, *e.Continue)
	assert.Equal(t, 2, *e.ExitCode)
	assert.Equal(t, []string{"sudo"}, e.ReasonContains)
	assert.Equal(t, []string{}, e.StopReasonContains)
	assert.Equal(t, []string{"a", "b"}, e.SystemMessageContains)
	assert.Equal(t, []string{"ctx"}, e.AdditionalContextContains)
	assert.Equal(t, 1, *e.HookCount)
	require.Len(t, e.Hooks, 2)
	assert.Equal(t, "guard", e.Hooks[0].Name)
	assert.Equal(t, "blocked", *e.Hooks[0].Outcome)
	assert.Equal(t, 2, *e.Hooks[0].ExitCode)
	assert.Equal(t, "deny", *e.Hooks[0].Decision)
	assert.Equal(t, []string{"sudo"}, e.Hooks[0].StderrContains)
	assert.Equal(t, 1, e.Hooks[1].Index)
	assert.Equal(t, Position{File: c.Pos.File, Line: 15, Col: 7}, e.Hooks[1].Pos)
}

func TestParseArrayAndDefaults(t *testing.T) {
	t.Parallel()
	data := "\xEF\xBB\xBF[\n  {\"name\": \"a\", \"event\": \"Stop\", \"expect\": {}},\n  {\"name\": \"b\", \"event\": \"SessionStart\", \"config\": [\"/abs/one.json\", \"two.json\"], \"expect\": {\"decision\": \"\"}}\n]"
	cases, err := Parse("dir/cases.json", []byte(data))
	require.NoError(t, err)
	require.Len(t, cases, 2)
	assert.Equal(t, "AfterAgent", cases[0].Event.Name)
	assert.Equal(t, "{}", string(cases[0].Input), "no input: an empty event")
	assert.Nil(t, cases[0].Configs)
	assert.Equal(t, Position{File: "dir/cases.json", Line: 2, Col: 3}, cases[0].Pos)
	assert.Equal(t, []string{"/abs/one.json", filepath.Join("dir", "two.json")}, cases[1].Configs)
	assert.Equal(t, "", *cases[1].Expect.Decision, `"" asserts no decision`)
	assert.Nil(t, cases[1].Expect.Blocked)
}

func TestParseInlineConfigKeepsPositions(t *testing.T) {
	t.Parallel()
	data := "[\n  {\"name\": \"x\", \"event\": \"BeforeTool\",\n   \"config\": {\"hooks\": {\"BeforeTool\": []}},\n   \"expect\": {}}\n]\n"
	cases, err := Parse("cases.json", []byte(data))
	require.NoError(t, err)
	inline := string(cases[0].Inline)
	object := `{"hooks": {"BeforeTool": []}}`
	end := strings.Index(data, object) + len(object)
	require.Len(t, inline, end, "as long as the file up to the end of the object")
	assert.Equal(t, object, inline[end-len(object):])
	assert.Equal(t, "\n\n", strings.ReplaceAll(inline[:end-len(object)], " ", ""), "only white space before it, line breaks kept")
}

func TestParseErrors(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		data string
		want string
	}{
		{"syntax", "[\n  {\"name\": \"a\",}\n]", "c.json:2:16: invalid JSON: invalid character '}' looking for beginning of object key string"},
		{"truncated", `{"name": "a"`, "c.json:1:13: invalid JSON: unexpected end of JSON input"},
		{"empty", ``, "c.json:1:1: invalid JSON: unexpected end of JSON input"},
		{"not a case", `"x"`, "c.json:1:1: a case file must hold a case object or an array of them, not a string"},
		{"element not an object", "[{\"name\":\"a\",\"event\":\"Stop\",\"expect\":{}},\n 42]", "c.json:2:2: a case must be a JSON object, got a number"},
		{"no name", `{"event": "Stop", "expect": {}}`, `c.json:1:1: a case needs a "name"`},
		{"empty name", `{"name": " ", "event": "Stop", "expect": {}}`, `c.json:1:10: name must not be empty`},
		{"no event", `{"name": "a", "expect": {}}`, `c.json:1:1: case "a" needs an "event"`},
		{"no expect", `{"name": "a", "event": "Stop"}`, `c.json:1:1: case "a" needs an "expect" object`},
		{"unknown event", `{"name": "a", "event": "BeforeTol", "expect": {}}`, `c.json:1:24: unknown event "BeforeTol" (did you mean "BeforeTool"?)`},
		{"unknown field", `{"name": "a", "event": "Stop", "expected": {}}`, `c.json:1:32: unknown field "expected" in a case (did you mean "expect"?)`},
		{"unknown expect field", "{\"name\": \"a\", \"event\": \"Stop\",\n \"expect\": {\"reasonContain\": \"x\"}}", `c.json:2:13: unknown field "reasonContain" in expect (did you mean "reasonContains"?)`},
		{"far-off field", `{"name": "a", "event": "Stop", "expect": {"zzz": 1}}`, `c.json:1:43: unknown field "zzz" in expect (known: blocked, decision, continue, exitCode, reasonContains, stopReasonContains, systemMessageContains, additionalContextContains, errorContains, hookCount, hooks)`},
		{"wrong type", `{"name": "a", "event": "Stop", "expect": {"blocked": "yes"}}`, `c.json:1:54: expect.blocked must be true or false, got a string`},
		{"bad decision", `{"name": "a", "event": "Stop", "expect": {"decision": "block"}}`, `c.json:1:55: expect.decision must be one of "", "allow", "ask", "deny", got "block"`},
		{"bad exit code", `{"name": "a", "event": "Stop", "expect": {"exitCode": 3}}`, `c.json:1:55: expect.exitCode must be 0 (proceed), 1 (config or input error) or 2 (blocked), got 3`},
		{"fractional exit code", `{"name": "a", "event": "Stop", "expect": {"exitCode": 2.5}}`, `c.json:1:55: expect.exitCode must be an integer, got a number`},
		{"bad outcome", "{\"name\": \"a\", \"event\": \"Stop\", \"expect\": {\"hooks\": [\n  {\"outcome\": \"ok\"}]}}", `c.json:2:15: expect.hooks[0].outcome must be one of "success", "blocked", "error", "timeout", "spawn_error", "cancelled", "skipped", "async", got "ok"`},
		{"unknown hook field", `{"name": "a", "event": "Stop", "expect": {"hooks": [{"nmae": "x"}]}}`, `c.json:1:54: unknown field "nmae" in expect.hooks[0] (did you mean "name"?)`}, //nolint:misspell // the misspelled field is the test
		{"substrings", `{"name": "a", "event": "Stop", "expect": {"reasonContains": ["x", 1]}}`, `c.json:1:67: expect.reasonContains[1] must be a string, got a number`},
		{"input not an object", `{"name": "a", "event": "Stop", "input": [], "expect": {}}`, `c.json:1:41: input must be a JSON object (the event), got an array`},
		{"config type", `{"name": "a", "event": "Stop", "config": 1, "expect": {}}`, `c.json:1:42: config must be a path, an array of paths or an inline config object, got a number`},
		{"empty config", `{"name": "a", "event": "Stop", "config": [], "expect": {}}`, `c.json:1:42: config must name at least one file`},
		// The list of dialects grows with the agent table: the test checks
		// the message's start and that every dialect is offered.
		{"bad dialect", `{"name": "a", "event": "Stop", "dialect": "nosuch", "expect": {}}`, `c.json:1:43: unknown dialect "nosuch" (want native, claude, gemini, `},
		{"env value", `{"name": "a", "event": "Stop", "env": {"A": 1}, "expect": {}}`, `c.json:1:45: env.A must be a string, got a number`},
		{"env name", `{"name": "a", "event": "Stop", "env": {"A=B": "x"}, "expect": {}}`, `c.json:1:40: env: invalid variable name "A=B"`},
		{"env NUL", `{"name": "a", "event": "Stop", "env": {"A": "x\u0000y"}, "expect": {}}`, `c.json:1:45: env.A contains a NUL byte`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			_, err := Parse("c.json", []byte(tt.data))
			var perr *Error
			require.ErrorAs(t, err, &perr)
			if tt.name == "bad dialect" {
				assert.True(t, strings.HasPrefix(err.Error(), tt.want), err.Error())
				for _, d := range registry.Dialects() {
					assert.Contains(t, err.Error(), string(d))
				}
				return
			}
			assert.Equal(t, tt.want, err.Error())
		})
	}
}

// Case files nest as deep as every JSON hookexec reads: 10,000 levels;
// the error names the position.
func TestParseNestingLimit(t *testing.T) {
	t.Parallel()
	doc := func(n int) string {
		return "{\"name\": \"a\", \"event\": \"Stop\", \"expect\": {},\n\"input\": {\"x\": " +
			strings.Repeat("[", n) + strings.Repeat("]", n) + "}}"
	}
	_, err := Parse("case.json", []byte(doc(9998)))
	require.NoError(t, err, "10,000 levels")
	_, err = Parse("case.json", []byte(doc(9999)))
	require.Error(t, err)
	// The position is hookexec's; the rest of the message is encoding/json's
	// ("invalid character '[' exceeded max depth" up to Go 1.26, "exceeded
	// max depth" from 1.27).
	assert.True(t, strings.HasPrefix(err.Error(), "case.json:2:"+strconv.Itoa(len(`"input": {"x": `)+9999)+": invalid JSON: "), err.Error())
	assert.True(t, strings.HasSuffix(err.Error(), "exceeded max depth"), err.Error())
}

// A byte order mark anywhere but at the start is a stray character.
func TestParseByteOrderMarkNotLeading(t *testing.T) {
	t.Parallel()
	_, err := Parse("case.json", []byte(" \xEF\xBB\xBF{}"))
	require.ErrorContains(t, err, "case.json:1:2: invalid JSON: invalid character")
}

// A repeated key is an error naming both places, as in a native config: a
// second "expect" must not silently replace the first.
func TestParseDuplicateKey(t *testing.T) {
	t.Parallel()
	_, err := Parse("case.json", []byte("{\"name\": \"a\", \"event\": \"Stop\",\n \"expect\": {\"blocked\": true},\n \"expect\": {}}"))
	require.EqualError(t, err, `case.json:3:2: duplicate key "expect" (also at case.json:2:2): a key may appear only once in a case file`)
	_, err = Parse("case.json", []byte(`{"name": "a", "event": "Stop", "expect": {"blocked": true, "blocked": false}}`))
	require.ErrorContains(t, err, `case.json:1:60: duplicate key "blocked" (also at case.json:1:43)`)
}
