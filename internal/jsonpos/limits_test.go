package jsonpos

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// nested returns n nested arrays, the innermost empty.
func nested(n int) []byte {
	return []byte(strings.Repeat("[", n) + strings.Repeat("]", n))
}

func TestParseJSONNestingLimitIsEncodingJSONs(t *testing.T) {
	t.Parallel()
	require.NoError(t, json.Unmarshal(nested(MaxDepth), new(any)), "encoding/json takes 10,000 levels")
	require.Error(t, json.Unmarshal(nested(MaxDepth+1), new(any)), "and refuses 10,001")

	_, err := parseJSON(nested(MaxDepth))
	require.NoError(t, err)
	_, err = parseJSON(nested(MaxDepth + 1))
	var se *SyntaxError
	require.ErrorAs(t, err, &se)
	assert.Equal(t, MaxDepth, se.Off, "the error points at the bracket that opens level 10,001")
	assert.Equal(t, "exceeded max nesting depth (10000)", se.Msg)

	_, _, err = Parse(nested(MaxDepth+1), Options{Std: true})
	require.ErrorAs(t, err, &se)
	assert.Equal(t, MaxDepth, se.Off)
	assert.Equal(t, "invalid character '[' exceeded max depth", se.Msg, "encoding/json's words")
}

// A byte order mark is ignored only at the very start.
func TestParseJSONByteOrderMark(t *testing.T) {
	t.Parallel()
	v, err := parseJSON([]byte("\xEF\xBB\xBF{\"a\": \"\xEF\xBB\xBFb\"}"))
	require.NoError(t, err)
	assert.Equal(t, "\uFEFFb", v.Get("a").Str, "inside a string it is content")
	for _, in := range []string{" \xEF\xBB\xBF{}", "\xEF\xBB\xBF\xEF\xBB\xBF{}", "{\"a\":\xEF\xBB\xBF1}"} {
		_, err := parseJSON([]byte(in))
		var se *SyntaxError
		require.ErrorAs(t, err, &se, "%q", in)
		assert.Contains(t, se.Msg, `invalid character '\ufeff'`)
	}
}

// Only builds the listed top-level keys; ListSkipped lists the others with
// their offsets.
func TestParseOnly(t *testing.T) {
	t.Parallel()
	in := `{"hooks": {"a": 1}, "big": [1, {"x": 2}], "hooks": "again", "n": 5}`
	v, dups, err := Parse([]byte(in), Options{Only: []string{"hooks"}, ListSkipped: true})
	require.NoError(t, err)
	require.Len(t, v.Members, 4)
	assert.True(t, v.Members[1].Val.Skipped)
	assert.Equal(t, Array, v.Members[1].Val.Kind)
	assert.Equal(t, `[1, {"x": 2}]`, in[v.Members[1].Val.Off:v.Members[1].Val.End])
	assert.Nil(t, v.Members[1].Val.Elems, "a skipped value is not built")
	assert.Nil(t, v.Get("big"))
	assert.Equal(t, "again", v.Get("hooks").Str)
	assert.Equal(t, []Duplicate{{Key: "hooks", Off: 1, Last: 42}}, dups)

	v, _, err = Parse([]byte(in), Options{Only: []string{"hooks"}})
	require.NoError(t, err)
	assert.Len(t, v.Members, 2, "skipped members are not kept")
	assert.Equal(t, len(in), v.End)

	v, _, err = Parse([]byte(` [1, 2] `), Options{Only: []string{"hooks"}})
	require.NoError(t, err)
	assert.Equal(t, Array, v.Kind)
	assert.Equal(t, []int{1, 7}, []int{v.Off, v.End})
	assert.Nil(t, v.Elems)
}

// With Std, errors read as encoding/json's, and an error at the end of the
// input sits on its last character, where encoding/json's offset points.
func TestParseStdErrors(t *testing.T) {
	t.Parallel()
	tests := []struct {
		in, msg string
		off     int
		eof     bool
	}{
		{`{"a":1,}`, `invalid character '}' looking for beginning of object key string`, 7, false},
		{`[1,]`, `invalid character ']' looking for beginning of value`, 3, false},
		{`1.`, `invalid character ' ' after decimal point in numeric literal`, 1, false},
		{`[tru`, `invalid character ' ' in literal true (expecting 'e')`, 3, false},
		{`["\`, `invalid character ' ' in string escape code`, 2, false},
		{`{"a":é}`, `invalid character 'Ã' looking for beginning of value`, 5, false},
		{`{"a":1`, `unexpected end of JSON input`, 5, true},
		{`["é`, `unexpected end of JSON input`, 2, true},
	}
	for _, tt := range tests {
		_, _, err := Parse([]byte(tt.in), Options{Std: true})
		var se *SyntaxError
		require.ErrorAs(t, err, &se, tt.in)
		assert.Equal(t, SyntaxError{Off: tt.off, Msg: tt.msg, EOF: tt.eof}, *se, tt.in)
	}
}
