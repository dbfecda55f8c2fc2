package main

import (
	"encoding/json"
	"testing"

	"github.com/hookexec/hookexec/internal/aggregator"
)

// FuzzVerdictJSON checks the hand-written verdict encoder against
// encoding/json on verdicts built from arbitrary strings (control bytes,
// invalid UTF-8, U+2028, HTML characters), numbers (NaN, infinities,
// exponents) and hookSpecificOutput values: a document that means the same
// (checkVerdictJSON), or the same failure. The seed corpus is in testdata/fuzz/FuzzVerdictJSON.
func FuzzVerdictJSON(f *testing.F) {
	f.Fuzz(func(t *testing.T, reason, stdout, stderr, message, key, value string, duration float64, exitCode int, blocked, withOutput bool) {
		code := exitCode
		h := aggregator.HookReport{
			Name: message, Command: reason, Source: "project", File: key, Event: "BeforeTool",
			Outcome: aggregator.Blocked, ExitCode: &code, Signal: value, DurationMs: duration,
			Stdout: stdout, Stderr: stderr, StdoutTruncated: blocked, Error: value,
		}
		if withOutput {
			h.Output = &aggregator.Output{
				Decision: "deny", Reason: reason, StopReason: stderr, SystemMessage: message,
				Continue: &blocked, HookSpecificOutput: map[string]any{key: value, "n": json.Number("1"), "nested": map[string]any{value: []any{key, duration}}},
			}
		}
		v := aggregator.Verdict{
			Event: "BeforeTool", Blocked: blocked, Decision: "deny", Reason: reason, Continue: !blocked,
			StopReason: stderr, SystemMessage: message, SuppressOutput: withOutput,
			HookSpecificOutput: map[string]any{key: value, "additionalContext": stdout},
			Hooks:              []aggregator.HookReport{h, {Name: key, Outcome: aggregator.Cancelled}},
			Warnings:           []string{message, value}, Untrusted: []string{key},
			DurationMs: duration,
		}
		checkVerdictJSON(t, "fuzz", v)
		if got, ok := appendVerdictJSON(nil, v); ok && !json.Valid(got) {
			t.Fatalf("not valid JSON: %q", got)
		}
	})
}
