package verdict

import (
	"bytes"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// escapedLen is what appendJSONString writes, exactly, and escapedPrefix
// never splits a character.
func TestEscapedLen(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(19, 19))
	cases := []string{"", "plain", "\x00\x01\x1f", "\"\\", "\b\f\n\r\t", "\xff\xfe", "\u2028\u2029", "é€😀", "<>&", "\xe2\x80", "a\xe2\x80\xa8b"}
	for range 200 {
		b := make([]byte, rng.IntN(64))
		for i := range b {
			b[i] = byte(rng.IntN(256))
		}
		cases = append(cases, string(b))
	}
	for _, s := range cases {
		want := len(appendJSONString(nil, s)) - 2
		require.Equal(t, want, escapedLen(s), "%q", s)
		for room := 0; room <= want; room++ {
			n := escapedPrefix(s, room)
			assert.LessOrEqual(t, escapedLen(s[:n]), room, "%q room %d", s, room)
			if n < len(s) {
				w, _ := escapedWidth(s, n)
				assert.Greater(t, escapedLen(s[:n])+w, room, "%q room %d: the longest prefix", s, room)
			}
		}
	}
}

// bigVerdict is a verdict whose hooks printed n bytes of control
// characters each, as a plain-text answer (stdout, output.systemMessage,
// the merged systemMessage) and on stderr.
func bigVerdict(hooks, n int) Verdict {
	text := strings.Repeat("\x01", n)
	v := Verdict{Event: "BeforeTool", Continue: true, Decision: "deny", Reason: "no",
		HookSpecificOutput: map[string]any{"additionalContext": text, "updatedInput": map[string]any{"command": "ls"}}}
	var messages []string
	for i := range hooks {
		v.Hooks = append(v.Hooks, HookReport{Name: "h" + string(rune('a'+i)), Outcome: Success, Stdout: text, Stderr: text,
			Output: &Output{Decision: "deny", Reason: "no", SystemMessage: text, HookSpecificOutput: map[string]any{"additionalContext": text}}})
		messages = append(messages, text)
	}
	v.SystemMessage = strings.Join(messages, "\n")
	return v
}

func writtenLen(t *testing.T, v Verdict) int {
	t.Helper()
	var buf bytes.Buffer
	require.NoError(t, WriteJSON(&buf, v))
	return buf.Len()
}

func TestBoundWithinLimit(t *testing.T) {
	t.Parallel()
	v := bigVerdict(3, 1000)
	got := Bound(v, 1<<20)
	assert.Equal(t, v, got)
	assert.Same(t, &v.Hooks[0], &got.Hooks[0], "a verdict within the limit is not copied")
}

// Control bytes written six-fold, the same text four times: the written
// verdict stays within the limit plus the reports' other fields.
func TestBoundCutsToLimit(t *testing.T) {
	t.Parallel()
	const limit, hooks = 256 << 10, 4
	v := bigVerdict(hooks, 200<<10)
	before := writtenLen(t, v)
	got := Bound(v, limit)
	after := writtenLen(t, got)
	t.Logf("written: %d bytes before, %d after (limit %d)", before, after, limit)
	assert.Greater(t, before, 20*limit)
	assert.LessOrEqual(t, after, limit+hooks*1024)
	assert.Greater(t, after, limit/2, "the limit is used, not left empty")

	for _, h := range got.Hooks {
		assert.True(t, h.StdoutTruncated && h.StderrTruncated)
		for _, s := range []string{h.Output.SystemMessage, h.Output.HookSpecificOutput["additionalContext"].(string)} {
			assert.True(t, strings.HasSuffix(s, " bytes; see --max-total-output]"), "cut with the marker")
			assert.True(t, strings.HasPrefix(s, "\x01"), "keeps the start")
		}
		for _, s := range []string{h.Stdout, h.Stderr} {
			assert.True(t, strings.HasSuffix(s, " more bytes not kept (--max-output, --max-total-output)]"), "a stream keeps its own marker")
			assert.True(t, strings.HasPrefix(s, "\x01"), "keeps the start")
		}
		assert.Equal(t, "deny", h.Output.Decision)
		assert.Equal(t, "no", h.Output.Reason, "short text stays whole")
	}
	assert.Equal(t, "no", got.Reason)
	assert.Equal(t, map[string]any{"command": "ls"}, got.HookSpecificOutput["updatedInput"], "objects are never cut")
	assert.True(t, strings.HasSuffix(got.SystemMessage, " bytes; see --max-total-output]"))

	// v itself is as it was.
	assert.Equal(t, bigVerdict(hooks, 200<<10), v)
}

// The marker says how many bytes of the text were left out.
func TestBoundMarkerCounts(t *testing.T) {
	t.Parallel()
	v := Verdict{Reason: strings.Repeat("a", 10000)}
	got := Bound(v, 1000).Reason
	i := strings.Index(got, "… [hookexec: cut ")
	require.Positive(t, i)
	assert.Equal(t, boundMarker(int64(10000-i)), got[i:])
	assert.LessOrEqual(t, escapedLen(got), 1000)
}

// A stream the capture caps cut keeps one marker, which counts what it
// lost to the caps and to Bound together: kept plus counted is all the
// hook printed.
func TestBoundStreamKeepsOneMarker(t *testing.T) {
	t.Parallel()
	const printed, captured = 50000, 20000
	h := HookReport{Stdout: strings.Repeat("\x01", captured) + StreamMarker(printed-captured), StdoutTruncated: true, StdoutDropped: printed - captured}
	got := Bound(Verdict{Hooks: []HookReport{h}}, 1000).Hooks[0]
	i := strings.Index(got.Stdout, "… [hookexec: truncated; ")
	require.Positive(t, i)
	assert.Equal(t, StreamMarker(int64(printed-i)), got.Stdout[i:])
	assert.Equal(t, int64(printed-i), got.StdoutDropped)
	assert.Equal(t, 1, strings.Count(got.Stdout, "hookexec"))
	assert.LessOrEqual(t, escapedLen(got.Stdout), 1000)
}
