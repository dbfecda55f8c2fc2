//go:build unix

package main

import (
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"syscall"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookexec/hookexec/internal/testproc"
)

// hookConfig is a native config with one BeforeTool hook per matcher.
func hookConfig(hooks map[string]string) string {
	var defs []string
	for matcher, command := range hooks {
		c, _ := json.Marshal(command)
		defs = append(defs, fmt.Sprintf(`{"matcher":%q,"hooks":[{"type":"command","command":%s}]}`, matcher, c))
	}
	return `{"hooks":{"BeforeTool":[` + strings.Join(defs, ",") + `]}}`
}

// A slow request does not hold up a fast one: the fast one is answered
// first, the slow one when its hook ends.
func TestServeAnswersOutOfOrder(t *testing.T) {
	t.Parallel()
	e := newServeEnv(t)
	release := e.path("release")
	cfg := e.write(t, "hooks.json", hookConfig(map[string]string{"slow": "testhook waitfile " + release, "fast": "true"}))
	p := e.serve(t, "--config", cfg)
	p.request("slow-1", "BeforeTool", `{"tool_name":"slow"}`, "")
	p.request("fast-1", "BeforeTool", `{"tool_name":"fast"}`, "")
	first := p.recv()
	assert.Equal(t, "fast-1", first.Payload.CorrelationID)
	assert.True(t, first.Payload.Success)
	require.NoError(t, os.WriteFile(release, nil, 0o644))
	second := p.recv()
	assert.Equal(t, "slow-1", second.Payload.CorrelationID)
	assert.True(t, second.Payload.Success, "%+v", second)
	require.NoError(t, p.wait())
}

// The output is what fire prints for the same event, config and input, in
// the server's format and in a request's.
func TestServeOutputIsFires(t *testing.T) {
	t.Parallel()
	e := newServeEnv(t)
	cfg := e.write(t, "hooks.json", hookConfig(map[string]string{"*": `echo '{"decision":"deny","reason":"no <rm> & \"co\""}'; echo note >&2`}))
	input := `{"tool_name":"run_shell_command","tool_input":{"command":"rm -rf /"},"cwd":"` + e.dir + `"}`
	p := e.serve(t, "--config", cfg)
	for _, format := range []string{"", "claude", "gemini", "result"} {
		extra := ""
		if format != "" {
			extra = `,"format":"` + format + `"`
		}
		p.request("id-"+format, "BeforeTool", input, extra)
		m := p.recv()
		require.Equal(t, TypeResponseForTest, m.Type)
		require.True(t, m.Payload.Success, "%+v", m)

		fire := e.command("fire", "BeforeTool", "--config", cfg, "--format", cmpOr(format, "result"))
		fire.Stdin = strings.NewReader(input)
		out, _ := fire.Output() // exits 2 for the block in format result
		assert.Equal(t, withoutDurations(t, out), withoutDurations(t, m.Payload.Output), "format %q", format)
	}
	require.NoError(t, p.wait())
}

// TypeResponseForTest is the response type as a client spells it.
const TypeResponseForTest = "HOOK_EXECUTION_RESPONSE"

func cmpOr(s, def string) string {
	if s == "" {
		return def
	}
	return s
}

// A cancel terminates the event's hooks as a timeout does (SIGTERM, then
// SIGKILL after the grace) and the response says cancelled, with the
// partial verdict; the server goes on answering.
func TestServeCancel(t *testing.T) {
	t.Parallel()
	e := newServeEnv(t)
	marker := e.path("cancel-marker")
	cfg := e.write(t, "hooks.json", hookConfig(map[string]string{"slow": "testhook stubborn " + marker + " 120", "fast": "true"}))
	p := e.serve(t, "--config", cfg, "--kill-grace", "500ms")
	p.request("c1", "BeforeTool", `{"tool_name":"slow"}`, "")
	waitFile(t, marker)
	p.send(`{"type":"HOOK_EXECUTION_CANCEL","payload":{"correlationId":"c1"}}`)
	m := p.recv()
	assert.Equal(t, "c1", m.Payload.CorrelationID)
	assert.False(t, m.Payload.Success)
	assert.Equal(t, "cancelled", m.code())
	var v struct {
		Hooks []struct {
			Outcome string `json:"outcome"`
		} `json:"hooks"`
	}
	require.NoError(t, json.Unmarshal(m.Payload.Output, &v), string(m.Payload.Output))
	require.Len(t, v.Hooks, 1)
	term, err := os.ReadFile(marker + ".term")
	require.NoError(t, err, "the hook never got SIGTERM")
	assert.Contains(t, string(term), "TERM")
	survivors, err := testproc.Survivors(marker)
	require.NoError(t, err)
	assert.Empty(t, survivors)

	p.request("c2", "BeforeTool", `{"tool_name":"fast"}`, "")
	assert.True(t, p.recv().Payload.Success)
	require.NoError(t, p.wait())
}

