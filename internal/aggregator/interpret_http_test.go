package aggregator

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/hookexec/hookexec/internal/runner"
	"github.com/hookexec/hookexec/internal/testevent"
	"github.com/hookexec/hookexec/internal/verdict"
)

func answered(status int, body string) runner.Result {
	return runner.Result{Status: runner.Exited, Started: true, ExitCode: -1, HTTPStatus: status, Stdout: []byte(body)}
}

func httpMeta(dialect string, failClosed bool) Meta {
	return Meta{Name: "policy", Command: "http://127.0.0.1:8080/hook", Source: "runtime", File: "hooks.json",
		EventKey: "PreToolUse", Dialect: dialect, FailClosed: failClosed, HTTP: true}
}

// An http hook's answer is read as Claude Code reads it: a
// 2xx JSON object as a command's stdout on exit 0, a 2xx empty body as a
// success without output, anything else as an error that never blocks by
// itself (in Claude Code's words, in the hook's error); failing closed turns each
// error into a deny, in the claude dialect with Claude Code's reason.
func TestInterpretHTTP(t *testing.T) {
	t.Parallel()
	truncated := answered(200, `{"decision":"bl`)
	truncated.StdoutTruncated = true
	const url = "http://127.0.0.1:8080/hook"
	const closedClaude = "[" + url + `]: failed; blocking because onFailure is "block"` + "\n"
	tests := []struct {
		name       string
		dialect    string
		res        runner.Result
		outcome    verdict.Outcome
		output     *verdict.Output
		err        string
		failClosed string // the deny reason when the hook fails closed; "" = same as open
	}{
		{name: "2xx empty", dialect: "claude", res: answered(204, ""), outcome: verdict.Success},
		{name: "2xx blank", dialect: "claude", res: answered(200, " \n"), outcome: verdict.Success},
		{name: "2xx json deny", dialect: "claude", res: answered(200, `{"decision":"block","reason":"no"}`),
			outcome: verdict.Success, output: &verdict.Output{Decision: "deny", Reason: "no"}},
		{name: "2xx claude deny", dialect: "claude",
			res:     answered(200, `{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"rm"}}`),
			outcome: verdict.Success, output: &verdict.Output{Decision: "deny", Reason: "rm", HookSpecificOutput: map[string]any{"hookEventName": "PreToolUse", "permissionDecision": "deny", "permissionDecisionReason": "rm"}}},
		{name: "2xx text, claude", dialect: "claude", res: answered(200, "ok"), outcome: verdict.Error,
			err: "HTTP hook must return JSON, but got non-JSON response body: ok", failClosed: closedClaude + "HTTP hook must return JSON, but got non-JSON response body: ok"},
		{name: "2xx text, native", dialect: "native", res: answered(200, "ok"), outcome: verdict.Error,
			err: "HTTP hook must return JSON, but got non-JSON response body: ok", failClosed: "hook policy failed: HTTP hook must return JSON, but got non-JSON response body: ok"},
		{name: "2xx json array", dialect: "native", res: answered(200, `[1]`), outcome: verdict.Error,
			err: "HTTP hook must return JSON, but got non-JSON response body: [1]", failClosed: "hook policy failed: HTTP hook must return JSON, but got non-JSON response body: [1]"},
		{name: "2xx json string holding an object", dialect: "native", res: answered(200, `"{}"`), outcome: verdict.Error,
			err: `HTTP hook must return JSON, but got non-JSON response body: "{}"`, failClosed: `hook policy failed: HTTP hook must return JSON, but got non-JSON response body: "{}"`},
		{name: "2xx broken json", dialect: "native", res: answered(200, `{"decision":`), outcome: verdict.Error,
			err: `HTTP hook must return valid JSON, but parsing failed: {"decision":`, failClosed: `hook policy failed: HTTP hook must return valid JSON, but parsing failed: {"decision":`},
		{name: "500 with a deny body never blocks", dialect: "claude", res: answered(500, `{"decision":"block"}`), outcome: verdict.Error,
			err: `HTTP 500 from ` + url + `; body: {"decision":"block"}`, failClosed: closedClaude + "HTTP 500 from " + url},
		{name: "redirect", dialect: "native", res: answered(302, ""), outcome: verdict.Error,
			err: "HTTP 302 from " + url + "; redirects are not followed", failClosed: "hook policy failed: HTTP 302 from " + url},
		{name: "body past the cap", dialect: "native", res: truncated, outcome: verdict.Error,
			err: "HTTP 200 with a body larger than the output cap (--max-output, --max-total-output)", failClosed: "hook policy failed: HTTP 200 with a body larger than the output cap (--max-output, --max-total-output)"},
		{name: "connection refused", dialect: "claude",
			res:     runner.Result{Status: runner.RequestFailed, Started: true, ExitCode: -1, Err: errors.New("dial tcp: connection refused")},
			outcome: verdict.Error,
			err:     "request failed: dial tcp: connection refused", failClosed: closedClaude + "request failed: dial tcp: connection refused"},
		{name: "timeout, claude", dialect: "claude", res: runner.Result{Status: runner.TimedOut, Started: true, ExitCode: -1},
			outcome: verdict.Timeout, err: "timed out: no response within its timeout", failClosed: "[" + url + `]: timed out; blocking because onFailure is "block"`},
		{name: "timeout, native", dialect: "native", res: runner.Result{Status: runner.TimedOut, Started: true, ExitCode: -1},
			outcome: verdict.Timeout, err: "timed out: no response within its timeout", failClosed: "hook policy timed out: no response within its timeout"},
		{name: "cancelled", dialect: "claude", res: runner.Result{Status: runner.Cancelled, Started: true, ExitCode: -1}, outcome: verdict.Cancelled},
	}
	ev := testevent.Get(t, "PreToolUse")
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			r := Interpret(ev, httpMeta(tt.dialect, false), tt.res)
			assert.Equal(t, tt.outcome, r.Outcome)
			assert.Equal(t, tt.output, r.Output)
			assert.Equal(t, tt.err, r.Error)
			assert.Nil(t, r.ExitCode, "an http hook has no exit code")
			assert.Equal(t, url, r.Command)

			closed := Interpret(ev, httpMeta(tt.dialect, true), tt.res)
			if tt.failClosed == "" {
				assert.Equal(t, r.Output, closed.Output, "failing closed changes nothing here")
				return
			}
			assert.Equal(t, &verdict.Output{Decision: "deny", Reason: tt.failClosed}, closed.Output)
			assert.Equal(t, tt.outcome, closed.Outcome)
		})
	}
}

