package windsurf

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookexec/hookexec/internal/agents/agent"
	"github.com/hookexec/hookexec/internal/agents/agenttest"
	"github.com/hookexec/hookexec/internal/event"
	"github.com/hookexec/hookexec/internal/testevent"
	"github.com/hookexec/hookexec/internal/verdict"
)

// The payloads are the samples of Windsurf's documentation
// (docs.windsurf.com/windsurf/cascade/hooks), common fields included.
func TestPayload(t *testing.T) {
	t.Parallel()
	const common = `"trajectory_id":"t1","execution_id":"e1","timestamp":"2026-01-01T00:00:00Z"`
	tests := []struct {
		name, key, info string
		want            agent.View
	}{
		{"command", "pre_run_command", `{"command_line":"npm install package-name","cwd":"/Users/yourname/project"}`,
			agent.View{Tool: "run_command", Family: agent.FamilyShell, Command: "npm install package-name"}},
		{"read", "pre_read_code", `{"file_path":"/Users/yourname/project/file.py"}`,
			agent.View{Tool: "read_code", Family: agent.FamilyRead, Paths: []string{"/Users/yourname/project/file.py"}}},
		{"write", "pre_write_code", `{"file_path":"/p/file.py","edits":[{"old_string":"def old_function():\n    pass","new_string":"def new_function():\n    return True"}]}`,
			agent.View{Tool: "write_code", Family: agent.FamilyEdit, Paths: []string{"/p/file.py"}, Content: "def new_function():\n    return True"}},
		{"mcp", "pre_mcp_tool_use", `{"mcp_server_name":"github","mcp_tool_arguments":{"owner":"o"},"mcp_tool_name":"create_issue"}`,
			agent.View{Tool: "create_issue", Family: agent.FamilyMCP}},
		{"prompt", "pre_user_prompt", `{"user_prompt":"deploy to prod"}`, agent.View{Prompt: "deploy to prod"}},
		{"response says nothing the view holds", "post_cascade_response", `{"response":"done"}`, agent.View{}},
		{"no tool_info", "pre_run_command", `null`, agent.View{Tool: "run_command", Family: agent.FamilyShell}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			data := `{"agent_action_name":"` + tt.key + `",` + common + `,"tool_info":` + tt.info + `}`
			in, err := event.ParseInput([]byte(data), time.Unix(0, 0), "/p")
			require.NoError(t, err)
			assert.Equal(t, tt.want, payload(tt.key, in))
		})
	}
}

func TestRenderWindsurf(t *testing.T) {
	t.Parallel()
	ev := testevent.Get(t, "BeforeTool")
	assert.Equal(t, verdict.Text(""), render(ev, verdict.Verdict{Continue: true, Decision: "deny", Reason: "no"}, agenttest.ToolInput),
		"the reason goes to stderr, not stdout")
	assert.Equal(t, verdict.Text("lint is slow"), render(ev, verdict.Verdict{Continue: true, SystemMessage: "lint is slow"}, agenttest.ToolInput))
}

func TestAnswerExitStatus(t *testing.T) {
	t.Parallel()
	a := answer()
	ev := testevent.Get(t, "BeforeTool")
	assert.True(t, a.ExitBlocked(ev, verdict.Verdict{Blocked: true}), "exit 2 is Windsurf's only block")
	assert.False(t, a.ExitBlocked(ev, verdict.Verdict{Continue: true}))
	failed := verdict.Verdict{Hooks: []verdict.HookReport{
		{Name: "slow", Outcome: verdict.Timeout},
		{Name: "closed", Outcome: verdict.Timeout, Output: &verdict.Output{Decision: "deny"}},
		{Name: "ok", Outcome: verdict.Success},
		{Name: "crash", Outcome: verdict.Error},
	}}
	assert.Equal(t, []string{"slow", "crash"}, a.Failed(failed), "a fail-closed hook denies instead")
	assert.False(t, a.ErrorsExitZero)
}

func TestEvents(t *testing.T) {
	t.Parallel()
	a := Agent()
	key, ok := a.EventKey(testevent.Get(t, "BeforeAgent"))
	assert.True(t, ok)
	assert.Equal(t, "pre_user_prompt", key)
	_, ok = a.EventKey(testevent.Get(t, "BeforeTool"))
	assert.False(t, ok, "no event fires for every tool: each kind of action has its own (Aliases)")
}

func TestBlocks(t *testing.T) {
	t.Parallel()
	assert.True(t, blocks(testevent.Get(t, "BeforeTool"), nil, 2))
	assert.True(t, blocks(testevent.Get(t, "BeforeAgent"), nil, 2))
	assert.False(t, blocks(testevent.Get(t, "AfterTool"), nil, 2), "a post-hook cannot block")
	assert.False(t, blocks(testevent.Get(t, "BeforeTool"), []byte(`{"decision":"deny"}`), 0), "stdout is never read")
}