// A config file changed between requests is loaded again; one that
// becomes malformed answers config_error and the server goes on.
func TestServeReloadsConfig(t *testing.T) {
	t.Parallel()
	e := newServeEnv(t)
	deny := func(reason string) string {
		return hookConfig(map[string]string{"*": `echo '{"decision":"deny","reason":"` + reason + `"}'`})
	}
	cfg := e.write(t, "hooks.json", deny("one"))
	p := e.serve(t, "--config", cfg)
	reason := func(id string) (string, message) {
		p.request(id, "BeforeTool", `{"tool_name":"x"}`, "")
		m := p.recv()
		var v struct {
			Reason string `json:"reason"`
		}
		if m.Payload.Success {
			require.NoError(t, json.Unmarshal(m.Payload.Output, &v))
		}
		return v.Reason, m
	}
	r, _ := reason("1")
	assert.Equal(t, "one", r)
	e.write(t, "hooks.json", deny("second"))
	r, _ = reason("2")
	assert.Equal(t, "second", r)
	e.write(t, "hooks.json", `{"hooks": {`)
	_, m := reason("3")
	assert.False(t, m.Payload.Success)
	assert.Equal(t, "config_error", m.code())
	assert.Contains(t, m.Payload.Error.Message, "hooks.json")
	e.write(t, "hooks.json", deny("third one"))
	r, _ = reason("4")
	assert.Equal(t, "third one", r)
	require.NoError(t, p.wait())
}

// Trusting the project takes effect at the next request.
func TestServeSeesTrustChange(t *testing.T) {
	t.Parallel()
	e := newServeEnv(t)
	project := e.path("project")
	e.write(t, "project/.hookexec/hooks.json", hookConfig(map[string]string{"*": `echo '{"decision":"deny","reason":"project"}'`}))
	p := e.serve(t, "--project-dir", project)
	p.request("1", "BeforeTool", `{"tool_name":"x"}`, "")
	m := p.recv()
	require.True(t, m.Payload.Success, "%+v", m)
	assert.Contains(t, string(m.Payload.Output), "not trusted")
	trust := e.command("trust", "--yes")
	trust.Dir = project
	out, err := trust.CombinedOutput()
	require.NoError(t, err, string(out))
	p.request("2", "BeforeTool", `{"tool_name":"x"}`, "")
	m = p.recv()
	require.True(t, m.Payload.Success, "%+v", m)
	assert.Contains(t, string(m.Payload.Output), `"reason":"project"`)
	require.NoError(t, p.wait())
}

// A config error under an agent format answers config_error with the
// agent's JSON that fire prints for it: the error in systemMessage, so
// that the agent's user is told.
func TestServeConfigErrorAgentFormat(t *testing.T) {
	t.Parallel()
	e := newServeEnv(t)
	cfg := e.write(t, "hooks.json", `{"hooks": {`)
	p := e.serve(t, "--config", cfg)
	p.request("1", "PreToolUse", `{"tool_name":"Bash"}`, `,"format":"claude"`)
	m := p.recv()
	assert.False(t, m.Payload.Success)
	assert.Equal(t, "config_error", m.code())
	var out struct {
		SystemMessage string `json:"systemMessage"`
	}
	require.NoError(t, json.Unmarshal(m.Payload.Output, &out), string(m.Payload.Output))
	assert.Contains(t, out.SystemMessage, "hookexec: no hook ran for this event")
	assert.Contains(t, out.SystemMessage, "hooks.json")
	require.NoError(t, p.wait())
}

