package event

import (
	"bytes"
	"encoding/json"
	"math/rand"
	"strings"
	"testing"
	"time"

	"github.com/hookexec/hookexec/internal/jsonpos"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The input's top-level fields must be exactly what json.Unmarshal into
// map[string]json.RawMessage yields (compacted), on any valid object.
func TestParseInputSplitsAsEncodingJSON(t *testing.T) {
	t.Parallel()
	cases := []string{
		`{}`,
		`{"a":1}`,
		`{"a":"x","a":"y"}`,
		`{"k\"ey":"v\\\"}","\u00e9":[1,{"b":"]}"}],"n":null,"t":true,"f":false,"x":-1.5e+10}`,
		`{"nested":{"a":{"b":{"c":[[],[{}],"}{"]}}},"s":"\\"}`,
		"{\"bad\xffutf8\":\"\xfe\"}",
		`{"emoji":"😀","sep":" ","html":"<>&"}`,
	}
	r := rand.New(rand.NewSource(1))
	for range 500 {
		cases = append(cases, randomObject(r, 0))
	}
	for _, src := range cases {
		var compact bytes.Buffer
		require.NoError(t, json.Compact(&compact, []byte(src)), src)
		want := map[string]json.RawMessage{}
		require.NoError(t, json.Unmarshal(compact.Bytes(), &want), src)
		in, err := ParseInput([]byte(src), now, "/w")
		require.NoError(t, err, src)
		for k, v := range want {
			assert.Equal(t, string(v), string(in.fields[k]), "key %q of %s", k, src)
		}
		for k := range in.fields {
			if _, ok := want[k]; !ok {
				assert.Contains(t, []string{"session_id", "transcript_path", "cwd", "timestamp"}, k, src)
			}
		}
	}
}

func TestQuoteAndUnquoteMatchEncodingJSON(t *testing.T) {
	t.Parallel()
	strs := []string{"", "plain", "with space", `q"uote`, `back\slash`, "tab\t", "nl\n", "<>&", "é", "😀", "\u2028", "\x7f", "bad\xff"}
	r := rand.New(rand.NewSource(2))
	for range 500 {
		strs = append(strs, randomString(r))
	}
	for _, s := range strs {
		want, err := marshal(s)
		require.NoError(t, err)
		assert.Equal(t, string(want), string(quote(s)), "quote(%q)", s)
		var back string
		require.NoError(t, json.Unmarshal(want, &back))
		assert.Equal(t, back, jsonpos.Unquote(want), "unquote(%s)", want)
	}
}

func randomObject(r *rand.Rand, depth int) string {
	var b strings.Builder
	b.WriteString("{")
	for i := range r.Intn(5) {
		if i > 0 {
			b.WriteString(",")
		}
		k, _ := json.Marshal(randomString(r))
		b.Write(k)
		b.WriteString(": ")
		b.WriteString(randomValue(r, depth+1))
	}
	b.WriteString(" }")
	return b.String()
}

func randomValue(r *rand.Rand, depth int) string {
	n := r.Intn(7)
	if depth > 3 {
		n = r.Intn(4)
	}
	switch n {
	case 0:
		s, _ := json.Marshal(randomString(r))
		return string(s)
	case 1:
		return []string{"0", "-12", "3.25", "1e-7", "6.02E+23"}[r.Intn(5)]
	case 2:
		return []string{"true", "false"}[r.Intn(2)]
	case 3:
		return "null"
	case 4, 5:
		var parts []string
		for range r.Intn(4) {
			parts = append(parts, randomValue(r, depth+1))
		}
		return "[ " + strings.Join(parts, " , ") + "]"
	default:
		return randomObject(r, depth)
	}
}

func randomString(r *rand.Rand) string {
	alphabet := []string{"a", "Z", " ", `"`, `\`, "/", "{", "}", "[", "]", ",", ":", "\n", "\t", "\x01", "é", "😀", "<", "&", "\u2028"}
	var b strings.Builder
	for range r.Intn(8) {
		b.WriteString(alphabet[r.Intn(len(alphabet))])
	}
	return b.String()
}

// TestEncodeWith: the extra field goes last, after hook_event_name, and
// replaces the input's own field of that name wherever it was.
func TestEncodeWith(t *testing.T) {
	t.Parallel()
	in, err := ParseInput([]byte(`{"hookexec":{"command":"ls"},"tool_name":"Bash","hook_event_name":"X"}`), time.Time{}, "/w")
	require.NoError(t, err)
	got := string(in.EncodeWith("PreToolUse", "hookexec", []byte(`{"event":"BeforeTool"}`)))
	assert.Equal(t, `{"tool_name":"Bash","hook_event_name":"PreToolUse","session_id":"","transcript_path":"","cwd":"/w","timestamp":"0001-01-01T00:00:00.000Z","hookexec":{"event":"BeforeTool"}}`+"\n", got)
	assert.Equal(t, string(in.Encode("PreToolUse")), string(in.EncodeWith("PreToolUse", "", nil)), "no name: Encode")
	empty, err := ParseInput(nil, time.Time{}, "")
	require.NoError(t, err)
	assert.True(t, json.Valid(empty.EncodeWith("K", "hookexec", []byte(`{}`))))
}
