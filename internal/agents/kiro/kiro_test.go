package kiro

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

// The payloads follow Kiro CLI's documented samples (kiro.dev/docs/cli/hooks,
// aws/amazon-q-developer-cli docs/hooks.md).
func TestPayload(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, key, input string
		want             agent.View
	}{
		{"shell", "preToolUse", `{"hook_event_name":"preToolUse","cwd":"/p","tool_name":"execute_bash","tool_input":{"command":"rm -rf /","summary":"clean"}}`,
			agent.View{Tool: "execute_bash", Family: agent.FamilyShell, Command: "rm -rf /"}},
		{"read operations", "preToolUse", `{"hook_event_name":"preToolUse","cwd":"/p","tool_name":"fs_read","tool_input":{"operations":[{"mode":"Line","path":"/p/docs/hooks.md"},{"mode":"Line","path":"/p/a"}]}}`,
			agent.View{Tool: "fs_read", Family: agent.FamilyRead, Paths: []string{"/p/docs/hooks.md", "/p/a"}}},
		{"write's command is no shell command", "postToolUse", `{"hook_event_name":"postToolUse","tool_name":"fs_write","tool_input":{"command":"create","path":"/p/src/main.rs","file_text":"fn main() {}"},"tool_response":{"success":true}}`,
			agent.View{Tool: "fs_write", Family: agent.FamilyWrite, Paths: []string{"/p/src/main.rs"}, Content: "fn main() {}"}},
		{"mcp", "preToolUse", `{"hook_event_name":"preToolUse","tool_name":"@postgres/query","tool_input":{"sql":"SELECT 1"}}`,
			agent.View{Tool: "@postgres/query", Family: agent.FamilyMCP}},
		{"prompt", "userPromptSubmit", `{"hook_event_name":"userPromptSubmit","cwd":"/p","prompt":"user's input prompt"}`,
			agent.View{Prompt: "user's input prompt"}},
		{"spawn", "agentSpawn", `{"hook_event_name":"agentSpawn","cwd":"/p"}`, agent.View{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			in, err := event.ParseInput([]byte(tt.input), time.Unix(0, 0), "/p")
			require.NoError(t, err)
			assert.Equal(t, tt.want, payload(tt.key, in))
		})
	}
}

func TestRenderKiro(t *testing.T) {
	t.Parallel()
	ctx := map[string]any{"additionalContext": "branch main"}
	tests := []struct {
		name, event string
		v           verdict.Verdict
		want        any
	}{
		{"spawn context", "SessionStart", verdict.Verdict{Continue: true, HookSpecificOutput: ctx, SystemMessage: "note"}, verdict.Text("branch main\nnote")},
		{"prompt context", "BeforeAgent", verdict.Verdict{Continue: true, HookSpecificOutput: ctx}, verdict.Text("branch main")},
		{"a block's reason goes to stderr", "BeforeAgent", verdict.Verdict{Blocked: true, Decision: "deny", Reason: "no"}, nil},
		{"tool events print nothing", "BeforeTool", verdict.Verdict{Continue: true, HookSpecificOutput: ctx}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			assert.Equal(t, tt.want, render(testevent.Get(t, tt.event), tt.v, agenttest.ToolInput))
		})
	}
}

func TestAnswerExitStatus(t *testing.T) {
	t.Parallel()
	a := answer()
	assert.True(t, a.ExitBlocked(testevent.Get(t, "BeforeTool"), verdict.Verdict{Blocked: true}))
	assert.Equal(t, []string{"slow"}, a.Failed(verdict.Verdict{Hooks: []verdict.HookReport{{Name: "slow", Outcome: verdict.Timeout}}}))
	assert.False(t, a.ErrorsExitZero)
}

func TestInstallFile(t *testing.T) {
	t.Parallel()
	a := Agent()
	assert.Equal(t, "/p/.kiro/agents/hookexec.json", a.SettingsPath(agent.ProjectScope, "/p", "/h"))
	assert.Equal(t, "/h/.kiro/agents/hookexec.json", a.SettingsPath(agent.UserScope, "/p", "/h"))
}

func TestBlocks(t *testing.T) {
	t.Parallel()
	assert.True(t, blocks(testevent.Get(t, "BeforeTool"), nil, 2))
	assert.False(t, blocks(testevent.Get(t, "BeforeAgent"), nil, 2), "Kiro cannot block a prompt")
	assert.False(t, blocks(testevent.Get(t, "BeforeTool"), nil, 1))
}