// Bad lines get an error, with the correlationId when it can be read, and
// the server goes on: not JSON, an unknown type, a missing field, a line
// over the limit (read and dropped in bounded memory).
func TestServeBadLines(t *testing.T) {
	t.Parallel()
	e := newServeEnv(t)
	cfg := e.write(t, "hooks.json", hookConfig(map[string]string{"*": "true"}))
	p := e.serve(t, "--config", cfg)

	p.send(`this is not JSON`)
	m := p.recv()
	assert.Equal(t, "HOOK_PROTOCOL_ERROR", m.Type)
	assert.Equal(t, "bad_request", m.code())

	p.send(`{"type":"HOOK_SOMETHING","payload":{"correlationId":"u1"}}`)
	m = p.recv()
	assert.Equal(t, TypeResponseForTest, m.Type)
	assert.Equal(t, "u1", m.Payload.CorrelationID)
	assert.Equal(t, "bad_request", m.code())

	p.send(`{"type":"HOOK_EXECUTION_REQUEST","payload":{"eventName":"BeforeTool","input":{}}}`)
	m = p.recv()
	assert.Equal(t, "HOOK_PROTOCOL_ERROR", m.Type)
	assert.Contains(t, m.Payload.Error.Message, "correlationId")

	p.request("e1", "NoSuchEvent", `{}`, "")
	m = p.recv()
	assert.Equal(t, "unknown_event", m.code())

	p.request("i1", "BeforeTool", `"a string"`, "")
	m = p.recv()
	assert.Equal(t, "input_error", m.code())

	// 70 MiB in one line: more than serve reads.
	big := `{"type":"HOOK_EXECUTION_REQUEST","payload":{"correlationId":"big","eventName":"BeforeTool","input":{"x":"` +
		strings.Repeat("x", 70<<20) + `"}}}`
	p.send(big)
	m = p.recv()
	assert.Equal(t, "big", m.Payload.CorrelationID)
	assert.Equal(t, "too_large", m.code())

	p.request("ok", "BeforeTool", `{"tool_name":"x"}`, "")
	m = p.recv()
	assert.Equal(t, "ok", m.Payload.CorrelationID)
	assert.True(t, m.Payload.Success, "%+v", m)
	require.NoError(t, p.wait())
}

// At the end of stdin serve finishes the events running, answers them and
// exits 0, leaving no process behind.
func TestServeEOFFinishes(t *testing.T) {
	t.Parallel()
	e := newServeEnv(t)
	marker := e.path("eof-marker")
	cfg := e.write(t, "hooks.json", hookConfig(map[string]string{"*": "testhook ready " + marker + " 1"}))
	p := e.serve(t, "--config", cfg)
	p.request("last", "BeforeTool", `{"tool_name":"x"}`, "")
	waitFile(t, marker)
	require.NoError(t, p.wait())
	m := p.recv()
	assert.Equal(t, "last", m.Payload.CorrelationID)
	assert.True(t, m.Payload.Success, "%+v", m)
	survivors, err := testproc.Survivors(marker)
	require.NoError(t, err)
	assert.Empty(t, survivors)
}

// SIGTERM cancels the events running: their hooks are terminated, the
// responses say cancelled, serve exits 0 and nothing is left.
func TestServeSIGTERMCancels(t *testing.T) {
	t.Parallel()
	e := newServeEnv(t)
	marker := e.path("term-marker")
	cfg := e.write(t, "hooks.json", hookConfig(map[string]string{"*": "testhook ready " + marker + " 120"}))
	p := e.serve(t, "--config", cfg)
	p.request("t1", "BeforeTool", `{"tool_name":"x"}`, "")
	waitFile(t, marker)
	require.NoError(t, p.cmd.Process.Signal(syscall.SIGTERM))
	m := p.recv()
	assert.Equal(t, "t1", m.Payload.CorrelationID)
	assert.Equal(t, "cancelled", m.code())
	require.NoError(t, p.wait())
	survivors, err := testproc.Survivors(marker)
	require.NoError(t, err)
	assert.Empty(t, survivors)
}

// An event serve does not know runs its hooks under an agent format, as
// fire does; the result format keeps the unknown_event error.
// Claude's WorktreeCreate answer, text for fire, is a JSON string here.
func TestServeUnknownEventAgentFormat(t *testing.T) {
	t.Parallel()
	e := newServeEnv(t)
	cfg := e.write(t, "hooks.json", `{"hooks":{"SomeFutureEvent":[{"hooks":[{"type":"command","command":"echo '{\"decision\":\"block\",\"reason\":\"future guard\"}'"}]}],
		"WorktreeCreate":[{"hooks":[{"type":"command","command":"echo /srv/wt/x"}]}]}}`)
	p := e.serve(t, "--config", cfg)
	p.request("c1", "SomeFutureEvent", `{}`, `,"format":"claude"`)
	m := p.recv()
	require.True(t, m.Payload.Success, "%+v", m)
	assert.JSONEq(t, `{"decision":"block","reason":"future guard"}`, string(m.Payload.Output))
	p.request("r1", "SomeFutureEvent", `{}`, "")
	m = p.recv()
	assert.Equal(t, "unknown_event", m.code())
	// WorktreeCreate's text answer (the path) travels as a JSON string.
	p.request("w1", "WorktreeCreate", `{}`, `,"format":"claude"`)
	m = p.recv()
	require.True(t, m.Payload.Success, "%+v", m)
	assert.JSONEq(t, `"/srv/wt/x"`, string(m.Payload.Output))
	require.NoError(t, p.wait())
}
