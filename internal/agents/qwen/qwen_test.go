package qwen

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookexec/hookexec/internal/agents/agent"
	"github.com/hookexec/hookexec/internal/agents/agenttest"
	"github.com/hookexec/hookexec/internal/agents/claude"
	"github.com/hookexec/hookexec/internal/event"
	"github.com/hookexec/hookexec/internal/testevent"
	"github.com/hookexec/hookexec/internal/verdict"
)

// TestEventKey: Qwen Code's names are Claude Code's, for the events Qwen
// Code fires; the Claude-only events it lacks have none.
func TestEventKey(t *testing.T) {
	t.Parallel()
	a := Agent()
	for name, want := range map[string]string{
		"BeforeTool": "PreToolUse", "AfterTool": "PostToolUse", "BeforeAgent": "UserPromptSubmit",
		"AfterAgent": "Stop", "SessionStart": "SessionStart", "PreCompress": "PreCompact",
		"PermissionRequest": "PermissionRequest", "PermissionDenied": "PermissionDenied", "StopFailure": "StopFailure",
	} {
		got, ok := a.EventKey(testevent.Get(t, name))
		assert.True(t, ok, name)
		assert.Equal(t, want, got, name)
	}
	for _, name := range []string{"BeforeModel", "AfterModel", "BeforeToolSelection", "WorktreeCreate", "TaskCreated", "Elicitation", "PreModelSwitch"} {
		_, ok := a.EventKey(testevent.Get(t, name))
		assert.False(t, ok, "Qwen Code has no %s", name)
	}
	n := 0
	for _, ev := range event.All() {
		if _, ok := a.EventKey(ev); ok {
			n++
		}
	}
	assert.Equal(t, 19, n, "19 of Qwen Code's 22 events are in the catalogue")
}

func TestToolsByFamily(t *testing.T) {
	t.Parallel()
	tools := Agent().Tools
	assert.Equal(t, []string{"run_shell_command", "monitor"}, tools.Shell())
	for name, want := range map[string]agent.Family{
		"read_file": agent.FamilyRead, "write_file": agent.FamilyWrite, "edit": agent.FamilyEdit,
		"grep_search": agent.FamilySearch, "glob": agent.FamilySearch, "list_directory": agent.FamilySearch,
		"web_fetch": agent.FamilyWeb, "agent": agent.FamilyAgent, "todo_write": agent.FamilyOther,
		"mcp__github__create_issue": agent.FamilyMCP,
	} {
		got, ok := tools.FamilyOf(name, Agent().MCPPrefix)
		assert.True(t, ok, name)
		assert.Equal(t, want, got, name)
	}
	_, ok := tools.FamilyOf("Bash", Agent().MCPPrefix)
	assert.False(t, ok, "Bash is Claude Code's name; Qwen Code's events say run_shell_command")
}

func TestTimeoutsAndShells(t *testing.T) {
	t.Parallel()
	a := Agent()
	assert.Equal(t, time.Second, a.TimeoutUnit)
	assert.Equal(t, int64(120), a.Units(120*time.Second))
	assert.Equal(t, 60*time.Second, a.DefaultTimeout)
	assert.Equal(t, "powershell", a.ShellProgram("powershell"))
	assert.Empty(t, a.ShellProgram("bash"))
	assert.Equal(t, "QWEN_PROJECT_DIR", a.ProjectVar)
	assert.False(t, a.OnFailureApplies(testevent.Get(t, "PreToolUse")), "Qwen Code has no onFailure")
}

