package verdict

import (
	"encoding/json"
	"math"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestVerdictJSONGolden pins the verdict encoder's own output, byte for
// byte: the field order, the indentation, the escaping (\ufffd for each
// invalid UTF-8 byte, U+2028 and U+2029 escaped, no HTML escaping, DEL and
// a valid U+FFFD as they are), the number forms and sorted map keys. It
// does not change with the Go version.
func TestVerdictJSONGolden(t *testing.T) {
	t.Parallel()
	v := Verdict{
		Event: "BeforeTool", Blocked: true, Decision: "deny",
		Reason: "no <&> \"way\"\n\t\x01\x7f\u2028\u2029\xff\xc3(\ufffd é 🎉",
		HookSpecificOutput: map[string]any{
			"z": []string{"a", "\xfe"}, "a\xff": nil, "n": json.Number("12.50"), "e": json.Number(""),
			"f": []any{1e21, 1e-7, 0.0, -2.5, 123456789.0, true, false, map[string]any{}, []any{}},
			"m": map[string]any{"<&>": "\u2028", "k": map[string]any{"x": []any{"y"}}},
		},
		Hooks: []HookReport{
			{
				Name: "guard", Command: "sh g.sh", Source: "project", File: "/p/.hookexec/hooks.json", Event: "BeforeTool",
				Outcome: Blocked, ExitCode: ptr(2), DurationMs: 12.345, Stderr: "bad\x00", StdoutTruncated: true,
				Output: &Output{Decision: "deny", Continue: ptr(false), HookSpecificOutput: map[string]any{"additionalContext": "c"}},
				Error:  "exit status 2",
			},
			{Name: "sig", Outcome: Error, Signal: "SIGSEGV"},
		},
		Warnings: []string{"w"}, Untrusted: []string{"/p/.hookexec/hooks.local.json"}, DurationMs: 1e-7,
	}
	want := `{
  "event": "BeforeTool",
  "blocked": true,
  "decision": "deny",
  "reason": "no <&> \"way\"\n\t\u0001` + "\x7f" + `\u2028\u2029\ufffd\ufffd(` + "\ufffd" + ` é 🎉",
  "continue": false,
  "hookSpecificOutput": {
    "a\ufffd": null,
    "e": 0,
    "f": [
      1e+21,
      1e-7,
      0,
      -2.5,
      123456789,
      true,
      false,
      {},
      []
    ],
    "m": {
      "<&>": "\u2028",
      "k": {
        "x": [
          "y"
        ]
      }
    },
    "n": 12.50,
    "z": [
      "a",
      "\ufffd"
    ]
  },
  "hooks": [
    {
      "name": "guard",
      "command": "sh g.sh",
      "source": "project",
      "file": "/p/.hookexec/hooks.json",
      "event": "BeforeTool",
      "outcome": "blocked",
      "exitCode": 2,
      "signal": "",
      "durationMs": 12.345,
      "stdout": "",
      "stderr": "bad\u0000",
      "stdoutTruncated": true,
      "stderrTruncated": false,
      "output": {
        "decision": "deny",
        "continue": false,
        "hookSpecificOutput": {
          "additionalContext": "c"
        }
      },
      "error": "exit status 2"
    },
    {
      "name": "sig",
      "command": "",
      "source": "",
      "file": "",
      "event": "",
      "outcome": "error",
      "exitCode": null,
      "signal": "SIGSEGV",
      "durationMs": 0,
      "stdout": "",
      "stderr": "",
      "stdoutTruncated": false,
      "stderrTruncated": false
    }
  ],
  "warnings": [
    "w"
  ],
  "untrusted": [
    "/p/.hookexec/hooks.local.json"
  ],
  "durationMs": 1e-7
}
`
	got, ok := AppendJSON(nil, v)
	require.True(t, ok)
	assert.Equal(t, want, string(got))

	got, ok = AppendJSON(nil, Verdict{})
	require.True(t, ok)
	assert.Equal(t, "{\n  \"event\": \"\",\n  \"blocked\": false,\n  \"continue\": false,\n  \"hooks\": null,\n  \"durationMs\": 0\n}\n", string(got))
}

// TestVerdictJSONFails: what cannot be written in JSON fails the encoder
// (WriteJSON then lets encoding/json report the error).
func TestVerdictJSONFails(t *testing.T) {
	t.Parallel()
	for name, v := range map[string]Verdict{
		"NaN":            {DurationMs: math.NaN()},
		"invalid number": {HookSpecificOutput: map[string]any{"n": json.Number("1x")}},
		"invalid raw":    {HookSpecificOutput: map[string]any{"r": json.RawMessage(`{`)}},
		"func":           {HookSpecificOutput: map[string]any{"f": func() {}}},
	} {
		_, ok := AppendJSON(nil, v)
		assert.False(t, ok, name)
	}
}

// specJSONString is appendJSONString's documented rule, written plainly:
// \" \\ \b \f \n \r \t, \u00XX for the other control bytes, \ufffd for
// each invalid UTF-8 byte, \u2028 and \u2029; everything else as it is.
func specJSONString(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for len(s) > 0 {
		r, size := utf8.DecodeRuneInString(s)
		switch {
		case r == utf8.RuneError && size == 1:
			b.WriteString(`\ufffd`)
		case r == '"':
			b.WriteString(`\"`)
		case r == '\\':
			b.WriteString(`\\`)
		case r == '\b':
			b.WriteString(`\b`)
		case r == '\f':
			b.WriteString(`\f`)
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\r':
			b.WriteString(`\r`)
		case r == '\t':
			b.WriteString(`\t`)
		case r < 0x20:
			b.WriteString(`\u00`)
			b.WriteByte(hexDigits[r>>4])
			b.WriteByte(hexDigits[r&0xF])
		case r == '\u2028':
			b.WriteString(`\u2028`)
		case r == '\u2029':
			b.WriteString(`\u2029`)
		default:
			b.WriteString(s[:size])
		}
		s = s[size:]
	}
	b.WriteByte('"')
	return b.String()
}

func TestAppendJSONString(t *testing.T) {
	t.Parallel()
	named := map[string]string{
		"":                      `""`,
		"plain":                 `"plain"`,
		"<&>":                   `"<&>"`,
		"\x00\x1f\x7f":          `"\u0000\u001f` + "\x7f" + `"`,
		"\xff\xc3(\xed\xa0\x80": `"\ufffd\ufffd(\ufffd\ufffd\ufffd"`,
		"\ufffd\u2028\u2029é":   `"` + "\ufffd" + `\u2028\u2029é"`,
		"\xe2\x80":              `"\ufffd\ufffd"`,
	}
	for in, want := range named {
		assert.Equal(t, want, string(appendJSONString(nil, in)), "%q", in)
	}
	for b := range 256 {
		for _, s := range []string{string(rune(b)), string([]byte{byte(b)}), "a" + string([]byte{byte(b)}) + "z"} {
			assert.Equal(t, specJSONString(s), string(appendJSONString(nil, s)), "%q", s)
		}
	}
	for _, p := range randomPieces {
		for _, q := range randomPieces {
			s := p + q
			assert.Equal(t, specJSONString(s), string(appendJSONString(nil, s)), "%q", s)
		}
	}
}
