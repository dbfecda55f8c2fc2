package registry

import (
	"bytes"
	"fmt"
	"runtime"
	"strings"
	"testing"

	"github.com/hookexec/hookexec/internal/jsonpos"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// nested returns n nested arrays, the innermost empty.
func nested(n int) []byte {
	return []byte(strings.Repeat("[", n) + strings.Repeat("]", n))
}

func TestLoadNestingLimit(t *testing.T) {
	t.Parallel()
	// The top-level object is the first level: a value under "hooks" or
	// under an ignored key may hold 9,999 more.
	for _, key := range []string{"hooks", "ignored"} {
		doc := func(inner int) string {
			return "{\n  \"" + key + "\": " + string(nested(inner)) + "\n}"
		}
		_, err := Load(Options{Inline: &Inline{Name: "deep.json", Data: []byte(doc(jsonpos.MaxDepth - 1))}})
		require.NoError(t, err, key)
		_, err = Load(Options{Inline: &Inline{Name: "deep.json", Data: []byte(doc(jsonpos.MaxDepth))}})
		var cerr *Error
		require.ErrorAs(t, err, &cerr, key)
		assert.Equal(t, "deep.json:2:"+fmt.Sprint(len(key)+7+jsonpos.MaxDepth-1), cerr.Pos.String())
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

// A big value under a key hookexec ignores costs no memory
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