// Failing closed never denies on an event that cannot block.
func TestInterpretHTTPFailClosedNonBlockingEvent(t *testing.T) {
	t.Parallel()
	r := Interpret(testevent.Get(t, "Notification"), httpMeta("claude", true), answered(500, ""))
	assert.Equal(t, verdict.Error, r.Outcome)
	assert.Nil(t, r.Output)
}

// A claude-dialect hook that fails closed only because of --fail-closed
// says so, not that its onFailure is "block".
func TestFailClosedReasonByFlag(t *testing.T) {
	t.Parallel()
	m := httpMeta("claude", true)
	m.HTTP, m.Command, m.FailClosedByFlag = false, "./guard.sh", true
	r := Interpret(testevent.Get(t, "PreToolUse"), m, exited(1, "", "broken\n"))
	assert.Equal(t, &verdict.Output{Decision: "deny", Reason: "[./guard.sh]: failed; blocking because hookexec runs with --fail-closed\nbroken"}, r.Output)
}

// A claude-dialect command that fails with nothing on stderr is reported
// in Claude Code's words: the reason's second line is "No stderr output".
func TestFailClosedReasonNoStderr(t *testing.T) {
	t.Parallel()
	m := httpMeta("claude", true)
	m.HTTP, m.Command = false, "./guard.sh"
	r := Interpret(testevent.Get(t, "PreToolUse"), m, exited(1, `{"decision":"allow"}`, ""))
	assert.Equal(t, &verdict.Output{Decision: "deny", Reason: "[./guard.sh]: failed; blocking because onFailure is \"block\"\nNo stderr output"}, r.Output)
}
