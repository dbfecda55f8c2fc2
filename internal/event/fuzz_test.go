package event

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/hookexec/hookexec/internal/jsonpos"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// FuzzParseInput holds the event input scanner to encoding/json: an input
// is accepted exactly when it is empty or a JSON object (after one leading
// byte order mark, which hookexec ignores), its top-level fields are the
// ones encoding/json decodes (the last of duplicate keys wins), and what
// the hooks receive is valid JSON with the same values. Its seed corpus is
// testdata/fuzz/FuzzParseInput; `make fuzz` explores further.
func FuzzParseInput(f *testing.F) {
	for _, s := range []string{
		``, ` `, `{}`, `[]`, `null`, `"x"`, `{"a":1,}`, `{"tool_name":"Bash","tool_input":{"command":"rm -rf /"}}`,
		`{"a":1,"a":{"b":[1,2,{"c":null}]}}`, `{"k\u00e9y":"v\u0000","\/":-1.5e3}`, "{\"bad\":\"\xff\"}",
		"\xEF\xBB\xBF{\"a\":1}", " \xEF\xBB\xBF{}", "{\"cwd\": \"/x\"}\n\n", `{"session_id":true}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		in, err := ParseInput(data, now, "/w")
		body := bytes.TrimPrefix(data, []byte(jsonpos.BOM))
		trimmed := bytes.TrimSpace(body)
		if len(trimmed) == 0 {
			require.NoError(t, err)
			return
		}
		if !json.Valid(body) || trimmed[0] != '{' {
			var ie *InputError
			require.ErrorAs(t, err, &ie, "%q", data)
			return
		}
		require.NoError(t, err, "%q", data)
		var want map[string]json.RawMessage
		require.NoError(t, json.Unmarshal(body, &want))
		for k, raw := range want {
			var c bytes.Buffer
			require.NoError(t, json.Compact(&c, raw))
			assert.Equal(t, c.String(), string(in.fields[k]), "field %q", k)
		}
		for k := range in.fields {
			if _, ok := want[k]; !ok {
				assert.Contains(t, []string{"session_id", "transcript_path", "cwd", "timestamp"}, k, "a field encoding/json does not see")
			}
		}
		enc := in.Encode("BeforeTool")
		var got map[string]any
		require.NoError(t, json.Unmarshal(enc, &got), "the hooks' stdin is JSON: %q", enc)
		assert.Equal(t, "BeforeTool", got["hook_event_name"])
	})
}
