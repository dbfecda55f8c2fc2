package aggregator

import (
	"fmt"
	"strings"

	"github.com/hookexec/hookexec/internal/event"
	"github.com/hookexec/hookexec/internal/reading"
	"github.com/hookexec/hookexec/internal/runner"
	"github.com/hookexec/hookexec/internal/verdict"
)

// maxBodyQuote bounds the part of a response body quoted in a message.
const maxBodyQuote = 200

// httpAnswer interprets the response of an http hook as Claude Code reads
// it (2.1.328): a 2xx with an empty body is a success without output, a
// 2xx whose body is a JSON object is read exactly as a command's stdout on
// exit 0; any other body, any other status, or a body cut by the output
// caps is an error of the hook: a status code alone never blocks. The
// messages are Claude Code's. It returns the detail of a failure, for a
// fail-closed reason.
func httpAnswer(ev event.Event, meta Meta, res runner.Result, out string, r *verdict.HookReport, notes *[]string) string {
	code := res.HTTPStatus
	switch {
	case code < 200 || code > 299:
		// Claude Code's words; the start of the body goes to the notes.
		failure := fmt.Sprintf("HTTP %d from %s", code, meta.Command)
		if code >= 300 && code <= 399 {
			*notes = append(*notes, "redirects are not followed")
		}
		if out != "" {
			*notes = append(*notes, "body: "+quoteBody(out))
		}
		return httpFailure(failure, r, notes)
	case res.StdoutTruncated:
		return httpFailure(fmt.Sprintf("HTTP %d with a body larger than the output cap (--max-output, --max-total-output)", code), r, notes)
	case out == "":
		r.Outcome = verdict.Success
		return ""
	case !strings.HasPrefix(out, "{"):
		return httpFailure("HTTP hook must return JSON, but got non-JSON response body: "+quoteBody(out), r, notes)
	}
	obj, ok := reading.DecodeObject(out)
	if !ok {
		return httpFailure("HTTP hook must return valid JSON, but parsing failed: "+quoteBody(out), r, notes)
	}
	r.Outcome = verdict.Success
	r.Output = reading.Normalize(ev, obj, notes)
	return ""
}

// httpFailure makes r an error of an http hook, without output: an http
// hook has no stderr to pass on, and under the claude format its failure notice
// names the hook and what failed (Claude Code warns that such a hook gave
// no usable answer). It returns the failure, the detail of a fail-closed
// reason.
func httpFailure(failure string, r *verdict.HookReport, notes *[]string) string {
	r.Outcome = verdict.Error
	*notes = append([]string{failure}, *notes...)
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
