package jsonpos

import (
	"bytes"
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"unsafe"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

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
			assert.Equal(t, want, got.Any())
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
			var se *SyntaxError
			require.ErrorAs(t, err, &se)
			line, col := NewLines([]byte(tt.in)).LineCol(se.Off)
			assert.Equal(t, []int{tt.line, tt.col}, []int{line, col}, "offset %d", se.Off)
			assert.Contains(t, se.Msg, tt.msg)
		})
	}
}

func TestParseJSONDepthLimit(t *testing.T) {
	t.Parallel()
	deep := bytes.Repeat([]byte("["), MaxDepth+10)
	_, err := parseJSON(deep)
	var se *SyntaxError
	require.ErrorAs(t, err, &se)
	assert.Contains(t, se.Msg, "depth")
}

func TestParseJSONOffsets(t *testing.T) {
	t.Parallel()
	in := "\xEF\xBB\xBF{\n  \"hooks\": [\n    {\"x\": 1}\n  ]\n}"
	v, err := parseJSON([]byte(in))
	require.NoError(t, err)
	idx := NewLines([]byte(in))
	hooks := v.Get("hooks")
	require.NotNil(t, hooks)
	line, col := idx.LineCol(v.Members[0].KeyOff)
	assert.Equal(t, []int{2, 3}, []int{line, col})
	line, col = idx.LineCol(hooks.Elems[0].Off)
	assert.Equal(t, []int{3, 5}, []int{line, col})
	assert.Nil(t, v.Get("nope"))
}

// parseJSON builds the whole of data, in hookexec's words.
func parseJSON(data []byte) (*Value, error) {
	v, _, err := Parse(data, Options{})
	return v, err
}

// Alias: the same values, and a string without escapes shares the
// input's bytes (no copy) while one with escapes is decoded.
func TestParseAliasSharesStrings(t *testing.T) {
	t.Parallel()
	data := []byte(`{"plain": "` + strings.Repeat("x", 1000) + `", "esc": "a\nb", "utf8": "héllo", "bad": "` + "\xff" + `", "n": [1, "", "y"]}`)
	plain, _, err := Parse(data, Options{Std: true})
	require.NoError(t, err)
	aliased, _, err := Parse(data, Options{Std: true, Alias: true})
	require.NoError(t, err)
	assert.Equal(t, plain.Any(), aliased.Any())
	inData := func(s string) bool {
		p := uintptr(unsafe.Pointer(unsafe.StringData(s)))
		start := uintptr(unsafe.Pointer(&data[0]))
		return p >= start && p < start+uintptr(len(data))
	}
	assert.True(t, inData(aliased.Get("plain").Str), "a plain string shares the input")
	assert.True(t, inData(aliased.Get("utf8").Str), "valid UTF-8 without escapes shares the input")
	assert.False(t, inData(aliased.Get("esc").Str), "an escaped string is decoded")
	assert.Equal(t, "\ufffd", aliased.Get("bad").Str, "invalid UTF-8 is replaced, as encoding/json does")
	assert.False(t, inData(plain.Get("plain").Str), "without Alias, strings are copies")
}
