package event

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// One rule for a byte order mark wherever hookexec reads JSON: a leading
// one is ignored, anywhere else it is any other byte.
func TestParseInputByteOrderMark(t *testing.T) {
	t.Parallel()
	in, err := ParseInput([]byte("\xEF\xBB\xBF{\"tool_name\":\"Bash\"}\n"), now, "/w")
	require.NoError(t, err, "a leading byte order mark is ignored")
	name, ok := in.String("tool_name")
	assert.True(t, ok)
	assert.Equal(t, "Bash", name)

	_, err = ParseInput([]byte("\xEF\xBB\xBF \n"), now, "/w")
	require.NoError(t, err, "a byte order mark and white space is empty input")

	in, err = ParseInput([]byte("{\"prompt\":\"\xEF\xBB\xBFhi\"}"), now, "/w")
	require.NoError(t, err)
	prompt, _ := in.String("prompt")
	assert.Equal(t, "\uFEFFhi", prompt, "inside a string it is content")

	for _, tt := range []struct{ in, pos string }{
		{" \xEF\xBB\xBF{}", "line 1, column 2"},               // not leading: a stray character
		{"\xEF\xBB\xBF\xEF\xBB\xBF{}", "line 1, column 4"},    // a second one
		{"{\"a\":1,\xEF\xBB\xBF\"b\":2}", "line 1, column 8"}, // between members
		{"\xEF\xBB\xBF{\n\"a\" 1}", "line 2, column 5"},       // positions after a leading one
		{"\xEF\xBB\xBF{\"a\":}", "line 1, column 9"},          // columns count its bytes, as a config's do
	} {
		_, err := ParseInput([]byte(tt.in), now, "/w")
		var ie *InputError
		require.ErrorAs(t, err, &ie, "%q", tt.in)
		assert.Contains(t, ie.Error(), tt.pos, "%q", tt.in)
	}
}

func nested(n int) string { return strings.Repeat("[", n) + strings.Repeat("]", n) }

// The nesting limit is encoding/json's, as for configs, case files and
// hook output: the event object is the first level.
func TestParseInputNestingLimit(t *testing.T) {
	t.Parallel()
	_, err := ParseInput([]byte(`{"tool_input":`+nested(9999)+`}`), now, "/w")
	require.NoError(t, err, "10,000 levels")
	_, err = ParseInput([]byte("{\n\"tool_input\":"+nested(10000)+`}`), now, "/w")
	var ie *InputError
	require.ErrorAs(t, err, &ie, "10,001 levels")
	assert.Equal(t, 2, ie.Line)
	assert.Equal(t, len(`"tool_input":`)+10000, ie.Col, "the bracket that opens level 10,001")
	assert.Contains(t, ie.Msg, "exceeded max depth")
}
