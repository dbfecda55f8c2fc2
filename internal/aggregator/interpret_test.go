package aggregator

import (
	"encoding/json"
	"errors"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookexec/hookexec/internal/runner"
	"github.com/hookexec/hookexec/internal/testevent"
	"github.com/hookexec/hookexec/internal/verdict"
)

func testMeta() Meta {
	return Meta{
		Name:     "guard",
		Command:  "./hooks/guard.sh",
		Source:   "project",
		File:     ".hookexec/hooks.json",
		EventKey: "BeforeTool",
		Dialect:  "native",
	}
}

func exited(code int, stdout, stderr string) runner.Result {
	return runner.Result{Status: runner.Exited, Started: true, ExitCode: code, Stdout: []byte(stdout), Stderr: []byte(stderr)}
}

func signaled(sig, stdout, stderr string) runner.Result {
	return runner.Result{Status: runner.Signaled, Started: true, Signal: sig, Stdout: []byte(stdout), Stderr: []byte(stderr)}
}

func boolPtr(b bool) *bool { return &b }

func TestInterpret(t *testing.T) {
	t.Parallel()
	const banner = "stdout is not a single JSON object (text before the JSON); treated as plain text"
	tests := []struct {
		name    string
		event   string // default BeforeTool
		dialect string // default native
		res     runner.Result
		outcome verdict.Outcome
		output  *verdict.Output
		err     string
	}{
		// exit 0
		{name: "exit 0 json", res: exited(0, `{"decision":"allow","reason":"ok","systemMessage":"hi"}`+"\n", ""),
			outcome: verdict.Success, output: &verdict.Output{Decision: "allow", Reason: "ok", SystemMessage: "hi"}},
		{name: "exit 0 plain text", res: exited(0, "  all good\n", ""),
			outcome: verdict.Success, output: &verdict.Output{SystemMessage: "all good"}},
		{name: "exit 0 nothing", res: exited(0, "", "noise on stderr"), outcome: verdict.Success},
		{name: "exit 0 whitespace only", res: exited(0, " \n\t\n", ""), outcome: verdict.Success},
		{name: "exit 0 double-encoded json", res: exited(0, `"{\"decision\":\"deny\",\"reason\":\"nope\"}"`, ""),
			outcome: verdict.Success, output: &verdict.Output{Decision: "deny", Reason: "nope"}},
		{name: "exit 0 json string that is not an object", res: exited(0, `"just text"`, ""),
			outcome: verdict.Success, output: &verdict.Output{SystemMessage: `"just text"`}},
		{name: "exit 0 banner before json", res: exited(0, "checking...\n{\"decision\":\"deny\"}\n", ""),
			outcome: verdict.Success, output: &verdict.Output{SystemMessage: "checking...\n{\"decision\":\"deny\"}"}, err: banner},
		{name: "exit 0 json array", res: exited(0, `[{"decision":"deny"}]`, ""),
			outcome: verdict.Success, output: &verdict.Output{SystemMessage: `[{"decision":"deny"}]`}},
		{name: "exit 0 number", res: exited(0, "42\n", ""),
			outcome: verdict.Success, output: &verdict.Output{SystemMessage: "42"}},
		{name: "exit 0 broken json", res: exited(0, `{"decision":`, ""),
			outcome: verdict.Success, output: &verdict.Output{SystemMessage: `{"decision":`}},
		{name: "exit 0 two objects", res: exited(0, `{"a":1} {"b":2}`, ""),
			outcome: verdict.Success, output: &verdict.Output{SystemMessage: `{"a":1} {"b":2}`}},
		{name: "exit 0 empty object", res: exited(0, `{}`, ""), outcome: verdict.Success, output: &verdict.Output{}},
		{name: "exit 0 unknown keys dropped", res: exited(0, `{"foo":1,"systemMessage":"m"}`, ""),
			outcome: verdict.Success, output: &verdict.Output{SystemMessage: "m"}},
		{name: "plain text never allows", res: exited(0, "allow", ""),
			outcome: verdict.Success, output: &verdict.Output{SystemMessage: "allow"}},
		{name: "claude plain text on BeforeAgent", event: "UserPromptSubmit", dialect: "claude", res: exited(0, "context line\n", ""),
			outcome: verdict.Success, output: &verdict.Output{HookSpecificOutput: map[string]any{"additionalContext": "context line"}}},
		{name: "claude plain text on SessionStart", event: "SessionStart", dialect: "claude", res: exited(0, "context", ""),
			outcome: verdict.Success, output: &verdict.Output{HookSpecificOutput: map[string]any{"additionalContext": "context"}}},
		{name: "native plain text on SessionStart", event: "SessionStart", res: exited(0, "context", ""),
			outcome: verdict.Success, output: &verdict.Output{SystemMessage: "context"}},
		{name: "claude plain text on BeforeTool", dialect: "claude", res: exited(0, "text", ""),
			outcome: verdict.Success, output: &verdict.Output{SystemMessage: "text"}},

		// exit 2
		{name: "exit 2 with stderr", res: exited(2, "", "writes to /etc are not allowed\n"),
			outcome: verdict.Blocked, output: &verdict.Output{Decision: "deny", Reason: "writes to /etc are not allowed"}},
		{name: "exit 2 only stdout text", res: exited(2, "no way\n", ""),
			outcome: verdict.Blocked, output: &verdict.Output{Decision: "deny", Reason: "no way"}},
		{name: "exit 2 silent", res: exited(2, "", ""),
			outcome: verdict.Blocked, output: &verdict.Output{Decision: "deny", Reason: "hook exited with code 2 without an error message"}},
		{name: "exit 2 json and stderr", res: exited(2, `{"decision":"allow","reason":"json reason","systemMessage":"sm","continue":false,"stopReason":"stop"}`, "stderr reason"),
			outcome: verdict.Blocked, output: &verdict.Output{Decision: "deny", Reason: "stderr reason", SystemMessage: "sm", Continue: boolPtr(false), StopReason: "stop"}},
		{name: "exit 2 json reason", res: exited(2, `{"reason":"json reason"}`, "  \n"),
			outcome: verdict.Blocked, output: &verdict.Output{Decision: "deny", Reason: "json reason"}},
		{name: "exit 2 json without reason", res: exited(2, `{"systemMessage":"x"}`, ""),
			outcome: verdict.Blocked, output: &verdict.Output{Decision: "deny", Reason: "hook exited with code 2 without an error message", SystemMessage: "x"}},
		{name: "exit 2 double-encoded json", res: exited(2, `"{\"reason\":\"inner\"}"`, ""),
			outcome: verdict.Blocked, output: &verdict.Output{Decision: "deny", Reason: "inner"}},
		{name: "exit 2 json array is not a reason", res: exited(2, `[1,2]`, ""),
			outcome: verdict.Blocked, output: &verdict.Output{Decision: "deny", Reason: "hook exited with code 2 without an error message"}},
		{name: "exit 2 banner before json", res: exited(2, "oops\n{\"reason\":\"r\"}", ""),
			outcome: verdict.Blocked, output: &verdict.Output{Decision: "deny", Reason: "oops\n{\"reason\":\"r\"}"}, err: banner},
		{name: "exit 2 on event that cannot block", event: "Notification", res: exited(2, "", "stop"),
			outcome: verdict.Blocked, output: &verdict.Output{Decision: "deny", Reason: "stop"}},

		// other exit codes
		{name: "exit 1 stderr", res: exited(1, `{"decision":"deny"}`, "boom\n"),
			outcome: verdict.Error, output: &verdict.Output{SystemMessage: "Warning: boom"}, err: "exit code 1"},
		{name: "exit 3 only stdout", res: exited(3, " partial \n", ""),
			outcome: verdict.Error, output: &verdict.Output{SystemMessage: "Warning: partial"}, err: "exit code 3"},
		{name: "exit 3 json stdout is not interpreted", res: exited(3, `{"decision":"deny"}`, ""),
			outcome: verdict.Error, output: &verdict.Output{SystemMessage: `Warning: {"decision":"deny"}`}, err: "exit code 3"},
		{name: "exit 127 silent", res: exited(127, "", ""), outcome: verdict.Error, err: "exit code 127"},
		{name: "exit 127 stderr", res: exited(127, "", "sh: nope: not found"),
			outcome: verdict.Error, output: &verdict.Output{SystemMessage: "Warning: sh: nope: not found"}, err: "exit code 127"},

		// signals
		{name: "SIGKILL silent", res: signaled("SIGKILL", "", ""), outcome: verdict.Error, err: "killed by SIGKILL"},
		{name: "SIGSEGV with json stdout", res: signaled("SIGSEGV", `{"decision":"allow"}`, ""),
			outcome: verdict.Error, output: &verdict.Output{SystemMessage: `Warning: {"decision":"allow"}`}, err: "killed by SIGSEGV"},
		{name: "SIGSEGV exit-2-like stderr", res: signaled("SIGSEGV", "", "segfault"),
			outcome: verdict.Error, output: &verdict.Output{SystemMessage: "Warning: segfault"}, err: "killed by SIGSEGV"},

		// never interpreted
		{name: "timeout keeps output uninterpreted",
			res:     runner.Result{Status: runner.TimedOut, Started: true, Signal: "SIGTERM", Stdout: []byte(`{"decision":"deny"}`), Duration: 1500 * time.Millisecond},
			outcome: verdict.Timeout, err: "timed out: killed after 1.5s"},
		{name: "spawn error", res: runner.Result{Status: runner.SpawnFailed, Err: errors.New(`exec: "nope": executable file not found in $PATH`)},
			outcome: verdict.SpawnError, err: `exec: "nope": executable file not found in $PATH`},
		{name: "cancelled", res: runner.Result{Status: runner.Cancelled, Started: true, Signal: "SIGTERM", Stdout: []byte(`{"decision":"deny"}`)},
			outcome: verdict.Cancelled},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			name := tt.event
			if name == "" {
				name = "BeforeTool"
			}
			meta := testMeta()
			meta.EventKey = name
			if tt.dialect != "" {
				meta.Dialect = tt.dialect
			}
			r := Interpret(testevent.Get(t, name), meta, tt.res)
			assert.Equal(t, tt.outcome, r.Outcome)
			assert.Equal(t, tt.output, r.Output)
			assert.Equal(t, tt.err, r.Error)
			assert.Equal(t, name, r.Event)
			assert.Equal(t, string(tt.res.Stdout), r.Stdout, "stdout is kept untrimmed")
			assert.Equal(t, string(tt.res.Stderr), r.Stderr, "stderr is kept untrimmed")
			assert.Equal(t, tt.res.Signal, r.Signal)
			if tt.res.Status == runner.Exited {
				require.NotNil(t, r.ExitCode)
				assert.Equal(t, tt.res.ExitCode, *r.ExitCode)
			} else {
				assert.Nil(t, r.ExitCode)
			}
			if tt.res.Status == runner.Signaled {
				assert.NotEqual(t, verdict.Success, r.Outcome)
				assert.False(t, r.Output.Blocks(), "a signal never blocks")
			}
		})
	}
}

