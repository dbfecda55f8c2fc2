package cline

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookexec/hookexec/internal/agents/agent"
	"github.com/hookexec/hookexec/internal/agents/agenttest"
	"github.com/hookexec/hookexec/internal/event"
	"github.com/hookexec/hookexec/internal/verdict"
)

const base = `"clineVersion":"3.40.0","timestamp":"1764000000000","taskId":"t1","workspaceRoots":["/p"],"userId":"u1"`

// The payloads follow Cline's hook reference (docs.cline.bot/features/hooks/hook-reference).
func TestPayload(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, key, body string
		want            agent.View
	}{
		{"command", "PreToolUse", `"preToolUse":{"toolName":"execute_command","parameters":{"command":"git push --force","requires_approval":"true"}}`,
			agent.View{Tool: "execute_command", Family: agent.FamilyShell, Command: "git push --force"}},
		{"write", "PreToolUse", `"preToolUse":{"toolName":"write_to_file","parameters":{"path":"src/a.js","content":"x"}}`,
			agent.View{Tool: "write_to_file", Family: agent.FamilyWrite, Paths: []string{"src/a.js"}, Content: "x"}},
		{"edit after the fact", "PostToolUse", `"postToolUse":{"toolName":"replace_in_file","parameters":{"path":"a.go","diff":"------- SEARCH"},"result":"ok","success":true,"executionTimeMs":12}`,
			agent.View{Tool: "replace_in_file", Family: agent.FamilyEdit, Paths: []string{"a.go"}, Content: "------- SEARCH"}},
		{"mcp", "PreToolUse", `"preToolUse":{"toolName":"use_mcp_tool","parameters":{"server_name":"github","tool_name":"create_issue"}}`,
			agent.View{Tool: "use_mcp_tool", Family: agent.FamilyMCP}},
		{"prompt", "UserPromptSubmit", `"userPromptSubmit":{"prompt":"add a component","attachments":[]}`,
			agent.View{Prompt: "add a component"}},
		{"task start", "TaskStart", `"taskStart":{"taskMetadata":{"taskId":"t1","ulid":"u","initialTask":"x"}}`, agent.View{}},
		{"CLI 3.0: the raw call wins", "PreToolUse", `"tool_call":{"id":"call_1","name":"run_commands","input":{"commands":["echo a","rm -rf /"]}},"preToolUse":{"toolName":"run_commands","parameters":{"commands":"[\"echo a\",\"rm -rf /\"]"}}`,
			agent.View{Tool: "run_commands", Family: agent.FamilyShell, Command: "echo a\nrm -rf /"}},
		{"CLI 3.0: string parameters alone", "PreToolUse", `"preToolUse":{"toolName":"run_commands","parameters":{"commands":"[\"git push --force\"]"}}`,
			agent.View{Tool: "run_commands", Family: agent.FamilyShell, Command: "git push --force"}},
		{"CLI 3.0: editor", "PreToolUse", `"tool_call":{"id":"c","name":"editor","input":{"path":"/p/a.go","old_text":"x","new_text":"y"}}`,
			agent.View{Tool: "editor", Family: agent.FamilyEdit, Paths: []string{"/p/a.go"}, Content: "y"}},
		{"CLI 3.0: read_files", "PreToolUse", `"tool_call":{"id":"c","name":"read_files","input":{"files":[{"path":"/p/a"},{"path":"/p/b","start_line":1}]}}`,
			agent.View{Tool: "read_files", Family: agent.FamilyRead, Paths: []string{"/p/a", "/p/b"}}},
		{"CLI 3.0: after the call", "PostToolUse", `"tool_result":{"id":"c","name":"run_commands","input":{"commands":["ls"]},"output":[]},"postToolUse":{"toolName":"run_commands","parameters":{"commands":"[\"ls\"]"},"result":"[]","success":true,"executionTimeMs":4}`,
			agent.View{Tool: "run_commands", Family: agent.FamilyShell, Command: "ls"}},
		{"a commands string that is no list", "PreToolUse", `"preToolUse":{"toolName":"run_commands","parameters":{"commands":"[oops"}}`,
			agent.View{Tool: "run_commands", Family: agent.FamilyShell}},
		{"hostile shape", "PreToolUse", `"preToolUse":{"toolName":["x"],"parameters":"y"}`, agent.View{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			data := `{` + base + `,"hookName":"` + tt.key + `",` + tt.body + `}`
			in, err := event.ParseInput([]byte(data), time.Unix(0, 0), "/p")
			require.NoError(t, err)
			assert.Equal(t, tt.want, payload(tt.key, in))
		})
	}
}

