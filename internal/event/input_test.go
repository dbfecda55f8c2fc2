package event

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

var now = time.Date(2026, 11, 21, 6, 7, 8, 9_000_000, time.FixedZone("x", 3600))

func decode(t *testing.T, b []byte) map[string]any {
	t.Helper()
	require.True(t, strings.HasSuffix(string(b), "}\n"), "stdin ends with one newline: %q", b)
	var m map[string]any
	require.NoError(t, json.Unmarshal(b, &m))
	return m
}

func TestParseInputFillsBaseFields(t *testing.T) {
	t.Parallel()
	in, err := ParseInput([]byte(`{"tool_name":"Bash","extra":{"n":1.50}}`), now, "/project/dir")
	require.NoError(t, err)
	m := decode(t, in.Encode("PreToolUse"))
	assert.Equal(t, "", m["session_id"])
	assert.Equal(t, "", m["transcript_path"])
	assert.Equal(t, "/project/dir", m["cwd"])
	assert.Equal(t, "2026-11-21T05:07:08.009Z", m["timestamp"])
	assert.Equal(t, "PreToolUse", m["hook_event_name"])
	assert.Contains(t, string(in.Encode("x")), `"extra":{"n":1.50}`, "unknown fields pass through byte for byte")
}

// A hook gets the fields in the order the agent sent them, as a hook the
// agent runs itself does; the filled-in ones come after them, and
// hook_event_name keeps its place.
func TestEncodeKeepsTheAgentsOrder(t *testing.T) {
	t.Parallel()
	in, err := ParseInput([]byte(`{ "zeta": 1, "session_id": "s", "hook_event_name": "PreToolUse", "cwd": "/w", "alpha": [ 2 ], "zeta": 3 }`), now, "/project")
	require.NoError(t, err)
	assert.Equal(t, `{"zeta":3,"session_id":"s","hook_event_name":"BeforeTool","cwd":"/w","alpha":[2],"transcript_path":"","timestamp":"2026-11-21T05:07:08.009Z"}`+"\n",
		string(in.Encode("BeforeTool")))
	c := in.Clone()
	c.Apply(ChainPrompt, map[string]any{"additionalContext": "x"})
	assert.True(t, strings.HasSuffix(string(c.Encode("k")), `,"prompt":"\n\nx"}`+"\n"), "a field added by chaining comes last")
	assert.NotContains(t, string(in.Encode("k")), "prompt", "the clone's order is its own")

	empty, err := ParseInput(nil, now, "/p")
	require.NoError(t, err)
	assert.Equal(t, `{"session_id":"","transcript_path":"","cwd":"/p","timestamp":"2026-11-21T05:07:08.009Z","hook_event_name":"k"}`+"\n", string(empty.Encode("k")))
}

func TestParseInputKeepsGivenFieldsAndOverridesEventName(t *testing.T) {
	t.Parallel()
	in, err := ParseInput([]byte(`{"session_id":"s1","cwd":"/else","hook_event_name":"Wrong","timestamp":"t"}`), now, "/work")
	require.NoError(t, err)
	m := decode(t, in.Encode("BeforeTool"))
	assert.Equal(t, "s1", m["session_id"])
	assert.Equal(t, "/else", m["cwd"])
	assert.Equal(t, "t", m["timestamp"])
	assert.Equal(t, "BeforeTool", m["hook_event_name"])
}

func TestParseInputEmptyMeansObject(t *testing.T) {
	t.Parallel()
	for _, data := range []string{"", "  \n\t", "{}"} {
		in, err := ParseInput([]byte(data), now, "/w")
		require.NoError(t, err)
		m := decode(t, in.Encode("Stop"))
		assert.Len(t, m, 5)
	}
}

func TestParseInputErrors(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		data      string
		line, col int
		contains  string
	}{
		{`{"a": 1,}`, 1, 9, "invalid JSON"},
		{"{\n  \"a\": tru\n}", 2, 11, "invalid JSON"},
		{"{\"a\":", 1, 5, "unexpected end"},
		{`[1,2]`, 0, 0, "must be a JSON object, got an array"},
		{`"s"`, 0, 0, "got a string"},
		{`42`, 0, 0, "got a number"},
		{`{} {}`, 1, 4, "invalid JSON"},
	} {
		_, err := ParseInput([]byte(tc.data), now, "/w")
		var ie *InputError
		require.True(t, errors.As(err, &ie), "%q: %v", tc.data, err)
		assert.Equal(t, tc.line, ie.Line, "%q: %v", tc.data, err)
		assert.Equal(t, tc.col, ie.Col, "%q: %v", tc.data, err)
		assert.Contains(t, err.Error(), tc.contains)
	}
}

