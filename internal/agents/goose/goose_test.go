package goose

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

func TestShellSample(t *testing.T) {
	t.Parallel()
	agenttest.CheckShellSample(t, Agent())
}

// TestPluginFiles: install writes into hookexec's own plugin, in both
// scopes.
func TestPluginFiles(t *testing.T) {
	t.Parallel()
	a := Agent()
	assert.Equal(t, "/p/.agents/plugins/hookexec/hooks/hooks.json", a.SettingsPath(agent.ProjectScope, "/p", "/h"))
	assert.Equal(t, "/h/.agents/plugins/hookexec/hooks/hooks.json", a.SettingsPath(agent.UserScope, "/p", "/h"))
}

func TestPayload(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name, input string
		want        agent.View
	}{
		{"edit", `{"event":"PreToolUse","tool_name":"developer__edit","tool_input":{"path":"/a.go","before":"x","after":"y"}}`,
			agent.View{Tool: "developer__edit", Paths: []string{"/a.go"}, Content: "y"}},
		{"write", `{"event":"PreToolUse","tool_name":"developer__write","tool_input":{"path":"/a.go","content":"z"}}`,
			agent.View{Tool: "developer__write", Paths: []string{"/a.go"}, Content: "z"}},
		{"prompt", `{"event":"UserPromptSubmit","message":"summarize this file"}`, agent.View{Prompt: "summarize this file"}},
		{"wrong types", `{"tool_name":1,"tool_input":{"command":["rm"],"path":2}}`, agent.View{}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			in, err := event.ParseInput([]byte(tc.input), time.Unix(0, 0), "/")
			require.NoError(t, err)
			assert.Equal(t, tc.want, Payload("PreToolUse", in))
		})
	}
}

// TestRender: goose reads block and allow on PreToolUse, block on Stop, and
// nothing else; an answer with no decision prints nothing.
func TestRender(t *testing.T) {
	t.Parallel()
	render := Agent().Answer.Render
	assert.JSONEq(t, `{"decision":"block","reason":"no sudo"}`,
		agenttest.RenderJSON(t, render, "BeforeTool", verdict.Verdict{Decision: "deny", Reason: "no sudo", Continue: true}))
	assert.JSONEq(t, `{"decision":"block","reason":"tests fail"}`,
		agenttest.RenderJSON(t, render, "AfterAgent", verdict.Verdict{Decision: "deny", Reason: "tests fail", Continue: true}))
	assert.JSONEq(t, `{"decision":"allow"}`,
		agenttest.RenderJSON(t, render, "BeforeTool", verdict.Verdict{Decision: "allow", Continue: true}))
	assert.JSONEq(t, `{"decision":"block","reason":"halt"}`,
		agenttest.RenderJSON(t, render, "BeforeTool", verdict.Verdict{Continue: false, StopReason: "halt"}))
	for _, tc := range []struct {
		event string
		v     verdict.Verdict
	}{
		{"BeforeTool", verdict.Verdict{Decision: "ask", Continue: true}},
		{"BeforeTool", verdict.Verdict{Continue: true, SystemMessage: "m"}},
		{"AfterAgent", verdict.Verdict{Decision: "allow", Continue: true}},
		{"BeforeAgent", verdict.Verdict{Blocked: true, Decision: "deny", Reason: "x", Continue: true}},
	} {
		assert.Nil(t, render(testevent.Get(t, tc.event), tc.v, agenttest.ToolInput), "%s %+v", tc.event, tc.v)
	}
}

func TestBlocks(t *testing.T) {
	t.Parallel()
	pre, stop, prompt := testevent.Get(t, "BeforeTool"), testevent.Get(t, "AfterAgent"), testevent.Get(t, "BeforeAgent")
	assert.True(t, Blocks(pre, []byte(`{"decision":"block","reason":"x"}`), 0))
	assert.True(t, Blocks(pre, []byte(`{"decision":"block"}`), 1), "a block is read whatever the status")
	assert.True(t, Blocks(stop, []byte(``), 2))
	assert.False(t, Blocks(pre, []byte(` {"decision":"block"}`), 0), "stdout must start with {")
	assert.False(t, Blocks(pre, []byte(`{"decision":"deny"}`), 0))
	assert.False(t, Blocks(prompt, []byte(`{"decision":"block"}`), 2), "UserPromptSubmit cannot block")
}
