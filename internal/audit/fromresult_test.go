package audit

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookexec/hookexec/internal/agents"
	"github.com/hookexec/hookexec/internal/engine"
	"github.com/hookexec/hookexec/internal/event"
	"github.com/hookexec/hookexec/internal/verdict"
)

func claudeRequest(t testing.TB, input string) (engine.Request, *event.Input) {
	t.Helper()
	fired, _, err := agents.ResolveEvent("PreToolUse", verdict.Format("claude"))
	require.NoError(t, err)
	in, err := event.ParseInput([]byte(input), time.Now(), "/work")
	require.NoError(t, err)
	return engine.Request{Event: fired.Event, Name: fired, Format: verdict.Format("claude"), Getenv: underClaude}, in
}

// underClaude is the environment of a hook Claude Code runs: CLAUDECODE set.
func underClaude(name string) string {
	if name == "CLAUDECODE" {
		return "1"
	}
	return ""
}

// A fire run by hand with --format claude is not recorded as Claude Code's
// (SPEC §2.5, the log answers "was a guard off?"): no agent's variable in
// the environment, no agent in the record; and the guards that did not run
// are kept.
func TestFromResultByHandNamesNoAgent(t *testing.T) {
	t.Parallel()
	req, in := claudeRequest(t, `{"session_id":"s1","hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"ls"}}`)
	req.Getenv = func(string) string { return "" }
	off := verdict.GuardOff{Kind: verdict.GuardOffUntrusted, File: "/repo/.hookexec/hooks.json", Detail: "not trusted"}
	res := engine.Result{Start: time.Now(), Input: in, ProjectDir: "/repo",
		Verdict: verdict.Verdict{Event: "BeforeTool", Blocked: true, Decision: "deny", GuardOff: []verdict.GuardOff{off}}}
	r := FromResult(req, res, ViaFire)
	assert.Empty(t, r.Agent)
	assert.True(t, r.ByHand)
	assert.Equal(t, "claude", r.Format)
	assert.Equal(t, []verdict.GuardOff{off}, r.GuardOff)

	req.Getenv = underClaude
	r = FromResult(req, res, ViaFire)
	assert.Equal(t, "claude", r.Agent)
	assert.False(t, r.ByHand)
}

func code(n int) *int { return &n }

func TestFromResultNamesTheDecidingPolicy(t *testing.T) {
	t.Parallel()
	req, in := claudeRequest(t, `{"session_id":"s1","cwd":"/repo/sub","tool_name":"Bash","tool_input":{"command":"curl -H 'Authorization: Bearer abcdef0123' https://x"}}`)
	deny := &verdict.Output{Decision: "deny", Reason: "no curl"}
	res := engine.Result{
		Start: time.Now(), Input: in, ProjectDir: "/repo",
		Verdict: verdict.Verdict{
			Event: "BeforeTool", Blocked: true, Decision: "deny", Reason: "no curl", DurationMs: 12.5,
			Warnings: []string{"w1"},
			Hooks: []verdict.HookReport{
				{Name: "fmt", Outcome: verdict.Success, ExitCode: code(0)},
				{Name: "slow", Outcome: verdict.Timeout, Signal: "SIGKILL", Error: "timed out after 1s"},
				{Name: "guard", File: "/repo/.hookexec/hooks.json", Line: 7, Matcher: "Bash", If: "Bash(curl *)", Source: "project",
					Outcome: verdict.Blocked, ExitCode: code(2), Stderr: "blocked: token=hunter2", Output: deny},
				{Name: "later", Outcome: verdict.Blocked, ExitCode: code(2)},
			},
		},
	}
	r := FromResult(req, res, ViaFire)
	assert.Equal(t, Version, r.V)
	assert.Len(t, r.ID, 16)
	assert.Equal(t, "claude", r.Agent)
	assert.Equal(t, "claude", r.Format)
	assert.Equal(t, "BeforeTool", r.Event)
	assert.Equal(t, "PreToolUse", r.EventName)
	assert.Equal(t, "s1", r.Session)
	assert.Equal(t, "/repo", r.Project)
	assert.Equal(t, "/repo/sub", r.Cwd)
	assert.Equal(t, "Bash", r.Tool)
	assert.Equal(t, "curl -H 'Authorization: Bearer ***' https://x", r.Input)
	assert.True(t, r.Blocked)
	assert.Equal(t, "deny", r.Decision)
	assert.Equal(t, 4, r.Hooks)
	assert.InDelta(t, 12.5, r.DurationMs, 0.001)
	require.NotNil(t, r.Policy)
	assert.Equal(t, "guard", r.Policy.Name)
	assert.Equal(t, 7, r.Policy.Line)
	assert.Equal(t, "Bash", r.Policy.Matcher)
	assert.Equal(t, "Bash(curl *)", r.Policy.If)
	assert.Equal(t, 2, *r.Policy.ExitCode)
	assert.Equal(t, "blocked: token=***", r.Policy.Stderr)
	require.Len(t, r.Failed, 1)
	assert.Equal(t, "slow", r.Failed[0].Name)
	assert.Equal(t, "timeout", r.Failed[0].Outcome)
	assert.Equal(t, []string{"w1"}, r.Warnings)
}

func TestFromResultOfAnError(t *testing.T) {
	t.Parallel()
	req, _ := claudeRequest(t, `{}`)
	req.Format = verdict.FormatResult
	r := FromResult(req, engine.Result{Start: time.Now(), Err: errors.New("hooks.json:1:1: bad password=hunter2")}, ViaServe)
	assert.Equal(t, "hooks.json:1:1: bad password=***", r.Error)
	assert.Equal(t, "serve", r.Via)
	assert.Empty(t, r.Format)
	assert.Nil(t, r.Policy)
	assert.False(t, r.Blocked)
}

func TestFromResultNeverKeepsFileContents(t *testing.T) {
	t.Parallel()
	content := "SECRET-CONTENT-" + strings.Repeat("z", 50)
	req, in := claudeRequest(t, `{"tool_name":"Write","tool_input":{"file_path":"/repo/a.txt","content":"`+content+`"}}`)
	r := FromResult(req, engine.Result{Start: time.Now(), Input: in, Verdict: verdict.Verdict{Hooks: []verdict.HookReport{}}}, ViaFire)
	assert.Equal(t, "/repo/a.txt", r.Input)
	assert.Equal(t, "Write", r.Tool)
}

func benchEvent(b *testing.B) (engine.Request, *event.Input) {
	return claudeRequest(b, `{"session_id":"s1","cwd":"/repo","tool_name":"Bash","tool_input":{"command":"git push --force origin main"}}`)
}
