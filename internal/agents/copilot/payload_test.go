package copilot

import (
	"encoding/json"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookexec/hookexec/internal/agents/agent"
	"github.com/hookexec/hookexec/internal/event"
)

func input(t *testing.T, js string) *event.Input {
	t.Helper()
	in, err := event.ParseInput([]byte(js), time.Unix(0, 0), "/wd")
	require.NoError(t, err)
	return in
}

func TestPayload(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, key, in string
		want          agent.View
	}{
		{"camelCase shell", "preToolUse", `{"toolName":"bash","toolArgs":{"command":"rm -rf /","description":"d"}}`,
			agent.View{Tool: "bash", Family: agent.FamilyShell, Command: "rm -rf /"}},
		{"toolArgs as a JSON string", "preToolUse", `{"toolName":"bash","toolArgs":"{\"command\":\"ls\"}"}`,
			agent.View{Tool: "bash", Family: agent.FamilyShell, Command: "ls"}},
		{"toolArgs that is no JSON object", "preToolUse", `{"toolName":"bash","toolArgs":"ls -la"}`,
			agent.View{Tool: "bash", Family: agent.FamilyShell}},
		{"PascalCase shell", "PreToolUse", `{"hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"git push --force"}}`,
			agent.View{Tool: "Bash", Family: agent.FamilyShell, Command: "git push --force"}},
		{"permissionRequest sends toolInput", "PermissionRequest", `{"hookName":"permissionRequest","toolName":"bash","toolInput":{"command":"ls"}}`,
			agent.View{Tool: "bash", Family: agent.FamilyShell, Command: "ls"}},
		{"create", "preToolUse", `{"toolName":"create","toolArgs":{"path":"/p/new.txt","file_text":"x\n"}}`,
			agent.View{Tool: "create", Family: agent.FamilyWrite, Paths: []string{"/p/new.txt"}, Content: "x\n"}},
		{"Write under PascalCase keeps Copilot's argument names", "PreToolUse", `{"tool_name":"Write","tool_input":{"path":"/p/new.txt","file_text":"y"}}`,
			agent.View{Tool: "Write", Family: agent.FamilyWrite, Paths: []string{"/p/new.txt"}, Content: "y"}},
		{"edit", "preToolUse", `{"toolName":"edit","toolArgs":{"path":"/p/a.go","old_str":"a","new_str":"b"}}`,
			agent.View{Tool: "edit", Family: agent.FamilyEdit, Paths: []string{"/p/a.go"}, Content: "b"}},
		{"view", "preToolUse", `{"toolName":"view","toolArgs":{"path":"/p/a.go"}}`,
			agent.View{Tool: "view", Family: agent.FamilyRead, Paths: []string{"/p/a.go"}}},
		{"grep paths", "preToolUse", `{"toolName":"grep","toolArgs":{"pattern":"x","paths":["src","lib",3]}}`,
			agent.View{Tool: "grep", Family: agent.FamilySearch, Paths: []string{"src", "lib"}}},
		{"an unknown tool has no family", "preToolUse", `{"toolName":"github-mcp-server-get_issue","toolArgs":{"command":"x"}}`,
			agent.View{Tool: "github-mcp-server-get_issue", Command: "x"}},
		{"VS Code's terminal", "PreToolUse", `{"hookEventName":"PreToolUse","tool_name":"run_in_terminal","tool_input":{"command":"rm -rf /","isBackground":false}}`,
			agent.View{Tool: "run_in_terminal", Family: agent.FamilyShell, Command: "rm -rf /"}},
		{"VS Code's edit", "PreToolUse", `{"tool_name":"replace_string_in_file","tool_input":{"filePath":"/p/a.ts","oldString":"a","newString":"b"}}`,
			agent.View{Tool: "replace_string_in_file", Family: agent.FamilyEdit, Paths: []string{"/p/a.ts"}, Content: "b"}},
		{"VS Code's create", "PreToolUse", `{"tool_name":"create_file","tool_input":{"filePath":"/p/n.ts","content":"x"}}`,
			agent.View{Tool: "create_file", Family: agent.FamilyWrite, Paths: []string{"/p/n.ts"}, Content: "x"}},
		{"prompt", "userPromptSubmitted", `{"sessionId":"s","prompt":"do it"}`, agent.View{Prompt: "do it"}},
		{"nothing", "sessionStart", `{"sessionId":"s","source":"new"}`, agent.View{}},
		{"wrong types are ignored", "preToolUse", `{"toolName":7,"tool_name":"bash","toolArgs":[1],"tool_input":{"command":5}}`,
			agent.View{Tool: "bash", Family: agent.FamilyShell}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			assert.Equal(t, tt.want, Payload(tt.key, input(t, tt.in)))
		})
	}
}

// TestShellSamples: the captured samples read as a shell command in both
// dialects.
func TestShellSamples(t *testing.T) {
	t.Parallel()
	for _, file := range []string{"testdata/shell.json", "testdata/shell-pascal.json"} {
		data, err := os.ReadFile(file)
		require.NoError(t, err)
		var sample struct {
			Event string          `json:"event"`
			Input json.RawMessage `json:"input"`
		}
		require.NoError(t, json.Unmarshal(data, &sample), file)
		ev, ok := event.ByKey(sample.Event)
		if !ok {
			for _, e := range event.All() {
				if key, has := Agent().EventKey(e); has && key == sample.Event {
					ev, ok = e, true
				}
			}
		}
		require.True(t, ok, "%s: %s is Copilot's name of a catalogue event", file, sample.Event)
		assert.Equal(t, "BeforeTool", ev.Name, file)
		in := input(t, strings.ReplaceAll(string(sample.Input), "__COMMAND__", "rm -rf /"))
		v := Payload(sample.Event, in)
		assert.Equal(t, agent.FamilyShell, v.Family, file)
		assert.Equal(t, "rm -rf /", v.Command, file)
	}
}
