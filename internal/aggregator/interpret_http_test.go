package aggregator

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/hookexec/hookexec/internal/runner"
)

func answered(status int, body string) runner.Result {
	return runner.Result{Status: runner.Exited, Started: true, ExitCode: -1, HTTPStatus: status, Stdout: []byte(body)}
}

func httpMeta(dialect string, failClosed bool) Meta {
	return Meta{Name: "policy", Command: "http://127.0.0.1:8080/hook", Source: "runtime", File: "hooks.json",
		EventKey: "PreToolUse", Dialect: dialect, FailClosed: failClosed, HTTP: true}
}

// An http hook's answer is read as Claude Code reads it (issue 17 §1): a
// 2xx JSON object as a command's stdout on exit 0, a 2xx empty body as a
// success without output, anything else as an error that never blocks by
// itself; failing closed turns each error into a deny.
func TestInterpretHTTP(t *testing.T) {
	t.Parallel()
	truncated := answered(200, `{"decision":"bl`)
	truncated.StdoutTruncated = true
	tests := []struct {
		name       string
		dialect    string
		res        runner.Result
		outcome    Outcome
		output     *Output
		err        string
		failClosed string // the deny reason when the hook fails closed; "" = same as open
	}{
		{name: "2xx empty", dialect: "claude", res: answered(204, ""), outcome: Success},
		{name: "2xx blank", dialect: "claude", res: answered(200, " \n"), outcome: Success},
		{name: "2xx json deny", dialect: "claude", res: answered(200, `{"decision":"block","reason":"no"}`),
			outcome: Success, output: &Output{Decision: "deny", Reason: "no"}},
		{name: "2xx claude deny", dialect: "claude",
			res:     answered(200, `{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"rm"}}`),
			outcome: Success, output: &Output{Decision: "deny", Reason: "rm", HookSpecificOutput: map[string]any{"hookEventName": "PreToolUse", "permissionDecision": "deny", "permissionDecisionReason": "rm"}}},
		{name: "2xx text, claude: silent", dialect: "claude", res: answered(200, "ok"), outcome: Error,
			err: "HTTP 200 with a body that is not a JSON object: ok", failClosed: "hook policy failed: HTTP 200 with a body that is not a JSON object: ok"},
		{name: "2xx text, native: warned", dialect: "native", res: answered(200, "ok"), outcome: Error,
			output: &Output{SystemMessage: "Warning: http hook policy: HTTP 200 with a body that is not a JSON object: ok"},
			err:    "HTTP 200 with a body that is not a JSON object: ok", failClosed: "hook policy failed: HTTP 200 with a body that is not a JSON object: ok"},
		{name: "2xx json array", dialect: "claude", res: answered(200, `[1]`), outcome: Error,
			err: "HTTP 200 with a body that is not a JSON object: [1]", failClosed: "hook policy failed: HTTP 200 with a body that is not a JSON object: [1]"},
		{name: "2xx json string holding an object", dialect: "claude", res: answered(200, `"{\"decision\":\"block\"}"`), outcome: Error,
			err: `HTTP 200 with a body that is not a JSON object: "{\"decision\":\"block\"}"`, failClosed: `hook policy failed: HTTP 200 with a body that is not a JSON object: "{\"decision\":\"block\"}"`},
		{name: "500 with a deny body never blocks", dialect: "claude", res: answered(500, `{"decision":"block"}`), outcome: Error,
			err: `HTTP 500: {"decision":"block"}`, failClosed: `hook policy failed: HTTP 500: {"decision":"block"}`},
		{name: "redirect", dialect: "claude", res: answered(302, ""), outcome: Error,
			err: "HTTP 302 (redirects are not followed)", failClosed: "hook policy failed: HTTP 302 (redirects are not followed)"},
		{name: "body past the cap", dialect: "claude", res: truncated, outcome: Error,
			err: "HTTP 200 with a body larger than the output cap (--max-output, --max-total-output)", failClosed: "hook policy failed: HTTP 200 with a body larger than the output cap (--max-output, --max-total-output)"},
		{name: "connection refused", dialect: "claude",
			res:     runner.Result{Status: runner.RequestFailed, Started: true, ExitCode: -1, Err: errors.New("dial tcp: connection refused")},
			outcome: Error, err: "request failed: dial tcp: connection refused", failClosed: "hook policy failed: request failed: dial tcp: connection refused"},
		{name: "timeout", dialect: "claude", res: runner.Result{Status: runner.TimedOut, Started: true, ExitCode: -1},
			outcome: Timeout, err: "timed out: no response within its timeout", failClosed: "hook policy timed out: no response within its timeout"},
		{name: "cancelled", dialect: "claude", res: runner.Result{Status: runner.Cancelled, Started: true, ExitCode: -1}, outcome: Cancelled},
	}
	ev := mustEvent(t, "PreToolUse")
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			r := Interpret(ev, httpMeta(tt.dialect, false), tt.res)
			assert.Equal(t, tt.outcome, r.Outcome)
			assert.Equal(t, tt.output, r.Output)
			assert.Equal(t, tt.err, r.Error)
			assert.Nil(t, r.ExitCode, "an http hook has no exit code")
			assert.Equal(t, "http://127.0.0.1:8080/hook", r.Command)

			closed := Interpret(ev, httpMeta(tt.dialect, true), tt.res)
			if tt.failClosed == "" {
				assert.Equal(t, r.Output, closed.Output, "failing closed changes nothing here")
				return
			}
			assert.Equal(t, &Output{Decision: "deny", Reason: tt.failClosed}, closed.Output)
			assert.Equal(t, tt.outcome, closed.Outcome)
		})
	}
}

// Failing closed never denies on an event that cannot block.
func TestInterpretHTTPFailClosedNonBlockingEvent(t *testing.T) {
	t.Parallel()
	r := Interpret(mustEvent(t, "Notification"), httpMeta("claude", true), answered(500, ""))
	assert.Equal(t, Error, r.Outcome)
	assert.Nil(t, r.Output)
}