// TestRender: the qwen format is Claude Code's JSON, with a reason on
// every PreToolUse decision, and never blocks by exit status.
func TestRender(t *testing.T) {
	t.Parallel()
	render := Agent().Answer.Render
	cases := []struct {
		name  string
		event string
		v     verdict.Verdict
		want  string
	}{
		{"deny with its reason", "PreToolUse", verdict.Verdict{Decision: "deny", Reason: "no rm", Continue: true},
			`{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"no rm"}}`},
		{"deny without a reason gets one", "PreToolUse", verdict.Verdict{Decision: "deny", Continue: true},
			`{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"` + NoReason + `"}}`},
		{"allow without a reason gets one", "PreToolUse", verdict.Verdict{Decision: "allow", Continue: true},
			`{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow","permissionDecisionReason":"` + NoReason + `"}}`},
		{"no decision, no reason", "PreToolUse", verdict.Verdict{Continue: true}, `{}`},
		{"prompt block", "UserPromptSubmit", verdict.Verdict{Decision: "deny", Reason: "not here", Continue: true},
			`{"decision":"block","reason":"not here"}`},
		{"stop block", "Stop", verdict.Verdict{Decision: "deny", Reason: "run the tests", Continue: true},
			`{"decision":"block","reason":"run the tests"}`},
		{"session context", "SessionStart", verdict.Verdict{Continue: true, HookSpecificOutput: map[string]any{"additionalContext": "C-START"}},
			`{"hookSpecificOutput":{"hookEventName":"SessionStart","additionalContext":"C-START"}}`},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			assert.JSONEq(t, tc.want, agenttest.RenderJSON(t, render, tc.event, tc.v))
		})
	}
}

// TestSameAsClaudeButTheReason: where a reason is given, the qwen format is
// byte for byte the claude format.
func TestSameAsClaudeButTheReason(t *testing.T) {
	t.Parallel()
	v := verdict.Verdict{Decision: "deny", Reason: "R", SystemMessage: "S", Continue: true,
		HookSpecificOutput: map[string]any{"additionalContext": "C"}}
	for _, name := range []string{"PreToolUse", "PostToolUse", "UserPromptSubmit", "Stop", "PermissionRequest"} {
		assert.Equal(t, agenttest.RenderJSON(t, claude.Agent().Answer.Render, name, v),
			agenttest.RenderJSON(t, Agent().Answer.Render, name, v), name)
	}
}

// TestExitStatus: a block is answered in JSON with exit 0, even for a
// claude-dialect policy that blocked with exit 2 (Qwen Code reads only
// stderr on exit 2), and errors are told in the JSON.
func TestExitStatus(t *testing.T) {
	t.Parallel()
	ans := Agent().Answer
	require.Nil(t, ans.ExitBlocked)
	require.Nil(t, ans.Failed)
	assert.True(t, ans.ErrorsExitZero)
	code := 2
	v := verdict.Verdict{Blocked: true, Decision: "deny", Hooks: []verdict.HookReport{{Dialect: claude.Name, Outcome: verdict.Blocked, ExitCode: &code}}}
	assert.True(t, claude.Agent().Answer.ExitBlocked(testevent.Get(t, "PreToolUse"), v), "claude exits 2 here; qwen does not")
}

// TestTimeoutUnits: Qwen Code reads a timeout of 1000 or more as
// milliseconds, so install writes milliseconds from 1000 s on.
func TestTimeoutUnits(t *testing.T) {
	t.Parallel()
	a := Agent()
	assert.Equal(t, time.Second, a.UnitOf(999))
	assert.Equal(t, time.Millisecond, a.UnitOf(1000))
	assert.Equal(t, int64(999), a.Units(999*time.Second))
	assert.Equal(t, int64(1_000_000), a.Units(1000*time.Second))
	assert.Equal(t, int64(1_200_500), a.Units(1200*time.Second+500*time.Millisecond))
	assert.Equal(t, time.Second, claude.Agent().UnitOf(5000), "Claude Code has no such rule")
}

// TestShellSample: testdata/shell.json (a capture of make e2e) is Qwen
// Code's before-a-tool event for its shell tool.
func TestShellSample(t *testing.T) {
	t.Parallel()
	b, err := os.ReadFile(filepath.Join("testdata", "shell.json"))
	require.NoError(t, err)
	var sample struct {
		Source string `json:"source"`
		Event  string `json:"event"`
		Input  struct {
			Event     string         `json:"hook_event_name"`
			ToolName  string         `json:"tool_name"`
			ToolInput map[string]any `json:"tool_input"`
		} `json:"input"`
	}
	require.NoError(t, json.Unmarshal(b, &sample))
	assert.NotEmpty(t, sample.Source)
	key, ok := Agent().EventKey(testevent.Get(t, "BeforeTool"))
	require.True(t, ok)
	assert.Equal(t, key, sample.Event)
	assert.Equal(t, key, sample.Input.Event)
	assert.Contains(t, Agent().Tools.Shell(), sample.Input.ToolName)
	assert.Equal(t, "__COMMAND__", sample.Input.ToolInput["command"])
}
