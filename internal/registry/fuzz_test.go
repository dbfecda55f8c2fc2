package registry

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// FuzzParseJSON holds the config parser to encoding/json: the same
// documents are accepted (after one leading byte order mark, which hookexec
// ignores and encoding/json does not) and they yield the same values. The
// parser that skips the keys a config does not use (parseConfig) accepts the
// same documents and builds the same values for the keys it keeps. Its seed
// corpus is testdata/fuzz/FuzzParseJSON; `make fuzz` explores further.
func FuzzParseJSON(f *testing.F) {
	for _, s := range []string{
		`{}`, `[]`, `0`, `-0.5e+3`, `"x"`, `true`, `null`, `{"a":1,}`, `[1,]`, `01`, `1.`, `{"a" 1}`,
		`{"hooks": {"BeforeTool": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "guard"}]}]}, "x": [1, {"y": null}]}`,
		`{"hooks": 1, "hooks": {"a": [true, false]}, "disableAllHooks": true, "hooksConfig": {"enabled": false}}`,
		`{"h\u006foks": {}, "other": "\ud800\u00e9\/"}`, "{\"bad\": \"\xff\"}", "\xEF\xBB\xBF{\"a\": 1}", " \xEF\xBB\xBF{}",
	} {
		f.Add([]byte(s))
	}
	keep := knownTopLevelFields()
	f.Fuzz(func(t *testing.T, data []byte) {
		body := data
		if hasBOM(data) {
			body = data[3:]
		}
		valid := json.Valid(body)
		got, err := parseJSON(data)
		root, dups, cerr := parseConfig(data, keep, false)
		if !valid {
			require.Error(t, err, "encoding/json rejects %q", data)
			require.Error(t, cerr, "encoding/json rejects %q", data)
			for _, e := range []error{err, cerr} {
				var se *syntaxError
				require.ErrorAs(t, e, &se)
				require.True(t, se.off >= 0 && se.off <= len(data), "offset %d in %d bytes", se.off, len(data))
			}
			return
		}
		require.NoError(t, err, "encoding/json accepts %q", data)
		require.NoError(t, cerr, "encoding/json accepts %q", data)
		dec := json.NewDecoder(bytes.NewReader(body))
		dec.UseNumber()
		var want any
		require.NoError(t, dec.Decode(&want))
		require.Equal(t, want, toAny(got))

		require.Equal(t, got.kind, root.kind)
		obj, ok := want.(map[string]any)
		if !ok {
			return
		}
		for _, k := range keep {
			w, ok := obj[k]
			v := root.get(k)
			require.Equal(t, ok, v != nil, "key %q", k)
			if ok {
				assert.Equal(t, w, toAny(v), "key %q", k)
			}
		}
		for _, d := range dups {
			assert.Less(t, d.off, d.last, "an ignored duplicate comes before the one used")
		}
	})
}
