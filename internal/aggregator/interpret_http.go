package aggregator

import (
	"fmt"
	"strings"

	"github.com/hookexec/hookexec/internal/event"
	"github.com/hookexec/hookexec/internal/runner"
)

// maxBodyQuote bounds the part of a response body quoted in a message.
const maxBodyQuote = 200

// httpAnswer interprets the response of an http hook as Claude Code reads
// it (2.1.328): a 2xx with an empty body is a success without output, a
// 2xx whose body is a JSON object is read exactly as a command's stdout on
// exit 0; any other body, any other status, or a body cut by the output
// caps is an error of the hook: a status code alone never blocks. It
// returns the detail of a failure, for a fail-closed reason.
func httpAnswer(ev event.Event, meta Meta, res runner.Result, out string, r *HookReport, notes *[]string) string {
	code := res.HTTPStatus
	switch {
	case code < 200 || code > 299:
		failure := fmt.Sprintf("HTTP %d", code)
		if code >= 300 && code <= 399 {
			failure += " (redirects are not followed)"
		}
		return httpFailure(meta, withText(failure, quoteBody(out)), r, notes)
	case res.StdoutTruncated:
		return httpFailure(meta, fmt.Sprintf("HTTP %d with a body larger than the output cap (--max-output, --max-total-output)", code), r, notes)
	case out == "":
		r.Outcome = Success
		return ""
	}
	obj, ok := outputObject(out)
	if !ok || !strings.HasPrefix(out, "{") {
		return httpFailure(meta, fmt.Sprintf("HTTP %d with a body that is not a JSON object: %s", code, quoteBody(out)), r, notes)
	}
	r.Outcome = Success
	r.Output = normalize(ev, obj, notes)
	return ""
}

// httpFailure makes r an error of an http hook: a non-blocking error in
// Claude Code, which shows it only in its transcript, so the claude
// dialect gives it no output; other dialects warn as for a command that
// failed. It returns the failure, the detail of a fail-closed reason.
func httpFailure(meta Meta, failure string, r *HookReport, notes *[]string) string {
	r.Outcome = Error
	*notes = append(*notes, failure)
	if meta.Dialect != "claude" {
		r.Output = &Output{SystemMessage: "Warning: http hook " + r.Name + ": " + failure}
	}
	return failure
}

// quoteBody is the start of a response body, for a message.
func quoteBody(body string) string {
	if len(body) <= maxBodyQuote {
		return body
	}
	return strings.ToValidUTF8(body[:maxBodyQuote], "") + "…"
}

func errString(err error) string {
	if err == nil {
		return "no response"
	}
	return err.Error()
}