func TestReadInputTooLarge(t *testing.T) {
	t.Parallel()
	big := strings.NewReader(`{"a":"` + strings.Repeat("x", MaxInputSize) + `"}`)
	_, err := ReadInput(big, now, "/w")
	require.Error(t, err)
	assert.Contains(t, err.Error(), "larger than 64 MiB")
}

func TestStringField(t *testing.T) {
	t.Parallel()
	in, err := ParseInput([]byte(`{"tool_name":"write_file","n":3,"o":{}}`), now, "/w")
	require.NoError(t, err)
	v, ok := in.String("tool_name")
	assert.True(t, ok)
	assert.Equal(t, "write_file", v)
	_, ok = in.String("n")
	assert.False(t, ok)
	_, ok = in.String("missing")
	assert.False(t, ok)
}

func TestApplyChains(t *testing.T) {
	t.Parallel()
	in, err := ParseInput([]byte(`{"tool_input":{"a":1,"b":2},"prompt":"hi","llm_request":{"model":"m","n":1}}`), now, "/w")
	require.NoError(t, err)

	c := in.Clone()
	c.Apply(ChainToolInput, map[string]any{"tool_input": map[string]any{"b": 3, "c": "x"}})
	assert.Equal(t, map[string]any{"a": 1.0, "b": 3.0, "c": "x"}, decode(t, c.Encode("k"))["tool_input"])

	c = in.Clone()
	c.Apply(ChainToolInput, map[string]any{"updatedInput": map[string]any{"z": true}, "tool_input": map[string]any{"y": 1}})
	assert.Equal(t, map[string]any{"z": true, "y": 1.0}, decode(t, c.Encode("k"))["tool_input"], "updatedInput replaces, then tool_input merges")

	c = in.Clone()
	c.Apply(ChainPrompt, map[string]any{"additionalContext": "ctx"})
	assert.Equal(t, "hi\n\nctx", decode(t, c.Encode("k"))["prompt"])

	c = in.Clone()
	c.Apply(ChainLLMRequest, map[string]any{"llm_request": map[string]any{"model": "other"}})
	assert.Equal(t, map[string]any{"model": "other", "n": 1.0}, decode(t, c.Encode("k"))["llm_request"])

	// The original is untouched by changes to clones.
	m := decode(t, in.Encode("k"))
	assert.Equal(t, "hi", m["prompt"])
	assert.Equal(t, map[string]any{"a": 1.0, "b": 2.0}, m["tool_input"])
}

func TestObjectField(t *testing.T) {
	t.Parallel()
	in, err := ParseInput([]byte(`{"tool_input":{"n":1.50,"s":"x"},"str":"s","arr":[1]}`), now, "/w")
	require.NoError(t, err)
	obj := in.Object("tool_input")
	assert.Equal(t, json.Number("1.50"), obj["n"], "numbers kept as written")
	assert.Equal(t, "x", obj["s"])
	assert.Nil(t, in.Object("str"))
	assert.Nil(t, in.Object("arr"))
	assert.Nil(t, in.Object("missing"))
}

// TestParseInputInAsksForTheWorkingDirectoryOnlyWithoutCwd: the working
// directory is the default cwd, looked up only for an event without one.
func TestParseInputInAsksForTheWorkingDirectoryOnlyWithoutCwd(t *testing.T) {
	asked := 0
	wd := func() string { asked++; return "/w" }
	in, err := ParseInputIn([]byte(`{"cwd":"/p","session_id":"s"}`), time.Now(), wd)
	require.NoError(t, err)
	cwd, _ := in.String("cwd")
	assert.Equal(t, "/p", cwd)
	assert.Zero(t, asked)

	in, err = ParseInputIn([]byte(`{"session_id":"s"}`), time.Now(), wd)
	require.NoError(t, err)
	cwd, _ = in.String("cwd")
	assert.Equal(t, "/w", cwd)
	assert.Equal(t, 1, asked)
}
