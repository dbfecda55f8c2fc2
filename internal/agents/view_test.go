package agents

import (
	"encoding/json"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookexec/hookexec/internal/agents/agent"
	"github.com/hookexec/hookexec/internal/event"
	"github.com/hookexec/hookexec/internal/verdict"
)

func input(t *testing.T, s string) *event.Input {
	t.Helper()
	in, err := event.ParseInput([]byte(s), time.Time{}, "/w")
	require.NoError(t, err)
	return in
}

func TestClassify(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		agent, tool string
		want        Classification
	}{
		{"claude", "Bash", Classification{Agent: "claude", Tool: "Bash", Family: agent.FamilyShell, Rule: RuleAgent, By: "claude"}},
		{"gemini", "run_shell_command", Classification{Agent: "gemini", Tool: "run_shell_command", Family: agent.FamilyShell, Rule: RuleAgent, By: "gemini"}},
		{"gemini", "Bash", Classification{Agent: "gemini", Tool: "Bash", Family: agent.FamilyShell, Rule: RuleOtherAgent, By: "claude"}},
		{"", "write_file", Classification{Tool: "write_file", Family: agent.FamilyWrite, Rule: RuleOtherAgent, By: "gemini"}},
		{"claude", "mcp__github__create_issue", Classification{Agent: "claude", Tool: "mcp__github__create_issue", Family: agent.FamilyMCP, Rule: RuleMCPPrefix, By: "claude"}},
		{"", "mcp__fs__read", Classification{Tool: "mcp__fs__read", Family: agent.FamilyMCP, Rule: RuleMCPPrefix, By: "claude"}},
		{"claude", "Frobnicate", Classification{Agent: "claude", Tool: "Frobnicate", Rule: RuleUnknown}},
		{"nosuchagent", "Read", Classification{Agent: "nosuchagent", Tool: "Read", Family: agent.FamilyRead, Rule: RuleOtherAgent, By: "claude"}},
		{"claude", "", Classification{Agent: "claude", Rule: RuleUnknown}},
	} {
		assert.Equal(t, tt.want, Classify(tt.agent, tt.tool), "%s %s", tt.agent, tt.tool)
	}
	assert.True(t, KnownTool("replace"))
	assert.False(t, KnownTool("bash_it"))
	assert.Contains(t, ToolNames(), "run_shell_command")
}

// TestDetectAgent: the format's agent when it is the only one answering
// in it; else the environment, the event name and the tool narrow the
// agents down; "" when they leave more than one.
func TestDetectAgent(t *testing.T) {
	t.Parallel()
	env := func(vars ...string) func(string) string {
		return func(k string) string {
			for _, v := range vars {
				if v == k {
					return "1"
				}
			}
			return ""
		}
	}
	bash := input(t, `{"tool_name":"Bash"}`)
	shell := input(t, `{"hook_event_name":"BeforeTool","tool_name":"run_shell_command"}`)
	assert.Equal(t, "claude", DetectAgent("claude", shell, env()), "the format decides when it is one agent's")
	assert.Equal(t, "", DetectAgent("gemini", shell, env()), "gemini and llxprt answer in gemini's format")
	assert.Equal(t, "llxprt", DetectAgent("gemini", shell, env("LLXPRT_PROJECT_DIR")))
	assert.Equal(t, "gemini", DetectAgent("gemini", shell, env("GEMINI_CLI")))
	assert.Equal(t, "", DetectAgent(verdict.FormatResult, bash, env()), "Claude Code, Codex CLI, Copilot CLI (its PascalCase events), CodeBuddy Code, Cortex Code and Kimi Code have Bash")
	assert.Equal(t, "codex", DetectAgent("codex", bash, env()), "the format decides when it is one agent's")
	assert.Equal(t, "codebuddy", DetectAgent(verdict.FormatResult, bash, env("CODEBUDDY_PROJECT_DIR")))
	assert.Equal(t, "claude", DetectAgent(verdict.FormatResult, bash, env("CLAUDE_PROJECT_DIR")), "CLAUDE_PROJECT_DIR is Claude Code's project variable (Droid and CodeBuddy set it too, besides their own)")
	assert.Equal(t, "", DetectAgent(verdict.FormatResult, input(t, `{"tool_name":"MultiEdit"}`), env()), "Claude Code and CodeBuddy Code have MultiEdit")
	assert.Equal(t, "claude", DetectAgent(verdict.FormatResult, input(t, `{"tool_name":"MultiEdit"}`), env("CLAUDECODE")))
	assert.Equal(t, "copilot", DetectAgent(verdict.FormatResult, input(t, `{"toolName":"bash"}`), env("COPILOT_CLI")))
	assert.Equal(t, "copilot", DetectAgent(verdict.FormatResult, input(t, `{"toolName":"view","toolArgs":{"path":"a"}}`), env()),
		"an agent's own payload reader names the tool (Copilot CLI's toolName)")
	assert.Equal(t, "claude", DetectAgent(verdict.FormatResult, input(t, `{}`), env("CLAUDECODE")))
	assert.Equal(t, "", DetectAgent(verdict.FormatResult, shell, env()))
	assert.Equal(t, "", DetectAgent(verdict.FormatResult, nil, nil))
	assert.Equal(t, "claude", DetectAgent(verdict.FormatResult, bash, env("GEMINI_CLI", "CLAUDECODE")), "the tool narrows what the environment leaves")
}

