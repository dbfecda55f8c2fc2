package verdict

import (
	"encoding/json"
	"testing"
)

// FuzzVerdictJSON checks the hand-written verdict encoder against
// encoding/json on verdicts built from arbitrary strings (control bytes,
// invalid UTF-8, U+2028, HTML characters), numbers (NaN, infinities,
// exponents) and hookSpecificOutput values: a document that means the same
// (checkVerdictJSON), or the same failure. The seed corpus is in testdata/fuzz/FuzzVerdictJSON.
func FuzzVerdictJSON(f *testing.F) {
	f.Fuzz(func(t *testing.T, reason, stdout, stderr, message, key, value string, duration float64, exitCode int, blocked, withOutput bool) {
		code := exitCode
		h := HookReport{
			Name: message, Command: reason, Source: "project", File: key, Event: "BeforeTool",
			Outcome: Blocked, ExitCode: &code, Signal: value, DurationMs: duration,
			Stdout: stdout, Stderr: stderr, StdoutTruncated: blocked, Error: value,
		}
		if withOutput {
			h.Output = &Output{
				Decision: "deny", Reason: reason, StopReason: stderr, SystemMessage: message,
				Continue: &blocked, HookSpecificOutput: map[string]any{key: value, "n": json.Number("1"), "nested": map[string]any{value: []any{key, duration}}},
			}
		}
		v := Verdict{
			Event: "BeforeTool", Blocked: blocked, Decision: "deny", Reason: reason, Continue: !blocked,
			StopReason: stderr, SystemMessage: message, SuppressOutput: withOutput,
			HookSpecificOutput: map[string]any{key: value, "additionalContext": stdout},
			Hooks:              []HookReport{h, {Name: key, Outcome: Cancelled}},
			Warnings:           []string{message, value}, Untrusted: []string{key},
			DurationMs: duration,
		}
		checkVerdictJSON(t, "fuzz", v)
		if got, ok := AppendJSON(nil, v); ok && !json.Valid(got) {
			t.Fatalf("not valid JSON: %q", got)
		}
	})
}
