package registry

import (
	"bytes"
	"encoding/json"
	"fmt"
	"runtime"
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
	require.NoError(t, json.Unmarshal(nested(maxDepth), new(any)), "encoding/json takes 10,000 levels")
	require.Error(t, json.Unmarshal(nested(maxDepth+1), new(any)), "and refuses 10,001")

	_, err := parseJSON(nested(maxDepth))
	require.NoError(t, err)
	_, err = parseJSON(nested(maxDepth + 1))
	var se *syntaxError
	require.ErrorAs(t, err, &se)
	assert.Equal(t, maxDepth, se.off, "the error points at the bracket that opens level 10,001")
	assert.Equal(t, "exceeded max nesting depth (10000)", se.msg)
}

func TestLoadNestingLimit(t *testing.T) {
	t.Parallel()
	// The top-level object is the first level: a value under "hooks" or
	// under an ignored key may hold 9,999 more.
	for _, key := range []string{"hooks", "ignored"} {
		doc := func(inner int) string {
			return "{\n  \"" + key + "\": " + string(nested(inner)) + "\n}"
		}
		_, err := Load(Options{Inline: &Inline{Name: "deep.json", Data: []byte(doc(maxDepth - 1))}})
		require.NoError(t, err, key)
		_, err = Load(Options{Inline: &Inline{Name: "deep.json", Data: []byte(doc(maxDepth))}})
		var cerr *Error
		require.ErrorAs(t, err, &cerr, key)
		assert.Equal(t, "deep.json:2:"+fmt.Sprint(len(key)+7+maxDepth-1), cerr.Pos.String())
		assert.Equal(t, "invalid JSON: exceeded max nesting depth (10000)", cerr.Msg)
	}
}

// settingsWithBigKey is an agent settings file with one guard and an
// unrelated key holding n numbers (one a line when pretty).
func settingsWithBigKey(n int, pretty bool) []byte {
	var b bytes.Buffer
	b.WriteString(`{"hooks": {"BeforeTool": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "guard"}]}]}`)
	if n > 0 {
		sep := ","
		if pretty {
			sep = ",\n"
		}
		b.WriteString(`, "feedbackSurveyState": [0`)
		b.WriteString(strings.Repeat(sep+"0", n-1))
		b.WriteString(`]`)
	}
	b.WriteString("}\n")
	return b.Bytes()
}

// allocated returns the bytes allocated by loading data as an inline
// config.
func allocated(t *testing.T, data []byte) uint64 {
	t.Helper()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	reg, err := Load(Options{Inline: &Inline{Name: "settings.json", Data: data}, Dialect: Claude})
	runtime.ReadMemStats(&after)
	require.NoError(t, err)
	require.Equal(t, []string{"guard"}, commands(reg))
	return after.TotalAlloc - before.TotalAlloc
}

// Issue 10, row 6: a big value under a key hookexec ignores costs no memory
// beyond the file's own bytes. Not parallel: it reads the process's
// allocation counter.
func TestLoadSkipsIgnoredKeysWithoutBuildingThem(t *testing.T) {
	base := allocated(t, settingsWithBigKey(0, false))
	for _, pretty := range []bool{false, true} {
		data := settingsWithBigKey(1_000_000, pretty)
		got := allocated(t, data)
		// 1,000,000 elements built as values would take over 80 MB; the
		// line index takes 16 bytes per 4 KiB of file.
		assert.Less(t, got, base+uint64(len(data))/64+64<<10,
			"pretty=%v: %d bytes allocated for a %d-byte file (%d without the big key)", pretty, got, len(data), base)
	}
}

func BenchmarkLoadSettingsWithBigIgnoredKey(b *testing.B) {
	data := settingsWithBigKey(1_000_000, true)
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Load(Options{Inline: &Inline{Name: "settings.json", Data: data}, Dialect: Claude}); err != nil {
			b.Fatal(err)
		}
	}
}

// A byte order mark is ignored only at the very start (issue 10, row 10).
func TestParseJSONByteOrderMark(t *testing.T) {
	t.Parallel()
	v, err := parseJSON([]byte("\xEF\xBB\xBF{\"a\": \"\xEF\xBB\xBFb\"}"))
	require.NoError(t, err)
	assert.Equal(t, "\uFEFFb", v.get("a").str, "inside a string it is content")
	for _, in := range []string{" \xEF\xBB\xBF{}", "\xEF\xBB\xBF\xEF\xBB\xBF{}", "{\"a\":\xEF\xBB\xBF1}"} {
		_, err := parseJSON([]byte(in))
		var se *syntaxError
		require.ErrorAs(t, err, &se, "%q", in)
		assert.Contains(t, se.msg, `invalid character '\ufeff'`)
	}
}