func TestInterpretReportFields(t *testing.T) {
	t.Parallel()
	res := exited(0, "ok \xff\xfe done\n", "bad \xc3\x28 stderr")
	res.StdoutTruncated = true
	res.StderrTruncated = true
	res.StdoutDropped = 1234
	res.Duration = 3200*time.Microsecond + 456*time.Nanosecond
	r := Interpret(testevent.Get(t, "BeforeTool"), testMeta(), res)

	assert.Equal(t, "guard", r.Name)
	assert.Equal(t, "./hooks/guard.sh", r.Command)
	assert.Equal(t, "project", r.Source)
	assert.Equal(t, ".hookexec/hooks.json", r.File)
	assert.Equal(t, "BeforeTool", r.Event)
	// Cut streams end with a marker, which is not
	// interpreted.
	assert.Equal(t, "ok \uFFFD done\n… [hookexec: truncated; 1234 more bytes not kept (--max-output, --max-total-output)]", r.Stdout)
	assert.Equal(t, "bad \uFFFD( stderr… [hookexec: truncated; 0 more bytes not kept (--max-output, --max-total-output)]", r.Stderr)
	assert.True(t, r.StdoutTruncated)
	assert.True(t, r.StderrTruncated)
	assert.InDelta(t, 3.2, r.DurationMs, 0.001)
	assert.Equal(t, &verdict.Output{SystemMessage: "ok \uFFFD done"}, r.Output)

	b, err := json.Marshal(r)
	require.NoError(t, err)
	assert.True(t, json.Valid(b))

	m := testMeta()
	m.Name = ""
	assert.Equal(t, "./hooks/guard.sh", Interpret(testevent.Get(t, "BeforeTool"), m, exited(0, "", "")).Name)
}

