package aggregator

import (
	"strings"

	"github.com/hookexec/hookexec/internal/runner"
	"github.com/hookexec/hookexec/internal/verdict"
)

// cutAnswer reports whether the hook's stdout was cut by the capture caps
// (SPEC §4.4) while it began like a JSON answer: an object, or a JSON
// string holding one. What was kept is not the answer the hook gave (a
// cut deny would read as plain text, which never decides), so it is never
// interpreted; even a kept part that parses is only the start of what the
// hook printed. out is the trimmed stdout.
func cutAnswer(res runner.Result, out string) bool {
	return res.StdoutTruncated && (strings.HasPrefix(out, "{") || strings.HasPrefix(out, `"`))
}

// withCutMarker ends a captured stream that the caps cut (SPEC §4.4) with a
// visible marker, so that the verdict's stdout or stderr does not pass for
// all the hook printed: "… [hookexec: truncated; N more bytes not kept
// (--max-output, --max-total-output)]". N counts the bytes read past the
// cap; what a hook wrote after reading stopped is not among them.
func withCutMarker(s string, truncated bool, dropped int64) string {
	if !truncated {
		return s
	}
	return s + verdict.StreamMarker(dropped)
}
