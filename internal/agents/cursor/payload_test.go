package cursor

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookexec/hookexec/internal/agents/agent"
	"github.com/hookexec/hookexec/internal/event"
)

// The payloads are Cursor's documented samples (cursor.com/docs/agent/hooks),
// trimmed to the fields the view reads.
func TestPayload(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, key, input string
		want             agent.View
	}{
		{"preToolUse Shell", "preToolUse",
			`{"hook_event_name":"preToolUse","tool_name":"Shell","tool_input":{"command":"rm -rf /","cwd":"","timeout":30000},"tool_use_id":"t1","workspace_roots":["/p"]}`,
			agent.View{Tool: "Shell", Family: agent.FamilyShell, Command: "rm -rf /"}},
		{"preToolUse Read", "preToolUse",
			`{"hook_event_name":"preToolUse","tool_name":"Read","tool_input":{"file_path":"/p/.env"}}`,
			agent.View{Tool: "Read", Family: agent.FamilyRead, Paths: []string{"/p/.env"}}},
		{"preToolUse MCP", "preToolUse",
			`{"hook_event_name":"preToolUse","tool_name":"MCP:create_issue","tool_input":{"title":"x"}}`,
			agent.View{Tool: "MCP:create_issue", Family: agent.FamilyMCP}},
		{"unknown tool has no family", "preToolUse",
			`{"hook_event_name":"preToolUse","tool_name":"Teleport","tool_input":{}}`,
			agent.View{Tool: "Teleport"}},
		{"beforeShellExecution", "beforeShellExecution",
			`{"hook_event_name":"beforeShellExecution","command":"git push --force","cwd":"/p","sandbox":false}`,
			agent.View{Tool: "Shell", Family: agent.FamilyShell, Command: "git push --force"}},
		{"beforeMCPExecution", "beforeMCPExecution",
			`{"hook_event_name":"beforeMCPExecution","tool_name":"database_query","tool_input":"{\"query\":\"SELECT 1\"}","command":"npx mcp-server"}`,
			agent.View{Tool: "MCP:database_query", Family: agent.FamilyMCP}},
		{"beforeReadFile", "beforeReadFile",
			`{"hook_event_name":"beforeReadFile","file_path":"/p/secrets.env","content":"API_KEY=1","attachments":[]}`,
			agent.View{Tool: "Read", Family: agent.FamilyRead, Paths: []string{"/p/secrets.env"}}},
		{"afterFileEdit", "afterFileEdit",
			`{"hook_event_name":"afterFileEdit","file_path":"/p/main.ts","edits":[{"old_string":"a","new_string":"b"},{"old_string":"c","new_string":"d"}]}`,
			agent.View{Tool: "Write", Family: agent.FamilyEdit, Paths: []string{"/p/main.ts"}, Content: "b\nd"}},
		{"beforeSubmitPrompt", "beforeSubmitPrompt",
			`{"hook_event_name":"beforeSubmitPrompt","prompt":"fix the bug","attachments":[]}`,
			agent.View{Prompt: "fix the bug"}},
		{"hostile shapes read as nothing", "afterFileEdit",
			`{"file_path":7,"edits":"nope"}`,
			agent.View{Tool: "Write", Family: agent.FamilyEdit}},
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