func TestInterpretExitedWithRunnerError(t *testing.T) {
	t.Parallel()
	res := exited(0, `{"decision":"maybe"}`, "")
	res.Err = errors.New("output pipes still open after exit")
	r := Interpret(testevent.Get(t, "BeforeTool"), testMeta(), res)
	assert.Equal(t, verdict.Success, r.Outcome)
	assert.Equal(t, `unknown decision "maybe" ignored; output pipes still open after exit`, r.Error)
}

func TestInterpretFailClosed(t *testing.T) {
	t.Parallel()
	spawnErr := errors.New(`exec: "nope": executable file not found in $PATH`)
	tests := []struct {
		name    string
		event   string
		res     runner.Result
		outcome verdict.Outcome
		output  *verdict.Output
	}{
		{name: "error with stderr", event: "BeforeTool", res: exited(3, "", "boom\n"), outcome: verdict.Error,
			output: &verdict.Output{Decision: "deny", Reason: "hook guard failed: exit code 3: boom"}},
		{name: "error silent", event: "BeforeTool", res: exited(1, "", ""), outcome: verdict.Error,
			output: &verdict.Output{Decision: "deny", Reason: "hook guard failed: exit code 1"}},
		{name: "signal", event: "BeforeTool", res: signaled("SIGSEGV", "", ""), outcome: verdict.Error,
			output: &verdict.Output{Decision: "deny", Reason: "hook guard failed: killed by SIGSEGV"}},
		{name: "timeout", event: "BeforeTool", res: runner.Result{Status: runner.TimedOut, Started: true, Duration: 2 * time.Second}, outcome: verdict.Timeout,
			output: &verdict.Output{Decision: "deny", Reason: "hook guard timed out: killed after 2s"}},
		{name: "spawn error", event: "BeforeTool", res: runner.Result{Status: runner.SpawnFailed, Err: spawnErr}, outcome: verdict.SpawnError,
			output: &verdict.Output{Decision: "deny", Reason: `hook guard could not start: exec: "nope": executable file not found in $PATH`}},
		{name: "cancelled is not affected", event: "BeforeTool", res: runner.Result{Status: runner.Cancelled}, outcome: verdict.Cancelled},
		{name: "success is not affected", event: "BeforeTool", res: exited(0, "fine", ""), outcome: verdict.Success,
			output: &verdict.Output{SystemMessage: "fine"}},
		{name: "SessionStart cannot block", event: "SessionStart", res: exited(1, "", "boom"), outcome: verdict.Error,
			output: &verdict.Output{SystemMessage: "Warning: boom"}},
		{name: "Notification timeout cannot block", event: "Notification", res: runner.Result{Status: runner.TimedOut}, outcome: verdict.Timeout},
		{name: "Notification spawn error cannot block", event: "Notification", res: runner.Result{Status: runner.SpawnFailed, Err: spawnErr}, outcome: verdict.SpawnError},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			meta := testMeta()
			meta.FailClosed = true
			ev := testevent.Get(t, tt.event)
			r := Interpret(ev, meta, tt.res)
			assert.Equal(t, tt.outcome, r.Outcome)
			assert.Equal(t, tt.output, r.Output)
			v := Merge(ev, []verdict.HookReport{r})
			assert.Equal(t, tt.output != nil && tt.output.Decision == "deny", v.Blocked)
			if !ev.CanBlock {
				assert.False(t, v.Blocked)
			}
		})
	}
}

func TestNotRun(t *testing.T) {
	t.Parallel()
	for _, o := range []verdict.Outcome{verdict.Skipped, verdict.Cancelled} {
		r := NotRun(testMeta(), o)
		assert.Equal(t, o, r.Outcome)
		assert.Equal(t, "guard", r.Name)
		assert.Equal(t, "BeforeTool", r.Event)
		assert.Nil(t, r.ExitCode)
		assert.Nil(t, r.Output)
		assert.Empty(t, r.Error)
	}
}
