package antigravity

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

func TestFiles(t *testing.T) {
	t.Parallel()
	a := Agent()
	assert.False(t, a.HasScope(agent.ProjectScope))
	assert.Equal(t, "/home/dev/.gemini/config/hooks.json", a.SettingsPath(agent.UserScope, "/p", "/home/dev"))
	assert.Equal(t, agent.LayoutNamed, a.Layout)
}

// TestPayload: the view of a file tool's and a malformed input.
func TestPayload(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name, input string
		want        agent.View
	}{
		{"write", `{"toolCall":{"name":"write_to_file","args":{"TargetFile":"/a/b.go","CodeContent":"package b"}}}`,
			agent.View{Tool: "write_to_file", Paths: []string{"/a/b.go"}, Content: "package b"}},
		{"read", `{"toolCall":{"name":"view_file","args":{"AbsolutePath":"/etc/passwd"}}}`,
			agent.View{Tool: "view_file", Paths: []string{"/etc/passwd"}}},
		{"CommandLine only for run_command", `{"toolCall":{"name":"grep_search","args":{"CommandLine":"x","SearchPath":"/a"}}}`,
			agent.View{Tool: "grep_search", Paths: []string{"/a"}}},
		{"no toolCall", `{"tool_name":"run_command"}`, agent.View{}},
		{"args not an object", `{"toolCall":{"name":"run_command","args":"rm -rf /"}}`, agent.View{Tool: "run_command"}},
		{"name not a string", `{"toolCall":{"name":7,"args":{"CommandLine":1}}}`, agent.View{}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			in, err := event.ParseInput([]byte(tc.input), time.Unix(0, 0), "/")
			require.NoError(t, err)
			assert.Equal(t, tc.want, Payload("PreToolUse", in))
		})
	}
	assert.Equal(t, agent.View{}, Payload("PreToolUse", nil))
}

// TestRender: a block is {"decision":"deny","reason"}; anything else prints
// nothing.
func TestRender(t *testing.T) {
	t.Parallel()
	render := Agent().Answer.Render
	assert.JSONEq(t, `{"decision":"deny","reason":"no rm"}`,
		agenttest.RenderJSON(t, render, "BeforeTool", verdict.Verdict{Decision: "deny", Reason: "no rm", Continue: true}))
	assert.JSONEq(t, `{"decision":"deny","reason":"stop"}`,
		agenttest.RenderJSON(t, render, "BeforeTool", verdict.Verdict{Continue: false, StopReason: "stop"}))
	assert.JSONEq(t, `{"decision":"deny","reason":"blocked by hook"}`,
		agenttest.RenderJSON(t, render, "BeforeTool", verdict.Verdict{Decision: "deny", Continue: true}))
	for _, v := range []verdict.Verdict{{Decision: "allow", Continue: true}, {Decision: "ask", Continue: true}, {Continue: true, SystemMessage: "m"}} {
		assert.Nil(t, render(testevent.Get(t, "BeforeTool"), v, agenttest.ToolInput))
	}
	assert.Nil(t, render(testevent.Get(t, "SessionStart"), verdict.Verdict{Decision: "deny", Continue: true}, agenttest.ToolInput))
}

func TestBlocks(t *testing.T) {
	t.Parallel()
	ev := testevent.Get(t, "BeforeTool")
	assert.True(t, Blocks(ev, []byte(`{"decision":"deny","reason":"x"}`), 0))
	assert.False(t, Blocks(ev, []byte(`{"decision":"deny"}`), 1), "its reading of other statuses is not known")
	assert.False(t, Blocks(ev, []byte(``), 0))
	assert.False(t, Blocks(ev, []byte(`{"decision":"allow"}`), 0))
}
