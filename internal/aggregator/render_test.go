package aggregator

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookexec/hookexec/internal/agents"
	"github.com/hookexec/hookexec/internal/agents/claude"
	"github.com/hookexec/hookexec/internal/agents/gemini"
	"github.com/hookexec/hookexec/internal/testevent"
	"github.com/hookexec/hookexec/internal/verdict"
)

// renderJSON renders v for event name in format f as compact JSON.
func renderJSON(t *testing.T, f verdict.Format, name string, v verdict.Verdict) string {
	t.Helper()
	ev := testevent.Get(t, name)
	v.Event = ev.Name
	v.Blocked = ev.CanBlock && (v.Decision == "deny" || !v.Continue)
	data, err := json.Marshal(agents.Render(f, ev, v, verdict.AgentInput{}))
	require.NoError(t, err)
	return string(data)
}

// Through Merge: only a hook's explicit allow becomes permissionDecision
// "allow"; plain text, {} and failed hooks never do.
func TestRenderClaudeNeverImplicitAllow(t *testing.T) {
	t.Parallel()
	ev := testevent.Get(t, "PreToolUse")
	for _, stdouts := range [][]string{
		{""}, {"allow"}, {`{}`}, {`"allow"`}, {`{"decision":"maybe"}`},
		{"ok", `{"continue":true}`},
	} {
		v := Merge(ev, reportsFor(t, "PreToolUse", stdouts...))
		out := claude.RenderOutput(ev, v, verdict.AgentInput{})
		if out.HookSpecificOutput != nil {
			assert.Empty(t, out.HookSpecificOutput.PermissionDecision, "%q", stdouts)
		}
	}
	v := Merge(ev, reportsFor(t, "PreToolUse", "text", `{"decision":"approve"}`))
	out := claude.RenderOutput(ev, v, verdict.AgentInput{})
	require.NotNil(t, out.HookSpecificOutput)
	assert.Equal(t, "allow", out.HookSpecificOutput.PermissionDecision)
}

// A policy that never answered is named to Claude Code's user, as Claude
// does for its own hooks; one that failed closed already denies. Gemini CLI
// learns of it from the exit status (Failed) and warns itself.
func TestRenderNamesHooksThatNeverAnswered(t *testing.T) {
	t.Parallel()
	ev := testevent.Get(t, "BeforeTool")
	v := Merge(ev, []verdict.HookReport{
		{Name: "slow", Outcome: verdict.Timeout, Error: "timed out: killed after 2s"},
		{Name: "missing", Outcome: verdict.SpawnError, Error: "exec: \"nope\": not found"},
		{Name: "closed", Outcome: verdict.Timeout, Error: "timed out: killed after 2s", Output: &verdict.Output{Decision: "deny", Reason: "hook closed timed out"}},
		{Name: "talks", Outcome: verdict.Success, Output: &verdict.Output{SystemMessage: "hello"}},
	})
	want := "Warning: hook slow did not answer in time (killed after 2s)\n" +
		"Warning: hook missing could not start: exec: \"nope\": not found\nhello"
	assert.Equal(t, want, agents.Render(verdict.Format(claude.Name), ev, v, verdict.AgentInput{}).(claude.Output).SystemMessage)
	assert.Equal(t, "hello", agents.Render(verdict.Format(gemini.Name), ev, v, verdict.AgentInput{}).(gemini.Output).SystemMessage, "Gemini warns of failed hooks itself")
	assert.Equal(t, []string{"slow", "missing", "closed"}, gemini.Failed(v))
	assert.Equal(t, "hello", agents.Render(verdict.FormatResult, ev, v, verdict.AgentInput{}).(verdict.Verdict).SystemMessage, "the result format keeps the hooks' own messages")
}

// Gemini CLI reads any answer on BeforeToolSelection, even {}, as a tool
// config: with nothing to say, the gemini format renders nothing at all.
func TestRenderGeminiSilentToolSelection(t *testing.T) {
	t.Parallel()
	ev := testevent.Get(t, "BeforeToolSelection")
	assert.Nil(t, agents.Render(verdict.Format(gemini.Name), ev, Merge(ev, nil), verdict.AgentInput{}))
	assert.NotNil(t, agents.Render(verdict.Format(claude.Name), ev, Merge(ev, nil), verdict.AgentInput{}))
	cfg := Merge(ev, []verdict.HookReport{{Outcome: verdict.Success, Output: &verdict.Output{HookSpecificOutput: map[string]any{"toolConfig": map[string]any{"mode": "NONE"}}}}})
	assert.NotNil(t, agents.Render(verdict.Format(gemini.Name), ev, cfg, verdict.AgentInput{}))
}

// TestFailureNoticeNamesFailedPolicies: under --format claude every policy
// that failed without denying is named, since fire no longer exits 1 for it.
func TestFailureNoticeNamesFailedPolicies(t *testing.T) {
	t.Parallel()
	ev := testevent.Get(t, "PreToolUse")
	v := Merge(ev, []verdict.HookReport{
		{Name: "broke", Outcome: verdict.Error, Error: "exit code 1", Output: &verdict.Output{SystemMessage: "Warning: cannot check"}},
		{Name: "silent", Outcome: verdict.Error, Error: "exit code 3", Stderr: "  no config\n"},
		{Name: "json-deny", Outcome: verdict.Error, Error: "exit code 1", Output: &verdict.Output{Decision: "deny", Reason: "no"}},
	})
	got := agents.Render(verdict.Format(claude.Name), ev, v, verdict.AgentInput{}).(claude.Output).SystemMessage
	assert.Equal(t, "Warning: hook broke failed (exit code 1)\nWarning: hook silent failed (exit code 3): no config\nWarning: cannot check", got)
}