// TestCallView: the view of a Claude-shaped payload, with the canonical
// event, the agent and the family filled in; a "hookexec" key of the
// payload is not read.
func TestCallView(t *testing.T) {
	t.Parallel()
	pre, _ := EventByKey("PreToolUse")
	in := input(t, `{"tool_name":"run_shell_command","tool_input":{"command":"git push -f"},"hookexec":{"command":"ls"}}`)
	c := NewCall("gemini", pre, in)
	want := agent.View{Event: "BeforeTool", Agent: "gemini", Tool: "run_shell_command", Family: agent.FamilyShell, Command: "git push -f"}
	assert.Equal(t, want, c.View())
	assert.Equal(t, RuleAgent, c.Classification().Rule)
	var decoded agent.View
	require.NoError(t, json.Unmarshal(c.View().AppendJSON(nil), &decoded))
	assert.Equal(t, want, decoded)
	assert.JSONEq(t, `{"event":"BeforeTool","agent":"gemini","tool":"run_shell_command","family":"shell","command":"git push -f"}`, string(c.View().AppendJSON(nil)))

	empty := NewCall("", pre, nil)
	assert.Equal(t, agent.View{Event: "BeforeTool"}, empty.View())

	limited := NewCall("", EventName{Key: "beforeShellExecution", Event: pre.Event, Family: agent.FamilyShell}, input(t, `{"command":"ls"}`))
	assert.Equal(t, Classification{Family: agent.FamilyShell, Rule: RuleEventAlias, By: "beforeShellExecution"}, limited.Classification())
	assert.Equal(t, agent.FamilyShell, limited.View().Family)

	chained := c.WithInput(input(t, `{"tool_name":"run_shell_command","tool_input":{"command":"echo safe"}}`))
	assert.Equal(t, "echo safe", chained.View().Command)
	assert.Equal(t, "git push -f", c.View().Command)
}

// TestReadsAsBlock: each reading rule, as the starter-policy test uses it.
func TestReadsAsBlock(t *testing.T) {
	t.Parallel()
	pre, _ := EventByKey("PreToolUse")
	claude, _ := ByName("claude")
	gemini, _ := ByName("gemini")
	llxprt, _ := ByName("llxprt")
	for _, tt := range []struct {
		a      agent.Agent
		out    string
		status int
		want   bool
	}{
		{claude, `{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny"}}`, 0, true},
		{claude, `{"hookSpecificOutput":{"permissionDecision":"allow"}}`, 0, false},
		{claude, ``, 2, true},
		{claude, `{"decision":"deny"}`, 0, false},
		{claude, `{"continue":false}`, 1, true},
		{claude, `not json`, 0, false},
		{gemini, `{"decision":"deny","reason":"x"}`, 0, true},
		{gemini, `{"decision":"deny"}`, 1, true},
		{gemini, ``, 2, false},
		{gemini, `{"hookSpecificOutput":{"permissionDecision":"deny"}}`, 0, false},
		{llxprt, `{"decision":"deny"}`, 0, true},
		{llxprt, `{"decision":"deny"}`, 1, false},
		{llxprt, ``, 2, true},
		{llxprt, `{}`, 0, false},
	} {
		assert.Equal(t, tt.want, ReadsAsBlock(tt.a, pre.Event, []byte(tt.out), tt.status), "%s %q exit %d", tt.a.Name, tt.out, tt.status)
	}
}

// TestCallViewPayloadPanics: an agent's payload reader that fails gives
// way to Claude Code's; the view is still built.
func TestCallViewPayloadPanics(t *testing.T) {
	t.Parallel()
	pre, _ := EventByKey("PreToolUse")
	broken := agent.Agent{Name: "broken", Payload: func(string, *event.Input) agent.View { panic("bad payload") }}
	c := NewCallFor(broken, pre, input(t, `{"tool_name":"Bash","tool_input":{"command":"ls"}}`))
	assert.Equal(t, agent.View{Event: "BeforeTool", Agent: "broken", Tool: "Bash", Family: agent.FamilyShell, Command: "ls"}, c.View())
}
