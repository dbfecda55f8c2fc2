package registry

import (
	"bytes"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// toAny converts a parsed value to what encoding/json (UseNumber) yields.
func toAny(v *value) any {
	switch v.kind {
	case kindBool:
		return v.b
	case kindNumber:
		return json.Number(v.str)
	case kindString:
		return v.str
	case kindArray:
		out := make([]any, 0, len(v.elems))
		for _, e := range v.elems {
			out = append(out, toAny(e))
		}
		return out
	case kindObject:
		out := make(map[string]any, len(v.members))
		for _, m := range v.members {
			out[m.key] = toAny(m.val)
		}
		return out
	default:
		return nil
	}
}

func TestParseJSONAgreesWithEncodingJSON(t *testing.T) {
	t.Parallel()
	inputs := []string{
		`{}`, `[]`, `0`, `-0.5e+3`, `1E2`, `"x"`, `true`, `false`, `null`,
		` {"a": [1, 2, {"b": null}], "c": "d"} `,
		`{"esc": "a\"b\\c\/d\b\f\n\r\t\u00e9\ud83d\ude00"}`,
		`{"utf8": "héllo ☃"}`,
		"{\"bad\": \"\xff\xfe\"}",
		`{"dup": 1, "dup": 2}`,
		`{"lone": "\ud800"}`,
		`[[[[[]]]]]`,
		`{"a":1,}`, `[1,]`, `{"a" 1}`, `{"a":1 "b":2}`, `[1 2]`, `01`, `1.`, `1e`, `-`, `.5`,
		`tru`, `nul`, `"abc`, "\"a\nb\"", `"\x"`, `"\u12g4"`, `{a:1}`, `{"a":1}}`, ``, `   `,
		`{'a':1}`, `[1,,2]`, `NaN`, `+1`, `{"a":[1,2}`,
	}
	for _, in := range inputs {
		t.Run(in, func(t *testing.T) {
			t.Parallel()
			var want any
			dec := json.NewDecoder(strings.NewReader(in))
			dec.UseNumber()
			wantErr := dec.Decode(&want)
			if wantErr == nil && dec.More() {
				wantErr = errors.New("trailing data")
			}
			if wantErr == nil && !json.Valid([]byte(in)) {
				wantErr = errors.New("invalid")
			}
			got, err := parseJSON([]byte(in))
			if wantErr != nil {
				require.Error(t, err, "encoding/json rejects it: %v", wantErr)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, want, toAny(got))
		})
	}
}

func TestParseJSONErrorPosition(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name      string
		in        string
		line, col int
		msg       string
	}{
		{"trailing comma in object", "{\n  \"a\": 1,\n}\n", 3, 1, "trailing commas are not allowed"},
		{"trailing comma in array", "{\"a\": [1,\n  2,\n  ]}", 3, 3, "trailing commas are not allowed"},
		{"missing quote", "{\n  \"hooks: {}\n}", 2, 13, "in string literal"},
		{"missing closing quote of value", "{\"a\": \"b}", 1, 10, "unexpected end of JSON input"},
		{"truncated", "{\n  \"hooks\": {\n", 3, 1, "unexpected end of JSON input"},
		{"truncated mid key", "{\"hoo", 1, 6, "unexpected end of JSON input"},
		{"empty", "", 1, 1, "unexpected end of JSON input"},
		{"missing colon", "{\"a\" 1}", 1, 6, "after object key"},
		{"missing comma", "{\n\"a\": 1\n\"b\": 2}", 3, 1, "after object key:value pair"},
		{"single quotes", "{'a': 1}", 1, 2, `invalid character '\''`},
		{"bare word", "{\"a\": yes}", 1, 7, "looking for beginning of value"},
		{"bad literal", "[tru]", 1, 5, "in literal true"},
		{"bad number", "[1.x]", 1, 4, "after decimal point"},
		{"bad escape", "[\"\\q\"]", 1, 4, "in string escape code"},
		{"second value", "{} {}", 1, 4, "after top-level value"},
		{"non-ascii column counts bytes", "{\"é\": x}", 1, 8, "looking for beginning of value"},
		{"crlf lines", "{\r\n\"a\": ,\r\n}", 2, 6, "looking for beginning of value"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			_, err := parseJSON([]byte(tt.in))
			var se *syntaxError
			require.ErrorAs(t, err, &se)
			line, col := newLineIndex([]byte(tt.in)).lineCol(se.off)
			assert.Equal(t, []int{tt.line, tt.col}, []int{line, col}, "offset %d", se.off)
			assert.Contains(t, se.msg, tt.msg)
		})
	}
}

func TestParseJSONDepthLimit(t *testing.T) {
	t.Parallel()
	deep := bytes.Repeat([]byte("["), maxDepth+10)
	_, err := parseJSON(deep)
	var se *syntaxError
	require.ErrorAs(t, err, &se)
	assert.Contains(t, se.msg, "depth")
}

func TestParseJSONOffsets(t *testing.T) {
	t.Parallel()
	in := "\xEF\xBB\xBF{\n  \"hooks\": [\n    {\"x\": 1}\n  ]\n}"
	v, err := parseJSON([]byte(in))
	require.NoError(t, err)
	idx := newLineIndex([]byte(in))
	hooks := v.get("hooks")
	require.NotNil(t, hooks)
	line, col := idx.lineCol(v.members[0].keyOff)
	assert.Equal(t, []int{2, 3}, []int{line, col})
	line, col = idx.lineCol(hooks.elems[0].off)
	assert.Equal(t, []int{3, 5}, []int{line, col})
	assert.Nil(t, v.get("nope"))
}
