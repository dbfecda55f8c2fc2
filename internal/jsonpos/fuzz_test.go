package jsonpos

import (
	"bytes"
	"encoding/json"
	"errors"
	"runtime"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// FuzzParse holds the reader to encoding/json: the same documents are
// accepted (after one leading byte order mark, which hookexec ignores and
// encoding/json does not) and they yield the same values; a syntax error
// lies inside the input, and with Options.Std it reads exactly as
// encoding/json's and sits where encoding/json's offset points. The reader
// that builds only some top-level keys (Options.Only) accepts the same
// documents and builds the same values for the keys it keeps; AppendCompact
// writes what json.Compact writes. Its seed
// corpus is testdata/fuzz/FuzzParse; `make fuzz` explores further.
//
// Options.Std words errors as Go 1.26's encoding/json does (go.mod's Go,
// the one releases are built with), so that hookexec's messages do not
// change with the toolchain; Go 1.27's encoding/json words a few of them
// differently (an unexpected end, a byte order mark), so the comparison
// with encoding/json's wording holds on Go 1.26 only.
func FuzzParse(f *testing.F) {
	stdWording := strings.HasPrefix(runtime.Version(), "go1.26")
	for _, s := range []string{
		`{}`, `[]`, `0`, `-0.5e+3`, `"x"`, `true`, `null`, `{"a":1,}`, `[1,]`, `01`, `1.`, `{"a" 1}`,
		`{"hooks": {"BeforeTool": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "guard"}]}]}, "x": [1, {"y": null}]}`,
		`{"hooks": 1, "hooks": {"a": [true, false]}, "disableAllHooks": true, "hooksConfig": {"enabled": false}}`,
		`{"h\u006foks": {}, "other": "\ud800\u00e9\/"}`, "{\"bad\": \"\xff\"}", "\xEF\xBB\xBF{\"a\": 1}", " \xEF\xBB\xBF{}",
		`["\`, `[tru`, `{"a":é}`, `"\u12`,
	} {
		f.Add([]byte(s))
	}
	keep := []string{"hooks", "hooksConfig", "disableAllHooks"}
	f.Fuzz(func(t *testing.T, data []byte) {
		body := data
		if HasBOM(data) {
			body = data[3:]
		}
		valid := json.Valid(body)
		got, err := parseJSON(data)
		root, dups, cerr := Parse(data, Options{Only: keep, ListSkipped: true})
		_, _, serr := Parse(data, Options{Std: true})
		if !valid {
			require.Error(t, err, "encoding/json rejects %q", data)
			require.Error(t, cerr, "encoding/json rejects %q", data)
			for _, e := range []error{err, cerr} {
				var se *SyntaxError
				require.ErrorAs(t, e, &se)
				require.True(t, se.Off >= 0 && se.Off <= len(data), "offset %d in %d bytes", se.Off, len(data))
			}
			var se *SyntaxError
			require.ErrorAs(t, serr, &se)
			var raw json.RawMessage
			var jse *json.SyntaxError
			require.True(t, errors.As(json.Unmarshal(body, &raw), &jse))
			if stdWording {
				assert.Equal(t, jse.Error(), se.Msg, "%q", data)
				assert.Equal(t, len(data)-len(body)+SyntaxErrorOffset(body, jse.Offset), se.Off, "%q", data)
			}
			return
		}
		require.NoError(t, err, "encoding/json accepts %q", data)
		require.NoError(t, cerr, "encoding/json accepts %q", data)
		require.NoError(t, serr, "encoding/json accepts %q", data)
		dec := json.NewDecoder(bytes.NewReader(body))
		dec.UseNumber()
		var want any
		require.NoError(t, dec.Decode(&want))
		require.Equal(t, want, got.Any())
		var compact bytes.Buffer
		require.NoError(t, json.Compact(&compact, body))
		require.Equal(t, compact.String(), string(AppendCompact(nil, body)), "AppendCompact is json.Compact")

		require.Equal(t, got.Kind, root.Kind)
		require.Equal(t, []int{got.Off, got.End}, []int{root.Off, root.End})
		obj, ok := want.(map[string]any)
		if !ok {
			return
		}
		for _, k := range keep {
			w, ok := obj[k]
			v := root.Get(k)
			require.Equal(t, ok, v != nil, "key %q", k)
			if ok {
				assert.Equal(t, w, v.Any(), "key %q", k)
			}
		}
		for _, m := range root.Members {
			var w any
			d := json.NewDecoder(bytes.NewReader(data[m.Val.Off:m.Val.End]))
			d.UseNumber()
			require.NoError(t, d.Decode(&w), "member %q spans a value", m.Key)
		}
		for _, d := range dups {
			assert.Less(t, d.Off, d.Last, "an ignored duplicate comes before the one used")
		}
	})
}
