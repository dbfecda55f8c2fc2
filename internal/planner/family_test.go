package planner

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookexec/hookexec/internal/agents"
	"github.com/hookexec/hookexec/internal/agents/agent"
	"github.com/hookexec/hookexec/internal/event"
	"github.com/hookexec/hookexec/internal/registry"
)

func parse(t *testing.T, s string) *event.Input {
	t.Helper()
	in, err := event.ParseInput([]byte(s), time.Time{}, "/")
	require.NoError(t, err)
	return in
}

func native(t *testing.T, key, cmd, matcher string, mods ...func(*registry.Hook)) *registry.Hook {
	t.Helper()
	h := hook(key, cmd, "", mods...)
	m, err := registry.CompileMatcher(registry.Native, h.Event, matcher)
	require.NoError(t, err)
	h.Matcher = m
	return h
}

// TestBuildFamilyMatcher: "@shell" runs for every agent's shell tool, by
// the family the agent's own table gives it, and says why it did not.
func TestBuildFamilyMatcher(t *testing.T) {
	t.Parallel()
	reg := &registry.Registry{Hooks: []*registry.Hook{native(t, "BeforeTool", "guard", "@shell|Write")}}
	ev := mustEvent(t, "BeforeTool")
	for tool, runs := range map[string]bool{"Bash": true, "run_shell_command": true, "Write": true, "Read": false, "Unknown": false} {
		p := Build(reg, ev, parse(t, `{"tool_name":"`+tool+`"}`), Options{})
		assert.Equal(t, runs, len(p.Steps) == 1, tool)
		if !runs {
			require.Len(t, p.Dropped, 1)
			assert.Contains(t, p.Dropped[0].Detail, `matcher "@shell|Write" (family) does not match (tool family: `, tool)
		}
	}
}

// TestBuildViewToolWithoutToolName: an agent that names its tool
// elsewhere (its Payload) is matched by the view's tool and family.
func TestBuildViewToolWithoutToolName(t *testing.T) {
	t.Parallel()
	camel := agent.Agent{Name: "camel", Tools: agent.Tools{{Name: "bash", Family: agent.FamilyShell}},
		Payload: func(_ string, in *event.Input) agent.View {
			tool, _ := in.String("toolName")
			return agent.View{Tool: tool}
		}}
	reg := &registry.Registry{Hooks: []*registry.Hook{
		native(t, "BeforeTool", "family", "@shell"),
		native(t, "BeforeTool", "name", "bash"),
		native(t, "BeforeTool", "other", "Bash"),
	}}
	ev := mustEvent(t, "BeforeTool")
	in := parse(t, `{"toolName":"bash","toolArgs":"{}"}`)
	p := Build(reg, ev, in, Options{Call: agents.NewCallFor(camel, agents.EventName{Key: "preToolUse", Event: ev}, in)})
	assert.Equal(t, []string{"family", "name"}, commands(p))
	assert.True(t, p.HasMatchValue)
	assert.Equal(t, "bash", p.MatchValue)

	p = Build(reg, ev, in, Options{})
	assert.Empty(t, p.Steps, "no agent, no tool_name: only match-all matchers")
}

// TestBuildKeyFamily: a hook registered under a key limited to one family
// runs only for tools of that family.
func TestBuildKeyFamily(t *testing.T) {
	t.Parallel()
	shellOnly := func(h *registry.Hook) { h.EventKey, h.KeyFamily = "beforeShellExecution", agent.FamilyShell }
	reg := &registry.Registry{Hooks: []*registry.Hook{hook("BeforeTool", "limited", "", shellOnly), hook("BeforeTool", "all", "")}}
	ev := mustEvent(t, "BeforeTool")
	p := Build(reg, ev, parse(t, `{"tool_name":"Bash"}`), Options{})
	assert.Equal(t, []string{"limited", "all"}, commands(p))
	p = Build(reg, ev, parse(t, `{"tool_name":"Read"}`), Options{})
	assert.Equal(t, []string{"all"}, commands(p))
	require.Len(t, p.Dropped, 1)
	assert.Equal(t, `key beforeShellExecution is for shell tools only; the tool "Read" is of family read`, p.Dropped[0].Detail)
	prompt := &registry.Registry{Hooks: []*registry.Hook{hook("BeforeAgent", "prompt", "", shellOnly)}}
	p = Build(prompt, mustEvent(t, "BeforeAgent"), parse(t, `{"prompt":"hi"}`), Options{})
	assert.Equal(t, []string{"prompt"}, commands(p), "the limit is about tools only")
}