func TestRenderCline(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, event string
		v           verdict.Verdict
		want        string
	}{
		{"allow is an explicit cancel false", "BeforeTool", verdict.Verdict{Continue: true}, `{"cancel":false}`},
		{"deny cancels", "BeforeTool", verdict.Verdict{Continue: true, Decision: "deny", Reason: "no rm -rf"},
			`{"cancel":true,"errorMessage":"no rm -rf"}`},
		{"ask cancels", "BeforeTool", verdict.Verdict{Continue: true, Decision: "ask", Reason: "force push"},
			`{"cancel":true,"errorMessage":"approval required: force push"}`},
		{"prompt block", "BeforeAgent", verdict.Verdict{Continue: true, Decision: "deny", Reason: "no secrets"},
			`{"cancel":true,"errorMessage":"no secrets"}`},
		{"context", "BeforeAgent", verdict.Verdict{Continue: true, HookSpecificOutput: map[string]any{"additionalContext": "use TypeScript"}},
			`{"cancel":false,"contextModification":"use TypeScript"}`},
		{"a post-tool block is context", "AfterTool", verdict.Verdict{Continue: true, Decision: "deny", Reason: "lint failed"},
			`{"cancel":false,"contextModification":"lint failed"}`},
		{"a task-complete block is context", "AfterAgent", verdict.Verdict{Continue: true, Decision: "deny", Reason: "tests fail"},
			`{"cancel":false,"contextModification":"tests fail"}`},
		{"rewrite", "BeforeTool", verdict.Verdict{Continue: true, Decision: "allow", HookSpecificOutput: map[string]any{"updatedInput": map[string]any{"commands": []any{"ls -l"}}}},
			`{"cancel":false,"overrideInput":{"commands":["ls -l"]}}`},
		{"a patch has nothing to patch", "BeforeTool", verdict.Verdict{Continue: true, HookSpecificOutput: map[string]any{"tool_input": map[string]any{"command": "ls"}}},
			`{"cancel":false}`},
		{"failed policy named", "BeforeTool", verdict.Verdict{Continue: true, Hooks: []verdict.HookReport{{Name: "g", Outcome: verdict.SpawnError, Error: "no such file"}}},
			`{"cancel":false,"contextModification":"Warning: hook g could not start: no such file"}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			assert.JSONEq(t, tt.want, agenttest.RenderJSON(t, render, tt.event, tt.v))
		})
	}
}

func TestAnswerExitStatus(t *testing.T) {
	t.Parallel()
	a := answer()
	assert.Nil(t, a.ExitBlocked, "cancel: true on exit 0 carries the block")
	assert.Nil(t, a.Failed, "any status but 0 would block with no reason")
	assert.True(t, a.ErrorsExitZero)
}

func TestHooksDirectory(t *testing.T) {
	t.Parallel()
	a := Agent()
	assert.Equal(t, "/p/.clinerules/hooks", a.SettingsPath(agent.ProjectScope, "/p", "/h"))
	assert.Equal(t, "/h/Documents/Cline/Hooks", a.SettingsPath(agent.UserScope, "/p", "/h"))
}

func TestBlocks(t *testing.T) {
	t.Parallel()
	var ev event.Event
	assert.True(t, blocks(ev, []byte("{\n  \"cancel\": true\n}\n"), 0))
	assert.True(t, blocks(ev, []byte("{\"cancel\": true}"), 1), "the CLI reads no exit status")
	assert.True(t, blocks(ev, []byte("log line\nHOOK_CONTROL\t{\"cancel\":true}"), 0))
	assert.False(t, blocks(ev, []byte(`{"cancel":false}`), 0))
	assert.False(t, blocks(ev, []byte("no rm"), 2), "exit 2 without JSON lets the tool run (a run)")
}
